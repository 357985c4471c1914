"""Small stand-ins for the shoe's tests: a UID script reader, a deck table, a RAM journal.

Used only where the real piece is not what the test is about; the acceptance tests in
test_app.py use the real driver on the simulated chip, the real deck and the real journal.
"""

import shoe as S
from deck import Deck
from display import RecordingDisplay
from overplay_core import games, records
from overplay_core.tally import Tally

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


_club = []
OTHER_DECK_CARDS = (3, 5, 35)  # deck 2 has these cards enrolled too (mixed packs)


def club_deck(active=1):
    """The real Deck: every card (and the joker) of deck 1, a few of deck 2, under uid_of.

    Built once and shared (made while the test heap is still in one piece); tests only look
    cards up in it."""
    if not _club:
        d = Deck(capacity=60)
        for c in range(53):
            d.enrol(uid_of(c, 1), 7, c, 1)
        for c in OTHER_DECK_CARDS:
            d.enrol(uid_of(c, 2), 7, c, 2)
        _club.append(d)
    _club[0].use(active)
    return _club[0]


class ListJournal:
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
    sh = S.Shoe(p, Tally(p), club_deck(), reader, journal or ListJournal(), KEY, SID,
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
