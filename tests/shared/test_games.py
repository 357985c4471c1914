"""Game profiles: packs, deal order, trump method, ranking, rotation (CPython and MicroPython)."""

from overplay_core import cards, games
from overplay_core.cards import ACE, CLUBS, DIAMONDS, HEARTS, JACK, JOKER, KING, QUEEN, SPADES, card
from overplay_core.errors import RuleError


def _hands(p, dealer):
    hands = [[] for _ in range(p.seats)]
    for n in range(len(p.pack)):
        s = p.seat_of(n, dealer)
        if s >= 0:
            hands[s].append(n)
    return hands


def test_whist_deals_one_at_a_time_from_dealers_left_last_card_to_dealer():
    """DW-2 / BR-1: one at a time in rotation from the dealer's left; the 52nd to the dealer."""
    p = games.profile(games.DUPLICATE_WHIST)
    for dealer in range(4):
        assert p.seat_of(0, dealer) == (dealer + 1) % 4
        assert p.seat_of(51, dealer) == dealer
        assert [len(h) for h in _hands(p, dealer)] == [13, 13, 13, 13]
    assert p.turn_up_index == 51 and p.trump_method == games.TRUMP_LAST_CARD
    assert p.seat_of(52, 0) == -1 and p.seat_of(-1, 0) == -1
    assert p.pack == cards.PACK_52 and p.deal_cards == 52 and p.hand_size == 13


def test_dw_law_iv_sec_11_declared_trump_variant_turns_no_card():
    """DW Law IV §11: by unanimous consent a trump is declared and none turned."""
    p = games.profile(games.DUPLICATE_WHIST, games.V_DECLARED_TRUMP)
    assert p.trump_method == games.TRUMP_DECLARED and p.turn_up_index == -1


def test_bridge_whist_trump_is_declared_no_card_turned():
    """Bridge: 'The trump is declared. No card is turned.'"""
    p = games.profile(games.BRIDGE_WHIST)
    assert p.trump_method == games.TRUMP_DECLARED and p.turn_up_index == -1
    assert p.seats == 4 and p.hand_size == 13


def test_euchre_two_then_three_and_turn_up_stays_on_pack():
    """EU-4: two then three to each from the dealer's left; the 21st card turned."""
    p = games.profile(games.EUCHRE)
    dealer = 3
    seats = [p.seat_of(n, dealer) for n in range(32)]
    assert seats[:8] == [0, 0, 1, 1, 2, 2, 3, 3]
    assert seats[8:20] == [0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3]
    assert seats[20:] == [-1] * 12  # the turn-up and the stock
    assert p.turn_up_index == 20 and p.deal_cards == 21 and len(p.pack) == 32
    assert p.trump_method == games.TRUMP_ORDER_UP


def test_euchre_three_then_two_variant():
    p = games.profile(games.EUCHRE, games.V_PACKETS_3_2)
    seats = [p.seat_of(n, 0) for n in range(20)]
    assert seats[:12] == [1, 1, 1, 2, 2, 2, 3, 3, 3, 0, 0, 0]
    assert seats[12:] == [1, 1, 2, 2, 3, 3, 0, 0]


def test_euchre_24_and_25_card_packs():
    """EU-1: pack size is a configuration item."""
    assert len(games.profile(games.EUCHRE, games.V_PACK_24).pack) == 24
    p25 = games.profile(games.EUCHRE, games.V_PACK_25)
    assert len(p25.pack) == 25 and JOKER in p25.pack and p25.in_pack[JOKER] == 1
    try:
        games.profile(games.EUCHRE, games.V_PACK_24 | games.V_PACK_25)
    except RuleError:
        pass
    else:
        raise AssertionError("two packs at once accepted")


def test_ecarte_two_seats_five_each_eleventh_turned():
    """Écarté law 8 and 10: five each by two and three; the top card remaining turned."""
    p = games.profile(games.ECARTE)
    seats = [p.seat_of(n, 1) for n in range(12)]
    assert seats == [0, 0, 1, 1, 0, 0, 0, 1, 1, 1, -1, -1]
    assert p.turn_up_index == 10 and p.seats == 2 and p.hand_size == 5
    assert p.packets_fixed_for == "game"  # law 8: not changed during a game
    assert games.profile(games.EUCHRE).packets_fixed_for == "deal"
    p32 = games.profile(games.ECARTE, games.V_PACKETS_3_2)
    assert [p32.seat_of(n, 0) for n in range(10)] == [1, 1, 1, 0, 0, 0, 1, 1, 0, 0]


def test_misdeal_passes_the_deal_only_in_euchre():
    """DW-3 the misdealer deals again; EU-12 in euchre a misdeal loses the deal."""
    assert games.profile(games.DUPLICATE_WHIST).next_dealer(2, misdeal=True) == 2
    assert games.profile(games.DUPLICATE_WHIST).next_dealer(3) == 0
    assert games.profile(games.EUCHRE).next_dealer(2, misdeal=True) == 3
    assert games.profile(games.ECARTE).next_dealer(1) == 0


def test_euchre_bowers_rank_above_ace():
    """EU-2: right bower, left bower, ace... the left bower follows trump."""
    p = games.profile(games.EUCHRE, games.V_PACK_25)
    right = card(JACK, HEARTS)
    left = card(JACK, DIAMONDS)
    ace = card(ACE, HEARTS)
    assert p.effective_suit(left, HEARTS) == HEARTS
    assert p.effective_suit(card(JACK, CLUBS), HEARTS) == CLUBS
    assert p.power(JOKER, HEARTS, CLUBS) > p.power(right, HEARTS, CLUBS)
    assert p.power(right, HEARTS, CLUBS) > p.power(left, HEARTS, CLUBS) > p.power(ace, HEARTS, CLUBS)
    assert p.power(card(7, HEARTS), HEARTS, SPADES) > p.power(card(ACE, SPADES), HEARTS, SPADES)
    assert p.power(card(ACE, CLUBS), HEARTS, SPADES) == 0
    # Plain suits keep the jack between queen and ten.
    assert p.power(card(QUEEN, CLUBS), HEARTS, CLUBS) > p.power(card(JACK, CLUBS), HEARTS, CLUBS)


def test_ecarte_king_is_high_then_queen_jack_ace():
    """EC-1: K Q J A 10 9 8 7."""
    p = games.profile(games.ECARTE)
    order = [KING, QUEEN, JACK, ACE, 10, 9, 8, 7]
    powers = [p.power(card(r, SPADES), HEARTS, SPADES) for r in order]
    assert powers == sorted(powers, reverse=True) and len(set(powers)) == 8


def test_whist_no_trump_suit_and_ace_high():
    p = games.profile(games.BRIDGE_WHIST)
    assert p.power(card(ACE, CLUBS), cards.NO_SUIT, CLUBS) > p.power(card(KING, CLUBS), cards.NO_SUIT, CLUBS)
    assert p.power(card(2, SPADES), SPADES, CLUBS) > p.power(card(ACE, CLUBS), SPADES, CLUBS)


def test_variants_by_name_and_wrong_game_rejected():
    v = games.variant_from_names(games.EUCHRE, ["packets_3_2", "pack_24"])
    assert v == games.V_PACKETS_3_2 | games.V_PACK_24
    assert games.variant_names(v) == ["packets_3_2", "pack_24"]
    for game, names in ((games.ECARTE, ["pack_24"]), (games.EUCHRE, ["nonsense"])):
        try:
            games.variant_from_names(game, names)
        except RuleError as e:
            assert names[0] in str(e)
        else:
            raise AssertionError("accepted %r" % names)
    try:
        games.profile(9)
    except RuleError:
        pass
    else:
        raise AssertionError("game 9 accepted")


def test_profiles_are_shared_and_eldest_partner():
    p = games.profile(games.DUPLICATE_WHIST)
    assert p is games.profile(games.DUPLICATE_WHIST, 0)
    assert p.eldest(3) == 0 and p.partner(1) == 3
    assert games.profile(games.ECARTE).partner(0) == -1
