"""`overplay sync`: copy every record a shoe has not yet delivered into the club database.

    overplay sync                          # the one shoe plugged in (overplay/ports.py)
    overplay sync --all                    # every shoe plugged in, one after the other
    overplay sync --port /dev/ttyACM0 --db club.sqlite
    overplay sync --port socket://localhost:7000      # any pyserial URL, a pty path

The conversation itself is overplay/sync.py (docs/wire.md).
"""

import copy
import sys

from overplay.commands import float_arg, int_arg
from overplay.errors import SyncError, UserError
from overplay.ports import find_port, find_shoes
from overplay.store import open_store
from overplay.sync import WINDOW, WINDOW_MAX, Progress, close_port, open_port, sync

HELP = "copy a shoe's new records into the club database (exactly once)"


def add_arguments(p):
    p.add_argument("--port", help="serial device or pyserial URL (loop://, socket://HOST:PORT, "
                   "a pty path); default: the one shoe plugged in (`overplay ports`)")
    p.add_argument("--all", action="store_true",
                   help="sync every shoe plugged in, one after the other")
    p.add_argument("--db", help="club database (default $OVERPLAY_DB, else "
                   "$XDG_DATA_HOME/overplay/club.sqlite, else the OS's data folder, e.g. "
                   "~/.local/share/overplay/club.sqlite)")
    p.add_argument("--timeout", type=float_arg(0.1, 3600, "timeout"), default=5.0,
                   help="give up after this many seconds without progress (default 5)")
    p.add_argument("--window", type=int_arg(1, WINDOW_MAX, "window"), default=WINDOW,
                   help="records in flight (default 64)")
    p.add_argument("--quiet", action="store_true", help="no progress bar")


def run(args):
    if getattr(args, "all", False):  # each shoe plugged in: run() again with its port
        return sync_all(args, run)
    port = args.port or find_port()
    st = open_store(args.db)
    ser = open_port(port)
    try:
        progress = None if args.quiet or not sys.stderr.isatty() else Progress(sys.stderr)
        s = sync(ser, st, window=args.window, timeout=args.timeout, progress=progress,
                 port=port)
    except SyncError as e:
        raise UserError(str(e))
    finally:
        close_port(ser)
        st.close()
    print(s.line())
    if s.rejected:  # never a quiet success: the director must see that records were refused
        print("overplay sync: %d record%s of shoe %d refused and kept in quarantine (%s): see "
              "`overplay quarantine`" % (s.rejected, "" if s.rejected == 1 else "s",
                                         s.shoe_id, s.reason or "see the reason there"),
              file=sys.stderr)
        return 2
    return 0


def sync_all(args, sync_one):
    """`overplay sync --all`: sync_one(args with .port set) for each shoe found; a shoe that
    fails is reported and the others still sync. UserError at the end if any failed."""
    if args.port:
        raise UserError("--all syncs every shoe plugged in: leave out --port")
    shoes = find_shoes()
    if not shoes:
        raise UserError("no shoe answered (overplay ports lists what is plugged in): plug the "
                        "shoes in and sync again")
    failed = []
    for dev, info in shoes:
        one = copy.copy(args)
        one.port, one.all = dev, False
        try:
            if sync_one(one):  # synced, but some records refused (its line said so)
                failed.append("shoe %d" % info["shoe_id"])
        except UserError as e:
            failed.append("shoe %d" % info["shoe_id"])
            print("overplay sync: %s (shoe %d): %s" % (dev, info["shoe_id"], e),
                  file=sys.stderr)
    if failed:
        raise UserError("%d of %d shoes not synced (%s): sync again"
                        % (len(failed), len(shoes), ", ".join(failed)))
    return 0
