"""Power cut at every flash operation of a journal run on LittleFS (MicroPython only).

A session (a SESSION record, then deals with an EVENT now and then, a commit per deal, a sync
mark and a reclaim every 5 deals, one reboot half way) is replayed once per flash operation,
and the power is cut at that operation (the operation torn half way, nothing after it lands).
Then the flash is mounted again and the journal reopened. Every committed record must be
there byte for byte, unless it was synced and reclaimed; a record of the batch in flight may
be there whole or not at all; nothing else may appear; seq and boot go on without reuse; the
journal keeps its id (every record verifies under the id it reports after the cut); and the
journal records again. `make test` cuts every operation of a 100-deal run; OVERPLAY_SOAK=1
(make soak) adds a 300-deal run, batched commits and clean cuts. On CPython (no `vfs`) the
100-deal test is skipped, and the soak test hands itself to the MicroPython interpreter.
"""

from testkit import skip
import gc
import os

from blockdev import RamBlockDevice
from shoe.journal import OK, Journal
from overplay_core import records

try:
    import vfs
except ImportError:
    vfs = None

KEY = b"power cut key"
SHOE = 9
MOUNT = "/pcut"
BLOCK = 512  # small blocks keep the RAM flash inside the 128k test heap
BLOCKS = 64


MAX_SEQ = 400
SESSION, DEAL, EVENT = 1, 2, 3


class Log:
    """What the run knew for sure before the power went. What each seq was is kept as 4
    bytes (kind, deal number, boot) and the record rebuilt from them: a list of 350
    records would not fit the 128k heap beside the flash."""

    def __init__(self):
        self.what = bytearray(4 * MAX_SEQ)
        self.reset()

    def reset(self):
        for i in range(len(self.what)):
            self.what[i] = 0
        self.appended = 0
        self.committed = 0
        self.synced_ok = 0  # mark_synced returned True for this
        self.synced_try = 0  # the highest mark_synced attempted
        self.boot = 0
        self.jid = 0  # the journal id the run signed with


def _make(buf, kind, seq, boot, d, jid):
    """The record of that kind for deal d of journal jid (a pure function of its arguments)."""
    if kind == SESSION:
        n = records.encode_session(buf, seq, boot, 0, SHOE, (0, 1, 0), 1, 1, 0, 1, 1, 1, d, 0)
    elif kind == DEAL:
        hp = _HP
        for k in range(13):
            hp[k] = (d * 7 + k) & 0xFF
        n = records.encode_deal(buf, seq, boot, d * 1500, d, 1, 1, 0, d & 3, 0, d % 52, 1,
                                (), 0, hp, 13)
    else:
        n = records.encode_event(buf, seq, boot, d * 1500 + 9, records.EV_DUPLICATE_READ, d,
                                 d % 52)
    return records.sign(buf, n, KEY, SHOE, jid)


_HP = bytearray(13)


def _append(j, log, buf, kind, d):
    seq = j.next_seq
    assert seq == log.appended + 1 and seq < MAX_SEQ
    assert j.append(buf, _make(buf, kind, seq, j.boot, d, j.journal_id)) == OK
    w = log.what
    w[4 * seq] = kind
    w[4 * seq + 1] = d & 0xFF
    w[4 * seq + 2] = d >> 8
    w[4 * seq + 3] = j.boot
    log.appended = seq


def _expected(log, buf, seq):
    w = log.what
    n = _make(buf, w[4 * seq], seq, w[4 * seq + 3], w[4 * seq + 1] | (w[4 * seq + 2] << 8),
              log.jid)
    return buf[:n]


def _run(dev, deals, log, every=1):
    """The session; returns at the first sign of the cut (a failed flash operation)."""
    buf = bytearray(records.MAX_RECORD)
    j = Journal(MOUNT + "/j", segment_bytes=600)
    log.boot = j.boot
    log.jid = j.journal_id
    _append(j, log, buf, SESSION, deals)
    if j.commit():
        log.committed = j.committed_seq
    for d in range(1, deals + 1):
        if dev.cut:
            return j
        if d == deals // 2:  # a reboot half way: reopen bumps the boot counter
            if j.close():
                log.committed = j.committed_seq
            if dev.cut:
                return j
            j = Journal(MOUNT + "/j", segment_bytes=600)
            log.boot = j.boot
            assert j.journal_id == log.jid  # the same journal after a reboot
        _append(j, log, buf, DEAL, d)
        if d % 7 == 0:
            _append(j, log, buf, EVENT, d)
        if d % every == 0 and j.commit():
            log.committed = j.committed_seq
        if d % 5 == 0:
            mark = j.committed_seq - 2
            if mark > log.synced_try:
                log.synced_try = mark
            if j.mark_synced(mark):
                log.synced_ok = j.synced_seq
            j.reclaim()
    if j.close():  # the end of the session commits what is left of the batch
        log.committed = j.committed_seq
    return j


def _fresh(data):
    dev = RamBlockDevice(BLOCK, BLOCKS, data)
    dev.format_and_mount(MOUNT)
    dev.reset_counters()
    return dev


def _check_after_cut(dev, log, cut_at):
    dev = dev.revive()
    dev.mount(MOUNT)
    try:
        j = Journal(MOUNT + "/j")
        got = [(s, r) for s, r in j.records_from(0)]
        seqs = [s for s, r in got]
        where = "cut at op %d" % cut_at
        if seqs:
            assert seqs == list(range(seqs[0], seqs[-1] + 1)), where
            assert seqs[-1] <= log.appended, where  # nothing that was never appended
        buf = bytearray(records.MAX_RECORD)
        # a record committed means its journal id was on flash first: the id holds
        assert j.journal_id != 0, where
        if log.committed:
            assert j.journal_id == log.jid, where
        for s, r in got:
            assert r == _expected(log, buf, s), where  # never misread
            assert records.verify(r, KEY, SHOE, j.journal_id), where
        # every committed record not yet known to be synced is there
        for s in range(log.synced_ok + 1, log.committed + 1):
            assert s in seqs, "%s: committed record %d lost" % (where, s)
        assert log.synced_ok <= j.synced_seq <= max(log.synced_try, log.synced_ok), where
        assert j.next_seq > log.committed and (not seqs or j.next_seq > seqs[-1]), where
        # a boot number no durable record carries may come again; any other may not
        assert j.boot >= log.boot, where
        for s, r in got:
            assert j.boot > records.record_boot(r), where
        # and it records again
        n = records.encode_event(buf, j.next_seq, j.boot, 0, records.EV_POWER_ON)
        n = records.sign(buf, n, KEY, SHOE, j.journal_id)
        seq = j.next_seq
        assert j.append(buf, n) == OK and j.commit(), where
        j.close()
        j = Journal(MOUNT + "/j")
        last = [s for s, r in j.records_from(seq)]
        assert last == [seq], where
        j.close()
    finally:
        dev.unmount()


def _suite(deals, every=1, torn=True):
    """Cut at every flash operation of the run; returns (operations, cuts checked)."""
    data = bytearray(BLOCK * BLOCKS)
    dev = _fresh(data)
    log = Log()
    _run(dev, deals, log, every)
    total = dev.ops
    assert not dev.cut and log.committed == log.appended
    dev.unmount()
    cuts = 0
    for k in range(1, total + 1):
        gc.collect()  # the dead mount's buffers, before the next run needs the heap
        dev = _fresh(data)
        dev.cut_after = k
        dev.torn = torn
        log.reset()
        try:
            _run(dev, deals, log, every)
        except OSError:
            assert dev.cut  # only a dead flash may fail the run
        assert dev.cut, "cut at op %d of %d never happened" % (k, total)
        _check_after_cut(dev, log, k)
        cuts += 1
    return total, cuts


class Birth:
    """What the id run knew before the power went: each journal's id once a commit of it
    succeeded (its id is on flash then), and the records committed."""

    def __init__(self):
        self.ids = [0, 0]  # journal before the wipe, after it
        self.committed = []  # (journal 0/1, seq) of records known to be on flash
        self.wiping = False  # the wipe began: the first journal's records may be gone


def _id_run(dev, born):
    buf = bytearray(records.MAX_RECORD)
    for life in (0, 1):
        if life:  # wiped: every file of the journal removed, in name order (state slots last)
            born.wiping = True
            for name in sorted(os.listdir(MOUNT + "/j")):
                os.remove(MOUNT + "/j/" + name)
        for boot in range(2):
            j = Journal(MOUNT + "/j")
            n = records.encode_event(buf, j.next_seq, j.boot, 0, records.EV_POWER_ON)
            seq = j.next_seq
            j.append(buf, records.sign(buf, n, KEY, SHOE, j.journal_id))
            if j.commit():
                born.ids[life] = j.journal_id
                born.committed.append((life, seq))
            j.close()
            if dev.cut:
                return


def test_the_journal_id_survives_a_power_cut_at_every_flash_operation_of_its_life():
    """A new journal, two boots, a wipe, two boots of the new one: cut at each operation.
    After the cut the journal has an id, every record it holds verifies under that id, and
    once a record of a journal was committed, that journal's id is the one it reports."""
    if vfs is None:
        skip("LittleFS (vfs) exists only on MicroPython; the MicroPython leg runs this")
    data = bytearray(BLOCK * BLOCKS)
    dev = _fresh(data)
    born = Birth()
    _id_run(dev, born)
    total = dev.ops
    assert born.ids[0] and born.ids[1] and born.ids[0] != born.ids[1]  # new after the wipe
    assert len(born.committed) == 4
    dev.unmount()
    for k in range(1, total + 1):
        gc.collect()
        dev = _fresh(data)
        dev.cut_after = k
        born = Birth()
        try:
            _id_run(dev, born)
        except OSError:
            assert dev.cut
        assert dev.cut
        dev = dev.revive()
        dev.mount(MOUNT)
        try:
            where = "cut at op %d of %d" % (k, total)
            j = Journal(MOUNT + "/j")
            life = 1 if born.wiping else 0
            assert j.journal_id != 0, where
            if born.ids[life]:  # (a cut wipe leaves the old journal, or a new empty one)
                assert j.journal_id == born.ids[life], where
            got = [(s, r) for s, r in j.records_from(0)]
            for s, r in got:
                assert records.verify(r, KEY, SHOE, j.journal_id), where
            for lf, s in born.committed:
                if lf == life:
                    assert s in [g[0] for g in got], "%s: record %d lost" % (where, s)
            j.close()
            assert Journal(MOUNT + "/j").journal_id == j.journal_id, where  # and it stays
        finally:
            dev.unmount()


def _soak():
    return os.getenv("OVERPLAY_SOAK") == "1"


def test_power_cut_at_every_flash_operation_of_a_100_deal_run():
    if vfs is None:
        skip("LittleFS (vfs) exists only on MicroPython; the MicroPython leg runs this")
    total, cuts = _suite(100)
    assert cuts == total > 500


def test_power_cut_soak_longer_batched_and_clean_cuts():
    if not _soak():
        skip("long version: OVERPLAY_SOAK=1 (make soak)")
    if vfs is None:  # make soak runs pytest: hand the suite to the MicroPython interpreter
        import subprocess  # noqa: I001 - CPython only
        import sys
        here = os.path.dirname(os.path.abspath(__file__))
        root = os.path.dirname(os.path.dirname(here))
        mpy = os.path.join(os.path.dirname(sys.executable), "micropython")
        env = dict(os.environ)
        env["MICROPYPATH"] = os.pathsep.join([os.path.join(root, "shared"),
                                              os.path.join(root, "firmware"), ".frozen"])
        proc = subprocess.run([mpy, "-X", "heapsize=128k", "tests/mpy_runner.py",
                               "tests/firmware/test_journal_powercut.py"], cwd=root, env=env,
                              capture_output=True, text=True, timeout=1800)
        assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
        return
    assert _suite(300)[1] > 1500
    assert _suite(100, every=3)[1] > 200
    assert _suite(100, torn=False)[1] > 500
