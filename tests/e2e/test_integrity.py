"""Acceptance of record integrity (issue #10): the real shoe firmware (firmware/sim/devsim.py under
MicroPython) and the real host code over pseudo-terminals, with an attacker on the line, an
impostor shoe, a hostile host, duplicate and wiped shoes. Whatever they do, afterwards every
genuine record is in the club DB exactly once, and no shoe erased a record before the club
held it (docs/wire.md, "Who is trusted").
"""

import os
import select
import struct
import threading
import time

import pytest

from overplay import enroll, sync
from overplay.errors import UserError
from overplay.store import Store
from overplay.desk_shoe import DeskShoe
from overplay.relay import Relay
from overplay_core import wire
# pytestmark: skipped where there is no MicroPython interpreter
from tests.e2e.test_sync_pty import KEY, SHOE, pytestmark  # noqa: F401

import sim.devsim as devsim

JUNK_KEY = b"\xab" * 32


def forged(seq, journal_id, i=3):
    """Record `seq` as someone without the shoe's key makes it: well-formed, wrongly signed."""
    buf = bytearray(240)
    return bytes(buf[:devsim.make_record(buf, i, seq, 1, devsim.BAD_KEY, SHOE, journal_id)])


def altered(record):
    """The genuine record with one field changed (the same length), and a tag the forger
    could only guess."""
    b = bytearray(record)
    b[wire.HEADER + 7] ^= 1  # a byte of the body
    b[-16:] = os.urandom(16)
    return bytes(b)


def data_frame(seq, recs):
    return wire.encode_frame(wire.DATA, seq, b"".join(bytes([len(r)]) + r for r in recs))


def shoe_frame(frame):
    """(type, first seq, payload) of a frame from the shoe, or None (damaged, a delimiter)."""
    try:
        return wire.decode_frame(frame)
    except ValueError:
        return None


def club(tmp_path):
    st = Store(str(tmp_path / "club.sqlite"))
    st.enroll(SHOE, KEY)
    return st


def genuine(tmp_path, n, name="shoe"):
    shoe = DeskShoe(str(tmp_path / name), SHOE, KEY)
    shoe.fill(n)
    return shoe


def run_sync(relay, st, timeout=2.0):
    ser = relay.open_host()
    try:
        return sync.sync(ser, st, timeout=timeout)
    finally:
        ser.close()


def exactly_once(st, records, journal_id):
    """Every genuine record in the DB once, under its journal; nothing else merged there."""
    assert st.journal(SHOE, journal_id) == records
    n = st.db.execute("SELECT COUNT(*) FROM records WHERE shoe_id=? AND journal_id=?",
                      (SHOE, journal_id)).fetchone()[0]
    assert n == len(records)


class Impostor:
    """A program on the cable that claims to be shoe SHOE, without its key: it names the
    genuine shoe's journal, announces `end` records, streams forged ones for every PULL and
    would gladly take a DONE (it answers DONE_ACK). `got` lists the frame types it received."""

    def __init__(self, path, journal_id, end):
        self.fd = os.open(path, os.O_RDWR | os.O_NOCTTY)
        self.jid = journal_id
        self.end = end
        self.got = []
        self.stop = False
        self.t = threading.Thread(target=self._run, daemon=True)
        self.t.start()

    def _send(self, ptype, seq, payload=b""):
        os.write(self.fd, wire.encode_frame(ptype, seq, payload))

    def _run(self):
        dec = wire.Decoder(stuffed=True)
        while not self.stop:
            r, _, _ = select.select([self.fd], [], [], 0.05)
            if not r:
                continue
            try:
                data = os.read(self.fd, 4096)
            except OSError:
                return
            i = 0
            while True:
                i = dec.feed(data, i)
                if i < 0:
                    break
                self._handle(dec.type, dec.seq, bytes(dec.payload))

    def _handle(self, t, seq, payload):
        self.got.append(t)
        if t == wire.HELLO:
            info = struct.pack(wire.INFO_FMT, wire.VERSION, SHOE, 1, 1, self.end, 0, self.jid,
                               1, 0)
            self._send(wire.INFO, seq, info + os.urandom(wire.NONCE_BYTES) +
                       bytes(wire.AUTH_BYTES))  # it cannot compute the proof
        elif t == wire.PULL:
            self._send(wire.BEGIN, seq, struct.pack(wire.BEGIN_FMT, self.end))
            for s in range(seq, min(seq + 64, self.end), 2):
                self._send(wire.DATA, s, b"".join(bytes([len(r)]) + r for r in
                                                  (forged(s, self.jid), forged(s + 1, self.jid))))
        elif t == wire.DONE:
            self._send(wire.DONE_ACK, seq)

    def close(self):
        self.stop = True
        self.t.join(2)
        os.close(self.fd)


def test_an_impostor_with_the_shoe_id_cannot_make_the_genuine_shoe_erase_anything(tmp_path):
    shoe = genuine(tmp_path, 50)
    jid = shoe.journal_id()
    st = club(tmp_path)
    relay = Relay()
    try:
        shoe.serve(relay.device_path)
        assert run_sync(relay, st).new == 50
        first = st.journal(SHOE, jid)
        shoe.stop()
        shoe.fill(70)  # the shoe deals on: records 51..120, not synced yet
        before = shoe.journal()
        assert [q for q, _ in before][-70:] == list(range(51, 121))
        imp = Impostor(relay.device_path, jid, 400)
        try:
            s = run_sync(relay, st)
        finally:
            imp.close()
        assert s.unproven and s.new == 0 and s.rejected > 0
        assert "shoe 7 did not prove the club's key" in s.line()
        assert set(imp.got) <= {wire.HELLO, wire.PULL, wire.ACK}  # no DONE, no command
        assert st.next_seq(SHOE, jid) == 51  # the club's mark did not move
        shoe.serve(relay.device_path)
        s = run_sync(relay, st)
        assert (s.new, s.rejected) == (70, 0) and not s.unproven
    finally:
        relay.close()
        shoe.stop()
    exactly_once(st, first + before[-70:], jid)
    assert shoe.journal() != before  # reclaimed, now that the club holds it all


class Forger(Relay):
    """The line attacker: swaps genuine record `seq` in the DATA frames that carry it for a
    forged one (the first `times` times), or adds frames of its own after each DATA frame."""

    def __init__(self, journal_id, seq=None, times=1, extra=()):
        super().__init__(tamper=self._tamper)
        self.jid, self.seq, self.times, self.extra = journal_id, seq, times, extra
        self.swapped = 0

    def _tamper(self, frame, to_host):
        f = shoe_frame(frame) if to_host else None
        if f is None or f[0] != wire.DATA:
            return [frame]
        t, first, payload = f
        recs = wire.split_records(payload)
        if self.seq is not None and first <= self.seq < first + len(recs) and \
                self.swapped < self.times:
            self.swapped += 1
            recs[self.seq - first] = altered(recs[self.seq - first])
            frame = data_frame(first, recs)
        return [frame] + [data_frame(s, [forged(s, self.jid)]) for s in self.extra]


def test_a_forged_record_in_the_middle_of_a_genuine_stream(tmp_path):
    shoe = genuine(tmp_path, 120)
    jid = shoe.journal_id()
    held = shoe.journal()
    st = club(tmp_path)
    relay = Forger(jid, seq=60, times=1)
    try:
        shoe.serve(relay.device_path)
        s = run_sync(relay, st)
    finally:
        relay.close()
        shoe.stop()
    assert relay.swapped == 1 and (s.new, s.rejected) == (120, 1)
    exactly_once(st, held, jid)  # the genuine 60 was asked for again
    assert [q for _, q, r in st.quarantined(SHOE) if r.startswith("bad signature")] == [60]
    assert st.next_seq(SHOE, jid) == 121


def test_a_record_forged_at_every_try_stays_on_the_shoe_until_it_arrives(tmp_path):
    shoe = genuine(tmp_path, 120)
    jid = shoe.journal_id()
    held = shoe.journal()
    st = club(tmp_path)
    relay = Forger(jid, seq=60, times=1000)
    try:
        shoe.serve(relay.device_path)
        s = run_sync(relay, st)
        assert s.held_from == 60 and s.new == 119
        assert st.next_seq(SHOE, jid) == 60
        relay.times = 0  # the attacker has gone
        s = run_sync(relay, st)
        assert s.new == 1 and s.held_from is None
    finally:
        relay.close()
        shoe.stop()
    exactly_once(st, held, jid)


def test_forged_records_one_past_the_end_and_at_a_huge_seq_are_refused(tmp_path):
    shoe = genuine(tmp_path, 40)
    jid = shoe.journal_id()
    st = club(tmp_path)
    relay = Forger(jid, extra=(41, 0xFFFFFF00))
    try:
        shoe.serve(relay.device_path)
        s = run_sync(relay, st)
        assert s.new == 40 and st.next_seq(SHOE, jid) == 41
        shoe.stop()
        shoe.fill(5)  # the genuine 41..45, dealt later: the forged 41 blocks nothing
        held = shoe.journal()
        relay.extra = ()
        shoe.serve(relay.device_path)
        s = run_sync(relay, st)
        assert s.new == 5
    finally:
        relay.close()
        shoe.stop()
    assert [q for q, _ in st.journal(SHOE, jid)] == list(range(1, 46))
    assert st.journal(SHOE, jid)[-5:] == held[-5:]
    assert st.db.execute("SELECT COUNT(*) FROM records WHERE seq > 45").fetchone()[0] == 0


def enrol(relay, st, **kw):
    ser = relay.open_host()
    try:
        return enroll.enroll(ser, st, **kw)
    finally:
        ser.close()


def test_an_id_held_by_another_shoe_is_refused_and_a_wiped_shoe_re_enrolled(tmp_path):
    shoe = genuine(tmp_path, 30)
    old_jid = shoe.journal_id()
    st = club(tmp_path)
    relay = Relay()
    try:
        shoe.serve(relay.device_path)
        assert run_sync(relay, st).new == 30
        old = st.journal(SHOE, old_jid)
        shoe.stop()
        # a second, never-enrolled shoe asks for id 7: refused, the club's shoe 7 untouched
        other = DeskShoe(str(tmp_path / "other"), 0, b"")
        other.serve(relay.device_path)
        with pytest.raises(UserError, match="shoe id 7 is held by another enrolled shoe"):
            enrol(relay, st, shoe_id=SHOE)
        other.stop()
        assert st.keys(SHOE) == [KEY]
        # shoe 7 wiped (a new journal, no key): it is taken back as 7 only with --replace
        shoe.power_cut()
        import shutil
        shutil.rmtree(str(tmp_path / "shoe"))
        shoe.serve(relay.device_path)
        with pytest.raises(UserError, match="held by another"):
            enrol(relay, st, shoe_id=SHOE)
        assert enrol(relay, st, shoe_id=SHOE, replace=True) == SHOE
        shoe.stop()
        shoe.fill(20, enrol=False)  # it deals, signing with the new key it was given
        new_jid = shoe.journal_id()
        held = shoe.journal()
        assert new_jid != old_jid and [q for q, _ in held] == list(range(1, 21))
        shoe.serve(relay.device_path)
        s = run_sync(relay, st)
        assert s.new == 20 and s.line().count("new journal") == 1
        # the same shoe enrolled again (it proves its key): no --replace needed
        assert enrol(relay, st) == SHOE
        shoe.stop()
        shoe.fill(3, enrol=False)
        held += shoe.journal()[-3:]
        shoe.serve(relay.device_path)
        assert run_sync(relay, st).new == 3
    finally:
        relay.close()
        shoe.stop()
    exactly_once(st, old, old_jid)  # the first journal kept, seqs 1..30
    exactly_once(st, held, new_jid)  # the new one beside it, seqs 1..23 again
    assert len(st.keys(SHOE)) == 3


class Recorder(Relay):
    """The plain line, keeping every frame the PC sent (a hostile host's recording)."""

    def __init__(self):
        super().__init__(tamper=self._keep)
        self.recorded = []

    def _keep(self, frame, to_host):
        if not to_host:
            self.recorded.append(frame)
        return [frame]


def test_a_hostile_host_replaying_a_genuine_conversation_changes_nothing(tmp_path):
    from overplay_core import pin
    shoe = genuine(tmp_path, 40)
    jid = shoe.journal_id()
    st = club(tmp_path)
    st.new_setup(1, 0, 1, 24, 3, 6, 1)
    st.set_pin(SHOE, pin.make("2468", os.urandom(pin.SALT)))
    relay = Recorder()
    try:
        shoe.serve(relay.device_path)
        s = run_sync(relay, st)
        assert s.new == 40 and s.setup_pushed and s.pin_pushed
        recording = list(relay.recorded)
        assert {wire.decode_frame(f, stuffed=True)[0] for f in recording if f != b"\x00"} >= \
            {wire.HELLO, wire.SESSION_SET, wire.PIN_SET, wire.DONE}
        # later: a new set-up and PIN from the club, and records not yet synced
        st.new_setup(2, 0, 1, 12, 1, 4, 0)
        st.set_pin(SHOE, pin.make("9753", os.urandom(pin.SALT)))
        assert run_sync(relay, st).setup_pushed
        shoe.stop()
        shoe.fill(25)
        folder = str(tmp_path / "shoe")
        files = {n: open(os.path.join(folder, n), "rb").read()
                 for n in ("session.bin", "pin.bin", "key.bin")}
        before = shoe.journal()
        shoe.serve(relay.device_path)
        # the attacker replays the first sync's bytes, frame by frame
        ser = relay.open_host()
        answers = []
        try:
            hl = sync.HostLink(ser)
            for f in recording:
                ser.write(f)
                end = time.monotonic() + 0.15
                while time.monotonic() < end:
                    pkt = hl.recv(0.05)
                    if pkt is not None:
                        answers.append(pkt)
        finally:
            ser.close()
        time.sleep(0.2)
        shoe.stop()
    finally:
        relay.close()
        shoe.stop()
    refused = [a for a in answers if a[0] == wire.ERROR and a[1] == wire.ERR_AUTH]
    assert len(refused) >= 3  # SESSION_SET, PIN_SET and DONE, each "not authenticated"
    assert not [a for a in answers if a[0] in (wire.SESSION_ACK, wire.PIN_ACK, wire.DONE_ACK)]
    for name, data in files.items():
        assert open(os.path.join(folder, name), "rb").read() == data, name
    assert shoe.journal() == before
    assert st.next_seq(SHOE, jid) == 41
