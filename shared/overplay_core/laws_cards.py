"""Findings from the cards themselves: the deal order, the hands, the trump slip.

    tally = deal_findings(v, case)   # runs the shoe's Tally over the recorded cards

The same non-allocating Tally the shoe uses reads the cards, so the judge and the shoe agree
on what a deal's cards show (duplicate, foreign or missing card; too many or too few cards to
a seat; the trump card not in the dealer's hand on the overplay).
"""

from overplay_core import findings as F
from overplay_core.tally import NOT_DEALT, Tally


def _add_tally_findings(v, t):
    for code in t.finish():
        if code in (F.SEAT_OVER, F.SEAT_SHORT):
            mask = t.over_seats() if code == F.SEAT_OVER else t.short_seats()
            for s in range(t.seats):
                if mask & (1 << s):
                    v.find(code, seat=s, cards=t.counts[s])
        else:
            v.find(code)


def original_tally(v, case):
    """Tally of the original deal (from `deal` order or `hands`), or None if neither given."""
    p = case.profile
    t = None
    if case.deal_cards is not None:
        t = Tally(p)
        t.start(case.dealer)
        for c in case.deal_cards:
            t.add(c)
    elif case.hands is not None:
        t = Tally(p)
        t.start_check(case.dealer)
        for s in sorted(case.hands):
            for c in case.hands[s]:
                t.add_to(s, c)
    return t


def original_trump(case, t):
    """The card turned for trump in the original deal, if the input shows it, else -1."""
    if case.orig_trump >= 0:
        return case.orig_trump
    if t is not None and t.trump_card >= 0 and case.deal_cards is not None:
        return t.trump_card
    return -1


def overplay_tally(v, case, orig, trump):
    """Tally of the overplay hands against the original deal and the slip's trump card."""
    if case.over_hands is None:
        return None
    t = Tally(case.profile)
    expected = None
    if orig is not None and not orig.flags:
        expected = orig.seat_of_card
    t.start_check(case.dealer, expected, trump)
    for s in sorted(case.over_hands):
        for c in case.over_hands[s]:
            t.add_to(s, c)
    return t


def add_findings(v, t):
    if t is not None:
        _add_tally_findings(v, t)


def holder(t, card):
    """Seat holding a card in a tally, or -1."""
    if t is None or card < 0:
        return -1
    s = t.seat_of_card[card]
    return -1 if s == NOT_DEALT or s >= t.seats else s


def add_given(v, case):
    """Findings the input states directly (e.g. codes from a shoe's CHECK record)."""
    for code, seat, card, suit in case.given:
        v.find(code, seat=seat if seat >= 0 else None, card=card if card >= 0 else None,
               suit=suit if suit >= 0 else None)
