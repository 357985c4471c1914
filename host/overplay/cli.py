"""The `overplay` command: one subcommand per module.

    overplay judge deal.json --json
    overplay sync --port /dev/ttyACM0

Each subcommand lives in its own module of this package, which defines
`add_arguments(parser)` and `run(args) -> exit status`, and a one-line `HELP`. Errors a user can
cause end in one line on stderr and a non-zero exit, never a traceback.
"""

import argparse
import importlib
import sys

from overplay_core.errors import ParseError, RuleError

# Subcommand name -> module in this package.
COMMANDS = (
    ("score", "score"),
    ("judge", "judge"),
    ("sync", "sync"),
    ("enroll", "enroll"),
    ("session", "session_cmd"),
    ("results", "results"),
    ("pin", "pin_cmd"),
    ("ports", "ports"),
)


class UserError(Exception):
    """A problem the user can fix: printed as one line, exit status 2."""


def build_parser():
    parser = argparse.ArgumentParser(prog="overplay", description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True
    for name, module_name in COMMANDS:
        module = importlib.import_module("overplay." + module_name)
        p = sub.add_parser(name, help=module.HELP, description=module.HELP)
        module.add_arguments(p)
        p.set_defaults(_run=module.run)
    return parser


def main(argv=None):
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return args._run(args) or 0
    except (UserError, ParseError, RuleError, OSError) as e:
        print("overplay %s: %s" % (args.command, e), file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("overplay %s: interrupted" % args.command, file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
