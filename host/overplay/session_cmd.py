"""`overplay session`: the session set-up the club PC pushes to a shoe at its next sync.

    overplay session new --game duplicate_whist --boards 1-24 --table 3 --tables 6 \\
        --movement mitchell [--variant declared_trump] [--shoe 7] [--db PATH]
    overplay session list [--db PATH]

A set-up names the game and its code variant, the board range, this table's number, how many
tables are engaged and the movement (session.py has the bytes). It waits in the `sessions`
table until the next `overplay sync` or `enroll` with the shoe it names (or, without --shoe,
with the next shoe that connects), which stores it on its flash and uses it for its rulings.
"""

from overplay_core import games
from overplay_core import session as codec
from overplay_core.errors import ParseError

from overplay.cli import int_arg
from overplay.errors import UserError
from overplay.store import SHOE_ID_MAX, open_store

HELP = "set up a session (game, boards, table, movement) to push to a shoe at its next sync"


def add_arguments(p):
    sub = p.add_subparsers(dest="action", metavar="ACTION")
    sub.required = True
    new = sub.add_parser("new", help="a new set-up, sent to the shoe at its next sync")
    new.add_argument("--game", required=True,
                     help="duplicate_whist, bridge_whist, euchre or ecarte (or 1..4)")
    new.add_argument("--variant", action="append", default=[],
                     help="a code variant by name (repeat for several), e.g. declared_trump")
    new.add_argument("--boards", required=True, help="board range, e.g. 1-24 (or one board)")
    new.add_argument("--table", type=int, required=True, help="this table's number")
    new.add_argument("--tables", type=int, required=True, help="tables engaged in the session")
    new.add_argument("--movement", default="none",
                     help="none, mitchell, howell or teams (default none)")
    new.add_argument("--shoe", type=int_arg(1, SHOE_ID_MAX, "shoe id"), help="the shoe to send it to (default: the next "
                     "shoe that syncs)")
    new.add_argument("--db", help="club database (default as `overplay sync`)")
    ls = sub.add_parser("list", help="the set-ups and where they went")
    ls.add_argument("--db", help="club database (default as `overplay sync`)")


def parse_game(text):
    t = text.strip().lower().replace("-", "_").replace(" ", "_").replace("é", "e")
    if t.isdigit() and int(t) in games.GAME_NAMES:
        return int(t)
    if t in games.GAME_IDS:
        return games.GAME_IDS[t]
    raise UserError("game %r: use one of %s" % (text, ", ".join(sorted(games.GAME_IDS))))


def parse_boards(text):
    parts = text.split("-")
    try:
        first = int(parts[0])
        last = int(parts[1]) if len(parts) == 2 else first
    except (ValueError, IndexError):
        raise UserError("boards %r: write a range like 1-24" % text)
    if len(parts) > 2 or first < 1 or last < first or last > 0xFFFF:
        raise UserError("boards %r: write a range like 1-24 (first >= 1, last >= first)" % text)
    return first, last


def run(args):
    st = open_store(args.db)
    try:
        if args.action == "list":
            return _list(st)
        game = parse_game(args.game)
        variant = games.variant_from_names(game, args.variant)
        first, last = parse_boards(args.boards)
        movement = codec.movement_id(args.movement)
        if args.shoe is not None and st.shoe(args.shoe) is None:
            raise UserError("shoe %d is not enrolled in %s: run `overplay enroll` first"
                            % (args.shoe, st.path))
        # the codec's own checks (table within tables, ...) before anything is stored
        try:
            codec.encode(0, game, variant, first, last, args.table, args.tables, movement)
        except ParseError as e:
            raise UserError(str(e))
        sid = st.new_setup(game, variant, first, last, args.table, args.tables, movement,
                           args.shoe)
    finally:
        st.close()
    print("session set-up %d: %s, boards %d-%d, table %d of %d, movement %s; sent to %s at "
          "its next sync" % (sid, games.GAME_NAMES[game], first, last, args.table, args.tables,
                             codec.MOVEMENTS[movement],
                             "shoe %d" % args.shoe if args.shoe is not None else "the next shoe"))
    return 0


def _list(st):
    rows = st.db.execute("SELECT setup_id, game, first_board, last_board, table_no, tables, "
                         "movement, shoe_id, created_at, pushed_at FROM sessions "
                         "ORDER BY setup_id").fetchall()
    if not rows:
        print("no session set-ups in %s" % st.path)
    for sid, game, first, last, table, tables, mv, shoe, created, pushed in rows:
        where = ("sent to shoe %d at %s" % (shoe, pushed) if pushed else
                 "waiting for %s" % ("shoe %d" % shoe if shoe is not None else "the next shoe"))
        print("%d  %s  boards %d-%d  table %d of %d  %s  created %s  %s"
              % (sid, games.GAME_NAMES.get(game, game), first, last, table, tables,
                 codec.MOVEMENTS[mv], created, where))
    return 0
