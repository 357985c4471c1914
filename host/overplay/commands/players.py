"""`overplay players`: the roster, who plays in each pair of a session.

    overplay players set 5 "Ann Smith & Bob Jones" [--session 3]
    overplay players set "E-W 2" "Cy & Di"                # Mitchell / none: the same as pair 5
    overplay players import roster.csv [--session 3]     # columns: pair,names (a header row)
    overplay players list [--session 3]

The roster is keyed by pair number (overplay_core.movement: 1..2 * tables, the number on the
pair's guide card, `overplay session cards`), because pairs move: the results name each board's
pairs by the movement and look their names up by number. In a Mitchell (and none, teams) a pair
may also be given as the club names it, by direction and starting table ("N-S 1", "E-W 3";
"NS1" and "ew 3" are read too): N-S t is pair t, E-W t pair tables + t. A Howell's pairs change
direction, so they are given by number ("5" or "pair 5"). The names appear beside the pair in
every output of `overplay results` (text, CSV, JSON, HTML, PBN). Setting a pair again replaces
its names. The session is the newest unless --session names one.
"""

import csv
import re

from overplay_core.session import HOWELL

from overplay.commands import int_arg
from overplay.errors import UserError
from overplay.results.model import movement_of
from overplay.store import ROWID_MAX, open_store, require_database, session_or_newest

HELP = "the roster: the players' names of each pair of a session (set, import a CSV, list)"
NAMES_MAX = 200  # characters: two names and a club, with room to spare


def add_arguments(p):
    p.add_argument("action", choices=("set", "import", "list"), help="what to do")
    p.add_argument("args", nargs="*", help="set: PAIR NAMES; import: FILE.csv")
    p.add_argument("--session", type=int_arg(1, ROWID_MAX, "session id"),
                   help="the session (default: the newest)")
    p.add_argument("--db", help="club database (default as `overplay sync`)")


def parse_pair(text, sess):
    """'5' / 'pair 5' / (not a Howell) 'N-S 1', 'NS1', 'ew 3' -> the pair number of the
    session; UserError naming the form, or a pair the session does not have."""
    tables = sess["tables"]
    howell = sess["movement"] == HOWELL
    m = re.match(r"^\s*(?:pair\s*)?(\d{1,3})\s*$", text, re.I)
    if m:
        pair = int(m.group(1))
        if not 1 <= pair <= 2 * tables:
            raise UserError("pair %r: the session's %d tables have pairs 1-%d"
                            % (text, tables, 2 * tables))
        return pair
    m = re.match(r"^\s*(n\s*-?\s*s|e\s*-?\s*w)\s*(\d{1,3})\s*$", text, re.I)
    if not m:
        raise UserError("pair %r: write its number (5) or, but in a Howell, direction and "
                        "table (N-S 1, E-W 3)" % text[:40])
    if howell:
        raise UserError("pair %r: a Howell's pairs change direction: give the pair number "
                        "1-%d (see `overplay session cards`)" % (text, 2 * tables))
    table = int(m.group(2))
    if not 1 <= table <= tables:
        raise UserError("pair %r: the session has tables 1-%d" % (text, tables))
    return table if m.group(1).lower().startswith("n") else tables + table


def pair_name(sess, pair):
    """How the results name the pair: "N-S 1", "E-W 3", "pair 5"."""
    mv = movement_of(sess["movement"], sess["tables"], sess["first"], sess["last"])
    return mv.pair_name(pair)


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
                print("no names for session %d (%s): `overplay players set 1 \"NAMES\"` "
                      "or `overplay players import FILE.csv`" % (sess["id"], sess["name"]))
            for pair in sorted(roster):
                print("pair %-3d %-7s %s" % (pair, pair_name(sess, pair), roster[pair]))
            return 0
        if args.action == "set":
            if len(args.args) != 2:
                raise UserError("players set needs PAIR NAMES, e.g. 1 \"Ann & Bob\"")
            pairs = {parse_pair(args.args[0], sess):
                     _names(args.args[1], args.args[0])}
        else:
            if len(args.args) != 1:
                raise UserError("players import needs one CSV file (columns pair,names)")
            pairs = _read_csv(args.args[0], sess)
        st.set_players(sess["id"], pairs)
    finally:
        st.close()
    print("session %d (%s): names set for %d pair%s" % (
        sess["id"], sess["name"], len(pairs), "" if len(pairs) == 1 else "s"))
    return 0


def _read_csv(path, sess):
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
            raise UserError("%s line %d: write pair,names (e.g. 1,Ann & Bob)" % (path, i))
        where = "%s line %d" % (path, i)
        try:
            pair = parse_pair(row[0], sess)
        except UserError as e:
            raise UserError("%s: %s" % (where, e))
        pairs[pair] = _names(",".join(row[1:]), where)
    if not pairs:
        raise UserError("%s holds no pairs: write lines pair,names" % path)
    return pairs
