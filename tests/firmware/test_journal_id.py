"""The journal's identity: journal_id (random, nonzero, the same across reboots, new when the
journal starts afresh) and first_seq (the oldest record held). Both interpreters, on a plain
directory; the power-cut cases are in test_journal_powercut.py."""

import os

from blockdev import rmtree
from shoe.journal import OK, Journal
from overplay_core import records

KEY = b"journal id test key"
SHOE = 12


def _tmpdir():
    return "/tmp/ovjid_" + "".join(["%02x" % b for b in os.urandom(6)])


def _add(j, buf, n=1):
    for _ in range(n):
        k = records.encode_event(buf, j.next_seq, j.boot, 0, records.EV_POWER_ON)
        assert j.append(buf, records.sign(buf, k, KEY, SHOE, j.journal_id)) == OK


def _verify_all(j):
    got = [(s, r) for s, r in j.records_from(0)]
    for s, r in got:
        assert records.verify(r, KEY, SHOE, j.journal_id), s
    return [s for s, r in got]


def test_the_id_is_the_same_after_a_reboot_and_new_after_a_wipe():
    d = _tmpdir()
    try:
        buf = bytearray(records.MAX_RECORD)
        j = Journal(d)
        jid = j.journal_id
        assert jid != 0 and jid <= 0xFFFFFFFF
        _add(j, buf, 3)
        j.close()
        j = Journal(d)
        assert j.journal_id == jid and j.boot == 2 and _verify_all(j) == [1, 2, 3]
        j.close()
        rmtree(d)  # wiped (or the flash replaced): a journal that starts afresh
        j = Journal(d)
        assert j.journal_id not in (0, jid) and j.boot == 1 and j.first_seq == j.next_seq == 1
        j.close()
    finally:
        rmtree(d)


def test_first_seq_is_the_oldest_record_held():
    d = _tmpdir()
    try:
        buf = bytearray(records.MAX_RECORD)
        j = Journal(d, segment_bytes=100)  # two 45-byte frames a segment
        assert j.first_seq == 1
        for _ in range(6):
            _add(j, buf)
            assert j.commit()
        assert j.first_seq == 1 and j.next_seq == 7
        assert j.mark_synced(4) and j.reclaim() >= 1
        first = j.first_seq
        assert first == _verify_all(j)[0] and 1 < first <= 5
        assert j.mark_synced(6) and j.reclaim() >= 1
        assert j.first_seq == j.next_seq == 7 and _verify_all(j) == []
        j.close()
        j = Journal(d)
        assert j.first_seq == j.next_seq == 7  # nothing held, after a reboot too
        j.close()
    finally:
        rmtree(d)


def test_a_state_slot_from_before_the_id_reads_and_gets_an_id():
    import binascii
    import struct

    d = _tmpdir()
    try:
        os.mkdir(d)
        old = struct.pack("<IHHI", 5, 9, 0, 0)  # gen 5, boot 9, synced 0: 16 bytes, no id
        with open(d + "/state1", "wb") as f:
            f.write(old + struct.pack("<I", binascii.crc32(old) & 0xFFFFFFFF))
        j = Journal(d)
        assert j.boot == 10 and j.journal_id != 0  # the boot counter goes on; a new id
        jid = j.journal_id
        j.close()
        j = Journal(d)
        assert j.journal_id == jid and j.boot == 11
        j.close()
    finally:
        rmtree(d)


def test_no_record_is_committed_before_its_journal_id_is_on_flash():
    d = _tmpdir()
    try:
        os.mkdir(d)
        os.mkdir(d + "/state1")  # the first state write (gen 1 -> slot 1) cannot land
        buf = bytearray(records.MAX_RECORD)
        j = Journal(d)
        jid = j.journal_id
        _add(j, buf, 2)
        assert not j.commit()  # the id is not saved yet: nothing is signed on flash with it
        assert [n for n in os.listdir(d) if n.endswith(".log")] == []
        os.rmdir(d + "/state1")
        assert j.commit()  # writes the id first, then the batch
        j.close()
        j = Journal(d)
        assert j.journal_id == jid and _verify_all(j) == [1, 2]
        j.close()
    finally:
        rmtree(d)


def test_a_torn_state_write_keeps_the_id():
    d = _tmpdir()
    try:
        buf = bytearray(records.MAX_RECORD)
        j = Journal(d)
        jid = j.journal_id
        _add(j, buf, 2)
        assert j.commit() and j.mark_synced(1)
        j.close()
        for slot in ("/state0", "/state1"):  # tear each slot in turn: the other one holds
            with open(d + slot, "rb") as f:
                good = f.read()
            with open(d + slot, "wb") as f:
                f.write(good[:7])
            j = Journal(d)
            assert j.journal_id == jid and _verify_all(j) == [1, 2]
            j.close()
            with open(d + slot, "wb") as f:
                f.write(good)
    finally:
        rmtree(d)
