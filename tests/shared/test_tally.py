"""The per-card deal check (hot path): seats, findings, and no allocation under heap_lock."""

from overplay_core import findings as F
from overplay_core import games
from overplay_core.cards import JOKER, PACK_52, card, parse_card
from overplay_core.tally import NO_HAND, NOT_DEALT, STOCK, TURN_UP, Tally

try:
    import micropython
except ImportError:
    micropython = None


def _whist():
    return Tally(games.profile(games.DUPLICATE_WHIST))


def test_clean_whist_deal_gives_thirteen_each_and_trump_to_dealer():
    t = _whist()
    t.start(2)
    for n, c in enumerate(PACK_52):
        assert t.add(c) == (3 + n) % 4
    assert t.finish() == ()
    assert list(t.counts) == [13, 13, 13, 13]
    assert t.trump_card == PACK_52[51] and t.seat_of_card[t.trump_card] == 2


def test_duplicate_card_is_found_and_then_a_missing_card():
    """DW-4(b) / Elwell 38(b): an imperfect pack (a card twice, another missing)."""
    t = _whist()
    t.start(0)
    deck = list(PACK_52)
    deck[10] = deck[3]
    codes = [t.add(c) for c in deck]
    assert codes[10] == F.DUPLICATE_CARD
    assert t.seat_of_card[deck[3]] == 0 + 1 + 3 - 4 or t.seat_of_card[deck[3]] == 0
    found = t.finish()
    assert F.DUPLICATE_CARD in found and F.MISSING_CARD in found
    assert list(t.counts) == [13, 13, 13, 13]  # the duplicate is still a physical card


def test_card_of_another_pack_is_foreign():
    """Euchre 32-card pack: a two of clubs is not in it; nor is the joker."""
    t = Tally(games.profile(games.EUCHRE))
    t.start(0)
    assert t.add(card(2, 0)) == F.FOREIGN_CARD
    assert t.add(JOKER) == F.FOREIGN_CARD
    assert t.add(99) == F.FOREIGN_CARD and t.add(-4) == F.FOREIGN_CARD
    assert F.FOREIGN_CARD in t.finish()


def test_short_deal_reports_short_hands():
    t = _whist()
    t.start(0)
    for c in PACK_52[:50]:
        t.add(c)
    found = t.finish()
    assert F.SEAT_SHORT in found and F.MISSING_CARD in found
    assert t.short_seats() == (1 << 3) | (1 << 0)


def test_extra_card_beyond_the_pack():
    t = _whist()
    t.start(0)
    for c in PACK_52:
        t.add(c)
    assert t.add(PACK_52[0]) == F.EXTRA_CARD
    assert F.EXTRA_CARD in t.finish()


def test_euchre_turn_up_and_stock_are_in_no_hand():
    t = Tally(games.profile(games.EUCHRE))
    pack = games.profile(games.EUCHRE).pack
    t.start(1)
    results = [t.add(c) for c in pack]
    assert results[20] == TURN_UP and results[21:] == [STOCK] * 11
    assert t.trump_card == pack[20] and t.seat_of_card[pack[20]] == NO_HAND
    assert list(t.counts) == [5, 5, 5, 5]
    assert t.finish() == ()


def test_euchre_without_stock_read_is_clean():
    t = Tally(games.profile(games.EUCHRE))
    pack = games.profile(games.EUCHRE).pack
    t.start(0)
    for c in pack[:21]:
        t.add(c)
    assert t.finish() == ()


def test_ecarte_two_hands():
    p = games.profile(games.ECARTE)
    t = Tally(p)
    t.start(0)
    res = [t.add(c) for c in p.pack[:11]]
    assert res[:10] == [1, 1, 0, 0, 1, 1, 1, 0, 0, 0] and res[10] == TURN_UP
    assert list(t.counts)[:2] == [5, 5] and t.finish() == ()


def test_add_before_start_is_refused():
    t = _whist()
    assert t.add(0) == F.NOT_STARTED
    assert t.add_to(0, 0) == F.NOT_STARTED


def _original(dealer):
    t = _whist()
    t.start(dealer)
    for c in PACK_52:
        t.add(c)
    return t


def test_dw_law_v_sec_1_overplay_check_more_cards_and_trump_not_with_dealer():
    """DW Law V §1: more than the correct number of cards; trump card not in dealer's hand."""
    orig = _original(0)
    trump = orig.trump_card
    t = _whist()
    t.start_check(0, expected=orig.seat_of_card, trump=trump)
    hands = [[c for c in PACK_52 if orig.seat_of_card[c] == s] for s in range(4)]
    # Move one card from South to North, and the trump from the dealer (N) to East.
    moved = hands[2].pop()
    hands[0].append(moved)
    hands[0].remove(trump)
    hands[1].insert(0, trump)
    codes = []
    for s in range(4):
        for c in hands[s]:
            codes.append(t.add_to(s, c))
    assert F.TRUMP_NOT_WITH_DEALER in codes
    assert F.SEAT_OVER in codes
    found = t.finish()
    assert F.SEAT_OVER in found and F.SEAT_SHORT in found
    assert F.TRUMP_NOT_WITH_DEALER in found and F.CARD_MOVED in found


def test_overplay_check_of_unchanged_hands_is_clean():
    orig = _original(3)
    t = _whist()
    t.start_check(3, expected=orig.seat_of_card, trump=orig.trump_card)
    for c in PACK_52:
        assert t.add_to(orig.seat_of_card[c], c) == orig.seat_of_card[c]
    assert t.finish() == ()
    assert t.add_to(4, 0) == F.BAD_SEAT


def test_finish_or_raise_names_the_finding():
    t = _whist()
    t.start(0)
    t.add(parse_card("AS"))
    try:
        t.finish_or_raise()
    except ValueError as e:
        assert "seat_short" in str(e)
    else:
        raise AssertionError("short deal passed")


def test_add_allocates_nothing_under_heap_lock():
    """The hot path (design.md): add/add_to must not allocate. On CPython this checks results."""
    t = _whist()
    deck = PACK_52
    dup = deck[5]
    results = bytearray(60)
    assert t.add_to(0, 0) == F.NOT_STARTED  # before start_check: refused, nothing recorded
    t.start(1)
    if micropython:
        micropython.heap_lock()
    try:
        i = 0
        for c in deck:
            r = t.add(c)
            results[i] = r & 0xFF
            i += 1
        r = t.add(dup)  # a finding code on the hot path too
        results[i] = r & 0xFF
        t.start_check(1)
        r = t.add_to(2, 7)
        results[i + 1] = r & 0xFF
        r = t.add_to(2, 7)
        results[i + 2] = r & 0xFF
    finally:
        if micropython:
            micropython.heap_unlock()
    assert results[0] == 2 and results[51] == 1
    assert results[52] == F.EXTRA_CARD & 0xFF
    assert results[53] == 2 and results[54] == F.DUPLICATE_CARD & 0xFF


def test_seat_of_card_marks_undealt():
    t = _whist()
    t.start(0)
    assert t.seat_of_card[0] == NOT_DEALT
