"""Enrolled decks: which card each tag UID is, for every deck the club has enrolled.

    deck = Deck("/flash/decks.bin", deck_id=3)   # loads what is on flash (none yet: empty)
    deck.start_enrol(3, PACK_52)           # deck id 3: deal the sorted pack over the reader
    deck.enrol_next(uid, n)                # -> the card this tag now is, or a negative code
    deck.finish_enrol()                    # -> OK once every card was seen; saved to flash
    deck.use(3)                            # the deck on the table
    deck.lookup(uid, n)                    # -> card int, UNKNOWN_TAG, OTHER_DECK (hot path)
    deck.decks(); deck.forget(3); deck.abort_enrol()   # upkeep

A sorted pack is the pack in cards.PACK_* order: clubs, diamonds, hearts, spades, each from
the lowest rank to the ace (the joker last). lookup() allocates nothing: the UID bytes hash to
an int below 2^24 (so every step stays a small int on a 31-bit microcontroller), and an
open-addressing table in one bytearray (10 bytes a slot, at most 3/4 full, grown
while enrolling, never on the hot path) holds, per slot, the UID length, 7 UID bytes, the deck
index and the card; a hit compares the stored UID byte by byte. `last_deck` and `last_card`
tell which deck an OTHER_DECK tag belongs to and which card it is there.

File (little-endian): b"ODK" version 1, u16 entries, then per entry deck id u16, card u8,
UID length u8, UID 7 bytes (zero padded); then CRC-32 of everything before it. It is written
to path + ".new" and renamed over the old file (LittleFS renames atomically), so a power cut
leaves the old file or the new one, never a torn one.
"""

import binascii
import errno
import os
import struct

from overplay_core.compat import const

OK = 0
UNKNOWN_TAG = -20  # a tag no deck has: a stray tag, or a card never enrolled
OTHER_DECK = -21  # a card of another enrolled deck: the packs were mixed
BAD_UID = -22  # UID length not 4 or 7
ALREADY_ENROLLED = -23  # enrolment: this tag is already a card (read twice, or mixed)
FULL = -24  # 255 decks enrolled: forget one first
NOT_ENROLLING = -25  # enrol_next without start_enrol, or past the end of the pack
INCOMPLETE = -26  # finish_enrol before every card of the pack was seen

_SLOT = const(10)  # len, uid[7], deck index, card
_MASK24 = const(0xFFFFFF)
_MAGIC = b"ODK\x01"
_ENTRY_SIZE = const(11)  # deck id u16, card u8, UID length u8, UID 7 bytes


def uid_hash(uid, n):
    """An int below 2^24 from the UID's serial bytes (the last four, and byte 1 of a 7-byte
    NXP UID: byte 0 is the maker's 0x04; byte 2 is left out, for speed), no loop: it only
    spreads the slots, the compare checks every byte. An odd multiplier below 2^16 maps each
    byte one to one onto the low 8 bits (the slot of a table up to 256) and spreads it
    upward (a bigger table); every step a small int on a 31-bit microcontroller."""
    h = uid[n - 1] * 0x9E35 ^ uid[n - 2] * 0x7F4B ^ uid[n - 3] * 0x5BD1 ^ uid[n - 4] * 0x2C1F
    if n == 7:
        h ^= uid[1] * 0x3A97
    return h


def _same(t, off, uid, n):
    """The UID in the slot at off is uid[:n] (its length already checked): the last byte,
    most likely to differ, first; no loop for the two lengths a lookup takes."""
    if t[off + n] != uid[n - 1]:
        return False
    if n == 7:
        return (t[off + 1] == uid[0] and t[off + 2] == uid[1] and t[off + 3] == uid[2]
                and t[off + 4] == uid[3] and t[off + 5] == uid[4] and t[off + 6] == uid[5])
    i = 0
    while i < n - 1 and t[off + 1 + i] == uid[i]:
        i += 1
    return i == n - 1


class Deck:
    # the codes again, as attributes: callers holding only the object can name them
    UNKNOWN_TAG = UNKNOWN_TAG
    OTHER_DECK = OTHER_DECK
    BAD_UID = BAD_UID

    def __init__(self, path=None, deck_id=1, capacity=53):
        self.path = path
        self.deck_ids = []  # deck index -> deck id
        self.deck_id = deck_id  # the deck on the table (enrol() without an id goes to it)
        self.active = -1  # its index in deck_ids, -1 while it has no card enrolled
        self.last_deck = -1  # deck id found by the last OTHER_DECK lookup
        self.last_card = -1  # and the card it is in that deck
        self._size = 64
        while self._size * 3 < 4 * capacity:
            self._size *= 2
        self.table = bytearray(self._size * _SLOT)
        self.entries = 0
        self._enrolling = None  # [deck id, pack, next position] during enrolment
        if path is not None:
            self.load()

    # --- the hot path
    def _find(self, uid, n):
        """Slot offset holding this UID, or -1 - (offset of the empty slot where it would go)."""
        t = self.table
        mask = self._size - 1
        s = uid_hash(uid, n) & mask
        for _ in range(self._size):
            off = s * _SLOT
            ln = t[off]
            if ln == 0:
                return -1 - off
            if ln == n and _same(t, off, uid, n):
                return off
            s = (s + 1) & mask
        return -1 - self._size * _SLOT  # table full and not found

    def lookup(self, uid, n):
        """Card int of the tag in the deck in use, or UNKNOWN_TAG, OTHER_DECK, BAD_UID."""
        t = self.table
        # the first probe of a 7-byte UID (an NTAG's) inline, last byte first (a hit there is
        # the common case: the table is at most 3/4 full); anything else through _find
        if n == 7:  # uid_hash, inline (a call is ~1,500 cycles on the Pico)
            h = (uid[6] * 0x9E35 ^ uid[5] * 0x7F4B ^ uid[4] * 0x5BD1 ^ uid[3] * 0x2C1F
                 ^ uid[1] * 0x3A97)
        elif n == 4:
            h = uid_hash(uid, n)
        else:
            return BAD_UID
        off = (h & (self._size - 1)) * _SLOT
        if not (n == 7 and t[off] == 7 and t[off + 7] == uid[6] and t[off + 1] == uid[0]
                and t[off + 2] == uid[1] and t[off + 3] == uid[2] and t[off + 4] == uid[3]
                and t[off + 5] == uid[4] and t[off + 6] == uid[5]):
            off = self._find(uid, n)
            if off < 0:
                return UNKNOWN_TAG
        d = t[off + 8]
        if d != self.active:
            self.last_deck = self.deck_ids[d]
            self.last_card = t[off + 9]
            return OTHER_DECK
        return t[off + 9]

    # --- decks
    def use(self, deck_id):
        """Make deck_id the deck on the table; False when it has no card enrolled (yet)."""
        self.deck_id = deck_id
        self.active = self.deck_ids.index(deck_id) if deck_id in self.deck_ids else -1
        return self.active >= 0

    def card_of(self, uid, n):
        """(deck id, card) of a tag in any deck, or None."""
        off = self._find(uid, n) if n in (4, 7) else -1
        if off < 0:
            return None
        return self.deck_ids[self.table[off + 8]], self.table[off + 9]

    def enrol(self, uid, n, card, deck_id=None):
        """Record one tag as `card` of deck_id (default: the deck in use). OK or a code."""
        if n != 4 and n != 7:
            return BAD_UID
        if deck_id is None:
            deck_id = self.deck_id
        off = self._find(uid, n)
        if off >= 0:
            if self.deck_ids[self.table[off + 8]] != deck_id:
                return ALREADY_ENROLLED  # a card of another deck: the packs are mixed
            self.table[off + 9] = card  # the same deck enrolled again: the new card holds
            return OK
        if (self.entries + 1) * 4 > self._size * 3:
            self._grow()  # at most 3/4 full: linear probes stay short
            off = self._find(uid, n)
        off = -1 - off
        if deck_id not in self.deck_ids:
            if len(self.deck_ids) >= 255:
                return FULL
            self.deck_ids.append(deck_id)
        t = self.table
        t[off] = n
        for i in range(7):
            t[off + 1 + i] = uid[i] if i < n else 0
        t[off + 8] = self.deck_ids.index(deck_id)
        t[off + 9] = card
        self.entries += 1
        if deck_id == self.deck_id:
            self.active = t[off + 8]
        return OK

    def forget(self, deck_id):
        """Remove a deck (to enrol it again, or retire it). Rehashes the table."""
        if deck_id in self.deck_ids:
            self._rehash(self._size, self.deck_ids.index(deck_id))

    def _clear(self):
        for i in range(len(self.table)):
            self.table[i] = 0
        self.entries = 0
        self.deck_ids = []
        self.active = -1

    # --- enrolment by dealing a sorted pack once
    def start_enrol(self, deck_id, pack):
        """Begin enrolling deck_id (forgetting any earlier enrolment of that id)."""
        self.forget(deck_id)
        self._enrolling = [deck_id, tuple(pack), 0]

    def enrol_next(self, uid, n):
        """The next card of the sorted pack is this tag: returns that card, or a code."""
        e = self._enrolling
        if e is None or e[2] >= len(e[1]):
            return NOT_ENROLLING
        card = e[1][e[2]]
        if n in (4, 7) and self._find(uid, n) >= 0:
            return ALREADY_ENROLLED  # read twice (or a card of another deck): not the next card
        r = self.enrol(uid, n, card, e[0])
        if r != OK:
            return r
        e[2] += 1
        return card

    def finish_enrol(self):
        """OK and saved when the whole pack was dealt; INCOMPLETE otherwise (still enrolling)."""
        e = self._enrolling
        if e is None:
            return NOT_ENROLLING
        if e[2] < len(e[1]):
            return INCOMPLETE
        self._enrolling = None
        self.use(e[0])
        if self.path is not None:
            self.save()
        return OK

    # --- flash
    def save(self):
        """Write every deck to the file: to path + ".new", then renamed over the old one.
        False (nothing written) for a Deck made without a path."""
        if self.path is None:
            return False
        # written entry by entry through one 11-byte buffer, the CRC kept running: no block
        # the size of the file (~590 bytes for a pack) on a heap that may be fragmented
        e = bytearray(_ENTRY_SIZE)
        e[0:4] = _MAGIC
        struct.pack_into("<H", e, 4, self.entries)
        t = self.table
        tmp = self.path + ".new"
        with open(tmp, "wb") as f:
            f.write(memoryview(e)[:6])
            crc = binascii.crc32(memoryview(e)[:6])
            for off in range(0, len(t), _SLOT):
                n = t[off]
                if n:
                    struct.pack_into("<HBB", e, 0, self.deck_ids[t[off + 8]], t[off + 9], n)
                    for i in range(7):
                        e[4 + i] = t[off + 1 + i]
                    f.write(e)
                    crc = binascii.crc32(e, crc)
            struct.pack_into("<I", e, 0, crc & 0xFFFFFFFF)
            f.write(memoryview(e)[:4])
        try:
            os.rename(tmp, self.path)  # atomic on LittleFS and POSIX: old file or new, never torn
        except OSError:  # an empty folder in the file's place (a damaged flash): remove it
            os.rmdir(self.path)
            os.rename(tmp, self.path)
        return True

    def load(self):
        """Read the file; a missing file is an empty club. ValueError on a damaged file,
        OSError on one that cannot be read (a folder in its place): the app shows either
        and goes on with no deck enrolled (faults.boot)."""
        self._clear()
        try:
            with open(self.path, "rb") as f:
                data = f.read()
        except OSError as e:
            self.use(self.deck_id)
            if e.errno != errno.ENOENT:
                raise
            return
        if len(data) < 10 or data[:4] != _MAGIC:
            raise ValueError("deck file %s is not a deck file: enrol the decks again" % self.path)
        crc = struct.unpack("<I", data[-4:])[0]
        if binascii.crc32(data[:-4]) & 0xFFFFFFFF != crc:
            raise ValueError("deck file %s is damaged (CRC): enrol the decks again" % self.path)
        count = struct.unpack("<H", data[4:6])[0]
        if 6 + count * _ENTRY_SIZE + 4 != len(data):
            raise ValueError("deck file %s has a wrong length: enrol the decks again" % self.path)
        view = memoryview(data)
        for i in range(count):
            at = 6 + i * _ENTRY_SIZE
            deck_id, card, n = struct.unpack_from("<HBB", data, at)
            if n not in (4, 7) or self.enrol(view[at + 4:at + 4 + n], n, card, deck_id) != OK:
                raise ValueError("deck file %s has a bad entry %d: enrol the decks again"
                                 % (self.path, i))
        self.use(self.deck_id)

    def decks(self):
        """{deck id: number of cards enrolled}."""
        out = {}
        for d in self.deck_ids:
            out[d] = 0
        t = self.table
        for s in range(self._size):
            if t[s * _SLOT]:
                out[self.deck_ids[t[s * _SLOT + 8]]] += 1
        return out

    def enrol_expected(self):
        """The card the next tag will be enrolled as, or -1."""
        e = self._enrolling
        if e is None or e[2] >= len(e[1]):
            return -1
        return e[1][e[2]]

    def abort_enrol(self):
        """Drop a half-done enrolment: back to what is on flash."""
        deck_id = self._enrolling[0] if self._enrolling else None
        self._enrolling = None
        if self.path is not None:
            self.load()
        elif deck_id is not None:
            self.forget(deck_id)

    def _grow(self):
        # twice the slots: Deck.enrol keeps the table at most 3/4 full, so probes stay short
        self._rehash(self._size * 2, -1)

    def _rehash(self, size, drop):
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
