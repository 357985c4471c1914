"""Euchre scoring (Somerset 1888 laws 1-4, 7, 63, 71, 90, 102; excerpt laws 17, 23;
catalogue EU-26, EU-27, EU-31..EU-37). Both interpreters."""

from overplay_core.scoring import euchre as se
from testkit import rule_error

NS, EW = se.NS, se.EW



def test_somerset_law2_march_with_partner_scores_two():
    assert se.hand_points(5) == (2, 0)


def test_somerset_law2_three_or_four_tricks_score_one():
    assert se.hand_points(3) == (1, 0) and se.hand_points(4) == (1, 0)


def test_somerset_law2_makers_euchred_adversaries_score_two():
    for t in (0, 1, 2):
        assert se.hand_points(t) == (0, 2)


def test_somerset_law3_lone_hand_march_scores_four():
    assert se.hand_points(5, alone=True) == (4, 0)


def test_somerset_law3_lone_hand_three_or_four_tricks_score_one():
    assert se.hand_points(3, alone=True) == (1, 0) and se.hand_points(4, alone=True) == (1, 0)


def test_somerset_law3_lone_hand_euchred_adversaries_score_four():
    assert se.hand_points(2, alone=True) == (0, 4)


def test_eu33_lone_euchred_2_variant_gives_the_adversaries_two():
    assert se.hand_points(1, alone=True, variant=se.V_LONE_EUCHRED_2) == (0, 2)
    assert se.hand_points(5, alone=True, variant=se.V_LONE_EUCHRED_2) == (4, 0)


def test_variant_bits_match_the_game_profiles():
    from overplay_core import games
    assert se.V_LONE_EUCHRED_2 == games.V_LONE_EUCHRED_2
    assert se.V_SOMERSET_FORFEIT == games.V_SOMERSET_FORFEIT


def test_somerset_law102_partner_exposed_lone_march_scores_only_two_euchre_four():
    assert se.hand_points(5, alone=True, partner_exposed=True) == (2, 0)
    assert se.hand_points(2, alone=True, partner_exposed=True) == (0, 4)
    # Law 102 fixes the four even where a plain lone euchre would give two.
    assert se.hand_points(2, True, True, se.V_LONE_EUCHRED_2) == (0, 4)
    assert "lone hand" in rule_error(se.hand_points, 5, False, True)


def test_tricks_outside_0_to_5_are_refused():
    for bad in (-1, 6, None, "5"):
        assert "0..5" in rule_error(se.hand_points, bad)


def test_score_hand_books_points_to_the_right_side():
    b = se.score_hand(EW, 5)
    assert b["points"] == (0, 2) and b["total"] == (0, 2) and b["penalty"] == (0, 0)
    b = se.score_hand(EW, 1)
    assert b["points"] == (2, 0)  # E-W made it and were euchred


def test_somerset_law63_revoke_costs_three_points_to_the_adversaries():
    b = se.score_hand(NS, 4, revokes=(0, 1))
    assert b["penalty"] == (3, 0) and b["points"] == (1, 0) and b["total"] == (4, 0)
    b = se.score_hand(NS, 3, revokes=(1, 0))
    assert b["penalty"] == (0, 3) and b["total"] == (1, 3)  # law 70: revokers still score


def test_somerset_law63_revoke_in_a_lone_hand_costs_five_and_repeats():
    assert se.score_hand(NS, 5, alone=True, revokes=(0, 1))["penalty"] == (5, 0)
    assert se.score_hand(NS, 5, revokes=(0, 2))["penalty"] == (6, 0)


def test_somerset_law71_equal_revokes_on_both_sides_cancel():
    assert se.score_hand(NS, 4, revokes=(1, 1))["penalty"] == (0, 0)
    assert se.score_hand(NS, 4, revokes=(2, 1))["penalty"] == (0, 3)


def test_excerpt_law17_dealer_not_discarded_by_first_trick_his_side_cannot_score():
    b = se.score_hand(NS, 5, barred_side=NS)
    assert b["points"] == (0, 0) and b["total"] == (0, 0)
    # The adversaries still score their euchre against a barred side.
    assert se.score_hand(NS, 2, barred_side=NS)["total"] == (0, 2)


def test_excerpt_law23_wrong_number_of_cards_after_first_trick_cannot_score():
    b = se.score_hand(EW, 4, barred_side=EW)
    assert b["total"] == (0, 0) and b["barred"] == EW


def test_somerset_law90_forfeits_two_or_four_in_a_lone_hand():
    v = se.V_SOMERSET_FORFEIT
    assert se.score_hand(NS, 5, barred_side=NS, variant=v)["total"] == (0, 2)
    assert se.score_hand(NS, 5, alone=True, barred_side=NS, variant=v)["total"] == (0, 4)
    b = se.score_hand(NS, 3, barred_side=EW, variant=v, forfeit_deducted=True)
    assert b["penalty"] == (0, -2) and b["total"] == (1, -2)


def test_somerset_law2_game_is_five_points():
    r = se.Rubber()
    for _ in range(4):
        assert r.add(se.score_hand(NS, 3)) == -1
    assert r.score == [4, 0]
    assert r.add(se.score_hand(NS, 4)) == NS
    assert r.games == [1, 0] and r.score == [0, 0]


def test_lap_carries_points_beyond_five_into_the_next_game():
    r = se.Rubber()
    r.add(se.score_hand(NS, 4))
    r.add(se.score_hand(NS, 3))
    r.add(se.score_hand(NS, 3))  # 3
    assert r.add(se.score_hand(NS, 5, alone=True)) == NS  # 3 + 4 = 7: lap 2
    assert r.score == [2, 0]
    r2 = se.Rubber(lap=False)
    for b in (se.score_hand(NS, 4),) * 3:
        r2.add(b)
    r2.add(se.score_hand(NS, 5, alone=True))
    assert r2.score == [0, 0]


def test_somerset_law7_game_counts_two_when_losers_failed_to_score():
    assert se.game_value(0) == 2 and se.game_value(1) == 1 and se.game_value(4) == 1
    r = se.Rubber()
    r.add(se.score_hand(EW, 5, alone=True))
    r.add(se.score_hand(EW, 3))  # 5-0: a double game
    assert r.games == [0, 1] and r.game_points == [0, 2]


def test_somerset_law1_third_game_is_played_even_after_two_straight_games():
    r = se.Rubber(lap=False)
    r.add(se.score_hand(NS, 5, alone=True))
    r.add(se.score_hand(NS, 3))  # game 1, double
    r.add(se.score_hand(NS, 5, alone=True))
    r.add(se.score_hand(NS, 3))  # game 2, double
    assert not r.finished
    r.add(se.score_hand(EW, 5, alone=True))
    r.add(se.score_hand(EW, 3))  # game 3 to E-W, double
    assert r.finished and r.winner == NS and r.game_points == [2 + 2 + 2, 2]
    assert r.result() == (NS, 4)
    assert "rubber is over" in rule_error(r.add, se.score_hand(NS, 3))


def test_eu34_best_of_three_setting_stops_after_two_games():
    r = se.Rubber(always_three=False)
    for _ in range(2):
        r.add(se.score_hand(NS, 5, alone=True))
        r.add(se.score_hand(NS, 3))
    assert r.finished and r.winner == NS and r.game_points == [6, 0]


def test_somerset_law1_third_game_lapping_brings_a_fourth_game():
    r = se.Rubber()
    for side in (NS, EW):  # one game each, doubles with no lap
        r.add(se.score_hand(side, 5, alone=True))
        r.add(se.score_hand(side, 3))
    r.add(se.score_hand(NS, 5, alone=True))  # 4
    assert r.add(se.score_hand(NS, 5)) == NS  # 6: the third game laps by 1
    assert not r.finished and r.score == [1, 0] and r.games == [2, 1]
    r.add(se.score_hand(EW, 5, alone=True))
    assert r.add(se.score_hand(EW, 4)) == EW  # fourth game to E-W: two all
    assert r.finished and r.games == [2, 2]
    # Game points: N-S 2 + 2, E-W 2 + 1 (N-S had 1 lapped): N-S win the rubber (+2).
    assert r.game_points == [6, 3] and r.winner == NS


def test_somerset_law4_revoke_penalty_is_scored_before_the_hand():
    r = se.Rubber()
    r.add(se.score_hand(NS, 5))
    r.add(se.score_hand(NS, 5))  # N-S 4
    r.add(se.score_hand(EW, 5))
    r.add(se.score_hand(EW, 3))  # E-W 3
    # N-S make a march (2, enough for game) but revoked: E-W's 3 come first and win.
    assert r.add(se.score_hand(NS, 5, revokes=(1, 0))) == EW
    assert r.games == [0, 1] and r.score == [0, 1]  # E-W lap 1; N-S's march is lost


def test_somerset_law7_three_double_games_and_the_rubber_make_eight():
    r = se.Rubber()
    for g in range(3):
        r.add(se.score_hand(NS, 5, alone=True))
        r.add(se.score_hand(NS, 4, alone=True))  # exactly five each game, no lap
    assert r.finished and r.game_points == [8, 0] and r.result() == (NS, 8)


def test_bad_sides_and_revokes_are_refused():
    assert "makers" in rule_error(se.score_hand, 2, 3)
    assert "barred" in rule_error(se.score_hand, NS, 3, barred_side=5)
    assert "revokes" in rule_error(se.score_hand, NS, 3, revokes=(0, -1))


def test_check_tricks_is_the_non_raising_door():
    assert se.check_tricks(0) == se.OK and se.check_tricks(5) == se.OK
    assert se.check_tricks(6) == se.ERR_TRICKS and se.check_tricks(None) == se.ERR_TRICKS
