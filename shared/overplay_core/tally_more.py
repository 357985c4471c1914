"""The rest of tally.Tally: the overplay check (start_check, add_to) and finish_or_raise.

    t = tally.Tally(profile)
    t.start_check(dealer=0, expected=original_seat_of_card, trump=trump_card)
    code = t.add_to(seat, card)      # methods of Tally: found here, loaded on first use

A shoe dealing original deals never checks an overplay and never raises, so these stay out of
its heap. Tally.__getattr__ puts all three on the class at the first look-up of one of them:
they are ordinary methods from then on (add_to allocates nothing).
"""

from overplay_core import findings as F
from overplay_core.compat import const
from overplay_core.errors import RuleError
from overplay_core.tally import NOT_DEALT

_CHECK = const(2)  # tally._CHECK
_CARD_COUNT = const(53)


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
        while i < _CARD_COUNT:
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
    bad = self._card_ok(card)
    if bad:
        return self._flag(bad)
    if self.seat_of_card[card] != NOT_DEALT:
        return self._flag(F.DUPLICATE_CARD)
    self.seat_of_card[card] = seat
    if self.counts[seat] > self.hand_size:
        return self._flag(F.SEAT_OVER)  # DW Law V §1: more than his correct number
    if card == self.trump_card and seat != self.dealer:
        return self._flag(F.TRUMP_NOT_WITH_DEALER)  # DW Law V §1
    if self.has_expected and self.expected[card] != seat:
        return self._flag(F.CARD_MOVED)
    return seat


def finish_or_raise(self):
    """finish() for host code: RuleError naming the first finding."""
    found = self.finish()
    if found:
        raise RuleError("deal is irregular: %s" % ", ".join([F.name(c) for c in found]))
    return found

