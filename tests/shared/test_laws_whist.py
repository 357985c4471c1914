"""Duplicate whist rulings: AWL Law IV §§8-11, Law V §§1-2, Law VI, whist laws 37-39.

Runs on CPython and MicroPython. Each test names the law it checks.
"""

from overplay_core import findings as F
from overplay_core import games, laws
from overplay_core.cards import PACK_52, card_name
from overplay_core.errors import RuleError

SEATS = "NESW"


def _deal_names():
    return [card_name(c) for c in PACK_52]


def _hands(dealer=0):
    """The hands of a deal of PACK_52 in order by `dealer`, as judge input."""
    p = games.profile(games.DUPLICATE_WHIST)
    hands = {"N": [], "E": [], "S": [], "W": []}
    for n, c in enumerate(PACK_52):
        hands[SEATS[p.seat_of(n, dealer)]].append(card_name(c))
    return hands


TRUMP = card_name(PACK_52[51])  # the 52nd card, the dealer's (N) turn-up: "AS"


def _over(tables, phase, hands=None, turned=None, slip=TRUMP, **ctx):
    data = {"game": "duplicate_whist", "trump_slip": slip,
            "context": {"tables": tables, "phase": phase, "overplay": True, "dealer": "N"},
            "deal": _deal_names(), "overplay": {}}
    data["context"].update(ctx)
    if hands is not None:
        data["overplay"]["hands"] = hands
    if turned is not None:
        data["overplay"]["trump_turned"] = turned
    return laws.judge(data)


def _codes(result):
    return [r["code"] for r in result["rulings"]]


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


def _moved(src, dst, count=1):
    hands = _hands()
    for _ in range(count):
        hands[dst].append(hands[src].pop(0))
    return hands


def test_dw_law_v_sec_1_more_cards_two_tables_new_deal():
    """Law V §1: a player with more than his correct number, fewer than three tables."""
    r = _over(2, "deal_completed", hands=_moved("S", "E"))
    assert _codes(r) == ["DW-V-1a"] and r["outcome"] == "new_deal"
    over = [f for f in r["findings"] if f["code"] == "seat_over"]
    assert over and over[0]["seat"] == "E" and over[0]["cards"] == 14


def test_dw_law_v_sec_1_more_cards_three_tables_average_and_pass_on():
    """Law V §1: more than two tables: rectify, pass on, this table takes the average."""
    r = _over(3, "deal_completed", hands=_moved("S", "E"))
    assert _codes(r) == ["DW-V-1b"] and r["outcome"] == "average_score"
    assert "next table" in r["rulings"][0]["text"]


def test_dw_law_v_sec_1_trump_card_not_in_dealers_hand():
    """Law V §1: the trump card is not in the dealer's hand."""
    hands = _hands()
    hands["N"].remove(TRUMP)
    hands["W"].append(TRUMP)
    hands["N"].append(hands["W"].pop(0))
    for tables, code in ((2, "DW-V-1a"), (3, "DW-V-1b")):
        r = _over(tables, "deal_completed", hands=hands)
        assert _codes(r) == [code]
        assert "trump_not_with_dealer" in [f["code"] for f in r["findings"]]


def test_dw_law_v_sec_1_faced_card_except_the_trump_card():
    """Law V §1: any card except the trump card faced on the overplay."""
    data = {"game": "duplicate_whist", "trump_slip": TRUMP, "deal": _deal_names(),
            "context": {"tables": 2, "overplay": True},
            "events": [{"type": "card_faced_on_overplay", "seat": "E", "card": "5D"}]}
    assert _codes(laws.judge(data)) == ["DW-V-1a"]
    data["context"]["tables"] = 4
    assert _codes(laws.judge(data)) == ["DW-V-1b"]
    data["events"][0]["card"] = TRUMP  # the trump card may be faced
    r = laws.judge(data)
    assert _codes(r) == ["DW-V-1c"] and r["outcome"] == "deal_stands"


def test_dw_law_v_sec_2_short_after_first_trick_quitted_deal_stands():
    """Law V §2: fewer cards found after the first trick turned and quitted: answerable."""
    hands = _hands()
    hands["W"].pop()
    for tables in (2, 3):
        r = _over(tables, "first_trick_quitted", hands=hands)
        assert _codes(r) == ["DW-V-2"] and r["outcome"] == "deal_stands"


def test_dw_short_hand_before_first_trick_uses_duplicate_auction_law_b():
    """DW-15/16 (Law B, analogous code) fill the gap Law V §2 leaves; boundaries tested."""
    hands = _hands()
    hands["W"].pop()
    assert _codes(_over(3, "deal_completed", hands=hands)) == ["DW-LB-2"]
    assert _codes(_over(2, "play_begun", hands=hands)) == ["DW-LB-3a"]
    assert _codes(_over(3, "play_begun", hands=hands)) == ["DW-LB-3b"]


def test_dw_law_v_sec_2_excerpt_only_variant_refers_the_gap_to_the_director():
    hands = _hands()
    hands["W"].pop()
    data = {"game": "duplicate_whist", "variants": ["excerpt_only"], "trump_slip": TRUMP,
            "deal": _deal_names(), "context": {"tables": 3, "overplay": True,
                                               "phase": "play_begun"},
            "overplay": {"hands": hands}}
    r = laws.judge(data)
    assert _codes(r) == ["DW-V-2x"] and r["outcome"] == "refer_to_director"


def test_dw_law_vi_sec_1_card_not_turned_and_quitted():
    """Law VI §1: place face up, turn, quit."""
    data = {"game": "duplicate_whist", "context": {"overplay": True},
            "events": [{"type": "card_not_turned_and_quitted", "seat": "S"}]}
    r = laws.judge(data)
    assert _codes(r) == ["DW-VI-1"] and r["rulings"][0]["ruling"] == "procedure"


def test_dw_law_vi_sec_2_cards_left_in_order_until_scored():
    """Law VI §2: cards left in the order played until the scores are recorded."""
    data = {"game": "duplicate_whist",
            "events": [{"type": "cards_not_kept_in_order", "seat": "E"}]}
    r = laws.judge(data)
    assert _codes(r) == ["DW-VI-2"] and r["rulings"][0]["citation"]["section"] == "Sec. 2"


def test_dw_original_deal_duplicate_card_is_a_new_deal_by_the_same_dealer():
    """Whist law 37(b) (DW-3, DW-4): the pack incorrect; the misdealer deals again."""
    deal = _deal_names()
    deal[7] = deal[3]
    r = laws.judge({"game": "duplicate_whist", "deal": deal, "context": {"phase": "deal"}})
    assert _codes(r) == ["DW-W37b"] and r["outcome"] == "new_deal"
    codes = [f["code"] for f in r["findings"]]
    assert "duplicate_card" in codes and "missing_card" in codes
    r = laws.judge({"game": "duplicate_whist", "deal": deal,
                    "context": {"phase": "play_begun"}})
    assert _codes(r) == ["DW-W39"]


def test_dw_original_deal_exposed_card_and_out_of_turn_objection():
    """Whist laws 37(c), 37(f), 38: exposed in dealing; dealt out of turn, objection timing."""
    r = laws.judge({"game": "duplicate_whist", "context": {"phase": "deal"},
                    "events": [{"type": "card_exposed_in_deal", "seat": "E", "card": "QS"}]})
    assert _codes(r) == ["DW-W37c"]
    ev = [{"type": "dealt_out_of_turn", "seat": "S", "phase": "deal"}]
    claim = {"type": "claim_new_deal", "seat": "E", "phase": "deal"}
    base = {"game": "duplicate_whist", "context": {"phase": "deal"}}
    base["events"] = ev + [claim]
    assert _codes(laws.judge(base)) == ["DW-W37f"]
    base["events"] = ev + [{"type": "looked_at_cards", "seat": "E", "phase": "deal"}, claim]
    assert _codes(laws.judge(base)) == ["DW-W38"]
    base["events"] = ev
    r = laws.judge(base)
    assert _codes(r) == ["DW-W37o"] and r["rulings"][0]["by"] == ["W", "E"]
    base["context"]["phase"] = "play_begun"
    assert _codes(laws.judge(base)) == ["DW-W38"]


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
