"""Device side of the sync link: answers the club PC, streams the journal, stores set-ups.

    settings = Settings("/flash")                  # shoe/settings.py: id, keys, set-up
    link = Link(stream_in, stream_out, journal, settings.key, settings.shoe_id, settings,
                enrol_open=button_held_at_power_on)
    while True:
        if not link.poll():                        # non-blocking; True when it did work
            time.sleep_ms(5)
    # or:  asyncio.create_task(link.task())

The app (shoe/app.py) loads this module and makes the Link only when the PC's first byte
arrives, and lets both go when the sync ends (`dec` is None again: DONE, or IDLE_MS without
a good frame), so a shoe that deals between syncs holds neither.

The PC leads (docs/wire.md): HELLO(version, host nonce) -> INFO (journal identity, a fresh
shoe nonce, and a proof that the shoe holds its key); SESSION_SET / ENROLL / PIN_SET -> stored,
acknowledged; PULL(seq, window) -> BEGIN, then DATA frames of consecutive records from seq,
never more than `window` records past the last cumulative ACK, then END; DONE(seq) -> the
journal marks everything below seq synced and may reclaim it, DONE_ACK. A re-sent PULL rewinds
to its seq, which is how the PC recovers from lost or damaged frames and how a sync resumes
after a cut.

Who is obeyed: DONE, SESSION_SET, PIN_SET, and ENROLL of an enrolled shoe end in
wire.command_tag() under the shoe's current record key over both nonces of this sync; a
missing or wrong tag gets ERROR ERR_AUTH and changes nothing. An ENROLL without a tag is taken
only by a shoe that holds no key, or while `enrol_open` (a button held at power-on, set by the
app), which one successful ENROLL clears. A DONE past the end of the journal is refused
(E_DONE): it would mark records synced that were never written.

Host frames are stuffed (wire.Decoder(stuffed=True)): none holds 0x03, so a genuine frame can
never stop the program; a raw 0x03 spoils the frame it is in. While a sync is active the REPL
interrupt character is off too, as a second guard (hardware-facts §4); it comes back on DONE
or after IDLE_MS without a good frame.
"""

import os
import struct

try:
    import select
except ImportError:  # pragma: no cover - both interpreters have it
    select = None

from overplay_core import mac, session, wire
from overplay_core.compat import ticks_diff, ticks_ms
from shoe.settings import ENROLL_BYTES, ENROLL_OLD_BYTES, SETUP_BYTES

try:
    from micropython import kbd_intr as _kbd_intr  # mpy-ok: the device's own REPL
except ImportError:  # CPython tests: there is no REPL to protect
    _kbd_intr = None

IDLE_MS = 3000        # no good frame for this long: the PC has gone, give the REPL back
READ_PER_POLL = 64    # bytes taken per poll(), so the dealing task is never starved
FRAMES_PER_POLL = 4
DEFAULT_WINDOW = 64

E_VERSION = 1
E_SETUP = 2
E_ENROLL = 3
E_PIN = 4
E_AUTH = wire.ERR_AUTH  # 5: a command whose tag does not verify (nothing changed)
E_DONE = 6  # DONE(seq) past the end of the shoe's journal: nothing marked synced

class Link:
    def __init__(self, stream_in, stream_out, journal, key, shoe_id, settings,
                 window=DEFAULT_WINDOW, kbd_intr=_kbd_intr, enrol_open=False):
        self.inp = stream_in
        self.out = stream_out
        self.journal = journal
        self.key = key
        self.shoe_id = shoe_id
        self.settings = settings
        self.window = window
        self.kbd_intr = kbd_intr
        # The frame buffers (wire.Encoder, Decoder: ~1 KB) and this sync's nonces exist only
        # while the PC talks: made when its first byte arrives (_open), let go when the sync
        # ends (_stop). A shoe that deals all evening between syncs keeps none of it.
        self.enc = self.dec = None
        self._b1 = bytearray(1)
        self._poller = None
        if not hasattr(stream_in, "any") and select is not None:
            self._poller = select.poll()
            self._poller.register(stream_in, select.POLLIN)
        self.active = False      # a sync is in progress (REPL interrupt off)
        self.streaming = False
        self.acked = 0           # every record below this, the PC has
        self.cursor = 0          # next record seq to send
        self.end_sent = False
        self._it = None
        self._pending = None     # (seq, record) read from the journal, not yet framed
        self._last_rx = ticks_ms()
        self.frames_sent = 0
        self.syncs = 0
        self.refused = 0         # commands answered ERR_AUTH (a host without the key)
        # True: an ENROLL without a tag is taken although the shoe holds a key (re-keying
        # opened at the shoe itself); cleared by the next successful ENROLL
        self.enrol_open = enrol_open
        self._hn = self._sn = self._last = None  # this sync's nonces and last command: _open
        self._nonced = False     # both nonces are set: commands may be authenticated
        # called with wire.ENROLL, wire.SESSION_SET or wire.PIN_SET after the new value is on flash,
        # so the app can give the shoe its new key or set-up (the link itself keeps no copy
        # to sign)
        self.on_settings = None

    def _open(self):
        """The PC's first byte: the frame buffers and this sync's state (until _stop)."""
        self._last_rx = ticks_ms()
        self.enc = wire.Encoder()
        self.dec = wire.Decoder(stuffed=True)  # host frames never hold 0x03
        self._hn = bytearray(wire.NONCE_BYTES)   # this sync's nonces: the host's (HELLO)
        self._sn = bytearray(wire.NONCE_BYTES)   # and the shoe's (INFO), fresh every HELLO
        # The last SESSION_SET / wire.PIN_SET taken in this sync: its type, seq and tag. The
        # shoe's nonce changes after each (the new one rides on the ACK), so no earlier command
        # of the sync can be played again; the same command again (its ACK was lost) is
        # answered with the ACK once more and not applied twice.
        self._last = bytearray(1 + 4 + wire.AUTH_BYTES)

    # --- input -------------------------------------------------------------------------------

    def _readable(self):
        if self._poller is None:
            return self.inp.any() > 0
        if hasattr(self._poller, "ipoll"):  # MicroPython: no result list allocated per call
            for _ in self._poller.ipoll(0):
                return True
            return False
        return bool(self._poller.poll(0))

    def poll(self):
        """Do a bounded amount of work without blocking; True when something happened."""
        busy = False
        for _ in range(READ_PER_POLL):
            if not self._readable():
                break
            n = self.inp.readinto(self._b1)
            if not n:
                break
            busy = True
            if self.dec is None:
                self._open()
            if self.dec.push(self._b1[0]):
                self._last_rx = ticks_ms()
                self._handle(self.dec.type, self.dec.seq, self.dec.payload)
        if self.streaming:
            for _ in range(FRAMES_PER_POLL):
                if not self._send_some():
                    break
                busy = True
        if self.dec is not None and ticks_diff(ticks_ms(), self._last_rx) > IDLE_MS:
            self._stop()  # the PC has gone quiet (or the bytes were never a sync)
        return busy

    async def task(self, idle_ms=5, stop=None):
        """The link as an asyncio task: poll, and sleep a little when there was nothing.
        `stop`: an asyncio.Event that ends the task (tests, a clean shutdown)."""
        import asyncio
        idle_s = idle_ms / 1000
        while stop is None or not stop.is_set():
            await asyncio.sleep(0 if self.poll() else idle_s)

    def _send(self, ptype, seq, payload=b""):
        n = self.enc.frame(ptype, seq, payload)
        self.out.write(self.enc.view(n))
        self.frames_sent += 1

    def _start(self):
        if not self.active:
            self.active = True
            if self.kbd_intr is not None:
                self.kbd_intr(-1)

    def _drop_iter(self):
        # A journal iterator holds a segment file open: close it rather than wait for the GC.
        if self._it is not None and hasattr(self._it, "close"):
            self._it.close()
        self._it = None

    def _stop(self):
        if self.active and self.kbd_intr is not None:
            self.kbd_intr(3)
        self.active = False
        self.streaming = False
        self._nonced = False  # the nonces die with the sync: nothing of it can be replayed
        self._drop_iter()
        self._pending = None
        # the frame buffers and this sync's nonces go with it (_open: at the PC's next byte)
        self.enc = self.dec = self._hn = self._sn = self._last = None

    def _handle(self, ptype, seq, payload):
        if ptype == wire.HELLO:
            self._hello(seq, payload)
        elif not self.active:
            return  # nothing but HELLO opens a sync: stray bytes stay harmless
        elif ptype == wire.PULL:
            w = struct.unpack_from(wire.PULL_FMT, payload, 0)[0] if len(payload) >= 2 else 0
            self.window = w if w > 0 else DEFAULT_WINDOW
            self._rewind(seq)
        elif ptype == wire.ACK:
            if self.acked < seq <= self.cursor:
                self.acked = seq
        elif ptype == wire.ENROLL:
            self._enroll(seq, payload)
        elif ptype == wire.DONE or ptype == wire.SESSION_SET or ptype == wire.PIN_SET:
            if ptype != wire.DONE and self._repeated(ptype, seq, payload):
                self._ack(ptype, seq)  # its ACK was lost: say it again, apply nothing twice
                return
            body = self._authentic(ptype, seq, payload)
            if body is None:
                self._refuse()
            elif ptype == wire.DONE:
                self._done(seq)
            elif ptype == wire.SESSION_SET:
                self._session_set(seq, body, payload)
            else:
                self._pin_set(seq, body, payload)

    def _hello(self, seq, payload):
        # The PC resends a HELLO whose INFO is slow to come (0.5 s; a busy or emulated shoe)
        # and goes on with the first INFO it gets: a new shoe nonce for the copy would make
        # the PC's next command fail its tag ("not authenticated"). The same HELLO again,
        # before any command of this sync was taken, gets the same INFO (the same nonce).
        again = (self._nonced and self._last[0] == 0 and len(payload) == wire.HELLO_BYTES
                 and bytes(payload[1:]) == bytes(self._hn))
        self._start()
        self.streaming = False
        self._nonced = False
        if len(payload) != wire.HELLO_BYTES or payload[0] != wire.VERSION:
            self._send(wire.ERROR, E_VERSION, b"wire version")
            return
        if not again:
            self._hn[:] = payload[1:]
            self._sn[:] = os.urandom(wire.NONCE_BYTES)
        self._last[0] = 0  # a command of an earlier sync is never "repeated" in this one
        self._nonced = True
        j = self.journal
        end = self._end()
        first = j.first_seq
        flags = wire.INFO_ENROL_OPEN if self.key is None or self.enrol_open else 0
        info = bytearray(wire.INFO_BYTES)
        struct.pack_into(wire.INFO_FMT, info, 0, wire.VERSION, self.shoe_id,
                         1 if self.key else 0, j.boot & 0xFFFF, end,
                         self.settings.setup_id() if self.settings else 0, j.journal_id,
                         first if first < end else end, flags)
        head = wire.INFO_HEAD + wire.NONCE_BYTES
        info[wire.INFO_HEAD:head] = self._sn
        if self.key:  # without a key the proof stays 16 zero bytes
            info[head:] = wire.info_proof(self.key, self._hn, memoryview(info)[:head])
        self._send(wire.INFO, seq, info)

    def _authentic(self, ptype, seq, payload):
        """The body of a command whose last AUTH_BYTES are its tag under the current key and
        this sync's nonces (wire.command_tag); None when it is missing or does not verify."""
        n = len(payload) - wire.AUTH_BYTES
        if self.key is None or not self._nonced or n < 0:
            return None
        body = payload[:n]
        tag = wire.command_tag(self.key, self._sn, self._hn, ptype, seq, body)
        return body if mac.equal(tag, payload[n:]) else None

    def _repeated(self, ptype, seq, payload):
        """True when this is the last command taken in this sync, byte for byte (tag too)."""
        last = self._last
        n = len(payload) - wire.AUTH_BYTES
        if not self._nonced or n < 0 or last[0] != ptype or \
                struct.unpack_from("<I", last, 1)[0] != seq:
            return False
        return mac.equal(last[5:], payload[n:])

    def _taken(self, ptype, seq, payload):
        """A command was applied: remember it, and give this sync a new shoe nonce."""
        self._last[0] = ptype
        struct.pack_into("<I", self._last, 1, seq)
        self._last[5:] = payload[len(payload) - wire.AUTH_BYTES:]
        self._sn[:] = os.urandom(wire.NONCE_BYTES)
        self._ack(ptype, seq)

    def _ack(self, ptype, seq):
        """SESSION_ACK / wire.PIN_ACK, carrying the shoe's nonce for the next command."""
        self._send(wire.SESSION_ACK if ptype == wire.SESSION_SET else wire.PIN_ACK, seq, self._sn)

    def _refuse(self):
        self.refused += 1
        self._send(wire.ERROR, E_AUTH, b"not authenticated")

    def _done(self, seq):
        """The PC has committed every record below seq: the journal may let them go."""
        if seq > self._end():  # records that were never written cannot have been merged
            self._send(wire.ERROR, E_DONE, b"DONE past the journal end")
            return
        if seq > 0:
            self.journal.mark_synced(seq - 1)
            self.journal.reclaim()
        self._send(wire.DONE_ACK, seq)
        self.syncs += 1
        self._stop()

    def _session_set(self, seq, body, payload):
        n = len(body)
        if n not in (session.SIZE, SETUP_BYTES) or \
                session.check(body[:session.SIZE]) != session.OK or self.settings is None:
            self._send(wire.ERROR, E_SETUP, b"bad set-up")
            return
        sid = struct.unpack_from("<I", body, session.SIZE)[0] if n == SETUP_BYTES else 0
        self.settings.save_setup(body[:session.SIZE], sid)
        self._taken(wire.SESSION_SET, seq, payload)
        if self.on_settings is not None:
            self.on_settings(wire.SESSION_SET)

    def _pin_set(self, seq, body, payload):
        from overplay_core import pin  # only when a PIN arrives

        body = bytes(body)
        if self.settings is None or pin.check(body) != pin.OK:
            self._send(wire.ERROR, E_PIN, b"bad PIN file")
            return
        self.settings.save_pin(body)
        self._taken(wire.PIN_SET, seq, payload)
        if self.on_settings is not None:
            self.on_settings(wire.PIN_SET)

    def _enroll(self, seq, payload):
        """ENROLL: untagged when the shoe holds no key or is enrol-open, else tagged under
        the current key (a tagged one is taken in either state)."""
        n = len(payload)
        sizes = (ENROLL_OLD_BYTES, ENROLL_BYTES)
        if n - wire.AUTH_BYTES in sizes and self.key is not None:
            body = self._authentic(wire.ENROLL, seq, payload)
            if body is None:
                self._refuse()
                return
        elif n not in sizes:
            self._send(wire.ERROR, E_ENROLL, b"bad enrolment")
            return
        elif self.key is not None and not self.enrol_open:
            self._refuse()  # re-keying needs the current key, or the button at the shoe
            return
        else:
            body = payload
        shoe_id = struct.unpack_from(wire.ENROLL_FMT, body, 0)[0]
        self.settings.save_key(shoe_id, body[4:ENROLL_OLD_BYTES], body[ENROLL_OLD_BYTES:])
        self.shoe_id = shoe_id
        self.key = self.settings.key
        self.enrol_open = False  # one enrolment per press of the button
        self._send(wire.ENROLL_ACK, shoe_id)
        if self.on_settings is not None:
            self.on_settings(wire.ENROLL)

    # --- output ------------------------------------------------------------------------------

    def _rewind(self, seq):
        self._drop_iter()
        self._it = self.journal.records_from(seq)
        self._pending = self._next()
        first = self._pending[0] if self._pending else self._end()
        if first < seq:
            first = seq
        self.acked = first
        self.cursor = first
        self.end_sent = False
        self.streaming = True
        self._send(wire.BEGIN, first, struct.pack(wire.BEGIN_FMT, self._end()))

    def _end(self):
        """One past the last record the journal can hand out (committed, on flash)."""
        c = getattr(self.journal, "committed_seq", None)
        return self.journal.next_seq if c is None else c + 1

    def _next(self):
        for item in self._it:
            return item
        return None

    def _send_some(self):
        """Send one frame if the window allows; False when there is nothing to do now."""
        if self._pending is None:
            if self.cursor < self._end():  # committed since the iterator ran out
                self._drop_iter()
                self._it = self.journal.records_from(self.cursor)
                self._pending = self._next()
            if self._pending is None:
                if not self.end_sent:
                    self.end_sent = True
                    self._send(wire.END, self.cursor)
                    return True
                return False
        if self.cursor - self.acked >= self.window:
            return False
        seq = self._pending[0]
        enc = self.enc
        enc.start(wire.DATA, seq)
        nxt = seq
        while self._pending is not None and self._pending[0] == nxt \
                and nxt - self.acked < self.window and enc.put(self._pending[1]):
            nxt += 1
            self._pending = self._next()
        if nxt == seq:  # a record too big for a frame cannot be sent: skip, the PC sees a gap
            self._pending = self._next()
            return True
        n = enc.finish()
        self.out.write(enc.view(n))
        self.frames_sent += 1
        self.cursor = nxt
        self.end_sent = False
        return True


# --- what the panel says while the club PC syncs (App._sync_shown; words: shoe/screens.py's
# header, the rows here, loaded with the link only) -------------------------------------------
def sync_screen(shoe, link, journal):
    """The panel while a sync runs: the link is in use, how far it is, what to do."""
    total = journal.next_seq - 1  # records this journal has written (seq from 1)
    acked = link.acked - 1 if link.acked > 0 else 0
    import shoe.screens as screens

    return [screens.header(shoe.board, shoe.dealer, shoe.profile.seats, "sync"), "club PC syncing",
            "records %d/%d" % (acked if acked < total else total, total), "",
            "link in use:", "do not unplug", "until it ends", ""]


def sync_done(link, journal):
    """The shoe's message after a sync: what the PC has (16 columns)."""
    total = journal.next_seq - 1
    acked = link.acked - 1 if link.acked > 0 else 0
    if acked >= total:
        return "synced: all %d" % total
    return "sync cut: %d left" % (total - acked)
