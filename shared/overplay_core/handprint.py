"""Hand fingerprint: which seat holds each card of a deal, packed into a few bytes.

    n = pack(tally.seat_of_card, PACK_52, out)     # 13 bytes for a full four-handed deal
    seat_of_card = unpack(out[:n], PACK_52)         # bytearray indexed by card, 0xFF = no hand
    hands(out[:n], PACK_52, 4)                      # ((cards of N), (E), (S), (W)), pack order

Layout: the cards of the pack are taken in pack order (cards.PACK_*); card i of the pack
occupies bits [i*w, i*w + w) of the byte string, least significant bit first (bit 0 of byte 0
is the lowest bit of the first card). Unused high bits of the last byte are zero.
  w = 2 when every card of the pack lies in a hand (seat 0..3): a whist deal is 13 bytes.
  w = 3 when some card lies in no hand (euchre kitty, ecarte stock, a short deal): value 7
        (NO_HAND) marks it, values 4..6 are never written.
The width follows from the byte count, since ceil(2n/8) != ceil(3n/8) for every pack size
used (52, 32, 24, 25), so no header byte is needed. Used by trayslip and by records.

`pack` and `unpack_into` never allocate or raise (the firmware door); `unpack` and `hands`
raise ParseError (the host door).
"""

from overplay_core.errors import ParseError
from overplay_core.tally import NO_HAND, NOT_DEALT  # NO_HAND (7) is also the 3-bit value here
MAX_BYTES = 20  # 52 cards at 3 bits

# unpack_into codes (negative: the data is not a handprint of this pack)
BAD_LENGTH = -1
BAD_SEAT = -2
BAD_PADDING = -3


def size(count, bits):
    """Bytes a handprint of `count` cards takes at `bits` (2 or 3) bits a card."""
    return (count * bits + 7) // 8


def width(seat_of_card, pack):
    """2 when every card of the pack is in seat 0..3, else 3."""
    for c in pack:
        if seat_of_card[c] > 3:
            return 3
    return 2


def pack(seat_of_card, cards, out, bits=0):
    """Write the handprint of seat_of_card (indexed by card int) into out; return its length.

    bits=0 picks the width (see width()); bits=3 forces the 3-bit form. A seat above 3 is
    written as NO_HAND. Allocates nothing; out must hold size(len(cards), bits) bytes.
    """
    if bits == 0:
        n = _pack2(seat_of_card, cards, out)
        if n >= 0:
            return n
        bits = 3  # a card in no hand: the 3-bit form
    n = (len(cards) * bits + 7) // 8
    for i in range(n):
        out[i] = 0
    mask = (1 << bits) - 1
    pos = 0
    for c in cards:
        v = seat_of_card[c]
        if v > 3:
            v = NO_HAND if bits == 3 else 3  # bits=2 with a card in no hand: caller's error
        v &= mask
        byte = pos >> 3
        shift = pos & 7
        out[byte] |= (v << shift) & 0xFF
        if shift + bits > 8:
            out[byte + 1] |= v >> (8 - shift)
        pos += bits
    return n


def _pack2(s, cards, out):
    """The 2-bit form four cards a byte, one statement a byte (width() folded in: the deal
    end of a whist or bridge deal); -1 (out half written) when a card is in no hand."""
    k = len(cards)
    i = 0
    j = 0
    while i + 4 <= k:
        a = s[cards[i]]
        b = s[cards[i + 1]]
        c = s[cards[i + 2]]
        d = s[cards[i + 3]]
        if a | b | c | d > 3:
            return -1
        out[j] = a | b << 2 | c << 4 | d << 6
        i += 4
        j += 1
    if i < k:
        v = 0
        shift = 0
        while i < k:
            a = s[cards[i]]
            if a > 3:
                return -1
            v |= a << shift
            shift += 2
            i += 1
        out[j] = v
        j += 1
    return j


def unpack_into(data, cards, out):
    """Fill out (indexed by card int, >= 53 long) with seats; return cards in hands or a code.

    out[c] = seat for a card in a hand, NOT_DEALT for a card in no hand; cards outside the
    pack are left alone. Negative return: BAD_LENGTH, BAD_SEAT (3-bit value 4..6),
    BAD_PADDING (nonzero unused bits). Allocates nothing, never raises.
    """
    count = len(cards)
    ln = len(data)
    if ln == (count * 2 + 7) // 8:
        bits = 2
    elif ln == (count * 3 + 7) // 8:
        bits = 3
    else:
        return BAD_LENGTH
    total = count * bits
    if total & 7 and data[ln - 1] >> (total & 7):
        return BAD_PADDING
    mask = (1 << bits) - 1
    pos = 0
    dealt = 0
    for c in cards:
        byte = pos >> 3
        shift = pos & 7
        v = data[byte] >> shift
        if shift + bits > 8:
            v |= data[byte + 1] << (8 - shift)
        v &= mask
        if v == NO_HAND and bits == 3:
            out[c] = NOT_DEALT
        elif v > 3:
            return BAD_SEAT
        else:
            out[c] = v
            dealt += 1
        pos += bits
    return dealt


def unpack(data, cards):
    """bytearray(53) seat per card int (NOT_DEALT for no hand); ParseError on a bad handprint."""
    out = bytearray(53)  # filled below: no 53-item list made on the way
    for c in range(53):
        out[c] = NOT_DEALT
    r = unpack_into(data, cards, out)
    if r < 0:  # the words by code from BAD_PADDING (-3) up to BAD_LENGTH (-1): a tuple of
        # literals, a constant in flash on the Pico (a dict is built on the heap at import)
        raise ParseError("handprint of %d bytes for a %d-card pack: %s" % (
            len(data), len(cards), ("nonzero unused bits at the end",
                                    "a seat value 4..6, which is never written",
                                    "wrong length for this pack")[r]))
    return out


def hands(data, cards, seats=4):
    """Tuple of `seats` tuples: the cards each seat holds, in pack order (ParseError if bad)."""
    seat_of = unpack(data, cards)
    out = []
    for s in range(seats):
        out.append(tuple([c for c in cards if seat_of[c] == s]))
    for c in cards:
        if seat_of[c] != NOT_DEALT and seat_of[c] >= seats:
            raise ParseError("handprint puts card %d in seat %d of a %d-seat game"
                             % (c, seat_of[c], seats))
    return tuple(out)
