"""`overplay judge FILE|-`: the findings and cited rulings for one deal described in JSON.

    overplay judge docs/examples/judge/dw_trump_turned_after_play_3_tables.json
    overplay judge --json - < deal.json
    overplay judge --db club.sqlite --session 3 --board 5 --table 2

The input format and the --json output are documented in docs/judge.md; the judging is
overplay/judge.py. Bad input ends in one line on stderr and exit status 2 (cli.main).
"""

import json
import sys

from overplay_core.errors import ParseError, RuleError

from overplay.errors import JudgeInputError, UserError
from overplay.judge import db_input, format_text, judge_text

HELP = "judge one deal: findings and rulings with citations (JSON in, text or --json out)"
MAX_BYTES = 1 << 20  # one deal's JSON is a few KB: more is the wrong file (or /dev/zero)


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


def run(args):
    if args.db:
        if args.file:
            raise UserError("give a FILE or --db, not both")
        data = db_input(args.db, args.session, args.board, args.table)
        args.file = "-"
        raw = json.dumps(data)
        path = "%s board %d table %d" % (args.db, args.board, args.table)
    elif args.file is None:
        raise UserError("give a FILE (or - for stdin), or --db PATH --board B --table T "
                        "(see `overplay judge --help`)")
    else:
        path = "stdin" if args.file == "-" else args.file
        raw = None
    try:
        result = judge_text(raw if raw is not None else _read(args.file), path)
    except (ParseError, RuleError) as e:
        msg = str(e)
        if not msg.startswith(path):
            msg = "%s: %s" % (path, msg)
        raise UserError(msg.replace("\n", " ")) from None
    if args.json:
        sys.stdout.write(json.dumps(result, indent=2, ensure_ascii=False) + "\n")
    else:
        sys.stdout.write(format_text(result) + "\n")
    return 0
