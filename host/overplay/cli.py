"""The `overplay` command: one subcommand per module of overplay.commands.

Builds the parser from the commands table and runs one subcommand.

    overplay judge deal.json --json
    overplay sync --port /dev/ttyACM0

Each subcommand lives in its own module of overplay.commands (the table there), which defines
`add_arguments(parser)` and `run(args) -> exit status`, and a one-line `HELP`. main() is the one
place an error becomes what the user sees: an error a user can cause ends in one line on stderr
and exit status 2, never a traceback (errors.py has the policy): a bad argument too
(Parser.error), and a database error (errors.database_error). A
bug still ends in one line, "internal error", exit status 1; OVERPLAY_DEBUG=1 shows its
traceback.
"""

import argparse
import importlib
import os
import sqlite3
import sys

from overplay_core.errors import ParseError, RuleError

from overplay.commands import COMMANDS
from overplay.errors import (JudgeInputError, StoreError, SyncError, UserError, database_error,
                             one_line)

__all__ = ("build_parser", "main")


class Parser(argparse.ArgumentParser):
    """argparse with a bad argument reported in one line (not usage + error), exit status 2."""

    def error(self, message):
        self.exit(2, "%s: %s (see `%s --help`)\n" % (self.prog, " ".join(message.split()),
                                                     self.prog))


def build_parser():
    from overplay import __version__
    parser = Parser(prog="overplay", description=__doc__.split("\n")[0])
    parser.add_argument("--version", action="version", version="overplay %s" % __version__)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True
    for name, module_name in COMMANDS:
        module = importlib.import_module(module_name)
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
    except (UserError, StoreError, SyncError, JudgeInputError, ParseError, RuleError,
            OSError) as e:
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
