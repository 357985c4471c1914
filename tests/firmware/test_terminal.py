"""The scoring terminal (firmware/terminal.py): play begun, tricks keyed in -> signed SCORE,
bad entries refused, the director's PIN (right, wrong, lockout) and actions, all journaled.
Both interpreters; stand-ins for reader, deck and journal from shoe_fakes.py."""

from shoe_fakes import Screen, make, records_of  # noqa: I001

import shoe.terminal as T
from overplay_core import games, pin, records
from overplay_core.compat import ticks_add
import shoe.states as ST

SALT = b"saltsalt"
PIN = pin.make("4711", SALT, rounds=20)


def term(game=games.DUPLICATE_WHIST, now=None, pin_data=PIN):
    sh, _ = make(game=game, now=now, screen=False)
    return sh, T.Terminal(sh, Screen(), pin_data=pin_data)


def events(sh, code):
    return [e for e in records_of(sh, records.EVENT) if e["code"] == code]


def test_tricks_keyed_in_become_a_signed_score_record():
    sh, t = term()
    t.ready(board=3, dealer=2)
    assert t.active and t.begin_play() == ST.OK
    t.start_entry()
    assert t.key_in(8) == ST.OK
    t.confirm()  # the only field: to the confirm screen
    assert t.state == ST.T_CONFIRM and records_of(sh, records.SCORE) == []
    t.confirm()  # E-W are asked
    assert t.state == ST.T_ACCEPT and records_of(sh, records.SCORE) == []
    assert t.accept() == ST.OK
    s = records_of(sh, records.SCORE)[0]
    assert (s["board"], s["table"], s["game"], s["tricks_ns"], s["tricks_ew"]) == (3, 1, 1, 8, 5)
    assert (s["points_ns"], s["points_ew"]) == (8, 5)  # duplicate whist: tricks are the score
    assert not t.active


def test_buttons_walk_the_screens():
    sh, t = term()
    t.ready(board=4)
    t.refresh()
    assert t.display.shown("B4 dlr N") and t.display.shown("ready")
    t.shoe.message = "tray on reader"  # the shoe's news and its ruling stay in view
    t.shoe.rulings = ("DW-IV-8",)
    t.changed = True
    t.refresh()
    assert t.display.screens[-1][1] == "tray on reader"
    assert t.display.shown("DW-IV-8")  # the ruling (its words: test_screens_session.py)
    t.shoe.rulings = ()
    t.press(ST.DEAL)  # play begins
    t.press(ST.DEAL)  # key in the score: starts at 7
    t.press(ST.NEXT)
    t.press(ST.NEXT)
    t.press(ST.MODE)  # 8
    t.refresh()
    assert t.display.shown("> 8  E-W 5")
    t.press(ST.DEAL)
    t.press(ST.DEAL)  # to E-W
    t.press(ST.DEAL)  # E-W accept
    assert [e["board"] for e in events(sh, records.EV_PLAY_BEGUN)] == [4]
    assert records_of(sh, records.SCORE)[0]["tricks_ns"] == 8


def test_bad_entry_is_refused_with_a_message():
    sh, t = term()
    t.ready(board=1)
    t.begin_play()
    t.start_entry()
    assert t.key_in(14) == ST.BAD_VALUE and "0..13" in t.message
    assert t.key_in(-1) == ST.BAD_VALUE
    assert t.vals[0] == 7  # unchanged
    sh2, e = term(games.EUCHRE)
    e.ready(board=1)
    e.start_entry()
    assert e.key_in(1) == ST.OK  # makers E-W
    e.confirm()
    assert e.key_in(0) == ST.OK  # not alone
    e.confirm()
    assert e.key_in(6) == ST.BAD_VALUE and "0..5" in e.message
    assert e.key_in(5) == ST.OK  # a march
    e.confirm()
    e.confirm()
    e.accept()
    s = records_of(sh2, records.SCORE)[0]
    assert (s["tricks_ns"], s["tricks_ew"], s["points_ns"], s["points_ew"]) == (0, 5, 0, 2)
    assert records_of(sh, records.SCORE) == []


def test_ecarte_points_from_the_tricks():
    sh, t = term(games.ECARTE)
    t.ready(board=1, dealer=0)
    t.start_entry()
    assert t.key_in(5) == ST.OK
    t.confirm()
    t.confirm()
    t.accept()
    s = records_of(sh, records.SCORE)[0]
    assert (s["tricks_ns"], s["tricks_ew"], s["points_ns"], s["points_ew"]) == (5, 0, 2, 0)


def test_play_begun_event_says_original_or_overplay():
    sh, t = term()
    t.ready(board=6, mode=records.MODE_OVERPLAY)
    assert t.begin_play() == ST.OK
    assert t.begin_play() == ST.BUSY  # once per board
    ev = events(sh, records.EV_PLAY_BEGUN)
    assert [(e["board"], e["a"]) for e in ev] == [(6, records.MODE_OVERPLAY)]


def test_right_pin_opens_the_menu_and_actions_are_journaled():
    sh, t = term()
    assert t.director(ST.ACT_AVERAGE, board=2) == ST.NOT_AUTHORISED
    assert t.login("4711") == ST.PIN_OK and t.state == ST.T_MENU
    assert t.director(ST.ACT_AVERAGE, board=2) == ST.OK
    assert t.director(ST.ACT_VOID, board=5) == ST.OK
    assert t.director(ST.ACT_TABLES, value=3) == ST.OK and sh.tables == 3
    assert t.director(ST.ACT_CORRECT, board=2) == ST.OK and t.state == ST.T_ENTRY
    t.key_in(9)
    t.confirm()
    t.confirm()
    assert t.state == ST.T_MENU
    t.director(ST.ACT_LOGOUT)
    assert not t.authorised and not t.active
    d = events(sh, records.EV_DIRECTOR)
    assert [(e["a"], e["b"], e["board"]) for e in d] == [
        (ST.ACT_LOGIN, 0, 0), (ST.ACT_AVERAGE, 0, 2), (ST.ACT_VOID, 0, 5), (ST.ACT_TABLES, 0, 0),
        (ST.ACT_CORRECT, 0, 2), (ST.ACT_LOGOUT, 0, 0)]
    assert d[3]["data"] == b"\x03" and d[4]["data"] == bytes([9, 4])
    assert records_of(sh, records.SCORE)[0]["tricks_ns"] == 9


def test_wrong_pins_are_journaled_and_lock_out_wrap_safe():
    now = [ticks_add(0, -1000)]  # the lockout runs across the ticks wrap (either period)
    sh, t = term(now=now)
    for k in range(ST.MAX_TRIES):
        assert t.login("0000") == ST.PIN_WRONG
    assert "locked" in t.message
    assert t.login("4711") == ST.PIN_LOCKED  # even the right PIN, while locked
    now[0] = ticks_add(now[0], ST.LOCK_MS - 1)
    assert t.login("4711") == ST.PIN_LOCKED
    now[0] = ticks_add(now[0], 2)
    assert t.login("4711") == ST.PIN_OK
    d = events(sh, records.EV_DIRECTOR)
    assert [e["b"] for e in d] == [ST.PIN_WRONG] * 3 + [ST.PIN_LOCKED] * 2 + [ST.PIN_OK]
    assert [e["data"] for e in d[:3]] == [b"\x01", b"\x02", b"\x03"]


def test_pin_by_buttons_and_no_pin_set():
    sh, t = term()
    t.open_director()
    for d in (4, 7, 1, 1):
        for _ in range(d):
            t.press(ST.NEXT)
        if d != 1 or len(t.digits) < 3:
            t.press(ST.MODE)
    t.press(ST.DEAL)
    assert t.state == ST.T_MENU
    sh2, u = term(pin_data=b"")
    assert u.login("4711") == ST.PIN_NONE and "club PC" in u.message
    assert events(sh2, records.EV_DIRECTOR)[0]["b"] == ST.PIN_NONE


def test_pin_file_keeps_only_a_salted_hash():
    assert b"4711" not in PIN and len(PIN) == pin.SIZE
    assert pin.matches(PIN, "4711") and not pin.matches(PIN, "4712")
    assert pin.make("4711", b"othersal", rounds=20) != PIN
    assert pin.check(b"OP") == pin.E_SIZE
