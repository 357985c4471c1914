"""Bridge whist rulings: Elwell laws 38-42, dealing and declaring (the excerpt).

Runs on CPython and MicroPython. Dealer is N unless said: E is the eldest hand, S the
dealer's partner.
"""

from overplay_core import laws
from overplay_core.cards import PACK_52, card_name


def _j(events=(), phase="deal_completed", **extra):
    data = {"game": "bridge_whist", "context": {"dealer": "N", "phase": phase},
            "events": list(events)}
    for k in extra:
        if k in ("dummy", "played", "looked_at_cards"):
            data["context"][k] = extra[k]
        else:
            data[k] = extra[k]
    return laws.judge(data)


def _codes(r):
    return [x["code"] for x in r["rulings"]]


def _exposed(seat, **kw):
    e = {"type": "card_exposed_in_deal", "seat": seat, "card": "9C", "phase": "deal"}
    e.update(kw)
    return e


def _claim(seat, phase="deal"):
    return {"type": "claim_new_deal", "seat": seat, "phase": phase}


def test_bridge_law_38_compulsory_new_deal_faced_card_pattern_and_pack():
    """Elwell law 38 (a) rotation, (b) incorrect pack, (c) faced card, (d) over thirteen."""
    assert _codes(_j([{"type": "deal_pattern_broken"}])) == ["BR-38a"]
    assert _codes(_j([{"type": "card_faced_in_pack", "card": "2D"}])) == ["BR-38c"]
    deal = [card_name(c) for c in PACK_52]
    deal[0] = deal[1]
    assert _codes(_j(phase="deal", deal=deal)) == ["BR-38b"]
    hands = {"N": [card_name(c) for c in PACK_52[:14]],
             "E": [card_name(c) for c in PACK_52[14:26]],
             "S": [card_name(c) for c in PACK_52[26:39]],
             "W": [card_name(c) for c in PACK_52[39:]]}
    r = _j(hands=hands)
    assert _codes(r) == ["BR-38d"] and r["outcome"] == "new_deal"


def test_bridge_law_39_exposed_by_dealers_side_eldest_may_claim():
    """Law 39(a): a card exposed by the dealer or his partner: the eldest hand may claim."""
    r = _j([_exposed("S")], phase="deal")
    assert _codes(r) == ["BR-39o"] and r["rulings"][0]["by"] == ["E"]
    assert _codes(_j([_exposed("S"), _claim("E")])) == ["BR-39a"]
    # The dealer's own partner cannot claim for his side's exposure: his claim has no
    # effect, and the eldest hand's option stays open.
    r = _j([_exposed("S"), _claim("W")], phase="deal")
    assert _codes(r) == ["BR-OPTn", "BR-39o"] and r["rulings"][0]["by_seat"] == "W"


def test_bridge_law_39_exposed_by_adversary_dealer_or_partner_may_claim():
    """Law 39(b): exposed by an adversary: the dealer or his partner may claim."""
    r = _j([_exposed("W")], phase="deal")
    assert r["rulings"][0]["by"] == ["N", "S"]
    assert _codes(_j([_exposed("W"), _claim("S")])) == ["BR-39a"]


def test_bridge_law_39d_last_cards_exposed_claim_after_deal_completed():
    """Law 39(d): one of the last cards exposed by the dealer, deal completed too fast."""
    late = _claim("E", "deal_completed")
    assert _codes(_j([_exposed("N"), late])) == ["BR-40b"]  # ordinary card: claim too late
    assert _codes(_j([_exposed("N", last_cards=True), late])) == ["BR-39d"]
    # But not once the play has begun.
    assert _codes(_j([_exposed("N", last_cards=True), _claim("E", "play_begun")])) == ["BR-40b"]


def test_bridge_law_40_claimant_who_looked_at_his_cards_cannot_claim():
    """Law 40: no claim by a player who has looked at any of his cards."""
    looked = {"type": "looked_at_cards", "seat": "E", "phase": "deal"}
    r = _j([_exposed("S"), looked, _claim("E")])
    assert _codes(r) == ["BR-40a"] and r["outcome"] == "deal_stands"
    assert "cannot be called" in r["rulings"][0]["text"]
    # Looking after the claim does not undo it.
    assert _codes(_j([_exposed("S"), _claim("E"), looked])) == ["BR-39a"]


def test_bridge_law_40_no_new_deal_exposed_card_cannot_be_called():
    """Law 40: if a new deal does not take place the exposed card cannot be called."""
    r = _j([_exposed("S"), {"type": "choice", "seat": "E", "choice": "stand", "phase": "deal"}])
    assert _codes(r) == ["BR-40b"] and r["rulings"][0]["ruling"] == "deal_stands"


def _short_hands(short):
    hands = {"N": [], "E": [], "S": [], "W": []}
    for i, c in enumerate(PACK_52):
        hands["NESW"[i % 4]].append(card_name(c))
    hands[short].pop()
    return hands


def test_bridge_law_41_short_player_who_has_played_deal_stands():
    """Law 41: fourth player (not dummy) short, found after he played: deal stands."""
    r = _j(phase="play_begun", hands=_short_hands("W"), played=["W"])
    assert _codes(r) == ["BR-41a"] and "revoke" in r["rulings"][0]["text"]
    r = _j(phase="first_trick_quitted", hands=_short_hands("W"))
    assert _codes(r) == ["BR-41a"]


def test_bridge_law_41_short_before_he_played_is_a_new_deal():
    """Law 41 boundary: found before the short player played any card: new deal."""
    assert _codes(_j(phase="deal_completed", hands=_short_hands("W"))) == ["BR-41b"]
    # At play_begun only the eldest (E) has surely played.
    assert _codes(_j(phase="play_begun", hands=_short_hands("W"))) == ["BR-41b"]
    assert _codes(_j(phase="play_begun", hands=_short_hands("E"))) == ["BR-41a"]


def test_bridge_law_41_dummy_short_is_not_covered_new_deal():
    """Law 41 'not being dummy': dummy short -> new deal (our choice, docs/laws.md)."""
    r = _j(phase="first_trick_quitted", hands=_short_hands("S"), dummy="S")
    assert _codes(r) == ["BR-41c"]
    ev = [{"type": "declare", "seat": "N", "suit": "H"}]
    assert "BR-41c" in _codes(_j(ev, phase="first_trick_quitted", hands=_short_hands("S")))


def test_bridge_law_42_pack_incorrect_during_play_only_this_deal_void():
    """Law 42: proved incorrect during the play: current deal void, dealer deals again."""
    r = _j([{"type": "pack_incorrect"}], phase="play_begun")
    assert _codes(r) == ["BR-42"] and "earlier scores stand" in r["rulings"][0]["text"]
    assert _codes(_j([{"type": "pack_incorrect"}], phase="deal")) == ["BR-38b"]


def test_bridge_adversaries_cards_corrected_before_first_card_played():
    """Dealing with the adversaries' cards: corrected before the first card, else stands."""
    ev = {"type": "adversaries_pack", "seat": "N"}
    assert _codes(_j([ev], phase="deal_completed")) == ["BR-ADVa"]
    assert _codes(_j([ev], phase="play_begun")) == ["BR-ADVb"]


def test_bridge_dealing_out_of_turn_corrected_before_next_deal():
    """Deals when it is an adversary's turn: corrected before the following deal is dealt."""
    ev = {"type": "dealt_out_of_turn", "seat": "E"}
    assert _codes(_j([ev], phase="deal_played")) == ["BR-OOTa"]
    assert _codes(_j([ev], phase="next_deal")) == ["BR-OOTb"]


def test_bridge_shuffle_cut_or_deal_for_partner_needs_adversaries_permission():
    """A player can neither shuffle, cut nor deal for his partner without permission."""
    r = _j([{"type": "dealt_for_partner", "seat": "S"}])
    assert _codes(r) == ["BR-DFPa"] and r["outcome"] == "refer_to_director"
    r = _j([{"type": "dealt_for_partner", "seat": "S", "permission": True}])
    assert _codes(r) == ["BR-DFPb"] and r["findings"] == []


def test_bridge_trump_is_declared_dealer_makes_or_passes_partner_must_make():
    """The trump is declared, no card turned; (a) dealer makes or passes; (b) partner makes."""
    r = _j([{"type": "declare", "seat": "N", "suit": "NT"}])
    assert _codes(r) == ["BR-Da"] and r["rulings"][0]["suit"] == "no trump"
    r = _j([{"type": "pass", "seat": "N"}, {"type": "declare", "seat": "S", "suit": "S"}])
    assert _codes(r) == ["BR-Da", "BR-Db"] and r["findings"] == []


def test_bridge_partner_declares_without_permission_eldest_hand_options():
    """Partner makes the trump unasked: eldest may let it stand or have a new deal."""
    wrong = {"type": "declare", "seat": "S", "suit": "H"}
    r = _j([wrong])
    assert _codes(r) == ["BR-PUo"] and r["rulings"][0]["by"] == ["E"]
    assert r["rulings"][0]["options"] == ["trump_stands", "new_deal"]
    assert _codes(_j([wrong, {"type": "choice", "seat": "E", "choice": "stand"}])) == ["BR-PUa"]
    assert _codes(_j([wrong, {"type": "claim_new_deal", "seat": "E"}])) == ["BR-PUb"]


def test_bridge_partner_declares_unasked_stands_after_doubling_declaration():
    """But if any declaration as to doubling was made, the wrong declaration stands."""
    wrong = {"type": "declare", "seat": "S", "suit": "H"}
    dbl = {"type": "doubling_declared", "seat": "E"}
    # A claim after the doubling declaration is out of time: ruled as having no effect.
    assert _codes(_j([wrong, dbl, {"type": "claim_new_deal", "seat": "E"}])) == [
        "BR-OPTl", "BR-PUc"]
    # Or if no new deal was claimed before the play.
    assert _codes(_j([wrong], phase="play_begun")) == ["BR-PUc"]


def test_bridge_partner_passes_declaration_back_eldest_claims_or_compels():
    """Partner passes back to the dealer: eldest may claim new deal or compel him."""
    ev = [{"type": "pass", "seat": "N"}, {"type": "pass", "seat": "S"}]
    r = _j(ev)
    assert _codes(r)[-1] == "BR-PBo"
    assert r["findings"][0]["code"] == "declaration_passed_back"
    assert _codes(_j(ev + [{"type": "choice", "seat": "E", "choice": "compel"}]))[-1] == "BR-PBa"
    assert _codes(_j(ev + [{"type": "claim_new_deal", "seat": "E"}]))[-1] == "BR-PBb"
    dbl = {"type": "doubling_declared", "seat": "E"}
    assert _codes(_j(ev + [dbl]))[-1] == "BR-PBc"


def test_bridge_adversary_declares_dealer_may_claim_new_deal():
    """Catalogue BR-12: an adversary makes the declaration: dealer's option."""
    r = _j([{"type": "declare", "seat": "E", "suit": "C"}])
    assert _codes(r) == ["BR-AD"] and r["rulings"][0]["by"] == ["N"]


def test_bridge_revoke_established_three_tricks_to_adversaries():
    """Elwell, The Revoke (BR-18): three tricks; not established: no revoke penalty."""
    r = _j([{"type": "revoke", "seat": "E", "card": "4H"}], phase="deal_played")
    assert _codes(r) == ["BR-RV"] and r["rulings"][0]["tricks"] == 3
    assert r["rulings"][0]["seats"] == ["S", "N"]
    r = _j([{"type": "revoke", "seat": "E", "established": False}], phase="play_begun")
    assert _codes(r) == ["BR-RVn"]


def test_bridge_declaring_from_findings_stated_in_the_input():
    """Declaring laws when the input states the finding rather than the declare events."""
    base = {"game": "bridge_whist", "context": {"dealer": "N"}}
    base["findings"] = ["partner_declared_unpassed"]
    assert _codes(laws.judge(base)) == ["BR-PUo"]
    base["events"] = [{"type": "claim_new_deal", "seat": "E"}]
    assert _codes(laws.judge(base)) == ["BR-PUb"]
    base["findings"] = ["declaration_passed_back"]
    base["events"] = [{"type": "doubling_declared", "seat": "E"}]
    assert _codes(laws.judge(base)) == ["BR-PBc"]
    base["events"] = [{"type": "adversaries_pack", "seat": "N"}]
    base["findings"] = ["adversary_declared"]
    assert _codes(laws.judge(base)) == ["BR-ADVa", "BR-AD"]
    # A finding that is also an event type is judged as that event, claims following it.
    base = {"game": "bridge_whist", "context": {"dealer": "N", "phase": "deal"},
            "findings": [{"code": "card_exposed_in_deal", "seat": "S"}],
            "events": [{"type": "claim_new_deal", "seat": "E"}]}
    assert _codes(laws.judge(base)) == ["BR-39a"]


def test_facts_no_bridge_law_answers_go_to_the_director():
    """An écarté-only event or a trump-card finding in bridge: reported, never dropped."""
    r = _j([{"type": "hand_abandoned", "seat": "E"}], findings=["trump_not_with_dealer"])
    assert _codes(r) == ["BR-NONE", "BR-NONE"] and r["outcome"] == "refer_to_director"
    assert [x["finding"] for x in r["rulings"]] == ["hand_abandoned", "trump_not_with_dealer"]
    assert r["rulings"][0]["citation"]["law"] == "none"


def test_declaring_no_trumps_spelt_any_way():
    """Declaring (BR-9): "NT", "No Trumps", "no-trump", "notrumps" all declare no trumps."""
    from overplay_core import laws as _laws
    for text in ("NT", "No Trumps", "no-trump", "notrumps", "no_trumps"):
        r = _laws.judge({"game": "bridge_whist", "context": {"dealer": "N"},
                         "events": [{"type": "declare", "seat": "N", "suit": text}]})
        assert [x["code"] for x in r["rulings"]] == ["BR-Da"], text
        assert r["rulings"][0]["suit"] == "no trump", text


def test_declaring_by_an_adversary_the_dealer_claims_or_goes_on():
    """Declaring by an adversary (BR-12): the dealer's claim is a new deal by him; his choice
    to go on lets the deal stand; without either the option is open."""
    from overplay_core import laws as _laws
    ev = [{"type": "declare", "seat": "E", "suit": "H"}]
    for extra, code in (([{"type": "claim_new_deal", "seat": "N"}], "BR-ADn"),
                        ([{"type": "choice", "seat": "N", "choice": "stand"}], "BR-ADs"),
                        ([], "BR-AD")):
        r = _laws.judge({"game": "bridge_whist", "context": {"dealer": "N"},
                         "events": ev + extra})
        assert [x["code"] for x in r["rulings"]] == [code], code


def test_law_41_needs_three_hands_right_two_short_is_an_incorrect_pack():
    """Law 41 / 42: two hands short after the play began is not law 41: the pack is
    incorrect, this deal void (law 42); before the play, law 38 (b)."""
    from overplay_core import laws as _laws
    two = [{"code": "seat_short", "seat": "E"}, {"code": "seat_short", "seat": "S"}]
    r = _laws.judge({"game": "bridge_whist", "context": {"phase": "first_trick_quitted"},
                     "findings": two})
    assert [x["code"] for x in r["rulings"]] == ["BR-42"]
    r = _laws.judge({"game": "bridge_whist", "findings": two})
    assert [x["code"] for x in r["rulings"]] == ["BR-38b"]


def test_law_40_looked_at_cards_may_name_one_seat_alone():
    """Law 40: context.looked_at_cards "W" (not a list) bars West's claim."""
    from overplay_core import laws as _laws
    r = _laws.judge({"game": "bridge_whist",
                     "context": {"phase": "deal", "dealer": "S", "looked_at_cards": "W"},
                     "events": [{"type": "card_exposed_in_deal", "seat": "S", "card": "5S"},
                                {"type": "claim_new_deal", "seat": "W"}]})
    assert [x["code"] for x in r["rulings"]] == ["BR-40a"]


def test_adversaries_cards_found_only_after_the_first_card_played_stands():
    """Dealing with the adversaries' cards "must be corrected before the play of the first
    card": an event placed in the deal but found once the play began (context.phase or a later
    marker) stands; a claim made before the play corrects it."""
    from overplay_core import laws as _laws
    ev = {"type": "adversaries_pack", "seat": "E", "phase": "deal"}
    r = _laws.judge({"game": "bridge_whist", "context": {"phase": "play_begun"}, "events": [ev]})
    assert [x["code"] for x in r["rulings"]] == ["BR-ADVb"]
    r = _laws.judge({"game": "bridge_whist",
                     "events": [ev, {"type": "claim_new_deal", "seat": "N", "phase": "deal"},
                                {"type": "play_begun"}]})
    assert [x["code"] for x in r["rulings"]] == ["BR-ADVa"]


def test_bridge_law_38b_38d_one_error_one_ruling_three_ways():
    """Law 38(b), (d): a duplicate with the card it displaced, a surplus with the shortage it
    leaves: one error each, ruled once, from the deal, the hands or a CHECK record's findings."""
    from judge_input import three_ways

    for r in three_ways("bridge_whist", 0, dup_at=(5, 4)):
        assert [x["code"] for x in r["rulings"]] == ["BR-38b"]
        assert r["rulings"][0]["finding"] == "duplicate_card"
        assert r["rulings"][0].get("symptoms", ["missing_card"]) == ["missing_card"]
    for r in three_ways("bridge_whist", 0, move=(0, 2)):
        assert [x["code"] for x in r["rulings"]] == ["BR-38d"]
        assert r["rulings"][0]["symptoms"] == ["seat_short"]
