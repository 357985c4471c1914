"""The director's PIN and a pulled cable: the real shoe link (MicroPython) against the real
host code over pseudo-terminals, the cable pulled at one chosen moment of PIN_SET/PIN_ACK.

- Pulled after the shoe stored PIN_SET, before the PC saw PIN_ACK: the club DB does not count
  the PIN as delivered, the next sync sends it again, and the shoe ends with exactly that PIN.
- Pulled while PIN_SET was on its way (half a frame arrived): the shoe keeps its old PIN,
  and the next sync delivers the waiting one.
- `overplay pin --shoe` run again while PIN_ACK is on its way: that ACK is the older PIN's,
  so the newer one still waits for the next sync.
Either way the records cross exactly once (docs/wire.md, "The director's PIN").
"""

import io
import os
import sys
import time

import pytest

from overplay import cli, sync
from overplay.relay import Relay
from overplay_core import pin, wire
# pytestmark: the same skip when there is no MicroPython interpreter
from tests.e2e.test_sync_pty import SHOE, check_db_equals_journal, pytestmark  # noqa: F401
from tests.e2e.test_sync_pty import setup as shoe_and_club

OLD, NEW, NEWER = "1357", "2468", "9753"


def frame_type(frame):
    """The type of a frame either way: the PC's are stuffed (wire.stuff), the shoe's not."""
    for stuffed in (False, True):
        try:
            return wire.decode_frame(frame, stuffed=stuffed)[0]
        except ValueError:  # a damaged frame, or a lone delimiter
            pass
    return None


class PinCutRelay(Relay):
    """The fault-injecting relay, its cable pulled once at the first frame of type `at`:
    PIN_ACK (shoe -> PC) is lost whole; of PIN_SET (PC -> shoe) the first half gets through.
    The cable stays out (both ways) until plug_in()."""

    def __init__(self, at):
        super().__init__()
        self.at = at
        self.pulled = False

    def plug_in(self):
        """The cable back in, for the next sync."""
        self.pulled = False

    def _fault(self, frame):
        if self.pulled:
            return []
        ptype = frame_type(frame)
        if ptype == self.at and not self.counts["cut"]:
            self.counts["cut"] += 1
            self.pulled = True
            return [frame[:len(frame) // 2]] if ptype == wire.PIN_SET else []
        return super()._fault(frame)


def director_sets_pin(db, digits, monkeypatch):
    """`overplay pin --shoe SHOE --stdin` as the director runs it."""
    monkeypatch.setattr(sys, "stdin", io.StringIO(digits + "\n"))
    assert cli.main(["pin", "--shoe", str(SHOE), "--stdin", "--db", db]) == 0


def start(tmp_path, at, monkeypatch):
    """An enrolled shoe holding OLD (copied on as `mpremote fs cp pin.bin :pin.bin`), a few
    records to sync, NEW waiting in the club DB, and the relay that pulls the cable at `at`."""
    shoe, journal, st, relay = shoe_and_club(tmp_path, 6, None)
    relay.close()  # the plain relay of the helper; this test pulls the cable itself
    relay = PinCutRelay(at)
    old = pin.make(OLD, os.urandom(pin.SALT))
    (tmp_path / "shoe" / "pin.bin").write_bytes(old)
    director_sets_pin(st.path, NEW, monkeypatch)
    new = st.pending_pin(SHOE)
    assert new is not None and pin.matches(new, NEW)
    shoe.serve(relay.device_path)
    return shoe, journal, st, relay, old, new


def cut_sync(relay, st):
    """One `overplay sync` during which the cable is pulled: it must fail, not succeed."""
    ser = relay.open_host()
    try:
        with pytest.raises(sync.SyncError):
            sync.sync(ser, st, timeout=0.5)
    finally:
        ser.close()
    assert relay.pulled


def next_sync(relay, st):
    ser = relay.open_host()
    try:
        return sync.sync(ser, st, timeout=2.0)
    finally:
        ser.close()


def pins_rows(st):
    return st.db.execute("SELECT pin, pushed_at FROM pins WHERE shoe_id=?", (SHOE,)).fetchall()


def shoe_pin(tmp_path):
    assert not (tmp_path / "shoe" / "pin.bin.tmp").exists()  # no half-written file left
    return (tmp_path / "shoe" / "pin.bin").read_bytes()


def test_cut_after_shoe_stored_pin_before_ack_resends_it_next_sync(tmp_path, monkeypatch):
    shoe, journal, st, relay, old, new = start(tmp_path, wire.PIN_ACK, monkeypatch)
    try:
        cut_sync(relay, st)
        # the shoe took it; the PC never heard so, and still counts it as waiting
        assert shoe_pin(tmp_path) == new
        assert pins_rows(st) == [(new, None)] and st.pending_pin(SHOE) == new
        relay.plug_in()
        s = next_sync(relay, st)
        assert s.pin_pushed is True and "director's PIN sent" in s.line()
    finally:
        relay.close()
        shoe.stop()
    # stored twice on the shoe, harmlessly: exactly the new PIN, the old one no longer opens
    data = shoe_pin(tmp_path)
    assert data == new and pin.matches(data, NEW) and not pin.matches(data, OLD)
    assert st.pending_pin(SHOE) is None
    (row,) = pins_rows(st)
    assert row[0] == new and row[1] is not None  # delivered, once the ACK came
    check_db_equals_journal(st, journal, {})
    statuses = [r[0] for r in st.db.execute("SELECT status FROM sync_log ORDER BY sync_id")]
    assert statuses == ["failed", "ok"]


def test_cut_mid_pin_set_keeps_old_pin_until_a_sync_delivers_the_new(tmp_path, monkeypatch):
    shoe, journal, st, relay, old, new = start(tmp_path, wire.PIN_SET, monkeypatch)
    try:
        cut_sync(relay, st)
        time.sleep(0.1)  # the half frame has reached the shoe
        assert shoe_pin(tmp_path) == old  # a torn PIN_SET is no PIN
        assert pins_rows(st) == [(new, None)]
        # the director, unsure, sets the PIN again: the waiting one is replaced, not doubled
        director_sets_pin(st.path, NEWER, monkeypatch)
        newer = st.pending_pin(SHOE)
        assert newer != new and pin.matches(newer, NEWER)
        relay.plug_in()
        s = next_sync(relay, st)
        assert s.pin_pushed is True
    finally:
        relay.close()
        shoe.stop()
    data = shoe_pin(tmp_path)
    assert data == newer and not pin.matches(data, OLD) and not pin.matches(data, NEW)
    (row,) = pins_rows(st)
    assert row[0] == newer and row[1] is not None
    check_db_equals_journal(st, journal, {})


class PinAckHookRelay(Relay):
    """The plain relay, calling `hook` once just before it passes the first PIN_ACK on."""

    def __init__(self, hook):
        super().__init__()
        self.hook = hook

    def _fault(self, frame):
        if self.hook is not None and frame_type(frame) == wire.PIN_ACK:
            hook, self.hook = self.hook, None
            hook()
        return super()._fault(frame)


def test_pin_set_again_while_the_ack_is_on_its_way_still_waits(tmp_path, monkeypatch):
    """`overplay pin --shoe` run again while a sync's PIN_SET is unanswered: the ACK that then
    comes is the old PIN's, so the new one must still wait for the next sync."""
    shoe, journal, st, plain = shoe_and_club(tmp_path, 3, None)
    plain.close()
    director_sets_pin(st.path, NEW, monkeypatch)
    new = st.pending_pin(SHOE)
    relay = PinAckHookRelay(lambda: director_sets_pin(st.path, NEWER, monkeypatch))
    try:
        shoe.serve(relay.device_path)
        first = next_sync(relay, st)
        assert first.pin_pushed is True and shoe_pin(tmp_path) == new
        newer = st.pending_pin(SHOE)
        assert newer is not None and pin.matches(newer, NEWER)  # not counted as delivered
        second = next_sync(relay, st)
        assert second.pin_pushed is True
    finally:
        relay.close()
        shoe.stop()
    assert shoe_pin(tmp_path) == newer and st.pending_pin(SHOE) is None
    check_db_equals_journal(st, journal, {})
