"""The scoring terminal (firmware/terminal.py): play begun, tricks keyed in -> signed SCORE,
bad entries refused, the director's PIN (right, wrong, lockout) and actions, all journaled.
Both interpreters; stand-ins for reader, deck and journal from shoe_fakes.py."""

from shoe_fakes import Screen, make, records_of  # noqa: I001

import shoe.terminal as T
from overplay_core import games, pin, records
from overplay_core.compat import ticks_add

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
    assert t.active and t.begin_play() == T.OK
    t.start_entry()
    assert t.key_in(8) == T.OK
    t.confirm()  # the only field: to the confirm screen
    assert t.state == T.T_CONFIRM and records_of(sh, records.SCORE) == []
    t.confirm()
    s = records_of(sh, records.SCORE)[0]
    assert (s["board"], s["table"], s["game"], s["tricks_ns"], s["tricks_ew"]) == (3, 1, 1, 8, 5)
    assert (s["points_ns"], s["points_ew"]) == (8, 5)  # duplicate whist: tricks are the score
    assert not t.active


def test_buttons_walk_the_screens():
    sh, t = term()
    t.ready(board=4)
    t.refresh()
    assert t.display.shown("B4 ready")
    t.shoe.message = "tray on reader"  # the shoe's news and its ruling stay in view
    t.shoe.rulings = ("DW-IV-8",)
    t.changed = True
    t.refresh()
    assert t.display.screens[-1][1:3] == ("tray on reader", "DW-IV-8")
    t.shoe.rulings = ()
    t.press(T.DEAL)  # play begins
    t.press(T.DEAL)  # key in the score: starts at 7
    t.press(T.NEXT)
    t.press(T.NEXT)
    t.press(T.MODE)  # 8
    t.refresh()
    assert t.display.shown("> 8  E-W 5")
    t.press(T.DEAL)
    t.press(T.DEAL)
    assert [e["board"] for e in events(sh, T.EV_PLAY_BEGUN)] == [4]
    assert records_of(sh, records.SCORE)[0]["tricks_ns"] == 8


def test_bad_entry_is_refused_with_a_message():
    sh, t = term()
    t.ready(board=1)
    t.begin_play()
    t.start_entry()
    assert t.key_in(14) == T.BAD_VALUE and "0..13" in t.message
    assert t.key_in(-1) == T.BAD_VALUE
    assert t.vals[0] == 7  # unchanged
    sh2, e = term(games.EUCHRE)
    e.ready(board=1)
    e.start_entry()
    assert e.key_in(1) == T.OK  # makers E-W
    e.confirm()
    assert e.key_in(0) == T.OK  # not alone
    e.confirm()
    assert e.key_in(6) == T.BAD_VALUE and "0..5" in e.message
    assert e.key_in(5) == T.OK  # a march
    e.confirm()
    e.confirm()
    s = records_of(sh2, records.SCORE)[0]
    assert (s["tricks_ns"], s["tricks_ew"], s["points_ns"], s["points_ew"]) == (0, 5, 0, 2)
    assert records_of(sh, records.SCORE) == []


def test_ecarte_points_from_the_tricks():
    sh, t = term(games.ECARTE)
    t.ready(board=1, dealer=0)
    t.start_entry()
    assert t.key_in(5) == T.OK
    t.confirm()
    t.confirm()
    s = records_of(sh, records.SCORE)[0]
    assert (s["tricks_ns"], s["tricks_ew"], s["points_ns"], s["points_ew"]) == (5, 0, 2, 0)


def test_play_begun_event_says_original_or_overplay():
    sh, t = term()
    t.ready(board=6, mode=records.MODE_OVERPLAY)
    assert t.begin_play() == T.OK
    assert t.begin_play() == T.BUSY  # once per board
    ev = events(sh, T.EV_PLAY_BEGUN)
    assert [(e["board"], e["a"]) for e in ev] == [(6, records.MODE_OVERPLAY)]


def test_right_pin_opens_the_menu_and_actions_are_journaled():
    sh, t = term()
    assert t.director(T.ACT_AVERAGE, board=2) == T.NOT_AUTHORISED
    assert t.login("4711") == T.PIN_OK and t.state == T.T_MENU
    assert t.director(T.ACT_AVERAGE, board=2) == T.OK
    assert t.director(T.ACT_VOID, board=5) == T.OK
    assert t.director(T.ACT_TABLES, value=3) == T.OK and sh.tables == 3
    assert t.director(T.ACT_CORRECT, board=2) == T.OK and t.state == T.T_ENTRY
    t.key_in(9)
    t.confirm()
    t.confirm()
    assert t.state == T.T_MENU
    t.director(T.ACT_LOGOUT)
    assert not t.authorised and not t.active
    d = events(sh, records.EV_DIRECTOR)
    assert [(e["a"], e["b"], e["board"]) for e in d] == [
        (T.ACT_LOGIN, 0, 0), (T.ACT_AVERAGE, 0, 2), (T.ACT_VOID, 0, 5), (T.ACT_TABLES, 0, 0),
        (T.ACT_CORRECT, 0, 2), (T.ACT_LOGOUT, 0, 0)]
    assert d[3]["data"] == b"\x03" and d[4]["data"] == bytes([9, 4])
    assert records_of(sh, records.SCORE)[0]["tricks_ns"] == 9


def test_wrong_pins_are_journaled_and_lock_out_wrap_safe():
    now = [ticks_add(0, -1000)]  # the lockout runs across the ticks wrap (either period)
    sh, t = term(now=now)
    for k in range(T.MAX_TRIES):
        assert t.login("0000") == T.PIN_WRONG
    assert "locked" in t.message
    assert t.login("4711") == T.PIN_LOCKED  # even the right PIN, while locked
    now[0] = ticks_add(now[0], T.LOCK_MS - 1)
    assert t.login("4711") == T.PIN_LOCKED
    now[0] = ticks_add(now[0], 2)
    assert t.login("4711") == T.PIN_OK
    d = events(sh, records.EV_DIRECTOR)
    assert [e["b"] for e in d] == [T.PIN_WRONG] * 3 + [T.PIN_LOCKED] * 2 + [T.PIN_OK]
    assert [e["data"] for e in d[:3]] == [b"\x01", b"\x02", b"\x03"]


def test_pin_by_buttons_and_no_pin_set():
    sh, t = term()
    t.open_director()
    for d in (4, 7, 1, 1):
        for _ in range(d):
            t.press(T.NEXT)
        if d != 1 or len(t.digits) < 3:
            t.press(T.MODE)
    t.press(T.DEAL)
    assert t.state == T.T_MENU
    sh2, u = term(pin_data=b"")
    assert u.login("4711") == T.PIN_NONE and "club PC" in u.message
    assert events(sh2, records.EV_DIRECTOR)[0]["b"] == T.PIN_NONE


def test_pin_file_keeps_only_a_salted_hash():
    assert b"4711" not in PIN and len(PIN) == pin.SIZE
    assert pin.matches(PIN, "4711") and not pin.matches(PIN, "4712")
    assert pin.make("4711", b"othersal", rounds=20) != PIN
    assert pin.check(b"OP") == pin.E_SIZE
