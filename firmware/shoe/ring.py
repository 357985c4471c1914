"""Preallocated ring of fixed-size slots: how the shoe's asyncio tasks hand work to each other.

    r = Ring(16, 10)                # 16 slots, each a kind byte + up to 10 payload bytes
    r = Ring(8, 4, views=False)     # off the per-card path: smaller, get() copies byte by byte
    r.put(KIND_UID, uid_buf, 7)     # copies the payload in; False (and r.dropped += 1) if full
    kind = r.get(out)               # copies the payload out; -1 when empty
    n = r.last_len                  # payload length of the item just taken
    r.put_slot(KIND_UID, uid10, 7)  # the per-card path: a buffer of exactly the slot's size,
    kind = r.get_slot(out10)        # ... copied whole both ways, no size checks

    v = r.reserve()                 # zero-copy: the next slot
    n = reader.read_uid(v)          # ... filled in place,
    r.commit(kind, n)               # ... then handed over
    v = r.peek()                    # the oldest payload in place (None when empty);
    r.peek_kind, r.peek_len         # its kind and length
    r.release()                     # done with it

Nothing here allocates: the payloads are one bytearray made in __init__, kinds and lengths a
second bytearray, and the second result of get() is kept in an attribute instead of a tuple.
put() copies with one slice assignment into the bytearray, which MicroPython does without a
heap slice object. Reading a slot at an offset without allocating needs a memoryview made
beforehand: a ring made with views=True (the default) keeps one per slot (made in __init__:
32 bytes each on a 64-bit port, 16 on the Pico), so get() is one C copy too; a ring that is
not on the per-card path (views=False: the shoe's commands and events) copies its few payload
bytes out one by one instead and saves the views. reserve() and peek() hand out a slot in
place: without views that view is made then (it allocates). A payload buffer longer than
the slot, or an `out` shorter than it, is copied byte by byte.
One writer and one reader per ring, both in the same asyncio loop, so no lock is needed
(peterhinch's ringbuf_queue makes the same argument).

A full ring drops the new item and counts it (bad input is counted, not raised: style.md 10);
the reader task can then report the count as an EVENT.
"""


class Ring:
    _views = None  # per-slot memoryviews, when made with views=True (set in __init__)

    def __init__(self, slots, size, views=True):
        if slots < 1 or size < 0 or size > 255:
            raise ValueError("ring of %d slots of %d bytes: need slots >= 1, size 0..255"
                             % (slots, size))
        self.slots = slots
        self.size = size
        self._buf = bytearray(slots * size)
        self._meta = bytearray(2 * slots)  # per slot: kind, payload length
        if views:
            mv = memoryview(self._buf)
            self._views = [mv[i * size:(i + 1) * size] for i in range(slots)]
        self._head = 0  # next slot to write
        self._tail = 0  # next slot to read
        self._count = 0
        self.dropped = 0
        self.last_len = 0
        self.high_water = 0
        self.peek_kind = -1
        self.peek_len = 0

    def __len__(self):
        return self._count

    # --- copying in and out ---------------------------------------------------------------
    def put(self, kind, data=None, n=0):
        """Append one item: kind 0..255 and data[0:n]. False when full (counted in dropped)."""
        c = self._count
        if c == self.slots:
            self.dropped += 1
            return False
        h = self._head
        size = self.size
        if n > size:
            n = size  # truncate rather than raise: the hot path never raises
        if n:
            m = len(data)
            o = h * size
            if m <= size:
                self._buf[o:o + m] = data  # one C copy: the whole buffer, n of it meaningful
            else:
                b = self._buf
                for i in range(n):
                    b[o + i] = data[i]
        meta = self._meta
        meta[2 * h] = kind
        meta[2 * h + 1] = n
        self._head = 0 if h + 1 == self.slots else h + 1  # _advance_head, inline: put and
        c += 1  # get are on the per-card path
        self._count = c
        if c > self.high_water:
            self.high_water = c
        return True

    def put2(self, kind, a, b):
        """Append kind with two 16-bit ints (commands: board number, dealer...)."""
        if self._count == self.slots or self.size < 4:
            self.dropped += 1
            return False
        h = self._head
        v = self._buf
        o = h * self.size
        v[o] = a & 0xFF
        v[o + 1] = (a >> 8) & 0xFF
        v[o + 2] = b & 0xFF
        v[o + 3] = (b >> 8) & 0xFF
        self._meta[2 * h] = kind
        self._meta[2 * h + 1] = 4
        self._advance_head(h)
        return True

    def get(self, out=None):
        """Take the oldest item: its kind (payload copied into out), or -1 when empty."""
        c = self._count
        if c == 0:
            self.last_len = 0
            return -1
        t = self._tail
        meta = self._meta
        n = meta[2 * t + 1]
        self.last_len = n
        if n and out is not None:
            size = self.size
            if len(out) >= size and self._views is not None:
                out[0:size] = self._views[t]  # one C copy
            else:
                b = self._buf
                o = t * size
                m = n if n <= len(out) else len(out)
                for i in range(m):
                    out[i] = b[o + i]
        self._tail = 0 if t + 1 == self.slots else t + 1  # _advance_tail, inline
        self._count = c - 1
        return meta[2 * t]

    # --- whole slots: the per-card path --------------------------------------------------
    def put_slot(self, kind, buf, n):
        """put() for a buffer exactly the slot's size (the reader's UID buffer), n of its
        bytes meaningful: one C copy through the slot's view and no size checks (a buffer of
        another size raises ValueError). Needs a ring made with views=True."""
        c = self._count
        if c == self.slots:
            self.dropped += 1
            return False
        h = self._head
        self._views[h][:] = buf
        meta = self._meta
        meta[2 * h] = kind
        meta[2 * h + 1] = n
        self._head = 0 if h + 1 == self.slots else h + 1
        c += 1
        self._count = c
        if c > self.high_water:
            self.high_water = c
        return True

    def get_slot(self, out):
        """get() into a buffer exactly the slot's size: the whole slot in one C copy
        (last_len says how much of it is payload). A bytearray of another size would be
        resized to the slot's: pass the slot's size."""
        c = self._count
        if c == 0:
            self.last_len = 0
            return -1
        t = self._tail
        meta = self._meta
        self.last_len = meta[2 * t + 1]
        out[:] = self._views[t]
        self._tail = 0 if t + 1 == self.slots else t + 1
        self._count = c - 1
        return meta[2 * t]

    # --- bookkeeping ----------------------------------------------------------------------
    def _advance_head(self, h):
        h += 1
        self._head = 0 if h == self.slots else h
        c = self._count + 1
        self._count = c
        if c > self.high_water:
            self.high_water = c

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


def u16(buf, i):
    """The little-endian 16-bit int at buf[i] (the payload of put2)."""
    return buf[i] | (buf[i + 1] << 8)
