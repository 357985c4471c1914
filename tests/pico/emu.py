"""The emulated Pico for tests and `make bench`: the shoe's UF2 on tools/pico_emu/run.js.

    pico = Pico(flash="/tmp/x/flash.bin")      # boots (blank flash if the file is new)
    pico.cmd("press", button="deal")            # the control channel (run.js docstring)
    overplay("sync", "--port", pico.pty, "--db", db)   # the real CLI on the shoe's USB serial
    pico.power_cut()                            # the process dies; the flash file stays
    Pico(flash=same_path)                       # ... and boots again from it

available() says why the emulated leg cannot run here ('' when it can).
"""

from tests.host import cli_proc
import json
import os
import queue
import shutil
import subprocess
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
EMU = os.path.join(ROOT, "tools", "pico_emu")
UF2 = os.path.join(ROOT, "build", "overplay-pico.uf2")
BOOTROM = os.path.join(os.path.dirname(ROOT), "shared", "toolchain", "rp2040-bootrom-b1.bin")
DECK_NO = 1


def available():
    """'' when node, rp2040js, the boot ROM and the UF2 are all here; else what is missing."""
    if shutil.which("node") is None:
        return "node (apt-get install nodejs npm)"
    if not os.path.isdir(os.path.join(EMU, "node_modules", "rp2040js")):
        return "rp2040js (make emu: npm ci in tools/pico_emu)"
    if not os.path.exists(BOOTROM):
        return "the RP2040 boot ROM %s" % BOOTROM
    if not os.path.exists(UF2):
        return "the firmware %s (make firmware)" % os.path.relpath(UF2, ROOT)
    return ""


def uid7(a, b):
    """A card's or tray's 7-byte UID, as firmware/sim/tags.uid7 makes them (hex)."""
    return bytes([0x04, (a >> 8) & 0xFF, a & 0xFF, (b >> 16) & 0xFF, (b >> 8) & 0xFF,
                  b & 0xFF, 0x80 | (a & 0x7F)]).hex()


def overplay(*args, timeout=300):
    """Run the real `overplay` command; (returncode, stdout, stderr)."""
    return cli_proc.overplay(*args, timeout=timeout)


class Pico:
    def __init__(self, flash, uf2=UF2, timeout=120):
        self.flash = flash
        self.events = queue.Queue()
        self.log = []
        self.timeout = timeout
        self._id = 0
        self.proc = subprocess.Popen(["node", os.path.join(EMU, "run.js"), "--uf2", uf2,
                                      "--flash", flash, "--bootrom", BOOTROM],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     text=True, bufsize=1)
        threading.Thread(target=self._read, daemon=True).start()
        ev = self.wait_event("pty")
        self.pty = ev["path"]
        self.wait_ready()

    def wait_ready(self, timeout=120):
        """Until the shoe app runs (its reader task polls): a button pressed earlier, while
        MicroPython still boots, would be lost, as on a real shoe."""
        deadline = time.monotonic() + timeout
        while self.cmd("stats")["polls"] == 0:
            assert time.monotonic() < deadline, "the shoe app did not start: %s" % self.log[-3:]
            time.sleep(0.1)

    def screen(self):
        """The dealer's screen: 8 lines of text (None without the MicroPython font)."""
        return self.cmd("screen")["lines"]

    def _read(self):
        for line in self.proc.stdout:
            try:
                ev = json.loads(line)
            except ValueError:
                continue
            self.log.append(ev)
            self.events.put(ev)
        self.events.put({"event": "exit"})

    def wait_event(self, name, id=None, timeout=None):
        while True:
            try:
                ev = self.events.get(timeout=timeout or self.timeout)
            except queue.Empty:
                raise AssertionError("emulator: no %s event in %ss" % (name, timeout or self.timeout))
            if ev["event"] == name and (id is None or ev.get("id") == id):
                return ev
            if ev["event"] == "exit" and name != "exit":
                raise AssertionError("emulator ended waiting for %s: %s" % (name, self.log[-3:]))

    def send(self, cmd, **kw):
        """Queue a command; its id (wait for it with wait_event('done', id))."""
        self._id += 1
        kw.update(cmd=cmd, id=self._id)
        self.proc.stdin.write(json.dumps(kw) + "\n")
        self.proc.stdin.flush()
        return self._id

    def cmd(self, cmd, timeout=None, **kw):
        """Run one command and wait for its reply."""
        ev = self.wait_event("done", self.send(cmd, **kw), timeout)
        assert "error" not in ev, ev
        return ev

    def press(self, *buttons):
        for b in buttons:
            self.cmd("press", button=b)

    def power_cut(self):
        """Pull the plug: the process dies wherever it is; the flash file keeps what it held."""
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait(10)

    def stop(self):
        if self.proc.poll() is None:
            try:
                self.cmd("stop", timeout=20)
            except (AssertionError, OSError):
                pass
            self.power_cut()
