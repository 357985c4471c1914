"""`overplay judge FILE|-`: the findings and cited rulings for one deal described in JSON.

    overplay judge docs/examples/judge/dw_trump_turned_after_play_3_tables.json
    overplay judge --json - < deal.json

The input format and the --json output are documented in docs/judge.md. Bad input (malformed
JSON, an unknown card or seat, a fact that cannot happen) ends in one line on stderr and exit
status 2, never a traceback.
"""

import json
import sys

from overplay_core import games
from overplay_core.errors import ParseError, RuleError

from overplay import judge_marks

HELP = "judge one deal: findings and rulings with citations (JSON in, text or --json out)"


def add_arguments(parser):
    parser.add_argument("file", metavar="FILE", nargs="?",
                        help="the deal as JSON, or - for stdin (or use --db)")
    parser.add_argument("--json", action="store_true", help="print the result as JSON")
    parser.add_argument("--db", metavar="PATH",
                        help="judge what the shoes recorded in this club database instead")
    parser.add_argument("--session", type=int, metavar="S",
                        help="with --db: the session id (default: the newest)")
    parser.add_argument("--board", type=int, metavar="B", help="with --db: the board")
    parser.add_argument("--table", type=int, metavar="T", help="with --db: the table")


MAX_BYTES = 1 << 20  # one deal's JSON is a few KB: more is the wrong file (or /dev/zero)


class JudgeInputError(ValueError):
    """Input that cannot be judged; the message is one line."""


def _read(path):
    if path == "-" and sys.stdin is None:
        raise JudgeInputError("stdin is closed: pipe the deal in, or name a file")
    try:
        if path == "-":
            raw = sys.stdin.buffer.read(MAX_BYTES + 1)
        else:
            with open(path, "rb") as f:
                raw = f.read(MAX_BYTES + 1)
    except OSError as e:
        raise JudgeInputError("cannot read %s: %s" % (path, e.strerror or e))
    if len(raw) > MAX_BYTES:
        raise JudgeInputError("%s is over %d bytes: one deal's JSON is a few KB; name the deal's "
                              "file" % ("stdin" if path == "-" else path, MAX_BYTES))
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise JudgeInputError("%s is not UTF-8 text (byte %d)" % (path, e.start))
    return text


def _reject_constant(name):
    raise ParseError("%s is not allowed in judge input: use a number" % name)


MAX_DIGITS = 20  # no count, card or table number in judge input comes near this


def _int(text):
    """A JSON integer; a longer one than MAX_DIGITS is refused before int() converts it
    (CPython refuses past 4,300 digits with a ValueError, and nothing needs that many)."""
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise ParseError("a number of %d digits is not allowed in judge input: use one of at "
                         "most %d" % (len(text.lstrip("-")), MAX_DIGITS))
    return int(text)


def load(text, path="input"):
    """Parse judge input text to a dict; ParseError with line and column on bad JSON."""
    try:
        return json.loads(text, parse_constant=_reject_constant, parse_int=_int)
    except ParseError as e:
        raise ParseError("%s: %s" % (path, e))
    except json.JSONDecodeError as e:
        raise ParseError("%s: malformed JSON at line %d column %d: %s"
                         % (path, e.lineno, e.colno, e.msg))
    except RecursionError:
        raise ParseError("%s: JSON nested too deeply" % path)


def judge_text(text, path="input"):
    """Result dict for judge input text; ParseError/RuleError for bad input."""
    data = load(text, path)
    try:
        return judge_marks.judge(data)
    except (ParseError, RuleError):
        raise
    except RecursionError:
        raise ParseError("%s: input nested too deeply" % path)
    except Exception as e:  # noqa: BLE001 - the user gets one line, never a traceback
        raise RuleError("cannot judge %s: internal error (%s: %s); please report it with the "
                        "input" % (path, type(e).__name__, e))


def _cite(c):
    parts = [c["game"], c["law"]]
    if c["section"]:
        parts.append(c["section"])
    return "%s; catalogue %s" % (", ".join(parts), c["catalogue"])


_SIDE_WORDS = {"ns": "N-S", "ew": "E-W", "non_dealer": "non-dealer"}


def _word(x):
    """A value as words: no Python literals (True, [], None) in the text report."""
    if isinstance(x, bool):
        return "yes" if x else "no"
    if isinstance(x, str):
        return _SIDE_WORDS.get(x, x.replace("_", " "))
    return str(x)


def _extras(d, skip):
    out = []
    for k, v in d.items():
        if k in skip or v is None or v == [] or v == {}:
            continue
        name = k.replace("_", " ")
        if isinstance(v, bool):
            out.append(name if v else "not " + name)  # "deal passes", "not deal passes"
            continue
        if isinstance(v, list):
            v = ", ".join([_word(x) for x in v])
        elif isinstance(v, dict):
            v = ", ".join(["%s %s" % (_word(a), _word(b)) for a, b in v.items()])
        else:
            v = _word(v)
        out.append("%s %s" % (name, v))
    return (" (" + "; ".join(out) + ")") if out else ""


def _marks(m):
    if m is None:
        return "not yet known"
    return ", ".join(["%s %d" % (_word(k), v) for k, v in m.items()])


def _hand_lines(h):
    lines = ["Marks: %s" % _marks(h["marks"])]
    if h["void"]:
        lines[0] += " (the deal is void)"
    elif h.get("as_played") is not None and h["as_played"] != h["marks"]:
        lines[0] += " (as played: %s)" % _marks(h["as_played"])
    for a in h["adjustments"]:
        lines.append("  %s: %s [%s]" % (a["code"], a["effect"], _cite(a["citation"])))
    if h["pending"]:
        lines.append("  pending: %s" % ", ".join(h["pending"]))
    if h.get("game"):
        won = h["game"]["game_won"]
        lines.append("  game: %s" % ("won by %s" % _word(won) if won else "not won on this hand"))
    return lines


def format_text(result):
    """The human-readable report: one line per finding and per ruling."""
    ctx = result["context"]
    head = "%s: found at %s" % (result["game"].replace("_", " "), ctx["phase"].replace("_", " "))
    if result["game"] != "ecarte":  # in écarté the seats are named from the dealer
        head += ", dealer %s" % ctx["dealer"]
    if result["game"] == "duplicate_whist":
        head += ", %d table%s, %s" % (ctx["tables"], "" if ctx["tables"] == 1 else "s",
                                      "overplay" if ctx["overplay"] else "original deal")
    if result["variants"]:
        head += "; variants " + ", ".join(result["variants"])
    lines = [head, "Findings:"]
    if not result["findings"]:
        lines.append("  none")
    for f in result["findings"]:
        lines.append("  %s: %s%s" % (f["code"], f["text"], _extras(f, ("code", "id", "text"))))
    lines.append("Rulings:")
    if not result["rulings"]:
        lines.append("  none: the deal stands as played")
    for r in result["rulings"]:
        lines.append("  %s  %s: %s%s" % (r["code"], r["ruling"], r["text"],
                                         _extras(r, ("code", "ruling", "text", "citation",
                                                     "finding"))))
        lines.append("      [%s]" % _cite(r["citation"]))
    lines.append("Outcome: %s" % result["outcome"])
    if result.get("hand") is not None:
        lines.extend(_hand_lines(result["hand"]))
    return "\n".join(lines)


def db_input(path, session=None, board=None, table=None):
    """The judge input for one board at one table from the club database: the findings the
    shoes recorded there, with the context they recorded (tables engaged, play begun), built
    as the director's report builds it (results_rulings.case_for), plus the tricks keyed in
    and, for an average, the other tables' results. Raises JudgeInputError."""
    import os

    from overplay import results_model as rm
    from overplay import results_rulings as rr
    from overplay.store import Store, StoreError

    if board is None or table is None:
        raise JudgeInputError("--db needs --board and --table (and --session, else the newest)")
    if not os.path.exists(path):
        raise JudgeInputError("no database at %s: give the club DB's path" % path)
    try:
        st = Store(path)
    except StoreError as e:
        raise JudgeInputError(str(e))
    try:
        sess = rm.load(st, session)
    except LookupError as e:
        raise JudgeInputError(str(e))
    finally:
        st.close()
    boards = [b for b in sess["boards"] if b["board"] == board]
    if not boards:
        raise JudgeInputError("session %s has no board %d: it has %s" % (
            sess["session"], board, ", ".join(str(b["board"]) for b in sess["boards"])
            or "none"))
    rows = {r["table"]: r for r in boards[0]["tables"]}
    if table not in rows:
        raise JudgeInputError("board %d has no record from table %d: it has %s" % (
            board, table, ", ".join(str(t) for t in sorted(rows))))
    row = rows[table]
    data = rr.case_for(row, boards[0]["deal"], sess["game"], sess["variant"], sess["tables"])
    if sess["game"] == games.DUPLICATE_WHIST and row["tricks_ns"] is not None:
        data["result"] = {"tricks": {"ns": row["tricks_ns"], "ew": row["tricks_ew"]}}
        others = [r["tricks_ns"] for t, r in sorted(rows.items()) if t != table
                  and r["tricks_ns"] is not None and r.get("award") is None]
        data["context"]["ns_tricks_elsewhere"] = others
    data["comment"] = "session %s, board %d, table %d" % (sess["session"], board, table)
    return data


def run(args):
    if args.db:
        if args.file:
            print("overplay judge: give a FILE or --db, not both", file=sys.stderr)
            return 2
        try:
            data = db_input(args.db, args.session, args.board, args.table)
        except JudgeInputError as e:
            print("overplay judge: %s" % e, file=sys.stderr)
            return 2
        args.file = "-"
        raw = json.dumps(data)
        path = "%s board %d table %d" % (args.db, args.board, args.table)
    elif args.file is None:
        print("overplay judge: give a FILE (or - for stdin), or --db PATH --board B --table T "
              "(see `overplay judge --help`)",
              file=sys.stderr)
        return 2
    else:
        path = "stdin" if args.file == "-" else args.file
        raw = None
    try:
        result = judge_text(raw if raw is not None else _read(args.file), path)
    except (ParseError, RuleError) as e:
        msg = str(e)
        if not msg.startswith(path):
            msg = "%s: %s" % (path, msg)
        print("overplay judge: %s" % msg.replace("\n", " "), file=sys.stderr)
        return 2
    except JudgeInputError as e:
        print("overplay judge: %s" % e, file=sys.stderr)
        return 2
    if args.json:
        sys.stdout.write(json.dumps(result, indent=2, ensure_ascii=False) + "\n")
    else:
        sys.stdout.write(format_text(result) + "\n")
    return 0
