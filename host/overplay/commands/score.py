"""`overplay score FILE|-`: score a game described as JSON; readable text, or `--json`.

    overplay score rubber.json
    overplay score --json - < boards.json

The input and what is scored: overplay/score.py and docs/scoring.md.
"""

import json

from overplay.score import lines, load, score

HELP = "score a game's deals from JSON (duplicate whist, bridge whist, euchre, ecarte)"


def add_arguments(p):
    p.add_argument("file", metavar="FILE", help="the game as JSON, or - for stdin")
    p.add_argument("--json", action="store_true", help="print JSON instead of text")


def run(args):
    result = score(load(args.file))
    if args.json:
        print(json.dumps(result, indent=1, sort_keys=True))
    else:
        print("\n".join(lines(result)))
    return 0
