"""A simulated serial line between the PC and a simulated shoe: two pseudo-terminals and two
relay threads, which may pace the line as a UART would and inject faults.

    relay = Relay(faults=Faults(flip=0.01, drop=0.01, dup=0.02, cut=0.002, seed=1))
    shoe.serve(relay.device_path)                     # the shoe's end (a DeskShoe, demo.py)
    summary = sync.sync(relay.open_host(), store)     # the PC's end, the real host code
    relay.close()

Each thread reads one master and writes the other, frame by frame (split at the 0x00
delimiter), and may flip a bit, drop a byte, send a frame twice, or cut the line (everything
lost, both ways, for cut_s). A pty is not throttled by its baud rate (toolchain.md): with
`rate` the relay paces each direction to that many bytes/s; LINE_RATE is a 115200 8N1 UART's.
Used by `make demo` (demo.py), the tests and the sync bench (bench/sync_bench.py).
"""

import os
import random
import select
import threading
import time

from overplay.sim_shoe import raw_pty

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
