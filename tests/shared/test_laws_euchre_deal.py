"""Euchre rulings on the deal, the hands, exposed cards and revokes: laws 23-24, Somerset
33-43, 62, 91, 102 (making the trump and the discard: test_laws_euchre).

Runs on CPython and MicroPython. Dealer N; E is the eldest hand, S the dealer's partner.
The turn-up is JH, so hearts is the suit turned down if all pass.
"""

from overplay_core import laws


from judge_input import codes as _codes
from judge_input import euchre as _j
from judge_input import euchre_event as _ev








def test_euchre_law_23_wrong_number_of_cards_is_a_misdeal_deal_passes():
    """Law 23 with EU-12: a misdeal; the deal passes to the left."""
    r = _j(findings=[{"code": "seat_short", "seat": "W"}])
    assert _codes(r) == ["EU-23a"] and r["rulings"][0]["redeal_by"] == "E"
    assert r["rulings"][0]["deal_passes"] is True


def test_euchre_law_23_played_to_first_trick_deal_stands_cannot_score():
    """Law 23: he had played to the first trick: deal stands and he cannot score."""
    r = _j(phase="first_trick_quitted", findings=[{"code": "seat_over", "seat": "W"}])
    assert _codes(r) == ["EU-23b", "EU-23c"] and r["outcome"] == "deal_stands"
    r = _j(phase="play_begun", played=["W"], findings=[{"code": "seat_over", "seat": "W"}])
    assert _codes(r) == ["EU-23b", "EU-23c"]
    r = _j(phase="play_begun", findings=[{"code": "seat_over", "seat": "W"}])
    assert _codes(r) == ["EU-23a"]


def test_euchre_somerset_law_43_adversary_touched_first_misdeal_keeps_deal():
    """Somerset law 43: an adversary touched his cards before dealer's partner: same dealer."""
    r = _j(findings=["seat_short"], touched_cards=["E", "S"])
    assert _codes(r) == ["EU-43"] and r["rulings"][0]["redeal_by"] == "N"
    r = _j(findings=["seat_short"], touched_cards=["S", "E"])
    assert _codes(r) == ["EU-23a"]


def test_euchre_law_24_exposed_card_liable_to_be_called():
    """Law 24: exposed cards are left face up and liable to be called; lone player exempt."""
    r = _j([_ev("card_exposed_in_play", "S", card="9D")], phase="play_begun")
    assert _codes(r) == ["EU-24"] and r["rulings"][0]["ruling"] == "card_liable_to_be_called"
    r = _j([_ev("card_exposed_in_play", "S", card="9D")], phase="play_begun", lone="S")
    assert _codes(r) == ["EU-24l"]


def test_euchre_incorrect_pack_new_deal_same_dealer():
    """Somerset law 33: pack incorrect: new deal by the same dealer (does not pass)."""
    deal = ["7C", "7C"] + ["8C", "9C", "TC", "JC", "QC", "KC", "AC", "7D", "8D", "9D", "TD",
                           "JD", "QD", "KD", "AD", "7H", "8H", "9H", "JH"]
    data = {"game": "euchre", "deal": deal, "context": {"dealer": "W", "phase": "deal"}}
    r = laws.judge(data)
    assert _codes(r) == ["EU-33"] and r["rulings"][0]["redeal_by"] == "W"
    assert r["rulings"][0]["deal_passes"] is False


def test_euchre_faced_card_in_pack_before_a_lead_and_after():
    """Somerset law 34: faced in the pack before a lead: new deal; after: stands."""
    assert _codes(_j([_ev("card_faced_in_pack", card="8S")])) == ["EU-34"]
    assert _codes(_j([_ev("card_faced_in_pack", card="8S")], phase="play_begun")) == ["EU-34x"]


def test_euchre_card_exposed_in_dealing_touched_cards_lose_the_claim():
    """Somerset law 35: new deal at the adversaries' option unless they touched their cards."""
    exp = _ev("card_exposed_in_deal", "S", card="QC", phase="deal")
    r = _j([exp], phase="deal")
    assert _codes(r) == ["EU-35o"] and r["rulings"][0]["by"] == ["E", "W"]
    assert _codes(_j([exp, _ev("claim_new_deal", "W", phase="deal")])) == ["EU-35a"]
    touched = _ev("touched_cards", "E", phase="deal")
    assert _codes(_j([exp, touched, _ev("claim_new_deal", "W", phase="deal")])) == ["EU-35b"]
    # Exposed by an adversary: the dealer may claim if his partner has not touched his cards.
    exp2 = _ev("card_exposed_in_deal", "E", phase="deal")
    assert _codes(_j([exp2, _ev("claim_new_deal", "N", phase="deal")])) == ["EU-35a"]
    # The exposer's own side may not claim: no effect, the dealer's option stays open.
    r = _j([exp2, _ev("claim_new_deal", "W", phase="deal")], phase="deal")
    assert _codes(r)[0] == "EU-OPTn" and r["rulings"][0]["by_seat"] == "W"
    assert _codes(_j([exp2, _ev("touched_cards", "S", phase="deal"),
                      _ev("claim_new_deal", "N", phase="deal")])) == ["EU-35b"]


def test_euchre_adversaries_pack_and_out_of_turn_before_trump_turned():
    """Somerset laws 38, 40: may be stopped before the trump card is turned, else stand."""
    assert _codes(_j([_ev("adversaries_pack", "N", phase="deal")])) == ["EU-38a"]
    assert _codes(_j([_ev("adversaries_pack", "N", phase="trump_turned")])) == ["EU-38b"]
    r = _j([_ev("dealt_out_of_turn", "W", phase="deal")])
    assert _codes(r) == ["EU-40a"] and r["rulings"][0]["redeal_by"] == "N"
    assert _codes(_j([_ev("dealt_out_of_turn", "W", phase="play_begun")])) == ["EU-40b"]


def test_euchre_card_exposed_turning_trump_and_broken_packets():
    """Somerset law 39 (new deal, same dealer) and law 42 (misdeal, the deal passes)."""
    r = _j([_ev("card_exposed_turning_trump", card="KS")])
    assert _codes(r) == ["EU-39"] and r["rulings"][0]["redeal_by"] == "N"
    r = _j([_ev("deal_pattern_broken", "N")], phase="deal")
    assert _codes(r) == ["EU-42"] and r["rulings"][0]["redeal_by"] == "E"


def test_euchre_trump_card_lifted_before_its_time_is_exposed():
    """Somerset law 91 (EU-25) with excerpt law 16: lifted from the pack, an exposed card."""
    r = _j([_ev("trump_card_lifted", "N", card="JH")])
    assert _codes(r) == ["EU-91"] and r["rulings"][0]["ruling"] == "card_liable_to_be_called"


def test_euchre_somerset_law_62_revoke_three_or_five_points():
    """Somerset laws 62-64 (EU-37): 3 points to the adversaries, 5 against a lone hand."""
    r = _j([_ev("revoke", "E", card="9S")], phase="deal_played")
    assert _codes(r) == ["EU-62"] and r["rulings"][0]["points"] == 3
    assert r["rulings"][0]["seats"] == ["S", "N"]
    r = _j([_ev("revoke", "E")], phase="deal_played", lone="N")
    assert r["rulings"][0]["points"] == 5
    assert _codes(_j([_ev("revoke", "E", established=False)])) == ["EU-62n"]


def test_euchre_somerset_law_102_lone_players_partner_exposes_a_card():
    """Somerset law 102 (EU-31): the lone player then scores only two for a march."""
    r = _j([_ev("card_exposed_in_play", "S", card="9D")], phase="play_begun", lone="N")
    assert _codes(r) == ["EU-102"] and r["rulings"][0]["seat"] == "N"


def test_euchre_law_33_and_23_one_error_one_ruling_three_ways():
    """Somerset law 33 (pack imperfect) and excerpt law 23 (wrong number of cards): a card
    read twice, a card in the wrong hand: one error each, ruled once, all three ways."""
    from judge_input import three_ways

    for r in three_ways("euchre", 0, dup_at=(5, 4)):
        assert [x["code"] for x in r["rulings"]] == ["EU-33"]
        assert r["rulings"][0]["finding"] == "duplicate_card"
        assert r["rulings"][0].get("symptoms", ["missing_card"]) == ["missing_card"]
    for r in three_ways("euchre", 0, move=(0, 2)):
        assert [x["code"] for x in r["rulings"]] == ["EU-23a"]
        assert r["rulings"][0]["symptoms"] == ["seat_short"]
