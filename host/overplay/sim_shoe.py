"""Simulated shoes on the club PC: the firmware under the MicroPython unix port, and the raw
pseudo-terminals they talk over. The one place `make demo` (demo.py), the sync bench
(bench/sync_bench.py) and `overplay virtual-shoe` (virtual_shoe.py) start a shoe and make a pty.

    proc = start("demo_table.py", ["--dir", folder, ...], stdout=subprocess.PIPE)
    master, slave, path = raw_pty()        # path: what a client opens, as a serial port
"""

import os
import subprocess
import sys
import tty

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
HEAP = "512k"  # the app with a scoring terminal and a whole pack of simulated tags


def micropython_bin():
    """The pinned interpreter beside this Python (.venv/bin), else `micropython` on PATH."""
    here = os.path.join(os.path.dirname(sys.executable), "micropython")
    return here if os.path.exists(here) else "micropython"


def mpy_env():
    """The environment a firmware script needs: shared/ and firmware/ on MICROPYPATH."""
    return dict(os.environ, MICROPYPATH=os.pathsep.join(
        [os.path.join(ROOT, "shared"), os.path.join(ROOT, "firmware"), ".frozen"]))


def command(script, args, heap=HEAP, interactive=False):
    """The command line running firmware/sim/<script> under MicroPython (script None: its
    REPL); interactive: the REPL after the script ends (as a board's REPL after main.py)."""
    cmd = [micropython_bin(), "-X", "heapsize=" + heap] + (["-i"] if interactive else [])
    if script is None:
        return cmd
    return cmd + [os.path.join(ROOT, "firmware", "sim", script)] + list(args)


def start(script, args, heap=HEAP, interactive=False, **popen):
    """firmware/sim/<script> under MicroPython, as a subprocess.Popen (popen: its streams...)."""
    return subprocess.Popen(command(script, args, heap, interactive), env=mpy_env(), **popen)


def raw_pty():
    """A pseudo-terminal pair in raw mode (no echo, no ^C, no CR/LF games: a binary line):
    (master fd, slave fd, the slave's path)."""
    master, slave = os.openpty()
    tty.setraw(slave)
    return master, slave, os.ttyname(slave)
