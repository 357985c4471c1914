"""A scripted table through a whole session's screens (unix port, CPython; never on a shoe):
the shoe's own App on a simulated board with buttons, driven through every kind of screen the
dealer and the players see, in order. tests/firmware/test_screens_session.py checks them;
tools/screens_png.py draws each one to a PNG.

    from sim.display import panel_display
    for name, lines in table_screens.session(panel_display):   # or RecordingDisplay
        ...        # name: 'idle', 'dealing', ..., 'no-reader'; lines: the rows drawn

`make_display` is called once per simulated shoe (two are built: the table's, and one whose
reader does not answer). `every_card` yields a 'dealing' screen for each card dealt, else
one (at card 20).
"""

import shoe.app as A
import shoe.faults as faults
import shoe.states as ST
import sim.board as SB
from sim.mfrc522 import SimMFRC522
from sim.tags import uid7


class _Button:
    def __init__(self):
        self.v = 1

    def value(self):
        return self.v



def _app(display, sim=None, game=1):
    b = SB.simulated(flash="host", display=display, sim=sim)
    b.stream_in = b.stream_out = SB.QuietLine()  # the app builds its link (sync screens)
    b.buttons = {"deal": _Button(), "next": _Button(), "mode": _Button()}
    return A.App(b, game=game, poll_ms=0, display_ms=0)


def _press(a, name):
    a.board.buttons[name].v = 0
    a.deal_once()
    a.board.buttons[name].v = 1
    a.deal_once()
    a._display_once()


def _now(a):
    """The display task's step now; the rows it drew."""
    a._display_once()
    return list(a.board.display.lines)


def _close(a):
    a.journal.close()
    SB.remove_folder(a.board.root)


# (game, screen name, NEXT presses on each field before DEAL): bridge whist, N dealt and S
# declares diamonds, doubled, and takes 8; euchre, E-W make trumps, alone, and take 4;
# écarté, P0 dealt, P1 played without proposing, P0 marked the king and took 4. The entry
# screen is the second field's (trumps, alone, king), the confirm screen shows the points.
GAME_ENTRIES = ((2, "bridge-whist", (2, 1, 1, 1)), (3, "euchre", (1, 1, 1)),
                (4, "ecarte", (1, 1, 1)))


def _game_entry(a, name, ups):
    for c in range(53):
        a.deck.enrol(uid7(1, c), 7, c, 1)
    sh = a.shoe
    a.command(A.CMD_DEAL, 1)
    a.deal_once()
    p = sh.profile
    for c in p.pack[:p.deal_cards]:
        sh.on_uid(uid7(1, c), 7)
        sh.service()
    a.command(A.CMD_END)
    a.deal_once()
    _press(a, "deal")  # play begins
    _press(a, "deal")  # key in the score: its first field
    for k in range(len(ups)):
        for _ in range(ups[k]):
            _press(a, "next")
        if k == 1:
            yield "entry-" + name, list(a.board.display.lines)
        _press(a, "deal")
    yield "confirm-" + name, list(a.board.display.lines)


def session(make_display, every_card=False):
    """(name, rows) for each screen of a session at one table, in order."""
    a = _app(make_display())
    try:
        for c in range(53):  # deck 1 enrolled, as a sorted deal would
            a.deck.enrol(uid7(1, c), 7, c, 1)
        yield "idle", _now(a)
        sh = a.shoe
        a.command(A.CMD_DEAL, 1)
        a.deal_once()
        yield "deal-start", _now(a)
        pack = sh.profile.pack
        for i in range(len(pack) - 1):  # one card short: a missing card, ruled on
            sh.on_uid(uid7(1, pack[i]), 7)
            sh.service()
            if every_card or i == 19:
                yield "dealing", _now(a)
            else:
                a._display_once()
        a.command(A.CMD_END)
        a.deal_once()
        yield "ruling", _now(a)
        _press(a, "next")
        _press(a, "next")
        yield "ruling-scrolled", list(a.board.display.lines)
        _press(a, "deal")  # play begins
        yield "playing", list(a.board.display.lines)
        a.terminal.start_entry(9)  # a board this table never dealt
        yield "refused", _now(a)
        _press(a, "deal")  # key in the score: 7 to start
        _press(a, "next")  # 8
        yield "entry", list(a.board.display.lines)
        _press(a, "deal")
        yield "confirm", list(a.board.display.lines)
        _press(a, "deal")
        yield "accept", list(a.board.display.lines)
        _press(a, "mode")  # E-W reject it: keyed in again
        yield "rejected", list(a.board.display.lines)
        _press(a, "deal")
        _press(a, "deal")
        _press(a, "deal")  # accepted: recorded
        yield "recorded", _now(a)
        import shoe.link as link  # what the club PC's first byte loads (App.link_once)

        a.link = link.Link(a.board.stream_in, a.board.stream_out, a.journal, sh.key,
                           sh.shoe_id, a.settings)
        a.link.active = True  # the club PC syncs: the link is in use
        a.link.acked = 3
        yield "sync", _now(a)
        a.link.active = False  # the sync is over: the link task lets the Link go
        a.link.acked = a.journal.next_seq
        a.link_once()
        yield "synced", _now(a)
        sh.alert = faults.ALERT_NEARLY_FULL
        sh.changed = True
        yield "flash-nearly-full", _now(a)
        sh.alert = faults.ALERT_FILE + faults.FILE_DECKS
        sh.changed = True
        yield "damaged-file", _now(a)
        sh.alert = 0
        a._record_fault(A.TASK_READER, MemoryError("memory allocation failed"))
        yield "task-fault", list(a.board.display.lines)
        a.board.buttons["next"].v = 0
        a.board.buttons["mode"].v = 0
        a.deal_once()
        a.board.buttons["next"].v = 1
        a.board.buttons["mode"].v = 1
        a.deal_once()
        yield "director-pin", _now(a)
    finally:
        _close(a)
    # Each other game's score at the terminal: its own fields, then the confirm screen with
    # the points its scoring module gives (NEXT on a field counts it up, DEAL moves on).
    for game, name, ups in GAME_ENTRIES:
        a = _app(make_display(), game=game)
        try:
            yield from _game_entry(a, name, ups)
        finally:
            _close(a)
    a = _app(make_display(), SimMFRC522(version=0))  # MISO stuck low: no reader answers
    try:
        yield "no-reader", _now(a)
        a.command(A.CMD_DEAL, 1)
        a.deal_once()
        yield "no-reader-deal", _now(a)
        assert a.shoe.state == ST.IDLE
    finally:
        _close(a)
