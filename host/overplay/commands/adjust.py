"""`overplay adjust`: the director's corrections at the club PC, kept beside the shoes' records.

    overplay adjust average --board 5 --table 2 --reason "board fouled"   [--session 3]
    overplay adjust void    --board 5 --table 2 --reason "wrong board played"
    overplay adjust correct --board 5 --table 2 --tricks 8 --reason "N-S keyed 7, agreed 8"
    overplay adjust artificial --board 5 --table 2 --ns 7 --ew 5 --reason "slow play"
    overplay adjust withdraw --id 4 --reason "entered at the wrong table"
    overplay adjust list [--session 3]

Each is a new row of the club DB's `adjustments` (who, when, why), never an edit of a record or
of an earlier adjustment: a withdrawal is a row too. The newest adjustment standing for a board
at a table counts over what the shoe recorded (and over the director's action at the table);
`overplay results` shows both the original and the adjustment. Each line names the pairs the
movement sat at that table for the board ("board 1 table 2 (N-S 2 v E-W 3)").

average: the average score (DW-25); void: no score for the table; correct: the N-S tricks
(E-W are 13 minus them); artificial: a score for each side, 0..13, given outright (the other
tables are compared without it). --by defaults to the user logged in.
"""

import getpass

from overplay.commands import int_arg
from overplay.errors import UserError
from overplay.results import model as rm
from overplay.results.model import describe_adjustment
from overplay.store import ROWID_MAX, open_store, require_database, session_or_newest

HELP = "correct a result at the PC (average, void, correct, artificial, withdraw, list)"
KINDS = ("average", "void", "correct", "artificial", "withdraw", "list")


def add_arguments(p):
    p.add_argument("kind", choices=KINDS, help="what to do")
    p.add_argument("--session", type=int_arg(1, ROWID_MAX, "session id"),
                   help="the session (default: the newest; see `results --list`)")
    p.add_argument("--board", type=int_arg(1, 0xFFFF, "board"), help="the board")
    p.add_argument("--table", type=int_arg(1, 255, "table"), help="the table")
    p.add_argument("--tricks", type=int_arg(0, 13, "tricks"), help="correct: N-S tricks")
    p.add_argument("--ns", type=int_arg(0, 13, "N-S score"), help="artificial: N-S score")
    p.add_argument("--ew", type=int_arg(0, 13, "E-W score"), help="artificial: E-W score")
    p.add_argument("--id", type=int_arg(1, ROWID_MAX, "adjustment id"),
                   help="withdraw: the adjustment to cancel (see `adjust list`)")
    p.add_argument("--reason", help="why (shown in the report)")
    p.add_argument("--by", help="who (default: the user logged in)")
    p.add_argument("--db", help="club database (default as `overplay sync`)")


def _user():
    try:
        return getpass.getuser()
    except Exception:  # noqa: BLE001 - no login name on this system: say so in the row
        return "unknown"


def run(args):
    require_database(args.db)
    st = open_store(args.db)
    try:
        sess = session_or_newest(st, args.session)
        if args.kind == "list":
            return _list(st, sess)
        return _add(st, sess, args)
    finally:
        st.close()


def _need(args, *names):
    missing = [n for n in names if getattr(args, n) is None]
    if missing:
        raise UserError("adjust %s needs %s" % (args.kind, ", ".join("--" + n for n in missing)))


def _seats(sess, board, table):
    """'N-S 2 v E-W 3': the pairs the session's movement sat at the table for the board."""
    mv = rm.movement_of(sess["movement"], sess["tables"], sess["first"], sess["last"])
    _, ns, ew = rm.played(mv, table, board)
    return "%s v %s" % (rm.pair_name(mv, ns), rm.pair_name(mv, ew))


def _add(st, sess, args):
    if args.reason is None or not args.reason.strip():
        raise UserError("adjust %s needs --reason: say why, it is shown in the report"
                        % args.kind)
    by = (args.by or _user()).strip() or "unknown"
    if args.kind == "withdraw":
        _need(args, "id")
        mine = {a["id"]: a for a in st.adjustments(sess["id"])}
        old = mine.get(args.id)
        if old is None or old["kind"] == "withdraw":
            raise UserError("no adjustment %d to withdraw in session %d: see `overplay adjust "
                            "list --session %d`" % (args.id, sess["id"], sess["id"]))
        if any(a["withdraws"] == args.id for a in mine.values()):
            raise UserError("adjustment %d is withdrawn already" % args.id)
        aid = st.add_adjustment(sess["id"], old["board"], old["table"], "withdraw", by,
                                args.reason.strip(), withdraws=args.id)
        print("adjustment %d: withdrew adjustment %d (board %d, table %d)"
              % (aid, args.id, old["board"], old["table"]))
        return 0
    _need(args, "board", "table")
    if not sess["first"] <= args.board <= sess["last"]:
        raise UserError("board %d is not in session %d (boards %d-%d)"
                        % (args.board, sess["id"], sess["first"], sess["last"]))
    if args.table > sess["tables"]:
        raise UserError("table %d is not in session %d (tables 1-%d)"
                        % (args.table, sess["id"], sess["tables"]))
    extra = {}
    if args.kind == "correct":
        _need(args, "tricks")
        extra["tricks_ns"] = args.tricks
    elif args.kind == "artificial":
        _need(args, "ns", "ew")
        extra["score_ns"], extra["score_ew"] = args.ns, args.ew
    aid = st.add_adjustment(sess["id"], args.board, args.table, args.kind, by,
                            args.reason.strip(), **extra)
    print("adjustment %d: session %d board %d table %d (%s): %s (by %s: %s)" % (
        aid, sess["id"], args.board, args.table, _seats(sess, args.board, args.table),
        describe_adjustment(dict(extra, kind=args.kind)), by, args.reason.strip()))
    return 0


def _list(st, sess):
    rows = st.adjustments(sess["id"])
    if not rows:
        print("no adjustments in session %d (%s)" % (sess["id"], sess["name"]))
    for a in rows:
        where = "" if a["kind"] == "withdraw" else "board %d table %d (%s): " % (
            a["board"], a["table"], _seats(sess, a["board"], a["table"]))
        print("%d  %s  %s%s  by %s: %s" % (a["id"], a["made_at"], where, describe_adjustment(a), a["by"],
                                           a["reason"]))
    return 0
