"""Electronic trump slip: the board's slip, signed, for the NTAG213 tag on a duplicate tray.

    n = encode(buf, board=7, game=1, dealer=2, trump_card=parse_card("QH"),
               handprint_bytes=hp, key=slip_key, session=41)  # write buf[:n] to the tray tag
    slip = decode(tag_bytes, slip_key, session=41)   # dict, or ParseError
    code = check(tag_bytes, slip_key, session=41)    # OK (0) or a negative code, no raise

At the original deal the shoe writes the slip; at an overplay another shoe (another table, no
network between them) reads it back. The 16-byte tag is HMAC-SHA256 under the club's tray-slip
key, which `overplay enroll` gives every shoe of the club (overplay_core.mac; RFC 2104
truncation to 128 bits), so a hand-edited or foreign tag fails. The session id (the club PC's
id of the evening's session, pushed with the set-up) is signed too: a genuine slip copied onto
the same board's tray of another session is OTHER_SESSION. Layout, format 2 (byte offsets;
the tag's user memory starts at page 4):

     0  2  magic b"OS"           a blank or foreign tag has no magic
     2  1  format version (2)
     3  1  game id (games.py: 1 duplicate whist .. 4 ecarte)
     4  2  board number, u16 LE (1..65535)
     6  1  dealer seat (0 = North, clockwise)
     7  1  trump card int (cards.py, 0..52), 0xFF = none turned (bridge whist declares)
     8  1  handprint length L (0..20, see handprint.py)
     9  4  session id, u32 LE (0 = written outside any session)
    13  L  handprint
  13+L 16  HMAC-SHA256(key, DOMAIN + bytes 0..13+L)[:16]

At most 49 bytes (13 NTAG pages) of the 144 the NTAG213 offers; bytes after the slip are
ignored, so a tag read whole (pages 4..39) decodes as is. DOMAIN keeps a slip's MAC apart from
a journal record's MAC. Format 1 (no session id, signed with the writing shoe's own record
key) is no longer read: BAD_VERSION, rewrite the slip at the original deal.

Invariants: encode() writes into the caller's buffer and raises ValueError only for a value a
slip cannot hold (a caller's bug, never a dealt board's); check() never raises and is OK
exactly when decode() returns.
"""

from overplay_core import mac
from overplay_core.cards import JOKER
from overplay_core.errors import ParseError

MAGIC0 = 0x4F  # "O"
MAGIC1 = 0x53  # "S"
VERSION = 2
HEADER = 13
SESSION_AT = 9  # u32 LE session id
TAG_LEN = 16
MAX_HANDPRINT = 20
MAX_LEN = HEADER + MAX_HANDPRINT + TAG_LEN  # 49
MAX_SESSION = 0xFFFFFFFF
USER_BYTES = 144  # NTAG213 user memory, pages 4..39
NO_TRUMP = 0xFF
DOMAIN = b"overplay tray slip\x00"

# check() codes
OK = 0
NO_SLIP = -1  # no magic: blank, foreign, or wiped tag
BAD_VERSION = -2  # a slip format this shoe does not know
TRUNCATED = -3  # shorter than its own length fields say (torn write, short read)
BAD_AUTH = -4  # the MAC fails: edited by hand, torn mid-write, or another club's key
BAD_FIELD = -5  # signed but a field is out of range (a shoe bug, not tampering)
OTHER_SESSION = -6  # genuine, but written in another session: a copied or old tray

# The dealer's line for each code, indexed by the (negative) code itself: from OTHER_SESSION
# (-6) up to NO_SLIP (-1), REASONS[code]. A tuple of literals: a constant, in flash on the Pico
# (a dict is built on the heap at import).
REASONS = (
    "trump slip is from another session (a copied or old tray): call the director",  # -6
    "trump slip is signed but holds an impossible value: call the director",  # BAD_FIELD
    "trump slip fails its signature (edited, torn, or another club's key): "  # BAD_AUTH
    "call the director",
    "trump slip cut short (torn write or short read): read the tray again",  # TRUNCATED
    "trump slip in a format version this shoe does not read: rewrite it at the "  # BAD_VERSION
    "original deal with an up-to-date shoe",
    "no trump slip on this tag (blank or foreign tag): rewrite it at the original deal",  # -1
)


def _mac(key, data, n):
    return mac.hmac_sha256(key, DOMAIN + bytes(data[:n]))[:TAG_LEN]


def encode(buf, board, game, dealer, trump_card, handprint_bytes, key, session=0):
    """Write the signed slip into buf (>= MAX_LEN bytes); return its length in bytes.

    trump_card None or NO_TRUMP for a game where no card is turned; session the club PC's
    session id (0: none). ValueError on a value that cannot be written (names the field and
    the value).
    """
    if trump_card is None:
        trump_card = NO_TRUMP
    if not (1 <= board <= 0xFFFF and 1 <= game <= 0xFF and 0 <= dealer <= 3
            and (0 <= trump_card <= JOKER or trump_card == NO_TRUMP)
            and 0 <= session <= MAX_SESSION and len(handprint_bytes) <= MAX_HANDPRINT):
        _refuse(board, game, dealer, trump_card, session, handprint_bytes)
    hl = len(handprint_bytes)
    buf[0] = MAGIC0
    buf[1] = MAGIC1
    buf[2] = VERSION
    buf[3] = game
    buf[4] = board & 0xFF
    buf[5] = board >> 8
    buf[6] = dealer
    buf[7] = trump_card
    buf[8] = hl
    for i in range(4):
        buf[SESSION_AT + i] = (session >> (8 * i)) & 0xFF
    for i in range(hl):
        buf[HEADER + i] = handprint_bytes[i]
    n = HEADER + hl
    t = _mac(key, buf, n)
    for i in range(TAG_LEN):
        buf[n + i] = t[i]
    return n + TAG_LEN



def _refuse(board, game, dealer, trump_card, session, handprint_bytes):
    """ValueError naming the first field trayslip.encode() cannot write, and its value."""
    if not 1 <= board <= 0xFFFF:
        raise ValueError("board number %r out of range: use 1..65535" % (board,))
    if not 1 <= game <= 0xFF:
        raise ValueError("game id %r out of range: use a games.py id" % (game,))
    if not 0 <= dealer <= 3:
        raise ValueError("dealer seat %r out of range: use 0..3 (0 = North)" % (dealer,))
    if not (0 <= trump_card <= JOKER or trump_card == NO_TRUMP):
        raise ValueError("trump card %r out of range: use a card int 0..52 or None"
                         % (trump_card,))
    if not 0 <= session <= MAX_SESSION:
        raise ValueError("session id %r out of range: use 0..%d" % (session, MAX_SESSION))
    raise ValueError("handprint of %d bytes is longer than %d"
                     % (len(handprint_bytes), MAX_HANDPRINT))


def length(data):
    """Slip length from its header (magic and version unchecked), or 0 when too short."""
    if len(data) < HEADER:
        return 0
    return HEADER + data[8] + TAG_LEN


def session_of(data):
    """The session id a slip names (its header only: check() it first), or -1 if too short."""
    if len(data) < HEADER:
        return -1
    a = SESSION_AT
    return data[a] | (data[a + 1] << 8) | (data[a + 2] << 16) | (data[a + 3] << 24)


def check(data, key, session=None):
    """OK when data starts with a slip signed under key, else a negative code. Never raises.

    session: the reading shoe's session id; a genuine slip naming another one is
    OTHER_SESSION. None (or 0: the shoe has no session set-up) does not compare."""
    if len(data) < 3 or data[0] != MAGIC0 or data[1] != MAGIC1:
        return NO_SLIP
    if data[2] != VERSION:
        return BAD_VERSION
    if len(data) < HEADER:
        return TRUNCATED
    hl = data[8]
    if hl > MAX_HANDPRINT:
        return BAD_AUTH  # a signed slip never says this: the length byte was changed
    n = HEADER + hl
    if len(data) < n + TAG_LEN:
        return TRUNCATED
    if not mac.equal(_mac(key, data, n), bytes(data[n:n + TAG_LEN])):
        return BAD_AUTH
    if data[6] > 3 or data[3] == 0 or (data[4] | data[5]) == 0:
        return BAD_FIELD
    if data[7] > JOKER and data[7] != NO_TRUMP:
        return BAD_FIELD
    if session and session_of(data) != session:
        return OTHER_SESSION  # signed by the club, but for another evening's boards
    return OK


def decode(data, key, session=None):
    """The slip as a dict: board, game, dealer, trump (card int or None), session, handprint
    (bytes), length. ParseError (one line: what failed and what to do) when check() is not OK."""
    code = check(data, key, session)
    if code != OK:
        raise ParseError("%s [code %d, %d bytes read]" % (REASONS[code], code, len(data)))
    hl = data[8]
    trump = data[7]
    return {
        "board": data[4] | (data[5] << 8),
        "game": data[3],
        "dealer": data[6],
        "trump": None if trump == NO_TRUMP else trump,
        "session": session_of(data),
        "handprint": bytes(data[HEADER:HEADER + hl]),
        "length": HEADER + hl + TAG_LEN,
    }
