"""Hand fingerprint: round trips, widths, and bad data refused (both interpreters)."""

from overplay_core import handprint
from overplay_core.cards import PACK_24, PACK_25, PACK_32, PACK_52
from overplay_core.errors import ParseError


def _raises(fn, *args):
    try:
        fn(*args)
    except ParseError:
        return True
    return False


def _whist_deal():
    seat = bytearray([0xFF] * 53)
    for i, c in enumerate(PACK_52):
        seat[c] = i % 4  # every card in a hand, 13 a seat
    return seat


def test_full_whist_deal_is_13_bytes_and_round_trips():
    seat = _whist_deal()
    out = bytearray(handprint.MAX_BYTES)
    n = handprint.pack(seat, PACK_52, out)
    assert n == 13
    back = handprint.unpack(out[:n], PACK_52)
    assert back == seat
    h = handprint.hands(out[:n], PACK_52, 4)
    assert [len(x) for x in h] == [13, 13, 13, 13]
    assert h[0][0] == PACK_52[0] and h[1][0] == PACK_52[1]


def test_bit_layout_lsb_first():
    seat = bytearray([0] * 53)
    seat[PACK_52[0]] = 1
    seat[PACK_52[1]] = 2
    seat[PACK_52[3]] = 3
    out = bytearray(20)
    assert handprint.pack(seat, PACK_52, out) == 13
    assert out[0] == 1 | (2 << 2) | (3 << 6)
    assert out[1] == 0


def test_euchre_kitty_uses_three_bits_and_no_hand():
    seat = bytearray([0xFF] * 53)
    for i, c in enumerate(PACK_24[:20]):
        seat[c] = i % 4  # 5 cards a seat, 4 cards in the kitty
    out = bytearray(20)
    n = handprint.pack(seat, PACK_24, out)
    assert n == 9
    back = handprint.unpack(out[:n], PACK_24)
    for c in PACK_24:
        assert back[c] == seat[c]
    h = handprint.hands(out[:n], PACK_24, 4)
    assert sum([len(x) for x in h]) == 20


def test_every_pack_round_trips_in_both_widths():
    for cards in (PACK_52, PACK_32, PACK_24, PACK_25):
        for bits in (2, 3):
            seat = bytearray([0xFF] * 53)
            for i, c in enumerate(cards):
                seat[c] = (i * 7 + 3) % 4 if bits == 2 or i % 5 else 0xFF
            out = bytearray(20)
            n = handprint.pack(seat, cards, out, bits)
            assert n == handprint.size(len(cards), bits)
            got = bytearray([0xFF] * 53)
            r = handprint.unpack_into(out[:n], cards, got)
            assert r >= 0
            for c in cards:
                assert got[c] == seat[c]


def test_a_moved_card_changes_the_print():
    seat = _whist_deal()
    a = bytearray(20)
    handprint.pack(seat, PACK_52, a)
    seat[PACK_52[10]] = (seat[PACK_52[10]] + 1) % 4
    b = bytearray(20)
    handprint.pack(seat, PACK_52, b)
    assert a != b


def test_bad_handprints_are_refused_with_codes_and_parse_errors():
    out = bytearray([0xFF] * 53)
    assert handprint.unpack_into(bytes(12), PACK_52, out) == handprint.BAD_LENGTH
    assert _raises(handprint.unpack, bytes(12), PACK_52)
    # 3-bit form of 24 cards = 72 bits = 9 bytes; value 5 in the first card
    bad = bytearray(9)
    bad[0] = 5
    assert handprint.unpack_into(bad, PACK_24, out) == handprint.BAD_SEAT
    assert _raises(handprint.unpack, bytes(bad), PACK_24)
    # 25 cards at 2 bits = 50 bits: the top 6 bits of byte 6 must be zero
    pad = bytearray(7)
    pad[6] = 0x80
    assert handprint.unpack_into(pad, PACK_25, out) == handprint.BAD_PADDING
    assert _raises(handprint.unpack, bytes(pad), PACK_25)
    # each code's own words in the ParseError
    for data, pack, words in ((bytes(12), PACK_52, "12 bytes for a 52-card pack: wrong length"),
                              (bytes(bad), PACK_24, "a seat value 4..6"),
                              (bytes(pad), PACK_25, "nonzero unused bits")):
        try:
            handprint.unpack(data, pack)
        except ParseError as e:
            assert words in str(e), str(e)


def test_two_handed_game_refuses_a_third_seat():
    seat = bytearray([0xFF] * 53)
    for i, c in enumerate(PACK_32[:10]):
        seat[c] = i % 2
    seat[PACK_32[10]] = 2
    out = bytearray(20)
    n = handprint.pack(seat, PACK_32, out)
    assert _raises(handprint.hands, bytes(out[:n]), PACK_32, 2)
    seat[PACK_32[10]] = 0xFF
    n = handprint.pack(seat, PACK_32, out)
    h = handprint.hands(bytes(out[:n]), PACK_32, 2)
    assert len(h[0]) == 5 and len(h[1]) == 5


def test_unpack_into_never_raises_on_garbage():
    x = 99
    out = bytearray([0xFF] * 53)
    for trial in range(200):
        data = bytearray(trial % 22)
        for i in range(len(data)):
            x = (x * 1103515245 + 12345) & 0x7FFFFFFF
            data[i] = x >> 16 & 0xFF
        for cards in (PACK_52, PACK_32, PACK_24, PACK_25):
            r = handprint.unpack_into(data, cards, out)
            assert r >= handprint.BAD_PADDING and r <= len(cards)
