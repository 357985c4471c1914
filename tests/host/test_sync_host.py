"""Host side of sync against the shoe's link code run in-process (CPython): deterministic
losses, gaps, refusals, forgeries on the line, impostors, enrolment. The MicroPython-through-a-
pty version is tests/e2e/test_sync_pty.py (and test_integrity.py)."""

import struct

import pytest

import sim.devsim as devsim
from shoe.link import Link
from shoe.settings import Settings
from overplay import enroll, sync
from overplay.errors import UserError
from overplay.store import Store
from overplay_core import records, wire

KEY = b"\x11" * 32
SHOE = 4


class Wire:
    """A serial port whose far end is a Link: each read lets the shoe poll; `lose(i)` decides
    whether the i-th frame from the shoe is lost on the way."""

    def __init__(self, link, lose=lambda i, f: False, tamper=None):
        self.link = link
        self.lose = lose
        self.tamper = tamper  # (i, frame) -> the frames that reach the PC instead
        self.timeout = 0.05
        self.to_shoe = bytearray()
        self.to_host = bytearray()
        self.frames = 0
        self.sent = bytearray()  # every byte the PC wrote
        link.inp = self
        link.out = self

    # the shoe's side of the cable
    def any(self):
        return len(self.to_shoe)

    def readinto(self, buf):
        n = min(len(buf), len(self.to_shoe))
        buf[:n] = self.to_shoe[:n]
        del self.to_shoe[:n]
        return n

    def write(self, b):
        b = bytes(b)
        if b[-1:] == b"\x00" and b.count(0) == 1 and b != b"\x00":
            self.frames += 1
            if self.lose(self.frames, b):
                return len(b)
            if self.tamper is not None:
                for f in self.tamper(self.frames, b):
                    self.to_host += f
                return len(b)
        self.to_host += b
        return len(b)

    # the host's side (pyserial API)
    @property
    def in_waiting(self):
        for _ in range(3):
            self.link.poll()
        return len(self.to_host)

    def read(self, n):
        self.link.poll()
        data = bytes(self.to_host[:n])
        del self.to_host[:n]
        return data

    def host_write(self, b):
        self.to_shoe += b
        self.sent += b
        return len(b)

    def sent_types(self):
        """The types of the frames the PC sent (they are stuffed)."""
        out = []
        for f in bytes(self.sent).split(b"\x00"):
            if f:
                out.append(wire.decode_frame(f, stuffed=True)[0])
        return out


class HostEnd:
    def __init__(self, w):
        self.w = w

    def __getattr__(self, name):
        return getattr(self.w, name)

    def write(self, b):
        return self.w.host_write(b)

    def close(self):
        pass


class Unplugged:
    def any(self):
        return 0


def shoe(n):
    j = devsim.MemJournal()
    devsim.fill(j, n, KEY, SHOE)
    return j, Link(Unplugged(), Unplugged(), j, KEY, SHOE, Settings(None), kbd_intr=None)


def store(tmp_path):
    st = Store(str(tmp_path / "c.sqlite"))
    st.enroll(SHOE, KEY)
    return st


def test_every_lost_frame_is_fetched_again(tmp_path):
    j, link = shoe(300)
    held = list(j.records_from(1))
    w = Wire(link, lose=lambda i, f: i % 7 == 3)
    st = store(tmp_path)
    s = sync.sync(HostEnd(w), st, window=16)
    assert (s.new, s.duplicates, s.rejected) == (300, 0, 0)
    assert st.journal(SHOE) == held
    assert j.synced == 300 and list(j.records_from(1)) == []  # DONE: the shoe reclaimed


def test_a_shoe_that_reclaimed_records_reports_the_gap(tmp_path):
    j, link = shoe(30)
    j.mark_synced(10)
    j.reclaim()
    st = store(tmp_path)
    s = sync.sync(HostEnd(Wire(link)), st)
    assert s.new == 20 and s.gap == (1, 10)
    assert "records 1..10 were no longer on the shoe" in s.line()


def test_a_second_sync_transfers_nothing(tmp_path):
    j, link = shoe(50)
    st = store(tmp_path)
    sync.sync(HostEnd(Wire(link)), st)
    devsim.fill(j, 5, KEY, SHOE)  # dealt more since
    w = Wire(link)
    s = sync.sync(HostEnd(w), st)
    assert (s.new, s.duplicates) == (5, 0)
    assert s.payload_bytes == sum(len(r) for _, r in st.journal(SHOE)[-5:])


def test_a_shoe_that_refuses_is_one_line(tmp_path):
    j, link = shoe(3)
    real = link._handle

    def old_firmware(ptype, seq, payload):
        if ptype == wire.HELLO:
            payload = b"\x09" + bytes(payload[1:])  # as if it spoke another version
        real(ptype, seq, payload)
    link._handle = old_firmware
    with pytest.raises(sync.SyncError, match="refused HELLO: wire version"):
        sync.sync(HostEnd(Wire(link)), store(tmp_path))


def test_a_silent_line_ends_in_time_and_keeps_what_arrived(tmp_path):
    j, link = shoe(200)
    w = Wire(link, lose=lambda i, f: i > 6)  # the cable is pulled after a few frames
    st = store(tmp_path)
    with pytest.raises(sync.SyncError, match="stopped delivering .no new record"):
        sync.sync(HostEnd(w), st, timeout=0.8, window=64)
    kept = st.next_seq(SHOE)
    assert kept > 1 and [s for s, _ in st.journal(SHOE)] == list(range(1, kept))
    assert st.db.execute("SELECT status FROM sync_log").fetchone()[0] == "failed"
    assert j.synced == 0  # no DONE: the shoe keeps everything
    s = sync.sync(HostEnd(Wire(link)), st)
    assert s.new == 200 - (kept - 1) and len(st.journal(SHOE)) == 200


def test_pending_set_up_is_pushed_once(tmp_path):
    j, link = shoe(2)
    link.settings = Settings(None)
    st = store(tmp_path)
    sid = st.new_setup(3, 0, 1, 12, 2, 3, 0)
    s = sync.sync(HostEnd(Wire(link)), st)
    assert s.setup_pushed == sid and link.settings.setup_id() == sid
    s = sync.sync(HostEnd(Wire(link)), st)
    assert s.setup_pushed is None


def test_a_lost_done_ack_is_asked_again_after_hello(tmp_path):
    j, link = shoe(20)
    lost = []

    def lose_first_done_ack(i, f):
        if wire.decode_frame(f)[0] == wire.DONE_ACK and not lost:
            lost.append(i)
            return True
        return False
    st = store(tmp_path)
    s = sync.sync(HostEnd(Wire(link, lose_first_done_ack)), st)
    assert lost and s.done_confirmed and j.synced == 20
    assert s.line() == "shoe 4: 20 new records, 0 duplicates ignored, 0 rejected"


def test_an_unanswered_pin_is_reported_as_waiting_and_sent_at_the_next_sync(tmp_path):
    # Both PIN_ACKs lost on the way (a cable out for a moment looks the same as firmware
    # without PIN_SET): the sync goes on, the summary says the PIN waits, and the next sync
    # delivers it; the DB marks it delivered only then.
    from overplay_core import pin

    j, link = shoe(2)
    link.settings = Settings(None)
    st = store(tmp_path)
    data = pin.make("2468", b"12345678")
    st.set_pin(SHOE, data)

    def lose_pin_acks(i, frame):
        return wire.decode_frame(frame)[0] == wire.PIN_ACK

    s = sync.sync(HostEnd(Wire(link, lose_pin_acks)), st, timeout=0.5)
    assert s.pin_pushed is False and s.new == 2
    assert "director's PIN not acknowledged (it waits for the next sync" in s.line()
    assert st.pending_pin(SHOE) == data  # still waiting
    s = sync.sync(HostEnd(Wire(link)), st)
    assert s.pin_pushed is True and "director's PIN sent" in s.line()
    assert st.pending_pin(SHOE) is None and link.settings.pin == data


# --- integrity (issue #10): forgeries on the line, impostors, journals, bounded syncs --------

def forged(seq, journal_id, shoe_id=SHOE, key=devsim.BAD_KEY):
    """A record at `seq` as a line attacker can make it: well-formed, signed with a key that
    is not the shoe's."""
    buf = bytearray(records.MAX_RECORD)
    n = devsim.make_record(buf, 3, seq, 1, key, shoe_id, journal_id)
    return bytes(buf[:n])


def data_frame(seq, recs):
    return wire.encode_frame(wire.DATA, seq, b"".join(bytes([len(r)]) + r for r in recs))


def replacing(seq, journal_id, times):
    """A tamper that swaps record `seq` in the DATA frames carrying it for a forged one, the
    first `times` times."""
    done = []

    def tamper(i, frame):
        t, first, payload = wire.decode_frame(frame)
        if t != wire.DATA or len(done) >= times:
            return [frame]
        recs = wire.split_records(payload)
        if not first <= seq < first + len(recs):
            return [frame]
        done.append(i)
        recs[seq - first] = forged(seq, journal_id)
        return [data_frame(first, recs)]
    return tamper


def test_a_forged_record_on_the_line_is_asked_for_again_and_nothing_is_lost(tmp_path):
    j, link = shoe(40)
    held = list(j.records_from(1))
    st = store(tmp_path)
    s = sync.sync(HostEnd(Wire(link, tamper=replacing(17, j.journal_id, 1))), st)
    assert (s.new, s.rejected) == (40, 1) and s.held_from is None
    assert st.journal(SHOE) == held  # the genuine 17, fetched again
    assert st.quarantined(SHOE) == [(SHOE, 17, "bad signature: the tag does not verify "
                                     "under shoe %d's key" % SHOE)]
    assert j.synced == 40


def test_a_record_forged_every_time_keeps_it_and_the_rest_on_the_shoe(tmp_path):
    # Round one advanced next_seq over a rejected record and DONE let the shoe erase the
    # genuine one. Now the DONE stops below it, and a later clean sync still fetches it.
    j, link = shoe(40)
    held = list(j.records_from(1))
    st = store(tmp_path)
    s = sync.sync(HostEnd(Wire(link, tamper=replacing(17, j.journal_id, 99))), st)
    assert (s.new, s.rejected, s.duplicates) == (39, 1, 1) and s.held_from == 17
    assert "record 17 did not arrive intact: the shoe keeps it" in s.line()
    assert j.synced == 16 and [q for q, _ in j.records_from(1)] == list(range(17, 41))
    assert st.next_seq(SHOE, j.journal_id) == 17
    s = sync.sync(HostEnd(Wire(link)), st)  # the attacker has gone
    assert (s.new, s.duplicates, s.rejected) == (1, 23, 0) and s.held_from is None
    assert st.journal(SHOE) == held and j.synced == 40


def test_forged_records_at_and_far_past_the_journal_end_are_refused(tmp_path):
    j, link = shoe(20)
    held = list(j.records_from(1))
    jid = j.journal_id

    def extra(i, frame):  # after the shoe's every DATA frame, two more of the attacker's
        if wire.decode_frame(frame)[0] != wire.DATA:
            return [frame]
        return [frame, data_frame(21, [forged(21, jid)]),
                data_frame(0xFFFFFF00, [forged(0xFFFFFF00, jid)])]
    st = store(tmp_path)
    s = sync.sync(HostEnd(Wire(link, tamper=extra)), st)
    assert s.new == 20 and st.journal(SHOE) == held
    assert st.next_seq(SHOE, jid) == 21 and j.synced == 20
    assert st.db.execute("SELECT COUNT(*) FROM records WHERE seq > 20").fetchone()[0] == 0


def test_an_impostor_shoe_is_sent_nothing_and_its_records_are_quarantined(tmp_path):
    st = store(tmp_path)
    st.new_setup(3, 0, 1, 12, 2, 3, 0)
    from overplay_core import pin
    st.set_pin(SHOE, pin.make("2468", b"12345678"))
    for key in (None, b"\x99" * 32):  # no key at all, or a key this club never gave it
        j = devsim.MemJournal()
        devsim.fill(j, 12, devsim.BAD_KEY, SHOE)
        link = Link(Unplugged(), Unplugged(), j, key, SHOE, Settings(None), kbd_intr=None)
        w = Wire(link)
        s = sync.sync(HostEnd(w), st)
        assert (s.new, s.rejected) == (0, 12) and s.unproven
        assert s.line().endswith("shoe 4 did not prove the club's key: nothing was sent to it "
                                 "and it keeps every record (enrol it again, or sync it at the "
                                 "club PC that enrolled it)")
        assert set(w.sent_types()) <= {wire.HELLO, wire.PULL, wire.ACK}
        assert j.synced == 0 and st.pending_pin(SHOE) is not None
        assert st.pending_setup(SHOE) is not None and link.settings.setup is None
    assert st.journal(SHOE) == [] and st.db.execute("SELECT COUNT(*) FROM journals"
                                                    ).fetchone()[0] == 0


def test_a_wiped_shoe_is_pulled_from_its_new_journal_into_the_same_history(tmp_path):
    j, link = shoe(30)
    st = store(tmp_path)
    first = sync.sync(HostEnd(Wire(link)), st)
    assert "new journal" not in first.line()
    old = st.journal(SHOE)
    j2 = devsim.MemJournal()  # wiped: numbered from 1 again, under a new journal id
    devsim.fill(j2, 10, KEY, SHOE)
    link2 = Link(Unplugged(), Unplugged(), j2, KEY, SHOE, Settings(None), kbd_intr=None)
    held = list(j2.records_from(1))
    s = sync.sync(HostEnd(Wire(link2)), st)
    assert s.new == 10 and s.line().count("new journal") == 1
    assert st.journal(SHOE, j2.journal_id) == held  # seqs 1..10 again, not mixed with 1..30
    assert st.journal(SHOE) == old + held and j2.synced == 10
    again = sync.sync(HostEnd(Wire(link2)), st)
    assert "new journal" not in again.line() and again.new == 0


def test_a_shoe_that_never_delivers_ends_after_timeout_with_the_row_failed(tmp_path):
    # It answers every PULL with BEGIN, but no DATA frame ever arrives intact, and it
    # keeps sending valid frames (a BEGIN with every read): neither is progress.
    j, link = shoe(50)

    class Chatty(Wire):
        def read(self, n):
            self.to_host += wire.encode_frame(wire.BEGIN, 1, struct.pack("<I", 51))
            return Wire.read(self, n)
    w = Chatty(link, lose=lambda i, f: wire.decode_frame(f)[0] == wire.DATA)
    st = store(tmp_path)
    with pytest.raises(sync.SyncError, match=r"no new record for 0\.\d s\) after 0 of 50"):
        sync.sync(HostEnd(w), st, timeout=0.5)
    assert st.db.execute("SELECT status FROM sync_log").fetchall() == [("failed",)]
    assert j.synced == 0


def test_a_record_the_shoe_cannot_send_is_skipped_with_the_reason(tmp_path):
    j, link = shoe(9)
    big = bytearray(j.recs[4])  # record 5 made longer than a DATA frame holds
    j.recs[4] = bytes(big[:records.HEADER]) + bytes(wire.MAX_RECORD + 5)
    st = store(tmp_path)
    s = sync.sync(HostEnd(Wire(link)), st)
    assert s.new == 8 and s.skipped == [(5, "the shoe cannot send it (every frame starts "
                                            "after it)")]
    assert "record 5 skipped: the shoe cannot send it" in s.line()
    assert j.synced == 4  # nothing from 5 on is reclaimed: the club does not hold 5


class Failing(HostEnd):
    """A port that fails after `after` reads: `exc` raised by read(), or by the timeout
    setter (pyserial reconfigures the port there, and a pulled cable fails right then)."""

    def __init__(self, w, exc, after, on_timeout=False):
        super().__init__(w)
        self.exc, self.after, self.on_timeout = exc, after, on_timeout
        self.reads = 0

    def read(self, n):
        self.reads += 1
        if self.reads > self.after and not self.on_timeout:
            raise self.exc
        return self.w.read(n)

    def __setattr__(self, name, value):
        if name == "timeout" and getattr(self, "on_timeout", False) and self.reads > self.after:
            raise self.exc
        if name == "timeout":
            self.reads += 1
        object.__setattr__(self, name, value)


def test_every_exit_leaves_the_sync_log_row_final(tmp_path):
    import serial
    st = store(tmp_path)
    j, link = shoe(300)
    with pytest.raises(KeyboardInterrupt):
        sync.sync(Failing(Wire(link), KeyboardInterrupt(), 40), st, window=8)
    cut = serial.SerialException("Could not configure port: (5, 'Input/output error')")
    with pytest.raises(sync.SyncError) as e:
        sync.sync(Failing(Wire(link), cut, 40, on_timeout=True), st, window=8)
    assert str(e.value) == ("serial link failed: Could not configure port: (5, "
                            "'Input/output error'); check the cable and run sync again")
    s = sync.sync(HostEnd(Wire(link)), st)
    rows = st.db.execute("SELECT status, note FROM sync_log ORDER BY sync_id").fetchall()
    assert [r[0] for r in rows] == ["interrupted", "failed", "ok"]
    assert rows[1][1].startswith("serial link failed: Could not configure port")
    assert len(st.journal(SHOE)) == 300 and s.new + sum(
        r[0] for r in st.db.execute("SELECT new FROM sync_log WHERE status!='ok'")) == 300


def test_an_error_frame_whose_reason_is_not_text_is_one_line(tmp_path):
    j, link = shoe(5)
    real = link._handle

    def broken(ptype, seq, payload):
        if ptype == wire.PULL:
            link._send(wire.ERROR, 9, b"\xff\xfe\x00flash\nfault\x80")
            return
        real(ptype, seq, payload)
    link._handle = broken
    st = store(tmp_path)
    with pytest.raises(sync.SyncError) as e:
        sync.sync(HostEnd(Wire(link)), st)
    assert str(e.value) == "the shoe reported an error: ???flash?fault?"
    assert st.db.execute("SELECT status FROM sync_log").fetchall() == [("failed",)]


# --- enrolment ---------------------------------------------------------------------------------

def keyless_shoe(n=0, shoe_id=0, key=None, journal=None):
    j = journal or devsim.MemJournal()
    if n:
        devsim.fill(j, n, key or KEY, shoe_id)
    return j, Link(Unplugged(), Unplugged(), j, key, shoe_id, Settings(None), kbd_intr=None)


def test_enrolling_a_new_shoe_then_syncing_it(tmp_path):
    st = Store(str(tmp_path / "c.sqlite"))
    j, link = keyless_shoe()
    assert enroll.enroll(HostEnd(Wire(link)), st, name="table 1") == 1
    assert link.key == st.shoe(1)[1] and link.shoe_id == 1 and st.keys(1) == [link.key]
    devsim.fill(j, 5, link.key, 1)
    s = sync.sync(HostEnd(Wire(link)), st)
    assert s.new == 5 and j.synced == 5


def test_an_enrolled_shoe_whose_key_the_club_lacks_is_refused_in_one_line(tmp_path):
    st = Store(str(tmp_path / "c.sqlite"))
    j, link = keyless_shoe(3, 6, b"\x42" * 32)
    with pytest.raises(UserError) as e:
        enroll.enroll(HostEnd(Wire(link)), st, force=True)
    assert str(e.value) == ("shoe 6 is enrolled with a key this club does not hold: hold its "
                            "button at power-on to re-key it, or use the club PC that enrolled "
                            "it")
    assert st.shoe(6) is None and link.key == b"\x42" * 32
    link.enrol_open = True  # the button held at power-on
    assert enroll.enroll(HostEnd(Wire(link)), st, force=True) == 1
    assert link.key == st.shoe(1)[1]


def test_an_id_held_by_another_shoe_needs_replace(tmp_path):
    st = store(tmp_path)  # shoe 4 is another shoe, enrolled with KEY
    j, link = keyless_shoe()
    with pytest.raises(UserError, match="shoe id 4 is held by another enrolled shoe"):
        enroll.enroll(HostEnd(Wire(link)), st, shoe_id=4)
    assert link.key is None and st.shoe(4)[1] == KEY
    assert enroll.enroll(HostEnd(Wire(link)), st, shoe_id=4, replace=True) == 4
    assert st.keys(4) == [link.key, KEY]  # the old shoe's key kept in the history
    # the same shoe again (it proves its key): no --replace needed, a new key
    before = link.key
    assert enroll.enroll(HostEnd(Wire(link)), st, shoe_id=4) == 4
    assert link.key != before and st.keys(4)[:2] == [link.key, before]


def test_a_lost_enroll_ack_is_recovered(tmp_path):
    # the ACK lost, the line good: the PC asks the shoe again (HELLO) and it proves the key
    st = Store(str(tmp_path / "c.sqlite"))
    j, link = keyless_shoe()
    once = []

    def lose_ack(i, f):
        if wire.decode_frame(f)[0] == wire.ENROLL_ACK and not once:
            once.append(i)
            return True
        return False
    assert enroll.enroll(HostEnd(Wire(link, lose_ack)), st, name="t") == 1
    assert once and st.shoe(1)[1] == link.key and st.offered_keys(1) == []


def test_a_lost_enroll_ack_and_cable_is_recovered_at_the_next_sync(tmp_path):
    st = Store(str(tmp_path / "c.sqlite"))
    j, link = keyless_shoe()
    pulled = []

    def cable_out_at_ack(i, f):
        if wire.decode_frame(f)[0] == wire.ENROLL_ACK:
            pulled.append(i)
        return bool(pulled)
    with pytest.raises(UserError, match="no answer to ENROLL"):
        enroll.enroll(HostEnd(Wire(link, cable_out_at_ack)), st)
    assert link.key is not None and st.shoe(1) is None  # the shoe took it; the DB offered it
    devsim.fill(j, 4, link.key, 1)
    s = sync.sync(HostEnd(Wire(link)), st)  # the proof under the offered key: now the shoe's
    assert s.new == 4 and not s.unproven and st.shoe(1)[1] == link.key and j.synced == 4


def test_enroll_with_no_shoe_answering_is_a_user_error():
    class Silent:
        timeout = 0.05
        in_waiting = 0

        def write(self, b):
            return len(b)

        def read(self, n):
            return b""
    with pytest.raises(UserError, match="no answer to HELLO from the shoe"):
        enroll.enroll(Silent(), Store(":memory:"))
