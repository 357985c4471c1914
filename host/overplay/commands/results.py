"""`overplay results`: the director's results of a session, from the club database.

    overplay results                                  # the newest session, as text
    overplay results --session 3 --format html -o session3.html
    overplay results --format pbn -o boards.pbn       # the deals, for dealing programs
    overplay results --format csv | json | text
    overplay results --list                           # the sessions in the database

Per board: the deal (hands from the shoe's handprint, dealer, trump), the tricks at each
table, the comparison with the other tables (scoring_whist.compare; the average score where a
ruling awards it), then the pairs' totals, plus/minus and rank, and every ruling with its
citation and every irregularity the shoes recorded. Docs: docs/results.md.
"""

import os
import sys

from overplay.cli import int_arg
from overplay.errors import UserError
from overplay.store import ROWID_MAX, default_path, open_store

HELP = "the director's results of a session: text, CSV, PBN, JSON or an HTML report"
FORMATS = ("text", "csv", "pbn", "json", "html")
EXTENSIONS = {".txt": "text", ".text": "text", ".csv": "csv", ".pbn": "pbn", ".json": "json",
              ".html": "html", ".htm": "html"}


def format_for(fmt, output):
    """The format asked for: --format when given, else the output file's extension, else
    text; a file whose extension names no format is a one-line error."""
    if fmt:
        return fmt
    if not output:
        return "text"
    ext = os.path.splitext(output)[1].lower()
    if ext not in EXTENSIONS:
        raise UserError("cannot tell the format of %s from its extension %r: give --format "
                        "(%s) or name it .txt, .csv, .pbn, .json or .html"
                        % (output, ext or "(none)", ", ".join(FORMATS)))
    return EXTENSIONS[ext]


def add_arguments(p):
    p.add_argument("--db", help="club database (default as `overplay sync`)")
    p.add_argument("--session", type=int_arg(1, ROWID_MAX, "session id"), help="session id (default: the newest; see --list)")
    p.add_argument("--format", choices=FORMATS, help="default: from the -o file's extension "
                   "(.txt .csv .pbn .json .html), else text")
    p.add_argument("-o", "--output", metavar="FILE", help="write to FILE instead of stdout")
    p.add_argument("--list", action="store_true", help="list the sessions and stop")
    p.add_argument("--matchpoints", action="store_true",
                   help="also rank the pairs by matchpoints and percentage (text and HTML)")


def render(result, fmt):
    """The result in one of FORMATS, as a str."""
    from overplay import results_export as rx
    if fmt == "text":
        return rx.text(result)
    if fmt == "csv":
        return rx.csv_text(result)
    if fmt == "pbn":
        return rx.pbn(result)
    if fmt == "json":
        from overplay import results_model as rm
        return rm.dumps(_named(result, rx))
    from overplay import results_html
    return results_html.html(result)


def _named(result, rx):
    """A copy for JSON: each hand as card names ("AS") and the PBN deal string beside it."""
    import copy
    from overplay_core.cards import card_name
    out = copy.deepcopy(result)
    for b in out["boards"]:
        d = b["deal"]
        if d and d["hands"]:
            d["pbn"] = rx.deal_string(d["hands"], d["dealer"])
            d["hands"] = {s: [card_name(c) for c in cs] for s, cs in d["hands"].items()}
    return out


def build(db_path, session_id=None, keep_rulings=True):
    """Load a session's results from the database at db_path (UserError if there is none).

    keep_rulings: write the rulings into the database's `rulings` table too, when it may be
    written (writable(db_path)); a database this user may only read is opened read-only and
    its results are still made, the rulings shown but not kept."""
    from overplay import results_model as rm
    from overplay import results_rulings as rr
    _require_database(db_path)
    keep = keep_rulings and writable(db_path)
    st = open_store(db_path, readonly=not keep)
    try:
        result = rm.load(st, session_id)
        if keep:
            rr.store(st, result)
        return result
    except LookupError as e:
        raise UserError(str(e).strip("'\""))
    finally:
        st.close()


def writable(db_path):
    """True when this user may write the database at db_path (the file and, for SQLite's
    journal, its folder)."""
    path = db_path or default_path()
    if path == ":memory:":
        return True
    folder = os.path.dirname(os.path.abspath(path))
    return os.access(path, os.W_OK) and os.access(folder, os.W_OK | os.X_OK)


def write(text, path):
    """Write text to path (the folder is made); newline as given (PBN keeps its CRLF)."""
    folder = os.path.dirname(os.path.abspath(path))
    os.makedirs(folder, exist_ok=True)
    with open(path, "w", encoding="utf-8", newline="") as f:
        f.write(text)


def _require_database(db_path):
    """Results only read: a database that is not there is an error, never made empty."""
    path = db_path or default_path()
    if path != ":memory:" and not os.path.exists(path):
        raise UserError("no club database at %s: sync a shoe first (`overplay sync`), or name "
                        "one with --db" % path)


def _list(db_path):
    from overplay import results_model as rm
    from overplay_core import games
    _require_database(db_path)
    st = open_store(db_path, readonly=not writable(db_path))
    try:
        ss = rm.sessions(st)
    finally:
        st.close()
    if not ss:
        print("no sessions in %s: sync the shoes first" % (db_path or "the club database"))
    from overplay_core import session as codec
    for s in ss:
        boards = "boards %s-%s" % (s["first"], s["last"]) if s["first"] else "boards as dealt"
        tables = s["tables"] or 0
        synced = ("%d of %d tables synced" % (len(s["synced_tables"]), tables) if tables
                  else "tables as dealt")
        print("%d  %s  %s  %s  %s  %s  movement %s  %s" % (
            s["id"], s["date"] or "-", s["name"], games.GAME_NAMES.get(s["game"], s["game"]),
            boards, "%s table%s" % (tables or "?", "" if tables == 1 else "s"),
            codec.MOVEMENTS[s["movement"]] if 0 <= s["movement"] < len(codec.MOVEMENTS)
            else s["movement"], synced))
    return 0


def run(args):
    if args.list:
        return _list(args.db)
    fmt = format_for(args.format, args.output)
    result = build(args.db, args.session)
    result["show_matchpoints"] = bool(args.matchpoints)
    if not writable(args.db):
        print("overplay results: note: %s is read-only here: the rulings are shown, not kept "
              "in it" % (args.db or default_path()), file=sys.stderr)
    out = render(result, fmt)
    if args.output:
        write(out, args.output)
        print("session %s: %s results written to %s" % (result["session"], fmt, args.output))
    else:
        sys.stdout.write(out)
    return 0
