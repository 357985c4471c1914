"""The shoe's application: asyncio tasks for the reader, the dealing, the sync link, the display.

    import shoe.app as app, shoe.board as board
    app.run(board.build())                     # on the Pico (main.py does this)
    a = app.App(sim.board.simulated(), game=1) # tests, the unix port, sim/session.py
    a.command(app.CMD_DEAL, board_no)          # what the DEAL button does; CMD_END, ...
    asyncio.run(a.main())                      # until a.stop()

Tasks and the preallocated rings between them (style.md rule 5):
  reader   polls the MFRC522 every POLL_MS; a tag read is halted at once and its UID put in
           the `uids` ring (kind = the reader's result as a byte)          -> uids
  dealing  takes UIDs into the shoe (the hot path), takes commands (buttons, a script),
           then runs the shoe's slow path: EVENT records, end of deal, tray  <- uids, commands
  link     watches the board's serial line; at the PC's first byte loads shoe/link.py and
           makes the Link, which runs the sync; when the sync ends both are let go (link_once)
  display  redraws the dealer's screen when the shoe says something changed (or the
           scoring terminal's, shoe/terminal.py, while the table uses it)
A task that raises is restarted after its fault is recorded (EVENT task_fault) and shown;
after MAX_FAULTS faults of one task the app stops (see _fault).
Reader -> ring -> shoe allocates nothing (tests/firmware/test_app.py runs it under heap_lock).
No real-time clock: records carry seq, the boot counter and ticks_ms (the PC stamps the time).
"""

import asyncio
import gc
import sys

from overplay_core import games, records
from overplay_core.compat import ticks_diff, ticks_ms
from overplay_core.tally import Tally
from shoe import VERSION
import shoe.screens as screens  # noqa: F401 - the dealer's words, loaded with the app
from shoe.dealing import Shoe
from shoe.deck import Deck
from shoe.journal import Journal
from shoe.ring import Ring
from shoe.states import (ACT_PIN_SET, AWAIT_TRAY, DEALING, ENROL_DECK, ENROLLING, IDLE,
                         ORIGINAL_DEAL, OVERPLAY_CHECK)
from shoe.tray import Tray


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

# Tasks, as EVENT task_fault's a (records.EV_TASK_FAULT; their names: screens.TASK_NAMES)
TASK_READER = 1
TASK_DEALING = 2
TASK_DISPLAY = 3
TASK_LINK = 4
MAX_FAULTS = 3  # faults of one task before the app stops: a fault that keeps coming is a bug


def dealer_of(board_no, seats):
    """Duplicate boards rotate the deal: board 1 North (or the first player), then clockwise."""
    return (board_no - 1) % seats


class App:
    boot_faults = ()  # faults found at power-on, not yet recorded (faults.boot)
    terminal = None  # the scoring terminal, once made (scoring())
    _scores = False  # True: this shoe has one (its buttons), made when first needed

    def __init__(self, board, game=None, variant=0, table=None, deck_id=1, first_board=1,
                 poll_ms=POLL_MS, display_ms=DISPLAY_MS, terminal=None):
        self.board = board
        self.poll_ms = poll_ms  # 0 in simulation: the simulated chip needs no radio time
        self.display_ms = display_ms
        settings = None
        if board.stream_in is not None:  # a serial link to run (a simulated shoe has none)
            from shoe.settings import Settings

            settings = Settings(board.root)
        self.settings = settings
        key, shoe_id = board.key, board.shoe_id
        if settings is not None and settings.key is not None:
            key, shoe_id = settings.key, settings.shoe_id  # enrolled by the club PC
        # Files found damaged at power-on, (name, the exception or None): the shoe boots all
        # the same, shows and records them, and keeps the link up (faults.boot)
        found = []
        setup = self._setup()
        self.game = game or (setup["game"] if setup else games.DUPLICATE_WHIST)
        self.variant = variant if game else (setup["variant"] if setup else variant)
        self.table = table or (setup["table"] if setup else 1)
        # (first, last) board of the set-up (None: any board); a set-up that came while a
        # deal was in progress, taken when it is over (take_setup)
        self.boards = (setup["first"], setup["last"]) if setup and not game else None
        self.setup_id = setup["setup_id"] if self.boards else 0  # the set-up in force
        # Under a set-up the table follows its movement (overplay_core.movement): the first
        # round's board set, then Movement.next_board after each board; 0 once the table's
        # last round is dealt. The next board survives a power cut: next.bin (_dealt)
        self.next_board = first_board
        self.pending = None
        # The RAM batch, committed at the end of each deal: 512 bytes hold the DEAL record
        # (56 bytes signed and framed, 88 with 32 findings) and 9 irregularity EVENTs (45
        # each with a UID). A deal with more commits mid-deal as well (Shoe._append): one
        # more flash write in a deal gone that wrong. Journal's default (1024) held 20.
        self.journal = Journal(board.path("journal", "journal"), batch_bytes=512)
        if self.journal.faults:
            found.append(("journal", None))
        self.deck = Deck(None)
        self.deck.path = board.path("decks", "decks.bin")
        try:
            self.deck.load()
        except (ValueError, OSError) as e:  # no deck enrolled until the decks are again
            self.deck._clear()
            found.append(("decks", e))
        self.deck.use(deck_id)
        self.deck_id = deck_id
        try:
            self.profile = games.profile(self.game, self.variant)
        except Exception:  # noqa: BLE001 - a set-up this firmware cannot deal: refused
            self.profile = games.profile(games.DUPLICATE_WHIST)
            found.append(("session.bin", None))
        self.tray = Tray.on_board(board, settings, key)  # club slip key, session id
        self.shoe = Shoe(self.profile, Tally(self.profile), self.deck, board.reader,
                         self.journal, key, shoe_id, board.display, table=self.table,
                         tray=self.tray)
        self.shoe.auto_refresh = False  # the display task draws, every display_ms
        # an exposed card is noted under the board this table deals next (0: its movement done)
        self.shoe.upcoming = lambda: self.next_board
        if setup:
            self.shoe.tables = setup["tables"]  # the context of a ruling (DW Law IV §9)
        if self.boards:  # the table's place in its movement: shoe/rounds.py
            import shoe.rounds as rounds

            rounds.follow(self, setup)
        # reader -> dealing: kind = reader result, payload = UID (ISO 14443: up to 10 bytes).
        # The reader task puts at most one result a step and the dealing task takes them all
        # each step; asyncio runs one task at a time, so a slow step (a flash commit, a tray
        # write) holds the reader up too, and the ring holds 1-2 (session_sim's high-water
        # mark: 1). 8 slots are four times that; a ninth would be counted in `dropped`.
        self.uids = Ring(8, 10)
        # buttons / a script -> dealing: kind, 16-bit a, b (a few a second at most: no views)
        self.commands = Ring(8, 4, False)
        # One 10-byte buffer (an ISO 14443 UID is at most 10) for the reader's UID, the UID
        # taken from the ring and the command taken: each step fills it and is done with it
        # before it yields (asyncio switches tasks only at an await), so they never overlap.
        # It is the uids ring's slot size: put_slot/get_slot copy it whole, in one C copy each
        # and no size checks (13,190 RP2040 cycles a card for the pair against 20,850 for
        # put/get on the emulated Pico: docs/firmware.md, "#12's last two targets met").
        self._uid = bytearray(10)
        self._got = self._cmd = self._uid
        # The sync link (shoe/link.py) and its Link exist only while a PC talks to the shoe
        # (link_once); between syncs the link task only asks the line whether a byte came:
        # any() on a UART-like stream, else a poll object (the Pico's USB serial, a pty)
        self.link = None
        self._poller = None
        if settings is not None and not hasattr(board.stream_in, "any"):
            import select

            self._poller = select.poll()
            self._poller.register(board.stream_in, select.POLLIN)
        # The scoring terminal: on a shoe with buttons (the table keys in its scores there),
        # or when asked (tests); made, and shoe/terminal.py loaded, when first needed
        # (scoring()), not at power-on: ~3 KB of heap a shoe has free until then.
        if terminal or (terminal is None and board.buttons):
            self._scores = True
        self.faults = [0, 0, 0, 0, 0]  # per task (TASK_*)
        if setup:
            self.session_record(setup)
        self.mode_sel = ORIGINAL_DEAL  # what the DEAL button starts; MODE cycles it
        self._pressed = 0  # buttons down at the last look (bit per button), for edges
        if found or (settings is not None and settings.bad) or board.pressed("mode"):
            import shoe.faults as faults  # the rare boot: damaged files, or MODE held to re-key

            faults.boot(self, found)
        if getattr(board.reader, "version", 0) < 0 or getattr(board.display, "absent", False):
            import shoe.faults as faults  # the rare boot: a reader or a display not answering

            faults.devices_missing(self)
        self.running = False
        self.error = None
        self.polls = 0
        self.gc_ms = 0
        self.on_deal_end = None  # a hook: called with the shoe after each deal or check

    def scoring(self):
        """The scoring terminal (None on a shoe without one), made the first time it is
        needed: a deal or check over (the table may score it), NEXT+MODE (the director's
        PIN), a director's PIN over the link. Its PIN tries and lockout are on flash
        (terminal.py), so making it late loses nothing."""
        t = self.terminal
        if t is None and self._scores:
            import shoe.terminal as T

            # the director's PIN: as the club PC sent it over the link (Settings), else the
            # terminal's own file (copied by hand on an older set-up)
            s = self.settings
            t = self.terminal = T.Terminal(self.shoe, self.board.display,
                                           self.board.path("pin", "pin.bin"),
                                           s.pin if s is not None else None)
        return t

    def _setup(self):
        s = self.settings
        if s is None or s.setup is None:
            return None
        from overplay_core import session

        return session.decode(s.setup)

    def session_record(self, setup):
        """A signed SESSION record of the set-up the club PC pushed (session.decode dict):
        written when the app starts with a set-up and when a new one arrives, so every
        record after it belongs to that session (docs/results.md)."""
        sh = self.shoe
        j = self.journal
        n = records.encode_session(sh.rec, j.next_seq, j.boot, sh.clock() & 0x3FFFFFFF,
                                   sh.shoe_id, VERSION, setup["setup_id"], setup["game"],
                                   setup["variant"], setup["table"], setup["tables"],
                                   setup["first"], setup["last"], setup["movement"])
        sh._append(n)  # nothing without a key: an unenrolled shoe signs no record
        sh._commit()

    def _on_settings(self, kind):
        """The link stored a new enrolment, set-up or director's PIN (link.on_settings)."""
        from overplay_core import wire  # loaded with the link that calls this

        s = self.settings
        sh = self.shoe
        if kind == wire.PIN_SET:
            self._pin_set_record()
            if sh.alert:
                import shoe.faults as faults

                faults.clear(sh, faults.ALERT_FILE + faults.FILE_PIN)  # a good PIN file came
        if s.key is not None:  # records are signed with the key the club PC just gave
            had = sh.key is not None
            sh.key, sh.shoe_id = s.key, s.shoe_id
            if kind == wire.ENROLL:
                import shoe.faults as faults

                faults.enrolled(self, had)
        if hasattr(self.tray, "take"):
            self.tray.take(s)  # the club slip key and the session id, without a restart
        t = self.scoring() if kind == wire.PIN_SET else self.terminal
        if t is not None and s.pin is not None:
            t.pin = s.pin  # a new director's PIN (wire.PIN_SET) counts at once
        setup = self._setup()
        if kind != wire.SESSION_SET or setup is None:
            return
        self.pending = setup
        if sh.state == IDLE:
            self.take_setup()  # else when the deal in progress is over (App.deal_once, App._do)

    def _pin_set_record(self):
        """EVENT director_action ACT_PIN_SET: a new director's PIN is a director action, so the
        shoe journals it as it journals each one taken at the table (the club PC's own record
        of it is its pins table); it goes to the club PC in the same sync."""
        sh = self.shoe
        j = self.journal
        n = records.encode_event(sh.rec, j.next_seq, j.boot, sh.clock() & 0x3FFFFFFF,
                                 records.EV_DIRECTOR, 0, ACT_PIN_SET, 0)
        sh._append(n)  # nothing without a key: an unenrolled shoe signs no record
        sh._commit()

    # --- commands ---------------------------------------------------------------------
    def command(self, kind, a=0, b=0):
        """Queue a command for the dealing task; False when the queue is full."""
        return self.commands.put2(kind, a, b)

    def stop(self):
        self.command(CMD_STOP)

    def _do(self, kind, a, b):
        sh = self.shoe
        if sh.blocked and kind in (CMD_DEAL, CMD_CHECK, CMD_ENROL):
            import shoe.faults as faults

            if sh.blocked == faults.ALERT_NO_READER and not faults.reader_again(self):
                sh._show()
                return  # still no reader: nothing is dealt (the screen says what to do)
        start = (kind == CMD_DEAL or kind == CMD_CHECK or kind == CMD_ENROL) and \
            (sh.state == IDLE or sh.state == AWAIT_TRAY)
        self._carry_out(kind, a)
        if start and sh.state != IDLE and sh.state != AWAIT_TRAY:
            # A deal, check or enrolment has just started: the dealer has just pressed DEAL
            # and no card is over the reader yet, a safe point (hardware-facts target 3). Its
            # first screen is drawn now, then what was made since the last hand (the scoring
            # screens, a tray write, a sync, this start and its screen) is dropped: the deal
            # runs on the live data plus only what its cards make (a screen drawn after the
            # collection kept ~1.3 KB of garbage on the heap until the deal's end).
            self._display_once()
            self._collect()

    def _carry_out(self, kind, a):
        """One command (CMD_*), as _do takes it: _do adds the collection at a start."""
        sh = self.shoe
        if kind == CMD_DEAL:
            if sh.state == DEALING:
                return
            n = a or self.next_board
            r = self.boards
            if r is not None and not r[0] <= n <= r[1]:  # not in this set-up's boards, or 0:
                # the table's last round is dealt (shoe/rounds.py)
                sh.message = "B%d not in %d-%d" % (n, r[0], r[1]) if n else "table done"
                sh._show()
                return
            if sh.start_deal(n, dealer_of(n, self.profile.seats)) == 0:
                if r is None:
                    self.next_board = n + 1
                else:
                    import shoe.rounds as rounds

                    rounds.dealt(self, n)
        elif kind == CMD_END:
            if sh.state == DEALING:
                sh.end_deal()
                self._dealt()
            else:
                sh.end_check()
            self._between_hands()
        elif kind == CMD_CHECK:
            sh.start_check(a)
        elif kind == CMD_NEXT_HAND:
            was = sh.state
            sh.next_hand()
            if was != IDLE and sh.state == IDLE:  # the dealer's hand ended the check:
                self._between_hands()  # the table may play the board (the terminal)
        elif kind == CMD_ENROL:
            if sh.start_enrol(a) == 0:
                self.deck_id = a
        elif kind == CMD_USE_DECK:
            self.deck.use(a)
        elif kind == CMD_STOP:
            self.running = False

    def _dealt(self):
        """An original deal just ended: under a set-up, once its DEAL record is on flash, the
        next board goes to next.bin (shoe/settings.py), so a shoe switched off and on offers
        that board, not the set-up's first again. Not when the deal starts (a deal cut off
        by power-off is dealt again), nor when the record is not stored or only in RAM."""
        s = self.settings
        j = self.journal
        if self.boards is None or self.shoe.lost or j.committed_seq != j.next_seq - 1:
            return
        try:
            s.save_next_board(self.setup_id, self.next_board or self.boards[1] + 1)  # 0: done
        except OSError:  # the flash refused: the journal has the deal; a power-on offers
            pass  # the board after the last one saved, as before this deal

    def _collect(self):
        # hardware-facts target 3: collect between hands, never while a tag is in the field
        # (after a deal, before the next, after a sync); gc_ms: how long the last one took.
        t = ticks_ms()
        gc.collect()
        self.gc_ms = ticks_diff(ticks_ms(), t)

    def _between_hands(self, played=True):
        sh = self.shoe
        if self.boards is not None:
            import shoe.rounds as rounds  # a checked board is played: the movement goes on

            rounds.checked(self)
        if played and self._scores and sh.board and sh.mode in (ORIGINAL_DEAL, OVERPLAY_CHECK):
            # the table may now begin play and, after it, key in the score
            self.scoring().ready(sh.board, sh.dealer, 0 if sh.mode == ORIGINAL_DEAL else 1)
        # last: what the deal's end and the scoring terminal's set-up made (~2.7 KB on the
        # Pico, bench_pico's min_between when this came first) is dropped with the rest
        self._collect()
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
        self.uids.put_slot(n & 0xFF, self._uid, n if n > 0 else 0)  # _uid: a whole slot
        return n

    def take_uids(self):
        """Every queued reader result through the shoe: the hot half of the dealing task
        (ring -> card int -> seat), which allocates nothing."""
        sh = self.shoe
        got = self._got
        while True:
            k = self.uids.get_slot(got)
            if k < 0:
                return
            sh.on_uid(got, k - 256 if k > 127 else k)

    def buttons(self):
        """Buttons to commands, on the press (pull-ups: 0 = pressed): _press.

        DEAL starts what MODE selected (original deal, overplay check, enrol deck) and, while
        dealing or checking, ends it; NEXT: the hand passed is done; MODE: the next mode."""
        if self.board.buttons:
            self._press()

    def _press(self):
        """App.buttons on a board that has them: edges to commands, or to the terminal."""
        b = self.board
        now = (b.pressed("deal") and 1) | (b.pressed("next") and 2) | (b.pressed("mode") and 4)
        edge = now & ~self._pressed
        self._pressed = now
        if self._scores and edge and now & 6 == 6:  # NEXT and MODE: the director's PIN
            self.scoring().open_director()
            return
        term = self.terminal
        if term is not None and edge:
            if term.active:  # the scoring terminal has the buttons
                term.press(edge)
                return
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
            if self.mode_sel == OVERPLAY_CHECK and self.profile.game != games.DUPLICATE_WHIST:
                self.mode_sel = ENROL_DECK  # only duplicate whist has an overplay to check
            self.shoe.message = ("deal", "overplay check", "enrol deck")[self.mode_sel - 1]
            self.shoe.changed = True

    def take_setup(self):
        """Deal as the pending set-up says from the next deal on: game, variant (so the pack),
        board range, table and tables engaged; then the SESSION record that says so. Never
        mid-deal: the app calls this only with no deal in progress (a tray still to be written
        is given up, as a new deal gives it up). A set-up this firmware cannot deal (a variant
        it does not know) is refused: the shoe deals nothing until a good one comes (the
        screen says so), so no record ever says one game while the cards are dealt as another.
        """
        setup = self.pending
        self.pending = None
        sh = self.shoe
        sh.state = IDLE
        try:
            p = games.profile(setup["game"], setup["variant"])
        except Exception:  # noqa: BLE001 - RuleError: refused, said, recorded below
            p = None
        import shoe.faults as faults  # (loaded for a set-up only: a rare event)

        if p is None:
            sh.blocked = sh.alert = faults.ALERT_SETUP
        else:
            if p is not self.profile:
                self.profile = sh.profile = p
                sh.tally = Tally(p)
            self.game, self.variant = setup["game"], setup["variant"]
            if sh.blocked == faults.ALERT_SETUP:  # (not a reader missing: that stays)
                sh.blocked = 0
                faults.clear(sh, faults.ALERT_SETUP)
        sh.tables = setup["tables"]
        sh.table = self.table = setup["table"]
        if self.terminal is not None and setup["setup_id"] != self.setup_id:
            self.terminal.new_session()  # boards dealt before it are not this session's
        self.boards = (setup["first"], setup["last"])
        self.setup_id = setup["setup_id"]
        # a new set-up from the table's first board; the one in force pushed again goes on
        # where it was. Loading the movement is the one allocation of any size here: on the
        # collected heap (a rare event, the shoe idle: no card over the reader), and if even
        # that runs out the set-up stays pending, taken up whole at the next step after the
        # task's fault handler has collected (never a set-up without its movement)
        gc.collect()
        try:
            import shoe.rounds as rounds

            rounds.follow(self, setup)
        except MemoryError:
            self.pending = setup
            raise
        sh.ended = False  # the screen: the new set-up, not the last deal's findings
        sh.message = "set-up %d" % setup["setup_id"] if p is not None else "deal refused"
        sh.changed = True
        self.session_record(setup)  # the method: a caller may wrap it (demo_table.py)
        if p is None:  # what the PC pushed is on record (SESSION); that it cannot be dealt too
            if sh._note(records.EV_FILE_FAULT, faults.FILE_SESSION, faults.FAULT_DAMAGED):
                sh._commit()

    def deal_once(self):
        """The dealing task's step: queued UIDs through the shoe, buttons, one command, then
        the shoe's slow path (records, the tray, the screen)."""
        sh = self.shoe
        self.take_uids()
        self.buttons()
        k = self.commands.get(self._cmd)
        if self.pending is not None and (sh.state == IDLE or sh.state == AWAIT_TRAY and (
                k == CMD_DEAL or k == CMD_CHECK or k == CMD_ENROL)):
            # a set-up that came during a deal: that deal is over (a tray slip not yet
            # written is given up for a new deal, as always)
            self.take_setup()
        if k > 0:
            c = self._cmd
            self._do(k, c[0] | (c[1] << 8), c[2] | (c[3] << 8))
        was = sh.state
        sh.service()
        if sh.tick():
            self._dealt()
            self._between_hands()
        elif was != IDLE and sh.state == IDLE and sh.ended:
            # a check or tray write just finished (an enrolment: no board to play)
            self._between_hands(was != ENROLLING)

    # --- the tasks --------------------------------------------------------------------
    def _fault(self, task, e):
        """A task raised: count it; _record_fault records it (EVENT task_fault), shows it and
        says why; True to restart the task, False (after MAX_FAULTS of one task) to stop.

        Restart, because a shoe at a table must go on recording; stop after MAX_FAULTS, since
        a fault that comes back every time is a bug (_record_fault says more). The count and
        the decision stay here: if even recording it fails (no room after a MemoryError), a
        fault that keeps coming still stops the app."""
        self.faults[task] += 1
        self.error = e
        gc.collect()  # the usual fault is a MemoryError: make room before loading anything
        try:
            self._record_fault(task, e)
        except Exception:  # noqa: BLE001 - no room even for that: counted all the same
            pass
        if self.faults[task] < MAX_FAULTS:
            return True
        self.running = False
        return False

    def _record_fault(self, task, e):
        """Record a task's fault (EVENT task_fault: a = task, b = 1 MemoryError, 2 OSError, 3
        other) if the journal can still take it, and show it; App._fault has counted it.

        The task is restarted (App._fault) because a shoe at a table must go on recording:
        committed records are safe on flash, the shoe's state is kept, and the usual fault (a
        MemoryError from a fragmented heap) clears after a collection. After MAX_FAULTS of one
        task the app stops: a fault that comes back every time is a bug, and restarting it for
        ever would fill the journal with fault events and hide it."""
        kind = 1 if isinstance(e, MemoryError) else (2 if isinstance(e, OSError) else 3)
        try:
            sh = self.shoe
            j = self.journal
            n = records.encode_event(sh.rec, j.next_seq, j.boot, sh.clock() & 0x3FFFFFFF,
                                     records.EV_TASK_FAULT, sh.board, task, kind)
            sh._append(n)
            j.commit()
        except Exception:  # noqa: BLE001 - no room even for that: the screen still says it
            pass
        try:
            import shoe.faults as faults

            self.board.display.show(faults.task_screen(self.shoe, task, e))
        except Exception:  # noqa: BLE001
            pass
        if self.faults[task] >= MAX_FAULTS:  # App._fault stops the app: say why
            print("shoe app stopped: %s: %s" % (e.__class__.__name__, e))

    async def _run(self, task, step, pause):
        """Run step() until the app stops; a fault is recorded and the loop started again."""
        while self.running:
            try:
                while self.running:
                    ms = step()
                    await _sleep_ms(pause if ms is None else ms)
            except Exception as e:  # noqa: BLE001 - reported once, in one place
                if not self._fault(task, e):
                    return
                await _sleep_ms(100)

    enrol_open = False  # re-keying opened at the shoe (faults.boot): each Link is told
    syncs = 0  # syncs the PC ended with DONE, over every Link this power-on
    _let_go = False  # a Link went at the last link step: collect (link_once)
    _syncing = False  # the sync screen is up (_sync_shown)
    _sync_acked = -1

    def _sync_shown(self):
        """While a sync runs the panel says so, how far it is and what to do (the link is in
        use: do not unplug); True while the sync screen is up (redrawn only when the PC has
        acknowledged more). When it ends, link_once says how it went."""
        lk = self.link
        if lk is None or not lk.active:
            return False
        if not self._syncing or lk.acked != self._sync_acked:
            self._syncing = True
            self._sync_acked = lk.acked
            import shoe.link as link

            self.board.display.show(link.sync_screen(self.shoe, lk, self.journal))
        return True

    def _heard(self):
        """A byte waits on the serial line (allocates nothing)."""
        p = self._poller
        if p is None:
            return self.board.stream_in.any() > 0
        if hasattr(p, "ipoll"):  # MicroPython: no result list allocated per call
            for _ in p.ipoll(0):
                return True
            return False
        return bool(p.poll(0))

    def link_once(self):
        """The link task's step. With no sync running it only looks at the line; the PC's
        first byte loads shoe/link.py and makes the Link (for the enrolment, the key and the
        set-up it is handed self.settings, re-keying's state, the shoe's key and id), which
        reads it. When the sync ends (the Link's own stop: DONE, or IDLE_MS without a good
        frame) the Link goes, and so does the code loaded for it: out of sys.modules and
        off its package, so a collection returns its heap (the next sync loads it again).
        That collection is made at the next step (this one's frame still holds the Link),
        and only with no deal in progress (never a card in the field: hardware-facts
        target 3); mid-deal, the collection between hands takes it."""
        lk = self.link
        if lk is None:
            if self._let_go:
                self._let_go = False
                st = self.shoe.state
                if st == IDLE or st == AWAIT_TRAY:
                    self._collect()  # the Link, its code and the records it framed
            if not self._heard():
                return self.poll_ms
            import shoe.link as link

            sh = self.shoe
            lk = self.link = link.Link(self.board.stream_in, self.board.stream_out,
                                       self.journal, sh.key, sh.shoe_id, self.settings,
                                       enrol_open=self.enrol_open)
            lk.on_settings = self._on_settings
        busy = lk.poll()
        if lk.dec is None:  # the sync is over (or the bytes were no frame at all)
            self._unlink(lk)
        return 0 if busy else self.poll_ms

    def _unlink(self, lk):
        """The sync is over: what the PC has on the shoe's screen (when the sync screen was
        up), the link's code out of sys.modules and off its package."""
        self.link = None
        self.syncs += lk.syncs
        sh = self.shoe
        if self._syncing:  # the sync screen was up: the shoe's screen says how it went
            self._syncing = False
            import shoe.link as link

            sh.message = link.sync_done(lk, self.journal)
            sh.changed = True
            if self.terminal is not None and self.terminal.active:
                self.terminal.changed = True
        self._let_go = True
        for name in ("shoe.link", "overplay_core.wire", "overplay_core.pin"):
            if name in sys.modules:
                del sys.modules[name]
                dot = name.rindex(".")
                pkg = sys.modules[name[:dot]]
                if hasattr(pkg, name[dot + 1:]):
                    delattr(pkg, name[dot + 1:])

    def _display_once(self):
        if self._sync_shown():
            return
        sh = self.shoe
        t = self.terminal
        if t is not None and t.active:
            drawn = t.changed or sh.changed
            if sh.changed:  # the shoe's news (the tray written) shows on its screen
                sh.changed = False
                t.changed = True
            t.refresh()
        else:
            drawn = sh.changed
            if self.boards is not None:  # the round screen while idle (shoe/rounds.py)
                import shoe.rounds as rounds

                rounds.draw(self)
            else:
                sh.refresh()
        if drawn and (sh.state == IDLE or sh.state == AWAIT_TRAY):
            # A whole screen drawn with no deal in progress (the scoring terminal's, the
            # shoe's after MODE, a stray card's message): its lines are garbage now, ~1-2.5 KB
            # a screen on the Pico. Dropped at once, they do not pile up between two hands
            # on top of the next deal's start (the session's lowest free heap was there).
            self._collect()

    async def reader_task(self):
        await self._run(TASK_READER, self.read_once_task, self.poll_ms)

    def read_once_task(self):
        self.read_once()

    async def deal_task(self):
        await self._run(TASK_DEALING, self.deal_once, self.poll_ms)

    async def display_task(self):
        await self._run(TASK_DISPLAY, self._display_once, self.display_ms)

    async def link_task(self):
        """The serial link (link_once), supervised like the others; nothing to run on a
        board without a serial line (a simulated shoe)."""
        if self.settings is not None:
            await self._run(TASK_LINK, self.link_once, self.poll_ms)

    async def main(self, extra=()):
        """Run every task until CMD_STOP; `extra` coroutines (a scripted dealer) run too."""
        self.running = True
        self._collect()  # what building the board and the app left (no card out yet)
        tasks = [asyncio.create_task(self.reader_task()),
                 asyncio.create_task(self.deal_task()),
                 asyncio.create_task(self.display_task())]
        if self.settings is not None:  # no link task on a shoe without a serial link
            tasks.append(asyncio.create_task(self.link_task()))
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
