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

`check`, `decode`, `length`, `session_of` and `REASONS` are in trayslip_more.py, loaded on first
use (`trayslip.check` finds them there): a shoe dealing an original deal only encodes.
"""

from overplay_core import mac

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
            and (0 <= trump_card <= 52 or trump_card == NO_TRUMP)
            and 0 <= session <= MAX_SESSION and len(handprint_bytes) <= MAX_HANDPRINT):
        # a caller's bug, never a dealt board's: the message naming the field is in
        # trayslip_more, loaded only then
        from overplay_core import trayslip_more

        trayslip_more.refuse(board, game, dealer, trump_card, session, handprint_bytes)
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


def __getattr__(attr):
    # check, decode, length, session_of, REASONS: trayslip_more (an original deal only
    # encodes; the overplay check and the host read slips)
    if not attr.startswith("__"):
        from overplay_core import trayslip_more

        v = getattr(trayslip_more, attr, None)
        if v is not None:
            globals()[attr] = v  # found once: a plain attribute from now on
            return v
    raise AttributeError(attr)
