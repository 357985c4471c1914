"""`overplay quarantine`: the records a sync refused, and why; re-check them later.

    overplay quarantine [--shoe 7] [--db PATH]         # one line per refused record
    overplay quarantine --reverify [--shoe 7]          # merge those that now verify

A sync never drops a record it refuses: it keeps it in quarantine with the reason (an unknown
shoe, a tag that does not verify, a replayed or out-of-place seq, ...; store.py). --reverify
checks again those refused for an unknown shoe or a bad tag against every key the shoe has held
since (enrol the shoe first, `overplay enroll`), and merges each that now verifies exactly as a
sync merges it; the others stay, with their reason brought up to date.
"""

from overplay.commands import int_arg
from overplay.store import SHOE_ID_MAX, open_store, require_database

HELP = "list the records a sync refused (and why); --reverify merges those that now verify"


def add_arguments(p):
    p.add_argument("--shoe", type=int_arg(1, SHOE_ID_MAX, "shoe id"), help="this shoe's only")
    p.add_argument("--reverify", action="store_true",
                   help="check them again against the shoes' keys and merge those that verify")
    p.add_argument("--db", help="club database (default as `overplay sync`)")


def run(args):
    require_database(args.db)
    st = open_store(args.db)
    try:
        if args.reverify:
            merged, kept = st.reverify_quarantine(args.shoe)
            left = len(st.quarantine_rows(args.shoe))
            print("re-verified: %d merged, %d still refused; %d in quarantine%s" % (
                merged, kept, left, "" if args.shoe is None else " for shoe %d" % args.shoe))
            return 0
        rows = st.quarantine_rows(args.shoe)
    finally:
        st.close()
    if not rows:
        print("nothing in quarantine%s" % ("" if args.shoe is None else
                                          " for shoe %d" % args.shoe))
        return 0
    groups = {}
    for r in rows:
        groups.setdefault((r["shoe_id"], r["journal_id"], r["reason"].split(":")[0]), []).append(r)
    for (shoe, jid, _), rs in groups.items():
        seqs = [r["seq"] for r in rs]
        print("shoe %d journal %08x: %d record%s, seq %s, received %s: %s" % (
            shoe, jid, len(rs), "" if len(rs) == 1 else "s", _span(seqs),
            rs[0]["received_at"], rs[0]["reason"]))
    print("%d record%s in quarantine; `overplay quarantine --reverify` merges those that "
          "verify once their shoe is enrolled" % (len(rows), "" if len(rows) == 1 else "s"))
    return 0


def _span(seqs):
    seqs = sorted(seqs)
    if len(seqs) == 1:
        return str(seqs[0])
    if seqs[-1] - seqs[0] + 1 == len(seqs):
        return "%d-%d" % (seqs[0], seqs[-1])
    return ",".join(map(str, seqs[:5])) + (",..." if len(seqs) > 5 else "")
