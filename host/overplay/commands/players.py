"""`overplay players`: the roster, who plays in each pair of a session.

    overplay players set "N-S 1" "Ann Smith & Bob Jones" [--session 3]
    overplay players import roster.csv [--session 3]     # columns: pair,names (a header row)
    overplay players list [--session 3]

A pair is named by its direction and table as the results name it ("N-S 1", "E-W 3"; "NS1" and
"ew 3" are read too). The names appear beside the pair in every output of `overplay results`
(text, CSV, JSON, HTML). Setting a pair again replaces its names. The session is the newest
unless --session names one.
"""

import csv
import re

from overplay.commands import int_arg
from overplay.errors import UserError
from overplay.store import ROWID_MAX, open_store, require_database, session_or_newest

HELP = "the roster: the players' names of each pair of a session (set, import a CSV, list)"
NAMES_MAX = 200  # characters: two names and a club, with room to spare


def add_arguments(p):
    p.add_argument("action", choices=("set", "import", "list"), help="what to do")
    p.add_argument("args", nargs="*", help="set: PAIR NAMES; import: FILE.csv")
    p.add_argument("--session", type=int_arg(1, ROWID_MAX, "session id"),
                   help="the session (default: the newest)")
    p.add_argument("--db", help="club database (default as `overplay sync`)")


def parse_pair(text, tables):
    """'N-S 1' / 'NS1' / 'ew 3' -> 'N-S 1'; UserError naming the form, or a table not there."""
    m = re.match(r"^\s*(n\s*-?\s*s|e\s*-?\s*w)\s*(\d{1,3})\s*$", text, re.I)
    if not m:
        raise UserError("pair %r: write it as N-S 1 or E-W 3 (direction, then table)"
                        % text[:40])
    side = "N-S" if m.group(1).lower().startswith("n") else "E-W"
    table = int(m.group(2))
    if not 1 <= table <= tables:
        raise UserError("pair %r: the session has tables 1-%d" % (text, tables))
    return "%s %d" % (side, table)


def _names(text, where):
    names = " ".join(text.split())
    if not names:
        raise UserError("%s: no names given" % where)
    if len(names) > NAMES_MAX:
        raise UserError("%s: names longer than %d characters" % (where, NAMES_MAX))
    return names


def run(args):
    require_database(args.db)
    st = open_store(args.db)
    try:
        sess = session_or_newest(st, args.session)
        if args.action == "list":
            roster = st.players(sess["id"])
            if not roster:
                print("no names for session %d (%s): `overplay players set \"N-S 1\" "
                      "\"NAMES\"` or `overplay players import FILE.csv`"
                      % (sess["id"], sess["name"]))
            for pair in sorted(roster, key=lambda p: (p[:3] != "N-S", int(p[4:]))):
                print("%-6s %s" % (pair, roster[pair]))
            return 0
        if args.action == "set":
            if len(args.args) != 2:
                raise UserError("players set needs PAIR NAMES, e.g. \"N-S 1\" \"Ann & Bob\"")
            pairs = {parse_pair(args.args[0], sess["tables"]):
                     _names(args.args[1], args.args[0])}
        else:
            if len(args.args) != 1:
                raise UserError("players import needs one CSV file (columns pair,names)")
            pairs = _read_csv(args.args[0], sess["tables"])
        st.set_players(sess["id"], pairs)
    finally:
        st.close()
    print("session %d (%s): names set for %d pair%s" % (
        sess["id"], sess["name"], len(pairs), "" if len(pairs) == 1 else "s"))
    return 0


def _read_csv(path, tables):
    try:
        with open(path, newline="", encoding="utf-8-sig") as f:
            rows = list(csv.reader(f))
    except UnicodeDecodeError:
        raise UserError("%s is not UTF-8 text: save it as CSV UTF-8" % path)
    except csv.Error as e:
        raise UserError("%s: not CSV (%s)" % (path, e))
    if rows and [c.strip().lower() for c in rows[0][:2]] == ["pair", "names"]:
        rows = rows[1:]
        first = 2
    else:
        first = 1
    pairs = {}
    for i, row in enumerate(rows, first):
        if not any(c.strip() for c in row):
            continue
        if len(row) < 2:
            raise UserError("%s line %d: write pair,names (e.g. N-S 1,Ann & Bob)" % (path, i))
        where = "%s line %d" % (path, i)
        try:
            pair = parse_pair(row[0], tables)
        except UserError as e:
            raise UserError("%s: %s" % (where, e))
        pairs[pair] = _names(",".join(row[1:]), where)
    if not pairs:
        raise UserError("%s holds no pairs: write lines pair,names" % path)
    return pairs
