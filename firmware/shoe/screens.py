"""Text for the dealer's screen, built outside the hot path (it allocates strings).

    lines = deal_screen(shoe)          # 4 lines: what is happening, count, seats, message
    event_text(records.EV_UNKNOWN_TAG, 0)        # 'unknown tag!' (shoe_text_more.py)
    finding_lines(findings, rulings)   # one short line per finding / ruling

Lines are written for a 16-character panel; the display cuts longer ones.
"""

from overplay_core import findings as F
from overplay_core.cards import card_name
from shoe.dealing import (AWAIT_TRAY, CHECK_HANDS, CHECK_SLIP, CHECK_TRUMP, DEALING, ENROLLING,
                       FOREIGN, IDLE)


def _card(c):
    return card_name(c) if 0 <= c <= 52 else "??"


def event_text(kind, a):
    """The dealer's line for an irregularity ('unknown tag!', 'read twice: QH'): the words
    are in shoe_text_more.py, loaded at the first one (a clean deal shows none)."""
    try:
        import shoe.screens as shoe_text_more
    except MemoryError:  # no room to load the words: the EVENT is recorded all the same
        return "event %d" % kind
    return shoe_text_more.event_text(kind, a)


SEAT_NAMES = "NESW"  # games.SEAT_NAMES: 0 = North, clockwise


def _seat(s, seats):
    if s < 0:
        return "pack"
    if seats == 2:
        return ("P0", "P1")[s] if s < 2 else "?"
    return SEAT_NAMES[s] if s < 4 else "?"


def deal_screen(shoe):
    p = shoe.profile
    st = shoe.state
    seats = p.seats
    head = "B%d %s dlr %s" % (shoe.board, p.name[:8], _seat(shoe.dealer, seats))
    second = ""
    counts = ""
    if st == DEALING:
        second = "%d/%d" % (shoe.tally.n, p.deal_cards)
        if shoe.last_card >= 0:
            c = "foreign" if shoe.last_card == FOREIGN else _card(shoe.last_card)
            second += " %s>%s" % (c, _seat(shoe.tally.last_seat, seats))
    elif st == CHECK_SLIP:
        head = "Overplay check"
    elif st == CHECK_TRUMP:
        second = "trump? slip %s" % _card(shoe.slip_trump)
    elif st == CHECK_HANDS:
        second = "hand %s %d" % (_seat(shoe.hand, seats), shoe.tally.counts[shoe.hand])
    elif st == ENROLLING:
        head = "Enrol deck %d" % shoe.deck_no
        second = "%d/%d" % (shoe.cards, len(p.pack))
        if shoe.cards < len(p.pack):
            second += " next " + _card(p.pack[shoe.cards])
    elif st == AWAIT_TRAY:
        second = "recorded"
    elif st == IDLE:  # the set-up's table, so each shoe is put at the right table
        second = "table %d" % shoe.table
    if st in (DEALING, CHECK_HANDS):
        counts = " ".join([str(shoe.tally.counts[s]) for s in range(seats)])
    return [head, second, counts, shoe.message]


def finding_lines(findings, rulings):
    """Short lines for the panel: each finding's name, then each ruling's text."""
    out = []
    for code in findings:
        out.append(F.name(code).replace("_", " "))
    for r in rulings:
        out.append(str(r))
    if not out:
        out.append("deal correct")
    return out
