"""The emulated Pico's USB serial line as a pseudo-terminal (used by run.js; stdlib only).

    python3 ptybridge.py      # first line on stdout: the pty path; then raw bytes both ways

Bytes a program writes to the pty come out on stdout; bytes on stdin go to the pty. The
bridge keeps the pty's far end open itself, so a host program may open and close it as often
as it likes (a real CDC port stays while the Pico is plugged in). It ends at EOF on stdin.
"""

import os
import select
import sys
import tty


def main():
    master, slave = os.openpty()
    tty.setraw(slave)  # binary-clean: no echo, no line editing, no CR/LF mapping
    os.write(1, (os.ttyname(slave) + "\n").encode())
    out = sys.stdout.fileno()
    inp = sys.stdin.fileno()
    while True:
        ready, _, _ = select.select([master, inp], [], [])
        if master in ready:
            try:
                data = os.read(master, 4096)
            except OSError:
                data = b""
            if data:
                os.write(out, data)
        if inp in ready:
            data = os.read(inp, 4096)
            if not data:
                return 0
            view = memoryview(data)
            while view:
                n = os.write(master, view)
                view = view[n:]


if __name__ == "__main__":
    sys.exit(main())
