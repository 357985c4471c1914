"""Écarté rulings, law 42 and law 47: kings that do not mark, and forgiving seat names.

Runs on CPython and MicroPython (apart from test_laws_ecarte.py to keep each file within the
128k MicroPython heap).
"""

from overplay_core import laws
from overplay_core.errors import ParseError


def _j(events=(), phase="play_begun", **top):
    data = {"game": "ecarte", "context": {"dealer": 0, "phase": phase}, "events": list(events)}
    data.update(top)
    return laws.judge(data)


def _codes(r):
    return [x["code"] for x in r["rulings"]]


def _ev(t, seat=None, **kw):
    e = {"type": t}
    if seat:
        e["seat"] = seat
    e.update(kw)
    return e


def test_ecarte_law_47_king_announced_not_of_trumps_marks_nothing():
    """Law 47: only the king of trumps held marks one; a king of another suit marks nothing."""
    r = _j([_ev("king_held", "non_dealer", card="KS")], phase="trump_turned", trump_turned="7H")
    assert _codes(r) == ["EC-47d"] and r["rulings"][0]["ruling"] == "no_penalty"
    r = _j([_ev("king_held", "non_dealer", card="KH")], phase="trump_turned", trump_turned="7H")
    assert _codes(r) == ["EC-47b"] and r["rulings"][0]["points"] == 1


def test_ecarte_law_42_seat_words_with_a_space_are_read():
    """Law 42: "Non Dealer" (any case, space or hyphen) is the non-dealer; the dealer marks."""
    r = _j([_ev("hand_abandoned", "Non Dealer", tricks=0)])
    assert _codes(r) == ["EC-42v"] and r["rulings"][0]["seat"] == "dealer"


def test_ecarte_law_47_turned_up_king_cannot_also_be_held():
    """Law 47: the king turned up marks one for the dealer; nobody holds that card."""
    r = _j([_ev("king_held", "non_dealer", card="KH")], phase="trump_turned", trump_turned="KH")
    assert _codes(r) == ["EC-47a", "EC-47d"]


def test_ecarte_law_47_context_dealer_may_be_written_dealer():
    """Law 47 with context.dealer "Dealer": the dealer who turned up the king marks one."""
    r = laws.judge({"game": "ecarte", "context": {"dealer": "Dealer"}, "trump_turned": "KS"})
    assert _codes(r) == ["EC-47a"] and r["rulings"][0]["seat"] == "dealer"
    try:
        laws.judge({"game": "ecarte", "context": {"dealer": "non_dealer"}})
    except ParseError as e:
        assert "context.dealer" in str(e)
    else:
        assert False


def test_ecarte_law_11_fresh_deal_in_the_law_s_words():
    """Law 11: the non-dealer's choice "Fresh Deal" (or a claim_fresh_deal) is a fresh deal;
    an unknown choice is an error naming the field."""
    turned = _ev("more_than_one_turned_up", card="9H")
    r = _j([turned, _ev("choice", "non_dealer", choice="Fresh Deal")], phase="trump_turned")
    assert _codes(r) == ["EC-11a"]
    r = _j([turned, _ev("claim_fresh_deal", "non_dealer")], phase="trump_turned")
    assert _codes(r) == ["EC-11a"]
    try:
        _j([turned, _ev("choice", "non_dealer", choice="maybe")], phase="trump_turned")
    except ParseError as e:
        assert "events[1].choice" in str(e)
    else:
        assert False
