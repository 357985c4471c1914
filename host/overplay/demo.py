"""`make demo`: a club evening on simulated shoes, synced, scored, reported.

    python -m overplay.demo                 # what `make demo` runs
    python -m overplay.demo --simulated     # simulated shoes even when a board is plugged in
    python -m overplay.demo --out DIR       # somewhere else than build/demo/

With no shoe plugged in (no serial port answers as a shoe), four simulated shoes play an
evening at the club. Each shoe is `overplay virtual-shoe`: the real firmware (driver, app,
shoe, tally, journal, link, terminal) under the real MicroPython interpreter on the simulated
MFRC522, its serial line a pseudo-terminal, its flash a folder:
  1. each shoe is enrolled (`overplay enroll`) and given its table's set-up of the first
     session, duplicate whist at 4 tables, boards 1-12 in a Mitchell movement (`overplay
     session new`, pushed by `overplay sync`); the director's PIN goes to table 3's shoe;
  2. round by round, each shoe deals its table's board set as the movement says (the shoe
     follows its set-up's movement): the first table to play a board deals it card by card
     through the reader and writes the signed trump slip to the board's tray tag; the tables
     that play it later check their overplay against that slip; after each board the result
     is keyed in at the table's terminal (signed SCORE). Irregularities on purpose: a card
     read twice, a foreign card, an exposed card, a miscounted hand (a card short) in the
     originals, a slip mismatch found at the check before play, one found after play began
     (the director averages that board from the terminal's menu);
  3. every shoe is synced into a fresh club database, build/demo/club.sqlite, with the real
     `overplay sync` over its pty; table 2's cable is pulled half-way through its sync, and
     the sync run again once it is back in;
  4. a second, shorter session at the same club: progressive euchre at the same 4 tables,
     one session set up as a Mitchell over boards 13-16 (4 rounds of one hand): every table
     deals its own hands (euchre has no overplay), the 16 players of the roster (`overplay
     players`) move after each round as progressive clubs move them (the winners up a
     table, the head table's losers to the foot, partners changed), which the club PC works
     out from the scores keyed at the terminals; synced the same way;
  5. `overplay results` prints both sessions and writes the HTML report, PBN, CSV and JSON.
Everything lands in build/demo/, made afresh on each run; every shoe started is stopped at the
end, also on Ctrl-C. With a shoe plugged in, the demo says so and syncs that shoe into the
club database instead (the default one, as `overplay sync`), then prints its results.
"""

import argparse
import contextlib
import io
import os
import queue
import select
import shutil
import signal
import subprocess
import sys
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
EVENING = "Club evening"  # the sessions' names: "Club evening: duplicate whist", ...
TABLES = 4
WHIST_BOARDS = (1, 12)  # a 4-table Mitchell: 4 rounds of 3 boards (skip after round 2)
EUCHRE_BOARDS = (13, 16)  # the shorter second session: a Mitchell's 4 rounds of one hand
# The progressive euchre players, by the pair number they start with (N-S t is pair t, E-W t
# pair 4 + t): N and S, E and W of table t in round 1 (`overplay players set`).
EUCHRE_PLAYERS = {1: "Ada & Ben", 2: "Cal & Dot", 3: "Eli & Fay", 4: "Gil & Hope",
                  5: "Ivo & Joy", 6: "Kit & Lou", 7: "Max & Nell", 8: "Otto & Pru"}
# What goes wrong on purpose, (table, board, the virtual shoe's option): the originals are
# dealt in round 1 (each table its own set), the checks in the later rounds.
ODD = ((1, 2, "twice"), (2, 5, "foreign"), (3, 8, "exposed"), (4, 11, "short"),
       (2, 7, "wrong-trump"), (3, 10, "after-play"))
DIRECTOR = (3, "2468")  # table 3's shoe gets the director's PIN (`overplay pin --shoe 3`)
CUT_TABLE = 2  # the shoe whose cable is pulled half-way through its sync
CUT_AFTER = 1500  # ... after this many of its bytes have reached the PC (of about 3,500)
SHOE_S = 30  # a shoe that says nothing new for this long is stuck: the demo stops


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


def _run(argv, what, stdin=None, ok=(0,)):
    status, lines = _cli(argv, stdin)
    for x in lines:
        say("    $ overplay %s: %s" % (argv[0], x) if x is lines[0] else "      " + x)
    if status not in ok:
        raise SystemExit("demo: `overplay %s` failed (%s): %s" % (
            " ".join(argv[:2]), what, " ".join(lines)))
    return status, lines


def attached_ports():
    """Serial ports of plugged-in shoes (overplay/ports.py: USB descriptor, then HELLO); []
    when pyserial lists none."""
    try:
        from serial.tools import list_ports  # noqa: F401
    except ImportError:
        return []
    from overplay.ports import find_shoes
    return [dev for dev, _ in find_shoes()]


class VirtualShoe:
    """`overplay virtual-shoe` for one table, as a user starts it: its first line is its
    pty; its story (the other lines) is read by a thread and said as it comes."""

    def __init__(self, out, table, extra=()):
        self.table = table
        self.ordered = 0  # boards ordered so far (deal)
        self.folder = os.path.join(out, "shoe%d" % table)
        cmd = [sys.executable, "-c", "import sys; from overplay import cli; "
               "sys.exit(cli.main(sys.argv[1:]))", "virtual-shoe", "--dir", self.folder,
               "--trays", os.path.join(out, "trays.json"), "--seed", "11"] + list(extra)
        # its own process group: the demo stops it itself (also on Ctrl-C), in order
        self.proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.STDOUT, text=True, bufsize=1,
                                     start_new_session=True, cwd=out)
        self.lines = queue.Queue()
        self.log = open(os.path.join(out, "shoe%d.log" % table), "w")
        threading.Thread(target=self._read, daemon=True).start()
        self.path = None

    def port(self):
        """Its first line: the pty to open as the shoe's serial port."""
        self.path = self._line(SHOE_S)
        if not self.path or not self.path.startswith("/"):
            raise SystemExit("demo: table %d's virtual shoe did not start: %s" % (
                self.table, self.path or "no output"))

    def _read(self):
        for line in self.proc.stdout:
            self.log.write(line)
            self.lines.put(line.rstrip("\n"))
        self.lines.put(None)

    def _line(self, wait):
        try:
            return self.lines.get(timeout=wait)
        except queue.Empty:
            return None

    def until(self, text):
        """Say the shoe's story until a line holding `text`."""
        while True:
            line = self._line(SHOE_S)
            if line is None:
                raise SystemExit("demo: table %d's shoe stopped or hangs before %r (see %s)" % (
                    self.table, text, self.log.name))
            if line.startswith("table "):
                say("  " + line)
            if text in line:
                return line

    def order(self, text):
        self.proc.stdin.write(text + "\n")
        self.proc.stdin.flush()

    def deal(self, n):
        """Order n boards and say the shoe's story until it has dealt them: its "waiting: N
        board(s) dealt" lines carry the count, so a waiting line left from before the order
        (the shoe goes idle after every sync too) does not end the wait early."""
        self.ordered += n
        self.order("deal %d" % n)

    def until_dealt(self):
        while True:
            words = self.until("waiting:").split()
            if words[1].isdigit() and int(words[1]) >= self.ordered:
                return

    def stop(self):
        """Stop it cleanly (SIGTERM: the board in hand finished, the journal committed)."""
        p = self.proc
        if p.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                p.send_signal(signal.SIGTERM)
            try:
                p.wait(20)
            except subprocess.TimeoutExpired:
                os.killpg(p.pid, signal.SIGKILL)
                p.wait(5)
        with contextlib.suppress(OSError):
            p.stdin.close()
        self.log.close()


class Cable:
    """The USB cable between a shoe's pty and the club PC: the PC opens host_path; pull()
    cuts it once `after` bytes have come from the shoe (nothing passes either way until
    plug_in()), as a cable pulled out half-way through a sync."""

    def __init__(self, shoe_path):
        import tty

        from overplay.sim_shoe import raw_pty
        self.shoe = os.open(shoe_path, os.O_RDWR | os.O_NOCTTY)
        tty.setraw(self.shoe)
        self.master, self.slave, self.host_path = raw_pty()
        self.after = None
        self.sent = 0
        self.pulled = False
        self._stop = False
        self._threads = [threading.Thread(target=self._pump, args=(self.shoe, self.master, True),
                                          daemon=True),
                         threading.Thread(target=self._pump, args=(self.master, self.shoe, False),
                                          daemon=True)]
        for t in self._threads:
            t.start()

    def pull(self, after):
        self.after, self.sent, self.pulled = after, 0, False

    def plug_in(self):
        self.after, self.pulled = None, False

    def _pump(self, src, dst, from_shoe):
        while not self._stop:
            try:
                r, _, _ = select.select([src], [], [], 0.05)
                data = os.read(src, 4096) if r else b""
            except OSError:
                time.sleep(0.01)  # the PC's end is not open: a dead line
                continue
            if not data:
                continue
            if from_shoe and self.after is not None and not self.pulled:
                keep = self.after - self.sent
                self.sent += len(data)
                if self.sent >= self.after:
                    self.pulled = True
                    data = data[:max(0, keep)]  # what was on its way when it came out
            elif self.pulled:
                continue  # the cable is out: lost, both ways
            with contextlib.suppress(OSError):
                os.write(dst, data)

    def close(self):
        self._stop = True
        for t in self._threads:
            t.join(1)
        for fd in (self.shoe, self.master, self.slave):
            with contextlib.suppress(OSError):
                os.close(fd)


def _setups(db, name, game, boards, movement):
    """`overplay session new` for each table: one session, named, a set-up per table, each
    for that table's shoe."""
    for t in range(1, TABLES + 1):
        _run(["session", "new", "--name", name, "--game", game, "--boards", "%d-%d" % boards,
              "--table", str(t), "--tables", str(TABLES), "--movement", movement,
              "--shoe", str(t), "--db", db], "set-up")


def _sync(db, shoe, what):
    _run(["sync", "--port", shoe.path, "--db", db, "--quiet"], what)


def _evening(out, shoes):
    from overplay_core import movement as M
    from overplay_core import session as S
    db = os.path.join(out, "club.sqlite")
    step(1, "The shoes are switched on, enrolled and given the first session's set-ups")
    for s in shoes:
        _run(["enroll", "--port", s.path, "--db", db, "--shoe-id", str(s.table),
              "--name", "table %d" % s.table], "enrol")
    whist = "%s: duplicate whist" % EVENING
    _setups(db, whist, "duplicate_whist", WHIST_BOARDS, "mitchell")
    _run(["pin", "--shoe", str(DIRECTOR[0]), "--stdin", "--db", db], "director's PIN",
         stdin=DIRECTOR[1] + "\n")
    for s in shoes:
        _sync(db, s, "push the set-up")
    m = M.Movement(S.MITCHELL, TABLES, WHIST_BOARDS[0], WHIST_BOARDS[1])
    for line in m.card(1)[:1]:
        say("  " + line.replace("Table 1  ", "The movement: "))
    for r in range(1, m.rounds + 1):
        step(1 + r, "Round %d of the Mitchell: the board sets move down a table, the E-W "
             "pairs up one%s" % (r, " (skipping one: an even number of tables)"
                                  if r == m.rounds // 2 + 1 else ""))
        for s in shoes:  # the tables play their rounds at the same time
            lo, hi, ns, ew = m.table_round(s.table, r)
            say("  table %d: boards %d-%d, %s v %s" % (s.table, lo, hi, m.pair_name(ns),
                                                       m.pair_name(ew)))
            s.deal(m.per_round)
        for s in shoes:  # the round ends when every table has played its set
            s.until_dealt()
    n = 2 + m.rounds
    step(n, "The director syncs each shoe into the club database (`overplay sync`); table "
         "%d's cable is pulled half-way through its sync" % CUT_TABLE)
    _sync_all(db, shoes, cut=True)
    step(n + 1, "A second, shorter session at the club: progressive euchre at the %d tables, "
         "boards %d-%d, a Mitchell's %d rounds of one hand; every table deals its own hands "
         "and the players move, not the boards" % (TABLES, EUCHRE_BOARDS[0], EUCHRE_BOARDS[1],
                                                    TABLES))
    euchre = "%s: progressive euchre" % EVENING
    _setups(db, euchre, "euchre", EUCHRE_BOARDS, "mitchell")
    roster = os.path.join(os.path.dirname(db), "euchre-players.csv")
    with open(roster, "w", encoding="utf-8") as f:
        f.write("pair,names\n" + "".join("%d,%s\n" % kv for kv in sorted(EUCHRE_PLAYERS.items())))
    _run(["players", "import", roster, "--session", str(_session_id(db, euchre)), "--db", db],
         "the players")
    for s in shoes:
        _sync(db, s, "push the euchre set-up")
    for r in range(1, TABLES + 1):
        say("  round %d: each table deals a hand and keys its score; then the winners move up "
            "a table (the head table's losers to the foot) and partners change" % r)
        for s in shoes:
            s.deal(1)
        for s in shoes:
            s.until_dealt()
    _sync_all(db, shoes)
    return db, whist, [euchre]


def _sync_all(db, shoes, cut=False):
    for s in shoes:
        if not (cut and s.table == CUT_TABLE):
            _sync(db, s, "sync")
            continue
        cable = Cable(s.path)
        try:
            cable.pull(CUT_AFTER)
            status, lines = _run(["sync", "--port", cable.host_path, "--db", db, "--quiet",
                                  "--timeout", "1"], "sync, cable pulled", ok=(2,))
            say("  table %d: the cable came out half-way (after %d bytes from the shoe): the "
                "sync stopped, what came before it is kept" % (s.table, CUT_AFTER))
            cable.plug_in()
            say("  table %d: the cable is back in; the same sync again" % s.table)
            _run(["sync", "--port", cable.host_path, "--db", db, "--quiet"], "sync again")
        finally:
            cable.close()


def simulated(out):
    t0 = time.monotonic()
    say("No shoe plugged in (no serial port answers as a shoe): a club evening on %d "
        "simulated shoes, `overplay virtual-shoe` each: the real firmware under MicroPython on "
        "a simulated MFRC522 reader, its serial line a pty to the club PC." % TABLES)
    say("Everything goes to %s (made afresh)." % out)
    shoes = []
    try:
        for t in range(1, TABLES + 1):
            extra = []
            for table, board, what in ODD:
                if table == t:
                    extra += ["--" + what, str(board)]
            if t == DIRECTOR[0]:
                extra += ["--director-pin", DIRECTOR[1]]
            shoes.append(VirtualShoe(out, t, extra))
        for s in shoes:
            s.port()
        db, whist, euchre = _evening(out, shoes)
    finally:
        for s in shoes:
            s.stop()
    step(8, "The director's results (overplay results --db %s)" % db)
    _run(["results", "--list", "--db", db], "the sessions")
    _results(db, out, whist, *euchre)
    say()
    say("Demo finished in %.1f s." % (time.monotonic() - t0))


def _session_id(db, name):
    import sqlite3
    con = sqlite3.connect(db)
    try:
        row = con.execute("SELECT id FROM club_sessions WHERE name = ? ORDER BY id DESC",
                          (name,)).fetchone()
    finally:
        con.close()
    return row[0] if row else None


FILES = (("html", "report.html"), ("pbn", "boards.pbn"), ("csv", "results.csv"),
         ("json", "results.json"))


def _results(db, out, *names):
    """Print each named session's standings and write its files (the first session's as
    report.html, boards.pbn, ...; a later one's with its game in front); no name: the
    latest session in the database."""
    from overplay import results
    from overplay.errors import UserError
    written = []
    for i, name in enumerate(names or (None,)):
        sid = _session_id(db, name) if name else None
        try:
            result = results.build(db, sid)
        except UserError as e:
            say("    %s: %s" % (name or "results", e))
            continue
        say()
        for line in results.render(result, "text").splitlines():
            say("    " + line)
        prefix = "" if i == 0 else "euchre%d-" % i  # the later sessions: euchre
        for fmt, file in FILES:
            path = os.path.join(out, prefix + file)
            try:
                results.write(results.render(result, fmt), path)
            except UserError as e:
                say("    (%s: %s)" % (fmt.upper(), e))
                continue
            written.append((fmt, path))
    say()
    say("Files:")
    for fmt, path in written:
        say("  %-4s %s" % (fmt.upper(), os.path.relpath(path, os.getcwd())
                           if path.startswith(os.getcwd()) else path))
    say("  DB   %s" % db)


def attached(ports, out, db=None):
    from overplay.store import default_path
    db = db or default_path()
    say("A shoe is plugged in on %s: syncing it into the club database %s instead of the "
        "simulation (use --simulated to run the simulation)." % (", ".join(ports), db))
    for p in ports:
        _run(["sync", "--port", p, "--db", db, "--quiet"], "sync from %s" % p)
    os.makedirs(out, exist_ok=True)
    _results(db, out)


def main(argv=None):
    ap = argparse.ArgumentParser(prog="overplay.demo", description=__doc__.split("\n")[0])
    ap.add_argument("--simulated", action="store_true",
                    help="use simulated shoes even when a shoe is plugged in")
    ap.add_argument("--out", default=os.path.join(ROOT, "build", "demo"),
                    help="folder for the demo's database and files (default build/demo)")
    ap.add_argument("--port", action="append", default=[], metavar="PORT",
                    help="a shoe's serial port to sync instead of looking for plugged-in "
                    "shoes (one pyserial does not list: a virtual shoe's or an emulated "
                    "Pico's pty); may be given more than once")
    ap.add_argument("--db", default=None,
                    help="the club database a plugged-in shoe is synced into (default: "
                    "the club's, as `overplay sync` uses)")
    args = ap.parse_args(argv)
    if args.simulated and args.port:
        ap.error("--simulated and --port: choose the simulation or the shoe on PORT")
    sys.path[:0] = [p for p in (os.path.join(ROOT, "shared"), os.path.join(ROOT, "host"))
                    if p not in sys.path]
    ports = args.port or ([] if args.simulated else attached_ports())
    if ports:
        attached(ports, args.out, args.db)
        return 0
    from overplay.sim_shoe import micropython_bin
    if shutil.which(micropython_bin()) is None:
        say("demo: no MicroPython interpreter (%s): run `make venv` to install the pinned one"
            % micropython_bin())
        return 2
    if os.path.isdir(args.out):
        shutil.rmtree(args.out)  # a fresh demo database and shoes each run
    os.makedirs(args.out)
    # Ctrl-C, and a SIGTERM as well: the shoes it started are stopped in order (simulated())
    signal.signal(signal.SIGINT, signal.default_int_handler)
    signal.signal(signal.SIGTERM, signal.default_int_handler)
    try:
        simulated(args.out)
    except KeyboardInterrupt:  # every shoe it started is stopped already (simulated)
        say("demo: interrupted; every simulated shoe is stopped: run `make demo` again")
        return 130
    return 0


if __name__ == "__main__":
    sys.exit(main())
