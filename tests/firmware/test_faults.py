"""Flash the shoe cannot trust (issue #10, items 2 and 3), below the app: the journal's free
space read safely, the one space check and its reserve, and damaged files that are set aside
or refused instead of stopping the boot. Both interpreters at 128 KB (the LittleFS test
skips itself without `vfs`); the whole app: app_*_cases.py (tests/host/test_app_robust.py).
"""

from testkit import skip  # noqa: I001
import os

from blockdev import RamBlockDevice, rmtree
from shoe_fakes import ListJournal, Screen, deal, make, records_of
import shoe.journal as J
import shoe.settings as settings
import shoe.dealing as S
import shoe.terminal as T
from shoe.deck import Deck
from overplay_core import pin, records
import shoe.states as ST

try:
    import vfs
except ImportError:
    vfs = None

KEY = b"journal test key"
HP = bytes(range(13))


def _tmpdir():
    return "/tmp/ovf_" + "".join(["%02x" % b for b in os.urandom(6)])


def _deal(j, buf, board):
    n = records.encode_deal(buf, j.next_seq, j.boot, board, board, 1, 1, 0, 0, 0, 51, 1, (),
                            0, HP, 13)
    assert j.append(buf, records.sign(buf, n, KEY, 1, j.journal_id)) == J.OK


class Statvfs:
    """`os` for journal.py whose statvfs says `free` blocks of 64 are free."""

    def __init__(self, free):
        self.free = free

    def statvfs(self, path):
        return (512, 512, 64, self.free, self.free, 0, 0, 0, 0, 255)

    def __getattr__(self, name):
        return getattr(os, name)


def test_a_free_count_beyond_the_block_count_is_no_room():
    d = _tmpdir()
    j = J.Journal(d)
    try:
        # LittleFS near full: block count less one block more than it has, unsigned (the
        # unix port) or signed (the Pico's small ints)
        for bad in (4294967295, 4294967294, -1, 65):
            J.os = Statvfs(bad)
            assert j.free_bytes() <= 0 and not j.can_record(64), bad
        J.os = Statvfs(40)
        assert j.free_bytes() == 36 * 512 and j.can_record(64) and not j.low
        J.os = Statvfs(11)  # 7 of 64 blocks free after the reserve: under 1/8
        assert j.free_bytes() == 7 * 512 and j.can_record(64) and j.low
    finally:
        J.os = os
        j.close()
        rmtree(d)


class CountingStatvfs(Statvfs):
    calls = 0

    def statvfs(self, path):
        self.calls += 1
        return Statvfs.statvfs(self, path)


def test_can_record_reads_the_flash_again_after_a_commit_and_near_full():
    d = _tmpdir()
    j = J.Journal(d)
    buf = bytearray(records.MAX_RECORD)
    try:
        fake = J.os = CountingStatvfs(60)  # 56 of 64 blocks free after the reserve
        assert j.can_record(64) and j.can_record(64) and fake.calls == 1  # far from full
        _deal(j, buf, 1)
        assert j.commit()
        fake.free = 20  # the commit (or another file) took blocks: read again after it
        assert j.can_record(64) and fake.calls == 2
        assert j.can_record(64) and fake.calls == 3  # 16 blocks: within the margin, each time
        fake.free = 4
        assert not j.can_record(64) and fake.calls == 4
    finally:
        J.os = os
        j.close()
        rmtree(d)


def test_on_littlefs_near_full_the_journal_says_no_room():
    if vfs is None:
        skip("LittleFS (vfs) exists only on MicroPython")
    dev = RamBlockDevice(block_size=512, blocks=16)
    dev.format_and_mount("/lfsn")
    try:
        j = J.Journal("/lfsn/j", batch_bytes=512)
        buf = bytearray(records.MAX_RECORD)
        b = 0
        overflowed = False
        while j.commit() and b < 400:  # go on past the point the shoe would stop at
            b += 1
            _deal(j, buf, b)
            st = os.statvfs("/lfsn")
            if st[3] > st[2] or st[3] < 0:
                overflowed = True  # the traversal met a block twice: 4294967295 free
                assert not j.can_record(64) and j.free_bytes() <= 0
        assert overflowed
    finally:
        dev.unmount()


def test_a_folder_where_a_segment_or_the_journal_should_be_is_set_aside():
    d = _tmpdir()
    buf = bytearray(records.MAX_RECORD)
    os.mkdir(d)
    try:
        j = J.Journal(d + "/j")
        for b in range(1, 4):
            _deal(j, buf, b)
            assert j.commit()
        j.close()
        os.mkdir(d + "/j/s0000000009.log")  # a folder by a segment's name (was: EISDIR)
        j = J.Journal(d + "/j")
        assert j.faults == 1 and j.next_seq == 4 and "s0000000009.log.bad" in os.listdir(d + "/j")
        _deal(j, buf, 4)
        assert j.commit() and [s for s, r in j.records_from(1)] == [1, 2, 3, 4]
        j.close()
        with open(d + "/k", "wb") as f:
            f.write(b"x")  # a file where the journal's folder should be
        j = J.Journal(d + "/k")
        assert j.faults == 1 and "k.bad" in os.listdir(d)
        _deal(j, buf, 1)
        assert j.commit()
        j.close()
    finally:
        rmtree(d)


def test_a_damaged_newest_segment_never_gives_its_seqs_again():
    d = _tmpdir()
    buf = bytearray(records.MAX_RECORD)
    try:
        j = J.Journal(d, batch_bytes=512)
        for b in range(1, 41):
            _deal(j, buf, b)
            if b % 5 == 0:
                assert j.commit()
        j.close()
        seg = d + "/" + [n for n in os.listdir(d) if n.endswith(".log")][-1]
        with open(seg, "rb") as f:
            data = bytearray(f.read())
        data[130] ^= 0x40  # a bit flips in the third frame (56 bytes a frame): 3..40 lost
        with open(seg, "wb") as f:
            f.write(data)
        j = J.Journal(d, batch_bytes=512)
        # the club PC may hold records up to 40: none of their seqs is used again
        assert j.next_seq > 40 and j.faults == 1
        _deal(j, buf, 99)
        assert j.commit()
        got = [s for s, r in j.records_from(1)]
        assert got[:2] == [1, 2] and got[-1] == j.next_seq - 1 > 40
        j.close()
    finally:
        rmtree(d)


def test_settings_refuse_damaged_files_and_name_them():
    d = _tmpdir()
    os.mkdir(d)
    try:
        with open(d + "/key.bin", "wb") as f:
            f.write(b"\x07\x00\x00\x00abcdef")  # 10 bytes: never a 6-byte key
        with open(d + "/session.bin", "wb") as f:
            f.write(b"\x02" * 14)  # a set-up of a version no shoe knows
        with open(d + "/pin.bin", "wb") as f:
            f.write(b"XX" + b"\x00" * 43)  # the right size, not a PIN file
        s = settings.Settings(d)
        assert s.key is None and s.setup is None and s.pin is None
        assert sorted(s.bad) == ["key.bin", "pin.bin", "session.bin"]
        os.remove(d + "/key.bin")
        os.mkdir(d + "/key.bin")  # a folder where the key should be
        s = settings.Settings(d)
        assert "key.bin" in s.bad and s.key is None
        s.save_key(7, b"k" * 32, b"s" * 32)  # the club PC enrols it again: the folder goes
        assert settings.Settings(d).key == b"k" * 32
    finally:
        rmtree(d)


def test_a_deck_file_that_cannot_be_read_is_an_error_not_an_empty_club():
    d = _tmpdir()
    os.mkdir(d)
    os.mkdir(d + "/decks.bin")
    try:
        try:
            Deck(d + "/decks.bin")
            raise AssertionError("a folder read as no deck enrolled")
        except OSError:
            pass
        dk = Deck(None)
        dk.path = d + "/decks.bin"
        dk.enrol(b"\x01\x02\x03\x04", 4, 7, 1)
        assert dk.save()  # enrolled again: the empty folder in its place is replaced
        assert Deck(d + "/decks.bin").entries == 1
        try:
            Deck(d + "/none.bin")  # a missing file is an empty club, as before
        except OSError:
            raise AssertionError("no deck file is no deck enrolled") from None
    finally:
        rmtree(d)


def test_the_terminal_keeps_the_reserve_a_deal_needs():
    j = ListJournal(free=S.NEED_BYTES + 150)
    sh, reader = make(journal=j, screen=False)
    t = T.Terminal(sh, Screen(), pin_data=pin.make("4711", b"saltsalt", rounds=20))
    t.ready(board=1)
    assert t.begin_play() == ST.OK  # room beyond the reserve: journaled
    t.start_entry()
    t.confirm()
    t.confirm()  # to the other side
    assert t.accept() == ST.NO_ROOM  # the score would eat into the reserve: not recorded
    assert t.state == ST.T_ACCEPT and "not stored: sync" in t.message
    assert t.login("4711") == ST.NO_ROOM and t.state != ST.T_MENU  # an unjournaled try:
    assert j.free >= S.NEED_BYTES  # never checked
    assert sh.start_deal(2, 0) == ST.OK  # the reserve is there for the deal
    deal(sh, reader, sh.profile.pack)
    sh.end_deal()
    assert [d["board"] for d in records_of(sh, records.DEAL)] == [2] and sh.lost == 0
    assert records_of(sh, records.SCORE) == []
