"""Judging one deal described in JSON: the findings and cited rulings, as a dict or as text.

    result = judge_text(open("deal.json").read(), "deal.json")   # what `overplay judge` runs
    print(format_text(result))
    data = db_input("club.sqlite", session=3, board=5, table=2)  # the same input, from the DB

The input format and the --json output are documented in docs/judge.md. Bad input (malformed
JSON, an unknown card or seat, a fact that cannot happen) is a ParseError or RuleError with one
line; the marks a judged hand scores are judge_marks.py's.
"""

import json

from overplay_core import games
from overplay_core.errors import ParseError, RuleError

from overplay import judge_marks
from overplay.errors import JudgeInputError

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
    as the director's report builds it (results.rulings.case_for), plus the tricks keyed in
    and, for an average, the other tables' results. Raises JudgeInputError."""
    import os

    from overplay.results import model as rm
    from overplay.results import rulings as rr
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
