"""Preallocated ring of fixed-size slots: how the shoe's asyncio tasks hand work to each other.

    r = Ring(16, 8)                 # 16 slots, each a kind byte + up to 8 payload bytes
    r.put(KIND_UID, uid_buf, 7)     # copies 7 bytes in; False (and r.dropped += 1) when full
    kind = r.get(out)               # copies the payload into out; -1 when empty
    n = r.last_len                  # payload length of the slot just taken

put() and get() allocate nothing: the slots are one bytearray made in __init__, the copy is a
byte loop (slicing a memoryview makes a new object on MicroPython), and the second result of
get() is kept in an attribute instead of a tuple. One writer and one reader per ring, both in
the same asyncio loop, so no lock is needed: a put from an interrupt handler would also be safe
because head is written last (peterhinch's ringbuf_queue makes the same argument).

A full ring drops the new item and counts it (bad input is counted, not raised: style.md 10);
the reader task can then report the count as an EVENT.
"""


class Ring:
    def __init__(self, slots, size):
        if slots < 1 or size < 0 or size > 255:
            raise ValueError("ring of %d slots of %d bytes: need slots >= 1, size 0..255"
                             % (slots, size))
        self.slots = slots
        self.size = size
        self._stride = size + 2  # kind byte, length byte, payload
        self._buf = bytearray(slots * self._stride)
        self._head = 0  # next slot to write
        self._tail = 0  # next slot to read
        self._count = 0
        self.dropped = 0
        self.last_len = 0
        self.high_water = 0

    def __len__(self):
        return self._count

    def full(self):
        return self._count == self.slots

    def clear(self):
        self._head = self._tail = self._count = 0

    def put(self, kind, data=None, n=0):
        """Append one item: kind 0..255 and data[0:n]. False when full (counted in dropped)."""
        if self._count == self.slots:
            self.dropped += 1
            return False
        if n > self.size:
            n = self.size  # truncate rather than raise: the hot path never raises
        buf = self._buf
        o = self._head * self._stride
        buf[o] = kind
        buf[o + 1] = n
        o += 2
        for i in range(n):
            buf[o + i] = data[i]
        h = self._head + 1
        self._head = 0 if h == self.slots else h
        self._count += 1
        if self._count > self.high_water:
            self.high_water = self._count
        return True

    def put2(self, kind, a, b):
        """Append kind with two 16-bit ints (commands: board number, dealer...)."""
        if self._count == self.slots or self.size < 4:
            self.dropped += 1
            return False
        buf = self._buf
        o = self._head * self._stride
        buf[o] = kind
        buf[o + 1] = 4
        buf[o + 2] = a & 0xFF
        buf[o + 3] = (a >> 8) & 0xFF
        buf[o + 4] = b & 0xFF
        buf[o + 5] = (b >> 8) & 0xFF
        h = self._head + 1
        self._head = 0 if h == self.slots else h
        self._count += 1
        if self._count > self.high_water:
            self.high_water = self._count
        return True

    def get(self, out=None):
        """Take the oldest item: its kind (payload copied into out), or -1 when empty."""
        if self._count == 0:
            self.last_len = 0
            return -1
        buf = self._buf
        o = self._tail * self._stride
        kind = buf[o]
        n = buf[o + 1]
        self.last_len = n
        if out is not None:
            o += 2
            m = n if n <= len(out) else len(out)
            for i in range(m):
                out[i] = buf[o + i]
        t = self._tail + 1
        self._tail = 0 if t == self.slots else t
        self._count -= 1
        return kind


def u16(buf, i):
    """The little-endian 16-bit int at buf[i] (the payload of put2)."""
    return buf[i] | (buf[i + 1] << 8)
