"""`overplay ports`: which serial ports are shoes (overplay/ports.py tells them apart).

    overplay ports                          # every shoe plugged in, with its id
    overplay ports --all-usb                # and every other serial port, and why it is not one
"""

from overplay.errors import UserError
from overplay.ports import comports, describe, find_shoes, is_candidate, why_not

HELP = "list the shoes plugged in (USB serial ports that answer the sync HELLO)"


def add_arguments(p):
    p.add_argument("--all-usb", action="store_true",
                   help="also list the serial ports that are not shoes, and why")


def run(args):
    ports = comports()
    shoes = dict(find_shoes(ports))
    for p in ports:
        if p.device in shoes:
            print(describe(p.device, shoes[p.device]))
        elif is_candidate(p):
            print("%s: MicroPython Pico, no answer to HELLO (not the shoe's firmware? make "
                  "deploy PORT=%s)" % (p.device, p.device))
        elif args.all_usb:
            print("%s: not a shoe: %s" % (p.device, why_not(p)))
    if not shoes:
        raise UserError("no shoe found: plug the shoe in (a Pico in BOOTSEL is no serial port: "
                        "make flash first)")
    return 0
