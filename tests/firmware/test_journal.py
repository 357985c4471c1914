"""Journal: batching, seq and boot across reopen, torn tails, sync and reclaim (both
interpreters on a plain directory; the LittleFS tests skip themselves without `vfs`)."""

from testkit import skip
import os

from blockdev import RamBlockDevice, rmtree
from shoe.journal import BAD_RECORD, BAD_SEQ, FULL, OK, Journal
from overplay_core import records

KEY = b"journal test key"
SHOE = 77
HP = bytes(range(13))

try:
    import vfs
except ImportError:
    vfs = None


def _tmpdir():
    return "/tmp/ovj_" + "".join(["%02x" % b for b in os.urandom(6)])


def _record(j, buf, board=1, seq=None):
    s = j.next_seq if seq is None else seq
    n = records.encode_deal(buf, s, j.boot, board * 10, board, 1, 1, 0, board & 3, 0, 51, 1,
                            (), 0, HP, 13)
    return records.sign(buf, n, KEY, SHOE, j.journal_id)


def _deal(j, buf, board=1):
    assert j.append(buf, _record(j, buf, board)) == OK


def _all(j, seq=1):
    return [(s, r) for s, r in j.records_from(seq)]


def _read(path):
    with open(path, "rb") as f:
        return f.read()


def _write(path, data):
    with open(path, "wb") as f:
        f.write(data)


def test_deal_costs_at_most_64_bytes_of_journal():
    d = _tmpdir()
    try:
        j = Journal(d)
        buf = bytearray(records.MAX_RECORD)
        _deal(j, buf)
        assert j.pending == 56  # 51-byte record + 1 length + 4 CRC
        assert j.commit()
        assert j.committed_bytes == 56 <= 64
        seg = d + "/" + [n for n in os.listdir(d) if n.endswith(".log")][0]
        assert os.stat(seg)[6] == 56
        j.close()
    finally:
        rmtree(d)


def test_records_come_back_in_order_after_reopen_and_boot_counts_opens():
    d = _tmpdir()
    try:
        buf = bytearray(records.MAX_RECORD)
        j = Journal(d)
        assert (j.next_seq, j.boot) == (1, 1)
        for b in range(1, 6):
            _deal(j, buf, b)
        assert j.commit()
        j.close()
        j = Journal(d)
        assert (j.next_seq, j.boot, j.committed_seq) == (6, 2, 5)
        got = _all(j)
        assert [s for s, r in got] == [1, 2, 3, 4, 5]
        for s, r in got:
            assert records.verify(r, KEY, SHOE, j.journal_id)
            assert records.decode(r)["board"] == s
        _deal(j, buf, 6)
        j.commit()
        assert [s for s, r in _all(j, 4)] == [4, 5, 6]
        assert records.decode(_all(j, 6)[0][1])["boot"] == 2
        j.close()
        assert Journal(d).boot == 3
    finally:
        rmtree(d)


def test_uncommitted_records_are_not_read_and_not_durable():
    d = _tmpdir()
    try:
        buf = bytearray(records.MAX_RECORD)
        j = Journal(d)
        _deal(j, buf, 1)
        j.commit()
        _deal(j, buf, 2)
        assert j.next_seq == 3 and j.committed_seq == 1
        assert [s for s, r in _all(j)] == [1]
        j2 = Journal(d)  # the power went before commit(): seq 2 never happened
        assert j2.next_seq == 2 and [s for s, r in _all(j2)] == [1]
    finally:
        rmtree(d)


def test_append_refuses_wrong_seq_bad_size_and_a_full_batch():
    d = _tmpdir()
    try:
        buf = bytearray(records.MAX_RECORD)
        j = Journal(d, batch_bytes=120)
        n = _record(j, buf, 1, seq=5)
        assert j.append(buf, n) == BAD_SEQ
        assert j.append(buf, 10) == BAD_RECORD
        assert j.append(bytearray(300)) == BAD_RECORD
        _deal(j, buf, 1)
        _deal(j, buf, 2)
        assert j.append(buf, _record(j, buf, 3)) == FULL  # 2 x 56 fill a 120-byte batch
        assert j.next_seq == 3
        assert j.commit()
        _deal(j, buf, 3)
        j.discard()
        assert j.next_seq == 3 and j.pending == 0
        j.close()
    finally:
        rmtree(d)


def test_the_apps_512_byte_batch_holds_a_deal_with_nine_irregularities():
    # app.App's journal: the DEAL record with 32 findings (88 bytes framed) and nine EVENTs
    # with a 7-byte UID (45 framed) before the end-of-deal commit; a tenth fills it (FULL:
    # Shoe._append commits and goes on)
    d = _tmpdir()
    try:
        buf = bytearray(records.MAX_RECORD)
        j = Journal(d, batch_bytes=512)
        for _ in range(9):
            n = records.encode_event(buf, j.next_seq, j.boot, 0, records.EV_UNKNOWN_TAG, 1,
                                     0, 5, b"\x04\x01\x02\x03\x04\x05\x06", 7)
            assert j.append(buf, records.sign(buf, n, KEY, SHOE, j.journal_id)) == OK
        assert j.pending == 9 * 45
        n = records.encode_deal(buf, j.next_seq, j.boot, 0, 1, 1, 1, 0, 0, 0, 51, 0,
                                tuple(range(1, 33)), 32, bytes(20), 13)
        assert j.append(buf, records.sign(buf, n, KEY, SHOE, j.journal_id)) == OK
        assert j.pending == 9 * 45 + 88
        n = records.encode_event(buf, j.next_seq, j.boot, 0, records.EV_UNKNOWN_TAG, 1)
        assert j.append(buf, records.sign(buf, n, KEY, SHOE, j.journal_id)) == FULL
        j.close()
    finally:
        rmtree(d)


def _segment_files(d):
    return sorted([n for n in os.listdir(d) if n.endswith(".log")])


def test_torn_tail_is_dropped_and_never_written_after():
    d = _tmpdir()
    try:
        buf = bytearray(records.MAX_RECORD)
        j = Journal(d)
        for b in range(1, 4):
            _deal(j, buf, b)
            j.commit()
        j.close()
        seg = d + "/" + _segment_files(d)[0]
        data = _read(seg)
        for cut in (len(data) - 1, len(data) - 30, 2 * 56 + 1):
            _write(seg, data[:cut])  # the last frame was torn by a power cut
            j = Journal(d)
            assert [s for s, r in _all(j)] == [1, 2]
            assert j.next_seq == 3
        _deal(j, buf, 30)
        j.commit()
        assert len(_segment_files(d)) == 2  # the torn segment is not appended to
        got = _all(j)
        assert [s for s, r in got] == [1, 2, 3]
        assert records.decode(got[2][1])["board"] == 30
        j.close()
        j = Journal(d)
        assert [s for s, r in _all(j)] == [1, 2, 3] and j.next_seq == 4
    finally:
        rmtree(d)


def test_corrupt_byte_ends_the_segment_and_is_never_misread():
    d = _tmpdir()
    try:
        buf = bytearray(records.MAX_RECORD)
        j = Journal(d)
        for b in range(1, 5):
            _deal(j, buf, b)
        j.commit()
        j.close()
        seg = d + "/" + _segment_files(d)[0]
        good = _read(seg)
        for pos in (0, 3, 56 * 2 + 20, 56 * 3 + 55):
            bad = bytearray(good)
            bad[pos] ^= 0x10
            _write(seg, bad)
            j = Journal(d)
            got = _all(j)
            assert [s for s, r in got] == list(range(1, 1 + pos // 56))
            for s, r in got:
                assert records.verify(r, KEY, SHOE, j.journal_id)
            j.close()
            _write(seg, good)
    finally:
        rmtree(d)


def test_garbage_in_the_first_frame_empties_the_segment_and_seq_holds():
    d = _tmpdir()
    try:
        buf = bytearray(records.MAX_RECORD)
        j = Journal(d, segment_bytes=100)
        for b in range(1, 4):
            _deal(j, buf, b)
            j.commit()
        j.close()
        names = _segment_files(d)
        assert len(names) == 3
        _write(d + "/" + names[-1], b"\x00\x00\x00")
        j = Journal(d)
        assert j.next_seq == 3 and [s for s, r in _all(j)] == [1, 2]
        _deal(j, buf, 9)
        assert j.commit()
        assert [s for s, r in _all(j)] == [1, 2, 3]
    finally:
        rmtree(d)


def test_reclaim_deletes_only_synced_segments_and_seq_is_never_reused():
    d = _tmpdir()
    try:
        buf = bytearray(records.MAX_RECORD)
        j = Journal(d, segment_bytes=170)  # three 56-byte deals a segment
        for b in range(1, 11):
            _deal(j, buf, b)
            j.commit()
        assert j.segments() == [1, 4, 7, 10]
        assert j.reclaim() == 0  # nothing synced: nothing goes
        assert j.mark_synced(5)
        assert j.reclaim() == 1  # 1..3 go; 4..6 hold unsynced 6
        assert j.segments() == [4, 7, 10]
        assert [s for s, r in _all(j)] == list(range(4, 11))
        j.close()
        j = Journal(d)
        assert j.synced_seq == 5 and j.next_seq == 11
        assert j.mark_synced(99)  # more than is on flash: clamped
        assert j.synced_seq == 10
        assert j.reclaim() == 3  # everything synced: the newest rolls over, all go
        assert _all(j) == []
        j.close()
        j = Journal(d)
        assert j.next_seq == 11  # from the empty newest segment and the synced mark
        _deal(j, buf, 11)
        j.commit()
        assert [s for s, r in _all(j)] == [11]
    finally:
        rmtree(d)


def test_seq_survives_even_when_every_segment_is_gone():
    d = _tmpdir()
    try:
        buf = bytearray(records.MAX_RECORD)
        j = Journal(d)
        for b in range(1, 4):
            _deal(j, buf, b)
        j.commit()
        j.mark_synced(3)
        j.close()
        for n in _segment_files(d):
            os.remove(d + "/" + n)
        assert Journal(d).next_seq == 4  # the synced mark alone keeps seq from going back
    finally:
        rmtree(d)


def test_state_slot_torn_falls_back_to_the_other():
    d = _tmpdir()
    try:
        buf = bytearray(records.MAX_RECORD)
        j = Journal(d)
        _deal(j, buf)
        j.commit()
        j.mark_synced(1)  # gen 2 -> slot 0
        j.close()
        _write(d + "/state0", b"\x01\x02")  # torn while writing
        j = Journal(d)
        assert j.boot == 2  # slot 1 (gen 1, boot 1), plus this open
        assert j.synced_seq == 0  # the lost mark only means re-sending: never a loss
    finally:
        rmtree(d)


def test_free_bytes_and_can_record():
    d = _tmpdir()
    try:
        j = Journal(d)
        assert j.free_bytes() > 0
        assert j.can_record(64)
        assert not j.can_record(j.free_bytes() + 1)
    finally:
        rmtree(d)


def test_append_does_not_allocate():
    try:
        import micropython
    except ImportError:
        skip("heap_lock exists only on MicroPython")
    d = _tmpdir()
    try:
        j = Journal(d)
        buf = bytearray(records.MAX_RECORD)
        n = _record(j, buf)
        rec = bytearray(buf[:n])
        n2 = _record(j, buf, seq=2)
        micropython.heap_lock()
        try:
            a = j.append(rec)
            b = j.append(buf, n2)
        finally:
            micropython.heap_unlock()
        assert (a, b) == (OK, OK) and j.next_seq == 3
        j.commit()
    finally:
        rmtree(d)


# --- on LittleFS (MicroPython) --------------------------------------------------------------

def test_littlefs_journal_survives_remount():
    if vfs is None:
        skip("LittleFS (vfs) exists only on MicroPython")
    dev = RamBlockDevice(block_size=512, blocks=48)
    dev.format_and_mount("/lfsj")
    try:
        buf = bytearray(records.MAX_RECORD)
        j = Journal("/lfsj/j", segment_bytes=1024)
        for b in range(1, 41):
            _deal(j, buf, b)
            assert j.commit()
            assert [s for s, r in j.records_from(b)] == [b]  # readable while open
        assert len(j.segments()) > 1
        assert j.free_bytes() < 46 * 512 and j.can_record(64)
        j.mark_synced(30)
        assert j.reclaim() >= 1
        dev.unmount()
        dev.mount("/lfsj")
        j = Journal("/lfsj/j")
        assert j.boot == 2 and j.next_seq == 41 and j.synced_seq == 30
        got = _all(j)
        assert got[-1][0] == 40 and got[0][0] <= 31
        for s, r in got:
            assert records.decode(r)["board"] == s
            assert records.verify(r, KEY, SHOE, j.journal_id)
    finally:
        dev.unmount()


def test_littlefs_full_flash_refuses_then_reclaim_makes_room():
    if vfs is None:
        skip("LittleFS (vfs) exists only on MicroPython")
    dev = RamBlockDevice(block_size=512, blocks=24)
    dev.format_and_mount("/lfsf")
    try:
        buf = bytearray(records.MAX_RECORD)
        j = Journal("/lfsf/j", segment_bytes=1024)
        b = 0
        while j.can_record(64):
            b += 1
            _deal(j, buf, b)
            assert j.commit()
        assert b > 20
        assert not j.can_record(64)
        j.mark_synced(j.committed_seq)
        assert j.reclaim() >= 1
        assert j.can_record(64)
        _deal(j, buf, b + 1)
        assert j.commit()
        assert [s for s, r in _all(j)] == [b + 1]
    finally:
        dev.unmount()


def test_littlefs_no_file_held_open_between_commits():
    # An open LittleFS file keeps its cache on the heap (1,152 B on the Pico) for as long as
    # it is open: the journal opens its segment for each commit and closes it after, so the
    # heap a shoe has between deals does not carry it (bench_pico: free heap after boot).
    if vfs is None:
        skip("LittleFS (vfs) exists only on MicroPython")
    import gc

    dev = RamBlockDevice(block_size=512, blocks=48)
    dev.format_and_mount("/lfsh")
    try:
        buf = bytearray(records.MAX_RECORD)
        j = Journal("/lfsh/j", segment_bytes=1024)
        j.segments()  # (the list it returns, made once before the figure)
        gc.collect()
        before = gc.mem_free()
        for b in range(1, 6):  # the first commit makes the segment, the others append to it
            _deal(j, buf, b)
            assert j.commit()
        gc.collect()
        # a file kept open here (its 128-byte cache and LittleFS's file state): 320 B
        assert before - gc.mem_free() < 96, before - gc.mem_free()
        assert len(j.segments()) == 1
        assert [s for s, r in _all(j)] == [1, 2, 3, 4, 5]
        j.mark_synced(5)
        assert j.reclaim() == 1  # the synced segment rolled over to an empty one, closed too
        gc.collect()
        assert before - gc.mem_free() < 96, before - gc.mem_free()
        _deal(j, buf, 6)
        assert j.commit()
        dev.unmount()
        dev.mount("/lfsh")
        j = Journal("/lfsh/j")
        assert [s for s, r in _all(j)] == [6]
    finally:
        dev.unmount()
