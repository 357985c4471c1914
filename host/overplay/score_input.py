"""Reading the `overplay score` JSON: one checked getter per kind of value, each error naming
where in the file it is (`hands[2].tricks: ...`). Used by score.py; see docs/scoring.md.

    seat = read_seat(doc, "declarer", "hands[0]")      # "N" -> 0
    side = read_side(doc, "makers", "hands[0]")        # "NS", "N-S", "N" or "S" -> 0
"""

from overplay_core import cards
from overplay_core.scoring import bridge as scoring_bridge
from overplay_core.errors import ParseError

from overplay.errors import UserError

SEATS = "NESW"
SIDE_NAMES = ("N-S", "E-W")


def where(path, key):
    return "%s.%s" % (path, key) if path else key


def fail(path, key, message):
    raise UserError("%s: %s" % (where(path, key), message))


def need(obj, key, path):
    if not isinstance(obj, dict):
        raise UserError("%s: must be an object {...}, not %s" % (path or "input", _kind(obj)))
    if key not in obj:
        fail(path, key, "missing")
    return obj[key]


def _kind(v):
    return type(v).__name__.replace("dict", "object").replace("NoneType", "null")


def read_int(obj, key, path, low, high, default=None):
    if default is not None and key not in obj:
        return default
    v = need(obj, key, path)
    if isinstance(v, bool) or not isinstance(v, int) or not low <= v <= high:
        fail(path, key, "must be a whole number %d..%d, not %r" % (low, high, v))
    return v


def read_bool(obj, key, path, default=False):
    v = obj.get(key, default)
    if not isinstance(v, bool):
        fail(path, key, "must be true or false, not %r" % (v,))
    return v


def read_choice(obj, key, path, choices, default):
    v = obj.get(key, default)
    if not isinstance(v, str) or v not in choices:
        fail(path, key, "must be one of %s, not %r" % (", ".join(sorted(choices)), v))
    return choices[v]


def parse_seat(v, path, key, seats=4):
    if isinstance(v, str) and len(v.strip()) == 1 and v.strip().upper() in SEATS[:seats]:
        return SEATS.index(v.strip().upper())
    if isinstance(v, int) and not isinstance(v, bool) and 0 <= v < seats:
        return v
    fail(path, key, "must be a seat %s, not %r" % (", ".join(SEATS[:seats]) if seats == 4
                                                     else "0 or 1", v))


def read_seat(obj, key, path, seats=4, default=None):
    if default is not None and obj.get(key) is None:
        return default
    return parse_seat(need(obj, key, path), path, key, seats)


def parse_side(v, path, key):
    """A side from 'NS', 'N-S', 'EW', 'E-W', or a seat letter (its side)."""
    if isinstance(v, str):
        t = v.strip().upper().replace("-", "").replace("/", "")
        if t in ("NS", "SN"):
            return 0
        if t in ("EW", "WE"):
            return 1
        if len(t) == 1 and t in SEATS:
            return SEATS.index(t) & 1
    fail(path, key, "must be a side NS or EW (or a seat N, E, S, W), not %r" % (v,))


def read_side(obj, key, path, default=None):
    if default is not None and obj.get(key) is None:
        return default
    return parse_side(need(obj, key, path), path, key)


def read_side_counts(obj, key, path):
    """{"NS": 1, "EW": 0} (either may be left out) -> (ns, ew)."""
    v = obj.get(key)
    if v is None:
        return 0, 0
    if not isinstance(v, dict):
        fail(path, key, 'must be an object like {"NS": 0, "EW": 1}')
    out = [0, 0]
    for k in v:
        n = v[k]
        if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= 13:
            fail(where(path, key), k, "must be a whole number 0..13, not %r" % (n,))
        out[parse_side(k, where(path, key), k)] += n
    return out[0], out[1]


def read_strain(obj, key, path):
    v = need(obj, key, path)
    if isinstance(v, str) and v.strip().upper().replace(" ", "").replace("-", "") in (
            "NT", "NOTRUMP", "NOTRUMPS", "N"):
        return scoring_bridge.NO_TRUMP
    try:
        if not isinstance(v, str):
            raise ParseError("")
        return cards.parse_suit(v)
    except ParseError:
        fail(path, key, "must be a strain C, D, H, S or NT, not %r" % (v,))


def read_cards(v, path, key):
    """A hand: a list of card names, or one string of names split by spaces."""
    if not isinstance(v, (list, str)):
        fail(path, key, "must be a list of cards or a string like \"AS KS 10H\"")
    try:
        return cards.parse_cards(v)
    except ParseError as e:
        fail(path, key, str(e))


def read_hands(obj, key, path, seats=4):
    """{"N": [...], "E": ..., "S": ..., "W": ...} or a list in seat order -> list of lists."""
    v = obj.get(key)
    if v is None:
        return None
    if isinstance(v, list):
        if len(v) != seats:
            fail(path, key, "must hold %d hands, one per seat, not %d" % (seats, len(v)))
        return [read_cards(h, where(path, key), "[%d]" % i) for i, h in enumerate(v)]
    if not isinstance(v, dict):
        fail(path, key, "must be an object {\"N\": [...], ...} or a list of hands")
    hands = [None] * seats
    for k in v:
        hands[parse_seat(k, where(path, key), k, seats)] = read_cards(v[k], where(path, key), k)
    for i, h in enumerate(hands):
        if h is None:
            fail(path, key, "has no hand for seat %s" % (SEATS[i] if seats == 4 else i))
    return hands


def read_list(obj, key, path):
    v = need(obj, key, path)
    if not isinstance(v, list) or not v:
        fail(path, key, "must be a non-empty list")
    return v
