"""`overplay session`: the director's sessions (events) and the set-ups the shoes get.

    overplay session new --name "Tuesday evening" --game duplicate_whist --boards 1-24 \\
        --tables 3 [--movement mitchell] [--date 2026-12-01] [--variant declared_trump]
    overplay session new --name "Tuesday evening" --table 2 --shoe 7   # one table, joins it
    overplay session new --session 4 --table 3                        # join by id
    overplay session list [--db PATH]
    overplay session cards [--session 4] [--table 2 | --pair 5 | --pairs]   # guide cards

A session is one event the director names (name and date; the date is today by default): one
game, one board range, a number of tables and a movement. Every set-up (one per table: session.py
has its bytes) belongs to exactly one session, and every record a shoe makes to the set-up it
was given, so an afternoon and an evening of the same game, boards and tables are two sessions.

`new` without --table makes the session and one set-up per table, tables 1..N, each waiting for
the next shoe that syncs (`overplay sync`): shoes synced one after another get tables 1, 2, 3
in that order, and the shoe's screen shows its table. With --table it makes that table's set-up
only (--shoe sends it to one shoe), in the session named by --name/--session, made if there is
none. Without --name or --session a set-up joins today's session of the same game, boards,
tables and movement that has no set-up for its table yet (else a new one, "session N").

The movement (overplay_core.movement, docs/movements.md) must fit the tables and boards
(a Mitchell's boards share into as many rounds as tables, a Howell is for 2 to 8 tables):
`new` refuses one that does not with the movement's own one-line reason, exit 2. `cards`
prints what the director hands out: each table's card (which boards and which pairs, round by
round: Movement.card) or, with --pair / --pairs, each pair's guide card (where it sits, against
whom and which boards, round by round: Movement.seat_of), with the roster's names.

A game that has no overplay (bridge whist, euchre, écarté: only duplicate whist overplays, laws
Law IV) may be set up for any number of tables, as progressive euchre is played: every table
deals its own hands (each shoe deals every board of its set-up as an original and never checks
an overplay: firmware/shoe/dealing.py start_check), and the players move, not the boards.
"""

import re
import time

from overplay_core import games
from overplay_core import session as codec
from overplay_core.movement import Movement
from overplay_core.errors import ParseError, RuleError

from overplay.commands import int_arg
from overplay.errors import UserError
from overplay.store import (ROWID_MAX, SHOE_ID_MAX, local_date, open_store, require_database,
                            session_or_newest)

HELP = "name a session (date, game, boards, tables, movement) and set up its tables' shoes"

TABLES_MAX = 255  # session.py: the set-up's tables field is one byte


def add_arguments(p):
    sub = p.add_subparsers(dest="action", metavar="ACTION")
    sub.required = True
    new = sub.add_parser("new", help="a new session (or a table of one), sent to the shoes at "
                         "their next sync")
    new.add_argument("--name", help="the session's name, e.g. \"Tuesday evening\" (joined "
                     "when it exists on that date)")
    new.add_argument("--session", type=int_arg(1, ROWID_MAX, "session id"),
                     help="join the session with this id (see `session list`)")
    new.add_argument("--date", help="the session's date, YYYY-MM-DD (default today)")
    new.add_argument("--game", help="duplicate_whist, bridge_whist, euchre or ecarte (or 1..4)")
    new.add_argument("--variant", action="append", default=[],
                     help="a code variant by name (repeat for several), e.g. declared_trump")
    new.add_argument("--boards", help="board range, e.g. 1-24 (or one board)")
    new.add_argument("--table", type=int_arg(1, TABLES_MAX, "table"),
                     help="set up this table only (default: every table, 1..tables)")
    new.add_argument("--tables", type=int_arg(1, TABLES_MAX, "tables"),
                     help="tables engaged in the session")
    new.add_argument("--movement", default=None,
                     help="none, mitchell, howell or teams (default none)")
    new.add_argument("--shoe", type=int_arg(1, SHOE_ID_MAX, "shoe id"),
                     help="with --table: the shoe to send it to (default: the next shoe that "
                     "syncs)")
    new.add_argument("--db", help="club database (default as `overplay sync`)")
    ls = sub.add_parser("list", help="the sessions, their set-ups and where they went")
    ls.add_argument("--db", help="club database (default as `overplay sync`)")
    cards = sub.add_parser("cards", help="the table cards (boards and pairs each round) and "
                           "the pairs' guide cards, to print and hand out")
    cards.add_argument("--session", type=int_arg(1, ROWID_MAX, "session id"),
                       help="the session (default: the newest)")
    which = cards.add_mutually_exclusive_group()
    which.add_argument("--table", type=int_arg(1, TABLES_MAX, "table"),
                       help="only this table's card")
    which.add_argument("--pair", type=int_arg(1, 2 * TABLES_MAX, "pair"),
                       help="only this pair's guide card (its number: `overplay players list`)")
    which.add_argument("--pairs", action="store_true",
                       help="every pair's guide card instead of the table cards")
    cards.add_argument("--db", help="club database (default as `overplay sync`)")


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


def parse_date(text):
    if text is None:
        return local_date()
    if not re.match(r"^\d{4}-\d{2}-\d{2}$", text):
        raise UserError("date %r: write it as YYYY-MM-DD, e.g. 2026-12-01" % text[:40])
    try:
        time.strptime(text, "%Y-%m-%d")
    except ValueError:
        raise UserError("date %r is not a day of the calendar: write it as YYYY-MM-DD"
                        % text)
    return text


def _wanted(args):
    """The fields given on the command line: {name: value} (None when not given)."""
    w = {"game": parse_game(args.game) if args.game is not None else None,
         "boards": parse_boards(args.boards) if args.boards is not None else None,
         "tables": args.tables,
         "movement": codec.movement_id(args.movement) if args.movement is not None else None}
    try:
        w["variant"] = (games.variant_from_names(w["game"], args.variant)
                        if w["game"] is not None else None)
    except RuleError as e:
        raise UserError(str(e))
    if args.variant and w["game"] is None:
        raise UserError("--variant needs --game: name the game its variants belong to")
    return w


def _existing(st, args, date):
    if args.session is not None:
        s = st.session(args.session)
        if s is None:
            raise UserError("no session %d in %s: see `overplay session list`"
                            % (args.session, st.path))
        return s
    if args.name is not None:
        return st.session(name=args.name, date=date)
    return None


def _agree(s, w):
    """Fields given for a session that exists must be its own."""
    have = {"game": s["game"], "boards": (s["first"], s["last"]), "tables": s["tables"],
            "movement": s["movement"], "variant": s["variant"]}
    for k, v in w.items():
        if v is not None and v != have[k] and not (k == "variant" and v == 0):
            raise UserError("session %d (%s, %s) has %s %s, not %s: leave --%s out to join it, "
                            "or name a new session" % (s["id"], s["name"], s["date"], k,
                                                       _show(k, have[k]), _show(k, v), k))


def _show(k, v):
    if k == "game":
        return games.GAME_NAMES.get(v, v)
    if k == "boards":
        return "%d-%d" % v
    if k == "movement":
        return codec.MOVEMENTS[v]
    return str(v)


def run(args):
    if args.action == "cards":
        require_database(args.db)
    st = open_store(args.db)
    try:
        if args.action == "list":
            return _list(st)
        if args.action == "cards":
            return _cards(st, args)
        return _new(st, args)
    finally:
        st.close()


def pair_card(mv, pair, names=None):
    """A pair's guide card as lines of text: one line a round, where it sits (table and
    direction), against whom and which boards (Movement.seat_of, table_round)."""
    name = mv.pair_name(pair)
    head = "Pair %d%s%s  %s, %d tables, boards %d-%d" % (
        pair, "" if name == "pair %d" % pair else " (%s)" % name, ": " + names if names else "",
        codec.MOVEMENTS[mv.kind], mv.tables, mv.first, mv.last)
    rows = [head, "Round  Table  Sits  Against   Boards"]
    for r in range(1, mv.rounds + 1):
        table, other, ns = mv.seat_of(pair, r)
        lo, hi = mv.table_round(table, r)[:2]
        rows.append("%5d  %5d  %-4s  %-8s  %s" % (r, table, "N-S" if ns else "E-W",
                                                  mv.pair_name(other),
                                                  "%d-%d" % (lo, hi) if hi > lo else lo))
    return rows


def _cards(st, args):
    s = session_or_newest(st, args.session)
    try:
        mv = Movement(s["movement"], s["tables"], s["first"], s["last"])
    except ParseError as e:  # a set-up made before movements were checked
        raise UserError("session %d (%s): %s; it has no cards to print" % (s["id"], s["name"],
                                                                           e))
    if args.table is not None and args.table > mv.tables:
        raise UserError("table %d: session %d has tables 1-%d" % (args.table, s["id"],
                                                                  mv.tables))
    if args.pair is not None and args.pair > mv.pairs:
        raise UserError("pair %d: session %d has pairs 1-%d" % (args.pair, s["id"], mv.pairs))
    roster = st.players(s["id"])
    print("Session %d (%s, %s): %s, %d round%s of %d board%s" % (
        s["id"], s["name"], s["date"], codec.MOVEMENTS[mv.kind], mv.rounds,
        "" if mv.rounds == 1 else "s", mv.per_round, "" if mv.per_round == 1 else "s"))
    if args.pair is not None or args.pairs:
        cards = [pair_card(mv, p, roster.get(p)) for p in
                 ([args.pair] if args.pair is not None else range(1, mv.pairs + 1))]
    else:
        cards = [mv.card(t) for t in
                 ([args.table] if args.table is not None else range(1, mv.tables + 1))]
    for lines in cards:
        print("")
        print("\n".join(lines))
    return 0


def _new(st, args):
    if args.name is not None and not args.name.strip():
        raise UserError("--name is empty: give the session a name, e.g. \"Tuesday evening\"")
    if args.shoe is not None and args.table is None:
        raise UserError("--shoe sends one table's set-up: name the table with --table")
    if args.shoe is not None and st.shoe(args.shoe) is None:
        raise UserError("shoe %d is not enrolled in %s: run `overplay enroll` first"
                        % (args.shoe, st.path))
    date = parse_date(args.date)
    w = _wanted(args)
    s = _existing(st, args, date)
    if s is not None:
        _agree(s, w)
        game, variant, (first, last), tables, movement = (
            s["game"], s["variant"], (s["first"], s["last"]), s["tables"], s["movement"])
    else:
        missing = [k for k in ("game", "boards", "tables") if w[k] is None]
        if missing:
            raise UserError("a new session needs %s: give --%s" % (
                ", ".join("--" + k for k in missing), " --".join(missing)))
        game, (first, last), tables = w["game"], w["boards"], w["tables"]
        variant = w["variant"] or 0
        movement = w["movement"] or 0
    todo = [args.table] if args.table is not None else list(range(1, tables + 1))
    for t in todo:  # the codec's own checks (table within tables, ...) before anything is kept
        try:
            codec.encode(0, game, variant, first, last, t, tables, movement)
        except ParseError as e:
            raise UserError(str(e))
    ids = st.new_setups(game, variant, first, last, todo, tables, movement, args.shoe,
                        s["id"] if s is not None else None,
                        args.name.strip() if args.name else None, date)
    made = list(zip(todo, ids))
    s = st.session(st.session_of(made[0][1]))
    print("session %d (%s, %s): %s, boards %d-%d, %d table%s, movement %s"
          % (s["id"], s["name"], s["date"], games.GAME_NAMES[game], first, last, tables,
             "" if tables == 1 else "s", codec.MOVEMENTS[movement]))
    for t, setup in made:
        print("  table %d of %d: set-up %d, sent to %s at its next sync" % (
            t, tables, setup, "shoe %d" % args.shoe if args.shoe is not None else
            "the next shoe that syncs"))
    return 0


def _list(st):
    ss = st.club_sessions()
    if not ss:
        print("no sessions in %s: make one with `overplay session new`" % st.path)
    for s in ss:
        print("session %d  %s  %s  %s  boards %d-%d  %d table%s  movement %s" % (
            s["id"], s["date"], s["name"], games.GAME_NAMES.get(s["game"], s["game"]),
            s["first"], s["last"], s["tables"], "" if s["tables"] == 1 else "s",
            codec.MOVEMENTS[s["movement"]] if 0 <= s["movement"] < len(codec.MOVEMENTS)
            else s["movement"]))
        for setup, table, shoe, pushed in s["setups"]:
            where = ("sent to shoe %d at %s" % (shoe, pushed) if pushed else
                     "waiting for %s" % ("shoe %d" % shoe if shoe is not None
                                         else "the next shoe that syncs"))
            print("  table %d  set-up %d  %s" % (table, setup, where))
    return 0
