"""A desk shoe: the shoe's real sync link (firmware/devsim.py) under the MicroPython unix port,
its journal and settings in a folder, serving a pseudo-terminal.

    shoe = DeskShoe(folder, shoe_id=7, key=KEY)
    shoe.fill(1000)                                   # journal pre-filled with signed records
    shoe.serve(relay.device_path)                     # overplay.relay.Relay: the line to the PC
    shoe.journal()                                    # what is still on its flash
    shoe.power_cut(); shoe.stop()

Used by the tests and the sync bench (bench/sync_bench.py); the shoe is started the one way
simulated shoes are (sim_shoe.command).
"""

import os
import select
import subprocess
import sys

from overplay.sim_shoe import ROOT, mpy_env
from overplay.sim_shoe import command as shoe_command


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
