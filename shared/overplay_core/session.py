"""Session set-up: what the club PC tells a shoe before a session (pushed PC -> shoe).

    data = encode(setup_id=7, game=1, variant=0, first=1, last=24, table=3, tables=6,
                  movement=MITCHELL)                  # 14 bytes, the SESSION_SET payload
    s = decode(data)    # dict with the same keys; raises ParseError (with the offset)
    code = check(data)  # non-raising door: OK or a negative code
    rounds(HOWELL, 4)   # 7: the rounds (= board sets) of a movement at that many tables
    fit_error(HOWELL, 4, 1, 24)  # "24 boards do not share into the 7 rounds of ...", or None

The shoe stores the bytes on flash as they came and gives them to the laws (the board range
and table decide which boards it deals and whether a board comes back; the movement and the
number of tables engaged fix the context of a ruling). A set-up's movement must fit it: the
boards cut into as many equal sets as the movement has rounds at that many tables (check()
says E_FIT, encode() and fit_error() say why in one line); movement.py then says which boards
and pairs each table has in each round. Layout, little-endian:
`version u8 = 1, setup_id u32, game u8, variant u8, first board u16, last board u16,
table u8, tables engaged u8, movement u8`.
"""

import struct

from overplay_core import games
from overplay_core.errors import ParseError

VERSION = 1
FMT = "<BIBBHHBBB"
SIZE = struct.calcsize(FMT)  # 14

# Movements (how boards and pairs travel between tables; movement.py has the schedules).
NONE = 0        # one round: every table plays every board, nobody moves
MITCHELL = 1    # N-S pairs sit, E-W pairs move up a table, boards move down (skip if even)
HOWELL = 2      # complete Howell: every pair meets every other pair
TEAMS = 3       # one teams-of-four match: two tables swap boards
MOVEMENTS = ("none", "mitchell", "howell", "teams")
HOWELL_TABLES = (2, 8)  # a complete Howell past 8 tables is 17+ rounds: clubs play a Mitchell

OK = 0
E_SIZE = -1
E_VERSION = -2
E_GAME = -3
E_BOARDS = -4
E_TABLE = -5
E_MOVEMENT = -6
E_FIT = -7      # e.g. a Howell at 1 table; 24 boards in the 7 rounds of a 4-table Howell
# What each code says and the offset of the field it is about, indexed by the (negative)
# code: from E_FIT (-7) up to E_SIZE (-1), _TEXT[code]. Tuples of literals: constants, in
# flash on the Pico (a dict is built on the heap at import).
_TEXT = ("has a movement that does not fit its tables and boards",  # E_FIT
         "names an unknown movement", "has a table number outside 1..tables",
         "has an empty board range", "names an unknown game", "has an unknown version",
         "is not %d bytes long")  # E_SIZE (% SIZE)
_OFFSET = (13, 13, 11, 7, 5, 0, 0)


def movement_id(name):
    """'mitchell' -> MITCHELL; raises ParseError listing the known names."""
    name = name.lower()
    for i in range(len(MOVEMENTS)):
        if MOVEMENTS[i] == name:
            return i
    raise ParseError("movement %r: use one of %s" % (name, ", ".join(MOVEMENTS)))


def rounds(movement, tables):
    """The rounds (= board sets) of a movement at that many tables; 0 when it cannot be played
    there (a Howell at 1 table, a teams match at 3)."""
    if movement == NONE:
        return 1 if tables >= 1 else 0
    if movement == MITCHELL:
        return tables if tables >= 1 else 0
    if movement == HOWELL:
        return 2 * tables - 1 if HOWELL_TABLES[0] <= tables <= HOWELL_TABLES[1] else 0
    if movement == TEAMS:
        return 2 if tables == 2 else 0
    return 0


def _fits(movement, tables, first, last):
    n = rounds(movement, tables)
    return n > 0 and (last - first + 1) % n == 0


def fit_error(movement, tables, first, last):
    """None when the movement fits the tables and boards first..last, else one line saying
    what does not and what would."""
    if not 0 <= movement < len(MOVEMENTS):
        return "movement %r is unknown: use one of %s" % (movement, ", ".join(MOVEMENTS))
    if tables < 1:
        return "%d tables: a session has 1 table or more" % tables
    if first < 1 or last < first:
        return "boards %d-%d: the first is 1 or more and the last not below it" % (first, last)
    if _fits(movement, tables, first, last):
        return None
    n = rounds(movement, tables)
    if movement == HOWELL and n == 0:
        return ("a howell is for %d to %d tables, not %d: use a mitchell"
                % (HOWELL_TABLES[0], HOWELL_TABLES[1], tables))
    if n == 0:  # teams
        return "a teams match is 2 tables, not %d: set up each match as its own session" % tables
    boards = last - first + 1
    lo = boards // n * n
    fix = ("%d or %d" % (lo, lo + n)) if lo else "%d" % n
    return ("%d boards do not share into the %d rounds of a %d-table %s: use a multiple of %d "
            "(%s boards)" % (boards, n, tables, MOVEMENTS[movement], n, fix))


def _check_fields(game, first, last, table, tables, movement):
    if game not in games.GAME_NAMES:
        return E_GAME
    if first < 1 or last < first or last > 0xFFFF:
        return E_BOARDS
    if tables < 1 or tables > 255 or table < 1 or table > tables:
        return E_TABLE
    if movement < 0 or movement >= len(MOVEMENTS):
        return E_MOVEMENT
    if not _fits(movement, tables, first, last):
        return E_FIT
    return OK


def encode(setup_id, game, variant, first, last, table, tables, movement):
    """The set-up as SIZE bytes; raises ParseError on a field that cannot be right."""
    code = _check_fields(game, first, last, table, tables, movement)
    if code == E_FIT:
        raise ParseError("session set-up: " + fit_error(movement, tables, first, last))
    if code < 0:
        raise ParseError("session set-up " + _TEXT[code])  # (never E_SIZE)
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
        t = _TEXT[code]
        raise ParseError("session set-up at offset %d %s" % (_OFFSET[code], t % SIZE
                                                             if code == E_SIZE else t))
    v, sid, game, variant, first, last, table, tables, movement = struct.unpack(FMT, data)
    return {"setup_id": sid, "game": game, "variant": variant, "first": first, "last": last,
            "table": table, "tables": tables, "movement": movement}
