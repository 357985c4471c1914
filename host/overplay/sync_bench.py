"""A desk shoe on a pseudo-terminal, a fault-injecting (or throttled) link, and the sync bench.

    shoe = DeskShoe(folder, shoe_id=7, key=KEY)      # the real firmware/link.py under MicroPython
    shoe.fill(1000)                                   # journal pre-filled with signed records
    relay = Relay(faults=Faults(flip=0.01, drop=0.01, dup=0.02, cut=0.002, seed=1))
    shoe.serve(relay.device_path)
    summary = sync.sync(relay.open_host(), Store(db))   # the real host code
    relay.close(); shoe.stop()

    run_bench(n=1000, rate=11520) -> {"sync_line_efficiency": ..., ...}    # bench hook

Two pty pairs and two relay threads sit between the host and the shoe: each thread reads one
master and writes the other, frame by frame (split at the 0x00 delimiter), and may flip a bit,
drop a byte, send a frame twice, or cut the line (everything lost, both ways, for cut_s).
A pty is not throttled by its baud rate (toolchain.md): the relay paces each direction to
`rate` bytes/s, as a 115200 8N1 UART would (11,520 bytes/s).
"""

import os
import random
import select
import subprocess
import sys
import threading
import time

from overplay.sim_shoe import ROOT, micropython_bin, mpy_env, raw_pty  # noqa: F401
from overplay.sim_shoe import command as shoe_command

LINE_RATE = 11520  # 115200 baud 8N1: 10 bits a byte


class Faults:
    """Per-frame probabilities; `seed` makes a run repeatable."""

    def __init__(self, flip=0.0, drop=0.0, dup=0.0, cut=0.0, cut_s=2.0, seed=0):
        self.flip, self.drop, self.dup, self.cut, self.cut_s = flip, drop, dup, cut, cut_s
        self.rng = random.Random(seed)


class Relay:
    """tamper(frame, to_host) -> [frames]: an attacker on the line, before the faults (the
    frames the PC sends are stuffed; the shoe's are not)."""

    def __init__(self, faults=None, rate=0, tamper=None):
        self.faults = faults or Faults()
        self.rate = rate
        self.tamper = tamper
        self.md, self.sd, self.device_path = raw_pty()   # device side
        self.mh, self.sh, self.host_path = raw_pty()     # host side
        self.cut_until = 0.0
        self.frames = 0
        self.counts = {"flip": 0, "drop": 0, "dup": 0, "cut": 0}
        self.bytes_to_host = 0
        self._lock = threading.Lock()
        self._stop = False
        self._threads = [threading.Thread(target=self._pump, args=(self.md, self.mh, True),
                                          daemon=True),
                         threading.Thread(target=self._pump, args=(self.mh, self.md, False),
                                          daemon=True)]
        for t in self._threads:
            t.start()

    def open_host(self):
        import serial
        return serial.serial_for_url(self.host_path, baudrate=115200, timeout=0.05)

    def _fault(self, frame):
        """The frame as it reaches the other end: a list of byte strings (0, 1 or 2)."""
        f = self.faults
        with self._lock:
            self.frames += 1
            r = f.rng.random
            if f.cut and r() < f.cut:
                self.counts["cut"] += 1
                self.cut_until = time.monotonic() + f.cut_s
            if time.monotonic() < self.cut_until:
                return []
            b = bytearray(frame)
            if f.flip and r() < f.flip:
                self.counts["flip"] += 1
                b[f.rng.randrange(len(b))] ^= 1 << f.rng.randrange(8)
            if f.drop and r() < f.drop and len(b) > 1:
                self.counts["drop"] += 1
                del b[f.rng.randrange(len(b))]
            out = [bytes(b)]
            if f.dup and r() < f.dup:
                self.counts["dup"] += 1
                out.append(bytes(b))
            return out

    def _pump(self, src, dst, to_host):
        pending = b""
        t0 = time.monotonic()
        sent = 0
        while not self._stop:
            try:
                r, _, _ = select.select([src], [], [], 0.05)
                if not r:
                    continue
                data = os.read(src, 4096)
            except OSError:
                time.sleep(0.01)  # the other end is not open (yet): a dead line
                continue
            pending += data
            while True:
                i = pending.find(b"\x00")
                if i < 0:
                    break
                frame, pending = pending[:i + 1], pending[i + 1:]
                frames = self.tamper(frame, to_host) if self.tamper else [frame]
                for piece in [p for f in frames for p in self._fault(f)]:
                    if self.rate:
                        sent += len(piece)
                        ahead = sent / self.rate - (time.monotonic() - t0)
                        if ahead > 0:
                            time.sleep(ahead)
                        elif ahead < -0.05:  # idle line: no credit for silence
                            t0 = time.monotonic() - sent / self.rate
                    try:
                        os.write(dst, piece)
                    except OSError:
                        pass
                    if to_host:
                        self.bytes_to_host += len(piece)
            if len(pending) > 4096:  # no delimiter for this long: pass it on as noise
                pending = b""

    def close(self):
        self._stop = True
        for t in self._threads:
            t.join(2)
        for fd in (self.md, self.sd, self.mh, self.sh):
            try:
                os.close(fd)
            except OSError:
                pass


class DeskShoe:
    """firmware/devsim.py under MicroPython, with its journal and settings in `folder`
    (folder=None: pass `--ramfs BLOCKS` in serve(extra=...) for a RAM LittleFS instead)."""

    def __init__(self, folder, shoe_id, key, heap="256k"):
        self.folder = folder
        self.shoe_id = shoe_id
        self.key = key
        self.heap = heap
        self.proc = None
        self.power_cuts = 0

    def _cmd(self, extra):
        where = ["--dir", self.folder] if self.folder else []
        return shoe_command("devsim.py", where + extra, self.heap)

    def _env(self):
        return mpy_env()

    def fill(self, n, badsig=(), timeout=300, enrol=True):
        """Append n signed records (as the shoe would while dealing). enrol: first write
        shoe_id and key to its flash, as `overplay enroll` would (else the stored key signs)."""
        extra = ["--fill", str(n), "--idle", "0"]
        if enrol:
            extra += ["--shoe", str(self.shoe_id), "--key", self.key.hex()]
        if badsig:
            extra += ["--badsig", ",".join(str(i) for i in badsig)]
        subprocess.run(self._cmd(extra), env=self._env(), stdin=subprocess.DEVNULL,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True,
                       timeout=timeout)

    def serve(self, port, replay=None, idle=30, stdio=False, extra=()):
        """Run the shoe's link on the pty `port`; stdio=True: as on the board, on its own
        stdin/stdout (sys.stdin.buffer / sys.stdout.buffer), which are that pty."""
        extra = ["--idle", str(idle)] + list(extra)
        if not stdio:
            extra += ["--port", port]
        if replay:
            extra += ["--replay", ",".join("%d:%d" % kv for kv in replay.items())]
        if stdio:
            fd = os.open(port, os.O_RDWR | os.O_NOCTTY)
            self.proc = subprocess.Popen(self._cmd(extra), env=self._env(), stdin=fd, stdout=fd,
                                         stderr=subprocess.PIPE)
            os.close(fd)
        else:
            self.proc = subprocess.Popen(self._cmd(extra), env=self._env(),
                                         stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                         stderr=subprocess.PIPE)
        # wait until it has imported its code and opened the journal ("devsim: ready")
        r, _, _ = select.select([self.proc.stderr], [], [], 20)
        line = self.proc.stderr.readline() if r else b""
        if not line.startswith(b"devsim: ready"):
            self.power_cut()
            raise RuntimeError("desk shoe did not start: %r" % line)

    def power_cut(self):
        """Kill the MicroPython process (the shoe loses power); serve() starts it again."""
        if self.proc is not None:
            self.proc.kill()
            self.proc.wait(5)
            self.proc.stderr.close()
            self.proc = None

    stop = power_cut

    def journal(self):
        """[(seq, record)] still held on the shoe's flash (read with the same journal code)."""
        return self._read_journal(lambda j: [(s, bytes(r)) for s, r in j.records_from(0)])

    def journal_id(self):
        """The id of the journal on the shoe's flash (INFO's journal_id)."""
        return self._read_journal(lambda j: j.journal_id)

    def _read_journal(self, fn):
        sys.path.insert(0, os.path.join(ROOT, "firmware"))
        import shoe.journal as journal
        j = journal.Journal(os.path.join(self.folder, "journal"))
        try:
            return fn(j)
        finally:
            j.close()


def run_bench(n=1000, rate=LINE_RATE, folder=None):
    """Sync n records over a pty throttled to `rate` bytes/s, and again unthrottled.

    Returns sync_line_efficiency (record bytes / (seconds x rate)),
    sync_seconds_1000_records_throttled (scaled to 1,000 records) and
    sync_records_per_s_unthrottled."""
    import tempfile
    from overplay.store import Store
    from overplay import sync
    key = bytes(range(32))
    out = {}
    with tempfile.TemporaryDirectory() as tmp:
        folder = folder or tmp
        for label, r in (("throttled", rate), ("unthrottled", 0)):
            shoe = DeskShoe(os.path.join(folder, label), 1, key)
            shoe.fill(n)
            st = Store(os.path.join(folder, label + ".sqlite"))
            st.enroll(1, key)
            relay = Relay(rate=r)
            shoe.serve(relay.device_path)
            ser = relay.open_host()
            try:
                s = sync.sync(ser, st, timeout=10)
            finally:
                ser.close()
                relay.close()
                shoe.stop()
                st.close()
            if s.new != n:
                raise RuntimeError("bench sync stored %d of %d records" % (s.new, n))
            if r:
                out["sync_line_efficiency"] = round(s.payload_bytes / (s.seconds * r), 3)
                out["sync_seconds_1000_records_throttled"] = round(s.seconds * 1000 / n, 2)
                out["sync_payload_bytes_per_record"] = round(s.payload_bytes / n, 1)
            else:
                out["sync_records_per_s_unthrottled"] = round(n / s.seconds, 1)
    return out


if __name__ == "__main__":
    import json
    sys.path[:0] = [os.path.join(ROOT, "shared"), os.path.join(ROOT, "host")]
    print(json.dumps(run_bench(int(sys.argv[1]) if len(sys.argv) > 1 else 1000)))
