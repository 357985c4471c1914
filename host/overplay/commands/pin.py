"""`overplay pin`: the director's PIN for a shoe's scoring terminal (firmware/terminal.py).

    overplay pin --shoe 3 [--db club.sqlite]  # asks for the PIN twice, without echo; kept in
                                              # the club DB, sent by the next `overplay sync`
    echo 4711 | overplay pin --stdin --shoe 3
    overplay pin --out pin.bin                # or a file, for `mpremote fs cp pin.bin :pin.bin`

Only a random salt and an iterated SHA-256 of the PIN (overplay_core.pin) are kept, never the
digits. The sync sends it to the shoe (link PIN_SET, docs/wire.md), which stores it on flash
(pin.bin) and hands it to its terminal at once; without one its director menu stays shut.
"""

import getpass
import os
import sys

from overplay_core import pin

from overplay.commands import int_arg
from overplay.errors import UserError
from overplay.store import SHOE_ID_MAX

HELP = "set the director's PIN (salted hash) for a shoe's scoring terminal"


def add_arguments(p):
    p.add_argument("--shoe", type=int_arg(1, SHOE_ID_MAX, "shoe id"), help="shoe id: keep the PIN in the club DB and send it "
                   "at the shoe's next `overplay sync`")
    p.add_argument("--db", help="club database (as for `overplay sync`)")
    p.add_argument("--out", help="write the PIN file here instead (default pin.bin without "
                   "--shoe)")
    p.add_argument("--stdin", action="store_true", help="read the PIN from stdin (scripts)")


def run(args):
    if args.shoe is not None and args.out:
        raise UserError("--shoe and --out: choose one (the DB for the sync, or a file)")
    digits = _read_stdin() if args.stdin else _ask()
    try:
        data = pin.make(digits, os.urandom(pin.SALT))
    except ValueError as e:
        raise UserError(str(e)) from None
    if args.shoe is not None:
        from overplay.store import open_store
        st = open_store(args.db)
        try:
            st.set_pin(args.shoe, data)
            known = st.shoe(args.shoe) is not None
        finally:
            st.close()
        print("director's PIN for shoe %d kept in the club DB (salted hash only): sent at its "
              "next `overplay sync`%s" % (args.shoe, "" if known else
                                          " (shoe %d is not enrolled yet)" % args.shoe))
        return 0
    out = args.out or "pin.bin"
    with open(out, "wb") as f:
        f.write(data)
    print("wrote %s (%d bytes, salted hash only): copy it to the shoe with "
          "`mpremote fs cp %s :pin.bin`, or use --shoe ID to send it at the next sync"
          % (out, len(data), out))
    return 0


def _read_stdin():
    """The PIN from the first line of stdin (--stdin); UserError when there is none."""
    example = "pipe it in, e.g. `echo 4711 | overplay pin --stdin --shoe 3`"
    if sys.stdin is None or sys.stdin.closed:
        raise UserError("stdin is closed, so there is no PIN to read: " + example)
    try:
        line = sys.stdin.readline(64)
    except UnicodeDecodeError:
        raise UserError("stdin is not text: " + example) from None
    if not line:
        raise UserError("stdin is empty, so there is no PIN to read: " + example)
    return line.strip()


def _ask():
    """The PIN typed twice at the terminal, without echo; UserError when there is no terminal
    (getpass would then read stdin with echo, or fail on a closed one)."""
    if not _terminal():
        raise UserError("no terminal to ask for the PIN on: run it at a terminal, or pipe the "
                        "PIN in with --stdin")
    try:
        digits = getpass.getpass("director PIN (4-8 digits): ")
        again = getpass.getpass("the same again: ")
    except EOFError:
        raise UserError("no PIN typed: run it again") from None
    if again != digits:
        raise UserError("the two PINs differ: run it again")
    return digits


def _terminal():
    """True when getpass can ask without echo: a controlling terminal (Unix) or a console
    on stdin (Windows)."""
    if os.name != "nt":
        try:
            os.close(os.open("/dev/tty", os.O_RDWR | os.O_NOCTTY))
            return True
        except OSError:
            pass
    return sys.stdin is not None and not sys.stdin.closed and sys.stdin.isatty()
