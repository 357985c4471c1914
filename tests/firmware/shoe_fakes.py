"""Small stand-ins for the shoe's tests: a UID script reader, a deck table, a RAM journal.

Used only where the real piece is not what the test is about; the acceptance tests in
test_app.py use the real driver on the simulated chip, the real deck and the real journal.
"""

import shoe as S
from display import RecordingDisplay
from overplay_core import games, records
from overplay_core.tally import Tally

OTHER_DECK = -2
UNKNOWN_TAG = -1


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


class TableDeck:
    """lookup by a 7-byte UID made with uid_of: decks[deck_no] enrolled, this deck active."""

    OTHER_DECK = OTHER_DECK
    UNKNOWN_TAG = UNKNOWN_TAG

    def __init__(self, deck_no=1, others=(2,)):
        self.deck_no = deck_no
        self.others = others
        self.last_card = -1
        self.enrolled = {}

    def lookup(self, uid, n):
        if n != 7 or uid[0] != 0x04 or uid[3] != 0x10:
            return UNKNOWN_TAG
        c = uid[2]
        self.last_card = c
        if uid[1] == self.deck_no:
            return c
        if uid[1] in self.others:
            return OTHER_DECK
        return UNKNOWN_TAG

    def enrol(self, uid, n, card):
        self.enrolled[bytes(uid[:n])] = card

    def save(self):
        self.saved = True


class ListJournal:
    def __init__(self, free=1 << 20):
        self.items = []
        self.next_seq = 1
        self.boot = 1
        self.commits = 0
        self.free = free

    def append(self, data):
        self.items.append(bytes(data))
        self.next_seq += 1
        self.free -= len(data) + 4

    def commit(self):
        self.commits += 1

    def can_record(self, n):
        return self.free >= n

    def free_bytes(self):
        return self.free


class DictTray:
    """Tray tags by UID: write_slip/read_slip as the shoe calls them."""

    def __init__(self):
        self.tags = {}

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


def make(game=games.DUPLICATE_WHIST, variant=0, tray=None, journal=None, table=1, now=None):
    p = games.profile(game, variant)
    reader = ScriptReader()
    clock = (lambda: now[0]) if now is not None else S.ticks_ms
    sh = S.Shoe(p, Tally(p), TableDeck(), reader, journal or ListJournal(), KEY, SID,
                RecordingDisplay(), table=table, tray=tray, clock=clock)
    return sh, reader


def deal(sh, reader, cards, deck_no=1):
    for c in cards:
        reader.script.append(uid_of(c, deck_no))
        sh.poll()
        sh.service()


def records_of(sh, rtype):
    out = []
    for r in sh.journal.items:
        assert records.verify(r, KEY, SID)
        d = records.decode(r)
        if d["type"] == rtype:
            out.append(d)
    return out
