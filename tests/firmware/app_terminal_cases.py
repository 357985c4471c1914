"""The app with its scoring terminal and supervisor (firmware/app.py): the buttons reach the
terminal after a deal, a SESSION record is written when a session starts from the set-up the
club PC pushed, and a task that raises is recorded, shown and restarted (then stopped).

Plain functions for both interpreters, but the whole app does not compile from source in a
128 KB MicroPython heap (its code alone is ~130 KB there; frozen on the Pico), so this file is
not named test_*: tests/host/test_app_terminal.py runs it on CPython and under MicroPython
with a bigger heap (as test_session_sim.py does for the whole session)."""

import gc  # noqa: I001

try:  # collect often while compiling from source (128 KB MicroPython heap)
    gc.threshold(8192)
except AttributeError:  # CPython
    pass

from overplay_core import records, wire  # noqa: I001
import shoe.app as A
from shoe import VERSION
from app_fakes import Button, journal
import shoe.states as ST
import sim.board as SB

try:
    import asyncio
except ImportError:  # pragma: no cover
    asyncio = None


def app_with_buttons(**kw):
    b = SB.simulated(flash="host")
    b.buttons = {"deal": Button(), "next": Button(), "mode": Button()}
    a = A.App(b, game=1, poll_ms=0, display_ms=0, **kw)
    return a, b


def press(a, name):
    a.board.buttons[name].v = 0
    a.deal_once()
    a.board.buttons[name].v = 1
    a.deal_once()


def test_after_a_deal_the_buttons_score_the_board():
    a, b = app_with_buttons()
    # not made at power-on (its heap stays free until then): the first deal's end makes it
    assert a.terminal is None
    a.command(A.CMD_DEAL, 2)
    a.deal_once()
    a.command(A.CMD_END)  # a short deal: findings, recorded all the same
    a.deal_once()
    assert a.terminal.active and a.terminal.board == 2
    a._display_once()  # the terminal's screen, with the shoe's news on it
    assert b.display.shown("B2 dlr E") and b.display.shown("tray on reader")
    press(a, "deal")  # play begun
    press(a, "deal")  # key in: 7
    press(a, "next")  # 8
    press(a, "deal")
    press(a, "deal")  # E-W are asked
    press(a, "deal")  # E-W accept: recorded
    assert not a.terminal.active
    assert [e["board"] for e in journal(a, records.EVENT, records.EV_PLAY_BEGUN)] == [2]
    s = journal(a, records.SCORE)
    assert [(x["board"], x["tricks_ns"], x["tricks_ew"]) for x in s] == [(2, 8, 5)]
    press(a, "mode")  # the shoe's buttons again: MODE selects the next mode
    assert a.mode_sel == ST.OVERPLAY_CHECK


def test_mode_offers_no_overplay_check_where_each_table_deals():
    # Euchre (bridge whist, écarté): every table deals its own hands, so MODE goes from
    # deal to enrol deck and back; the shoe would only refuse an overplay check.
    b = SB.simulated(flash="host")
    b.buttons = {"deal": Button(), "next": Button(), "mode": Button()}
    a = A.App(b, game=3, poll_ms=0, display_ms=0)
    seen = []
    for _ in range(3):
        press(a, "mode")
        seen.append((a.mode_sel, a.shoe.message))
    assert seen == [(ST.ENROL_DECK, "enrol deck"), (ST.ORIGINAL_DEAL, "deal"),
                    (ST.ENROL_DECK, "enrol deck")]


def test_next_and_mode_together_open_the_director_pin():
    a, b = app_with_buttons()
    b.buttons["next"].v = 0
    b.buttons["mode"].v = 0
    a.deal_once()
    assert a.terminal.state == ST.T_PIN
    a._display_once()
    assert b.display.shown("Director PIN")


def test_session_record_written_when_a_session_starts():
    a, b = app_with_buttons(terminal=False)
    assert a.terminal is None
    setup = {"setup_id": 7, "game": 1, "variant": 0, "first": 1, "last": 24, "table": 3,
             "tables": 6, "movement": 1}
    a.session_record(setup)
    s = journal(a, records.SESSION)[0]
    assert (s["session_id"], s["table"], s["tables"], s["first_board"], s["last_board"],
            s["movement"], s["shoe_id"], s["fw"]) == (7, 3, 6, 1, 24, 1, 1, VERSION)


def test_app_start_with_a_pushed_setup_writes_the_session_record():
    from overplay_core import session
    from shoe.settings import Settings

    b = SB.simulated(flash="host")
    b.stream_in = b.stream_out = SB.QuietLine()
    st = Settings(b.root)
    st.save_key(9, b"r" * 32)
    st.save_setup(session.encode(11, 1, 0, 5, 13, 2, 3, session.MITCHELL))  # 3 rounds of 3
    a = A.App(b, poll_ms=0)
    s = journal(a, records.SESSION)
    assert [(x["session_id"], x["table"], x["tables"], x["first_board"], x["shoe_id"])
            for x in s] == [(11, 2, 3, 5, 9)]
    # table 2 of the Mitchell starts on the second set (boards 8-10: shoe/rounds.py)
    assert a.table == 2 and a.next_board == 8 and a.shoe.tables == 3
    # a new set-up pushed while running: recorded too, and the shoe takes it up
    a.settings.save_setup(session.encode(12, 1, 0, 13, 24, 1, 4, session.MITCHELL), 77)
    a._on_settings(wire.SESSION_SET)  # what the link calls once it is on flash
    s = journal(a, records.SESSION)
    assert [x["session_id"] for x in s] == [11, 12] and a.next_board == 13
    assert a.shoe.tables == 4 and a.shoe.table == 1
    assert a.tray.session == 77  # the tray took the new session id too (tray.take)


def test_a_raising_task_is_recorded_shown_and_restarted_then_stopped():
    a, b = app_with_buttons(terminal=False)
    calls = [0]

    def bad():
        calls[0] += 1
        raise MemoryError("no room")

    a.read_once_task = bad  # the reader task raises every time it runs
    a.command(A.CMD_DEAL, 1)

    async def watch():
        while a.running:
            await A._sleep_ms(5)

    asyncio.run(a.main(extra=(watch(),)))
    assert calls[0] == A.MAX_FAULTS  # restarted, then stopped: never hung
    assert isinstance(a.error, MemoryError) and not a.running
    ev = journal(a, records.EVENT, records.EV_TASK_FAULT)
    assert [(e["a"], e["b"]) for e in ev] == [(A.TASK_READER, 1)] * A.MAX_FAULTS
    assert b.display.shown("fault: reader")
    assert a.shoe.state == ST.DEALING  # the other tasks went on: the deal had started


def test_a_task_that_faults_once_goes_on():
    a, b = app_with_buttons(terminal=False)
    calls = [0]
    real = a.deal_once

    def once():
        calls[0] += 1
        if calls[0] == 2:
            raise OSError(5)
        if calls[0] > 6:
            a.running = False
        return real()

    a.deal_once = once
    asyncio.run(a.main())
    assert a.faults[A.TASK_DEALING] == 1 and calls[0] > 6
    assert [e["b"] for e in journal(a, records.EVENT, records.EV_TASK_FAULT)] == [2]


def test_the_terminal_is_made_when_first_needed_and_only_on_a_shoe_with_one():
    # Not at power-on (its ~3 KB of the Pico's heap stay free until then): a director's PIN
    # from the club PC makes it, holding that PIN; a shoe without one never makes it.
    from link_host import Host, Pipe, Through
    from overplay_core import pin

    b = SB.simulated(flash="host")
    b.buttons = {"deal": Button(), "next": Button(), "mode": Button()}
    b.stream_in = Pipe()
    b.stream_out = Pipe()
    a = A.App(b, game=1, poll_ms=0, display_ms=0)
    assert a.terminal is None
    pc = Host(Through(a), b.stream_in, b.stream_out, a.shoe.key)
    pc.hello()
    pc.send(wire.PIN_SET, 1, pin.make("2468", b"12345678"))
    pc.run(10)
    t = a.terminal
    assert t is not None and t.pin == a.settings.pin and a.scoring() is t
    assert t.login("2468") == ST.PIN_OK and t.state == ST.T_MENU
    a.journal.close()
    a, b = app_with_buttons(terminal=False)
    a.command(A.CMD_DEAL, 1)
    a.deal_once()
    a.command(A.CMD_END)
    a.deal_once()
    b.buttons["next"].v = 0
    b.buttons["mode"].v = 0
    a.deal_once()  # NEXT+MODE: no director's screen on a shoe without a terminal
    assert a.terminal is None and a.scoring() is None


def test_a_pin_sent_over_the_link_opens_the_directors_menu():
    from link_host import Host, Pipe, Through
    from overplay_core import pin

    b = SB.simulated(flash="host")
    b.buttons = {"deal": Button(), "next": Button(), "mode": Button()}
    b.stream_in = Pipe()
    b.stream_out = Pipe()
    a = A.App(b, game=1, poll_ms=0, display_ms=0)
    t = a.scoring()  # as NEXT+MODE makes it
    assert t is a.terminal and a.scoring() is t
    assert t.login("2468") == ST.PIN_NONE  # no PIN yet: the menu stays shut (journaled)
    pc = Host(Through(a), b.stream_in, b.stream_out, a.shoe.key)  # the club PC, with the key
    pc.hello()
    assert pc.proof_ok
    pc.send(wire.PIN_SET, 1, pin.make("2468", b"12345678"))  # tagged under the shoe's key
    pc.run(10)
    assert a.settings.pin is not None and t.pin == a.settings.pin
    assert t.login("1357") == ST.PIN_WRONG and t.state != ST.T_MENU
    assert t.login("2468") == ST.PIN_OK and t.state == ST.T_MENU
    got = [(e["a"], e["b"]) for e in journal(a, records.EVENT, records.EV_DIRECTOR)]
    # the PIN's arrival is journaled as a director action too (App._pin_set_record)
    assert got == [(ST.ACT_LOGIN, ST.PIN_NONE), (ST.ACT_PIN_SET, ST.PIN_OK),
                   (ST.ACT_LOGIN, ST.PIN_WRONG), (ST.ACT_LOGIN, ST.PIN_OK)]
    a.journal.close()
    # switched off and on: the terminal reads the PIN from flash through Settings
    b2 = SB.simulated(root=b.root)
    b2.buttons = b.buttons
    b2.stream_in = b2.stream_out = SB.QuietLine()
    a2 = A.App(b2, game=1, poll_ms=0, display_ms=0)
    assert a2.terminal is None
    assert a2.scoring().pin == a.settings.pin and a2.terminal.login("2468") == ST.PIN_OK
    a2.journal.close()
