"""Virtual ISO 14443A tags for the simulated MFRC522: NTAG213 (cards, trays), 4-byte UID tags.

    card = card_tag(uid7(1, 17))          # NTAG213, 7-byte UID 04 00 01 00 00 11 81
    c = card_tag_int(uid7(1, 17))         # the same card as a plain int (no object): see below
    tags = pack_tags(2, PACK_52)          # a whole pack's tags for deck 2, in pack order
    tray = tray_tag(uid7(9, 1))           # also an NTAG213: 45 pages, user pages 4..39
    old = legacy_tag(b"\\x12\\x34\\x56\\x78") # a 4-byte UID tag (SAK 0x08, no NTAG commands)
    tray.page(4)                          # bytes of page 4 (a test may edit tray.mem by hand)
    (pack_tags, legacy_tag, Tag.uid/state/page/user_bytes: what tests read)
    dealer = ScriptedDealer(sim, tags)    # passes tags through a SimMFRC522's field, by poll
    dealer.start(13)                      # again, the list as it is now (reshuffled): 13 tags

A tag answers a frame (bytes + bit count) the way ISO 14443-3 and the NTAG213 datasheet say:
IDLE -(REQA/WUPA)-> READY1 -(select CL1)-> READY2 -(select CL2)-> ACTIVE -(HLTA)-> HALT, and
HALT -(WUPA only)-> READY1. A frame a state does not expect sends the tag back to IDLE (or to
HALT if WUPA woke it from there). Leaving the field (power off) resets it to IDLE.
ACTIVE takes READ (16 bytes, wrapping past the last page), WRITE (4-bit ACK; pages 0-1 are
read-only, pages 2-3 are OR-only lock/OTP bytes), GET_VERSION, HLTA. A bad CRC_A gets NAK 0x1.
Anticollision is byte-aligned only (NVB 0x20, 0x30.. 0x70), which is what the driver sends.
Answering allocates nothing: the answer goes into the preallocated `Tag.resp` (shared).

A card may be a plain int instead of a Tag (card_tag_int: the packed UID that Tag.u is), ~86
bytes less a card on the unix port. A simulated chip's field holds Tags and ints alike (ints
compare by ==); it keeps an int tag's state only while it is in the field (out of the field
a tag has no power: IDLE) and answers for it through one shared flyweight Tag (flyweight()).
An int card's memory reads as made (UID, BCC, capability container) and a WRITE gets NAK 0x0:
it has nowhere to keep data, so a card a test writes to is a card_tag().
"""

from overplay_core.compat import const

IDLE = 0
READY1 = 1
READY2 = 2
ACTIVE = 3
HALT = 4

NTAG213_PAGES = 45
_VERSION_NTAG213 = b"\x00\x04\x04\x02\x01\x00\x0f\x03"  # GET_VERSION answer (NTAG213 datasheet)
_CC_NTAG213 = b"\xe1\x10\x12\x00"  # capability container, page 3: 144 bytes of NDEF space

# answer times after the frame's end, in microseconds: FDT ~86 us + the answer at 106 kbit/s
# (9 bits a byte, 9.44 us a bit); WRITE adds the EEPROM programming time (~4.1 ms)
_US_PER_BYTE = const(85)


def crc_a(data, n, preset=0x6363):
    """CRC_A of ISO 14443-3 over data[:n] (reflected 0x1021, no final XOR); an int."""
    crc = preset
    for i in range(n):
        b = data[i] ^ (crc & 0xFF)
        b = (b ^ (b << 4)) & 0xFF
        crc = (crc >> 8) ^ (b << 8) ^ (b << 3) ^ (b >> 4)
    return crc


def uid7(a, b):
    """A 7-byte NXP-style UID (manufacturer byte 0x04) from two small ints."""
    return bytes([0x04, (a >> 8) & 0xFF, a & 0xFF, (b >> 16) & 0xFF, (b >> 8) & 0xFF,
                  b & 0xFF, 0x80 | (a & 0x7F)])


class Tag:
    """One ISO 14443A tag. uid: 4 or 7 bytes; pages: NTAG memory size (0 = no NTAG memory).

    A card tag holds two small ints, `u` (the UID, its length in bits 56..59) and `s` (state,
    HALT flag), and nothing else until something reads its memory: ~75 bytes of heap a tag
    on the unix port (a pack of 53 was ~16 KB as objects with attributes and buffers).
    Answering a frame unpacks them into the shared `cl` (the UID as sent at each cascade
    level, BCCs, state, HALT flag) and packs the state back. Everything else is a class
    default.
    """

    # One answer buffer for all tags: the chip copies each tag's answer before asking the next
    # (and reads resp_us, the time of the last answer, at once: shared too).
    resp = bytearray(20)
    resp_us = 0
    name = ""
    pages = NTAG213_PAGES
    write_budget = -1  # >= 0 (set on a tag): it leaves the field after that many more WRITEs
    writes = 0
    reads = 0
    _mem = None  # made on first use: a card tag is rarely READ (saves RAM in a pack)
    flyweight = False  # True on the one Tag a chip answers through for its int card tags
    # the answering tag's cascade bytes: CL1 (4 bytes + BCC), CL2 at 5; [10] state, [11] 1
    # when WUPA woke it from HALT (a 4-byte UID never starts with CT 0x88)
    cl = bytearray(12)

    def __init__(self, uid, pages=NTAG213_PAGES, name=""):
        self.u = _packed(uid)
        if name:
            self.name = name
        if pages != NTAG213_PAGES:
            self.pages = pages
        self.s = IDLE  # made here: answering a frame (under heap_lock in tests) allocates nothing

    @property
    def mem(self):
        """The tag's EEPROM, pages * 4 bytes (UID, BCC and capability container in 0..3)."""
        m = self._mem
        if m is not None and not self.flyweight:
            return m
        if m is None:
            self._mem = m = bytearray(self.pages * 4)
        else:  # the flyweight: each int card tag reads as made, whichever answered before
            for i in range(len(m)):
                m[i] = 0
        u = self.u
        if self.pages and u >> 56 == 7:  # byte by byte: no slice, no bytes (allocate nothing)
            for i in range(3):
                m[i] = (u >> (48 - 8 * i)) & 0xFF
            m[3] = 0x88 ^ m[0] ^ m[1] ^ m[2]  # BCC0
            for i in range(4):
                m[4 + i] = (u >> (24 - 8 * i)) & 0xFF
            m[8] = m[4] ^ m[5] ^ m[6] ^ m[7]  # BCC1
            m[9] = 0x48  # internal
            for i in range(4):
                m[12 + i] = _CC_NTAG213[i]
        return m

    # What tests read of a tag (the simulated chip does not)
    @property
    def uid(self):
        """The UID as bytes."""
        u = self.u
        n = u >> 56
        return bytes([(u >> (8 * (n - 1 - i))) & 0xFF for i in range(n)])

    @property
    def state(self):
        """IDLE .. HALT."""
        return self.s & 0x0F

    def page(self, p):
        return bytes(self.mem[p * 4:p * 4 + 4])

    def user_bytes(self, n=144):
        """The first n bytes of user memory (pages 4..39)."""
        return bytes(self.mem[16:16 + n])

    def power_off(self):
        cl = Tag.cl  # also while answering (a WRITE cut short): the state packed back is IDLE
        cl[10] = IDLE
        cl[11] = 0
        self.s = IDLE

    def _back(self):
        cl = self.cl
        cl[10] = HALT if cl[11] else IDLE
        return 0

    def _answer(self, n):
        Tag.resp_us = 86 + n * _US_PER_BYTE
        return n * 8

    def _nak(self, code):
        self.resp[0] = code
        Tag.resp_us = 86 + 57
        self._back()
        return 4

    def _with_crc(self, n):
        c = crc_a(self.resp, n)
        self.resp[n] = c & 0xFF
        self.resp[n + 1] = c >> 8
        return self._answer(n + 2)

    def answer(self, frame, nbits):
        """Take one frame; return the answer's length in bits (0 = silent), bytes in resp."""
        # unpack this tag into the shared `cl` for the frame being answered
        cl = Tag.cl
        u = self.u
        if u >> 56 == 4:
            cl[0] = (u >> 24) & 0xFF
            cl[1] = (u >> 16) & 0xFF
            cl[2] = (u >> 8) & 0xFF
            cl[3] = u & 0xFF
        else:
            cl[0] = 0x88
            for i in range(3):
                cl[1 + i] = (u >> (48 - 8 * i)) & 0xFF
            for i in range(4):
                cl[5 + i] = (u >> (24 - 8 * i)) & 0xFF
        for at in (0, 5):
            cl[at + 4] = cl[at] ^ cl[at + 1] ^ cl[at + 2] ^ cl[at + 3]
        s = self.s
        cl[10] = s & 0x0F
        cl[11] = s >> 4
        r = self._frame(cl, frame, nbits)
        self.s = cl[10] | (cl[11] << 4)  # state | HALT flag << 4
        return r

    def _frame(self, cl, frame, nbits):
        st = cl[10]
        if nbits == 7:
            cmd = frame[0] & 0x7F
            if (cmd == 0x26 and st == IDLE) or (cmd == 0x52 and (st == IDLE or st == HALT)):
                cl[11] = 1 if st == HALT else 0
                cl[10] = READY1
                self.resp[0] = 0x44 if cl[0] == 0x88 else 0x04  # ATQA, LSB first
                self.resp[1] = 0x00
                return self._answer(2)
            if st != IDLE and st != HALT:
                return self._back()
            return 0
        if st == IDLE or st == HALT:
            return 0
        if nbits & 7:
            return self._back()
        n = nbits >> 3
        if st == READY1 or st == READY2:
            return self._anticoll(frame, n, st - READY1)
        # ACTIVE
        if n < 3 or crc_a(frame, n - 2) != frame[n - 2] | (frame[n - 1] << 8):
            return self._nak(0x1)
        cmd = frame[0]
        if cmd == 0x50 and n == 4 and frame[1] == 0:
            cl[10] = HALT
            cl[11] = 1
            return 0
        if cmd == 0x30 and n == 4:
            p = frame[1]
            if not self.pages or p >= self.pages:
                return self._nak(0x0)
            self.reads += 1
            size = self.pages * 4
            at = p * 4
            m = self.mem
            for i in range(16):
                self.resp[i] = m[(at + i) % size]  # READ rolls over to page 0
            return self._with_crc(16)
        if cmd == 0xA2 and n == 8:
            return self._write(frame[1], frame)
        if cmd == 0x60 and n == 3 and self.pages:
            for i in range(8):
                self.resp[i] = _VERSION_NTAG213[i]
            return self._with_crc(8)
        return self._nak(0x0)

    def _anticoll(self, frame, n, level):
        cl = self.cl
        at = level * 5
        if n < 2 or frame[0] != (0x93, 0x95)[level]:
            return self._back()
        nvb = frame[1]
        if nvb == 0x70 and n == 9:
            for i in range(5):
                if frame[2 + i] != cl[at + i]:
                    return self._back()
            if crc_a(frame, 7) != frame[7] | (frame[8] << 8):
                return self._back()
            last = level == 1 or cl[0] != 0x88
            cl[10] = ACTIVE if last else READY2
            if last:
                self.resp[0] = 0x00 if self.pages else 0x08  # SAK: NTAG 0x00, Classic 0x08
            else:
                self.resp[0] = 0x04  # cascade bit: UID not complete
            return self._with_crc(1)
        known = (nvb >> 4) - 2
        if nvb & 0x0F or known < 0 or known > 4 or n != 2 + known:
            return 0  # partial-bit anticollision is not modelled: stay silent
        for i in range(known):
            if frame[2 + i] != cl[at + i]:
                return 0  # not this tag's prefix: it keeps quiet
        for i in range(known, 5):
            self.resp[i - known] = cl[at + i]
        return self._answer(5 - known)

    def _write(self, p, frame):
        if self.write_budget == 0:
            self.power_off()  # pulled out of the field mid-write: nothing written, no ACK
            return 0
        if self.flyweight or not self.pages or p < 2 or p >= self.pages:
            return self._nak(0x0)  # an int card tag keeps no memory: NAK, as a locked page
        at = p * 4
        m = self.mem
        for i in range(4):
            b = frame[2 + i]
            if p == 3 or (p == 2 and i >= 2):
                b |= m[at + i]  # lock bytes and OTP page only ever gain bits
            if p == 2 and i < 2:
                b = m[at + i]  # UID bytes of page 2 are read-only
            m[at + i] = b
        self.writes += 1
        if self.write_budget > 0:
            self.write_budget -= 1
        self.resp[0] = 0x0A
        Tag.resp_us = 4100 + 57
        return 4


def _packed(uid):
    if len(uid) not in (4, 7) or uid[0] == 0x88:
        raise ValueError("tag UID must be 4 or 7 bytes, not starting 0x88: %r" % (uid,))
    u = 0
    for b in uid:
        u = (u << 8) | b
    return (len(uid) << 56) | u  # below 2^62: a small int on the (64-bit) unix port


def card_tag(uid, name=""):
    """An NTAG213 sticker on a playing card (7-byte UID)."""
    return Tag(uid, NTAG213_PAGES, name)


def card_tag_int(uid):
    """The same sticker as a plain int (Tag.u: UID length in bits 56..59, the UID below),
    for a simulated field holding a whole pack without a Tag object a card. Answers as
    card_tag(uid) does, its memory reads as made; a WRITE gets NAK (nothing is kept)."""
    return _packed(uid)


def flyweight():
    """The one Tag a chip answers through for every int card tag in its field: the chip
    loads the int into `u` and its state byte into `s`, asks, and stores `s` back."""
    t = Tag(b"\x04\x00\x00\x00\x00\x00\x00")
    t.flyweight = True
    return t


def tray_tag(uid, name="tray"):
    """An NTAG213 on a duplicate tray: the electronic trump slip lives in pages 4..39."""
    return Tag(uid, NTAG213_PAGES, name)


class ScriptedDealer:
    """Passes tags (Tags or int card tags) through the field one by one, as a dealer's hand.

    Each tag stays in the field for `dwell` polls (REQA/WUPA frames), then the field is empty
    for `gap` polls before the next. Indices in `together` enter with the next tag (two cards
    at once: a collision). `done` is True once the last tag has left. step() moves at once.
    start(count) deals the list again from its first tag (it may have been reordered in
    place: a shuffled pack), the first `count` tags only if count >= 0.
    """

    def __init__(self, sim, tags, dwell=3, gap=1, together=(), count=-1):
        self.sim = sim
        # a list is used as given (not copied: a 52-card list is 512 bytes of heap a deal)
        self.tags = tags if isinstance(tags, list) else list(tags)
        self.dwell = dwell
        self.gap = gap
        self.together = together
        self.start(count)

    def start(self, count=-1):
        self.end = len(self.tags) if count < 0 else count  # tags [0, end) are passed
        self.next = 0  # index of the next tag to enter
        self.cur = -1  # index of the (first) tag in the field, -1 none
        self.width = 0  # tags in the field: 0, 1 or 2
        self.t = self.gap  # polls spent in the current phase (start ready to deal)
        self.done = self.end == 0
        self.sim.script = self

    def step(self):
        """Take the tag(s) in the field out and put the next in; return its index or -1."""
        if self.width:
            for i in range(self.width):
                self.sim.leave(self.tags[self.cur + i])
            self.width = 0
            self.cur = -1
        if self.next >= self.end:
            self.done = True
            return -1
        self.cur = self.next
        self.width = 2 if self.cur in self.together and self.cur + 1 < self.end else 1
        for i in range(self.width):
            self.sim.enter(self.tags[self.cur + i])
        self.next = self.cur + self.width
        return self.cur

    def on_poll(self, sim):
        if self.done:
            return
        self.t += 1
        if self.width:
            if self.t > self.dwell:
                for i in range(self.width):
                    sim.leave(self.tags[self.cur + i])
                self.width = 0
                self.cur = -1
                self.t = 1
                if self.next >= self.end:
                    self.done = True
                    return
        if not self.width and self.t > self.gap:
            self.step()
            self.t = 1


def pack_tags(deck_no, cards):
    """Card tags for a pack: tag i is cards[i], UID uid7(deck_no, card) (distinct per deck)."""
    return [card_tag(uid7(deck_no, c)) for c in cards]


def legacy_tag(uid4, name=""):
    """A 4-byte UID tag (MIFARE Classic-like: SAK 0x08, answers no NTAG command)."""
    return Tag(uid4, 0, name)
