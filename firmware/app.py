"""The shoe's application: asyncio tasks for the reader, the dealing, the sync link, the display.

    import board, app
    app.run(board.build())                     # on the Pico (main.py does this)
    a = app.App(board.simulated(), game=1)     # tests, the unix port, session_sim.py
    a.command(app.CMD_DEAL, board_no)          # what the DEAL button does; CMD_END, ...
    asyncio.run(a.main())                      # until a.stop()

Tasks and the preallocated rings between them (style.md rule 5):
  reader   polls the MFRC522 every POLL_MS; a tag read is halted at once and its UID put in
           the `uids` ring (kind = the reader's result as a byte)          -> uids
  dealing  takes UIDs into the shoe (the hot path), takes commands (buttons, a script),
           then runs the shoe's slow path: EVENT records, end of deal, tray  <- uids, commands
  link     the sync link (firmware/link.py) on the board's serial streams, when there are
  display  redraws the dealer's screen when the shoe says something changed
Reader -> ring -> shoe allocates nothing (tests/firmware/test_app.py runs it under heap_lock).
No real-time clock: records carry seq, the boot counter and ticks_ms (the PC stamps the time).
"""

import asyncio
import gc

from deck import Deck
from journal import Journal
from overplay_core import games
from overplay_core.compat import ticks_diff, ticks_ms
from overplay_core.tally import Tally
from ring import Ring
from shoe import (AWAIT_TRAY, CHECK_SLIP, DEALING, ENROL_DECK, IDLE,  # noqa: F401 - for callers
                  ORIGINAL_DEAL, OVERPLAY_CHECK, Shoe)
from tray import Tray


def _link_module():
    # Imported only when there is a serial link to run (and this build has link.py): the
    # link, wire and session codecs are ~14 KB of code a simulated shoe does without.
    try:
        import link

        return link
    except ImportError:  # a build without the sync link: link_task stays an empty hook
        return None

try:
    _sleep_ms = asyncio.sleep_ms  # MicroPython: no float, no allocation
except AttributeError:  # CPython (tests): the same wait in seconds

    async def _sleep_ms(ms):
        await asyncio.sleep(ms / 1000)  # mpy-ok: CPython only

POLL_MS = 5  # reader idle poll (hardware-facts: poll every <= 10 ms)
DISPLAY_MS = 100

CMD_DEAL = 1  # a: board number (0 = the next one); dealer from the board number
CMD_END = 2  # the dealer says the deal is over
CMD_CHECK = 3  # overplay check: read the tray next
CMD_NEXT_HAND = 4  # overplay check: the hand passed is done
CMD_ENROL = 5  # a: deck id: enrol a deck by dealing it sorted
CMD_STOP = 6  # end the app (tests, session_sim; the board runs until power-off)
CMD_USE_DECK = 7  # a: deck id on the table


def dealer_of(board_no, seats):
    """Duplicate boards rotate the deal: board 1 North (or the first player), then clockwise."""
    return (board_no - 1) % seats


class App:
    def __init__(self, board, game=None, variant=0, table=None, deck_id=1, first_board=1,
                 poll_ms=POLL_MS, display_ms=DISPLAY_MS):
        self.board = board
        self.poll_ms = poll_ms  # 0 in simulation: the simulated chip needs no radio time
        self.display_ms = display_ms
        lk = _link_module() if board.stream_in is not None else None
        settings = lk.Settings(board.root) if lk is not None else None
        self.settings = settings
        key, shoe_id = board.key, board.shoe_id
        if settings is not None and settings.key is not None:
            key, shoe_id = settings.key, settings.shoe_id  # enrolled by the club PC
        setup = self._setup()
        self.game = game or (setup["game"] if setup else games.DUPLICATE_WHIST)
        self.variant = variant if game else (setup["variant"] if setup else variant)
        self.table = table or (setup["table"] if setup else 1)
        self.next_board = setup["first"] if setup and not game else first_board
        self.journal = Journal(board.path("journal", "journal"))
        self.deck = Deck(board.path("decks", "decks.bin"))
        self.deck.use(deck_id)
        self.deck_id = deck_id
        self.profile = games.profile(self.game, self.variant)
        self.tray = Tray.on_board(board, settings, key)  # club slip key, session id
        self.shoe = Shoe(self.profile, Tally(self.profile), self.deck, board.reader,
                         self.journal, key, shoe_id, board.display, table=self.table,
                         tray=self.tray)
        self.shoe.auto_refresh = False  # the display task draws, every display_ms
        if setup:
            self.shoe.tables = setup["tables"]  # the context of a ruling (DW Law IV §9)
        self.uids = Ring(16, 10)  # reader -> dealing: kind = reader result, payload = UID
        self.commands = Ring(8, 4)  # buttons / a script -> dealing: kind, 16-bit a, b
        self._uid = bytearray(10)
        self._got = bytearray(10)
        self._cmd = bytearray(4)
        self.link = None
        if lk is not None:
            self.link = lk.Link(board.stream_in, board.stream_out, self.journal, key, shoe_id,
                                settings)
        self.mode_sel = ORIGINAL_DEAL  # what the DEAL button starts; MODE cycles it
        self._pressed = 0  # buttons down at the last look (bit per button), for edges
        self.running = False
        self.error = None
        self.polls = 0
        self.gc_ms = 0
        self.on_deal_end = None  # a hook: called with the shoe after each deal or check

    def _setup(self):
        s = self.settings
        if s is None or s.setup is None:
            return None
        from overplay_core import session

        return session.decode(s.setup)

    # --- commands ---------------------------------------------------------------------
    def command(self, kind, a=0, b=0):
        """Queue a command for the dealing task; False when the queue is full."""
        return self.commands.put2(kind, a, b)

    def stop(self):
        self.command(CMD_STOP)

    def _do(self, kind, a, b):
        sh = self.shoe
        if kind == CMD_DEAL:
            if sh.state == DEALING:
                return
            n = a or self.next_board
            if sh.start_deal(n, dealer_of(n, self.profile.seats)) == 0:
                self.next_board = n + 1
        elif kind == CMD_END:
            if sh.state == DEALING:
                sh.end_deal()
            else:
                sh.end_check()
            self._between_hands()
        elif kind == CMD_CHECK:
            sh.start_check(a)
        elif kind == CMD_NEXT_HAND:
            sh.next_hand()
        elif kind == CMD_ENROL:
            if sh.start_enrol(a) == 0:
                self.deck_id = a
        elif kind == CMD_USE_DECK:
            self.deck.use(a)
        elif kind == CMD_STOP:
            self.running = False

    def _between_hands(self):
        # hardware-facts target 3: collect between hands, never while a tag is in the field.
        t = ticks_ms()
        gc.collect()
        self.gc_ms = ticks_diff(ticks_ms(), t)
        if self.on_deal_end is not None:
            self.on_deal_end(self.shoe)

    # --- one step of each task (also what the tests call) -----------------------------
    def read_once(self):
        """The reader task's step: one poll; a result that is not 'no tag' goes to the ring."""
        r = self.board.reader
        n = r.read_uid(self._uid)
        self.polls += 1
        if n == 0:
            if self.shoe.colliding:
                self.uids.put(0, None, 0)  # the field is clear again
            return 0
        if n > 0:
            r.halt()  # HLTA: REQA will not find this tag again while it stays in the field
        self.uids.put(n & 0xFF, self._uid, n if n > 0 else 0)
        return n

    def take_uids(self):
        """Every queued reader result through the shoe: the hot half of the dealing task
        (ring -> card int -> seat), which allocates nothing."""
        sh = self.shoe
        got = self._got
        while True:
            k = self.uids.get(got)
            if k < 0:
                return
            sh.on_uid(got, k - 256 if k > 127 else k)

    def buttons(self):
        """Buttons to commands, on the press (pull-ups: 0 = pressed).

        DEAL starts what MODE selected (original deal, overplay check, enrol deck) and, while
        dealing or checking, ends it; NEXT: the hand passed is done; MODE: the next mode."""
        b = self.board
        if not b.buttons:
            return
        now = (b.pressed("deal") and 1) | (b.pressed("next") and 2) | (b.pressed("mode") and 4)
        edge = now & ~self._pressed
        self._pressed = now
        st = self.shoe.state
        if edge & 1:
            if st in (IDLE, AWAIT_TRAY):
                if self.mode_sel == OVERPLAY_CHECK:
                    self.command(CMD_CHECK)
                elif self.mode_sel == ENROL_DECK:
                    self.command(CMD_ENROL, self.deck_id)
                else:
                    self.command(CMD_DEAL)
            else:
                self.command(CMD_END)
        if edge & 2:
            self.command(CMD_NEXT_HAND)
        if edge & 4 and st in (IDLE, AWAIT_TRAY):
            self.mode_sel = (ORIGINAL_DEAL, OVERPLAY_CHECK, ENROL_DECK)[self.mode_sel % 3]
            self.shoe.message = ("deal", "overplay check", "enrol deck")[self.mode_sel - 1]
            self.shoe.changed = True

    def deal_once(self):
        """The dealing task's step: queued UIDs through the shoe, buttons, one command, then
        the shoe's slow path (records, the tray, the screen)."""
        sh = self.shoe
        self.take_uids()
        self.buttons()
        k = self.commands.get(self._cmd)
        if k > 0:
            c = self._cmd
            self._do(k, c[0] | (c[1] << 8), c[2] | (c[3] << 8))
        was = sh.state
        sh.service()
        if sh.tick():
            self._between_hands()
        elif was != IDLE and sh.state == IDLE and sh.ended:
            self._between_hands()  # a check or tray write just finished

    # --- the tasks --------------------------------------------------------------------
    def _fail(self, e):
        # A task that dies stops the app (and says why) instead of leaving it half-alive.
        self.error = e
        self.running = False
        print("shoe app stopped: %s: %s" % (e.__class__.__name__, e))

    async def reader_task(self):
        try:
            while self.running:
                self.read_once()
                await _sleep_ms(self.poll_ms)
        except Exception as e:  # noqa: BLE001 - reported once, in one place
            self._fail(e)

    async def deal_task(self):
        try:
            while self.running:
                self.deal_once()
                await _sleep_ms(self.poll_ms)
        except Exception as e:  # noqa: BLE001
            self._fail(e)

    async def display_task(self):
        try:
            while self.running:
                self.shoe.refresh()
                await _sleep_ms(self.display_ms)
        except Exception as e:  # noqa: BLE001
            self._fail(e)

    async def link_task(self):
        # The serial link, when this build has firmware/link.py and the board has streams.
        if self.link is None:
            return
        while self.running:
            await _sleep_ms(0 if self.link.poll() else self.poll_ms)

    async def main(self, extra=()):
        """Run every task until CMD_STOP; `extra` coroutines (a scripted dealer) run too."""
        self.running = True
        tasks = [asyncio.create_task(self.reader_task()),
                 asyncio.create_task(self.deal_task()),
                 asyncio.create_task(self.display_task()),
                 asyncio.create_task(self.link_task())]
        for coro in extra:
            tasks.append(asyncio.create_task(coro))
        while self.running:
            await _sleep_ms(20)
        for t in tasks:
            t.cancel()
        self.journal.commit()


def run(board, **kw):
    """Boot entry: build the app on a board and run it for ever (main.py calls this)."""
    a = App(board, **kw)
    asyncio.run(a.main())
    return a
