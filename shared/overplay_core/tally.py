"""The shoe's per-card check of a deal and of its overplay: which seat a card goes to, and
what is wrong with the deal.

    t = Tally(games.profile(games.DUPLICATE_WHIST))   # buffers made once, here
    t.start(dealer=0)                                  # original deal: seat from deal order
    for card in cards_read:
        code = t.add(card)       # seat 0..3, TURN_UP, STOCK, or a negative finding code
    problems = t.finish()        # tuple of finding codes for the whole deal, () if clean

    t.start_check(dealer=0, expected=original_seat_of_card, trump=trump_card)
    code = t.add_to(seat, card)  # overplay check: the card was found in that seat's hand

Invariants: `add` and `add_to` never raise and never allocate (no lists, strings, floats or
exceptions), so the firmware calls them between reader interrupts; this is tested under
`micropython.heap_lock()`. The raising door for host code is `finish_or_raise()`.

State after each card, for the caller to read (never to write):
- `seat_of_card`: bytearray indexed by card int: a seat, NO_HAND (turn-up or stock), or
  NOT_DEALT (0xFF). A duplicate keeps its first place.
- `counts`: bytearray, physical cards put to each seat (a duplicate counts: it is a card).
- `n`: cards read since `start`; `trump_card`: the turn-up (or -1); `last_seat`: where the
  last card physically went (also when `add` returned a finding code).
"""


from overplay_core import findings as F
from overplay_core.cards import CARD_COUNT
from overplay_core.compat import const
from overplay_core.errors import RuleError

NOT_DEALT = const(0xFF)  # const: inlined on the per-card path, still importable
NO_HAND = 7  # the turn-up left on the stock, and the stock: in no player's hand
TURN_UP = 6  # returned by add() for the card turned for trump that stays on the pack
STOCK = 7  # returned by add() for a card of the stock (euchre, écarté)

_IDLE = const(0)
_DEAL = const(1)
_CHECK = const(2)


class Tally:
    """Per-card deal check for one game profile; reuse it deal after deal."""

    def __init__(self, profile):
        self.profile = profile
        self.seats = profile.seats
        self.hand_size = profile.hand_size
        self.pack_size = len(profile.pack)
        self.in_pack = profile.in_pack
        self.turn_up_index = profile.turn_up_index
        self.seat_of_card = bytearray(CARD_COUNT)
        self.expected = bytearray(CARD_COUNT)
        self.counts = bytearray(4)
        self.order = bytearray(self.pack_size)  # cards in the order read, first pack_size
        # the seat of the n-th card dealt (NOT_DEALT: turn-up or stock), filled by start():
        # add() reads it instead of calling profile.seat_of per card
        self.seat_by_n = bytearray(self.pack_size)
        self.mode = _IDLE
        self.dealer = 0
        self.n = 0
        self.trump_card = -1
        self.last_seat = -1
        self.flags = 0  # bit (-code) set for each finding met by add/add_to
        self.has_expected = False
        self._reset()

    def _reset(self):
        i = 0
        while i < CARD_COUNT:
            self.seat_of_card[i] = NOT_DEALT
            self.expected[i] = NOT_DEALT
            i += 1
        i = 0
        while i < 4:
            self.counts[i] = 0
            i += 1
        self.n = 0
        self.trump_card = -1
        self.last_seat = -1
        self.flags = 0
        self.has_expected = False

    def start(self, dealer):
        """Begin an original deal by `dealer` (seat): seats follow the profile's deal order."""
        self._reset()
        self.dealer = dealer % self.seats
        sb = self.seat_by_n
        p = self.profile
        for n in range(self.pack_size):  # (no bound method kept: start allocates nothing)
            seat = p.seat_of(n, self.dealer)
            sb[n] = NOT_DEALT if seat < 0 else seat
        self.mode = _DEAL

    def _flag(self, code):
        self.flags |= 1 << -code
        return code

    def _unplaceable(self, card):
        # A card of another pack makes this one incorrect (DW-4b, Elwell 38b, Euchre EU-6); a
        # card already placed is a duplicate. 0 when the card may take a place.
        if not isinstance(card, int) or card < 0 or card >= CARD_COUNT or not self.in_pack[card]:
            return self._flag(F.FOREIGN_CARD)
        if self.seat_of_card[card] != NOT_DEALT:
            return self._flag(F.DUPLICATE_CARD)
        return 0

    def add(self, card):
        """One card of the original deal: its seat, TURN_UP, STOCK, or a negative code."""
        if self.mode != _DEAL:
            return F.NOT_STARTED
        n = self.n
        if n >= self.pack_size:
            # More cards than the pack holds: redundant (Écarté law 45).
            self.n = n + 1
            self.last_seat = -1
            return self._flag(F.EXTRA_CARD)
        self.n = n + 1
        seat = self.seat_by_n[n]
        if seat == NOT_DEALT:
            seat = -1
        else:
            self.counts[seat] += 1
        self.last_seat = seat
        # _unplaceable's checks, inline after the one isinstance (the per-card path)
        if not isinstance(card, int):
            self.order[n] = 0xFF
            return self._flag(F.FOREIGN_CARD)
        if card < 0 or card >= CARD_COUNT:
            self.order[n] = card if 0 <= card < 256 else 0xFF
            return self._flag(F.FOREIGN_CARD)
        self.order[n] = card
        if not self.in_pack[card]:
            return self._flag(F.FOREIGN_CARD)
        if self.seat_of_card[card] != NOT_DEALT:
            return self._flag(F.DUPLICATE_CARD)
        if n == self.turn_up_index:
            self.trump_card = card
        if seat < 0:
            self.seat_of_card[card] = NO_HAND
            return TURN_UP if n == self.turn_up_index else STOCK
        self.seat_of_card[card] = seat
        return seat

    def start_check(self, dealer, expected=None, trump=-1):
        """Begin an overplay check: cards are read hand by hand with add_to(seat, card).

        `expected` (optional) is the original deal as a seat per card int (e.g. an earlier
        tally's seat_of_card); `trump` is the trump card from the slip, which must be in the
        dealer's hand (DW Law V §1).
        """
        self._reset()
        self.dealer = dealer % self.seats
        self.trump_card = trump
        if expected is not None:
            i = 0
            while i < CARD_COUNT:
                self.expected[i] = expected[i]
                i += 1
            self.has_expected = True
        self.mode = _CHECK


    def add_to(self, seat, card):
        """One card found in `seat`'s hand on the overplay: the seat, or a negative code."""
        if self.mode != _CHECK:
            return F.NOT_STARTED
        if not isinstance(seat, int) or seat < 0 or seat >= self.seats:
            return F.BAD_SEAT
        self.n += 1
        self.last_seat = seat
        self.counts[seat] += 1
        bad = self._unplaceable(card)
        if bad:
            return bad
        self.seat_of_card[card] = seat
        if self.counts[seat] > self.hand_size:
            return self._flag(F.SEAT_OVER)  # DW Law V §1: more than his correct number
        if card == self.trump_card and seat != self.dealer:
            return self._flag(F.TRUMP_NOT_WITH_DEALER)  # DW Law V §1
        if self.has_expected and self.expected[card] != seat:
            return self._flag(F.CARD_MOVED)
        return seat

    def short_seats(self):
        """Bit mask of seats holding fewer cards than the hand size."""
        m = 0
        for s in range(self.seats):
            if self.counts[s] < self.hand_size:
                m |= 1 << s
        return m

    def over_seats(self):
        """Bit mask of seats holding more cards than the hand size."""
        m = 0
        for s in range(self.seats):
            if self.counts[s] > self.hand_size:
                m |= 1 << s
        return m

    def finish(self):
        """Findings for the deal as read so far, most serious (pack) first; () when clean."""
        out = []
        flags = self.flags
        for code in (F.FOREIGN_CARD, F.DUPLICATE_CARD, F.EXTRA_CARD):
            if flags & (1 << -code):
                out.append(code)
        # A missing card can be told when the whole pack is in hands (whist, bridge), or when
        # the shoe has also read the stock (euchre, écarté).
        # Every card read once (no duplicate, none foreign) and as many as the pack: none is
        # missing, no need to look.
        whole = self.n == self.pack_size and not flags & (
            1 << -F.DUPLICATE_CARD | 1 << -F.FOREIGN_CARD)
        if not whole and (self.profile.deal_cards == self.pack_size or self.n >= self.pack_size):
            for c in self.profile.pack:
                if self.seat_of_card[c] == NOT_DEALT:
                    out.append(F.MISSING_CARD)
                    break
        if self.over_seats():
            out.append(F.SEAT_OVER)
        if self.short_seats():
            out.append(F.SEAT_SHORT)
        if self.mode == _CHECK and self.trump_card >= 0 and self.trump_card < CARD_COUNT:
            if self.seat_of_card[self.trump_card] != self.dealer:
                out.append(F.TRUMP_NOT_WITH_DEALER)
        if flags & (1 << -F.CARD_MOVED):
            out.append(F.CARD_MOVED)
        return tuple(out)

    def finish_or_raise(self):
        """finish() for host code: RuleError naming the first finding."""
        found = self.finish()
        if found:
            raise RuleError("deal is irregular: %s" % ", ".join([F.name(c) for c in found]))
        return found
