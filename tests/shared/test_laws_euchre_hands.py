"""Euchre law 23 (irregularities in the hands): who has played to the first trick.

Runs on CPython and MicroPython (apart from test_laws_euchre.py to keep each file within the
128k MicroPython heap).
"""

from overplay_core import laws


def test_euchre_law_23_eldest_short_after_his_lead_deal_stands():
    """Law 23: the eldest hand leads, so once the play has begun he has played to the first
    trick: the deal stands and he cannot score; another short seat is still a misdeal."""
    base = {"game": "euchre", "context": {"dealer": "N", "phase": "play_begun"}}
    r = laws.judge(dict(base, findings=[{"code": "seat_short", "seat": "E"}]))
    assert [x["code"] for x in r["rulings"]] == ["EU-23b", "EU-23c"]
    r = laws.judge(dict(base, findings=[{"code": "seat_short", "seat": "S"}]))
    assert [x["code"] for x in r["rulings"]] == ["EU-23a"]


def test_euchre_law_38_claim_before_the_turn_up_gives_a_new_deal():
    """Law 38: dealt with the adversaries' cards: an adversary's claim before the trump card is
    turned is a new deal by the same dealer; a claim after it comes too late."""
    base = {"game": "euchre", "context": {"dealer": "N", "phase": "deal_completed"}}
    ev = [{"type": "adversaries_pack", "seat": "N"}, {"type": "claim_new_deal", "seat": "E"}]
    r = laws.judge(dict(base, events=ev))
    assert [x["code"] for x in r["rulings"]] == ["EU-38n"]
    assert r["rulings"][0]["redeal_by"] == "N" and r["rulings"][0]["deal_passes"] is False
    r = laws.judge(dict(base, events=[ev[0], {"type": "trump_turned"}, ev[1]]))
    assert [x["code"] for x in r["rulings"]] == ["EU-38b"]
    r = laws.judge(dict(base, events=ev[:1]))
    assert [x["code"] for x in r["rulings"]] == ["EU-38a"]


def test_euchre_law_23_every_seat_with_the_wrong_number_cannot_score():
    """Law 23: two seats wrong after the first trick: the deal stands, neither scores."""
    r = laws.judge({"game": "euchre", "context": {"dealer": "N", "phase": "first_trick_quitted"},
                    "findings": [{"code": "seat_short", "seat": "E"},
                                 {"code": "seat_over", "seat": "S"}]})
    assert [(x["code"], x.get("seat")) for x in r["rulings"]] == [
        ("EU-23b", "E"), ("EU-23c", "E"), ("EU-23c", "S")]


def test_euchre_law_40_out_of_turn_found_after_the_turn_up_stands():
    """Law 40: a deal out of turn stopped only before the trump card is turned; placed in
    the deal but found after the turn-up (a later marker), the deal stands."""
    r = laws.judge({"game": "euchre", "context": {"dealer": "N"},
                    "events": [{"type": "dealt_out_of_turn", "seat": "W", "phase": "deal"},
                               {"type": "trump_turned"}]})
    assert [x["code"] for x in r["rulings"]] == ["EU-40b"]
