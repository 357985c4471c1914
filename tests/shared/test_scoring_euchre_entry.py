"""Euchre hands as the terminal keys them, with the laws engine's rulings carried through
(scoring_euchre.score_entry), and rubbers per table (score_rubbers). Both interpreters."""

from overplay_core import ruling_ids
from overplay_core import scoring_euchre as se
from overplay_core.errors import RuleError


def _raises(fn, *args, **kw):
    try:
        fn(*args, **kw)
    except RuleError as e:
        return str(e)
    raise AssertionError("no RuleError")


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
    assert "alone" in _raises(se.score_entry, {"makers": 1, "tricks": 5,
                                               "rulings": [(rid, 1)]})


def test_revoke_rulings_add_to_keyed_revokes_and_cancel():
    b = se.score_entry({"makers": 0, "tricks": 3, "rulings": [("EU-62", 1)]})
    assert b["penalty"] == (3, 0) and b["total"] == (4, 0)
    b = se.score_entry({"makers": 0, "tricks": 3, "revokes": (1, 0),
                        "rulings": [("EU-62", 1)]})
    assert b["penalty"] == (0, 0)  # law 71: one each cancels
    assert "side" in _raises(se.score_entry, {"makers": 0, "tricks": 3,
                                              "rulings": [("EU-62", -1)]})


def test_void_deal_scores_nothing_and_other_rulings_pass():
    b = se.score_entry({"makers": 0, "tricks": 5, "rulings": [("EU-33", -1)]})
    assert b["void"] and b["total"] == (0, 0)
    b = se.score_entry({"makers": 0, "tricks": 5, "rulings": [("EU-24", 2), (0, -1)]})
    assert b["total"] == (2, 0) and b["rulings"] == []


def test_entry_refuses_what_cannot_be_scored():
    assert "makers" in _raises(se.score_entry, {"tricks": 3})
    assert "tricks" in _raises(se.score_entry, {"makers": 0})
    assert "already barred" in _raises(se.score_entry, {"makers": 0, "tricks": 3, "barred": 1,
                                                        "rulings": [("EU-23c", 0)]})
    assert "(ruling id, side)" in _raises(se.score_entry, {"makers": 0, "tricks": 3,
                                                           "rulings": [("EU-23c",)]})
    assert "dict" in _raises(se.score_entry, [0, 3])


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
