"""Euchre hands as the terminal keys them, with the laws engine's rulings carried through
(scoring_euchre.score_entry), and rubbers per table (score_rubbers). Both interpreters."""

from overplay_core import ruling_ids
from overplay_core.scoring import euchre as se
from testkit import rule_error



def test_entry_without_rulings_is_score_hand():
    b = se.score_entry({"makers": 1, "tricks": 4})
    assert b["total"] == (0, 1) and b["rulings"] == [] and not b["void"]
    assert se.score_entry({"makers": 0, "tricks": 5, "alone": True})["total"] == (4, 0)


def test_cannot_score_rulings_bar_the_side_by_id_or_code():
    for code in ("EU-23c", "EU-17a"):
        b = se.score_entry({"makers": 0, "tricks": 5, "rulings": [(ruling_ids.id_of(code), 0)]})
        assert b["total"] == (0, 0) and b["barred"] == 0 and b["rulings"] == [code]
    # The barred side euchred the makers: its 2 points are lost too.
    b = se.score_entry({"makers": 0, "tricks": 1, "rulings": [("EU-23c", 1)]})
    assert b["total"] == (0, 0)


def test_somerset_forfeit_ruling_gives_the_adversaries_two_or_four():
    v = se.V_SOMERSET_FORFEIT
    b = se.score_entry({"makers": 0, "tricks": 3, "rulings": [("EU-90", 0)]}, v)
    assert b["total"] == (0, 2)
    b = se.score_entry({"makers": 0, "tricks": 5, "alone": True,
                        "rulings": [("EU-90", 0)]}, v)
    assert b["total"] == (0, 4)


def test_lone_hand_capped_by_law_102():
    rid = ruling_ids.id_of("EU-102")
    assert se.score_entry({"makers": 1, "tricks": 5, "alone": True,
                           "rulings": [(rid, -1)]})["total"] == (0, 2)
    # Euchred, the adversaries score four even under the lone-euchred-2 variant.
    b = se.score_entry({"makers": 1, "tricks": 2, "alone": True, "rulings": [(rid, 1)]},
                       se.V_LONE_EUCHRED_2)
    assert b["total"] == (4, 0)
    assert "alone" in rule_error(se.score_entry, {"makers": 1, "tricks": 5,
                                               "rulings": [(rid, 1)]})


def test_revoke_rulings_add_to_keyed_revokes_and_cancel():
    b = se.score_entry({"makers": 0, "tricks": 3, "rulings": [("EU-62", 1)]})
    assert b["penalty"] == (3, 0) and b["total"] == (4, 0)
    b = se.score_entry({"makers": 0, "tricks": 3, "revokes": (1, 0),
                        "rulings": [("EU-62", 1)]})
    assert b["penalty"] == (0, 0)  # law 71: one each cancels
    assert "side" in rule_error(se.score_entry, {"makers": 0, "tricks": 3,
                                              "rulings": [("EU-62", -1)]})


def test_void_deal_scores_nothing_and_other_rulings_pass():
    b = se.score_entry({"makers": 0, "tricks": 5, "rulings": [("EU-33", -1)]})
    assert b["void"] and b["total"] == (0, 0)
    b = se.score_entry({"makers": 0, "tricks": 5, "rulings": [("EU-24", 2), (0, -1)]})
    assert b["total"] == (2, 0) and b["rulings"] == []


def test_entry_refuses_what_cannot_be_scored():
    assert "makers" in rule_error(se.score_entry, {"tricks": 3})
    assert "tricks" in rule_error(se.score_entry, {"makers": 0})
    assert "side that cannot score" in rule_error(se.score_entry, {"makers": 0, "tricks": 3,
                                                                "rulings": [("EU-90", -1)]})
    assert "barred side" in rule_error(se.score_entry, {"makers": 0, "tricks": 3, "barred": 2})
    assert "(ruling id, side)" in rule_error(se.score_entry, {"makers": 0, "tricks": 3,
                                                           "rulings": [("EU-23c",)]})
    assert "dict" in rule_error(se.score_entry, [0, 3])


def test_rubbers_per_table_from_entries():
    march = {"makers": 0, "tricks": 5, "table": 1}
    other = {"makers": 1, "tricks": 3, "table": 2}
    # Table 1: three marches of 2 give N-S game 1 (6: one lapped); table 2 plays alone.
    r = se.score_rubbers([march, other, march, march])
    assert [t for t, _ in r["rubbers"]] == [1, 2]
    t1 = r["rubbers"][0][1]
    assert t1.games == [1, 0] and t1.score == [1, 0]
    assert r["rubbers"][1][1].score == [0, 1]
    assert [h["game_won"] for h in r["hands"]] == [-1, -1, -1, 0]
    assert [h["rubber"] for h in r["hands"]] == [1, 1, 1, 1]


def test_rubber_closes_and_the_next_begins():
    lone = {"makers": 1, "tricks": 5, "alone": True}
    # Lone marches of 4 lap: 4, 8 -> game (3 over), 7 -> game: two games to love, each
    # counting 2 (law 7), and 2 for the rubber: E-W win it by 6.
    r = se.score_rubbers([lone] * 3 + [{"makers": 0, "tricks": 3}], always_three=False)
    assert len(r["rubbers"]) == 2 and r["rubbers"][0][1].finished
    assert r["rubbers"][0][1].result() == (se.EW, 2 + 2 + 2)
    assert r["hands"][-1]["rubber"] == 2


def test_both_sides_barred_neither_scores():
    # Law 23: a player of each side held the wrong number and played: neither scores.
    b = se.score_entry({"makers": 0, "tricks": 5, "barred": 1, "rulings": [("EU-23c", 0)]})
    assert b["total"] == (0, 0) and b["barred"] == se.BOTH
    # Under law 90 each forfeits two to the other: they cancel.
    b = se.score_entry({"makers": 1, "tricks": 4, "rulings": [("EU-23c", 0), ("EU-23c", 1)]},
                       se.V_SOMERSET_FORFEIT)
    assert b["total"] == (2, 2) and b["points"] == (0, 0)


def test_rulings_from_the_laws_engine_carried_through():
    from judge_input import euchre as judge
    from judge_input import euchre_event as ev
    from overplay_core.scoring import rulings as sr
    # Dealer N did not discard by the first trick (law 17) under Somerset law 90: N-S
    # cannot score and forfeit two; EU-90 names no seat, EU-17a names N and S.
    r = judge([ev("no_discard_by_first_trick")], variants=["somerset_forfeit"])
    rulings = sr.from_verdict(r["rulings"])
    assert rulings == [("EU-17a", 0), ("EU-90", -1)]
    b = se.score_entry({"makers": 0, "tricks": 5, "rulings": rulings}, se.V_SOMERSET_FORFEIT)
    assert b["total"] == (0, 2) and b["rulings"] == ["EU-17a", "EU-90"]
    # N alone, his partner S exposes a card (law 102): the lone march scores two.
    r = judge([ev("card_exposed_in_play", "S", card="9D")], phase="play_begun", lone="N")
    b = se.score_entry({"makers": 0, "tricks": 5, "alone": True,
                        "rulings": sr.from_verdict(r["rulings"])})
    assert b["total"] == (2, 0)
    # E revokes: the ruling names E (the revoker) and N, S (who score): E-W's revoke.
    r = judge([ev("revoke", "E", card="9S")], phase="deal_played")
    rulings = sr.from_verdict(r["rulings"])
    assert rulings == [("EU-62", 1)]
    assert se.score_entry({"makers": 1, "tricks": 3, "rulings": rulings})["total"] == (3, 1)
