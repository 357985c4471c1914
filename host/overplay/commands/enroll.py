"""`overplay enroll`: give a shoe a fresh secret key, a shoe id and the club's tray-slip key.

    overplay enroll --port /dev/ttyACM0 [--name "table 3 shoe"] [--shoe-id 12] [--db PATH]
    overplay enroll --port ... --shoe-id 3 --replace  # take over an id another shoe held
    overplay enroll --port ... --rotate-slip-key     # a new club slip key (re-enrol every shoe)

Who may re-key a shoe and what goes to it: overplay/enroll.py and docs/wire.md.
"""

from overplay.enroll import enroll
from overplay.ports import find_port
from overplay.store import open_store
from overplay.sync import close_port, open_port

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
    p.add_argument("--replace", action="store_true",
                   help="give the shoe an id the club DB holds for another shoe (that shoe's "
                   "records stay; it is no longer sent anything)")
    p.add_argument("--rotate-slip-key", action="store_true",
                   help="make a new club tray-slip key first (then enrol every other shoe "
                   "again: until then its slips and this shoe's do not verify at each other)")


def run(args):
    port = args.port or find_port()
    st = open_store(args.db)
    ser = open_port(port)
    try:
        shoe_id = enroll(ser, st, args.shoe_id, args.name, args.force, args.rotate_slip_key,
                         args.replace)
    finally:
        close_port(ser)
        st.close()
    print("shoe %d enrolled on %s; its key and the club's tray-slip key are in %s"
          % (shoe_id, port, st.path))
    if args.rotate_slip_key:
        print("new club tray-slip key: enrol every other shoe again before the next session")
    return 0
