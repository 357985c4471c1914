"""Écarté rulings: Club Code laws 9-12 (deal and turn-up) and 39-47 (the excerpt).

Runs on CPython and MicroPython. Seat 0 deals; seats are written "dealer"/"non_dealer".
"""

from overplay_core import laws
from overplay_core.errors import ParseError, RuleError

DEAL = ["7S", "8S", "9S", "TS", "JS", "QS", "7H", "8H", "9H", "TH"]  # two, two, three, three


def _j(events=(), phase="play_begun", variants=(), **top):
    data = {"game": "ecarte", "variants": list(variants),
            "context": {"dealer": 0, "phase": phase}, "events": list(events)}
    for k in top:
        if k in ("scores", "looked_at_cards"):
            data["context"][k] = top[k]
        else:
            data[k] = top[k]
    return laws.judge(data)


def _codes(r):
    return [x["code"] for x in r["rulings"]]


def _ev(t, seat=None, **kw):
    e = {"type": t}
    if seat:
        e["seat"] = seat
    e.update(kw)
    return e


def test_ecarte_law_39_card_led_in_turn_cannot_be_taken_up():
    """Law 39: a card led in turn cannot be taken up again."""
    r = _j([_ev("card_taken_back", "non_dealer", card="KS", led=True)])
    assert _codes(r) == ["EC-39a"] and r["rulings"][0]["ruling"] == "card_stands"


def test_ecarte_law_39_card_played_to_a_lead_taken_up_to_save_a_revoke():
    """Law 39: played to a lead, taken up to save a revoke before the next lead: allowed."""
    r = _j([_ev("card_taken_back", "dealer", card="7H", to_correct=True)])
    assert _codes(r) == ["EC-39b"]
    r = _j([_ev("card_taken_back", "dealer", card="7H", to_correct=True, next_led=True)])
    assert _codes(r) == ["EC-39c"]
    r = _j([_ev("card_taken_back", "dealer", card="7H", to_correct=False)])
    assert _codes(r) == ["EC-39c"]


def test_ecarte_law_40_lead_out_of_turn_before_and_after_played_to():
    """Law 40: led out of turn may be taken up before it is played to; after, it stands."""
    assert _codes(_j([_ev("led_out_of_turn", "dealer", card="9C")])) == ["EC-40a"]
    assert _codes(_j([_ev("led_out_of_turn", "dealer", card="9C", played_to=True)])) == ["EC-40b"]


def test_ecarte_law_41_leader_names_one_suit_and_plays_another():
    """Law 41: adversary's option; if the leader has none of the named suit the card stands."""
    r = _j([_ev("named_suit_not_led", "non_dealer", suit="H", card="8C")])
    assert _codes(r) == ["EC-41a"] and r["rulings"][0]["by"] == ["dealer"]
    assert r["rulings"][0]["options"] == ["play_to_card_led", "require_named_suit"]
    r = _j([_ev("named_suit_not_led", "non_dealer", suit="H", holds_named_suit=False)])
    assert _codes(r) == ["EC-41b"]


def test_ecarte_law_42_abandoned_hand_vole_or_point():
    """Law 42: abandoned with no trick: adversary marks the vole; one or two: the point."""
    r = _j([_ev("hand_abandoned", "dealer", tricks=0)])
    assert _codes(r) == ["EC-42v"]
    assert r["rulings"][0]["seat"] == "non_dealer" and r["rulings"][0]["points"] == 2
    for tricks in (1, 2):
        r = _j([_ev("hand_abandoned", "non_dealer", tricks=tricks)])
        assert _codes(r) == ["EC-42p"] and r["rulings"][0]["points"] == 1
        assert r["rulings"][0]["seat"] == "dealer"


def test_ecarte_law_42_throwing_down_cards_claiming_to_score_is_no_abandonment():
    """Law 42: throwing down the cards claiming to score: not abandoned, no penalty."""
    r = _j([_ev("hand_abandoned", "dealer", tricks=3, claiming=True)])
    assert _codes(r) == ["EC-42c"]
    assert _codes(_j([_ev("hand_abandoned", "dealer", tricks=3)])) == ["EC-42x"]
    try:
        _j([_ev("hand_abandoned", "dealer", tricks=6)])
    except RuleError as e:
        assert "tricks" in str(e)
    else:
        raise AssertionError("six tricks accepted")


def test_ecarte_law_43_renounce_replay_at_option_offender_marks():
    """Law 43: replay at the adversary's option; offender marks nothing for the point."""
    r = _j([_ev("renounce", "dealer", card="8D")])
    ruling = r["rulings"][0]
    assert _codes(r) == ["EC-43"] and ruling["by"] == ["non_dealer"]
    assert ruling["offender_marks"] == {"point": 0, "vole": 1}
    assert r["outcome"] == "replay_at_option"


def test_ecarte_law_43_proposals_adversary_played_without_proposing_or_refused():
    """Law 43: if the adversary played without proposing or refused the first proposal,
    the offender's point marks one."""
    r = _j([_ev("play_without_proposing", "non_dealer"), _ev("renounce", "dealer")])
    assert _codes(r) == ["EC-43b"] and r["rulings"][0]["offender_marks"]["point"] == 1
    r = _j([_ev("propose", "non_dealer"), _ev("refuse", "dealer"), _ev("renounce", "non_dealer")])
    assert _codes(r) == ["EC-43b"]
    r = _j([_ev("propose", "non_dealer"), _ev("accept", "dealer"), _ev("renounce", "non_dealer")])
    assert _codes(r) == ["EC-43"]


def test_ecarte_law_43_card_taken_up_under_law_39_no_penalty():
    r = _j([_ev("renounce", "dealer", taken_back=True)])
    assert _codes(r) == ["EC-43n"] and r["outcome"] == "deal_stands"


def test_ecarte_law_44_new_cards_before_the_cut_for_next_deal():
    """Law 44: new cards at own expense before the cut; two new packs, dealer chooses."""
    r = _j([_ev("new_cards_called", "non_dealer")], phase="deal_played")
    assert _codes(r) == ["EC-44"] and "two new packs" in r["rulings"][0]["text"]
    r = _j([_ev("cut_for_next_deal"), _ev("new_cards_called", "non_dealer")])
    assert _codes(r) == ["EC-44x"]


def test_ecarte_law_45_incorrect_redundant_imperfect_pack_deal_void():
    """Law 45: the deal in which it is discovered is void; preceding deals stand."""
    r = _j([_ev("pack_incorrect")])
    assert _codes(r) == ["EC-45"] and "preceding deals stand" in r["rulings"][0]["text"]
    # Redundant: a card twice, seen by the shoe's tally of the deal order.
    r = _j(deal=DEAL[:9] + ["7S", "KC"], phase="deal")
    assert _codes(r) == ["EC-45"]
    assert "duplicate_card" in [f["code"] for f in r["findings"]]


def test_ecarte_law_46_game_five_up_treble_double_single():
    """Law 46: five up; by agreement treble (adversary 0), double (1-2), single (3-4)."""
    r = _j(scores={"dealer": 5, "non_dealer": 0})
    assert _codes(r) == ["EC-46"] and r["rulings"][0]["game_value"] == 1
    for loser, value in ((0, 3), (1, 2), (2, 2), (3, 1), (4, 1)):
        r = _j(variants=["ecarte_treble"], scores={"dealer": loser, "non_dealer": 5})
        assert r["rulings"][0]["seat"] == "non_dealer" and r["rulings"][0]["game_value"] == value
    assert _codes(_j(scores={"dealer": 4, "non_dealer": 4})) == []


def test_ecarte_law_47_king_turned_up_marks_one_for_dealer():
    """Law 47 (and law 10, the 11th card turned): a king turned up: dealer marks one."""
    r = _j(deal=DEAL + ["KC"], phase="trump_turned")
    assert _codes(r) == ["EC-47a"] and r["rulings"][0]["seat"] == "dealer"
    assert r["rulings"][0]["points"] == 1
    assert _codes(_j(deal=DEAL + ["QC"], phase="trump_turned")) == []


def test_ecarte_law_47_king_of_trumps_held_and_announced():
    """Law 47: holding the king of trumps entitles to mark one (if announced in time)."""
    r = _j([_ev("king_held", "non_dealer", card="KH")])
    assert _codes(r) == ["EC-47b"] and r["rulings"][0]["seat"] == "non_dealer"
    r = _j([_ev("king_held", "non_dealer", card="KH", announced_before_play=False)])
    assert _codes(r) == ["EC-47c"]


def test_ecarte_law_9_wrong_cards_before_turn_up_non_dealer_option():
    """Law 9: before the trump is turned, the non-dealer (not having looked) chooses."""
    short = {"dealer": DEAL[2:4] + DEAL[7:10], "non_dealer": DEAL[:2] + DEAL[4:6]}
    r = _j(phase="deal_completed", hands=short)
    assert _codes(r) == ["EC-9o"] and r["rulings"][0]["by"] == ["non_dealer"]
    r = _j([_ev("choice", "non_dealer", choice="new_deal")], phase="deal_completed", hands=short)
    assert _codes(r) == ["EC-9a"]
    r = _j(phase="deal_completed", hands=short, looked_at_cards=["non_dealer"])
    assert _codes(r) == ["EC-9c"]
    assert _codes(_j(phase="trump_turned", hands=short)) == ["EC-9c"]


def test_ecarte_law_11_more_than_one_card_turned_up():
    """Law 11: non-dealer chooses the trump or a fresh deal; if he has looked: fresh deal."""
    ev = _ev("more_than_one_turned_up", card="9D")
    assert _codes(_j([ev], phase="trump_turned")) == ["EC-11o"]
    r = _j([ev, _ev("choice", "non_dealer", choice="choose_trump", card="9D")])
    assert _codes(r) == ["EC-11b"] and r["rulings"][0]["card"] == "9D"
    r = _j([ev, _ev("looked_at_cards", "non_dealer"),
            _ev("choice", "non_dealer", choice="choose_trump", card="9D")])
    assert _codes(r) == ["EC-11a"] and r["outcome"] == "new_deal"


def test_ecarte_law_12_faced_card_before_trump_turned_fresh_deal():
    """Law 12: a faced card found in the pack before the trump is turned: fresh deal."""
    assert _codes(_j([_ev("card_faced_in_pack", card="8H", phase="deal")])) == ["EC-12"]
    assert _codes(_j([_ev("card_faced_in_pack", card="8H")])) == ["EC-12x"]


def test_ecarte_seats_are_dealer_and_non_dealer():
    try:
        _j([_ev("renounce", "W")])
    except ParseError as e:
        assert "dealer" in str(e)
    else:
        raise AssertionError("seat W accepted in écarté")


def test_ecarte_law_9_rectify_chosen_and_law_13_more_than_five_in_play():
    """Law 9: the non-dealer has the error put right; law 13 (unverified): plays with six."""
    short = {"dealer": DEAL[2:4] + DEAL[7:10], "non_dealer": DEAL[:2] + DEAL[4:6]}
    r = _j([_ev("choice", "non_dealer", choice="rectify")], phase="deal_completed", hands=short)
    assert _codes(r) == ["EC-9b"] and r["rulings"][0]["ruling"] == "rectify"
    six = {"dealer": DEAL[2:4] + DEAL[7:10] + ["AC"], "non_dealer": DEAL[:2] + DEAL[4:7]}
    r = _j(hands=six, findings=[])
    assert _codes(r) == ["EC-13"] and r["rulings"][0]["seat"] == "dealer"


def test_ecarte_findings_stated_in_the_input():
    """Law 47 and law 42 from findings a terminal recorded."""
    assert _codes(_j(findings=["king_turned_up"])) == ["EC-47a"]
    r = _j(findings=[{"code": "hand_abandoned", "seat": "dealer"}])
    assert _codes(r) == ["EC-42v"] and r["rulings"][0]["seat"] == "non_dealer"


def test_ecarte_law_41_the_adversarys_choice_followed_to_its_consequence():
    """Law 41: "the adversary may play to the card led, or may require the leader to play
    the suit named"; the leader's own choice has no effect (EC-OPTn)."""
    named = _ev("named_suit_not_led", "non_dealer", suit="H", card="KS")
    r = _j([named, _ev("choice", "dealer", choice="require_named_suit")])
    assert _codes(r) == ["EC-41c"] and r["rulings"][0]["ruling"] == "play_named_suit"
    assert _codes(_j([named, _ev("choice", "dealer", choice="play_to_card_led")])) == ["EC-41d"]
    r = _j([named, _ev("choice", "non_dealer", choice="require_named_suit")])
    assert _codes(r) == ["EC-OPTn", "EC-41a"] and r["rulings"][0]["option"] == "EC-41a"


def test_ecarte_law_43_hands_played_again_let_stand_or_lapsed():
    """Law 43: "his adversary has the option of requiring the hands to be played again"."""
    ren = _ev("renounce", "non_dealer", card="7H")
    r = _j([ren, _ev("choice", "dealer", choice="replay")])
    assert _codes(r) == ["EC-43r"] and r["outcome"] == "hands_replayed"
    assert _codes(_j([ren, _ev("choice", "dealer", choice="stand")])) == ["EC-43s"]
    assert _codes(_j([ren], phase="next_deal")) == ["EC-43l"]
    r = _j([ren, _ev("cut_for_next_deal"), _ev("choice", "dealer", choice="replay")])
    assert _codes(r) == ["EC-OPTl", "EC-43l"]


def test_ecarte_law_45_and_9_one_error_one_ruling_three_ways():
    """Law 45 (pack imperfect) and law 9 (wrong cards dealt): one error each, ruled once,
    from the deal, the hands or a CHECK record's findings."""
    from judge_input import three_ways

    for r in three_ways("ecarte", 0, dup_at=(5, 4)):
        assert [x["code"] for x in r["rulings"]] == ["EC-45"]
        assert r["rulings"][0]["finding"] == "duplicate_card"
        assert r["rulings"][0].get("symptoms", ["missing_card"]) == ["missing_card"]
    for r in three_ways("ecarte", 0, move=(0, 0)):
        assert [x["code"] for x in r["rulings"]] == ["EC-9o"]
        assert r["rulings"][0]["symptoms"] == ["seat_short"]


def test_ecarte_law_9_choice_by_the_dealer_or_after_the_turn_up_has_no_effect():
    """Law 9 gives the choice to the non-dealer, before the trump is turned: the dealer's
    choice has no effect (the option stays open); the non-dealer's after the turn-up is out
    of time (the deal stands)."""
    short = {"dealer": DEAL[2:4] + DEAL[7:10], "non_dealer": DEAL[:2] + DEAL[4:6]}
    r = _j([_ev("choice", "dealer", choice="new_deal")], phase="deal_completed", hands=short)
    assert _codes(r) == ["EC-OPTn", "EC-9o"] and r["rulings"][0]["option"] == "EC-9o"
    r = _j([_ev("choice", "non_dealer", choice="new_deal", phase="trump_turned")],
           phase="trump_turned", hands=short)
    assert _codes(r) == ["EC-OPTl", "EC-9c"] and r["rulings"][0]["ruling"] == "no_effect"


def test_ecarte_law_11_the_dealer_cannot_choose_the_trump():
    """Law 11: the choice among the cards turned up is the non-dealer's."""
    ev = _ev("more_than_one_turned_up", card="9D")
    r = _j([ev, _ev("choice", "dealer", choice="choose_trump", card="9D")])
    assert _codes(r) == ["EC-OPTn", "EC-11o"]
