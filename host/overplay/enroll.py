"""`overplay enroll`: give a shoe a fresh secret key, a shoe id and the club's tray-slip key.

    overplay enroll --port /dev/ttyACM0 [--name "table 3 shoe"] [--shoe-id 12] [--db PATH]
    overplay enroll --port ... --rotate-slip-key     # a new club slip key (re-enrol every shoe)

Two keys go to the shoe in one ENROLL message (stored together on its flash, key.bin):
- its own record key (32 random bytes from os.urandom), kept in the `shoes` table; every record
  the shoe signs from then on verifies under it;
- the club's tray-slip key (the `club` table, made once), the same for every shoe of the club,
  so a trump slip written at one table verifies at any other.
A shoe that still holds records the club has not synced is refused unless --force: those
records would then arrive signed under the old key and be quarantined (kept, not merged).
"""

import os
import struct

from overplay_core import wire

from overplay.cli import UserError
from overplay.sync import (HostLink, SyncError, find_port, finish, hello, open_port,
                           open_store)

HELP = ("give a shoe a fresh secret key, a shoe id and the club's tray-slip key, and record "
        "them in the club database")


def add_arguments(p):
    p.add_argument("--port", help="serial device or pyserial URL; default: the one shoe "
                   "plugged in (`overplay ports`)")
    p.add_argument("--db", help="club database (default as `overplay sync`)")
    p.add_argument("--shoe-id", type=int, help="id to give the shoe (default: its present id "
                   "if the club knows it, else the next free one)")
    p.add_argument("--name", help="a label for the shoe, e.g. 'table 3'")
    p.add_argument("--force", action="store_true",
                   help="re-enrol even if the shoe holds records not yet synced")
    p.add_argument("--rotate-slip-key", action="store_true",
                   help="make a new club tray-slip key first (then enrol every other shoe "
                   "again: until then its slips and this shoe's do not verify at each other)")


def enroll(ser, st, shoe_id=None, name=None, force=False, rotate=False):
    """Enrol the shoe on an open port; returns its shoe id."""
    hl = HostLink(ser)
    info = hello(hl)
    old = st.shoe(info["shoe_id"]) if info["enrolled"] else None
    if info["enrolled"] and not force:
        if old is None:
            raise UserError("the shoe is enrolled as shoe %d, which this database does not know: "
                            "use the club's database (--db) or --force"
                            % info["shoe_id"])
        have = st.next_seq(info["shoe_id"])
        if have < info["next_seq"] and info["next_seq"] > 1:
            raise UserError("shoe %d holds records up to %d not yet synced (the DB has below %d):"
                            " run `overplay sync` first, or --force"
                            % (info["shoe_id"], info["next_seq"] - 1, max(have, 1)))
    if shoe_id is None:
        shoe_id = info["shoe_id"] if old is not None else st.new_shoe_id()
    if not 0 < shoe_id <= 0xFFFFFFFF:
        raise UserError("shoe id %d: use 1..4294967295" % shoe_id)
    key = os.urandom(wire.KEY_BYTES)
    # The DB first: a shoe that never got the key is harmless (enrol again); a shoe whose key
    # the DB lost would have every record quarantined.
    st.enroll(shoe_id, key, name)
    slip_key = st.slip_key(rotate)
    try:
        t, seq, p = hl.request(wire.ENROLL, 0, struct.pack(wire.ENROLL_FMT, shoe_id) + key
                               + slip_key, wire.ENROLL_ACK)
        if seq != shoe_id:
            raise SyncError("the shoe acknowledged shoe id %d, not %d: enrol again"
                            % (seq, shoe_id))
        finish(hl, 0)  # end the link: the shoe's REPL interrupt is back on
    except SyncError as e:
        raise UserError(str(e))
    return shoe_id


def run(args):
    port = args.port or find_port()
    st = open_store(args.db)
    ser = open_port(port)
    try:
        shoe_id = enroll(ser, st, args.shoe_id, args.name, args.force, args.rotate_slip_key)
    finally:
        ser.close()
        st.close()
    print("shoe %d enrolled on %s; its key and the club's tray-slip key are in %s"
          % (shoe_id, port, st.path))
    if args.rotate_slip_key:
        print("new club tray-slip key: enrol every other shoe again before the next session")
    return 0
