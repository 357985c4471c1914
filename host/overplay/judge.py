"""`overplay judge FILE|-`: the findings and cited rulings for one deal described in JSON.

    overplay judge docs/examples/judge/dw_trump_turned_after_play_3_tables.json
    overplay judge --json - < deal.json

The input format and the --json output are documented in docs/judge.md. Bad input (malformed
JSON, an unknown card or seat, a fact that cannot happen) ends in one line on stderr and exit
status 2, never a traceback.
"""

import json
import sys

from overplay_core import laws
from overplay_core.errors import ParseError, RuleError

HELP = "judge one deal: findings and rulings with citations (JSON in, text or --json out)"


def add_arguments(parser):
    parser.add_argument("file", metavar="FILE", help="the deal as JSON, or - for stdin")
    parser.add_argument("--json", action="store_true", help="print the result as JSON")


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
        return laws.judge(data)
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


def _extras(d, skip):
    out = []
    for k, v in d.items():
        if k in skip:
            continue
        if isinstance(v, list):
            v = ", ".join([str(x) for x in v])
        elif isinstance(v, dict):
            v = ", ".join(["%s %s" % (a, b) for a, b in v.items()])
        out.append("%s %s" % (k.replace("_", " "), v))
    return (" (" + "; ".join(out) + ")") if out else ""


def format_text(result):
    """The human-readable report: one line per finding and per ruling."""
    ctx = result["context"]
    head = "%s: found at %s, dealer %s" % (result["game"].replace("_", " "),
                                            ctx["phase"].replace("_", " "), ctx["dealer"])
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
    return "\n".join(lines)


def run(args):
    path = "stdin" if args.file == "-" else args.file
    try:
        result = judge_text(_read(args.file), path)
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
