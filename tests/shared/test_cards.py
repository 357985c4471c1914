"""Cards: encoding, names, parsing, packs (runs on CPython and MicroPython)."""

from overplay_core import cards
from overplay_core.cards import (ACE, CLUBS, HEARTS, JOKER, SPADES, card, card_name,
                                 card_symbol, parse_card, rank_of, suit_of)
from overplay_core.errors import ParseError


def test_every_card_round_trips_through_its_name_and_symbol():
    for c in cards.PACK_52:
        assert parse_card(card_name(c)) == c
        assert parse_card(card_symbol(c)) == c
        assert card(rank_of(c), suit_of(c)) == c


def test_ten_is_read_as_t_or_10_in_any_case():
    assert parse_card("TH") == parse_card("10H") == parse_card("th") == parse_card(" 10h ")
    assert rank_of(parse_card("10H")) == 10 and suit_of(parse_card("10H")) == HEARTS


def test_names_use_letters_and_symbols_on_output():
    assert card_name(card(ACE, SPADES)) == "AS"
    assert card_symbol(card(10, HEARTS)) == "T\u2665"
    assert card_name(card(2, CLUBS)) == "2C" and card(2, CLUBS) == 0


def test_unknown_cards_raise_parse_error_naming_the_input():
    for bad in ("", "1H", "11S", "AX", "A", "ZZZ", "10", None, 5):
        try:
            parse_card(bad)
        except ParseError as e:
            assert "card" in str(e)
        else:
            raise AssertionError("accepted %r" % (bad,))


def test_packs_have_the_right_cards():
    assert len(cards.PACK_52) == 52 and len(set(cards.PACK_52)) == 52
    assert len(cards.PACK_32) == 32 and min(rank_of(c) for c in cards.PACK_32) == 7
    assert len(cards.PACK_24) == 24 and min(rank_of(c) for c in cards.PACK_24) == 9
    assert len(cards.PACK_25) == 25 and JOKER in cards.PACK_25
    assert cards.pack_of_size(32) is cards.PACK_32


def test_each_pack_is_its_ranks_in_pack_order_and_found_by_its_size():
    # the packs are written out as literals (constants in flash): each must be exactly its
    # suits' ranks from the low rank to the ace, clubs first, the joker last in the 25
    for pack, low, joker in ((cards.PACK_52, 2, False), (cards.PACK_32, 7, False),
                             (cards.PACK_24, 9, False), (cards.PACK_25, 9, True)):
        want = [card(r, s) for s in range(4) for r in range(low, ACE + 1)]
        assert list(pack) == want + ([JOKER] if joker else [])
        assert type(pack) is tuple and cards.pack_of_size(len(pack)) is pack
    try:
        cards.pack_of_size(36)
    except ParseError as e:
        assert "no pack of 36 cards" in str(e)
    else:
        raise AssertionError("a pack of 36")


def test_joker_has_no_suit_and_a_name():
    assert suit_of(JOKER) == cards.NO_SUIT and rank_of(JOKER) == 0
    assert parse_card("joker") == JOKER and card_name(JOKER) == "JK"


def test_card_ints_stay_small_for_the_device():
    # A microcontroller's small ints are 31-bit: card ints must never approach that.
    assert max(cards.PACK_25) < 64
