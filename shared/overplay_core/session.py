"""Session set-up: what the club PC tells a shoe before a session (pushed PC -> shoe).

    data = encode(setup_id=7, game=1, variant=0, first=1, last=24, table=3, tables=6,
                  movement=MITCHELL)                  # 14 bytes, the SESSION_SET payload
    s = decode(data)    # dict with the same keys; raises ParseError (with the offset)
    code = check(data)  # non-raising door: OK or a negative code

The shoe stores the bytes on flash as they came and gives them to the laws (the board range
and table decide which boards it deals and whether a board comes back; the movement and the
number of tables engaged fix the context of a ruling; movement.py says which boards and pairs
each table has in each round, and check() refuses a movement that does not fit the tables and
boards, E_FIT). Layout, little-endian:
`version u8 = 1, setup_id u32, game u8, variant u8, first board u16, last board u16,
table u8, tables engaged u8, movement u8`.
"""

import struct

from overplay_core import movement as _movement
from overplay_core.errors import ParseError
from overplay_core.movement import HOWELL, MITCHELL, MOVEMENTS, NONE, TEAMS  # noqa: F401

VERSION = 1
FMT = "<BIBBHHBBB"
SIZE = 14

# The movement byte is one of movement.py's ids (NONE, MITCHELL, HOWELL, TEAMS, imported above
# for the codec's callers).

GAMES = (1, 2, 3, 4)  # games.py ids: duplicate whist, bridge whist, euchre, ecarte

OK = 0
E_SIZE = -1
E_VERSION = -2
E_GAME = -3
E_BOARDS = -4
E_TABLE = -5
E_MOVEMENT = -6
E_FIT = -7      # movement.check refuses it: e.g. a Howell at 1 table, 24 boards in 7 rounds
_TEXT = {E_SIZE: "is not %d bytes long" % SIZE, E_VERSION: "has an unknown version",
         E_GAME: "names an unknown game", E_BOARDS: "has an empty board range",
         E_TABLE: "has a table number outside 1..tables", E_MOVEMENT: "names an unknown movement",
         E_FIT: "has a movement that does not fit its tables and boards"}
_OFFSET = {E_SIZE: 0, E_VERSION: 0, E_GAME: 5, E_BOARDS: 7, E_TABLE: 11, E_MOVEMENT: 13,
           E_FIT: 13}


def movement_id(name):
    """'mitchell' -> MITCHELL; raises ParseError listing the known names."""
    name = name.lower()
    for i in range(len(MOVEMENTS)):
        if MOVEMENTS[i] == name:
            return i
    raise ParseError("movement %r: use one of %s" % (name, ", ".join(MOVEMENTS)))


def _check_fields(game, first, last, table, tables, movement):
    if game not in GAMES:
        return E_GAME
    if first < 1 or last < first or last > 0xFFFF:
        return E_BOARDS
    if tables < 1 or tables > 255 or table < 1 or table > tables:
        return E_TABLE
    if movement < 0 or movement >= len(MOVEMENTS):
        return E_MOVEMENT
    if _movement.check(movement, tables, first, last) < 0:
        return E_FIT
    return OK


def encode(setup_id, game, variant, first, last, table, tables, movement):
    """The set-up as SIZE bytes; raises ParseError on a field that cannot be right."""
    code = _check_fields(game, first, last, table, tables, movement)
    if code == E_FIT:  # the movement's own line: what does not fit and what would
        _movement.Movement(movement, tables, first, last)
    if code < 0:
        raise ParseError("session set-up %s" % _TEXT[code])
    return struct.pack(FMT, VERSION, setup_id & 0xFFFFFFFF, game, variant & 0xFF, first, last,
                       table, tables, movement)


def check(data):
    """Non-raising door: OK when data is a set-up this version understands."""
    if len(data) != SIZE:
        return E_SIZE
    v, sid, game, variant, first, last, table, tables, movement = struct.unpack(FMT, data)
    if v != VERSION:
        return E_VERSION
    return _check_fields(game, first, last, table, tables, movement)


def decode(data):
    """Bytes -> dict (setup_id, game, variant, first, last, table, tables, movement)."""
    code = check(data)
    if code < 0:
        raise ParseError("session set-up at offset %d %s" % (_OFFSET[code], _TEXT[code]))
    v, sid, game, variant, first, last, table, tables, movement = struct.unpack(FMT, data)
    return {"setup_id": sid, "game": game, "variant": variant, "first": first, "last": last,
            "table": table, "tables": tables, "movement": movement}
