"""`overplay sync`: copy every record a shoe has not yet delivered into the club database.

    overplay sync                          # the one shoe plugged in (overplay/ports.py)
    overplay sync --all                    # every shoe plugged in, one after the other
    overplay sync --port /dev/ttyACM0 --db club.sqlite
    overplay sync --port socket://localhost:7000      # any pyserial URL, a pty path

    summary = sync(ser, Store(path))       # the same from Python (tests, bench, demo)

The conversation (docs/wire.md): HELLO/INFO, the pending session set-up and director's PIN
if any, then PULL(next_seq the DB holds for this shoe). The shoe streams DATA frames; the PC ACKs
cumulatively, ignores duplicates, and re-PULLs from the first missing record when a frame is
lost, damaged, or nothing comes for RETRY_S. Records are committed in batches (one transaction
each, store.commit_batch); DONE tells the shoe it may reclaim what the DB now holds. A cut
loses nothing: the next sync PULLs from the DB's next_seq.
"""

import os
import struct
import sys
import time

from overplay_core import session as session_codec
from overplay_core import wire
from overplay_core.errors import ParseError

from overplay.cli import UserError, float_arg, int_arg
from overplay.store import open_store  # the club DB for a command (enroll takes it from here)

HELP = "copy a shoe's new records into the club database (exactly once)"
RETRY_S = 0.4         # nothing useful for this long: ask again (PULL from the first missing)
BATCH = 500           # records per transaction
WINDOW = 64           # records the shoe may have in flight
WINDOW_MAX = (1 << 8 * struct.calcsize(wire.PULL_FMT)) - 1  # the most a PULL can ask for
PIN_SET = wire.PIN_SET  # the director's PIN message (docs/wire.md)
PIN_ACK = wire.PIN_ACK


class SyncError(Exception):
    """The sync could not finish: one line, what happened and what to do."""


def add_arguments(p):
    p.add_argument("--port", help="serial device or pyserial URL (loop://, socket://HOST:PORT, "
                   "a pty path); default: the one shoe plugged in (`overplay ports`)")
    p.add_argument("--all", action="store_true",
                   help="sync every shoe plugged in, one after the other")
    p.add_argument("--db", help="club database (default $OVERPLAY_DB, else "
                   "$XDG_DATA_HOME/overplay/club.sqlite, else ~/.local/share/overplay/club.sqlite)")
    p.add_argument("--timeout", type=float_arg(0.1, 3600, "timeout"), default=5.0,
                   help="give up after this many seconds without progress (default 5)")
    p.add_argument("--window", type=int_arg(1, WINDOW_MAX, "window"), default=WINDOW,
                   help="records in flight (default 64)")
    p.add_argument("--quiet", action="store_true", help="no progress bar")


def run(args):
    if getattr(args, "all", False):  # each shoe plugged in: run() again with its port
        from overplay.ports import sync_all
        return sync_all(args, run)
    port = args.port or find_port()
    st = open_store(args.db)
    ser = open_port(port)
    try:
        progress = None if args.quiet or not sys.stderr.isatty() else Progress(sys.stderr)
        s = sync(ser, st, window=args.window, timeout=args.timeout, progress=progress,
                 port=port)
    except SyncError as e:
        raise UserError(str(e))
    finally:
        ser.close()
        st.close()
    print(s.line())
    return 0


def find_port():
    """The one shoe plugged in (overplay/ports.py: USB descriptor, then HELLO)."""
    from overplay.ports import find_port as one_shoe
    return one_shoe()


def open_port(url):
    import serial
    try:
        return serial.serial_for_url(url, baudrate=115200, timeout=0.05, write_timeout=5)
    except (serial.SerialException, ValueError) as e:
        raise UserError("cannot open %s: %s; check the cable or the --port name" % (url, e))


class HostLink:
    """Frames in and out of a pyserial port; the one place serial errors are caught."""

    def __init__(self, ser):
        self.ser = ser
        self.dec = wire.Decoder()
        self.buf = b""
        self.i = 0
        self.bytes_in = 0

    def send(self, ptype, seq, payload=b""):
        self._io(self.ser.write, wire.encode_frame(ptype, seq, payload))

    def _io(self, fn, *a):
        import serial
        try:
            return fn(*a)
        except (serial.SerialException, OSError) as e:
            raise SyncError("serial link failed: %s; check the cable and run sync again" % e)

    def recv(self, wait):
        """The next good packet (type, seq, payload bytes), or None after `wait` seconds."""
        deadline = time.monotonic() + wait
        while True:
            if self.i < len(self.buf):
                j = self.dec.feed(self.buf, self.i)
                if j >= 0:
                    self.i = j
                    return self.dec.type, self.dec.seq, bytes(self.dec.payload)
                self.i = len(self.buf)
            left = deadline - time.monotonic()
            if left <= 0:
                return None
            self.ser.timeout = min(left, 0.05)
            n = self._io(lambda: self.ser.in_waiting)
            self.buf = self._io(self.ser.read, max(1, n))
            self.i = 0
            self.bytes_in += len(self.buf)

    def request(self, ptype, seq, payload, want, tries=5, wait=RETRY_S * 2):
        """Send and wait for an answer of type `want` (resending); SyncError when none."""
        for _ in range(tries):
            self.send(ptype, seq, payload)
            deadline = time.monotonic() + wait
            while True:
                pkt = self.recv(max(0.0, deadline - time.monotonic()))
                if pkt is None:
                    break
                if pkt[0] == want:
                    return pkt
                if pkt[0] == wire.ERROR:
                    raise SyncError("the shoe refused %s: %s"
                                    % (wire.NAMES.get(ptype, ptype), pkt[2].decode()))
        raise SyncError("no answer to %s from the shoe after %d tries: is it switched on and "
                        "running its firmware?" % (wire.NAMES.get(ptype, ptype), tries))


def hello(hl):
    """HELLO -> INFO as a dict. The nonce is chosen so the frame holds no 0x03 (Ctrl-C)."""
    hl._io(hl.ser.write, b"\x00")  # ends any partial frame the shoe holds
    nonce = os.urandom(4)
    while 3 in wire.encode_frame(wire.HELLO, 0, bytes([wire.VERSION]) + nonce):
        nonce = os.urandom(4)
    t, seq, p = hl.request(wire.HELLO, 0, bytes([wire.VERSION]) + nonce, wire.INFO, tries=4,
                           wait=0.5)
    if len(p) < struct.calcsize(wire.INFO_FMT):
        raise SyncError("the shoe's INFO is %d bytes: update its firmware" % len(p))
    v, shoe_id, enrolled, boot, next_seq, setup = struct.unpack_from(wire.INFO_FMT, p)
    return {"version": v, "shoe_id": shoe_id, "enrolled": enrolled, "boot": boot,
            "next_seq": next_seq, "setup_id": setup}


def finish(hl, seq, tries=3):
    """DONE(seq) -> DONE_ACK; True when the shoe confirmed.

    After answering DONE the shoe closes the sync and ignores everything but HELLO, so when its
    DONE_ACK is lost the PC opens the link again (HELLO, whose frame is free of 0x03) before
    repeating DONE. Unconfirmed is no failure: the DB holds the records, and the shoe frees
    their space at the next sync's DONE."""
    for attempt in range(tries):
        try:
            if attempt:
                hello(hl)
            hl.request(wire.DONE, seq, b"", wire.DONE_ACK, tries=1)
            return True
        except SyncError:
            continue
    return False


class Summary:
    def __init__(self, shoe_id):
        self.shoe_id = shoe_id
        self.new = self.duplicates = self.rejected = 0
        self.bad_frames = 0
        self.payload_bytes = 0
        self.bytes_in = 0
        self.seconds = 0.0
        self.setup_pushed = None
        self.pin_pushed = None  # True sent and acknowledged, False unanswered (it waits)
        self.gap = None
        self.done_confirmed = True

    def line(self):
        s = ("shoe %d: %d new records, %d duplicates ignored, %d rejected"
             % (self.shoe_id, self.new, self.duplicates, self.rejected))
        if self.rejected:
            s += " (kept in quarantine)"
        if self.bad_frames:
            s += "; %d damaged frames resent" % self.bad_frames
        if self.setup_pushed is not None:
            s += "; session set-up %d sent" % self.setup_pushed
        if self.pin_pushed:
            s += "; director's PIN sent"
        elif self.pin_pushed is False:
            # two PIN_SETs unanswered: firmware without PIN_SET, or the line dropped them
            # (a cable out for a moment): either way the PIN waits for the next sync
            s += ("; director's PIN not acknowledged (it waits for the next sync; if this "
                  "repeats, update the shoe's firmware)")
        if self.gap:
            s += "; records %d..%d were no longer on the shoe" % self.gap
        if not self.done_confirmed:
            s += "; the shoe did not confirm the end: it frees their space at the next sync"
        return s


class Progress:
    """One status line on a terminal: records, bytes/s, time left."""

    def __init__(self, out):
        self.out = out
        self.t0 = time.monotonic()
        self.last = 0.0

    def end(self):
        if self.last:
            self.out.write("\n")
            self.out.flush()
            self.last = 0.0

    def update(self, done, total, nbytes, final=False):
        now = time.monotonic()
        if not final and now - self.last < 0.1:
            return
        self.last = now
        el = max(now - self.t0, 1e-6)
        rate = done / el
        left = (total - done) / rate if rate > 0 and total else 0
        width = 30
        fill = int(width * done / total) if total else width
        self.out.write("\r[%s%s] %d/%d records  %.1f kB/s  %d:%02d left "
                       % ("#" * fill, "." * (width - fill), done, total, nbytes / el / 1000,
                          int(left) // 60, int(left) % 60))
        self.out.flush()
        if final:
            self.end()


def push_setup(hl, st, info):
    """Send the set-up waiting for this shoe, if it does not have it already."""
    if st.shoe(info["shoe_id"]) is None:
        return None
    s = st.pending_setup(info["shoe_id"])
    if s is None:
        return None
    if s["setup_id"] != info["setup_id"]:
        data = session_codec.encode(s["setup_id"], s["game"], s["variant"], s["first"],
                                    s["last"], s["table"], s["tables"], s["movement"])
        # then the session id every table's shoe shares: the tray slips carry it (docs/wire.md)
        data += struct.pack("<I", st.session_of(s["setup_id"]))
        hl.request(wire.SESSION_SET, s["setup_id"], data, wire.SESSION_ACK)
    st.mark_pushed(s["setup_id"], info["shoe_id"])
    return s["setup_id"]


def push_pin(hl, st, info):
    """Send the director's PIN waiting for this shoe (`overplay pin --shoe`): True when the
    shoe stored it, False when its firmware does not know the message, None when none waits."""
    if st.shoe(info["shoe_id"]) is None:
        return None
    data = st.pending_pin(info["shoe_id"])
    if data is None:
        return None
    try:
        hl.request(PIN_SET, 1, data, PIN_ACK, tries=2)
    except SyncError as e:
        if "refused" in str(e):
            raise
        return False  # older firmware ignores the message: the PIN waits for the next sync
    st.mark_pin_pushed(info["shoe_id"], data)  # the PIN acknowledged, not a newer one
    return True


def sync(ser, st, window=WINDOW, timeout=5.0, progress=None, port="", batch_size=BATCH):
    """One whole sync over an open pyserial port into Store st; returns a Summary."""
    t0 = time.monotonic()
    hl = HostLink(ser)
    info = hello(hl)
    shoe_id = info["shoe_id"]
    summary = Summary(shoe_id)
    summary.setup_pushed = push_setup(hl, st, info)
    summary.pin_pushed = push_pin(hl, st, info)
    known = st.shoe(shoe_id) is not None
    start = st.next_seq(shoe_id)
    sync_id = st.begin_sync(shoe_id, start, port)
    try:
        _pull(hl, st, summary, sync_id, start, window, timeout, progress, batch_size)
        # Only a known shoe may forget what it sent: an unknown shoe's records stay on it.
        summary.done_confirmed = finish(hl, st.next_seq(shoe_id) if known else 0)
    except (SyncError, ParseError) as e:
        if progress:
            progress.end()  # the one-line reason goes on a line of its own
        summary.bad_frames += hl.dec.bad
        st.finish_sync(sync_id, "failed", str(e), summary.bad_frames)
        raise SyncError(str(e))
    summary.bad_frames += hl.dec.bad
    summary.bytes_in = hl.bytes_in
    summary.seconds = time.monotonic() - t0
    st.finish_sync(sync_id, "ok", "", summary.bad_frames)
    return summary


def _pull(hl, st, summary, sync_id, start, window, timeout, progress, batch_size):
    expected = start
    target = start
    batch = []
    acked = start
    shoe_id = summary.shoe_id
    pull_pending = True
    hl.send(wire.PULL, expected, struct.pack(wire.PULL_FMT, window))
    last_progress = time.monotonic()

    def commit():
        if batch:
            n, d, r = st.commit_batch(sync_id, shoe_id, batch, expected)
            summary.new += n
            summary.duplicates += d
            summary.rejected += r
            del batch[:]

    while True:
        pkt = hl.recv(RETRY_S)
        now = time.monotonic()
        if pkt is None:
            if now - last_progress > timeout:
                commit()
                raise SyncError("the shoe stopped answering after %d of %d records; what "
                                "arrived is saved: run sync again to fetch the rest"
                                % (expected - start, target - start))
            hl.send(wire.PULL, expected, struct.pack(wire.PULL_FMT, window))
            pull_pending = True
            continue
        t, seq, payload = pkt
        if t == wire.BEGIN and len(payload) >= 4:
            pull_pending = False
            target = max(target, struct.unpack_from(wire.BEGIN_FMT, payload)[0])
            if seq > expected:  # reclaimed on the shoe before this DB saw them
                if expected > 0 or seq > 1:
                    summary.gap = (max(expected, 1), seq - 1)
                elif start == expected:  # a journal's first seq is 1
                    start = seq
                expected = seq
            last_progress = now
        elif t == wire.DATA:
            try:
                recs = wire.split_records(payload)
            except ParseError:
                summary.bad_frames += 1
                continue
            if seq <= expected < seq + len(recs):
                for r in recs[expected - seq:]:
                    batch.append((expected, r))
                    summary.payload_bytes += len(r)
                    expected += 1
                target = max(target, expected)
                last_progress = now
                if expected - acked >= max(1, window // 4):
                    hl.send(wire.ACK, expected)
                    acked = expected
                if len(batch) >= batch_size:
                    commit()
                if progress:
                    progress.update(expected - start, target - start, hl.bytes_in)
            elif seq > expected and not pull_pending:  # a frame went missing: ask again
                hl.send(wire.PULL, expected, struct.pack(wire.PULL_FMT, window))
                pull_pending = True
        elif t == wire.END:
            if seq <= expected:
                break
            if not pull_pending:
                hl.send(wire.PULL, expected, struct.pack(wire.PULL_FMT, window))
                pull_pending = True
        elif t == wire.ERROR:
            raise SyncError("the shoe reported an error: %s" % payload.decode())
    commit()
    if progress:
        progress.update(expected - start, target - start, hl.bytes_in, final=True)
