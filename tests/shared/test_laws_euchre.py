"""Euchre rulings on making the trump and the discard: laws 16-22 (Somerset 90); the deal and
the hands are in test_laws_euchre_deal.

Runs on CPython and MicroPython. Dealer N; E is the eldest hand, S the dealer's partner.
The turn-up is JH, so hearts is the suit turned down if all pass.
"""



from judge_input import codes as _codes
from judge_input import euchre as _j
from judge_input import euchre_event as _ev


ALL_PASS = [_ev("pass", s) for s in "ESWN"]








def test_euchre_law_16_naming_the_trump_card_highest_or_lowest_trump():
    """Law 16: naming the trump card after it is taken up: play highest or lowest trump."""
    r = _j([_ev("trump_card_named", "E", card="JH")], phase="play_begun")
    assert _codes(r) == ["EU-16"] and r["rulings"][0]["by"] == ["S", "N"]
    assert r["rulings"][0]["ruling"] == "may_call_highest_or_lowest_trump"
    r = _j([_ev("trump_card_named", "E", card="JH", on_pack=True)])
    assert _codes(r) == ["EU-16b"]


def test_euchre_law_16_adversary_calls_for_highest_or_lowest_trump():
    """Law 16 followed: an adversary of the player who named the trump card calls for his
    highest (EU-16h) or lowest (EU-16l) trump: that player must play it."""
    named = _ev("trump_card_named", "E", card="JH")
    r = _j([named, _ev("choice", "N", choice="highest_trump")], phase="play_begun")
    assert _codes(r) == ["EU-16h"] and r["rulings"][0]["ruling"] == "must_play_highest_trump"
    assert r["rulings"][0]["seat"] == "E" and r["rulings"][0]["by_seat"] == "N"
    r = _j([named, _ev("choice", "S", choice="lowest")], phase="play_begun")
    assert _codes(r) == ["EU-16l"] and r["rulings"][0]["ruling"] == "must_play_lowest_trump"
    assert r["rulings"][0]["by_seat"] == "S"


def test_euchre_law_16_call_by_the_namers_partner_has_no_effect():
    """Law 16: the call is an adversary's: his partner W (or E himself) calling is no_effect,
    and the adversaries' option stays open (EU-16); an adversary's later call still holds."""
    named = _ev("trump_card_named", "E", card="JH")
    r = _j([named, _ev("choice", "W", choice="lowest_trump")], phase="play_begun")
    assert _codes(r) == ["EU-OPTn", "EU-16"]
    assert r["rulings"][0]["ruling"] == "no_effect" and r["rulings"][0]["by_seat"] == "W"
    assert r["rulings"][0]["option"] == "EU-16" and r["rulings"][0]["choice"] == "lowest_trump"
    assert r["rulings"][0]["citation"]["law"] == "Law 16"
    r = _j([named, _ev("choice", "E", choice="highest_trump"),
            _ev("choice", "S", choice="highest_trump")], phase="play_begun")
    assert _codes(r) == ["EU-OPTn", "EU-16h"] and r["rulings"][1]["by_seat"] == "S"


def test_euchre_law_17_dealer_not_discarded_by_first_trick_cannot_score():
    """Law 17: dealer who has not discarded until he played to the first trick: no score."""
    r = _j([_ev("no_discard_by_first_trick")], phase="first_trick_quitted")
    assert _codes(r) == ["EU-17a"] and r["rulings"][0]["seats"] == ["N", "S"]
    assert r["rulings"][0]["ruling"] == "cannot_score"


def test_euchre_law_17_with_somerset_law_90_forfeit_two_or_four():
    """Variant somerset_forfeit (Somerset law 90): also forfeit 2, or 4 against a lone hand."""
    r = _j([_ev("no_discard_by_first_trick")], variants=["somerset_forfeit"])
    assert _codes(r) == ["EU-17a", "EU-90"] and r["rulings"][1]["points"] == 2
    r = _j([_ev("no_discard_by_first_trick")], variants=["somerset_forfeit"], lone="N")
    assert r["rulings"][1]["points"] == 4


def test_euchre_law_17_discard_once_quitted_cannot_be_taken_back():
    """Law 17: having quitted his discard, the dealer cannot take it back."""
    r = _j([_ev("discard_quitted", "N"), _ev("discard_taken_back", "N")])
    assert _codes(r) == ["EU-17b"]


def test_euchre_law_18_lead_before_discard_dealer_may_amend():
    """Law 18: eldest leads before the discard is quitted: dealer may amend, lead stands."""
    r = _j([_ev("take_up", "N"), _ev("lead_before_discard", "E", card="AS")])
    assert _codes(r) == ["EU-18"] and "cannot be taken back" in r["rulings"][0]["text"]


def test_euchre_law_19_lone_dealer_must_pass_discard_to_partner():
    """Law 19: lone dealer who does not pass his discard: adversaries may prevent lone hand."""
    r = _j([_ev("take_up", "N", alone=True), _ev("lone_without_passing_discard", "N")])
    assert _codes(r) == ["EU-19"] and r["rulings"][0]["by"] == ["E", "W"]


def test_euchre_law_19_adversaries_insist_partner_plays_or_let_lone_hand_stand():
    """Law 19 followed: the adversaries insist (EU-19p: partner plays with him, no lone hand)
    or do not (stand, EU-19s: the lone hand stands)."""
    evs = [_ev("take_up", "N", alone=True), _ev("discard_quitted", "N", to_partner=False)]
    r = _j(evs + [_ev("choice", "E", choice="partner_plays")], phase="play_begun")
    assert _codes(r) == ["EU-19p"] and r["rulings"][0]["ruling"] == "lone_hand_prevented"
    assert r["rulings"][0]["by_seat"] == "E" and r["rulings"][0]["seat"] == "N"
    r = _j(evs + [_ev("choice", "W", choice="stand")], phase="play_begun")
    assert _codes(r) == ["EU-19s"] and r["rulings"][0]["ruling"] == "lone_hand_stands"


def test_euchre_law_19_insisting_by_the_dealers_partner_has_no_effect():
    """Law 19: only the adversaries may insist: the dealer's partner S insisting is no_effect
    and the adversaries' option stays open (EU-19)."""
    evs = [_ev("take_up", "N", alone=True), _ev("lone_without_passing_discard", "N"),
           _ev("choice", "S", choice="partner_plays")]
    r = _j(evs)
    assert _codes(r) == ["EU-OPTn", "EU-19"] and r["rulings"][0]["by_seat"] == "S"
    assert r["rulings"][0]["option"] == "EU-19" and r["rulings"][0]["ruling"] == "no_effect"
    r = _j(evs + [_ev("choice", "W", choice="insist")])
    assert _codes(r) == ["EU-OPTn", "EU-19p"]


def test_euchre_law_19_no_ruling_or_choice_followed_when_the_discard_was_passed():
    """Issue #14 item 5: the record shows the discard passed: no law 19 ruling at all, and an
    adversary's "partner_plays" changes nothing."""
    evs = [_ev("take_up", "N", alone=True), _ev("discard_quitted", "N", to_partner=True),
           _ev("choice", "E", choice="partner_plays")]
    assert _codes(_j(evs)) == []


def test_euchre_law_20_turned_down_card_face_up_and_naming_in_turn():
    """Law 20: turned down under the pack face up; names in turn from the dealer's left."""
    r = _j([_ev("turned_down_not_shown", "N")])
    assert _codes(r) == ["EU-20"]
    r = _j(ALL_PASS + [_ev("pass", "E"), _ev("name_trump", "S", suit="C")])
    assert _codes(r) == ["EU-20n"] and r["rulings"][0]["suit"] == "clubs"
    assert r["findings"] == []


def test_euchre_law_21_naming_the_turned_down_suit_loses_the_right():
    """Law 21: naming the suit already turned down loses the right to name."""
    r = _j(ALL_PASS + [_ev("name_trump", "E", suit="H")])
    assert _codes(r) == ["EU-21a"] and r["rulings"][0]["seat"] == "E"


def test_euchre_law_21_correcting_himself_bars_the_new_suit_for_his_side():
    """Law 21: if he corrects himself and names another, neither he nor partner may make it."""
    r = _j(ALL_PASS + [_ev("name_trump", "E", suit="H"), _ev("name_trump", "E", suit="S")])
    assert _codes(r) == ["EU-21a", "EU-21b"]
    barred = r["rulings"][1]
    assert barred["ruling"] == "suit_barred" and barred["seats"] == ["E", "W"]
    assert barred["suit"] == "spades"


def test_euchre_law_21_naming_out_of_turn_bars_the_suit():
    """Law 21: a suit named out of turn cannot be made trump by him or his partner."""
    r = _j(ALL_PASS + [_ev("name_trump", "W", suit="D")])
    assert _codes(r) == ["EU-21c"] and r["rulings"][0]["seats"] == ["W", "E"]


def test_euchre_law_22_no_one_names_a_trump_deal_void_and_passes():
    """Law 22: no new trump named: the deal is void and passes to the dealer's left."""
    r = _j(ALL_PASS + ALL_PASS)
    assert _codes(r) == ["EU-22"] and r["outcome"] == "new_deal"
    assert r["rulings"][0]["redeal_by"] == "E" and r["rulings"][0]["deal_passes"] is True
    # Three passes in the second round are not yet the end.
    assert _codes(_j(ALL_PASS + ALL_PASS[:3])) == []


def test_euchre_laws_17_18_read_from_the_event_order():
    """Laws 17-18 without explicit events: order-up, then who played before the discard."""
    order = _ev("order_up", "E")
    lead = _ev("played", "E")
    dealer_plays = _ev("played", "N")
    disc = _ev("discard_quitted", "N")
    assert _codes(_j([order, disc, lead, dealer_plays])) == []
    assert _codes(_j([order, lead, disc, dealer_plays])) == ["EU-18"]
    assert _codes(_j([order, lead, dealer_plays, disc])) == ["EU-17a", "EU-18"]
    # No event is not a fact: no discard recorded at all, even once the first trick is
    # quitted or the dealer has played, says nothing about the discard.
    assert _codes(_j([order], phase="first_trick_quitted")) == []
    assert _codes(_j([order, lead, dealer_plays], phase="deal_played")) == []


def test_euchre_law_19_read_from_the_discard_not_passed():
    """Law 19: a lone dealer's discard quitted under the pack instead of to his partner."""
    r = _j([_ev("take_up", "N", alone=True), _ev("discard_quitted", "N", to_partner=False)])
    assert _codes(r) == ["EU-19"]
    r = _j([_ev("take_up", "N", alone=True), _ev("discard_quitted", "N", to_partner=True)])
    assert _codes(r) == []


def test_euchre_law_17_needs_the_missed_discard_recorded_not_silence():
    """Law 17 rules on a discard not made: a first_trick_quitted marker with no discard
    event is silence, not a missed discard; the explicit event is the record of it."""
    r = _j([_ev("order_up", "E"), _ev("first_trick_quitted")], phase="deal_completed")
    assert _codes(r) == [] and r["context"]["phase"] == "first_trick_quitted"
    r = _j([_ev("order_up", "E"), _ev("first_trick_quitted"),
            _ev("no_discard_by_first_trick", "N")], phase="deal_completed")
    assert _codes(r) == ["EU-17a"]


def test_euchre_laws_21_22_from_findings_stated_in_the_input():
    """Laws 21-22 when the input states the finding instead of the passes and names."""
    assert _codes(_j(findings=["no_trump_named"])) == ["EU-22"]
    r = _j(findings=[{"code": "named_out_of_turn", "seat": "W", "suit": "D"}])
    assert _codes(r) == ["EU-21c"] and r["rulings"][0]["suit"] == "diamonds"
    assert _codes(_j(findings=[{"code": "turned_down_suit_named", "seat": "E"}])) == ["EU-21a"]
    assert _codes(_j(findings=["lone_discard_not_passed"])) == ["EU-19"]
