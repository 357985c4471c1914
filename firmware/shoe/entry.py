"""A score keyed at the terminal at bridge whist, euchre and écarté: each game's fields, their
words on the panel, and the SCORE's values from the game's scoring module (issue #16).

    import shoe.entry as E
    E.fields(games.BRIDGE_WHIST)     # ((label, lo, hi, key), ...): key a records.SCORE_FIELDS
    E.start(t)                       # the fields' first values (t: the Terminal)
    E.result(t)                      # (tricks N-S, E-W, points N-S, E-W, the 7 fields)
    E.field_word(game, i, v)         # 'West', '♥ hearts' (the glyph), 'not proposed', 'P1'
    E.declaration(game, vals)        # the confirm screen's line: 'W ♥ doubled'

Loaded the first time one of those games is keyed (shoe/terminal.py): a duplicate whist shoe,
whose tricks are its score, never loads it, nor do the shoe's boot and its screens (the heap
gates of docs/firmware.md "Memory"). The fields, as the players key them with NEXT/MODE/DEAL:
bridge whist the declarer (the dealer or his partner: BR-9), the trumps (a suit or no trumps),
the doubles and the declarer's tricks; euchre the makers, alone and the makers' tricks; écarté
the proposal (scoring.ecarte PROPOSAL_*), the seat that marked the king (-1 nobody) and P0's
tricks. The values are those the SCORE record holds.
"""

from overplay_core.games import BRIDGE_WHIST, EUCHRE, SEAT_NAMES
from shoe.display import SUIT_MARKS

_SIDES = ("N-S", "E-W")
_SPELT = ("North", "East", "South", "West")  # SEAT_NAMES
_SUITS = ("clubs", "diamonds", "hearts", "spades")  # cards.CLUBS..SPADES; 4 no trumps
_PROPOSALS = ("accepted", "not proposed", "refused")  # scoring.ecarte PROPOSAL_*


def fields(game):
    """(label, lo, hi, key) of each field the game keys, the trick count last (key
    "tricks"); the others' keys are the SCORE record's names."""
    if game == BRIDGE_WHIST:
        from overplay_core.scoring import bridge as sb

        return (("declarer", 0, 3, "declarer"), ("trumps", 0, sb.NO_TRUMP, "strain"),
                ("doubles", 0, sb.MAX_DOUBLES, "doubles"), ("declarer tricks", 0, 13, "tricks"))
    if game == EUCHRE:
        return (("makers", 0, 1, "makers"), ("alone", 0, 1, "alone"),
                ("makers tricks", 0, 5, "tricks"))
    return (("proposal", 0, 2, "proposal"), ("king marked by", -1, 1, "king"),
            ("P0 tricks", 0, 5, "tricks"))


def start(t):
    """The first values: the dealer declares clubs, not doubled, 7 tricks; N-S made trumps,
    not alone, 3 tricks; the proposal accepted, nobody's king, P0 3 tricks."""
    g = t.profile.game
    v = t.vals
    if g == BRIDGE_WHIST:
        v[0] = t.dealer if t.board == t.dealt else 0
        v[1] = v[2] = 0
        v[3] = 7
    else:
        v[0] = 0
        v[1] = 0 if g == EUCHRE else -1
        v[2] = 3


def declarer_refused(t, value):
    """True for a bridge whist declarer who is neither the board's dealer nor his partner
    (BR-9: they make the trump); the dealer is known for the board dealt here last."""
    return t.board == t.dealt and (value ^ t.dealer) & 1 == 1


def refusal(t):
    d = t.dealer
    return "%s deals: %s or %s declares" % (SEAT_NAMES[d], SEAT_NAMES[d], SEAT_NAMES[(d + 2) % 4])


def _entry(t):
    """The keyed fields as the game's scoring module takes them (score_entry)."""
    v = t.vals
    if t.profile.game == BRIDGE_WHIST:
        e = {"declarer": v[0], "strain": v[1], "doubles": v[2], "tricks": v[3]}
        if t.board == t.dealt:
            e["dealer"] = t.dealer
        return e
    return {"dealer": t.dealer, "proposal": v[0], "king": v[1], "tricks": v[2]}


def result(t):
    """The SCORE's values, scored by the game's scoring module: (tricks N-S, tricks E-W,
    points N-S, points E-W) and records.SCORE_FIELDS in order (-1 where the game has none).
    Euchre: hand_points to the makers (the session's variant); écarté: score_entry's total
    (point, vole, proposal bonus, king); bridge whist: the trick score below the line, to the
    side that scored it (honours and chicane are the club PC's, from the recorded hands).
    Raises RuleError for a score the laws refuse."""
    g = t.profile.game
    v = t.vals
    if g == EUCHRE:
        from overplay_core.scoring import euchre as se

        mk, ad = se.hand_points(v[2], v[1] == 1, variant=t.profile.variant)
        if v[0] == 0:
            return v[2], 5 - v[2], mk, ad, 0, v[1], -1, -1, -1, -1, -1
        return 5 - v[2], v[2], ad, mk, 1, v[1], -1, -1, -1, -1, -1
    if g == BRIDGE_WHIST:
        from overplay_core.scoring import bridge as sb

        b = sb.score_entry(_entry(t))
        n = b["tricks"]
        below = b["below"]
        return n[0], n[1], below[0], below[1], -1, -1, -1, -1, v[0], v[1], v[2]
    from overplay_core.scoring import ecarte as sc

    pts = sc.score_entry(_entry(t))["total"]
    return v[2], 5 - v[2], pts[0], pts[1], -1, -1, v[0], v[1], -1, -1, -1


def _doubles(v):
    return ("not doubled", "doubled", "redoubled")[v] if v < 3 else "doubled %dx" % v


def field_word(game, i, v):
    """Field i (one before the tricks) as the players read it: 'West', '♥ hearts' (the
    suit's glyph), 'redoubled', 'E-W', 'yes', 'not proposed', 'P1' or 'nobody'."""
    if game == BRIDGE_WHIST:
        if i == 0:
            return _SPELT[v]
        if i == 1:
            return "no trumps" if v > 3 else SUIT_MARKS[v] + " " + _SUITS[v]
        return _doubles(v)
    if game == EUCHRE:
        return _SIDES[v] if i == 0 else ("no", "yes")[v]
    if i == 0:
        return _PROPOSALS[v]
    import shoe.screens as S  # (loaded with the first screen)

    return "nobody" if v < 0 else S.seat_labels(2)[v]


def declaration(game, vals):
    """The confirm screen's line of the game's own fields: 'W ♥ doubled', 'makers E-W alone',
    'refused'."""
    if game == BRIDGE_WHIST:
        line = SEAT_NAMES[vals[0]] + " " + ("NT" if vals[1] > 3 else SUIT_MARKS[vals[1]])
        return line + (" " + _doubles(vals[2]) if vals[2] else "")
    if game == EUCHRE:
        return "makers " + _SIDES[vals[0]] + (" alone" if vals[1] else "")
    return _PROPOSALS[vals[0]]
