"""The sync: copy every record a shoe has not yet delivered into the club database.

    ser = open_port("/dev/ttyACM0")        # any pyserial URL, a pty path
    summary = sync(ser, Store(path))       # what `overplay sync` runs (commands/sync.py)
    print(summary.line())

The conversation (docs/wire.md): HELLO(nonce)/INFO, whose proof the PC checks against the key
the club DB holds for that shoe before it sends the shoe anything else; then, for a shoe that
proved it, the pending session set-up and director's PIN (each with a command tag), then
PULL(the first seq of the shoe's journal the DB has not merged). The shoe streams DATA frames;
the PC ACKs cumulatively, ignores duplicates, and re-PULLs from the first missing record when a
frame is lost, damaged, or nothing comes for RETRY_S; a record that does not verify is asked
for once more (a forgery on the line must not stand in for the genuine record). Records are
committed in batches (one transaction each, store.commit_batch); DONE (tagged) tells the shoe
it may reclaim what the DB holds contiguously, and a shoe that did not prove the club's key
gets no DONE. A cut loses nothing: the next sync PULLs from the DB's merged mark.
"""

import os
import struct
import time

from overplay_core import records
from overplay_core import session as session_codec
from overplay_core import wire
from overplay_core.errors import ParseError

from overplay.errors import SyncError, UserError
from overplay.store import verify_any

RETRY_S = 0.4         # nothing useful for this long: ask again (PULL from the first missing)
BATCH = 500           # records per transaction
WINDOW = 64           # records the shoe may have in flight
WINDOW_MAX = (1 << 8 * struct.calcsize(wire.PULL_FMT)) - 1  # the most a PULL can ask for
PIN_SET = wire.PIN_SET  # the director's PIN message (docs/wire.md)
PIN_ACK = wire.PIN_ACK
# The whole pull may take at most DEADLINE_S + PER_RECORD_S for each record the shoe announced
# (115200 baud carries about 120 records/s; a noisy line resends some): a shoe that keeps
# talking without ever delivering cannot hold the sync open, whatever --timeout says.
DEADLINE_S = 30.0
PER_RECORD_S = 0.05
MAX_RECORDS = 65536   # more than a shoe's flash holds: the deadline of a lying INFO is bounded
# Tries at one record before it is skipped with the reason (a record the shoe cannot frame, a
# DATA frame whose CRC holds but whose records do not split): never looped on.
TRIES_PER_RECORD = 8


def close_port(ser):
    """Close the port; a port whose cable is already out may fail to close: nothing to do."""
    import serial
    try:
        ser.close()
    except (serial.SerialException, OSError):
        pass


def open_port(url):
    import serial
    try:
        return serial.serial_for_url(url, baudrate=115200, timeout=0.05, write_timeout=5)
    except (serial.SerialException, ValueError) as e:
        raise UserError("cannot open %s: %s; check the cable or the --port name" % (url, e))


def reason_text(payload, limit=80):
    """An ERROR frame's reason as one printable line, whatever bytes the shoe sent."""
    text = bytes(payload[:limit]).decode("ascii", "replace")
    return "".join(c if " " <= c <= "~" else "?" for c in text) or "(no reason given)"


class HostLink:
    """Frames in and out of a pyserial port; the one place serial errors are caught.

    After hello(): `nonce` (the PC's, this sync), `shoe_nonce`, and `key`, the record key the
    shoe proved it holds (None: it proved nothing, and it is sent no command)."""

    def __init__(self, ser):
        self.ser = ser
        self.dec = wire.Decoder()
        self.buf = b""
        self.i = 0
        self.bytes_in = 0
        self.nonce = b""
        self.shoe_nonce = b""
        self.key = None

    def send(self, ptype, seq, payload=b""):
        """One frame to the shoe, stuffed: it never holds 0x03 (the shoe's Ctrl-C)."""
        self._io(self.ser.write, wire.encode_frame(ptype, seq, payload, stuffed=True))

    def tagged(self, ptype, seq, body):
        """body + the command tag under the key the shoe proved (wire.command_tag)."""
        if self.key is None:
            raise SyncError("internal: a command for a shoe that proved no key")
        return bytes(body) + wire.command_tag(self.key, self.shoe_nonce, self.nonce, ptype,
                                              seq, body)

    def _io(self, fn, *a):
        import serial
        try:
            return fn(*a)
        except (serial.SerialException, OSError, ValueError) as e:
            # ValueError: pyserial's "Attempting to use a port that is not open"
            raise SyncError("serial link failed: %s; check the cable and run sync again"
                            % " ".join(str(e).split()))

    def _set_timeout(self, t):
        self.ser.timeout = t

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
            # setting the timeout reconfigures the port: a pulled cable fails right here
            self._io(self._set_timeout, min(left, 0.05))
            n = self._io(lambda: self.ser.in_waiting)
            self.buf = self._io(self.ser.read, max(1, n))
            self.i = 0
            self.bytes_in += len(self.buf)

    def request(self, ptype, seq, payload, want, tries=5, wait=RETRY_S * 2, tag=False):
        """Send and wait for an answer of type `want` (resending); SyncError when none.
        tag=True: an authenticated command (payload is its body)."""
        if tag:
            payload = self.tagged(ptype, seq, payload)
        name = wire.NAMES.get(ptype, ptype)
        for _ in range(tries):
            self.send(ptype, seq, payload)
            deadline = time.monotonic() + wait
            while True:
                pkt = self.recv(max(0.0, deadline - time.monotonic()))
                if pkt is None:
                    break
                if pkt[0] == want:
                    if tag and len(pkt[2]) == wire.NONCE_BYTES:
                        self.shoe_nonce = pkt[2]  # the shoe's nonce for the next command
                    return pkt
                if pkt[0] == wire.ERROR:
                    if pkt[1] == wire.ERR_AUTH:
                        raise SyncError("the shoe refused %s: not authenticated (its key is "
                                        "not the one this club DB holds)" % name)
                    raise SyncError("the shoe refused %s: %s" % (name, reason_text(pkt[2])))
        raise SyncError("no answer to %s from the shoe after %d tries: is it switched on and "
                        "running its firmware?" % (name, tries))


def hello(hl, st=None):
    """HELLO(version, nonce) -> INFO as a dict; with the club DB `st`, checks the INFO proof
    against the key it holds for that shoe ("proven"; hl.key is then that key). A key sent in
    an ENROLL whose ACK was lost, and proven now, becomes the shoe's key in the DB."""
    hl._io(hl.ser.write, b"\x00")  # ends any partial frame the shoe holds
    nonce = os.urandom(wire.NONCE_BYTES)
    t, seq, p = hl.request(wire.HELLO, 0, bytes([wire.VERSION]) + nonce, wire.INFO, tries=4,
                           wait=0.5)
    if len(p) < wire.INFO_BYTES or p[0] != wire.VERSION:
        raise SyncError("the shoe's INFO is wire version %d (%d bytes), this PC speaks %d: "
                        "update the shoe's firmware" % (p[0] if p else 0, len(p),
                                                        wire.VERSION))
    (v, shoe_id, enrolled, boot, next_seq, setup, journal_id, first_seq,
     flags) = struct.unpack_from(wire.INFO_FMT, p)
    hl.nonce = nonce
    hl.shoe_nonce = bytes(p[wire.INFO_HEAD:wire.INFO_HEAD + wire.NONCE_BYTES])
    hl.key = None
    info = {"version": v, "shoe_id": shoe_id, "enrolled": enrolled, "boot": boot,
            "next_seq": next_seq, "setup_id": setup, "journal_id": journal_id,
            "first_seq": first_seq, "enrol_open": bool(flags & wire.INFO_ENROL_OPEN),
            "proven": False}
    if st is not None and enrolled:
        head = bytes(p[:wire.INFO_HEAD + wire.NONCE_BYTES])
        proof = bytes(p[wire.INFO_HEAD + wire.NONCE_BYTES:wire.INFO_BYTES])
        shoe = st.shoe(shoe_id)
        current = [bytes(shoe[1])] if shoe else []
        for key in current + st.offered_keys(shoe_id):
            if _same(wire.info_proof(key, nonce, head), proof):
                if key not in current:
                    st.enroll(shoe_id, key)  # the shoe took the ENROLL whose ACK was lost
                hl.key = key
                info["proven"] = True
                break
    return info


def _same(a, b):
    import hmac
    return hmac.compare_digest(a, b)


def finish(hl, st, seq, tries=3):
    """DONE(seq), tagged -> DONE_ACK; True when the shoe confirmed.

    After answering DONE the shoe closes the sync and ignores everything but HELLO, so when its
    DONE_ACK is lost the PC opens the link again (HELLO, a new pair of nonces, the proof checked
    again) before repeating DONE. Unconfirmed is no failure: the DB holds the records, and the
    shoe frees their space at the next sync's DONE."""
    for attempt in range(tries):
        try:
            if attempt and not hello(hl, st)["proven"]:
                return False
            hl.request(wire.DONE, seq, b"", wire.DONE_ACK, tries=1, tag=True)
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
        self.unproven = False    # an enrolled-looking shoe that did not prove the club's key
        self.new_journal = False
        self.held_from = None    # first record not merged: it and those after stay on the shoe
        self.skipped = []        # [(seq, reason)]: records given up in this sync
        self.reason = None       # why the first record refused in this sync was refused

    def line(self):
        s = ("shoe %d: %d new records, %d duplicates ignored, %d rejected"
             % (self.shoe_id, self.new, self.duplicates, self.rejected))
        if self.rejected:
            s += " (kept in quarantine%s; `overplay quarantine` lists them)" % (
                ": " + self.reason if self.reason else "")
        if self.new_journal:
            s += "; new journal"
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
        for seq, why in self.skipped[:3]:
            s += "; record %d skipped: %s" % (seq, why)
        if len(self.skipped) > 3:
            s += "; %d more skipped" % (len(self.skipped) - 3)
        if self.unproven:
            s += ("; shoe %d did not prove the club's key: nothing was sent to it and it "
                  "keeps every record (enrol it again, or sync it at the club PC that enrolled "
                  "it)" % self.shoe_id)
        elif self.held_from is not None:
            s += ("; record %d did not arrive intact: the shoe keeps it and every later record "
                  "for the next sync" % self.held_from)
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
    """Send the set-up waiting for this shoe (tagged), if it does not have it already."""
    s = st.pending_setup(info["shoe_id"])
    if s is None:
        return None
    if s["setup_id"] != info["setup_id"]:
        data = session_codec.encode(s["setup_id"], s["game"], s["variant"], s["first"],
                                    s["last"], s["table"], s["tables"], s["movement"])
        # then the session id every table's shoe shares: the tray slips carry it (docs/wire.md)
        data += struct.pack("<I", st.session_of(s["setup_id"]))
        hl.request(wire.SESSION_SET, s["setup_id"], data, wire.SESSION_ACK, tag=True)
    st.mark_pushed(s["setup_id"], info["shoe_id"])
    return s["setup_id"]


def push_pin(hl, st, info):
    """Send the director's PIN waiting for this shoe (`overplay pin --shoe`), tagged: True when
    the shoe stored it, False when no answer came, None when none waits."""
    data = st.pending_pin(info["shoe_id"])
    if data is None:
        return None
    try:
        hl.request(PIN_SET, 1, data, PIN_ACK, tries=2, tag=True)
    except SyncError as e:
        if "refused" in str(e):
            raise
        return False  # older firmware ignores the message: the PIN waits for the next sync
    st.mark_pin_pushed(info["shoe_id"], data)  # the PIN acknowledged, not a newer one
    return True


def sync(ser, st, window=WINDOW, timeout=5.0, progress=None, port="", batch_size=BATCH):
    """One whole sync over an open pyserial port into Store st; returns a Summary.

    Every exit after HELLO leaves its sync_log row 'ok', 'failed' (note: the reason) or
    'interrupted' (KeyboardInterrupt), never 'running'."""
    t0 = time.monotonic()
    hl = HostLink(ser)
    info = hello(hl, st)
    shoe_id, jid = info["shoe_id"], info["journal_id"]
    end, first = info["next_seq"], info["first_seq"]
    summary = Summary(shoe_id)
    proven = info["proven"]
    known = st.shoe(shoe_id) is not None
    state = st.journal_state(shoe_id, jid)
    if proven:
        if state is None:  # wiped, replaced or re-flashed: its records start afresh
            summary.new_journal = bool(st.journals(shoe_id))  # said when it is not the first
            st.open_journal(shoe_id, jid, first)
            if first > 1:
                summary.gap = (1, first - 1)
        elif state["merged"] < first:  # reclaimed before this DB had them (another PC's DONE)
            summary.gap = (state["merged"], first - 1)
            st.forget_below(shoe_id, jid, first)
        start = st.next_seq(shoe_id, jid)
    else:
        summary.unproven = known or bool(info["enrolled"])
        start = max(state["merged"] if state else first, first)
    row = []  # the sync_log row, made once the first PULL is on its way (or on a failure)

    def sync_id():
        if not row:
            row.append(st.begin_sync(shoe_id, start, port, jid))
        return row[0]
    status, note = "failed", ""
    try:
        if proven:
            summary.setup_pushed = push_setup(hl, st, info)
            summary.pin_pushed = push_pin(hl, st, info)
        if start < end:  # the shoe starts streaming while the DB writes the row
            hl.send(wire.PULL, start, struct.pack(wire.PULL_FMT, window))
        _pull(hl, st, summary, sync_id(), info, start, window, timeout, progress, batch_size)
        if proven:
            mark = st.next_seq(shoe_id, jid)
            if mark < end:
                summary.held_from = mark
            # never past the end the shoe announced (it would refuse: ERROR 6)
            summary.done_confirmed = finish(hl, st, min(mark, end))
        status = "ok"
    except KeyboardInterrupt:
        status = "interrupted"
        raise
    except (SyncError, ParseError) as e:
        note = str(e)
        raise SyncError(note)
    except Exception as e:  # the DB or anything else: the row still says what happened
        note = "%s: %s" % (type(e).__name__, e)
        raise
    finally:
        if progress and status != "ok":
            progress.end()  # the one-line reason goes on a line of its own
        summary.bad_frames += hl.dec.bad
        st.finish_sync(sync_id(), status, note, summary.bad_frames)
    summary.bytes_in = hl.bytes_in
    summary.seconds = time.monotonic() - t0
    return summary


def _pull(hl, st, summary, sync_id, info, start, window, timeout, progress, batch_size):
    """PULL the records start..end-1 of the shoe's journal (end: INFO's next_seq, which the
    proof vouches for) into the DB. Progress is a new record accepted: --timeout bounds the
    time without one, and the whole pull is bounded by DEADLINE_S + PER_RECORD_S a record."""
    shoe_id, jid, end = summary.shoe_id, info["journal_id"], info["next_seq"]
    if start >= end:
        return  # nothing new: no PULL at all
    # A proven shoe's records are checked as they come, and one that does not verify is asked
    # for again; an unproven shoe's are only kept (quarantined or, if they verify, merged),
    # each one at a new position counting as progress.
    keys = st.keys(shoe_id) if info["proven"] else ()
    expected = start
    batch = []
    acked = start
    retried = set()       # positions asked for again after a record that did not verify
    tries = {}            # position -> times a frame failed to bring it
    resync = False        # after a re-PULL for a bad record: ignore DATA until its BEGIN
    pull_pending = True
    body = struct.pack(wire.PULL_FMT, window)  # the first PULL is sent by sync()
    t_start = last_progress = time.monotonic()
    deadline = t_start + DEADLINE_S + PER_RECORD_S * min(end - start, MAX_RECORDS)

    def commit():
        if batch:
            n, d, r = st.commit_batch(sync_id, shoe_id, batch, end, jid)
            summary.new += n
            summary.duplicates += d
            summary.rejected += r
            if r and summary.reason is None:
                row = st.db.execute("SELECT reason FROM quarantine WHERE sync_id=? ORDER BY id "
                                    "LIMIT 1", (sync_id,)).fetchone()
                summary.reason = row[0] if row else None
            del batch[:]

    def repull():
        hl.send(wire.PULL, expected, body)

    def give_up(why):
        summary.skipped.append((expected, why))

    while expected < end:
        now = time.monotonic()
        if now - last_progress > timeout or now > deadline:
            commit()
            why = ("no new record for %.1f s" % (now - last_progress)
                   if now - last_progress > timeout else
                   "%d records in %.0f s, too slow" % (expected - start, now - t_start))
            raise SyncError("the shoe stopped delivering (%s) after %d of %d records; what "
                            "arrived is saved: run sync again to fetch the rest"
                            % (why, expected - start, end - start))
        pkt = hl.recv(RETRY_S)
        now = time.monotonic()
        if pkt is None:
            repull()
            pull_pending = True
            continue
        t, seq, payload = pkt
        if t == wire.BEGIN:
            pull_pending = False
            if resync and seq <= expected:
                resync = False
            if seq > expected and not resync:
                # the shoe starts later than asked, though its INFO said it holds `expected`
                tries[expected] = tries.get(expected, 0) + 1
                if tries[expected] >= TRIES_PER_RECORD:
                    give_up("the shoe does not send records %d..%d (it starts at %d)"
                            % (expected, min(seq, end) - 1, seq))
                    expected = min(seq, end)
                repull()
                pull_pending = True
        elif t == wire.DATA and not resync:
            try:
                recs = wire.split_records(payload)
            except ParseError as e:
                summary.bad_frames += 1
                if seq == expected:
                    tries[expected] = tries.get(expected, 0) + 1
                    if tries[expected] >= TRIES_PER_RECORD:
                        give_up("its DATA frame does not split (%s)" % e)
                        expected += 1
                continue
            if seq <= expected < seq + len(recs):
                got = False
                for r in recs[expected - seq:]:
                    if expected >= end:
                        break  # past the end the proven INFO gave: refused, never merged
                    batch.append((expected, r))
                    summary.payload_bytes += len(r)
                    if keys and not _verifies(r, keys, shoe_id, jid, expected):
                        if expected not in retried:
                            # a forgery may stand in for the genuine record: ask again
                            retried.add(expected)
                            repull()
                            pull_pending = resync = True
                            break
                        give_up("it does not verify under the shoe's key (quarantined)")
                    else:
                        got = True
                    expected += 1
                if got:
                    last_progress = now
                if expected - acked >= max(1, window // 4) and not resync:
                    hl.send(wire.ACK, expected)
                    acked = expected
                if len(batch) >= batch_size:
                    commit()
                if progress:
                    progress.update(expected - start, end - start, hl.bytes_in)
            elif seq > expected and not pull_pending:  # a frame went missing: ask again
                tries[expected] = tries.get(expected, 0) + 1
                if tries[expected] >= TRIES_PER_RECORD:  # not a lost frame: it never comes
                    give_up("the shoe cannot send it (every frame starts after it)")
                    expected += 1
                repull()
                pull_pending = True
        elif t == wire.END:
            if seq <= expected:
                break  # the shoe has nothing more, though INFO promised more: keep what came
            if not pull_pending:
                repull()
                pull_pending = True
        elif t == wire.ERROR:
            raise SyncError("the shoe reported an error: %s" % reason_text(payload))
    commit()
    if progress:
        progress.update(expected - start, end - start, hl.bytes_in, final=True)


def _verifies(raw, keys, shoe_id, journal_id, pos):
    """The record is the shoe's own record `pos` (signed, at its own seq); the store decides
    the rest (duplicates, replays) when it commits the batch."""
    return len(raw) >= records.HEADER and records.record_seq(raw) == pos and \
        verify_any(raw, keys, shoe_id, journal_id)
