"""Duplicate whist awards: the average (Law IV §9, Law V §1; DW-25) and Law B(3)'s lowest and
highest, filled in from the other tables' tricks by scoring.whist.

Runs on CPython and MicroPython (its own file: it also loads scoring.whist).
"""

from overplay_core import games, laws
from overplay_core.cards import PACK_52, card_name

SEATS = "NESW"
TRUMP = card_name(PACK_52[51])


def _deal_names():
    return [card_name(c) for c in PACK_52]


def _moved(src, dst):
    p = games.profile(games.DUPLICATE_WHIST)
    hands = {"N": [], "E": [], "S": [], "W": []}
    for n, c in enumerate(PACK_52):
        hands[SEATS[p.seat_of(n, 0)]].append(card_name(c))
    hands[dst].append(hands[src].pop(0))
    return hands


def _codes(result):
    return [r["code"] for r in result["rulings"]]


def _over(tables, phase, turned=None, **ctx):
    data = {"game": "duplicate_whist", "trump_slip": TRUMP, "deal": _deal_names(),
            "context": {"tables": tables, "phase": phase, "overplay": True}, "overplay": {}}
    data["context"].update(ctx)
    if turned:
        data["overplay"]["trump_turned"] = turned
    return laws.judge(data)


def test_dw_average_score_awarded_from_the_other_tables_tricks():
    """DW-25 via scoring: N-S 7, 8, 8 elsewhere -> N-S 8, E-W 5 (nearest whole trick)."""
    r = _over(3, "play_begun", turned="7H", ns_tricks_elsewhere=[7, 8, 8])
    assert _codes(r) == ["DW-IV-9a"] and r["rulings"][0]["award"] == {"ns": 8, "ew": 5}


def test_dw_partner_surplus_variant_lowest_and_highest():
    """Variant partner_surplus (Law B(3), DW-16): short player's partner held the surplus."""
    hands = _moved("S", "N")  # S short, N (his partner) over
    data = {"game": "duplicate_whist", "variants": ["partner_surplus"], "trump_slip": TRUMP,
            "deal": _deal_names(), "overplay": {"hands": hands},
            "context": {"tables": 4, "overplay": True, "phase": "play_begun",
                        "ns_tricks_elsewhere": [6, 9, 7]}}
    r = laws.judge(data)
    assert _codes(r) == ["DW-LB-3c"] and r["outcome"] == "lowest_and_highest"
    assert r["rulings"][0]["award"] == {"ns": 6, "ew": 7}
    data["variants"] = []
    assert _codes(laws.judge(data)) == ["DW-V-1b"]  # Law V §1 governs by default
