"""ring.Ring's methods the shoe's tasks never use, loaded on first use: full, clear and the
in-place door (reserve/commit, peek/release). Ring.__getattr__ puts them all on the class at
the first look-up of one of them; from then on they are plain methods.

    r = ring.Ring(2, 7)
    v = r.reserve()          # the next slot's payload in place (imports this module)
    n = reader.read_uid(v); r.commit(kind, n)
    v = r.peek(); r.peek_kind, r.peek_len; r.release()

With views (Ring(..., views=True), the default) none of these allocates; without, reserve()
and peek() make the slot's memoryview when called.
"""


def full(self):
    return self._count == self.slots


def clear(self):
    self._head = self._tail = self._count = 0


def reserve(self):
    """The next free slot's payload (a memoryview) to fill in place, or None when full."""
    if self._count == self.slots:
        self.dropped += 1
        return None
    return self._slot(self._head)


def commit(self, kind, n):
    """Hand over the slot reserve() gave, holding n payload bytes."""
    h = self._head
    self._meta[2 * h] = kind
    self._meta[2 * h + 1] = n
    self._advance_head(h)


def peek(self):
    """The oldest item's payload in place (peek_kind, peek_len say what), or None."""
    if self._count == 0:
        return None
    t = self._tail
    self.peek_kind = self._meta[2 * t]
    self.peek_len = self._meta[2 * t + 1]
    return self._slot(t)


def release(self):
    """Done with the item peek() gave."""
    if self._count:
        self._advance_tail(self._tail)


def _slot(self, i):
    # slot i's payload in place: the view made in __init__, else made now (allocates)
    if self._views is not None:
        return self._views[i]
    return memoryview(self._buf)[i * self.size:(i + 1) * self.size]


def _advance_tail(self, t):
    t += 1
    self._tail = 0 if t == self.slots else t
    self._count -= 1
