"""app.py's paths a shoe dealing on its own without incident never takes, loaded on first use:
the SESSION record of a pushed set-up, new settings from the link, the link's task, the
buttons (a board with buttons loads it at start, for App.buttons) and a task's fault.

    a.session_record(setup)      # App's methods call these with the app as `self`
    app_more.fault(a, app.TASK_READER, e)    # App._fault: record and show a task's fault

A fault is the one path here that may run with the heap short: App._fault counts it and
decides restart or stop itself, and collects before importing this module, so a fault still
stops the app after MAX_FAULTS even if this module cannot load.
"""

from shoe.app import (AWAIT_TRAY, CMD_CHECK, CMD_DEAL, CMD_END, CMD_ENROL, CMD_NEXT_HAND, ENROL_DECK,
                 EV_TASK_FAULT, FW, IDLE, MAX_FAULTS, ORIGINAL_DEAL, OVERPLAY_CHECK, TASK_LINK)

TASK_NAMES = ("", "reader", "dealing", "display", "link")  # app.TASK_*, for the screen


def session_record(self, setup):
    """A signed SESSION record of the set-up the club PC pushed (session.decode dict):
    written when the app starts with a set-up and when a new one arrives, so every
    record after it belongs to that session (docs/results.md)."""
    from overplay_core import records

    sh = self.shoe
    j = self.journal
    n = records.encode_session(sh.rec, j.next_seq, j.boot, sh.clock() & 0x3FFFFFFF,
                               sh.shoe_id, FW, setup["setup_id"], setup["game"],
                               setup["variant"], setup["table"], setup["tables"],
                               setup["first"], setup["last"], setup["movement"])
    sh._append(n)  # nothing without a key: an unenrolled shoe signs no record
    sh._commit()


ACT_PIN_SET = 7  # = terminal.ACT_PIN_SET (app_terminal_cases checks): no terminal needed
PIN_SET = 13  # = link.PIN_SET: the kind on_settings is called with for a new PIN


def pin_set_record(self):
    """EVENT director_action ACT_PIN_SET: a new director's PIN is a director action, so the
    shoe journals it as it journals each one taken at the table (the club PC's own record
    of it is its pins table); it goes to the club PC in the same sync."""
    from overplay_core import records

    sh = self.shoe
    j = self.journal
    n = records.encode_event(sh.rec, j.next_seq, j.boot, sh.clock() & 0x3FFFFFFF,
                             records.EV_DIRECTOR, 0, ACT_PIN_SET, 0)
    sh._append(n)  # nothing without a key: an unenrolled shoe signs no record
    sh._commit()


def on_settings(self, kind):
    """The link stored a new enrolment, set-up or director's PIN (link.on_settings)."""
    from overplay_core import wire

    s = self.settings
    sh = self.shoe
    if kind == PIN_SET:
        pin_set_record(self)
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
    if self.terminal is not None and s.pin is not None:
        self.terminal.pin = s.pin  # a new director's PIN (link.PIN_SET) counts at once
    setup = self._setup()
    if kind != wire.SESSION_SET or setup is None:
        return
    self.pending = setup
    if sh.state == IDLE:
        take_setup(self)  # else when the deal in progress is over (App.deal_once, App._do)


def take_setup(self):
    """Deal as the pending set-up says from the next deal on: game, variant (so the pack),
    board range, table and tables engaged; then the SESSION record that says so. Never
    mid-deal: the app calls this only with no deal in progress (a tray still to be written
    is given up, as a new deal gives it up). A set-up this firmware cannot deal (a variant
    it does not know) is refused: the shoe deals nothing until a good one comes (the
    screen says so), so no record ever says one game while the cards are dealt as another.
    """
    from overplay_core import games
    from overplay_core.tally import Tally

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
        if sh.blocked:
            sh.blocked = 0
            faults.clear(sh, faults.ALERT_SETUP)
    sh.tables = setup["tables"]
    sh.table = self.table = setup["table"]
    self.boards = (setup["first"], setup["last"])
    self.setup_id = setup["setup_id"]
    # a new set-up from its first board; the one in force pushed again goes on where it was
    self.next_board = self.settings.next_board(self.setup_id, setup["first"], setup["last"])
    sh.ended = False  # the screen: the new set-up, not the last deal's findings
    sh.message = "set-up %d" % setup["setup_id"] if p is not None else "deal refused"
    sh.changed = True
    self.session_record(setup)  # the method: a caller may wrap it (demo_table.py)
    if p is None:  # what the PC pushed is on record (SESSION); that it cannot be dealt too
        from overplay_core import records

        if sh._note(records.EV_FILE_FAULT, faults.FILE_SESSION, faults.FAULT_DAMAGED):
            sh._commit()


def buttons(self):
    """App.buttons on a board that has them: edges to commands, or to the terminal."""
    b = self.board
    now = (b.pressed("deal") and 1) | (b.pressed("next") and 2) | (b.pressed("mode") and 4)
    edge = now & ~self._pressed
    self._pressed = now
    term = self.terminal
    if term is not None and edge:
        if now & 6 == 6:  # NEXT and MODE together: the director's PIN screen
            term.open_director()
            return
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
        self.shoe.message = ("deal", "overplay check", "enrol deck")[self.mode_sel - 1]
        self.shoe.changed = True


def fault(self, task, e):
    """Record a task's fault (EVENT task_fault: a = task, b = 1 MemoryError, 2 OSError, 3
    other) if the journal can still take it, and show it; App._fault has counted it.

    The task is restarted (App._fault) because a shoe at a table must go on recording:
    committed records are safe on flash, the shoe's state is kept, and the usual fault (a
    MemoryError from a fragmented heap) clears after a collection. After MAX_FAULTS of one
    task the app stops: a fault that comes back every time is a bug, and restarting it for
    ever would fill the journal with fault events and hide it."""
    kind = 1 if isinstance(e, MemoryError) else (2 if isinstance(e, OSError) else 3)
    try:
        from overplay_core import records

        sh = self.shoe
        j = self.journal
        n = records.encode_event(sh.rec, j.next_seq, j.boot, sh.clock() & 0x3FFFFFFF,
                                 EV_TASK_FAULT, sh.board, task, kind)
        sh._append(n)
        j.commit()
    except Exception:  # noqa: BLE001 - no room even for that: the screen still says it
        pass
    try:
        self.board.display.show(("fault: " + TASK_NAMES[task], e.__class__.__name__,
                                 str(e)[:16], "call director"))
    except Exception:  # noqa: BLE001
        pass
    if self.faults[task] >= MAX_FAULTS:  # App._fault stops the app: say why
        print("shoe app stopped: %s: %s" % (e.__class__.__name__, e))


async def link_task(self):
    """The serial link (firmware/link.py on the board's streams), supervised like the others;
    nothing to run when this build or this board has no link."""
    if self.link is None:
        return
    link = self.link

    def once():
        return 0 if link.poll() else self.poll_ms

    await self._run(TASK_LINK, once, self.poll_ms)
