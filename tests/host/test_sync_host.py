"""Host side of sync against the shoe's link code run in-process (CPython): deterministic
losses, gaps, refusals. The MicroPython-through-a-pty version is tests/e2e/test_sync_pty.py."""

import pytest

import devsim
from link import Link, Settings
from overplay import sync
from overplay.store import Store
from overplay_core import wire

KEY = b"\x11" * 32
SHOE = 4


class Wire:
    """A serial port whose far end is a Link: each read lets the shoe poll; `lose(i)` decides
    whether the i-th frame from the shoe is lost on the way."""

    def __init__(self, link, lose=lambda i, f: False):
        self.link = link
        self.lose = lose
        self.timeout = 0.05
        self.to_shoe = bytearray()
        self.to_host = bytearray()
        self.frames = 0
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
        return len(b)


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
    with pytest.raises(sync.SyncError, match="stopped answering after"):
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
