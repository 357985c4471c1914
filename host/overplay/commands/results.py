"""`overplay results`: the director's results of a session, from the club database.

    overplay results                                  # the newest session, as text
    overplay results --session 3 --format html -o session3.html
    overplay results --format pbn -o boards.pbn       # the deals, for dealing programs
    overplay results --format csv | json | text
    overplay results -o night.html -o night.pbn -o night.csv   # several files, one reading
    overplay results --list                           # the sessions in the database

Per board: the deal (hands from the shoe's handprint, dealer, trump), the tricks at each
table and the pairs the session's movement sat there (with the roster's names), the
comparison with the other tables (scoring_whist.compare; the average score where a ruling
awards it), then each pair number's total, plus/minus and rank in its field (a Mitchell's N-S
and E-W apart, a Howell's together), and every ruling with its citation and every
irregularity the shoes recorded. Euchre, écarté and bridge whist (each table deals its own
hands) are scored hand by hand with the scoring engines `overplay score` uses and ranked as
their clubs rank them: progressive euchre's players (--rank points|games), écarté's games and
matches per pair of players, bridge whist's rubbers (results/standings.py). Docs:
docs/results.md.
"""

import sys

from overplay_core import games
from overplay_core import session as codec

from overplay.commands import int_arg
from overplay.errors import UserError
from overplay.results import model as rm
from overplay.results import FORMATS, build, format_for, render, writable, write
from overplay.store import ROWID_MAX, default_path, open_store, require_database

HELP = "the director's results of a session: text, CSV, PBN, JSON or an HTML report"


def add_arguments(p):
    p.add_argument("--db", help="club database (default as `overplay sync`)")
    p.add_argument("--session", type=int_arg(1, ROWID_MAX, "session id"), help="session id (default: the newest; see --list)")
    p.add_argument("--format", choices=FORMATS, help="default: from the -o file's extension "
                   "(.txt .csv .pbn .json .html), else text")
    p.add_argument("-o", "--output", metavar="FILE", action="append",
                   help="write to FILE instead of stdout; again for more files (each in the "
                   "format its extension names), the session read once")
    p.add_argument("--list", action="store_true", help="list the sessions and stop")
    p.add_argument("--matchpoints", action="store_true",
                   help="also rank the pairs by matchpoints and percentage (text and HTML)")
    p.add_argument("--rank", choices=("points", "games"), default="points",
                   help="progressive euchre: rank the players by points (default) or by games "
                   "won (rounds their pair won at its table); the other breaks ties")


def _list(db_path):
    require_database(db_path)
    st = open_store(db_path, readonly=not writable(db_path))
    try:
        ss = rm.sessions(st)
    finally:
        st.close()
    if not ss:
        print("no sessions in %s: sync the shoes first" % (db_path or "the club database"))
    for s in ss:
        boards = "boards %s-%s" % (s["first"], s["last"]) if s["first"] else "boards as dealt"
        tables = s["tables"] or 0
        synced = ("%d of %d tables synced" % (len(s["synced_tables"]), tables) if tables
                  else "tables as dealt")
        mv = rm.movement_of(s["movement"], tables, s["first"], s["last"])
        rounds = "%d round%s of %d board%s" % (mv.rounds, "" if mv.rounds == 1 else "s",
                                              mv.per_round, "" if mv.per_round == 1 else "s")
        print("%d  %s  %s  %s  %s  %s  movement %s, %s  %s" % (
            s["id"], s["date"] or "-", s["name"], games.GAME_NAMES.get(s["game"], s["game"]),
            boards, "%s table%s" % (tables or "?", "" if tables == 1 else "s"),
            codec.MOVEMENTS[mv.kind] if s["first"] else "none", rounds if s["first"] else
            "boards as dealt", synced))
    return 0


def run(args):
    if args.list:
        return _list(args.db)
    outputs = args.output or [None]
    if args.format and len(outputs) > 1:
        raise UserError("--format names one format and %d files were given with -o: give "
                        "each file the extension of its format (.txt .csv .pbn .json .html) "
                        "and leave --format out" % len(outputs))
    fmts = [format_for(args.format, path) for path in outputs]  # every name checked first
    result = build(args.db, args.session)  # read and scored once, whatever the files
    result["show_matchpoints"] = bool(args.matchpoints)
    if args.rank != "points" and result["game"] == games.EUCHRE:
        from overplay.results import standings
        standings.score(result, args.rank)
    if not writable(args.db):
        print("overplay results: note: %s is read-only here: the rulings are shown, not kept "
              "in it" % (args.db or default_path()), file=sys.stderr)
    for fmt, path in zip(fmts, outputs):
        out = render(result, fmt)  # no renderer changes the result: one serves every file
        if path:
            write(out, path)
            print("session %s: %s results written to %s" % (result["session"], fmt, path))
        else:
            sys.stdout.write(out)
    return 0
