"""`make demo`: a whole duplicate whist session on simulated shoes, synced, scored, reported.

    python -m overplay.demo                 # what `make demo` runs
    python -m overplay.demo --simulated     # simulated shoes even when a board is plugged in
    python -m overplay.demo --out DIR       # somewhere else than build/demo/

With no shoe plugged in (no serial port answers as a shoe), three simulated shoes play six
boards of duplicate whist at three tables, each shoe the real firmware (driver, app, shoe,
tally, journal, link) under the real MicroPython interpreter on the simulated MFRC522:
  1. each shoe is enrolled (`overplay enroll`: its own record key and the club's tray-slip
     key) and given its table's session set-up (`overplay session new`, pushed by
     `overplay sync` with the session id) over a pseudo-terminal;
  2. table 1's shoe deals the originals and writes each board's trump slip to its tray tag,
     signed with the club's slip key; tables 2 and 3 verify it and check each overplay; at
     table 3 the dealer turns the wrong trump on board 3 and the table plays on (an
     irregularity, so a ruling shows);
     the tricks keyed in after each board are recorded as signed SCORE records;
  3. each shoe is synced into a fresh club database, build/demo/club.sqlite (`overplay sync`);
  4. `overplay results` prints the session and writes the HTML report, PBN, CSV and JSON.
Everything lands in build/demo/, made afresh on each run. With a shoe plugged in, the demo
says so and syncs that shoe into the club database instead, then prints its results.
"""

import argparse
import contextlib
import io
import json
import os
import shutil
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BOARDS = (1, 6)
TABLES = 3
WRONG_TRUMP = (3, 3)  # (table, board): the dealer turns a card other than the slip's trump
# N-S tricks keyed in at tables 1, 2 and 3 for each board (E-W took the rest of the 13).
TRICKS = {1: (7, 6, 8), 2: (8, 9, 7), 3: (6, 7, 6), 4: (5, 6, 4), 5: (9, 7, 8), 6: (4, 6, 5)}
TWICE = (1, 5)  # (table, board): a card passes over the reader twice (an EVENT, counted once)
DIRECTOR_PIN = "2468"  # `overplay pin --shoe 3`: sent to table 3's shoe by its sync


def say(text=""):
    print(text, flush=True)


def step(n, text):
    say()
    say("[%d] %s" % (n, text))


def _cli(argv, stdin=None):
    """Run an `overplay` subcommand in this process; returns (status, its output lines)."""
    from overplay import cli
    out = io.StringIO()
    err = io.StringIO()
    old = sys.stdin
    if stdin is not None:
        sys.stdin = io.StringIO(stdin)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            status = cli.main(argv)
    finally:
        sys.stdin = old
    lines = [x for x in (out.getvalue() + err.getvalue()).splitlines() if x.strip()]
    return status, lines


def _run(argv, what, stdin=None):
    status, lines = _cli(argv, stdin)
    for x in lines:
        say("    $ overplay %s: %s" % (argv[0], x) if x is lines[0] else "      " + x)
    if status != 0:
        raise SystemExit("demo: `overplay %s` failed (%s): %s" % (
            " ".join(argv[:2]), what, " ".join(lines)))
    return lines


def attached_ports():
    """Serial ports of plugged-in shoes (overplay/ports.py: USB descriptor, then HELLO); []
    when pyserial lists none."""
    try:
        from serial.tools import list_ports  # noqa: F401
    except ImportError:
        return []
    from overplay.ports import find_shoes
    return [dev for dev, _ in find_shoes()]


class Table:
    """A table's simulated shoe: the real firmware app (firmware/sim/demo_table.py) under
    MicroPython, its sync link on a pty pair, its flash a folder."""

    def __init__(self, out, table):
        self.table = table
        self.folder = os.path.join(out, "shoe%d" % table)
        os.makedirs(os.path.join(self.folder, "journal"), exist_ok=True)
        self.proc = self.relay = None
        self.last = ""

    def switch_on(self, trays):
        """Start the shoe app; returns the PC's end of its serial line once it listens."""
        from overplay import sim_shoe
        from overplay.relay import Relay
        self.relay = Relay()
        tricks = ",".join("%d:%d" % (b, TRICKS[b][self.table - 1]) for b in sorted(TRICKS))
        cmd = ["--dir", self.folder, "--port", self.relay.device_path, "--trays", trays,
               "--tricks", tricks, "--seed", "11"]
        if self.table == TWICE[0]:
            cmd += ["--twice", str(TWICE[1])]
        if self.table == WRONG_TRUMP[0]:
            cmd += ["--wrong-trump", str(WRONG_TRUMP[1]), "--director", DIRECTOR_PIN]
        self.err = open(os.path.join(self.folder, "shoe.log"), "w+")
        self.proc = sim_shoe.start("demo_table.py", cmd, stdin=subprocess.DEVNULL,
                                   stdout=subprocess.PIPE, stderr=self.err, text=True)
        self.until("@link")
        return self.relay.host_path

    def until(self, marker):
        """Print the shoe's story lines until it prints `marker` (or its JSON last line)."""
        for line in self.proc.stdout:
            line = line.rstrip()
            if line == marker:
                return
            if line.startswith("{"):
                self.last = line
                continue
            say(line)
        self.err.seek(0)
        why = (self.err.read().strip().splitlines() or ["no output"])[-1]
        raise SystemExit("demo: table %d's shoe stopped before %s: %s" % (
            self.table, marker, why))

    def finish(self):
        """Let the shoe stop by itself (after its sync), then close the line."""
        try:
            for line in self.proc.stdout:
                line = line.rstrip()
                if line.startswith("{"):
                    self.last = line
                elif line:
                    say(line)
            status = self.proc.wait(20)
        finally:
            self.stop()
        summary = json.loads(self.last or "{}")
        if status != 0 or summary.get("errors"):
            raise SystemExit("demo: table %d's shoe failed: %s" % (
                self.table, summary.get("errors") or status))
        return summary

    def stop(self):
        if self.proc is not None:
            if self.proc.poll() is None:
                self.proc.kill()
                self.proc.wait(5)
            self.proc.stdout.close()
            self.proc = None
            self.err.close()
        if self.relay is not None:
            self.relay.close()
            self.relay = None


STORY = {1: "deals the original boards (each trump slip onto its tray)",
         2: "checks each overplay against the tray slips",
         3: "checks the overplays; on board %d the dealer turns the wrong trump" % WRONG_TRUMP[1]}


def simulated(out):
    t0 = time.monotonic()
    db = os.path.join(out, "club.sqlite")
    trays = os.path.join(out, "trays.json")
    say("No shoe plugged in (no serial port answers as a shoe): three simulated shoes play "
        "boards %d-%d of duplicate whist at %d tables." % (BOARDS[0], BOARDS[1], TABLES))
    say("Each shoe is the real firmware app under MicroPython on a simulated MFRC522 reader, "
        "its buttons pressed by the table, its USB serial line a pty to the club PC.")
    say("Everything goes to %s (made afresh)." % out)
    for t in range(1, TABLES + 1):
        step(t, "Table %d: the shoe is switched on, enrolled and set up from the club PC; "
             "it %s" % (t, STORY[t]))
        shoe = Table(out, t)
        try:
            port = shoe.switch_on(trays)
            _run(["enroll", "--port", port, "--db", db, "--shoe-id", str(t),
                  "--name", "table %d" % t], "enrol")
            _run(["session", "new", "--game", "duplicate_whist", "--boards",
                  "%d-%d" % BOARDS, "--table", str(t), "--tables", str(TABLES),
                  "--shoe", str(t), "--db", db], "set-up")
            if t == WRONG_TRUMP[0]:
                _run(["pin", "--shoe", str(t), "--stdin", "--db", db], "director's PIN",
                     stdin=DIRECTOR_PIN + "\n")
            _run(["sync", "--port", port, "--db", db, "--quiet"], "push the set-up")
            shoe.until("@sync")
            _run(["sync", "--port", port, "--db", db, "--quiet"], "sync")
            shoe.finish()
        finally:
            shoe.stop()

    step(TABLES + 1, "The director's results (overplay results --db %s)" % db)
    _results(db, out)
    say()
    say("Demo finished in %.1f s." % (time.monotonic() - t0))


def _results(db, out, session=None):
    from overplay import results
    result = results.build(db, session)
    say()
    for line in results.render(result, "text").splitlines():
        say("    " + line)
    say()
    say("Files:")
    for fmt, name in (("html", "report.html"), ("pbn", "boards.pbn"), ("csv", "results.csv"),
                      ("json", "results.json")):
        path = os.path.join(out, name)
        results.write(results.render(result, fmt), path)
        say("  %-4s %s" % (fmt.upper(), os.path.relpath(path, os.getcwd())
                           if path.startswith(os.getcwd()) else path))
    say("  DB   %s" % db)
    return result


def attached(ports, out):
    from overplay.store import default_path
    db = default_path()
    say("A shoe is plugged in on %s: syncing it into the club database %s instead of the "
        "simulation (use --simulated to run the simulation)." % (", ".join(ports), db))
    for p in ports:
        _run(["sync", "--port", p, "--quiet"], "sync from %s" % p)
    os.makedirs(out, exist_ok=True)
    _results(db, out)


def main(argv=None):
    ap = argparse.ArgumentParser(prog="overplay.demo", description=__doc__.split("\n")[0])
    ap.add_argument("--simulated", action="store_true",
                    help="use simulated shoes even when a shoe is plugged in")
    ap.add_argument("--out", default=os.path.join(ROOT, "build", "demo"),
                    help="folder for the demo's database and files (default build/demo)")
    args = ap.parse_args(argv)
    sys.path[:0] = [p for p in (os.path.join(ROOT, "shared"), os.path.join(ROOT, "host"))
                    if p not in sys.path]
    ports = [] if args.simulated else attached_ports()
    if ports:
        attached(ports, args.out)
        return 0
    from overplay.sim_shoe import micropython_bin
    if shutil.which(micropython_bin()) is None:
        say("demo: no MicroPython interpreter (%s): run `make venv` to install the pinned one"
            % micropython_bin())
        return 2
    if os.path.isdir(args.out):
        shutil.rmtree(args.out)  # a fresh demo database and shoes each run
    os.makedirs(args.out)
    simulated(args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
