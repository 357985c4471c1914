"""A shoe at a simulated table: the real MFRC522 driver on the simulated chip, the real deck
(deck 1 whole, one card of deck 2), a RAM journal; and the dealer's hand (pass_over).
Shared by test_app.py and test_app_hotpath.py.
"""

import gc  # noqa: I001

try:  # collect often while compiling from source: freed parse trees are reused, not piled up
    gc.threshold(8192)
except AttributeError:  # CPython
    pass

# Modules with big literals and the biggest modules first, compiled while the 128 KB
# MicroPython heap is still in one piece: the order matters, not only the sum.
from overplay_core import findings  # noqa: F401, I001 - its table is one long string
from sim.mfrc522 import SimMFRC522  # noqa: F401
from sim.tags import card_tag, legacy_tag, uid7  # noqa: F401 - the test files take them from here
from drivers.mfrc522 import COLLISION, MFRC522
from overplay_core import records
from overplay_core import games
from overplay_core.tally import Tally
import shoe.dealing as S

KEY = b"k" * 32
SID = 77


class Journal:
    """The journal's append/commit/can_record in RAM (the real one: test_journal*.py)."""

    journal_id = 0x0C41D7AB  # the shoe signs its records with it

    def __init__(self):
        self.items = []
        self.next_seq = 1
        self.boot = 1

    def append(self, data, n):
        self.items.append(bytes(data[:n]))
        self.next_seq += 1
        return 0

    def commit(self):
        pass

    def can_record(self, n):
        return True


def records_of(sh, rtype):
    out = []
    for r in sh.journal.items:
        assert records.verify(r, KEY, SID, sh.journal.journal_id)
        if r[0] == rtype:
            out.append(records.decode(r))
    return out


class Uid7Deck:
    """deck.Deck's lookup for tags made with uid7(deck, card): deck 1 on the table, deck 2's
    5C enrolled too. Allocation-free like the real one (whose own tests are test_deck.py);
    the real Deck is on this path in the 200-deal sessions of session_sim.py."""

    UNKNOWN_TAG = -20  # deck.UNKNOWN_TAG
    OTHER_DECK = -21  # deck.OTHER_DECK

    def lookup(self, uid, n):
        if n != 7 or uid[0] != 0x04 or uid[1] != 0:
            return -20
        if uid[2] == 1 and uid[5] < 53:
            return uid[5]
        if uid[2] == 2 and uid[5] == 3:
            return -21
        return -20

    def card_of(self, uid, n):
        c = self.lookup(uid, n)
        if c >= 0:
            return (1, c)
        return (2, 3) if c == -21 else None


DECK = Uid7Deck()


def table(game=games.DUPLICATE_WHIST, variant=0):
    """A shoe on the simulated chip: the real driver talks SPI to it."""
    sim = SimMFRC522()
    reader = MFRC522(sim, sim.cs, sim.rst)
    p = games.profile(game, variant)
    sh = S.Shoe(p, Tally(p), DECK, reader, Journal(), KEY, SID, None,
                collision_code=COLLISION)
    return sim, sh


def pass_over(sim, sh, tags, dwell=3):
    """The dealer's hand: tags enter the field together, stay `dwell` polls, leave."""
    for t in tags:
        sim.enter(t)
    for _ in range(dwell):
        sh.poll()
    for t in tags:
        sim.leave(t)
    sh.poll()  # the field is empty again
    sh.service()


def shuffled(pack, seed):
    out = list(pack)
    x = seed
    for i in range(len(out) - 1, 0, -1):
        x = (x * 1103515245 + 12345) & 0x3FFFFFFF
        j = (x >> 8) % (i + 1)
        out[i], out[j] = out[j], out[i]
    return out
