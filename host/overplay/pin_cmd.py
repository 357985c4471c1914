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

from overplay.cli import UserError
from overplay_core import pin

HELP = "set the director's PIN (salted hash) for a shoe's scoring terminal"


def add_arguments(p):
    p.add_argument("--shoe", type=int, help="shoe id: keep the PIN in the club DB and send it "
                   "at the shoe's next `overplay sync`")
    p.add_argument("--db", help="club database (as for `overplay sync`)")
    p.add_argument("--out", help="write the PIN file here instead (default pin.bin without "
                   "--shoe)")
    p.add_argument("--stdin", action="store_true", help="read the PIN from stdin (scripts)")


def run(args):
    if args.shoe is not None and args.out:
        raise UserError("--shoe and --out: choose one (the DB for the sync, or a file)")
    if args.shoe is not None and args.shoe <= 0:
        raise UserError("--shoe %d: a shoe id is 1 or more (see `overplay enroll`)" % args.shoe)
    if args.stdin:
        digits = sys.stdin.readline().strip()
    else:
        digits = getpass.getpass("director PIN (4-8 digits): ")
        if getpass.getpass("the same again: ") != digits:
            raise UserError("the two PINs differ: run it again")
    try:
        data = pin.make(digits, os.urandom(pin.SALT))
    except ValueError as e:
        raise UserError(str(e)) from None
    if args.shoe is not None:
        from overplay.sync import open_store
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
