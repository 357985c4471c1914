"""Duplicate whist scoring (catalogue DW-16..DW-25; Law IV §§9-10, Law V §1). Both interpreters."""

from overplay_core.scoring import whist as sw
from overplay_core.errors import RuleError


def _raises(fn, *args):
    try:
        fn(*args)
    except RuleError as e:
        return str(e)
    raise AssertionError("no RuleError from %r%r" % (fn, args))


def test_dw18_1894_law_a_every_trick_is_scored_and_sides_add_to_13():
    assert sw.deal_result(8) == (8, 5)
    assert sw.deal_result(0) == (0, 13)
    assert sw.deal_result(13) == (13, 0)


def test_dw18_a_trick_count_outside_0_to_13_is_refused_by_both_doors():
    for bad in (-1, 14, 7.5, "7", None, True):
        assert sw.check_tricks(bad) == sw.ERR_TRICKS
        assert "0..13" in _raises(sw.deal_result, bad)
    assert sw.check_tricks(13) == sw.OK and sw.check_tricks(0) == sw.OK


def test_dw19_1894_law_a_east_west_score_is_taken_when_the_sides_disagree():
    assert sw.agreed_result(8, 5) == (8, 5)
    assert sw.agreed_result(8, 6) == (7, 6)  # N-S made to agree with E-W
    assert sw.agreed_result(4, 5) == (8, 5)


def test_dw23_1894_law_a_averages_use_the_nearest_whole_number():
    assert sw.average_score([7, 8, 8]) == 8  # 7.67
    assert sw.average_score([7, 7, 8]) == 7  # 7.33
    assert sw.average_score([6, 7]) == 7  # exact half: HALF_UP counts it (default)
    assert sw.average_score([6, 7], sw.HALF_DOWN) == 6
    assert sw.average_score([7, 8, 8], sw.TRUNCATE) == 7  # "fractions disregarded" read as drop


def test_dw23_rounding_is_integer_exact_for_negative_margins():
    assert sw.divide(-3, 2) == -1  # -1.5 half up -> -1
    assert sw.divide(-3, 2, sw.HALF_DOWN) == -2
    assert sw.divide(-7, 2, sw.TRUNCATE) == -3
    assert sw.divide(1035, 5) == 207


def test_dw25_average_of_no_scores_is_refused():
    assert "no score" in _raises(sw.average_score, [])
    assert "new deal" in _raises(sw.board_scores, [sw.AVERAGE, sw.AVERAGE, sw.AVERAGE])


def test_law_iv_sec9_table_taking_the_average_gets_the_average_of_tables_that_played():
    # Four tables; table 2 found the wrong trump after the overplay began (more than two
    # tables): it takes the average of the three tables that played the deal validly.
    assert sw.board_scores([7, sw.AVERAGE, 9, 8]) == [(7, 6), (8, 5), (9, 4), (8, 5)]


def test_law_v_sec1_rectified_table_takes_average_each_side_by_its_own_scores():
    # N-S 6 and 7 at the tables that played: 6.5 -> 7 for N-S, and E-W 7 and 6 -> 7 for E-W
    # (each side averaged by itself, HALF_UP): the pair is 14 at an exact half.
    assert sw.board_scores([6, 7, sw.AVERAGE]) == [(6, 7), (7, 6), (7, 7)]
    # The complement setting keeps the table at 13 tricks.
    assert sw.board_scores([6, 7, sw.AVERAGE], sides=sw.SIDES_COMPLEMENT)[2] == (7, 6)
    assert sw.board_scores([6, 7, sw.AVERAGE], sw.HALF_DOWN)[2] == (6, 6)


def test_law_iv_sec10_original_table_takes_average_while_others_keep_their_tricks():
    res = sw.board_scores([sw.AVERAGE, 10, 8, 9, 9])
    assert res[0] == (9, 4) and res[1:] == [(10, 3), (8, 5), (9, 4), (9, 4)]


def test_dw16_duplicate_auction_law_b3_partner_surplus_gets_lowest_opponents_highest():
    # N-S at table 3: the short player's partner held the surplus.
    res = sw.board_scores([7, 9, sw.NS_SURPLUS, 8])
    assert res[2] == (7, 6)  # lowest N-S score, highest E-W score
    res = sw.board_scores([7, 9, sw.EW_SURPLUS, 8])
    assert res[2] == (9, 4)  # E-W offended: lowest E-W, N-S the highest


def test_board_scores_names_the_table_with_an_impossible_result():
    msg = _raises(sw.board_scores, [7, 14, 8])
    assert "table 2" in msg and "14" in msg


def test_dw24_compare_gives_each_table_its_distance_from_the_direction_average():
    assert sw.compare([7, 9, 8]) == [(7, 6, -1, 1), (9, 4, 1, -1), (8, 5, 0, 0)]
    # A table that took the average compares at 0.
    assert sw.compare([7, sw.AVERAGE, 9])[1] == (8, 5, 0, 0)


def test_dw24_foster_compass_whist_example_average_207():
    assert sw.plus_minus([201, 204, 211, 207, 212]) == [-6, -3, 4, 0, 5]


def test_dw20_1894_law_a_two_teams_win_by_tricks_above_half():
    # 2 tables x 10 boards = 260 tricks; team A took 136: wins by 6, B loses by 6.
    assert sw.plus_minus([136, 124]) == [6, -6]


def test_dw21_1894_law_a_more_than_two_teams_against_the_average_of_all():
    assert sw.plus_minus([100, 110, 93]) == [-1, 9, -8]  # average 101


def test_dw22_1894_law_a_odd_pair_adds_average_of_pairs_opposite():
    assert sw.odd_pair_allowance([80, 85, 84]) == 83
    assert sw.odd_pair_allowance([80, 81]) == 81  # 80.5 -> 81 (half up)


def test_totals_sum_each_table_over_boards_with_averages_filled_in():
    assert sw.totals([[7, 9], [5, 6]]) == [(12, 14), (15, 11)]
    assert sw.totals([[7, sw.AVERAGE, 9], [5, 6, 7]]) == [(12, 14), (14, 12), (16, 10)]
    assert sw.totals([]) == []
    assert "board 2" in _raises(sw.totals, [[7, 8], [7]])


def test_unknown_rounding_is_refused():
    assert "rounding" in _raises(sw.divide, 5, 2, 9)
