"""Écarté scoring (Club Code laws 42, 43, 46, 47; catalogue EC-11, EC-13, EC-17, EC-18,
EC-21..EC-25). Both interpreters."""

from overplay_core.scoring import ecarte as sc
from overplay_core.cards import parse_card, parse_cards
from testkit import rule_error



def test_ec23_point_of_three_or_four_tricks_marks_one():
    assert sc.deal_points(0, (3, 2))["total"] == (1, 0)
    b = sc.deal_points(0, (1, 4))
    assert b["total"] == (0, 1) and b["winner"] == 1 and b["kind"] == "point"


def test_ec23_vole_of_all_five_tricks_marks_two():
    b = sc.deal_points(1, (0, 5))
    assert b["total"] == (0, 2) and b["kind"] == "vole"


def test_ec24_non_dealer_played_without_proposing_and_lost_point_dealer_marks_two():
    assert sc.deal_points(0, (3, 2), proposal=sc.PLAYED_WITHOUT_PROPOSING)["total"] == (2, 0)
    # The non-dealer who stood and won marks only the usual point.
    assert sc.deal_points(0, (2, 3), proposal=sc.PLAYED_WITHOUT_PROPOSING)["total"] == (0, 1)


def test_ec24_dealer_refused_first_proposal_and_lost_point_non_dealer_marks_two():
    assert sc.deal_points(1, (4, 1), proposal=sc.FIRST_PROPOSAL_REFUSED)["total"] == (2, 0)
    assert sc.deal_points(1, (1, 4), proposal=sc.FIRST_PROPOSAL_REFUSED)["total"] == (0, 1)


def test_ec24_law43_a_vole_is_still_two_with_the_proposal_bonus():
    assert sc.deal_points(0, (5, 0), proposal=sc.PLAYED_WITHOUT_PROPOSING)["total"] == (2, 0)


def test_law47_king_turned_up_or_held_and_announced_marks_one():
    b = sc.deal_points(0, (2, 3), king=0)
    assert b["king"] == (1, 0) and b["points"] == (0, 1) and b["total"] == (1, 1)


def test_law47_king_holder_from_the_recorded_cards():
    hands = (parse_cards("KH 7S 8S 9S TS"), parse_cards("AH QS JS 7C 8C"))
    assert sc.king_holder(parse_card("KD"), hands, dealer=1) == 1  # turned up: the dealer's
    assert sc.king_holder(parse_card("9H"), hands, dealer=1) == 0  # held in hand
    assert sc.king_holder(parse_card("9D"), hands, dealer=1) == -1  # in the stock


def test_law42_abandoning_with_no_trick_gives_the_adversary_the_vole():
    b = sc.deal_points(0, (0, 1), abandoned_by=0)
    assert b["total"] == (0, 2) and b["kind"] == "vole"
    assert sc.deal_points(0, (0, 0), abandoned_by=1)["total"] == (2, 0)


def test_law42_abandoning_after_one_or_two_tricks_gives_the_adversary_the_point():
    assert sc.deal_points(0, (2, 1), abandoned_by=0)["total"] == (0, 1)
    assert sc.deal_points(0, (1, 1), abandoned_by=1)["total"] == (1, 0)


def test_law42_throwing_down_a_won_hand_is_not_abandoning():
    assert "law 42" in rule_error(sc.deal_points, 0, (3, 0), abandoned_by=0)


def test_law42_ec24_abandoning_non_dealer_who_stood_gives_the_dealer_two():
    b = sc.deal_points(0, (0, 2), abandoned_by=1, proposal=sc.PLAYED_WITHOUT_PROPOSING)
    assert b["total"] == (2, 0)


def test_law43_offender_winning_the_point_marks_nothing():
    b = sc.deal_points(0, (3, 2), offender=0)
    assert b["total"] == (0, 0) and b["winner"] == 0


def test_law43_offender_winning_the_vole_marks_only_one():
    assert sc.deal_points(0, (0, 5), offender=1)["total"] == (0, 1)


def test_law43_offender_winning_a_point_worth_two_marks_only_one():
    b = sc.deal_points(0, (3, 2), offender=0, proposal=sc.PLAYED_WITHOUT_PROPOSING)
    assert b["total"] == (1, 0)
    b = sc.deal_points(0, (2, 3), offender=1, proposal=sc.FIRST_PROPOSAL_REFUSED)
    assert b["total"] == (0, 1)


def test_law43_adversary_of_the_offender_scores_in_full():
    assert sc.deal_points(0, (0, 5), offender=0)["total"] == (0, 2)


def test_ec13_player_with_more_than_five_cards_marks_no_point_or_vole():
    b = sc.deal_points(0, (5, 0), overheld_by=0, king=0)
    assert b["points"] == (0, 0) and b["total"] == (1, 0)


def test_impossible_deals_are_refused():
    assert "five tricks" in rule_error(sc.deal_points, 0, (3, 3))
    assert "five tricks" in rule_error(sc.deal_points, 0, (2, 2))
    assert "dealer" in rule_error(sc.deal_points, 2, (3, 2))
    assert "proposal" in rule_error(sc.deal_points, 0, (3, 2), proposal=7)
    assert "king" in rule_error(sc.deal_points, 0, (3, 2), king=3)
    assert "tricks" in rule_error(sc.deal_points, 0, (6, -1))


def test_law46_game_is_five_up():
    g = sc.Game()
    for _ in range(4):
        assert g.add(sc.deal_points(0, (3, 2))) == -1
    assert g.score == [4, 0]
    assert g.add(sc.deal_points(1, (5, 0))) == 0  # vole: 6, kept as five up
    assert g.finished and g.winner == 0 and g.score == [5, 0]
    assert "game is over" in rule_error(g.add, sc.deal_points(0, (3, 2)))


def test_law46_treble_double_single_by_agreement():
    t = sc.V_ECARTE_TREBLE
    assert [sc.game_value(n, t) for n in (0, 1, 2, 3, 4)] == [3, 2, 2, 1, 1]
    assert [sc.game_value(n) for n in (0, 2, 4)] == [1, 1, 1]
    g = sc.Game(variant=t)
    assert g.value() == 0
    g.add(sc.deal_points(0, (0, 5)))
    g.add(sc.deal_points(1, (0, 5)))
    g.add(sc.deal_points(0, (2, 3)))
    assert g.finished and g.winner == 1 and g.value() == 3


def test_variant_bit_matches_the_game_profiles():
    from overplay_core import games
    assert sc.V_ECARTE_TREBLE == games.V_ECARTE_TREBLE


def test_ec25_king_marked_before_play_ends_the_game_before_the_hand():
    g = sc.Game()
    g.add(sc.deal_points(0, (0, 5)))
    g.add(sc.deal_points(1, (0, 5)))  # seat 1 on 4
    g.add(sc.deal_points(0, (4, 1)))  # seat 0 on 1
    b = sc.deal_points(1, (5, 0), king=1)  # seat 1 turns up the king; seat 0 takes a vole
    assert g.add(b) == 1 and g.score == [1, 5]


def test_ec25_setting_hand_played_out_before_the_king_counts():
    g = sc.Game(king_ends_game=False)
    g.score = [4, 4]
    assert g.add(sc.deal_points(1, (3, 2), king=1)) == 0


def test_check_tricks_is_the_non_raising_door():
    assert sc.check_tricks((3, 2)) == sc.OK
    assert sc.check_tricks((3, 3)) == sc.ERR_TRICKS
    assert sc.check_tricks((1, 0), abandoned_by=1) == sc.OK
    assert sc.check_tricks((3, 0), abandoned_by=0) == sc.ERR_WON_POINT  # law 42
    assert sc.check_tricks((4, 2), abandoned_by=0) == sc.ERR_TRICKS
