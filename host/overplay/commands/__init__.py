"""The subcommands of `overplay`: one module each, and the argument types they share.

    COMMANDS                      # (name, module) in the order `overplay --help` lists them
    p.add_argument("--table", type=int_arg(1, 255, "table"))

Each module defines HELP (one line), add_arguments(parser) and run(args) -> exit status; it
raises an error of overplay.errors (or overplay_core.errors) for anything the user can put
right, and cli.main turns it into one line and exit status 2. The modules are imported when the
parser is built (cli.build_parser); the library they call (store, sync, results, judge, score)
never imports them back.
"""

import argparse

# Subcommand name -> its module. `virtual-shoe` stays beside the other simulated-shoe modules
# (overplay.virtual_shoe, with demo.py and sim_shoe.py) because it starts the firmware.
COMMANDS = (
    ("score", "overplay.commands.score"),
    ("judge", "overplay.commands.judge"),
    ("sync", "overplay.commands.sync"),
    ("enroll", "overplay.commands.enroll"),
    ("session", "overplay.commands.session"),
    ("results", "overplay.commands.results"),
    ("pin", "overplay.commands.pin"),
    ("ports", "overplay.commands.ports"),
    ("virtual-shoe", "overplay.virtual_shoe"),
    ("adjust", "overplay.commands.adjust"),
    ("quarantine", "overplay.commands.quarantine"),
    ("players", "overplay.commands.players"),
)


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
