"""Acceptance of sync: the real device code (MicroPython) against the real host code through
pseudo-terminals, with a fault injector between them. The database ends holding exactly the
shoe's journal: nothing lost, nothing twice, forged records quarantined with the reason.

Quick versions run in `make test`; OVERPLAY_SOAK=1 runs the 10,000-frame version.
"""

import os
import random
import threading
import time

import pytest

from overplay import sync
from overplay.store import Store
from overplay.desk_shoe import DeskShoe
from overplay.relay import Faults, Relay
from overplay.sim_shoe import micropython_bin

KEY = bytes(range(100, 132))
SHOE = 7
SOAK = os.environ.get("OVERPLAY_SOAK") == "1"

pytestmark = pytest.mark.skipif(not os.path.exists(micropython_bin()) and
                                os.system("command -v micropython >/dev/null") != 0,
                                reason="no MicroPython interpreter")


def sync_until_done(relay, shoe, st, attempts=40, timeout=1.0, power_cuts=None, replay=None):
    """Run `overplay sync` until one finishes; a failed attempt is a cut cable (or a power
    cut of the shoe, when the random `power_cuts` says so). Returns (summary, failures)."""
    failures = 0
    deadline = time.monotonic() + 240
    for attempt in range(attempts):
        assert time.monotonic() < deadline, "sync did not converge in time"
        killer = None
        if power_cuts is not None and (attempt == 0 or power_cuts.random() < 0.3):
            # pull the plug at a random moment of this attempt, then plug it back in
            killer = threading.Timer(power_cuts.uniform(0.1, 0.8), shoe.power_cut)
            killer.start()
        ser = relay.open_host()
        try:
            return sync.sync(ser, st, timeout=timeout), failures
        except sync.SyncError:
            failures += 1
        finally:
            ser.close()
            if killer is not None:
                killer.cancel()
                killer.join()
                if shoe.proc is None:
                    shoe.power_cuts += 1
                    shoe.serve(relay.device_path, replay=replay)
    raise AssertionError("no sync finished in %d attempts" % attempts)


def check_db_equals_journal(st, journal, forged):
    """journal: [(seq, raw)] the shoe held; forged: {seq: reason prefix}."""
    stored = dict(st.journal(SHOE))
    quarantined = {}
    for shoe, seq, reason in st.quarantined(SHOE):
        quarantined.setdefault(seq, []).append(reason)
    for seq, raw in journal:
        if seq in forged:
            assert seq not in stored, seq
            assert any(r.startswith(forged[seq]) for r in quarantined.get(seq, ())), \
                (seq, quarantined.get(seq))
        else:
            assert stored.get(seq) == raw, "record %d lost or changed" % seq
    assert set(stored) == {s for s, _ in journal} - set(forged)
    assert set(quarantined) == set(forged)
    n = st.db.execute("SELECT COUNT(*) FROM records WHERE shoe_id=?", (SHOE,)).fetchone()[0]
    assert n == len(journal) - len(forged)  # nothing twice


def setup(tmp_path, n, faults, badsig=(), enrol=True, rate=0):
    shoe = DeskShoe(str(tmp_path / "shoe"), SHOE, KEY)
    shoe.fill(n, badsig=badsig)
    journal = shoe.journal()
    assert len(journal) == n
    st = Store(str(tmp_path / "club.sqlite"))
    if enrol:
        st.enroll(SHOE, KEY)
    relay = Relay(faults=faults, rate=rate)
    return shoe, journal, st, relay


def test_fault_link_db_equals_journal_forgeries_quarantined(tmp_path):
    faults = Faults(flip=0.03, drop=0.03, dup=0.05, cut=0.004, cut_s=1.2, seed=5)
    shoe, journal, st, relay = setup(tmp_path, 400, faults, badsig=(4, 150))
    replay = {200: 30}  # the shoe sends record 30's bytes where 200 belongs
    try:
        shoe.serve(relay.device_path, replay=replay)
        s, failures = sync_until_done(relay, shoe, st, replay=replay)
        check_db_equals_journal(st, journal, {5: "bad signature", 151: "bad signature",
                                              200: "replay: record seq 30"})
        assert relay.counts["flip"] and relay.counts["drop"] and relay.counts["dup"]
        # running again transfers nothing new
        again, _ = sync_until_done(relay, shoe, st)
        assert (again.new, again.rejected) == (0, 0)
        check_db_equals_journal(st, journal, {5: "bad signature", 151: "bad signature",
                                              200: "replay: record seq 30"})
    finally:
        relay.close()
        shoe.stop()
    # DONE went only as far as the DB holds the journal without a hole: record 5 is bad on
    # the shoe itself, so the shoe keeps it and everything after it (nothing the club lacks
    # is ever erased), and the DB's mark stays there
    (jid,) = st.journals(SHOE)
    assert st.next_seq(SHOE, jid) == 5
    assert [s for s, _ in shoe.journal()] == [s for s, _ in journal]  # a segment is kept whole


def test_power_cuts_and_cable_cuts_mid_sync(tmp_path):
    faults = Faults(flip=0.01, drop=0.01, dup=0.02, cut=0.003, cut_s=1.2, seed=11)
    # paced at 40 kB/s so a sync lasts long enough to be cut in the middle
    shoe, journal, st, relay = setup(tmp_path, 1500, faults, rate=40000)
    rng = random.Random(3)
    try:
        shoe.serve(relay.device_path)
        s, failures = sync_until_done(relay, shoe, st, power_cuts=rng)
        check_db_equals_journal(st, journal, {})
        log = st.db.execute("SELECT status, new FROM sync_log ORDER BY sync_id").fetchall()
        assert sum(n for _, n in log) == len(journal)  # nothing twice across the attempts
        assert log[-1][0] == "ok"
        assert shoe.power_cuts >= 1 and failures >= 1
    finally:
        relay.close()
        shoe.stop()


def test_unknown_shoe_is_quarantined_and_keeps_its_journal(tmp_path):
    shoe, journal, st, relay = setup(tmp_path, 30, Faults(), enrol=False)
    try:
        shoe.serve(relay.device_path)
        s, _ = sync_until_done(relay, shoe, st)
    finally:
        relay.close()
        shoe.stop()
    assert (s.new, s.rejected) == (0, 30)
    assert all(r.startswith("unknown shoe 7") for _, _, r in st.quarantined())
    assert st.journal(SHOE) == []
    assert shoe.journal() == journal  # not reclaimed: the club may enrol it and sync again


def test_shoe_on_its_own_stdin_stdout(tmp_path):
    """As on the board: the link on sys.stdin.buffer / sys.stdout.buffer, binary-clean."""
    faults = Faults(flip=0.02, drop=0.02, dup=0.03, seed=8)
    shoe, journal, st, relay = setup(tmp_path, 300, faults)
    try:
        shoe.serve(relay.device_path, stdio=True)
        s, _ = sync_until_done(relay, shoe, st)
        check_db_equals_journal(st, journal, {})
    finally:
        relay.close()
        shoe.stop()


def test_journal_on_ram_littlefs(tmp_path):
    """The journal on LittleFS (a RAM block device), as on the board's flash."""
    import sim.devsim as devsim
    from overplay_core import records
    n = 250
    buf = bytearray(records.MAX_RECORD)
    shoe = DeskShoe(None, SHOE, KEY, heap="1m")
    st = Store(str(tmp_path / "club.sqlite"))
    st.enroll(SHOE, KEY)
    relay = Relay(faults=Faults(flip=0.02, drop=0.02, dup=0.03, seed=4))
    try:
        shoe.serve(relay.device_path, extra=["--ramfs", "512", "--shoe", str(SHOE), "--key",
                                             KEY.hex(), "--fill", str(n)])
        sync_until_done(relay, shoe, st)
        (jid,) = st.journals(SHOE)  # the RAM journal's id, random, as INFO named it
        expected = [(i + 1, bytes(buf[:devsim.make_record(buf, i, i + 1, 1, KEY, SHOE, jid)]))
                    for i in range(n)]
        check_db_equals_journal(st, expected, {})
    finally:
        relay.close()
        shoe.stop()


def test_host_killed_mid_sync_then_run_again(tmp_path):
    """`overplay sync` killed (SIGKILL) part-way: the DB is consistent, the next run completes."""
    import signal
    import subprocess
    import sys
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([os.path.join(root, "host"),
                                                      os.path.join(root, "shared")]))
    code = "import sys; from overplay.cli import main; sys.exit(main())"
    shoe, journal, st, relay = setup(tmp_path, 1200, Faults(), rate=30000)
    db = str(tmp_path / "club.sqlite")
    cmd = [sys.executable, "-c", code, "sync", "--port", relay.host_path, "--db", db]
    try:
        shoe.serve(relay.device_path)
        p = subprocess.Popen(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        deadline = time.monotonic() + 30
        while st.next_seq(SHOE) <= 1:  # kill it just after its first batch is committed
            assert time.monotonic() < deadline and p.poll() is None
            time.sleep(0.01)
        p.send_signal(signal.SIGKILL)
        p.wait(10)
        held = st.next_seq(SHOE) - 1
        assert 0 < held < len(journal)  # some batches committed, not all
        assert [s for s, _ in st.journal(SHOE)] == list(range(1, held + 1))
        p = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=60)
        assert p.returncode == 0, p.stderr
        assert p.stdout.startswith("shoe 7: %d new records" % (len(journal) - held))
        check_db_equals_journal(st, journal, {})
        statuses = [r[0] for r in st.db.execute("SELECT status FROM sync_log ORDER BY sync_id")]
        assert statuses == ["interrupted", "ok"]
    finally:
        relay.close()
        shoe.stop()


@pytest.mark.skipif(not SOAK, reason="long fault suite: OVERPLAY_SOAK=1")
def test_fault_soak_10000_frames(tmp_path):
    """Rounds of dealing and syncing through a noisy, cut-prone line until 10,000 frames have
    crossed it; after every round the DB equals everything the shoe ever journalled."""
    faults = Faults(flip=0.02, drop=0.02, dup=0.03, cut=0.0005, cut_s=1.2, seed=2024)
    shoe = DeskShoe(str(tmp_path / "shoe"), SHOE, KEY)
    st = Store(str(tmp_path / "club.sqlite"))
    st.enroll(SHOE, KEY)
    relay = Relay(faults=faults)
    rng = random.Random(99)
    everything = []
    try:
        while relay.frames < 10000:
            shoe.fill(rng.randrange(300, 1500))
            held = shoe.journal()
            known = {s for s, _ in everything}
            everything += [(s, r) for s, r in held if s not in known]
            shoe.serve(relay.device_path)
            sync_until_done(relay, shoe, st, attempts=100, power_cuts=rng)
            shoe.stop()
            check_db_equals_journal(st, everything, {})
    finally:
        relay.close()
        shoe.stop()
    assert relay.frames >= 10000
