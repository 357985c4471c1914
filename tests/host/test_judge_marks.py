"""`overplay judge` with the result of play (overplay.judge_marks): a hand judged through
to what each side marks, options followed to their consequence, one error seen as one error.

CPython (host only). Each test names the law and section it checks, from the law texts in
../shared/laws/.
"""


from judge_input import WHIST_TRUMP, codes, whist_deal_names, whist_hands
from overplay.judge_marks import judge


def _hand(r):
    return r["hand"]


def _adj(r):
    return [a["code"] for a in r["hand"]["adjustments"]]


def _ev(t, seat=None, **kw):
    e = {"type": t}
    if seat is not None:
        e["seat"] = seat
    e.update(kw)
    return e


# ---- duplicate whist: Law IV §9, Law V §1 and the average (DW-25) ------------------------

def _over(tables, phase, found=None, hands=None, result=None, elsewhere=None):
    data = {"game": "duplicate_whist", "trump_slip": WHIST_TRUMP,
            "context": {"tables": tables, "phase": phase, "overplay": True, "dealer": "N"},
            "deal": whist_deal_names(), "overplay": {}}
    if hands is not None:
        data["overplay"]["hands"] = hands
    if found is not None:
        data["findings"] = found
    if result is not None:
        data["result"] = result
    if elsewhere is not None:
        data["context"]["ns_tricks_elsewhere"] = elsewhere
    return judge(data)


def _moved(src, dst, card_index=0):
    hands = whist_hands()
    hands[dst].append(hands[src].pop(card_index))
    return hands


def test_dw_law_v_sec_1_surplus_and_shortage_are_one_error_three_ways():
    """Law V §1: a card in the wrong hand is a surplus and a shortage; one ruling whether
    the hands, the deal or a shoe's findings tell it, never a referral."""
    by_hands = _over(3, "play_begun", hands=_moved("S", "E"))
    by_findings = _over(3, "play_begun", found=["seat_over", "seat_short"])
    by_seats = _over(3, "play_begun", found=[{"code": "seat_short", "seat": "S"},
                                             {"code": "seat_over", "seat": "E"}])
    for r in (by_hands, by_findings, by_seats):
        assert codes(r) == ["DW-V-1b"], codes(r)
        assert r["rulings"][0]["symptoms"] == ["seat_short"] or \
            r["rulings"][0]["finding"] == "seat_short"
        assert r["outcome"] == "average_score"


def test_dw_law_v_sec_1_surplus_with_the_trump_not_in_dealers_hand_is_one_error():
    """Law V §1 names both "a surplus card" and the trump card not in the dealer's hand:
    the trump card moved from the dealer to East is one error, ruled once, never referred."""
    hands = whist_hands()
    hands["N"].remove(WHIST_TRUMP)
    hands["E"].append(WHIST_TRUMP)
    by_hands = _over(2, "deal_completed", hands=hands)
    by_findings = _over(2, "deal_completed", found=["seat_over", "trump_not_with_dealer"])
    for r in (by_hands, by_findings):
        assert codes(r) == ["DW-V-1a"], codes(r)
        assert "trump_not_with_dealer" in r["rulings"][0]["symptoms"]
        assert "refer_to_director" not in [x["ruling"] for x in r["rulings"]]


def test_dw_whist_law_37b_duplicate_and_missing_card_are_one_error_three_ways():
    """Whist law 37(b): a card dealt twice leaves another missing: one imperfect pack."""
    deal = whist_deal_names()
    deal[5] = deal[4]
    data = {"game": "duplicate_whist", "context": {"dealer": "N"}, "deal": deal}
    by_deal = judge(data)
    hands = {"N": [], "E": [], "S": [], "W": []}
    for i, c in enumerate(deal):
        hands["NESW"[(i + 1) % 4]].append(c)
    by_hands = judge({"game": "duplicate_whist", "context": {"dealer": "N"},
                           "hands": hands})
    by_findings = judge({"game": "duplicate_whist", "context": {"dealer": "N"},
                              "findings": ["duplicate_card", "missing_card"]})
    for r in (by_deal, by_hands, by_findings):
        assert codes(r) == ["DW-W37b"], codes(r)
        assert "missing_card" in r["rulings"][0]["symptoms"]


def test_dw_law_iv_sec_9_average_marks_from_the_other_tables():
    """Law IV §9 and DW-25: found after the overplay began at three tables, this table's
    tricks give way to each side's average at the tables that played validly."""
    r = _over(3, "play_begun", found=["trump_differs_from_slip"], result={"tricks": 4},
              elsewhere=[8, 9])
    assert codes(r) == ["DW-IV-9a"]
    h = _hand(r)
    assert h["as_played"] == {"ns": 4, "ew": 9}
    assert h["marks"] == {"ns": 9, "ew": 5}  # (8 + 9) / 2 half up; (5 + 4) / 2 half up
    assert _adj(r) == ["DW-IV-9a"] and h["scored_as"] == {"tables": [8, 9, "avg"]}
    # Without the other tables the award is pending, not guessed.
    r = _over(3, "play_begun", found=["trump_differs_from_slip"], result={"tricks": 4})
    assert _hand(r)["marks"] is None and "ns_tricks_elsewhere" in _hand(r)["pending"]


def test_dw_law_iv_sec_9_two_tables_new_deal_marks_nothing():
    """Law IV §9: fewer than three tables, a new deal: the hand's tricks count for nothing."""
    r = _over(2, "play_begun", found=["trump_differs_from_slip"], result={"tricks": 8})
    assert codes(r) == ["DW-IV-9b"]
    assert _hand(r)["void"] and _hand(r)["marks"] == {"ns": 0, "ew": 0}


def test_dw_law_a_each_side_keeps_its_score_east_west_taken_when_they_differ():
    """1894 Law A (DW-19): the two records differ: E-W's is taken."""
    r = judge({"game": "duplicate_whist", "result": {"tricks": {"ns": 8, "ew": 6}}})
    assert _hand(r)["marks"] == {"ns": 7, "ew": 6}


# ---- bridge whist: declaring (BR-10, BR-11), the revoke (BR-18) --------------------------

def _bridge(events, result, **ctx):
    data = {"game": "bridge_whist", "context": {"dealer": "N"}, "events": events,
            "result": result}
    data["context"].update(ctx)
    return judge(data)


def test_bridge_revoke_three_tricks_to_the_adversaries_through_to_the_marks():
    """The Revoke (BR-18): three tricks from the revoking side; honours stay (BR-23)."""
    r = _bridge([_ev("declare", "N", suit="H"), _ev("revoke", "E")],
                {"tricks": {"ns": 8, "ew": 5}, "honours": {"N": 3, "E": 1, "W": 1}})
    h = _hand(r)
    assert codes(r) == ["BR-Da", "BR-RV"] and _adj(r) == ["BR-RV"]
    assert h["as_played"] == {"ns": 16 + 16, "ew": 0}  # 2 odd tricks x 8, simple honours 16
    assert h["marks"] == {"ns": 40 + 16, "ew": 0}  # 11 tricks: 5 odd x 8
    assert h["scored_as"]["revokes"] == {"NS": 0, "EW": 1}


def test_bridge_revoke_side_cannot_pass_28_toward_game():
    """The Revoke (Elwell): the revoking side cannot score game on that hand."""
    r = _bridge([_ev("declare", "N", suit="S"), _ev("revoke", "S")],
                {"tricks": 13, "score": {"ns": 20, "ew": 0}})
    assert _hand(r)["game"]["game_won"] is None
    r = _bridge([_ev("declare", "N", suit="S")], {"tricks": 13, "score": {"ns": 20}})
    assert _hand(r)["game"]["game_won"] == "N-S"


def test_bridge_declaring_passed_back_eldest_compels_or_claims_new_deal():
    """Declaring, passed back (BR-11): the eldest hand compels the partner to declare, and the
    hand is scored on his declaration; or claims a new deal, and nothing is marked."""
    back = [_ev("pass", "N"), _ev("pass", "S")]
    r = _bridge(back + [_ev("choice", "E", choice="compel"), _ev("declare", "S", suit="D")],
                {"tricks": 7})
    assert codes(r)[-1] == "BR-PBa" and _hand(r)["marks"] == {"ns": 6, "ew": 0}
    r = _bridge(back + [_ev("choice", "E", choice="new_deal")], {"tricks": 7})
    assert "BR-PBb" in codes(r) and _hand(r)["void"]


def test_bridge_declaring_partner_unasked_option_by_a_player_not_entitled():
    """Declaring, partner without permission (BR-10): the option is the eldest hand's; the
    dealer's own partner asking for a new deal has no effect, and the option stays open."""
    wrong = _ev("declare", "S", suit="H", phase="deal_completed")
    r = _bridge([wrong, _ev("claim_new_deal", "N", phase="deal_completed")], {"tricks": 7},
                phase="deal_completed")
    assert codes(r) == ["BR-OPTn", "BR-PUo"]
    assert r["rulings"][0]["ruling"] == "no_effect" and r["rulings"][0]["option"] == "BR-PUo"
    assert r["rulings"][0]["citation"]["catalogue"] == "BR-10"
    assert _hand(r)["pending"] == ["BR-PUo"]
    r = _bridge([wrong, _ev("choice", "E", choice="stand")], {"tricks": 7})
    assert codes(r) == ["BR-PUa"] and _hand(r)["marks"] == {"ns": 8, "ew": 0}


def test_bridge_declaration_needed_when_nobody_declared():
    """Without a declaration in the events the result must say who declared what."""
    try:
        _bridge([], {"tricks": 7})
        raise AssertionError("no error")
    except ValueError as e:
        assert str(e).startswith("result.declaration: missing")
    r = _bridge([], {"tricks": 7, "declaration": {"seat": "W", "strain": "NT"}})
    assert _hand(r)["marks"] == {"ns": 0, "ew": 12}


# ---- euchre: excerpt laws 17, 23; Somerset 62, 90, 102 -----------------------------------

def _euchre(events, result, variants=(), **ctx):
    data = {"game": "euchre", "variants": list(variants), "trump_turned": "JH",
            "context": {"dealer": "N"}, "events": events, "result": result}
    data["context"].update(ctx)
    return judge(data)


def test_euchre_law_17_dealer_played_before_discarding_cannot_score():
    """Excerpt law 17: the dealer played to the first trick without discarding: he and his
    partner cannot score; ordered up by E and euchred, so N-S's 2 is lost."""
    evs = [_ev("order_up", "E"), _ev("played", "N"), _ev("discard_quitted", "N")]
    r = _euchre(evs, {"tricks": 2})
    assert codes(r) == ["EU-17a"] and _adj(r) == ["EU-17a"]
    assert _hand(r)["as_played"] == {"ns": 2, "ew": 0} and _hand(r)["marks"] == {"ns": 0, "ew": 0}


def test_euchre_law_17_silence_on_the_discard_is_no_ruling():
    """Law 17 needs the missed discard recorded: ordered up and played out with no discard
    event, the hand is scored as played."""
    r = _euchre([_ev("order_up", "E"), _ev("played", "E"), _ev("played", "N")],
                {"tricks": 3}, phase="deal_played")
    assert codes(r) == [] and _hand(r)["marks"] == {"ns": 0, "ew": 1}


def test_euchre_somerset_law_90_forfeit_with_law_17():
    """Somerset law 90 (variant): the offending side forfeits two besides scoring nothing."""
    evs = [_ev("order_up", "E"), _ev("played", "N"), _ev("discard_quitted", "N")]
    r = _euchre(evs, {"makers": "EW", "euchred": True}, variants=["somerset_forfeit"])
    assert codes(r) == ["EU-17a", "EU-90"] and _hand(r)["marks"] == {"ns": 0, "ew": 2}


def test_euchre_law_23_wrong_number_played_cannot_score():
    """Excerpt law 23: a player with the wrong number of cards who has played to the first
    trick: the deal stands and his side scores nothing (E-W's march of 2 is lost)."""
    r = judge({"game": "euchre", "trump_turned": "JH",
                    "context": {"dealer": "N", "phase": "first_trick_quitted"},
                    "findings": [{"code": "seat_short", "seat": "E"}],
                    "events": [_ev("order_up", "W")], "result": {"tricks": 5}})
    assert codes(r) == ["EU-23b", "EU-23c"]
    assert _hand(r)["as_played"] == {"ns": 0, "ew": 2} and _hand(r)["marks"] == {"ns": 0, "ew": 0}


def test_euchre_somerset_law_102_lone_hand_capped_and_law_62_revoke_wins_first():
    """Law 102: the lone player's partner exposed a card: a march scores 2. Law 62 and law 4:
    the adversaries' revoke penalty of 5 scores first and wins the game from 0."""
    evs = [_ev("take_up", "N", alone=True), _ev("discard_quitted", "N", to_partner=True),
           _ev("card_exposed_in_play", "S", card="9S")]
    r = _euchre(evs, {"tricks": 5}, lone="N")
    assert codes(r) == ["EU-102"] and _hand(r)["marks"] == {"ns": 2, "ew": 0}
    r = _euchre(evs + [_ev("revoke", "N")], {"tricks": 5, "score": {"ns": 4, "ew": 0}}, lone="N")
    assert _hand(r)["marks"] == {"ns": 2, "ew": 5}
    assert _hand(r)["game"]["game_won"] == "E-W"  # law 4: the penalty before the march


def test_euchre_law_19_adversaries_insisted_scored_as_a_partnership_hand():
    """Excerpt law 19: the lone dealer kept his discard and the adversaries insisted: his
    partner played with him, so a march scores 2, not the lone hand's 4; not insisting (or
    the partner insisting, no effect) leaves the lone hand's 4."""
    evs = [_ev("take_up", "N", alone=True), _ev("discard_quitted", "N", to_partner=False)]
    r = _euchre(evs + [_ev("choice", "E", choice="partner_plays")], {"tricks": 5}, lone="N")
    assert codes(r) == ["EU-19p"] and _adj(r) == ["EU-19p"]
    assert _hand(r)["as_played"] == {"ns": 4, "ew": 0}
    assert _hand(r)["marks"] == {"ns": 2, "ew": 0} and _hand(r)["scored_as"]["alone"] is False
    r = _euchre(evs + [_ev("choice", "W", choice="stand")], {"tricks": 5}, lone="N")
    assert codes(r) == ["EU-19s"] and _hand(r)["marks"] == {"ns": 4, "ew": 0}
    r = _euchre(evs + [_ev("choice", "S", choice="partner_plays")], {"tricks": 5}, lone="N")
    assert codes(r) == ["EU-OPTn", "EU-19"] and _hand(r)["marks"] == {"ns": 4, "ew": 0}


def test_euchre_law_22_no_trump_named_the_deal_is_void():
    """Excerpt law 22: no one names a trump: void, nothing is marked."""
    evs = [_ev("pass", s) for s in "ESWNESWN"]
    r = _euchre(evs, {"makers": "NS", "tricks": 3})
    assert codes(r) == ["EU-22"] and _hand(r)["void"]


# ---- écarté: laws 41, 42, 43, 46, 47 ----------------------------------------------------

def _ecarte(events, result, **top):
    data = {"game": "ecarte", "context": {"dealer": 0, "phase": "play_begun"},
            "events": events, "result": result}
    data.update(top)
    return judge(data)


_NAMED = _ev("named_suit_not_led", "non_dealer", suit="H", card="KS")


def test_ecarte_law_41_adversary_requires_the_suit_named():
    """Law 41: the adversary "may require the leader to play the suit named"."""
    r = _ecarte([_NAMED, _ev("choice", "dealer", choice="require_named_suit")],
                {"tricks": {"dealer": 3, "non_dealer": 2}})
    assert codes(r) == ["EC-41c"] and r["rulings"][0]["ruling"] == "play_named_suit"
    assert "must play the suit he named" in r["rulings"][0]["text"]
    assert _hand(r)["marks"] == {"dealer": 1, "non_dealer": 0}


def test_ecarte_law_41_adversary_plays_to_the_card_led():
    """Law 41: "the adversary may play to the card led"."""
    r = _ecarte([_NAMED, _ev("choice", "dealer", choice="play_to_card_led")],
                {"tricks": {"dealer": 2, "non_dealer": 3}})
    assert codes(r) == ["EC-41d"] and _hand(r)["marks"] == {"dealer": 0, "non_dealer": 1}


def test_ecarte_law_41_the_leader_cannot_choose_for_the_adversary():
    """Law 41 gives the option to the adversary: the leader's own choice has no effect."""
    r = _ecarte([_NAMED, _ev("choice", "non_dealer", choice="require_named_suit")],
                {"tricks": {"dealer": 2, "non_dealer": 3}})
    assert codes(r) == ["EC-OPTn", "EC-41a"]
    assert r["rulings"][0]["by_seat"] == "non_dealer" and r["outcome"] == "claimant_option"


def test_ecarte_law_43_hands_played_again_the_replay_is_scored_and_capped():
    """Law 43: the adversary requires the hands played again; the offender wins the vole
    in the replay and marks only one."""
    evs = [_ev("renounce", "non_dealer", card="7H"), _ev("choice", "dealer", choice="replay")]
    r = _ecarte(evs, {"tricks": {"dealer": 2, "non_dealer": 3},
                      "replay": {"tricks": {"dealer": 0, "non_dealer": 5}}})
    assert codes(r) == ["EC-43r"] and r["outcome"] == "hands_replayed"
    assert _hand(r)["marks"] == {"dealer": 0, "non_dealer": 1}
    assert _hand(r)["scored_as"]["offender"] == 1
    # Replayed but the replay not given yet: the marks wait for it.
    r = _ecarte(evs, {"tricks": {"dealer": 2, "non_dealer": 3}})
    assert _hand(r)["marks"] is None and _hand(r)["pending"] == ["replay"]


def test_ecarte_law_43_let_stand_offender_marks_nothing_for_the_point():
    """Law 43: "if the offender win the point he marks nothing"; the adversary let it stand."""
    evs = [_ev("renounce", "non_dealer", card="7H"), _ev("choice", "dealer", choice="stand")]
    r = _ecarte(evs, {"tricks": {"dealer": 2, "non_dealer": 3}})
    assert codes(r) == ["EC-43s"] and _hand(r)["marks"] == {"dealer": 0, "non_dealer": 0}
    assert _hand(r)["as_played"] == {"dealer": 0, "non_dealer": 1}


def test_ecarte_law_43_played_without_proposing_point_marks_one():
    """Law 43: "if he win the point when his adversary has played without proposing ... he
    marks only one" (the point would count two, EC-24)."""
    evs = [_ev("play_without_proposing", "non_dealer"), _ev("renounce", "dealer", card="7H"),
           _ev("choice", "non_dealer", choice="stand")]
    r = _ecarte(evs, {"tricks": {"dealer": 3, "non_dealer": 2}})
    assert codes(r) == ["EC-43s"] and _hand(r)["marks"] == {"dealer": 1, "non_dealer": 0}


def test_ecarte_law_43_choice_by_the_offender_or_after_the_cut_has_no_effect():
    """Law 43: the option is the adversary's, and cannot outlast the cut for the next deal."""
    ren = _ev("renounce", "non_dealer", card="7H")
    r = _ecarte([ren, _ev("choice", "non_dealer", choice="replay")],
                {"tricks": {"dealer": 2, "non_dealer": 3}})
    assert codes(r) == ["EC-OPTn", "EC-43"] and _hand(r)["pending"] == ["EC-43"]
    r = _ecarte([ren, _ev("cut_for_next_deal"), _ev("choice", "dealer", choice="replay")],
                {"tricks": {"dealer": 2, "non_dealer": 3}})
    assert codes(r) == ["EC-OPTl", "EC-43l"] and r["rulings"][0]["ruling"] == "no_effect"


def test_ecarte_law_42_abandoned_without_a_trick_the_adversary_marks_the_vole():
    """Law 42: abandoned with no trick made: the adversary marks the vole."""
    r = _ecarte([_ev("hand_abandoned", "dealer", tricks=0)],
                {"tricks": {"dealer": 0, "non_dealer": 2}})
    assert codes(r) == ["EC-42v"] and _hand(r)["marks"] == {"dealer": 0, "non_dealer": 2}


def test_ecarte_law_47_king_turned_marks_one_and_law_46_ends_the_game():
    """Law 47: the dealer turning up a king marks one; law 46: at four it makes five."""
    r = _ecarte([], {"tricks": {"dealer": 1, "non_dealer": 4}, "king_turned": True,
                     "score": {"dealer": 4, "non_dealer": 0}}, trump_turned="KH")
    assert "EC-47a" in codes(r) and codes(r)[-1] == "EC-46"
    assert _hand(r)["marks"] == {"dealer": 1, "non_dealer": 1}
    assert _hand(r)["game"]["game_won"] == "dealer"


def test_ecarte_law_47_king_held_stated_in_the_result():
    """Law 47: "holding the king of trumps in his hand" (announced) marks one."""
    r = _ecarte([], {"tricks": {"dealer": 3, "non_dealer": 2}, "king_held_by": "non_dealer"},
                trump_turned="9H")
    assert "EC-47b" in codes(r) and _hand(r)["marks"] == {"dealer": 1, "non_dealer": 1}


def test_euchre_law_23_from_the_hands_through_to_the_marks():
    """Excerpt law 23 read from the hands themselves (West holds four, South six) once the
    first trick was played: the deal stands; both sides hold a wrong hand and neither
    scores; the shortage and the surplus are the same misplaced card."""
    from judge_input import three_ways

    r = three_ways("euchre", 0, move=(0, 2), context={"phase": "first_trick_quitted"})[0]
    assert codes(r)[0] == "EU-23b"
    data = {"game": "euchre", "trump_turned": "JH",
            "context": {"dealer": "N", "phase": "first_trick_quitted"},
            "findings": [{"code": "seat_over", "seat": "S"}],
            "events": [_ev("order_up", "W")], "result": {"tricks": 3}}
    r = judge(data)
    assert codes(r) == ["EU-23b", "EU-23c"] and _hand(r)["marks"] == {"ns": 0, "ew": 1}
    assert _hand(r)["scored_as"]["barred"] == "NS"


def test_bridge_honours_and_chicane_counted_from_the_hands():
    """BR-22/BR-25 from the original hands: N-S hold all five honours divided (five times
    the trick, 40); East and West hold no heart, double chicane against them (2 x 16 off):
    8 above, and 3 odd tricks at 8 below."""
    hands = {"N": "AH KH QH 2S 3S 4S 5S 6S 7S 8S 9S TS JS",
             "E": "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
             "S": "2H 3H 4H 5H 6H 7H 8H 9H TH JH QS KS AS",
             "W": "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC"}
    r = judge({"game": "bridge_whist", "context": {"dealer": "N"},
               "hands": {k: v.split() for k, v in hands.items()},
               "events": [_ev("declare", "N", suit="H")], "result": {"tricks": 9}})
    h = _hand(r)
    assert h["honours_kind"] == "five honours" and h["above"] == {"ns": 8, "ew": 0}
    assert h["below"] == {"ns": 24, "ew": 0} and h["marks"] == {"ns": 32, "ew": 0}
    assert "cards" in h["scored_as"]


def test_dw_law_iv_sec_10_played_elsewhere_this_tables_result_stands():
    """Law IV §10: already played elsewhere with the recorded trump: "that trump stands as
    correct" here, and the players at the original table take the average."""
    r = judge({"game": "duplicate_whist", "trump_slip": "KH", "trump_turned": "7S",
               "context": {"tables": 3, "played_with_wrong_trump": 1},
               "result": {"tricks": 6}})
    assert codes(r) == ["DW-IV-10b"]
    assert _hand(r)["marks"] == {"ns": 6, "ew": 7} == _hand(r)["as_played"]
    assert _adj(r) == ["DW-IV-10b"] and "original table" in _hand(r)["adjustments"][0]["effect"]
