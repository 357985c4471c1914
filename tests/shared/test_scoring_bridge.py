"""Bridge whist scoring (catalogue BR-13, BR-16, BR-18, BR-20..BR-26). Both interpreters.

Hands are built from a base deal (N all spades, E all hearts, S all diamonds, W all clubs),
then named cards are moved to other seats by swapping with a low card there.
"""

from overplay_core.scoring import bridge as sb
from overplay_core.cards import CLUBS, DIAMONDS, HEARTS, SPADES, parse_card
from testkit import rule_error

N, E, S, W = 0, 1, 2, 3
NT = sb.NO_TRUMP


def deal(moves=None):
    """Hands N E S W; moves = {"AH": N, ...} puts each named card in that seat."""
    hands = [[], [], [], []]
    base = {SPADES: N, HEARTS: E, DIAMONDS: S, CLUBS: W}
    for c in range(52):
        hands[base[c // 13]].append(c)
    fixed = set()
    for name, seat in (moves or {}).items():
        c = parse_card(name)
        fixed.add(c)
        src = [s for s in range(4) if c in hands[s]][0]
        if src == seat:
            continue
        other = [x for x in sorted(hands[seat]) if x not in fixed][0]
        hands[src].remove(c)
        hands[seat].remove(other)
        hands[src].append(other)
        hands[seat].append(c)
    return hands



def test_br20_trick_values_spades_2_clubs_4_diamonds_6_hearts_8_no_trumps_12():
    assert [sb.trick_value(s) for s in (SPADES, CLUBS, DIAMONDS, HEARTS, NT)] == [2, 4, 6, 8, 12]
    b = sb.score_hand(HEARTS, 9, sb.NS)
    assert b["below"] == (24, 0) and b["trick_side"] == sb.NS and b["trick_points"] == 24
    assert sb.score_hand(SPADES, 13, sb.EW)["below"] == (0, 14)
    assert sb.score_hand(NT, 7, sb.NS)["below"] == (12, 0)


def test_br20_the_side_winning_more_than_six_scores_even_if_it_did_not_make_trump():
    b = sb.score_hand(NT, 5, sb.NS)  # N-S made no trumps and took 5: E-W took 8
    assert b["below"] == (0, 24) and b["trick_side"] == sb.EW
    assert b["tricks"] == (5, 8)


def test_br20_a_maker_with_six_tricks_gives_the_adversaries_one_trick_above_six():
    b = sb.score_hand(CLUBS, 6, sb.EW)
    assert b["below"] == (4, 0) and b["trick_side"] == sb.NS


def test_br13_double_redouble_multiply_trick_value_not_honours():
    hands = deal({"AH": N, "KH": N, "QH": S})  # N-S three honours in hearts
    plain = sb.score_hand(HEARTS, 8, sb.NS, hands=hands)
    dbl = sb.score_hand(HEARTS, 8, sb.NS, doubles=1, hands=hands)
    rdbl = sb.score_hand(HEARTS, 8, sb.NS, doubles=2, hands=hands)
    assert (plain["below"][0], dbl["below"][0], rdbl["below"][0]) == (16, 32, 64)
    assert sb.score_hand(HEARTS, 8, sb.NS, doubles=3)["below"][0] == 128
    assert plain["honours"] == dbl["honours"] == rdbl["honours"] == (16, 0)


def test_br16_trick_value_cap_is_a_setting_off_by_default():
    assert sb.score_hand(NT, 13, sb.NS, doubles=4)["below"][0] == 7 * 192
    assert sb.score_hand(NT, 13, sb.NS, doubles=4, trick_cap=100)["below"][0] == 700


def test_br22_simple_honours_are_two_tricks_value():
    b = sb.score_hand(HEARTS, 7, sb.NS, hands=deal({"AH": N, "KH": S, "QH": S}))
    assert b["honours"] == (16, 0) and b["honours_kind"] == "simple honours"
    b = sb.score_hand(SPADES, 7, sb.NS, hands=deal({"AS": E, "KS": W, "QS": E}))
    assert b["honours"] == (0, 4)  # verified table: three honours in spades 4


def test_br22_four_honours_divided_four_tricks_and_in_one_hand_eight():
    b = sb.score_hand(HEARTS, 7, sb.NS, hands=deal({"AH": N, "KH": S, "QH": S, "JH": N}))
    assert b["honours"] == (32, 0) and b["honours_kind"] == "four honours"
    b = sb.score_hand(HEARTS, 7, sb.NS, hands=deal({"AH": N, "KH": N, "QH": N, "JH": N}))
    assert b["honours"] == (64, 0) and b["honours_kind"] == "four honours in one hand"


def test_br22_five_honours_divided_five_four_plus_fifth_nine_in_one_hand_ten():
    # E holds all the hearts in the base deal: five honours in one hand.
    b = sb.score_hand(CLUBS, 7, sb.NS, hands=deal({"AC": N, "KC": N, "QC": N, "JC": N,
                                                   "TC": N}))
    assert b["honours"] == (40, 0) and b["honours_kind"] == "five honours in one hand"
    b = sb.score_hand(CLUBS, 7, sb.NS, hands=deal({"AC": N, "KC": N, "QC": N, "JC": N,
                                                   "TC": S}))
    assert b["honours"] == (36, 0)
    b = sb.score_hand(CLUBS, 7, sb.NS, hands=deal({"AC": N, "KC": N, "QC": N, "JC": S,
                                                   "TC": S}))
    assert b["honours"] == (20, 0) and b["honours_kind"] == "five honours"


def test_br23_no_trump_aces_three_30_four_40_four_in_one_hand_100():
    b = sb.score_hand(NT, 7, sb.NS, hands=deal({"AS": N, "AH": N, "AD": S, "AC": W}))
    assert b["honours"] == (30, 0)
    b = sb.score_hand(NT, 7, sb.NS, hands=deal({"AS": N, "AH": N, "AD": S, "AC": S}))
    assert b["honours"] == (40, 0)
    b = sb.score_hand(NT, 7, sb.NS, hands=deal({"AS": W, "AH": W, "AD": W, "AC": W}))
    assert b["honours"] == (0, 100) and b["honours_kind"] == "four aces in one hand"
    b = sb.score_hand(NT, 7, sb.NS, hands=deal({"AS": N, "AH": E, "AD": S, "AC": W}))
    assert b["honours"] == (0, 0) and b["above"] == (0, 0)


def test_br23_honours_go_to_the_holders_whoever_made_trump():
    b = sb.score_hand(HEARTS, 9, sb.NS, hands=deal({"AH": E, "KH": E, "QH": W}))
    assert b["below"] == (24, 0) and b["honours"][1] > 0 and b["honours"][0] == 0


def test_br25_chicane_adds_simple_honours_to_a_side_holding_honours():
    # Hearts trump; W is void (base deal) and E-W hold all hearts honours in E's hand.
    hands = deal({"2H": N, "3H": S})  # N and S hold a heart each: no chicane on their side
    b = sb.score_hand(HEARTS, 7, sb.EW, hands=hands)
    assert b["honours"] == (0, 80) and b["chicane"] == (0, 16)
    assert b["above"] == (0, 96)


def test_br25_chicane_of_the_other_side_is_deducted_from_the_honours():
    # N void of hearts, S holds one; E-W hold the honours: N's chicane comes off E-W's.
    hands = deal({"2H": S, "3H": W})
    b = sb.score_hand(HEARTS, 7, sb.EW, hands=hands)
    assert b["honours"] == (0, 80) and b["chicane"] == (0, -16) and b["above"] == (0, 64)


def test_br25_double_chicane_is_worth_twice_simple_honours():
    # Base deal: N and S void of hearts (double chicane, -32 off E-W), W holds one heart.
    hands = deal({"2H": W})
    b = sb.score_hand(HEARTS, 7, sb.EW, hands=hands)
    assert b["chicane"] == (0, -32) and b["above"] == (0, 48)
    # Both sides void somewhere: N and S void (-32), W void too (+16).
    b = sb.score_hand(HEARTS, 7, sb.EW, hands=deal())
    assert b["chicane"] == (0, -16)


def test_br25_no_chicane_at_no_trumps():
    assert sb.score_hand(NT, 7, sb.NS, hands=deal())["chicane"] == (0, 0)


def test_br24_grand_slam_40_little_slam_20_in_the_honour_column():
    b = sb.score_hand(SPADES, 13, sb.NS)
    assert b["slam"] == (40, 0) and b["below"] == (14, 0) and b["above"] == (40, 0)
    assert sb.score_hand(SPADES, 12, sb.NS)["slam"] == (20, 0)
    assert sb.score_hand(SPADES, 1, sb.NS)["slam"] == (0, 20)  # defenders too
    assert sb.score_hand(SPADES, 11, sb.NS)["slam"] == (0, 0)


def test_br24_slam_is_not_made_with_revoke_penalty_tricks():
    b = sb.score_hand(DIAMONDS, 10, sb.NS, revokes=(0, 1))
    assert b["tricks"] == (13, 0) and b["slam"] == (0, 0) and b["below"] == (42, 0)


def test_br18_revoke_moves_three_tricks_and_the_revoking_side_cannot_score_slam():
    b = sb.score_hand(HEARTS, 8, sb.NS, revokes=(1, 0))
    assert b["tricks"] == (5, 8) and b["below"] == (0, 16)
    b = sb.score_hand(HEARTS, 12, sb.NS, revokes=(1, 0))
    assert b["slam"] == (0, 0) and b["tricks"] == (9, 4)
    b = sb.score_hand(HEARTS, 9, sb.NS, revokes=(2, 0))  # two revokes, six tricks
    assert b["tricks"] == (3, 10) and b["below"] == (0, 32)
    b = sb.score_hand(HEARTS, 12, sb.NS, revokes=(0, 1))  # E-W had one trick: it is all
    assert b["tricks"] == (13, 0) and b["slam"] == (20, 0)


def test_br21_game_is_30_from_tricks_and_nothing_carries_over():
    r = sb.Rubber()
    assert r.add(sb.score_hand(HEARTS, 9, sb.NS)) == -1  # 24
    assert r.game == [24, 0]
    assert r.add(sb.score_hand(NT, 9, sb.NS)) == sb.NS  # 24 + 36 = 60: game
    assert r.game == [0, 0] and r.games == [1, 0] and r.below == [60, 0]
    assert not r.finished


def test_br21_honours_do_not_count_toward_game():
    r = sb.Rubber()
    hands = deal({"AS": W, "AH": W, "AD": W, "AC": W})
    r.add(sb.score_hand(NT, 7, sb.EW, hands=hands))  # 12 below, 100 above
    assert r.game == [0, 12] and r.above == [0, 100] and r.games == [0, 0]


def test_br21_br26_rubber_best_of_three_winners_add_100():
    r = sb.Rubber()
    r.add(sb.score_hand(NT, 10, sb.NS))  # 48: game N-S
    r.add(sb.score_hand(HEARTS, 11, sb.EW))  # 40: game E-W
    assert r.games == [1, 1] and not r.finished
    assert r.add(sb.score_hand(CLUBS, 13, sb.NS)) == -1  # 28 below, slam 40 above: no game
    assert r.add(sb.score_hand(DIAMONDS, 7, sb.NS)) == sb.NS  # 28 + 6
    assert r.finished and r.winner == sb.NS and r.game_winners == [sb.NS, sb.EW, sb.NS]
    assert r.totals() == (48 + 28 + 6 + 40 + 100, 40)
    assert r.result() == (sb.NS, 182)
    assert "rubber is over" in rule_error(r.add, sb.score_hand(CLUBS, 7, sb.NS))


def test_br21_rubber_ends_after_two_straight_games():
    r = sb.Rubber()
    r.add(sb.score_hand(NT, 10, sb.EW))
    r.add(sb.score_hand(NT, 9, sb.EW))
    assert r.finished and r.winner == sb.EW and r.totals() == (0, 48 + 36 + 100)


def test_elwell_revoke_the_revoking_side_cannot_pass_28_toward_game():
    r = sb.Rubber()
    r.add(sb.score_hand(HEARTS, 9, sb.NS))  # 24
    b = sb.score_hand(NT, 12, sb.NS, revokes=(1, 0))  # 9 tricks after penalty: 36
    assert b["below"] == (36, 0)
    assert r.add(b) == -1 and r.game == [28, 0] and r.below == [28, 0]


def test_holdings_from_the_tally_table_match_the_hands():
    hands = deal({"AH": N, "KH": S, "2H": W, "AS": E})
    table = bytearray(b"\xff" * 53)
    for seat in range(4):
        for c in hands[seat]:
            table[c] = seat
    for strain in (CLUBS, DIAMONDS, HEARTS, SPADES, NT):
        assert sb.holdings(strain, hands) == sb.holdings_from_seats(strain, table)
    a = sb.score_hand(HEARTS, 8, sb.NS, hands=hands)
    b = sb.score_hand(HEARTS, 8, sb.NS, seat_of_card=table)
    assert a == b


def test_without_hands_honours_are_not_computed():
    b = sb.score_hand(HEARTS, 8, sb.NS)
    assert b["honours_kind"] == "not computed" and b["honours"] == (0, 0)


def test_bad_hands_and_arguments_are_refused_with_a_reason():
    hands = deal()
    assert sb.check_hands(hands) == sb.OK
    assert sb.check_hands(hands[:3]) == sb.ERR_HANDS
    short = [h[:] for h in hands]
    short[0].pop()
    assert sb.check_hands(short) == sb.ERR_HAND_SIZE
    dup = [h[:] for h in hands]
    dup[0][0] = dup[1][0]
    assert sb.check_hands(dup) == sb.ERR_DUPLICATE
    bad = [h[:] for h in hands]
    bad[0][0] = 52
    assert sb.check_hands(bad) == sb.ERR_CARD
    assert "two hands" in rule_error(sb.score_hand, HEARTS, 7, sb.NS, hands=dup)
    assert "strain" in rule_error(sb.score_hand, 5, 7, sb.NS)
    assert "tricks" in rule_error(sb.score_hand, HEARTS, 14, sb.NS)
    assert "doubles" in rule_error(sb.score_hand, HEARTS, 7, sb.NS, doubles=-1)
    assert "declarer" in rule_error(sb.score_hand, HEARTS, 7, 2)
