"""Duplicate whist rulings on the trump: AWL Law IV §§8-11 (the hands: test_laws_whist_hands).

Runs on CPython and MicroPython. Each test names the law it checks.
"""

from overplay_core import findings as F
from overplay_core import games, laws
from overplay_core.errors import RuleError

from judge_input import WHIST_TRUMP as TRUMP
from judge_input import codes as _codes
from judge_input import whist_deal_names as _deal_names
from judge_input import whist_hands as _hands
from judge_input import whist_overplay as _over


def test_dw_law_iv_sec_8_wrong_trump_corrected_before_play_is_liable_to_be_called():
    """Law IV §8: corrected before the play begins -> card liable to be called, any tables."""
    for tables in (1, 2, 3, 12):
        r = _over(tables, "deal_completed", turned="7H")
        assert _codes(r) == ["DW-IV-8"]
        ruling = r["rulings"][0]
        assert ruling["ruling"] == "card_liable_to_be_called" and ruling["card"] == "7H"
        assert ruling["citation"]["law"] == "Law IV" and ruling["citation"]["section"] == "Sec. 8"
        assert r["findings"][0]["code"] == "trump_differs_from_slip"
        assert r["outcome"] == "deal_stands"


def test_dw_law_iv_sec_9_three_tables_average():
    """Law IV §9: after the overplay began and more than two tables: average score."""
    r = _over(3, "play_begun", turned="7H")
    assert _codes(r) == ["DW-IV-9a"] and r["outcome"] == "average_score"


def test_dw_law_iv_sec_9_two_tables_new_deal():
    """Law IV §9: after the overplay began with less than three tables: new deal."""
    for tables in (1, 2):
        r = _over(tables, "play_begun", turned="7H")
        assert _codes(r) == ["DW-IV-9b"] and r["outcome"] == "new_deal"


def test_dw_law_iv_sec_8_9_boundary_is_the_first_card_of_the_overplay():
    """Law IV §§8-9: deal_completed is before the play; play_begun is after."""
    assert _codes(_over(3, "deal_completed", turned="7H")) == ["DW-IV-8"]
    assert _codes(_over(3, "play_begun", turned="7H")) == ["DW-IV-9a"]
    assert _codes(_over(3, "first_trick_quitted", turned="7H")) == ["DW-IV-9a"]


def test_dw_law_iv_sec_8_right_trump_turned_is_no_finding():
    r = _over(3, "play_begun", turned=TRUMP, hands=_hands())
    assert r["findings"] == [] and r["rulings"] == [] and r["outcome"] == "deal_stands"


def test_dw_law_iv_sec_10_slip_error_found_at_next_table_new_deal():
    """Law IV §10: slip differs from the card turned, found at the next table: new deal."""
    for tables in (2, 3, 8):
        r = _over(tables, "deal_completed", slip="KH", turned=TRUMP, hands=_hands())
        assert _codes(r) == ["DW-IV-10a"] and r["outcome"] == "new_deal"
        # The slip's card missing from the dealer's hand is a symptom, not a Law V §1 case.
        assert "DW-V-1a" not in _codes(r) and "DW-V-1b" not in _codes(r)


def test_dw_law_iv_sec_10_played_elsewhere_with_wrong_trump_three_tables_average():
    """Law IV §10: already played with the wrong trump: recorded trump stands, average."""
    r = _over(3, "deal_completed", slip="KH", played_with_wrong_trump=1)
    assert _codes(r) == ["DW-IV-10b"] and r["outcome"] == "average_score"


def test_dw_law_iv_sec_10_played_elsewhere_two_tables_new_deal():
    """Law IV §10: played with the wrong trump, less than three tables: new deal."""
    r = _over(2, "deal_completed", slip="KH", played_with_wrong_trump=1)
    assert _codes(r) == ["DW-IV-10c"]


def test_dw_law_iv_sec_10_original_trump_from_trump_turned_field():
    data = {"game": "duplicate_whist", "trump_slip": "QD", "trump_turned": "3C",
            "context": {"tables": 4, "overplay": True, "played_with_wrong_trump": True}}
    assert _codes(laws.judge(data)) == ["DW-IV-10b"]


def test_dw_law_iv_sec_11_declared_trump_no_card_turned():
    """Law IV §11: by unanimous consent a trump is declared and no trump card turned."""
    data = {"game": "duplicate_whist", "variants": ["declared_trump"], "trump_slip": "H",
            "context": {"tables": 3, "overplay": True}}
    r = laws.judge(data)
    assert _codes(r) == ["DW-IV-11"] and r["rulings"][0]["suit"] == "hearts"
    data["overplay"] = {"trump_turned": "7H"}
    try:
        laws.judge(data)
    except RuleError as e:
        assert "trump_turned" in str(e)
    else:
        raise AssertionError("a turned trump was accepted under declared_trump")


def test_rulings_for_is_the_shoes_door_from_finding_codes():
    assert laws.rulings_for(games.DUPLICATE_WHIST, 0, [F.SEAT_OVER], tables=2,
                            phase="play_begun", overplay=True) == ["DW-V-1a"]
    assert laws.rulings_for(games.DUPLICATE_WHIST, 0, [F.TRUMP_NOT_WITH_DEALER], tables=3,
                            overplay=True) == ["DW-V-1b"]


def test_check_is_the_non_raising_door():
    ok, err = laws.check({"game": "duplicate_whist"})
    assert err is None and ok["outcome"] == "deal_stands"
    bad, err = laws.check({"game": "duplicate_whist", "context": {"tables": 0}})
    assert bad is None and "tables" in err
    bad, err = laws.check({"game": "euchre", "context": {"overplay": True}})
    assert bad is None and "overplay" in err


def test_dw_law_iv_sec_8_slip_recording_only_a_suit():
    """Law IV §8 with a slip that records the suit: a card of another suit turned."""
    r = _over(3, "deal_completed", turned="7H", slip="S")
    assert _codes(r) == ["DW-IV-8"]
    assert _codes(_over(3, "deal_completed", turned="7S", slip="S")) == []


def test_dw_law_iv_sec_8_without_slip_uses_the_original_turn_up():
    """No slip given: the original deal's 52nd card is the trump the overplay must show."""
    data = {"game": "duplicate_whist", "deal": _deal_names(),
            "context": {"tables": 2, "overplay": True, "phase": "play_begun"},
            "overplay": {"trump_turned": "7H"}}
    assert _codes(laws.judge(data)) == ["DW-IV-9b"]


def test_dw_law_iv_sec_9_and_10_from_findings_stated_in_the_input():
    """Law IV §§9-10 when the input states the finding (e.g. a shoe's record) instead."""
    base = {"game": "duplicate_whist",
            "context": {"tables": 3, "overplay": True, "phase": "play_begun"}}
    base["findings"] = ["trump_differs_from_slip"]
    assert _codes(laws.judge(base)) == ["DW-IV-9a"]
    base["findings"] = ["slip_differs_from_deal"]
    r = laws.judge(base)
    assert _codes(r) == ["DW-IV-10a"] and len(r["findings"]) == 1
    base["findings"] = [{"code": "card_faced_on_overplay", "card": "5D"}]
    assert _codes(laws.judge(base)) == ["DW-V-1b"]


def test_dw_whist_law_37b_37d_one_error_one_ruling_three_ways():
    """Whist law 37(b), (d) on the original deal: one error each, ruled once, all three ways."""
    from judge_input import three_ways

    for r in three_ways("duplicate_whist", 0, dup_at=(5, 4)):
        assert [x["code"] for x in r["rulings"]] == ["DW-W37b"]
        assert r["rulings"][0]["finding"] == "duplicate_card"
        assert r["rulings"][0].get("symptoms", ["missing_card"]) == ["missing_card"]
    for r in three_ways("duplicate_whist", 0, move=(0, 2)):
        assert [x["code"] for x in r["rulings"]] == ["DW-W37d"]
        assert r["rulings"][0]["symptoms"] == ["seat_short"]
