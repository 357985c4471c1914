"""Every line the shoe's panel shows: the dealer's screen, the words for each irregularity,
finding and code, the scoring terminal's screens and the director's menu.

    lines = deal_screen(shoe)            # 4 lines: what is happening, count, seats, message
    event_text(records.EV_UNKNOWN_TAG, 0)        # 'unknown tag!'
    finding_lines(findings, rulings)     # one short line per finding / ruling
    terminal_screen(terminal)            # the terminal's 4 lines
    tray_line(code)                      # a tray / slip / reader code for people
    DECK_LINES[deck.FULL]                # a deck code for people
    READER_ERRORS[mfrc522.COLLISION]     # 'two tags in the field'

Built outside the hot path (it allocates strings). Lines are written for a 16-character panel;
the display cuts longer ones; the longer sentences (tray_line, DECK_LINES) go to the PC's log
and the desk shoe's console. A shoe without a screen never loads this module.
"""

from drivers import mfrc522
from overplay_core import findings as F
from overplay_core import records, trayslip
from overplay_core.cards import card_name
from overplay_core.games import SEAT_NAMES
import shoe.deck as deck
import shoe.tray as tray
from shoe.states import (AWAIT_TRAY, CHECK_HANDS, CHECK_SLIP, CHECK_TRUMP, DEALING, ENROLLING,
                         FOREIGN, IDLE, MENU_ACTS, T_BOARD, T_CONFIRM, T_ENTRY, T_MENU, T_PIN,
                         T_PLAYING, T_READY, T_VALUE)


def _card(c):
    return card_name(c) if 0 <= c <= 52 else "??"


_EVENT_TEXT = {
    records.EV_UNKNOWN_TAG: "unknown tag!",
    records.EV_COLLISION: "2 cards at once!",
    records.EV_DUPLICATE_READ: "read twice: ",
    records.EV_OTHER_DECK: "other deck: ",
    records.EV_CARD_EXPOSED: "no deal: ",
    records.EV_LOW_SPACE: "journal full",
    records.EV_READER_ERROR: "reader error",
}


def event_text(kind, a):
    """The dealer's line for an irregularity ('unknown tag!', 'read twice: QH')."""
    t = _EVENT_TEXT.get(kind, "event %d" % kind)
    if t.endswith(": "):
        t += _card(a)  # the card the event names
    return t


def _seat(s, seats):
    if s < 0:
        return "pack"
    if seats == 2:
        return ("P0", "P1")[s] if s < 2 else "?"
    return SEAT_NAMES[s] if s < 4 else "?"  # 0 = North, clockwise


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
        second = "trump? slip %s" % _card(shoe.check.slip_trump)
    elif st == CHECK_HANDS:
        hand = shoe.check.hand
        second = "hand %s %d" % (_seat(hand, seats), shoe.tally.counts[hand])
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


# --- the scoring terminal (shoe/terminal.py) and the director's menu (shoe/director.py) ------
MENU = ("average board", "void score", "correct tricks", "tables engaged", "leave")  # MENU_ACTS
_YES_NO = ("no", "yes")
_SIDES = ("N-S", "E-W")


def _value(t, i):
    label, lo, hi = t._fields()[i]
    v = t.vals[i]
    if label == "makers":
        return _SIDES[v]
    if label == "alone":
        return _YES_NO[v]
    return "%d" % v


def terminal_screen(t):
    """The scoring terminal's 4 lines for its state (T_*)."""
    st = t.state
    head = "B%d" % t.board
    msg = t.message
    if st == T_READY:  # what the shoe found stays in view ("tray on reader", a ruling)
        sh = t.shoe
        found = ""
        if sh.findings or sh.rulings:
            found = finding_lines(sh.findings, sh.rulings)[0]
        return [head + " ready: DEAL", msg or sh.message, found, "MODE: shoe menu"]
    if st == T_PLAYING:
        return [head + " in play", "DEAL: score", "MODE: shoe menu", msg]
    if st == T_ENTRY:
        label = t._fields()[t.field][0]
        line = "> " + _value(t, t.field)
        g = t.profile.game
        if g <= 2:
            line += "  E-W %d" % (13 - t.vals[0])
        elif g == 4:
            line += "  P1 %d" % (5 - t.vals[0])
        return [head + " " + label, line, "NEXT+ MODE- DEAL", msg]
    if st == T_CONFIRM:
        tns, tew, pns, pew = t.result()
        g = t.profile.game
        a, b = ("P0", "P1") if g == 4 else _SIDES
        second = "pts %d-%d" % (pns, pew) if g in (3, 4) else ""
        return [head + " %s %d %s %d" % (a, tns, b, tew), second, "DEAL: record",
                "MODE: change " + msg]
    if st == T_PIN:
        shown = "*" * len(t.digits) + "%d" % t.digit
        return ["Director PIN", "> " + shown, "NEXT+ MODE:digit", "DEAL: enter " + msg]
    if st == T_MENU:
        return ["Director", "> " + MENU[t.item], "NEXT item DEAL do", "MODE: leave " + msg]
    if st == T_BOARD:
        return [MENU[MENU_ACTS.index(t.action)] if t.action else "board",
                "board > %d" % t.number, "NEXT+ MODE-", "DEAL: ok"]
    if st == T_VALUE:
        return ["tables engaged", "> %d" % t.number, "NEXT+ MODE-", "DEAL: ok"]
    return ["", "", "", msg]


# --- codes for people: the app's tasks, the tray, the decks, the reader ----------------------
TASK_NAMES = ("", "reader", "dealing", "display", "link")  # app.TASK_*: "fault: reader"

READER_ERRORS = {
    mfrc522.COLLISION: "two tags in the field",
    mfrc522.TIMEOUT: "tag left the field during the read",
    mfrc522.CRC_ERROR: "CRC error",
    mfrc522.BCC_ERROR: "UID check byte error",
    mfrc522.PROTOCOL_ERROR: "radio framing error",
    mfrc522.NAK: "tag refused the command",
    mfrc522.CHIP_ERROR: "reader chip not answering on SPI",
    mfrc522.UID_TOO_LONG: "10-byte UID not supported",
}

DECK_LINES = {
    deck.UNKNOWN_TAG: "unknown tag: not a card of any enrolled deck",
    deck.OTHER_DECK: "card of another deck: the packs are mixed",
    deck.BAD_UID: "tag UID is neither 4 nor 7 bytes",
    deck.ALREADY_ENROLLED: "tag already enrolled: the same card read twice?",
    deck.FULL: "deck table full: forget an old deck first",
    deck.NOT_ENROLLING: "not enrolling a deck",
    deck.INCOMPLETE: "enrolment incomplete: deal the rest of the sorted pack",
}

_TRAY_LINES = {
    tray.NO_TRAY: "no tray tag over the reader: hold the tray's tag to the reader",
    tray.NOT_NTAG: "this tag is not a tray tag (4-byte UID): use the tray's own tag",
    tray.WRITE_FAILED: "writing the tray tag failed: hold the tray still and write again",
    tray.VERIFY_FAILED: "the tray tag did not keep what was written: write again or change the tag",
}


def tray_line(code):
    """One line for the dealer about a tray code (tray, trayslip or reader code)."""
    if code == tray.OK:
        return "trump slip OK"
    if code in _TRAY_LINES:
        return _TRAY_LINES[code]
    if tray.SLIP_ERROR_BASE - 6 <= code <= tray.SLIP_ERROR_BASE - 1:
        return trayslip.REASONS[code - tray.SLIP_ERROR_BASE]
    name = READER_ERRORS.get(code)
    if name:
        return "tray tag read failed (%s): hold the tray's tag to the reader again" % name
    return "tray tag error %d" % code
