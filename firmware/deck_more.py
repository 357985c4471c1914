"""deck.py's upkeep, loaded on first use through Deck.__getattr__ (`deck.decks()` works as
before): what a shoe dealing the one deck it enrolled never runs. A deck forgotten (to enrol it
again) or a table grown past 3/4 full is rehashed here; the counts per deck, the card an
enrolment expects next and an enrolment given up are here too.

    d = deck.Deck("/decks.bin")
    d.decks()             # {deck id: cards enrolled}: imports this module
    d.forget(2)           # deck.py; the rehash it needs is deck__rehash below
"""

from overplay_core.compat import const

_SLOT = const(10)  # deck._SLOT (len, uid[7], deck index, card): a private const is inlined
# where it is defined, so MicroPython cannot import it from deck.py


def deck_decks(self):
    """{deck id: number of cards enrolled}."""
    out = {}
    for d in self.deck_ids:
        out[d] = 0
    t = self.table
    for s in range(self._size):
        if t[s * _SLOT]:
            out[self.deck_ids[t[s * _SLOT + 8]]] += 1
    return out


def deck_enrol_expected(self):
    """The card the next tag will be enrolled as, or -1."""
    e = self._enrolling
    if e is None or e[2] >= len(e[1]):
        return -1
    return e[1][e[2]]


def deck_abort_enrol(self):
    """Drop a half-done enrolment: back to what is on flash."""
    deck_id = self._enrolling[0] if self._enrolling else None
    self._enrolling = None
    if self.path is not None:
        self.load()
    elif deck_id is not None:
        self.forget(deck_id)


def deck__grow(self):
    # twice the slots: Deck.enrol keeps the table at most 3/4 full, so probes stay short
    deck__rehash(self, self._size * 2, -1)


def deck__rehash(self, size, drop):
    """Move every entry into a new table of `size` slots, leaving out deck index `drop`."""
    old = self.table
    view = memoryview(old)
    ids = self.deck_ids
    self._size = size
    self.table = bytearray(size * _SLOT)
    self.deck_ids = [d for i, d in enumerate(ids) if i != drop]
    self.entries = 0
    for off in range(0, len(old), _SLOT):
        n = old[off]
        d = old[off + 8]
        if n and d != drop:
            new = -1 - self._find(view[off + 1:off + 1 + n], n)
            for i in range(_SLOT):
                self.table[new + i] = old[off + i]
            self.table[new + 8] = d if drop < 0 or d < drop else d - 1
            self.entries += 1
    self.use(self.deck_id)
