"""Small stand-ins for the shoe's tests: a UID script reader, a deck table, a RAM journal.

Used only where the real piece is not what the test is about; the acceptance tests in
test_app.py use the real driver on the simulated chip, the real deck and the real journal.
"""

import gc  # noqa: I001

try:  # collect often while compiling from source: freed parse trees are reused, not piled up
    gc.threshold(8192)
except AttributeError:  # CPython
    pass

# Only what the shoe needs: these tests compile from source in a 128 KB MicroPython heap, so
# the real deck and display (tested on their own and in test_app.py) are stood in for here.
from overplay_core import games, records  # noqa: I001
from overplay_core.tally import Tally
import shoe.dealing as S

UNKNOWN_TAG = -20  # deck.UNKNOWN_TAG
OTHER_DECK = -21  # deck.OTHER_DECK

def uid_of(card, deck_no=1):
    """A 7-byte UID for a card of a deck (NXP manufacturer byte 0x04 first, like NTAG)."""
    return bytes([0x04, deck_no, card, 0x10, 0x20, 0x30, 0x80 | card])


class ScriptReader:
    """read_uid returns the next scripted UID (bytes), or an int code (0 none, <0 error)."""

    def __init__(self, script=()):
        self.script = list(script)

    def read_uid(self, buf):
        if not self.script:
            return 0
        item = self.script.pop(0)
        if isinstance(item, int):
            return item
        for i in range(len(item)):
            buf[i] = item[i]
        return len(item)

    def halt(self):
        return 0


class TableDeck:
    """deck.Deck's lookup/card_of/enrolment for UIDs made by uid_of: deck 1 is on the table,
    deck 2 is another enrolled deck, other tags are unknown."""

    def __init__(self, active=1, others=(2,)):
        self.active = active
        self.others = others
        self.enrolled = {}
        self._enrolling = None

    def _card(self, uid, n):
        if n != 7 or uid[0] != 0x04 or uid[3] != 0x10:
            return -1, -1
        return uid[1], uid[2]

    def lookup(self, uid, n):
        d, c = self._card(uid, n)
        if d == self.active:
            return c
        if d in self.others:
            return OTHER_DECK
        return UNKNOWN_TAG

    def card_of(self, uid, n):
        key = bytes(uid[:n])
        if key in self.enrolled:
            return self.enrolled[key]
        d, c = self._card(uid, n)
        if self._enrolling is not None and d == self._enrolling[0]:
            return None  # start_enrol forgot this deck: only what was enrolled since counts
        return (d, c) if d == self.active or d in self.others else None

    def start_enrol(self, deck_id, pack):
        self._enrolling = [deck_id, pack, 0]

    def enrol_next(self, uid, n):
        e = self._enrolling
        card = e[1][e[2]]
        self.enrolled[bytes(uid[:n])] = (e[0], card)
        e[2] += 1
        return card

    def finish_enrol(self):
        self._enrolling = None
        self.saved = True
        return 0


class Screen:
    """The display interface (display.TextDisplay) at its smallest: keeps every screen."""

    rows = 8  # display.ROWS
    fast = False  # no deal_update: every card redraws the whole screen

    def __init__(self):
        self.screens = []

    def show(self, lines):
        self.screens.append(tuple(lines))
        if len(self.screens) > 8:
            self.screens.pop(0)

    def shown(self, fragment):
        for s in self.screens:
            for line in s:
                if fragment in line:
                    return True
        return False


class ListJournal:
    journal_id = 0x4A0B1C2D  # the shoe signs its records with it (journal.Journal's is random)

    def __init__(self, free=1 << 20):
        self.items = []
        self.next_seq = 1
        self.boot = 1
        self.commits = 0
        self.free = free

    def append(self, data, n=-1):
        if n < 0:
            n = len(data)
        self.items.append(bytes(data[:n]))
        self.next_seq += 1
        self.free -= n + 4
        return 0

    def commit(self):
        self.commits += 1

    def can_record(self, n):
        return self.free >= n

    def free_bytes(self):
        return self.free


class DictTray:
    """Tray tags by UID: write_slip/read_slip as the shoe calls them; key and session are
    the club's tray-slip key and the session id the shoe signs and checks slips with."""

    def __init__(self, key=b"club slip key, shared by shoes!!", session=0):
        self.tags = {}
        self.key = key
        self.session = session

    def write_slip(self, uid, n, data, length):
        self.tags[bytes(uid[:n])] = bytes(data[:length])
        return length

    def read_slip(self, uid, n, buf):
        d = self.tags.get(bytes(uid[:n]), b"")
        for i in range(len(d)):
            buf[i] = d[i]
        return len(d)


KEY = b"k" * 32
SID = 77


def make(game=games.DUPLICATE_WHIST, variant=0, tray=None, journal=None, table=1, now=None,
         screen=True):
    p = games.profile(game, variant)
    reader = ScriptReader()
    clock = (lambda: now[0]) if now is not None else S.ticks_ms
    sh = S.Shoe(p, Tally(p), TableDeck(), reader, journal or ListJournal(), KEY, SID,
                Screen() if screen else None, table=table, tray=tray, clock=clock)
    return sh, reader


def deal(sh, reader, cards, deck_no=1):
    for c in cards:
        reader.script.append(uid_of(c, deck_no))
        sh.poll()
        sh.service()


def records_of(sh, rtype):
    out = []
    for r in sh.journal.items:
        assert records.verify(r, KEY, SID, sh.journal.journal_id)
        d = records.decode(r)
        if d["type"] == rtype:
            out.append(d)
    return out
