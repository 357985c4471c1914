"""`overplay pin`: the director's PIN file for a shoe's scoring terminal (firmware/terminal.py).

    overplay pin --out pin.bin               # asks for the PIN twice, without echo
    echo 4711 | overplay pin --stdin --out pin.bin
    mpremote fs cp pin.bin :pin.bin          # then onto the shoe's flash, at enrolment

The file holds only a random salt and an iterated SHA-256 of the PIN (overplay_core.pin), never
the digits. The shoe reads it at start; without one its director menu stays shut.
"""

import getpass
import os
import sys

from overplay.cli import UserError
from overplay_core import pin

HELP = "make the director's PIN file (salted hash) for a shoe's scoring terminal"


def add_arguments(p):
    p.add_argument("--out", default="pin.bin", help="file to write (default pin.bin)")
    p.add_argument("--stdin", action="store_true", help="read the PIN from stdin (scripts)")


def run(args):
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
    with open(args.out, "wb") as f:
        f.write(data)
    print("wrote %s (%d bytes, salted hash only): copy it to the shoe with "
          "`mpremote fs cp %s :pin.bin`" % (args.out, len(data), args.out))
    return 0
