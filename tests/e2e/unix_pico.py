"""A Pico as mpremote sees it, made of the MicroPython unix port (tests of make deploy, mip).

    flash = new_flash(tmp_path / "flash.img")     # 1408 KB, erased: the Pico's filesystem size
    with Repl(flash) as pico:                      # the REPL on a pty, as USB CDC on a board
        run(["mpremote", "connect", pico.port, "resume", "fs", "ls", ":"])
    out = boot(flash, "import main")               # power-cycle: a fresh process, same flash

What is the same as on a board: the filesystem is LittleFS (vfs.VfsLfs2, progsize 256, as
the rp2 port's _boot.py mounts it) on a block device kept in a file, mounted at "/" with "/" the
current folder; sys.path is the rp2 port's ['', '.frozen', '/lib']; mpremote drives the real
raw REPL over a pseudo-terminal. What differs: the unix port, not the rp2 port (x86-64,
no `machine.Pin`; `resume` is needed since a soft reset ends the process), and the heap is
whatever -X heapsize says.
"""

import os
import select
import subprocess
import sys
import threading
import time
import tty

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
BLOCKS, BLOCK = 352, 4096  # 1408 KB: ports/rp2/boards/RPI_PICO/mpconfigboard.h

BOOT = """
import os, sys, vfs

class FileFlash:
    def __init__(self, path):
        self.f = open(path, "r+b")

    def readblocks(self, n, buf, off=0):
        self.f.seek(n * %(block)d + off)
        self.f.readinto(buf)

    def writeblocks(self, n, buf, off=0):
        self.f.seek(n * %(block)d + off)
        self.f.write(buf)

    def ioctl(self, op, arg):
        if op == 4:
            return %(blocks)d
        if op == 5:
            return %(block)d
        return 0

_extra = {}
for _src, _dest in %(extra)r:
    with open(_src, "rb") as _f:
        _extra[_dest] = _f.read()
_bdev = FileFlash(%(image)r)
try:
    _fs = vfs.VfsLfs2(_bdev, progsize=256)
except OSError:
    vfs.VfsLfs2.mkfs(_bdev, progsize=256)
    _fs = vfs.VfsLfs2(_bdev, progsize=256)
vfs.umount("/")
vfs.mount(_fs, "/")
os.chdir("/")
sys.path[:] = ["", ".frozen", "/lib"]
for _dest, _data in _extra.items():
    try:
        os.mkdir(_dest.rsplit("/", 1)[0])
    except OSError:
        pass
    with open(_dest, "wb") as _f:
        _f.write(_data)
del _bdev, _fs, _extra
"""


def micropython():
    here = os.path.join(os.path.dirname(sys.executable), "micropython")
    return here if os.path.exists(here) else "micropython"


def new_flash(path):
    with open(path, "wb") as f:
        f.write(b"\xff" * (BLOCKS * BLOCK))
    return str(path)


def boot_script(image, extra=()):
    """Python for the unix port: mount `image` as the Pico's flash; `extra` (host path,
    flash path) files are written onto it first (the test bench's simulated parts)."""
    path = image + ".boot.py"
    with open(path, "w") as f:
        f.write(BOOT % {"image": image, "block": BLOCK, "blocks": BLOCKS, "extra": list(extra)})
    return path


def boot(image, code, heap="240k", extra=(), timeout=60):
    """Power the simulated Pico up on `image` and run `code` (as main.py would run);
    returns (exit status, stdout + stderr)."""
    script = boot_script(image, extra)
    with open(script, "a") as f:
        f.write("\n" + code + "\n")
    proc = subprocess.run([micropython(), "-X", "heapsize=" + heap, script],
                          capture_output=True, text=True, timeout=timeout, cwd="/")
    return proc.returncode, proc.stdout + proc.stderr


class Repl:
    """The unix port's REPL on a pty (after the flash is mounted), relayed to a second pty
    whose path `port` mpremote opens, as it opens a board's /dev/ttyACM0."""

    def __init__(self, image, heap="2M"):
        self.md, sd = os.openpty()
        self.mh, self.sh = os.openpty()
        tty.setraw(sd)       # no CR added before LF: mpremote reads the REPL's bytes exactly
        tty.setraw(self.sh)
        self.port = os.ttyname(self.sh)
        self.proc = subprocess.Popen([micropython(), "-X", "heapsize=" + heap, "-i",
                                      boot_script(image)], stdin=sd, stdout=sd, stderr=sd,
                                     cwd="/", start_new_session=True)
        os.close(sd)
        self._stop = False
        self._threads = [threading.Thread(target=self._pump, args=p, daemon=True)
                         for p in ((self.md, self.mh), (self.mh, self.md))]
        for t in self._threads:
            t.start()

    def _pump(self, src, dst):
        while not self._stop:
            try:
                r, _, _ = select.select([src], [], [], 0.05)
                if r:
                    os.write(dst, os.read(src, 4096))
            except OSError:
                time.sleep(0.01)

    def close(self):
        self._stop = True
        for t in self._threads:
            t.join(2)
        self.proc.kill()
        self.proc.wait(5)
        for fd in (self.md, self.mh, self.sh):
            os.close(fd)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
