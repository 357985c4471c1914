"""The shoe behind `overplay virtual-shoe`: the real app, serving its link until told to stop.

    MICROPYPATH=shared:firmware:.frozen micropython firmware/sim/virtual_shoe.py --dir D \\
        [--deal N] [--boards 3,4,7] [--odd 3:twice+short,5:foreign] [--tricks 3:8] \\
        [--score 3:declarer=1+strain=4+doubles=1] [--seed S] [--trays FILE]
        [--director PIN] [--control /dev/fd/3]

As on the board, the sync link is this process's stdin and stdout (the USB serial line:
`overplay virtual-shoe` relays them to a pseudo-terminal); the table's story goes to stderr,
one line each, and lines starting with `@` tell the host what happened (`@ready`, `@dealt B`,
`@idle N`, `@done`, `@off SEQ`; a set-up of another game is dealt from the next board, as the
app applies a set-up when it arrives). The folder --dir is the flash: key.bin, session.bin,
the journal, the decks and next.bin, the board the app deals next under its set-up, so a shoe
switched on again goes on from there rather than from the set-up's first board.

Once it is enrolled and has a set-up (both from the club PC over the link) it enrols its deck
(once: decks.bin keeps it) and deals: --deal N more boards in the order of its table's
movement (App.next_board: overplay_core.movement; `@done` once its last round is played), or
the --boards listed; the control stream (--control, a pipe) may ask for more (`deal N`) or say
`stop`. Each board is shuffled from (--seed, board), so the same board deals the same cards
after a restart. A board with no slip yet in --trays is dealt as an original (the trump slip
written to its tray tag, kept in --trays under the club's session id and the board); one that
has a slip there (another table of the session dealt it first, as the boards move in a
movement) is played as an overplay, checked against that slip -- at duplicate whist: at bridge
whist, euchre and écarté every table deals every board itself (demo_table.overplays). --odd names what goes wrong on a board: twice, foreign, exposed,
short (demo_table.ODD) in an original deal; wrong-trump (the overplay check finds it before
play) and after-play (the check passes, the table plays, and the wrong trump is found when
the director has the board checked again after play began; with --director PIN the director
then averages the board from the terminal's menu) at a checking table. After each board the
table keys in its tricks on the terminal (--tricks, else from the shuffle) and the game's
other fields (--score: makers, alone; proposal, king; declarer, strain, doubles, by the SCORE
record's names; else the terminal's first values). `stop` finishes
the board in hand, commits the journal and ends.
"""

import json
import os
import sys

import shoe.app as A
import sim.demo_table as D
from shoe.display import TextDisplay
from sim.tags import card_tag, uid7
from overplay_core import session
from shoe.states import IDLE
import sim.board as SB

# What can go wrong at a checking table (--odd), beside demo_table.ODD's original-deal ones
CHECK_ODD = {"wrong-trump": "the dealer turns the wrong trump (found at the check, before play)",
             "after-play": "the wrong trump is found when the board is checked again after "
                           "play began"}


def story(table, text):
    sys.stderr.write("table %d: %s\n" % (table, text))


def tell(text):
    sys.stderr.write("@" + text + "\n")


class Control:
    """The host's orders, a line at a time, on a pipe polled without blocking."""

    def __init__(self, path):
        import select

        self.f = open(path, "rb")
        self.poller = select.poll()
        self.poller.register(self.f, select.POLLIN)
        self.line = bytearray()
        self.b1 = bytearray(1)
        self.closed = False

    def lines(self):
        out = []
        while not self.closed and self.poller.poll(0):
            if not self.f.readinto(self.b1):
                self.closed = True  # the host went away: as good as `stop`
                out.append("stop")
                break
            if self.b1[0] == 10:
                out.append(self.line.decode())
                self.line = bytearray()
            elif len(self.line) < 80:
                self.line.append(self.b1[0])
        return out


class Table:
    def __init__(self, a, opts):
        self.a = a
        self.folder = opts["--dir"]
        self.seed = int(opts.get("--seed", "1"))
        self.want = int(opts.get("--deal", "0"))
        self.boards = [int(x) for x in opts.get("--boards", "").split(",") if x]
        self.odd = _by_board(opts.get("--odd", ""), lambda v: v.split("+"))
        self.tricks = _by_board(opts.get("--tricks", ""), int)
        self.score = _by_board(opts.get("--score", ""), _fields)
        self.trays_path = opts.get("--trays") or self.folder + "/trays.json"
        self.control = Control(opts["--control"]) if "--control" in opts else None
        self.stopping = False
        self.dealt = 0
        self.director = opts.get("--director")
        self.tags = {}

    def _load(self, name):
        try:
            with open(self.folder + "/" + name if "/" not in name else name) as f:
                return json.load(f)
        except (OSError, ValueError):
            return None

    async def _add_slip(self, key, slip):
        """Add a slip to the trays file that the other tables' shoes share: under a lock (a
        folder made beside it: mkdir either makes it or fails, at once), so two tables dealing
        their originals at the same time both keep theirs."""
        lock = self.trays_path + ".lock"
        for _ in range(1000):
            try:
                os.mkdir(lock)
                break
            except OSError:
                await A._sleep_ms(5)
        else:
            raise RuntimeError("the trays file %s stays locked (%s)" % (self.trays_path, lock))
        try:
            trays = self._load(self.trays_path) or {}
            trays[key] = slip
            tmp = "%s.tmp%d" % (self.trays_path, self.a.table)
            with open(tmp, "w") as f:
                json.dump(trays, f)
            os.rename(tmp, self.trays_path)
        finally:
            os.rmdir(lock)

    def _orders(self):
        if self.control is None:
            return
        for line in self.control.lines():
            w = line.split()
            if w == ["stop"]:
                self.stopping = True
            elif len(w) == 2 and w[0] == "deal" and w[1].isdigit():
                self.want += int(w[1])
            elif w:
                story(self.a.table, "order %r not understood (deal N, stop)" % line[:40])

    def _next_board(self, setup):
        if self.boards:
            return self.boards.pop(0)
        if self.want <= 0:
            return 0
        n = self._next(setup)
        if n:
            self.want -= 1
        return n

    def _next(self, setup):
        """The board the app deals next under its set-up, as its table's movement says (its
        flash keeps it across a power cut: next.bin); 0 once the table's last round is
        played."""
        n = self.a.next_board
        if n == 0:
            tell("done")
            story(self.a.table, "every round of the movement played: the table is done")
            self.want = 0
        return n

    async def run(self):
        a = self.a
        st = a.settings
        tell("ready")
        if st.key is None:
            sys.stderr.write("shoe: not enrolled: `overplay enroll --port PORT` gives it its "
                             "keys, `overplay session new` and `overplay sync` its set-up\n")
        elif st.setup is None:
            sys.stderr.write("shoe %d: no set-up: `overplay session new` and `overplay sync` "
                             "give it one\n" % st.shoe_id)
        else:
            d = session.decode(st.setup)
            sys.stderr.write("shoe %d: set-up %d, boards %d-%d, table %d of %d; next board %d\n"
                             % (st.shoe_id, d["setup_id"], d["first"], d["last"], d["table"],
                                d["tables"], a.next_board))
        told = True
        while True:
            self._orders()
            if self.stopping:
                break
            ready = st.setup is not None and st.key is not None and a.link is None  # no sync
            setup = session.decode(st.setup) if ready else None
            board_no = self._next_board(setup) if ready else 0
            if not board_no:
                if not told:
                    tell("idle %d" % self.dealt)
                    told = True
                await A._sleep_ms(20)
                continue
            told = False
            if board_no > setup["last"]:
                story(a.table, "board %d is past the set-up's last board (%d): not dealt" % (
                    board_no, setup["last"]))
                self.want = 0
                continue
            await self.board(setup, board_no)
        a.stop()

    async def enrol_deck(self):
        a = self.a
        p = a.profile
        if not self.tags:
            for c in p.pack:
                self.tags[c] = card_tag(uid7(1, c))
        if a.deck.use(1):
            return  # enrolled before this power-on (decks.bin)
        a.command(A.CMD_ENROL, 1)
        await D._until(a, lambda: a.shoe.state != IDLE)
        await D._pass(a, [self.tags[c] for c in p.pack])
        await D._until(a, lambda: a.shoe.state == IDLE)
        story(a.table, "deck 1 enrolled (%d cards dealt sorted over the reader)" % len(p.pack))

    async def board(self, setup, board_no):
        a = self.a
        await self.enrol_deck()
        odd = self.odd.get(board_no, ())
        rng = D.Lcg(self.seed * 7919 + board_no)
        trays = self._load(self.trays_path) or {}
        key = "%d/%d" % (a.settings.session_id, board_no)  # the tray of this session's board
        if not D.overplays(a.profile):  # every table deals its own hands: no slip shared
            for k in CHECK_ODD:
                if k in odd:
                    story(a.table, "board %d: %s is for a table that checks an overplay; %s has "
                          "none: dealt as usual" % (board_no, k, a.profile.name))
            await D.deal_original(a, board_no, rng, self.tags, {}, odd)
            key = None
        elif key not in trays:  # nobody has dealt it yet: the original deal
            for k in CHECK_ODD:
                if k in odd:
                    story(a.table, "board %d: %s is for a table that checks an overplay, not "
                          "in an original deal: dealt as usual" % (board_no, k))
            slips = {}
            await D.deal_original(a, board_no, rng, self.tags, slips, odd)
            await self._add_slip(key, slips[str(board_no)])
        else:
            slips = {str(board_no): trays[key]}
            await D.check_overplay(a, board_no, self.tags, slips, "wrong-trump" in odd)
        tricks = self.tricks.get(board_no)
        if tricks is None:  # up to a hand's cards: 13 at whist, 5 at euchre and écarté
            tricks = rng.below(a.profile.deal_cards // a.profile.seats + 1)
        await D.play(a, board_no, tricks, "wrong-trump" in odd, self.score.get(board_no))
        if "after-play" in odd and key in trays:
            await D.check_overplay(a, board_no, self.tags, slips, True, again=True)
            if self.director:
                await D.director(a, board_no, self.director)
        self.dealt += 1
        tell("dealt %d" % board_no)


def _fields(text):
    """'makers=1+alone=1' -> {"makers": 1, "alone": 1}: the game's SCORE fields to key."""
    out = {}
    for item in text.split("+"):
        k, v = item.split("=")
        out[k] = int(v)
    return out


def _by_board(text, value):
    out = {}
    for item in text.split(","):
        if item:
            b, v = item.split(":")
            out[int(b)] = value(v)
    return out


def _args(argv):
    opts = D.options(argv)
    if opts is None or "--dir" not in opts:
        raise SystemExit("virtual_shoe: use --dir FLASH_FOLDER [--deal N] [--boards B,..] "
                         "[--odd B:what+what,..] [--tricks B:T,..] [--score B:f=v+f=v,..] "
                         "[--seed S] [--trays FILE] "
                         "[--director PIN] [--control PATH]")
    return opts


def main(argv):
    import asyncio

    opts = _args(argv)
    folder = opts["--dir"]
    for sub in ("", "/journal"):
        try:
            os.mkdir(folder + sub)
        except OSError:
            pass
    # Unenrolled until the club PC enrols it over the link (key.bin then says who it is).
    b = SB.simulated(shoe_id=0, key=None, display=TextDisplay(), root=folder)
    b.buttons = {"deal": D.Button(), "next": D.Button(), "mode": D.Button()}
    b.stream_in = sys.stdin.buffer  # the USB serial line, as on the board
    b.stream_out = sys.stdout.buffer
    a = A.App(b, display_ms=100)  # the board's own poll (POLL_MS): idle, it costs little
    D.say = story  # the demo's table tells its story on stderr: stdout is the link
    t = Table(a, opts)

    failed = []

    async def table():
        try:
            await t.run()
        except Exception as e:  # noqa: BLE001 - the shoe stops, and says why
            failed.append(e)
            story(a.table, "stopped: %s: %s" % (e.__class__.__name__, e))
            a.stop()

    asyncio.run(a.main(extra=(table(),)))
    a.journal.commit()
    tell("off %d" % a.journal.committed_seq)
    return 1 if failed or a.error is not None else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
