"""`overplay virtual-shoe`: one simulated shoe on a pseudo-terminal, serving until stopped.

    overplay virtual-shoe --dir shoe1 [--link /tmp/shoe1] [--deal 4 --seed 7]
        [--script boards.txt] [--twice 3] [--foreign 4] [--exposed 5] [--short 6]
        [--wrong-trump 2] [--trays FILE]
    /dev/pts/7                                  <- the first line: the shoe's serial port
    overplay enroll --port /dev/pts/7 ...; overplay session new ...; overplay sync --port ...

The shoe is the real firmware app (firmware/sim/virtual_shoe.py: app, shoe, journal, link,
terminal) under the MicroPython unix port on the simulated reader; its flash is the folder
--dir, kept between runs. This process makes the pty, keeps its master end and relays the
bytes between it and the shoe's stdin/stdout (the USB serial line, as on the board), so any
number of clients (`overplay sync`, `overplay enroll`, pyserial's miniterm) may open, close
and open the port again while the shoe runs; what the shoe sends while no client has the
port open is dropped, as a USB serial line with no host drops it.

Once enrolled and given a set-up (by `overplay enroll` and `overplay sync`), it plays --deal N
boards (shuffled from --seed and the board number) in its table's movement order from where
its flash says it is (the app's next board), or the boards a --script names. Orders on stdin, a line each: `deal N`,
`power` (cut the power and switch on again, same flash), `stop`. SIGUSR1 cuts the power too;
Ctrl-C (SIGINT) and SIGTERM stop it cleanly (the board in hand finished, the journal
committed), exit status 0.
"""

import errno
import os
import select
import signal
import subprocess
import sys
import termios
import time

from overplay_core.scoring import bridge as sb
from overplay_core.scoring import ecarte as sc

from overplay.commands import int_arg
from overplay.errors import UserError

HELP = "run a simulated shoe (the firmware under MicroPython) on a pseudo-terminal until stopped"

# What can go wrong on a board (firmware/sim/demo_table.py ODD, plus the overplay check's:
# firmware/sim/virtual_shoe.py CHECK_ODD): the option --NAME B and the script's word; tests/host/test_virtual_shoe.py checks
# this against the firmware's list.
IRREGULAR = ("twice", "foreign", "exposed", "short", "wrong-trump", "after-play")
BOARD_MAX = 0xFFFF  # a board number is 16 bits in the set-up (overplay_core.session)
STOP_S = 15  # a stopping shoe finishes the board in hand: this long at most, then it is cut
# A Ctrl-C (0x03) from the client interrupts the app, as on a board, once the line has been
# this long without a frame delimiter (0x00): the shoe's link turns the interrupt off while
# a sync is active and on again after its IDLE_MS (3 s) of silence (firmware/shoe/link.py).
QUIET_S = 4.0
SCRIPT_MAX = 100000  # bytes of a --script file


def add_arguments(p):
    board = int_arg(1, BOARD_MAX, "board")
    p.add_argument("--dir", required=True,
                   help="the shoe's flash: a folder kept between runs (made if missing)")
    p.add_argument("--link", metavar="PATH",
                   help="also a symlink PATH to the pty, removed when the shoe stops")
    p.add_argument("--deal", type=int_arg(0, BOARD_MAX, "deal"), default=0, metavar="N",
                   help="play N more boards, in its table's movement order, once it has a set-up "
                   "(default 0: only serve)")
    p.add_argument("--seed", type=int_arg(0, 2 ** 30, "seed"), default=1,
                   help="shuffles from this seed and the board number (default 1)")
    p.add_argument("--script", metavar="FILE",
                   help="deal the boards this file names, a line each: BOARD [%s] "
                   "[tricks=N] [makers=ns|ew alone=no|yes | proposal=accepted|not-proposed|"
                   "refused king=none|p0|p1 | declarer=n|e|s|w strain=c|d|h|s|nt doubles=N] "
                   "(# comments)" % "|".join(IRREGULAR))
    for name in IRREGULAR:
        p.add_argument("--" + name, type=board, action="append", default=[], metavar="B",
                       help=_ODD_HELP[name])
    p.add_argument("--trays", metavar="FILE",
                   help="the tray slips (JSON) the first table to play a board writes and "
                   "later tables check (default DIR/trays.json)")
    p.add_argument("--director-pin", metavar="PIN",
                   help="the director's PIN (as `overplay pin` sent it): after an --after-play "
                   "board the director averages it from the terminal's menu")


_ODD_HELP = {
    "twice": "on board B a card passes over the reader twice (recorded, counted once)",
    "foreign": "on board B a card of no enrolled deck is dealt in place of one (foreign card)",
    "exposed": "on board B a card shows over the reader before the deal (card exposed)",
    "short": "on board B the last card stays in the shoe (a card short)",
    "wrong-trump": "at a table that checks board B's overplay (another table dealt it first), "
                   "the dealer turns the wrong trump: found before play",
    "after-play": "at a table that checks board B's overplay, the wrong trump is found when "
                  "the board is checked again after play began (--director-pin: averaged)",
}


# The game's own SCORE fields a script may key at the terminal (records.SCORE_FIELDS), each
# by number as the record holds it or by the word the terminal shows: euchre makers and alone,
# écarté proposal and king, bridge whist declarer, strain and doubles.
SCORE_WORDS = {
    "makers": {"ns": 0, "ew": 1},
    "alone": {"no": 0, "yes": 1},
    "proposal": {"accepted": 0, "not-proposed": 1, "refused": 2},
    "king": {"none": -1, "p0": 0, "p1": 1},
    "declarer": {"n": 0, "e": 1, "s": 2, "w": 3},
    "strain": {"c": 0, "d": 1, "h": 2, "s": 3, "nt": 4},
    "doubles": {},
}
SCORE_RANGE = {"makers": (0, 1), "alone": (0, 1),
               "proposal": (0, sc.FIRST_PROPOSAL_REFUSED), "king": (-1, 1),
               "declarer": (0, 3), "strain": (0, sb.NO_TRUMP), "doubles": (0, sb.MAX_DOUBLES)}


def _score_word(w):
    """(field, value) of a script word like `strain=nt` or `declarer=3`, or None."""
    name, _, v = w.partition("=")
    if name not in SCORE_WORDS or not v:
        return None
    v = v.lower()
    if v in SCORE_WORDS[name]:
        return name, SCORE_WORDS[name][v]
    lo, hi = SCORE_RANGE[name]
    if v.lstrip("-").isdigit() and lo <= int(v) <= hi:
        return name, int(v)
    return None


def read_script(path):
    """[(board, [irregularities], tricks or None, {score field: value})] from a script file;
    UserError naming the line for anything else."""
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read(SCRIPT_MAX + 1)
    except (OSError, UnicodeDecodeError) as e:
        raise UserError("cannot read the script %s: %s" % (path, getattr(e, "strerror", e)))
    if len(text) > SCRIPT_MAX:
        raise UserError("script %s is over %d bytes: name fewer boards" % (path, SCRIPT_MAX))
    plan = []
    use = "use BOARD [%s] [tricks=0..13] [%s=...]" % (" ".join(IRREGULAR),
                                                      "|".join(SCORE_WORDS))
    for n, line in enumerate(text.splitlines(), 1):
        words = line.split("#")[0].split()
        if not words:
            continue
        where = "script %s line %d" % (path, n)
        if not words[0].isdigit() or not 1 <= int(words[0]) <= BOARD_MAX:
            raise UserError("%s: %r is not a board number 1..%d: %s" % (
                where, words[0][:20], BOARD_MAX, use))
        odd, tricks, score = [], None, {}
        for w in words[1:]:
            if w in IRREGULAR:
                odd.append(w)
            elif w.startswith("tricks=") and w[7:].isdigit() and int(w[7:]) <= 13:
                tricks = int(w[7:])
            elif _score_word(w) is not None:
                k, v = _score_word(w)
                score[k] = v
            else:
                raise UserError("%s: %r: %s" % (where, w[:20], use))
        plan.append((int(words[0]), odd, tricks, score))
    if not plan:
        raise UserError("script %s names no board: %s" % (path, use))
    return plan


class Port:
    """The pty the clients open: this process keeps its master end, so the path stays valid
    while clients come and go. A client is there while the pty is not hung up."""

    def __init__(self):
        from overplay.sim_shoe import raw_pty
        self.master, slave, self.path = raw_pty()
        os.close(slave)
        os.set_blocking(self.master, False)
        self.out = bytearray()  # shoe -> client, not yet taken by the pty
        self.client = False
        self._probe = select.poll()
        self._probe.register(self.master, select.POLLIN)

    def look(self):
        """Is a client attached? A new one gets nothing left over from before it came."""
        ev = self._probe.poll(0)
        attached = not (ev and ev[0][1] & select.POLLHUP)
        if not attached and self.client:
            self.out.clear()
        if attached != self.client:
            termios.tcflush(self.master, termios.TCOFLUSH)  # bytes no client took
        self.client = attached
        return attached

    def read(self):
        try:
            return os.read(self.master, 4096)
        except BlockingIOError:
            return b""
        except OSError as e:
            if e.errno != errno.EIO:
                raise
            self.look()  # the client closed the port
            return b""

    def send(self, data):
        if self.client and len(self.out) < 1 << 20:  # a stalled client loses the rest
            self.out += data

    def flush(self):
        while self.out and self.client:
            try:
                n = os.write(self.master, self.out)
            except BlockingIOError:
                return
            except OSError as e:
                if e.errno != errno.EIO:
                    raise
                self.look()
                return
            del self.out[:n]

    def close(self):
        os.close(self.master)


class Shoe:
    """The MicroPython process: the link on its stdin/stdout, the story on its stderr, orders
    on a pipe (firmware/sim/virtual_shoe.py --control)."""

    def __init__(self, args, plan):
        self.args = args
        self.plan = plan  # script boards still to deal
        self.want = args.deal  # random boards still to deal
        self.proc = None
        self.lines = b""
        self.last = ""
        self.dealt = 0
        self.records = None
        self.ready = False
        self.control = None
        self.flash = os.path.abspath(args.dir)
        self.repl = False  # the app was interrupted: MicroPython's REPL has the line
        self.raw = False  # ... in raw REPL mode (Ctrl-A), as mpremote uses it
        self.framed_at = -QUIET_S  # when the client last sent a frame delimiter

    def power_on(self):
        from overplay.sim_shoe import start
        a = self.args
        odd = {}
        for name in IRREGULAR:
            for b in getattr(a, name.replace("-", "_")):
                odd.setdefault(b, []).append(name)
        tricks = {}
        score = {}
        for b, what, t, fields in self.plan:
            odd.setdefault(b, []).extend(w for w in what if w not in odd.get(b, ()))
            if t is not None:
                tricks[b] = t
            if fields:
                score[b] = fields
        argv = ["--dir", self.flash, "--seed", str(a.seed), "--deal", str(self.want)]
        if self.plan:
            argv += ["--boards", ",".join(str(p[0]) for p in self.plan)]
        if odd:
            argv += ["--odd", ",".join("%d:%s" % (b, "+".join(w)) for b, w in sorted(odd.items()))]
        if tricks:
            argv += ["--tricks", ",".join("%d:%d" % kv for kv in sorted(tricks.items()))]
        if score:  # the game's fields: firmware/sim/virtual_shoe.py --score
            argv += ["--score", ",".join("%d:%s" % (b, "+".join(
                "%s=%d" % kv for kv in sorted(f.items()))) for b, f in sorted(score.items()))]
        if a.trays:
            argv += ["--trays", os.path.abspath(a.trays)]
        if a.director_pin:
            argv += ["--director", a.director_pin]
        rfd, self.control = os.pipe()
        argv += ["--control", "/dev/fd/%d" % rfd]
        self.ready = self.repl = False
        # its own session: a Ctrl-C on this terminal is for this process, which stops it.
        # -i: interrupted, the app leaves MicroPython's REPL on the line, as on a board.
        self.proc = start("virtual_shoe.py", argv, interactive=True, cwd=self.flash,
                          stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          pass_fds=(rfd,), start_new_session=True)
        os.close(rfd)
        self._nonblocking()

    def _nonblocking(self):
        for f in (self.proc.stdout, self.proc.stderr):
            os.set_blocking(f.fileno(), False)

    def soft_reboot(self, port):
        """Ctrl-D at the REPL ended MicroPython: as a board's soft reboot, the app runs
        again, or (from the raw REPL, as mpremote does it) the raw REPL comes back."""
        port.send(b"MPY: soft reboot\r\n")
        if not self.raw:
            self.power_on()
            return
        from overplay.sim_shoe import start
        self.proc = start(None, [], interactive=True, cwd=self.flash, stdin=subprocess.PIPE,
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          start_new_session=True)
        self.repl = True
        self._nonblocking()
        self.to_shoe(b"\r\x01")  # into the raw REPL: "raw REPL; CTRL-B to exit"

    def from_client(self, data):
        """Bytes from the port to the shoe; a Ctrl-C outside a sync interrupts the app."""
        now = time.monotonic()
        i3 = data.find(b"\x03")
        i0 = data.find(b"\x00")
        if not self.repl and i3 >= 0 and (i0 < 0 or i3 < i0) and \
                now - self.framed_at > QUIET_S:
            self.proc.send_signal(signal.SIGINT)  # KeyboardInterrupt: the app stops
            self.repl, self.raw = True, False
        if i0 >= 0:
            self.framed_at = now
        if self.repl:
            k1, k2 = data.rfind(b"\x01"), data.rfind(b"\x02")
            if k1 != k2:
                self.raw = k1 > k2
        self.to_shoe(data)

    def to_shoe(self, data):
        try:
            self.proc.stdin.write(data)
            self.proc.stdin.flush()
        except (BrokenPipeError, ValueError):
            pass  # it has just ended: the bytes are lost, as in a board being reset

    def order(self, text):
        try:
            os.write(self.control, text.encode() + b"\n")
        except (OSError, TypeError):
            pass  # it is stopping anyway, or at its REPL (no app to order)

    def story(self, say):
        """The shoe's stderr: `@` lines update the count, the others are said."""
        try:
            data = os.read(self.proc.stderr.fileno(), 4096)
        except BlockingIOError:
            return True
        if not data:
            return False
        self.lines += data
        *whole, self.lines = self.lines.split(b"\n")
        for raw in whole:
            line = raw.decode("utf-8", "replace").rstrip()
            if line.startswith("@"):
                self._mark(line[1:].split(), say)
            elif line:
                self.last = line
                say(line)
        return True

    def _mark(self, words, say):
        if words[:1] == ["ready"]:
            self.ready = True
        elif words[:1] == ["dealt"] and len(words) == 2 and words[1].isdigit():
            b = int(words[1])
            self.dealt += 1
            for i, (pb, _, _, _) in enumerate(self.plan):
                if pb == b:
                    del self.plan[i]
                    break
            else:
                self.want = max(0, self.want - 1)
        elif words[:1] == ["idle"]:
            say("waiting: %d board(s) dealt since it was started" % self.dealt)
        elif words[:1] == ["off"] and len(words) == 2 and words[1].isdigit():
            self.records = int(words[1])
            if not self.repl and self.proc.stdin is not None and not self.proc.stdin.closed:
                self.repl = True  # not told to stop: as on a board, its REPL has the line
                say("the shoe's app has ended (%s): MicroPython's REPL has the line; Ctrl-D "
                    "there, or the order `power`, starts it again" % (self.last or "no reason"))

    def power_off(self):
        """The power is cut: the process is killed where it stands (the journal is
        power-safe; the deal in hand is lost, as at a table)."""
        if self.proc is not None:
            self.proc.kill()
            self.proc.wait(10)
            self._close()

    def _close(self):
        for f in (self.proc.stdin, self.proc.stdout, self.proc.stderr):
            try:
                f.close()
            except OSError:
                pass
        if self.control is not None:
            os.close(self.control)
            self.control = None
        self.proc = None


def _check_link(path):
    if os.path.lexists(path) and not os.path.islink(path):
        raise UserError("--link %s exists and is not a symlink: name another path" % path)


def _link(path, target):
    _check_link(path)
    if os.path.islink(path):
        os.remove(path)  # a link left by a shoe that was killed
    try:
        os.symlink(target, path)
    except OSError as e:
        raise UserError("cannot make the link %s: %s" % (path, e.strerror))


def _lock(folder):
    import fcntl
    try:
        os.makedirs(folder, exist_ok=True)
        fd = os.open(os.path.join(folder, "virtual-shoe.lock"), os.O_RDWR | os.O_CREAT, 0o600)
    except OSError as e:
        raise UserError("cannot use --dir %s: %s" % (folder, e.strerror))
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        os.close(fd)
        raise UserError("--dir %s is in use by another virtual shoe: stop it, or give "
                        "another folder" % folder)
    return fd


def run(args):
    from overplay.sim_shoe import micropython_bin
    import shutil
    if shutil.which(micropython_bin()) is None:
        raise UserError("no MicroPython interpreter (%s): run `make venv` to install the "
                        "pinned one" % micropython_bin())
    plan = read_script(args.script) if args.script else []
    if args.link:
        _check_link(args.link)
    lock = _lock(args.dir)
    flags = {"stop": False, "power": 0}

    def on_stop(signum, frame):
        flags["stop"] = True

    def on_power(signum, frame):
        flags["power"] += 1

    old = {s: signal.signal(s, h) for s, h in ((signal.SIGINT, on_stop),
                                                (signal.SIGTERM, on_stop),
                                                (signal.SIGUSR1, on_power))}
    port = Port()
    shoe = Shoe(args, plan)
    made_link = False
    early = []
    try:
        shoe.power_on()
        if not _until_ready(shoe, flags, early.append):
            say("stopped before the shoe was switched on")
            return 0
        if args.link:
            _link(args.link, port.path)
            made_link = True
        say(port.path)  # the first line: the port is there (and its link)
        say("virtual shoe on %s%s, flash %s: stop it with Ctrl-C or SIGTERM, cut its power "
            "with SIGUSR1; orders on stdin: deal N, power, stop" % (
                port.path, " (%s)" % args.link if args.link else "", args.dir))
        for line in early:
            say(line)
        status = _serve(port, shoe, flags)
    finally:
        if shoe.proc is not None:
            shoe.power_off()
        if made_link and os.path.islink(args.link) and os.readlink(args.link) == port.path:
            os.remove(args.link)
        port.close()
        os.close(lock)
        for s, h in old.items():
            signal.signal(s, h)
    return status


def say(text):
    """A line of the shoe's story on stdout; a reader that went away (`| head -1` for the
    port) leaves the shoe serving, silent."""
    try:
        print(text, flush=True)
    except OSError:  # BrokenPipeError: nobody reads any more
        sys.stdout = open(os.devnull, "w")


def _until_ready(shoe, flags, said):
    """Wait for the shoe's `@ready` (its code imported, its flash read); False when told
    to stop first."""
    deadline = time.monotonic() + 30
    while not shoe.ready:
        if flags["stop"]:
            return False
        if time.monotonic() > deadline or shoe.proc.poll() is not None:
            shoe.story(said)
            raise UserError("the shoe did not start (%s): check --dir and the firmware" % (
                shoe.last or "no output"))
        select.select([shoe.proc.stderr], [], [], 0.1)
        shoe.story(said)
    return True


def _serve(port, shoe, flags):
    """Relay between the pty and the shoe until stopped; the exit status."""
    orders = sys.stdin if _readable_stdin() else None
    stopping = None  # when the stop order went out
    while True:
        if flags["power"] and stopping is None:
            flags["power"] = 0
            shoe.power_off()
            say("power cut: the shoe is off (%d board(s) dealt since it was started); "
                "switching it on again on the same flash" % shoe.dealt)
            shoe.power_on()
        if flags["stop"] and stopping is None and shoe.repl:
            shoe.power_off()  # at its REPL: nothing in hand, nothing to commit
            say("stopped (it was at its REPL): %d board(s) dealt since it was started"
                % shoe.dealt)
            return 0
        if flags["stop"] and stopping is None:
            stopping = time.monotonic()
            say("stopping: the board in hand is finished, the journal committed")
            shoe.order("stop")
            shoe.proc.stdin.close()  # its REPL (-i) then ends too, at the end of its input
        if stopping is not None and time.monotonic() - stopping > STOP_S:
            say("the shoe did not stop in %d s: its power is cut" % STOP_S)
            shoe.power_off()
            return 1
        port.look()
        watch = [shoe.proc.stdout, shoe.proc.stderr]
        if port.client:
            watch.append(port.master)
        if orders is not None:
            watch.append(orders)
        wlist = [port.master] if port.out and port.client else []
        try:
            r, w, _ = select.select(watch, wlist, [], 0.05)
        except InterruptedError:
            continue
        if port.master in r:
            data = port.read()
            if data:
                shoe.from_client(data)
        if shoe.proc.stdout in r:
            try:
                data = os.read(shoe.proc.stdout.fileno(), 65536)
            except BlockingIOError:
                data = None
            if data:
                port.send(data)
        if w or port.out:
            port.flush()
        if orders is not None and orders in r:
            line = orders.readline()
            if not line:
                orders = None  # stdin closed: signals still work
            else:
                _order(line.strip(), shoe, flags)
        ended = shoe.proc.stderr in r and not shoe.story(say)  # its stderr closed
        if ended or shoe.proc.poll() is not None:
            status = shoe.proc.wait(10)
            os.set_blocking(shoe.proc.stderr.fileno(), True)
            while shoe.story(say):  # what it said last, to the end of its stderr
                pass
            os.set_blocking(shoe.proc.stdout.fileno(), True)
            port.send(shoe.proc.stdout.read())  # and on the line
            port.flush()
            shoe._close()
            if stopping is None and shoe.repl:
                shoe.soft_reboot(port)
                continue
            if stopping is not None:
                say("stopped: %d board(s) dealt since it was started%s" % (
                    shoe.dealt, "" if shoe.records is None else
                    "; its journal ends at record %d" % shoe.records))
                return 0 if status == 0 else 1
            raise UserError("the shoe stopped by itself (status %d): %s" % (
                status, shoe.last or "no output"))


def _readable_stdin():
    try:
        return sys.stdin is not None and not sys.stdin.closed and \
            os.fstat(sys.stdin.fileno()) is not None
    except (OSError, ValueError):
        return False


def _order(line, shoe, flags):
    w = line.split()
    if w == ["stop"]:
        flags["stop"] = True
    elif w == ["power"]:
        flags["power"] += 1
    elif len(w) == 2 and w[0] == "deal" and w[1].isdigit() and 0 < int(w[1]) <= BOARD_MAX:
        shoe.want += int(w[1])
        shoe.order("deal " + w[1])
        say("deal %s more board(s)" % w[1])
    elif w:
        say("not an order: %r (deal N, power, stop)" % line[:40])
