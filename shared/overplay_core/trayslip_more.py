"""The slip read back: check, decode, length, session_of, REASONS (trayslip.py's companion,
loaded on first use); and refuse(), the one-line error for a value encode() cannot write.

    code = trayslip.check(tag_bytes, slip_key, session=41)   # found here by trayslip.__getattr__
"""

from overplay_core import mac
from overplay_core.errors import ParseError
from overplay_core.trayslip import (BAD_AUTH, BAD_FIELD, BAD_VERSION, HEADER, MAGIC0, MAGIC1,
                                    MAX_HANDPRINT, MAX_SESSION, NO_SLIP, NO_TRUMP, OK,
                                    OTHER_SESSION, SESSION_AT, TAG_LEN, TRUNCATED, VERSION, _mac)

REASONS = {
    NO_SLIP: "no trump slip on this tag (blank or foreign tag): rewrite it at the original deal",
    BAD_VERSION: "trump slip in a format version this shoe does not read: rewrite it at the "
    "original deal with an up-to-date shoe",
    TRUNCATED: "trump slip cut short (torn write or short read): read the tray again",
    BAD_AUTH: "trump slip fails its signature (edited, torn, or another club's key): "
    "call the director",
    BAD_FIELD: "trump slip is signed but holds an impossible value: call the director",
    OTHER_SESSION: "trump slip is from another session (a copied or old tray): "
    "call the director",
}


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
    if data[7] > 52 and data[7] != NO_TRUMP:
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


def refuse(board, game, dealer, trump_card, session, handprint_bytes):
    """ValueError naming the first field trayslip.encode() cannot write, and its value."""
    if not 1 <= board <= 0xFFFF:
        raise ValueError("board number %r out of range: use 1..65535" % (board,))
    if not 1 <= game <= 0xFF:
        raise ValueError("game id %r out of range: use a games.py id" % (game,))
    if not 0 <= dealer <= 3:
        raise ValueError("dealer seat %r out of range: use 0..3 (0 = North)" % (dealer,))
    if not (0 <= trump_card <= 52 or trump_card == NO_TRUMP):
        raise ValueError("trump card %r out of range: use a card int 0..52 or None"
                         % (trump_card,))
    if not 0 <= session <= MAX_SESSION:
        raise ValueError("session id %r out of range: use 0..%d" % (session, MAX_SESSION))
    raise ValueError("handprint of %d bytes is longer than %d"
                     % (len(handprint_bytes), MAX_HANDPRINT))
