"""The `overplay` command: one subcommand per module.

    overplay judge deal.json --json
    overplay sync --port /dev/ttyACM0

Each subcommand lives in its own module of this package, which defines
`add_arguments(parser)` and `run(args) -> exit status`, and a one-line `HELP`. Errors a user can
cause end in one line on stderr and exit status 2, never a traceback (errors.py has the
policy): a bad argument too (Parser.error), and a database error (errors.database_error). A
bug still ends in one line, "internal error", exit status 1; OVERPLAY_DEBUG=1 shows its
traceback.
"""

import argparse
import importlib
import os
import sqlite3
import sys

from overplay_core.errors import ParseError, RuleError

from overplay.errors import UserError, database_error, one_line

__all__ = ("COMMANDS", "UserError", "build_parser", "main", "int_arg", "float_arg")

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
    ("virtual-shoe", "virtual_shoe"),
    ("adjust", "adjust"),
    ("quarantine", "quarantine"),
    ("players", "players"),
)


class Parser(argparse.ArgumentParser):
    """argparse with a bad argument reported in one line (not usage + error), exit status 2."""

    def error(self, message):
        self.exit(2, "%s: %s (see `%s --help`)\n" % (self.prog, " ".join(message.split()),
                                                     self.prog))


def int_arg(low, high, what):
    """An argparse type: an int in low..high, else a one-line error naming the range (an id the
    database or the wire cannot hold never gets that far)."""
    def parse(text):
        try:
            v = int(text, 10)
        except ValueError:
            v = None
        if v is None or not low <= v <= high:
            raise argparse.ArgumentTypeError("%s %r: use a whole number %d..%d"
                                             % (what, text[:40], low, high))
        return v
    parse.__name__ = what  # argparse names the type in its message
    return parse


def float_arg(low, high, what):
    """An argparse type: a number in low..high (never nan or infinite), else one line."""
    def parse(text):
        try:
            v = float(text)
        except ValueError:
            v = None
        if v is None or not low <= v <= high:  # nan fails both comparisons
            raise argparse.ArgumentTypeError("%s %r: use a number %g..%g"
                                             % (what, text[:40], low, high))
        return v
    parse.__name__ = what
    return parse


def build_parser():
    from overplay import __version__
    parser = Parser(prog="overplay", description=__doc__.split("\n")[0])
    parser.add_argument("--version", action="version", version="overplay %s" % __version__)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True
    for name, module_name in COMMANDS:
        module = importlib.import_module("overplay." + module_name)
        p = sub.add_parser(name, help=module.HELP, description=module.HELP)
        module.add_arguments(p)
        p.set_defaults(_run=module.run)
    return parser


def main(argv=None):
    """Run one command; returns its exit status (0 ok, 2 the user's error, 1 a bug)."""
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as e:  # --help (0) or a bad argument (2, its line already printed)
        return e.code if isinstance(e.code, int) else 2
    try:
        return args._run(args) or 0
    except sqlite3.Error as e:
        return _fail(args, database_error(e, _db_path(args)))
    except (UserError, ParseError, RuleError, OSError) as e:
        return _fail(args, e)
    except RecursionError:
        return _fail(args, "the input is nested too deeply: flatten it")
    except KeyboardInterrupt:
        print("overplay %s: interrupted" % args.command, file=sys.stderr)
        return 130
    except Exception as e:  # noqa: BLE001 - a bug: still one line, never a traceback
        if os.environ.get("OVERPLAY_DEBUG") == "1":
            raise
        print("overplay %s: internal error (%s: %s): please report it with the command line; "
              "OVERPLAY_DEBUG=1 shows where" % (args.command, type(e).__name__,
                                                 one_line(e)[:200]), file=sys.stderr)
        return 1


def _fail(args, e):
    text = e if isinstance(e, str) else one_line(e)
    print("overplay %s: %s" % (args.command, text), file=sys.stderr)
    return 2


def _db_path(args):
    from overplay.store import default_path
    return getattr(args, "db", None) or default_path()


if __name__ == "__main__":
    sys.exit(main())
