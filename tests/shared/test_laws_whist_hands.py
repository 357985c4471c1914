"""Duplicate whist rulings on the hands: AWL Law V §§1-2, Law VI, whist laws 37-39, awards.

Runs on CPython and MicroPython. Each test names the law it checks.
"""

from overplay_core import laws

from judge_input import WHIST_TRUMP as TRUMP
from judge_input import codes as _codes
from judge_input import whist_deal_names as _deal_names
from judge_input import whist_hands as _hands
from judge_input import whist_overplay as _over


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
    # 37(f) gives the objection to an adversary of the dealer: his partner's has no effect.
    base["context"]["phase"] = "deal"
    base["events"] = ev + [{"type": "claim_new_deal", "seat": "N", "phase": "deal"}]
    r = laws.judge(base)
    assert _codes(r) == ["DW-OPTn", "DW-W37o"] and r["rulings"][0]["option"] == "DW-W37o"


def test_dw_original_deal_whist_law_37_a_d_and_law_b_1():
    """Whist law 37(a) rotation broken, 37(d) more than thirteen; Law B(1) a short hand."""
    base = {"game": "duplicate_whist", "context": {"phase": "deal_completed"}}
    base["events"] = [{"type": "deal_pattern_broken", "seat": "N"}]
    assert _codes(laws.judge(base)) == ["DW-W37a"]
    hands = _hands()
    del base["events"]
    base["hands"] = _moved("S", "E")
    r = laws.judge(base)
    assert _codes(r) == ["DW-W37d"] and r["outcome"] == "new_deal"
    hands["W"].pop()
    base["hands"] = hands
    base["findings"] = []
    r = laws.judge(base)
    # The card missing from the pack as well: whist law 37(b) first (the pack is incorrect).
    assert _codes(r) == ["DW-W37b"]
    base.pop("hands")
    base["findings"] = [{"code": "seat_short", "seat": "W"}]
    assert _codes(laws.judge(base)) == ["DW-LB-1"]


def test_dw_whist_law_39_incorrect_pack_found_after_the_next_cut_stands():
    """Whist law 39 (DW-6): proved incorrect before the cut for the next deal, else stands."""
    ev = [{"type": "pack_incorrect"}]
    base = {"game": "duplicate_whist", "events": ev, "context": {"phase": "deal_played"}}
    assert _codes(laws.judge(base)) == ["DW-W39"]
    base["events"] = [{"type": "pack_incorrect", "phase": "next_deal"}]
    assert _codes(laws.judge(base)) == ["DW-W39x"]


def test_dw_law_v_sec_1_cards_moved_between_hands_refers_to_the_director():
    """Law V §1 is the nearest rule when two hands swapped a card (every count right)."""
    hands = _hands()
    hands["E"][0], hands["S"][0] = hands["S"][0], hands["E"][0]
    r = _over(3, "deal_completed", hands=hands)
    assert _codes(r) == ["DW-V-1x"] and r["outcome"] == "refer_to_director"
    assert [f["code"] for f in r["findings"]] == ["card_moved"]
