"""Every line the shoe's panel shows: the dealer's screen, the words for each irregularity,
finding and code, the scoring terminal's screens and the director's menu.

    lines = deal_screen(shoe)            # 8 rows: header, progress, counts, message
    header(3, 1, 4, "deal")              # 'B3 dlr E    deal': row 0 of every screen
    event_text(records.EV_UNKNOWN_TAG, 0)        # 'unknown tag!'
    finding_lines(findings, rulings, game)       # findings in words, rulings with their law
    wrap(text); page(rows, first, n)     # 16-column rows between words; a scrolled view
    (the scoring terminal's own screens: shoe/terminal.py screen(), with header/wrap/page)
    tray_line(code)                      # a tray / slip / reader code for people
    DECK_LINES[deck.UNKNOWN_TAG - deck.FULL]   # a deck code for people
    READER_ERRORS[mfrc522.COLLISION]     # 'two tags in the field' (by the negative code)

Built outside the hot path (it allocates strings; while dealing, the panel redraws a card
without it: display.deal_update). Rows are written for the 128x64 panel's 8 rows of 16
characters (docs/screens.md); the display cuts a longer one at a word and marks it; the
longer sentences (tray_line, DECK_LINES) go to the PC's log
and the desk shoe's console. A shoe without a screen never loads this module.
"""

from drivers import mfrc522
from overplay_core import findings as F
from overplay_core import records, trayslip
from overplay_core.cards import card_name
from overplay_core.games import SEAT_NAMES
import shoe.tray as tray
import shoe.display as D
from shoe.states import (AWAIT_TRAY, CHECK_HANDS, CHECK_SLIP, CHECK_TRUMP, DEALING, ENROLLING,
                         FOREIGN, IDLE)


def _card(c):
    return card_name(c) if 0 <= c <= 52 else "??"


def event_text(kind, a):
    """The dealer's line for an irregularity ('unknown tag!', 'read twice: QH')."""
    t = ""
    if 0 < kind <= records.EV_READER_ERROR:  # by code from EV_CARD_EXPOSED (1); "": no words
        t = ("no deal: ", "unknown tag!", "2 cards at once!", "read twice: ", "other deck: ", "",
             "journal full", "reader error")[kind - 1]
    if not t:
        return "event %d" % kind
    if t.endswith(": "):
        t += _card(a)  # the card the event names
    return t


def _seat(s, seats):
    if s < 0:
        return "pack"
    if seats == 2:
        return ("P0", "P1")[s] if s < 2 else "?"
    return SEAT_NAMES[s] if s < 4 else "?"  # 0 = North, clockwise


def seat_labels(seats):
    """The seats' names as the dealing screen writes them (display.deal_update draws them)."""
    return ("P0", "P1") if seats == 2 else SEAT_NAMES[:seats]


def header(board, dealer, seats, mode):
    """Row 0 of every screen: board, dealer and mode ('B12 dlr N    deal'): 16 columns."""
    left = ("B%d" % board if board else "B-") + " dlr " + _seat(dealer, seats)
    gap = D.COLS - len(left) - len(mode)
    if gap < 1:  # a long board number and mode: the dealer's seat and board stay whole
        return left + " " + mode[:D.COLS - len(left) - 1]
    return left + " " * gap + mode


def wrap(text, cols=D.COLS):
    """text in rows of at most cols, broken between words; a word longer than a row is cut
    and marked (display.MORE), never cut silently."""
    out = []
    line = ""
    for w in text.split(" "):
        if not w:
            continue
        while len(w) > cols:
            if line:
                out.append(line)
                line = ""
            out.append(w[:cols - 1] + D.MORE)
            w = w[cols - 1:]
        if not line:
            line = w
        elif len(line) + 1 + len(w) <= cols:
            line += " " + w
        else:
            out.append(line)
            line = w
    if line or not out:
        out.append(line)
    return out


def page(rows, first, n):
    """n rows of rows from first (a scrolled view): a row cut off below ends in D.MORE."""
    view = rows[first:first + n]
    if first + n < len(rows) and view:
        v = view[-1]
        head = v[:D.COLS - 1]
        if len(v) > D.COLS - 1 and head.rfind(" ") >= D.COLS // 2:  # never a word cut unmarked
            head = head[:head.rfind(" ")]
        view[-1] = head + " " * (D.COLS - 1 - len(head)) + D.MORE  # in the last column
    return view


def _counts(shoe, seats):
    """'N3  E3  S3  W3': each seat's count in its own cell (display.deal_update's layout)."""
    labels = seat_labels(seats)
    w = D.COLS // seats
    out = ""
    for s in range(seats):
        cell = labels[s] + (" " if len(labels[s]) > 1 else "") + str(shoe.tally.counts[s])
        out += cell + " " * (w - len(cell)) if s < seats - 1 else cell
    return out


def deal_screen(shoe):
    """The dealer's screen, a list of display.ROWS rows: 0 the header, D.ROW_PROGRESS what is
    happening, D.ROW_COUNTS cards per seat while dealing, the last two the message."""
    p = shoe.profile
    st = shoe.state
    seats = p.seats
    rows = [""] * D.ROWS
    # the header's mode word, by Shoe.state (IDLE 0, DEALING 1, AWAIT_TRAY 2, CHECK_SLIP 3,
    # CHECK_TRUMP 4, CHECK_HANDS 5, ENROLLING 6: shoe/states.py)
    rows[0] = header(shoe.board, shoe.dealer, seats, "no deal" if shoe.blocked else
                     ("ready", "deal", "tray", "check", "check", "check", "enrol")[st]
                     if 0 <= st < 7 else "")
    second = ""
    if st == DEALING:
        second = "%d/%d" % (shoe.tally.n, p.deal_cards)
        if shoe.last_card >= 0:
            c = "??" if shoe.last_card == FOREIGN else _card(shoe.last_card)
            second += " %s>%s" % (c, _seat(shoe.tally.last_seat, seats))
    elif st == CHECK_SLIP:
        second = "Overplay check"
    elif st == CHECK_TRUMP:
        second = "trump? slip %s" % _card(shoe.check.slip_trump)
    elif st == CHECK_HANDS:
        hand = shoe.check.hand
        second = "hand %s %d" % (_seat(hand, seats), shoe.tally.counts[hand])
    elif st == ENROLLING:
        rows[0] = "Enrol deck %d" % shoe.deck_no
        second = "%d/%d" % (shoe.cards, len(p.pack))
        if shoe.cards < len(p.pack):
            second += " next " + _card(p.pack[shoe.cards])
    elif st == AWAIT_TRAY:
        second = "recorded"
    elif st == IDLE:  # the set-up's table, so each shoe is put at the right table
        second = "table %d" % shoe.table
        rows[2] = p.name
    rows[D.ROW_PROGRESS] = second
    if st in (DEALING, CHECK_HANDS):
        rows[D.ROW_COUNTS] = _counts(shoe, seats)
    msg = wrap(shoe.message) if shoe.message else ()
    if msg:
        rows[D.ROWS - 2] = msg[0]
        rows[D.ROWS - 1] = D.cut(" ".join(msg[1:])) if len(msg) > 1 else ""
    return rows


def ruling_lines(code, game):
    """A ruling in plain words with the law cited: what to do, the code and its law, then its
    sentence (the laws module's TABLE). The laws are read only when the shoe has them loaded
    already (it ruled with them): a screen never loads the engine onto a small heap; without
    them the code alone cites the law."""
    import sys

    laws = sys.modules.get("overplay_core.laws")
    e = None
    if laws is not None:
        try:
            e = laws.game_module(game).TABLE.get(code)
        except Exception:  # noqa: BLE001 - no room for the game's table: the code says it
            e = None
    if e is None:
        return [code]
    return [e[0].replace("_", " ") + ":"] + wrap(code + " " + e[1] + " " + e[2]) + wrap(e[5])


def finding_lines(findings, rulings, game=0):
    """Rows for the panel: each finding in words, then each ruling with its law (wrapped to
    16 columns: the terminal scrolls them with NEXT)."""
    out = []
    for code in findings:
        out += wrap(F.name(code).replace("_", " "))
    for r in rulings:
        out += ruling_lines(str(r), game) if game else wrap(str(r))
    if not out:
        out.append("deal correct")
    return out


# --- the scoring terminal (shoe/terminal.py) and the director's menu (shoe/director.py) ------
MENU = ("average board", "void score", "correct tricks", "tables engaged", "leave")  # MENU_ACTS


# --- codes for people: the app's tasks, the tray, the decks, the reader ----------------------
TASK_NAMES = ("", "reader", "dealing", "display", "link")  # app.TASK_*: "fault: reader"

# The tables of words below are tuples of literals, indexed by the code: constants, in flash on
# the Pico (a dict is built on the heap at import). Codes are negative: a reader code indexes
# its tuple from the end (READER_ERRORS[mfrc522.COLLISION], COLLISION = -1: the last line).

# mfrc522's codes, from UID_TOO_LONG (-8) up to COLLISION (-1)
READER_ERRORS = (
    "10-byte UID not supported",  # UID_TOO_LONG -8
    "reader chip not answering on SPI",  # CHIP_ERROR -7
    "tag refused the command",  # NAK -6
    "radio framing error",  # PROTOCOL_ERROR -5
    "UID check byte error",  # BCC_ERROR -4
    "CRC error",  # CRC_ERROR -3
    "tag left the field during the read",  # TIMEOUT -2
    "two tags in the field",  # COLLISION -1
)

# deck's codes, from UNKNOWN_TAG (-20) down to INCOMPLETE (-26): DECK_LINES[UNKNOWN_TAG - code]
DECK_LINES = (
    "unknown tag: not a card of any enrolled deck",  # UNKNOWN_TAG -20
    "card of another deck: the packs are mixed",  # OTHER_DECK -21
    "tag UID is neither 4 nor 7 bytes",  # BAD_UID -22
    "tag already enrolled: the same card read twice?",  # ALREADY_ENROLLED -23
    "deck table full: forget an old deck first",  # FULL -24
    "not enrolling a deck",  # NOT_ENROLLING -25
    "enrolment incomplete: deal the rest of the sorted pack",  # INCOMPLETE -26
)


def tray_line(code):
    """One line for the dealer about a tray code (tray, trayslip or reader code)."""
    if code == tray.OK:
        return "trump slip OK"
    if tray.VERIFY_FAILED <= code <= tray.NO_TRAY:  # from NO_TRAY (-30) down to -33
        return (
            "no tray tag over the reader: hold the tray's tag to the reader",  # NO_TRAY
            "this tag is not a tray tag (4-byte UID): use the tray's own tag",  # NOT_NTAG
            "writing the tray tag failed: hold the tray still and write again",  # WRITE_FAILED
            "the tray tag did not keep what was written: write again or change the tag",
        )[tray.NO_TRAY - code]  # VERIFY_FAILED last
    if tray.SLIP_ERROR_BASE - 6 <= code <= tray.SLIP_ERROR_BASE - 1:
        return trayslip.REASONS[code - tray.SLIP_ERROR_BASE]
    if mfrc522.UID_TOO_LONG <= code < 0:
        return ("tray tag read failed (%s): hold the tray's tag to the reader again"
                % READER_ERRORS[code])
    return "tray tag error %d" % code
