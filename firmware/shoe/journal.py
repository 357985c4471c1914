"""The shoe's journal: an append-only, power-fail-safe log of signed records on flash.

    j = Journal("/flash/journal")      # opening bumps the boot counter kept on flash
    if not j.can_record(64):           # refuse to start a deal that could not be recorded
        ...
    n = records.encode_deal(buf, j.next_seq, j.boot, ticks_ms(), ...)
    j.append(buf, records.sign(buf, n, key, shoe_id, j.journal_id))   # RAM only
    j.commit()                         # one write + flush of the batch: now it survives a cut
    for seq, rec in j.records_from(link_ack + 1): ...   # the sync link reads committed ones
    j.mark_synced(seq); j.reclaim()    # delete whole segments the PC already holds

On flash (docs/records.md has the details): a directory holding segment files
`s<first seq, 10 digits>.log` and two state slots `state0`, `state1`. A segment is a run
of frames  [len u8][record: len bytes][CRC-32 u32 LE of len + record]; the record's own header
carries its seq (offset 1), and seqs run on by one across the segments in name order. A state
slot is  gen u32 | boot u16 | 0 u16 | synced u32 | journal_id u32 | CRC-32 u32  (20 bytes; a
16-byte slot without the id, from older firmware, still reads); the valid slot with the higher
gen wins, and each write goes to the other slot, so a torn one costs nothing.

Identity: journal_id is a random nonzero u32 made when the journal starts afresh (no valid
state slot holding one: a new or wiped directory, new flash), kept in every state slot, so it
is the same after every reboot and new after a wipe. The shoe signs its records with it
(records.sign), and the sync link reports it with first_seq (the oldest record held). A new id
is written to a state slot before any record is committed (commit() writes it first if the
write at open failed), so no record on flash is ever signed with an id that a power cut lost.

Recovery on open: the newest segment is read frame by frame; the first frame that is short,
fails its CRC or breaks the seq run ends it. A torn tail is never appended to: the next commit
starts a new segment, and readers stop at the bad frame. So a committed record is read back
intact and a torn one is dropped, never misread. LittleFS (copy-on-write, the file reverts to
its last flush) never shows a torn tail; a plain filesystem might, and the CRC catches it.

next_seq never goes back: it is one past the last committed record, and at least the newest
segment's first seq and one past the synced mark, which reclaim() never deletes past (the
newest segment is never deleted; a fully synced one is first rolled over to an empty one).
Batching (hardware-facts targets 5-6): append() only copies into RAM; commit() costs one
open + write + flush + close, i.e. on LittleFS about one 4 KB erase, so commit per deal or per
few records. No file stays open between commits (an open file keeps its cache on the heap).
"""

import binascii
import os

from overplay_core import records
from overplay_core.records import MAX_RECORD

try:
    _fsync = os.fsync  # CPython: flush() reaches the OS, fsync() reaches the disk
except AttributeError:  # MicroPython: flush() is lfs_file_sync, durable on flash
    _fsync = None

# append() codes (the non-raising door)
OK = 0
FULL = -1  # the RAM batch has no room: commit() first
BAD_SEQ = -2  # the record's seq is not next_seq
BAD_RECORD = -3  # shorter than a header + tag, or longer than a frame holds

MIN_RECORD = records.HEADER + records.TAG
FRAME_EXTRA = 5  # length byte + CRC-32
STATE_SIZE = 20
OLD_STATE_SIZE = 16  # a slot written before the journal id (read as id 0: a new id is made)
WARN_PART = 8  # `low`: less than 1/8 of the flash free (the Pico's 1408 KB: 176 KB)
SLACK_BLOCKS = 16  # can_record's cache is trusted only this many blocks (or 1/8) from full


def _get32(b, i):
    return b[i] | (b[i + 1] << 8) | (b[i + 2] << 16) | (b[i + 3] << 24)


def _put32(b, i, v):
    b[i] = v & 0xFF
    b[i + 1] = (v >> 8) & 0xFF
    b[i + 2] = (v >> 16) & 0xFF
    b[i + 3] = (v >> 24) & 0xFF


def _new_id():
    """A random nonzero u32: the identity of a journal that starts afresh."""
    v = 0
    while not v:
        v = _get32(os.urandom(4), 0)
    return v


def _set_aside(path, folder):
    """Rename path to path + '.bad' (a name the journal never reads) unless it is a folder
    (folder True) or a file (folder False) as it should be; True when it was not."""
    try:
        if (os.stat(path)[0] & 0x4000 != 0) == folder:  # S_IFDIR
            return False
        os.rename(path, path + ".bad")
    except OSError:
        pass  # kept: the journal skips it, and a commit on that name fails (shown)
    return True


def _durable(f):
    f.flush()
    if _fsync is not None:
        _fsync(f.fileno())


class Journal:
    def __init__(self, path, batch_bytes=1024, segment_bytes=8192, reserve_blocks=4):
        self.path = path.rstrip("/")
        self.segment_bytes = segment_bytes
        self.reserve_blocks = reserve_blocks
        self._buf = bytearray(batch_bytes)
        self._end = 0  # bytes of frames waiting in the batch
        self._scratch = bytearray(MAX_RECORD + FRAME_EXTRA)  # one frame read back
        # (commit and _frames view these buffers through a memoryview made per call: both
        # allocate already, and two views kept here would cost two objects and two entries
        # in this object's attribute table for good)
        self._f = None  # the newest segment while commit() writes it (closed between commits)
        self._seg_size = 0
        self._fresh_segment = False  # the next commit starts a new segment (torn tail)
        self.committed_bytes = 0  # bytes of frames committed since open (wear accounting)
        # What opening found wrong and set aside (a file where the folder should be, a folder
        # where a segment should be, a newest segment damaged past a torn commit): the app
        # shows and records it (EVENT file_fault) instead of failing to boot.
        self.faults = 0
        self.low = False  # nearly full, as of the last free_bytes()
        # Bytes free for records as of the last statvfs (free_bytes()), None when the flash
        # changed since (open, commit): can_record's cache, see there
        self._free = None
        self._slack = 0  # within this many bytes of full, can_record reads statvfs every time
        try:
            os.mkdir(self.path)
        except OSError:  # already there (a file in its place is set aside)
            if _set_aside(self.path, True):
                self.faults += 1
                os.mkdir(self.path)
        self._segs = self._list_segments()
        self._gen, boot, self.synced_seq, self.journal_id = self._read_state()
        self._id_saved = self.journal_id != 0
        if not self.journal_id:  # starting afresh: this journal's identity (see above)
            self.journal_id = _new_id()
        last, last_boot = self._recover()
        self.committed_seq = last
        floor = self.synced_seq
        if self._segs and self._segs[-1] - 1 > floor:
            floor = self._segs[-1] - 1
        if self.committed_seq < floor:
            self.committed_seq = floor
        self.next_seq = self.committed_seq + 1
        if last_boot > boot:
            boot = last_boot
        self.boot = (boot + 1) & 0xFFFF or 1
        self._write_state()

    # --- the hot path ---------------------------------------------------------------------

    def append(self, record, n=-1):
        """Queue record[:n] (whole record when n < 0) in RAM; OK or a negative code."""
        if n < 0:
            n = len(record)
        if n < MIN_RECORD or n > MAX_RECORD:
            return BAD_RECORD
        p = self._end
        if p + n + FRAME_EXTRA > len(self._buf):
            return FULL
        if (record[1] | (record[2] << 8) | (record[3] << 16) | (record[4] << 24)) != self.next_seq:
            return BAD_SEQ
        b = self._buf
        b[p] = n
        m = len(record)
        if p + 1 + m <= len(b):
            # one C copy of the whole buffer (n bytes of it meaningful; the rest is written
            # over by the CRC and the next frame): a slice of equal length allocates nothing,
            # where a byte loop costs ~118,000 cycles a deal record on the Pico
            b[p + 1:p + 1 + m] = record
        else:
            for k in range(n):
                b[p + 1 + k] = record[k]
        self._end = p + n + FRAME_EXTRA  # CRC filled in by commit(): no long ints here
        self.next_seq += 1
        return OK

    @property
    def pending(self):
        """Bytes appended but not yet committed."""
        return self._end

    # --- making it durable ----------------------------------------------------------------

    def commit(self):
        """Write the batch in one write + flush. True when durable (or nothing to do)."""
        end = self._end
        if end == 0:
            return True
        if not self._id_saved and not self._write_state():
            return False  # the journal id is not on flash yet: no record is signed without it
        b = self._buf
        mv = memoryview(b)
        p = 0
        while p < end:
            n = b[p]
            _put32(b, p + 1 + n, binascii.crc32(mv[p:p + 1 + n]))
            p += n + FRAME_EXTRA
        first = self.committed_seq + 1
        try:
            if (self._fresh_segment or not self._segs
                    or (self._seg_size and self._seg_size + end > self.segment_bytes)):
                self._start_segment(first)
            else:  # go on with the newest segment
                self._f = open(self._seg_path(self._segs[-1]), "ab")
            w = self._f.write(mv[:end])
            if w is not None and w != end:
                raise OSError(5)
            _durable(self._f)
        except OSError:
            # The flash refused (full, failing): the batch stays in RAM for a retry, and the
            # next try starts a new segment so nothing is ever written after a torn frame.
            self._close_segment()
            self._fresh_segment = True
            return False
        # Closed again at once: an open LittleFS file holds its cache (1,152 B of heap on the
        # Pico) for as long as it is open, and commits come a deal apart; opening it again
        # at the next commit costs far less than that commit's flash write.
        self._close_segment()
        self._free = None  # the flash changed: the next can_record reads statvfs again
        self._seg_size += end
        self.committed_bytes += end
        self.committed_seq = self.next_seq - 1
        self._end = 0
        return True

    def discard(self):
        """Drop the uncommitted batch (a deal given up before its record was committed)."""
        self._end = 0
        self.next_seq = self.committed_seq + 1

    def close(self):
        ok = self.commit()
        self._close_segment()
        return ok

    # --- sync and space -------------------------------------------------------------------

    def mark_synced(self, seq):
        """Persist that the PC holds every record up to seq; True when written."""
        if seq > self.committed_seq:
            seq = self.committed_seq  # never claim what is not on flash
        if seq <= self.synced_seq:
            return True
        old = self.synced_seq
        self.synced_seq = seq
        if not self._write_state():
            self.synced_seq = old
            return False
        return True

    def reclaim(self):
        """Delete whole segments whose records are all synced; returns how many."""
        if self._seg_size and self._end == 0 and self.committed_seq <= self.synced_seq:
            try:  # roll the fully synced newest segment over, so it can go too
                self._start_segment(self.committed_seq + 1)
            except OSError:
                return 0
            self._close_segment()  # the next commit opens it (see commit)
        gone = 0
        while len(self._segs) > 1 and self._segs[1] - 1 <= self.synced_seq:
            try:
                os.remove(self._seg_path(self._segs[0]))
            except OSError:
                break
            self._segs.pop(0)
            gone += 1
        if gone:
            self._free = None  # room made: read it again
        return gone

    def free_bytes(self):
        """Bytes free for records, less LittleFS's reserve of blocks for its copy-on-write
        (below 0 when it is eaten into), read safely: LittleFS's free count is the block
        count less the blocks its traversal met, and near full the traversal can meet a
        block twice, so statvfs says 4294967295 (the unix port) or -1 (the Pico) for a full
        flash. A free count below 0 or beyond the block count is 0. Sets `low`: less than
        1/WARN_PART of the flash is free (the dealer is told to sync before it fills)."""
        try:
            st = os.statvfs(self.path)
        except OSError:  # cannot tell: as good as full
            self._free = 0
            return 0
        free = st[4]
        if free < 0 or free > st[2]:
            free = 0
        free -= self.reserve_blocks
        self.low = free * WARN_PART < st[2]
        # the cache's margin: a 1/WARN_PART of the flash, at least SLACK_BLOCKS blocks
        slack = st[2] // WARN_PART
        self._slack = st[0] * (slack if slack > SLACK_BLOCKS else SLACK_BLOCKS)
        self._free = st[0] * free
        return self._free

    def can_record(self, nbytes):
        """True when nbytes more of records (plus the batch waiting in RAM and a frame's
        length and CRC) fit in free_bytes(). The shoe asks this before every record
        (Shoe.has_room: the one space check) and before every deal.

        On LittleFS a statvfs traverses every block in use (466,500 cycles on the Pico with
        20 blocks used, more as the journal grows), so the free space read last is kept and
        read again only when the flash may have changed under it: after the journal's own
        commit, and whenever the answer is within `_slack` bytes (1/8 of the flash, at
        least 16 blocks) of no: the other files the shoe writes between two commits (a
        score, a PIN try, next.bin: a block or two each) cannot eat that margin, so a
        record is never accepted that would not fit."""
        need = nbytes + self._end + FRAME_EXTRA
        free = self._free
        if free is None or free - need < self._slack:
            free = self.free_bytes()
        return free >= need

    # --- reading back ---------------------------------------------------------------------

    def records_from(self, seq):
        """Iterate (seq, record bytes) over committed records with seq >= the one given."""
        segs = list(self._segs)
        top = self.committed_seq + 1
        for i in range(len(segs)):
            limit = segs[i + 1] if i + 1 < len(segs) else top
            if limit <= seq:
                continue
            for s, rec in self._frames(segs[i], limit):
                if s >= seq:
                    yield s, bytes(rec)

    def segments(self):
        """First seqs of the segment files on flash, oldest first."""
        return list(self._segs)

    @property
    def first_seq(self):
        """The oldest committed record still held; committed_seq + 1 when none is."""
        top = self.committed_seq + 1
        if self._segs and self._segs[0] < top:
            return self._segs[0]
        return top

    # --- inside ---------------------------------------------------------------------------

    def _seg_path(self, first):
        return "%s/s%010d.log" % (self.path, first)

    def _list_segments(self):
        segs = []
        for name in os.listdir(self.path):
            if len(name) == 15 and name[0] == "s" and name[11:] == ".log":
                try:
                    first = int(name[1:11])
                except ValueError:
                    continue
                if _set_aside(self.path + "/" + name, False):  # a folder by a segment's name
                    self.faults += 1
                    continue
                segs.append(first)
        segs.sort()
        return segs

    def _frames(self, first, limit, info=None):
        """Yield (seq, memoryview of record) for the valid frames of one segment, up to the
        first bad one or seq `limit`. info (a list of 3) gets end offset, last seq, last boot."""
        mv = memoryview(self._scratch)
        s = first
        end = 0
        try:
            f = open(self._seg_path(first), "rb")
        except OSError:
            return
        try:
            while s < limit:
                if f.readinto(mv[:1]) != 1:
                    break
                n = mv[0]
                if n < MIN_RECORD:
                    break
                if f.readinto(mv[1:n + FRAME_EXTRA]) != n + 4:
                    break
                if binascii.crc32(mv[:n + 1]) != _get32(mv, n + 1):
                    break
                if _get32(mv, 2) != s:
                    break
                end += n + FRAME_EXTRA
                if info is not None:
                    info[0] = end
                    info[1] = s
                    info[2] = mv[6] | (mv[7] << 8)
                yield s, mv[1:n + 1]
                s += 1
        finally:
            f.close()

    def _recover(self):
        """Scan the newest segment; returns (last good seq, its boot)."""
        if not self._segs:
            return 0, 0
        first = self._segs[-1]
        info = [0, first - 1, 0]
        for _ in self._frames(first, 0x7FFFFFFF, info):
            pass
        path = self._seg_path(first)
        size = os.stat(path)[6]
        left = size - info[0]
        if info[0] == 0 and size:
            open(path, "wb").close()  # not one good frame: empty it, the name still holds
            size = 0
        self._seg_size = info[0]
        if info[0] != size:
            self._fresh_segment = True  # torn tail: never write after it
        if left > len(self._buf):
            # More unread than one commit writes: not a torn commit but a damaged segment,
            # whose later frames may be records the club PC already holds. Their seqs are
            # never used again: skip as many as the bytes could hold (the PC sees a gap).
            self.faults += 1
            self._fresh_segment = True
            return info[1] + left // (MIN_RECORD + FRAME_EXTRA), info[2]
        return info[1], info[2]

    def _start_segment(self, first):
        self._close_segment()
        f = open(self._seg_path(first), "wb")
        if not self._segs or self._segs[-1] != first:
            self._segs.append(first)
        self._f = f
        self._seg_size = 0
        self._fresh_segment = False
        _durable(f)  # the empty file records next_seq even if everything else is reclaimed

    def _close_segment(self):
        if self._f is not None:
            try:
                self._f.close()
            except OSError:
                pass
            self._f = None

    def _read_state(self):
        best = None
        for slot in (0, 1):
            try:
                with open("%s/state%d" % (self.path, slot), "rb") as f:
                    d = f.read(STATE_SIZE + 1)
            except OSError:
                continue
            n = len(d) - 4  # where the CRC is
            if len(d) not in (OLD_STATE_SIZE, STATE_SIZE) or \
                    binascii.crc32(d[:n]) != _get32(d, n):
                continue
            gen = _get32(d, 0)
            if best is None or gen > best[0]:
                jid = _get32(d, 12) if len(d) == STATE_SIZE else 0
                best = (gen, d[4] | (d[5] << 8), _get32(d, 8), jid)
        return best or (0, 0, 0, 0)

    def _write_state(self):
        gen = self._gen + 1
        d = bytearray(STATE_SIZE)
        _put32(d, 0, gen)
        d[4] = self.boot & 0xFF
        d[5] = self.boot >> 8
        _put32(d, 8, self.synced_seq)
        _put32(d, 12, self.journal_id)
        _put32(d, 16, binascii.crc32(d[:16]))
        try:
            with open("%s/state%d" % (self.path, gen & 1), "wb") as f:
                f.write(d)
                _durable(f)
        except OSError:
            return False
        self._gen = gen
        self._id_saved = True
        return True
