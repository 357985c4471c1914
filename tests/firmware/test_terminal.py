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
    assert (s["makers"], s["alone"]) == (1, 0)
    assert records_of(sh, records.SCORE) == []


def test_only_boards_dealt_here_this_session_are_scored_however_many():
    sh, t = term()
    dealt = [17, 3, 200] + list(range(40, 240, 2))  # out of order, one below the first
    for b in dealt:
        t.ready(board=b)
        t.state = ST.T_IDLE  # the table leaves it unscored: the next board comes
    for b in (3, 17, 40, 138, 200, 238):
        assert t.start_entry(b) == ST.OK, b
        t.state = ST.T_IDLE
    for b in (1, 2, 4, 16, 39, 41, 239, 240, 4000):
        assert t.start_entry(b) == ST.BAD_VALUE and "not dealt or checked here" in t.message
    # 103 boards kept in a few bytes (a list of them grew by 4 bytes a board on the Pico)
    assert len(t.here) <= (238 - 0) // 8 + 1
    t.new_session()  # a new set-up: the last session's boards are no longer this table's
    assert t.start_entry(17) == ST.BAD_VALUE


def _keyed(t, *values):
    """Key the values in field by field (key_in, as the club PC's keypad path does), then the
    confirm screen and the other side's acceptance: the SCORE record."""
    t.start_entry()
    for v in values:
        assert t.key_in(v) == ST.OK, t.message
        assert t.confirm() == ST.OK, t.message
    assert t.state == ST.T_CONFIRM
    t.refresh()
    t.confirm()
    assert t.accept() == ST.OK
    return records_of(t.shoe, records.SCORE)[-1]


def _fields(s):
    return tuple([s[k] for k in records.SCORE_FIELDS])


def test_ecarte_keys_proposal_king_and_tricks():
    sh, t = term(games.ECARTE)
    t.ready(board=1, dealer=0)
    # the non-dealer (P1) played without proposing and won the point 3-2, and marked the
    # king: 1 for the point (no bonus: the bonus is the dealer's when he wins) and 1 the king
    s = _keyed(t, 1, 1, 2)
    assert (s["tricks_ns"], s["tricks_ew"], s["points_ns"], s["points_ew"]) == (2, 3, 0, 2)
    assert _fields(s) == (-1, -1, 1, 1, -1, -1, -1)
    assert t.display.shown("not proposed") and t.display.shown("pts 0-2 king P1")
    # the dealer (P0) wins the point after the non-dealer stood: 2 (EC-24); nobody's king
    t.ready(board=2, dealer=0)
    s = _keyed(t, 1, -1, 3)
    assert (s["points_ns"], s["points_ew"], s["proposal"], s["king"]) == (2, 0, 1, -1)
    # refused, P0 takes all five: the vole, 2; P0 marked the king
    t.ready(board=3, dealer=1)
    s = _keyed(t, 2, 0, 5)
    assert (s["tricks_ns"], s["points_ns"], s["points_ew"], s["proposal"], s["king"]) == \
        (5, 3, 0, 2, 0)


def _after(t, *buttons):
    """Press the buttons in turn, then the screen the terminal draws."""
    for b in buttons:
        t.press(b)
    t.refresh()
    return t.display.screens[-1]


def test_ecarte_buttons_show_words_not_numbers():
    sh, t = term(games.ECARTE)
    t.ready(board=1, dealer=1)
    assert _after(t, ST.DEAL, ST.DEAL)[1:3] == ("proposal", "> accepted")  # play, key in
    assert _after(t, ST.NEXT)[2] == "> not proposed"
    # MODE twice wraps round to the last, refused; DEAL: the next field
    assert _after(t, ST.MODE, ST.MODE, ST.DEAL)[1:3] == ("king marked by", "> nobody")
    assert _after(t, ST.NEXT)[2] == "> P0"
    assert _after(t, ST.DEAL)[1:3] == ("P0 tricks", "> 3  P1 2")
    # to the confirm screen, the engine's marks: the dealer (P1) refused the first proposal
    # and lost the point: P0 marks 2, and the king
    assert _after(t, ST.DEAL)[1:5] == ("P0 3  P1 2", "refused", "pts 3-0 king P0",
                                       "keyed by P0")
    t.press(ST.DEAL)
    t.press(ST.DEAL)
    s = records_of(sh, records.SCORE)[0]
    assert (s["points_ns"], s["points_ew"], s["proposal"], s["king"]) == (3, 0, 2, 0)


def test_euchre_keys_makers_alone_and_tricks():
    sh, t = term(games.EUCHRE)
    t.ready(board=1, dealer=0)
    s = _keyed(t, 1, 1, 5)  # E-W made it, alone, a march: 4
    assert (s["tricks_ns"], s["tricks_ew"], s["points_ns"], s["points_ew"]) == (0, 5, 0, 4)
    assert _fields(s) == (1, 1, -1, -1, -1, -1, -1)
    assert t.display.shown("makers E-W alone") and t.display.shown("pts 0-4")
    t.ready(board=2, dealer=1)
    s = _keyed(t, 0, 0, 2)  # N-S made it and were euchred: E-W 2
    assert (s["tricks_ns"], s["tricks_ew"], s["points_ns"], s["points_ew"]) == (2, 3, 0, 2)
    assert (s["makers"], s["alone"]) == (0, 0)


def test_euchre_lone_euchre_follows_the_variant():
    sh, _ = make(game=games.EUCHRE, variant=games.V_LONE_EUCHRED_2, screen=False)
    t = T.Terminal(sh, Screen(), pin_data=None)
    t.ready(board=1, dealer=0)
    s = _keyed(t, 0, 1, 1)  # N-S alone, euchred: E-W 2 under this variant (4 without)
    assert (s["points_ns"], s["points_ew"], s["alone"]) == (0, 2, 1)


def test_a_set_up_of_another_game_keys_that_games_fields():
    sh, t = term(games.EUCHRE)
    t.ready(board=1, dealer=0)
    t.start_entry()
    assert [f[0] for f in t._fields()] == ["makers", "alone", "makers tricks"]
    t.leave()
    sh.profile = games.profile(games.BRIDGE_WHIST, 0)  # the set-up changed the shoe's game
    t.ready(board=2, dealer=1)
    s = _keyed(t, 3, 1, 0, 7)
    assert [f[0] for f in t._fields()] == ["declarer", "trumps", "doubles", "declarer tricks"]
    assert (s["game"], s["declarer"], s["strain"], s["makers"]) == (2, 3, 1, -1)


def test_bridge_whist_keys_the_declaration_and_scores_below_the_line():
    sh, t = term(games.BRIDGE_WHIST)
    t.ready(board=4, dealer=3)  # West deals: West declares or passes to East
    t.start_entry()
    assert t.vals[0] == 3  # the dealer first
    assert t.key_in(0) == ST.BAD_VALUE and t.message == "W deals: W or E declares"
    assert t.key_in(4) == ST.BAD_VALUE  # no seat 4
    t.key_in(1)
    t.confirm()
    assert t.key_in(5) == ST.BAD_VALUE and t.key_in(2) == ST.OK  # hearts
    t.confirm()
    assert t.key_in(1) == ST.OK  # doubled
    t.confirm()
    assert t.key_in(14) == ST.BAD_VALUE and t.key_in(9) == ST.OK
    t.confirm()
    t.refresh()
    # E-W took 9 in hearts doubled: 3 over the book at 8, doubled 16: 48 below the line
    assert t.display.screens[-1][1:5] == ("N-S 4  E-W 9", "E \x03 doubled", "pts 0-48",
                                          "keyed by N-S")
    t.confirm()
    t.accept()
    s = records_of(sh, records.SCORE)[0]
    assert (s["tricks_ns"], s["tricks_ew"], s["points_ns"], s["points_ew"]) == (4, 9, 0, 48)
    assert _fields(s) == (-1, -1, -1, -1, 1, 2, 1)
    # North declares no trumps, redoubled, and makes 5: the adversaries score their 8
    # tricks' 2 over the book at 12, redoubled 48: 96 to E-W (BR-20: whoever wins the odd)
    t.ready(board=5, dealer=0)
    s = _keyed(t, 0, 4, 2, 5)
    assert (s["tricks_ns"], s["tricks_ew"], s["points_ns"], s["points_ew"]) == (5, 8, 0, 96)
    assert (s["declarer"], s["strain"], s["doubles"]) == (0, 4, 2)


def test_bridge_whist_entry_screens_name_seat_suit_and_doubles():
    sh, t = term(games.BRIDGE_WHIST)
    t.ready(board=2, dealer=1)
    t.press(ST.DEAL)
    t.press(ST.DEAL)
    t.refresh()
    assert t.display.screens[-1][1:3] == ("declarer", "> East")
    t.press(ST.NEXT)  # South: not the dealer's side
    t.press(ST.DEAL)
    t.refresh()
    assert t.state == ST.T_ENTRY and t.field == 0
    assert "E deals: E or W declares" in " ".join(t.display.screens[-1])
    t.press(ST.NEXT)  # West
    t.press(ST.DEAL)
    t.refresh()
    assert t.display.screens[-1][1:3] == ("trumps", "> \x01 clubs")  # the clubs glyph
    t.press(ST.MODE)  # wraps round to no trumps
    t.refresh()
    assert t.display.screens[-1][2] == "> no trumps"
    t.press(ST.DEAL)
    t.refresh()
    assert t.display.screens[-1][1:3] == ("doubles", "> not doubled")
    t.press(ST.NEXT)
    t.press(ST.NEXT)
    t.press(ST.NEXT)
    t.refresh()
    assert t.display.screens[-1][2] == "> doubled 3x"
    t.press(ST.DEAL)
    t.refresh()
    assert t.display.screens[-1][1:3] == ("declarer tricks", "> 7  N-S 6")


def test_the_scoring_engine_refuses_before_the_confirm_screen():
    sh, t = term(games.BRIDGE_WHIST)
    t.ready(board=1, dealer=0)
    t.start_entry()
    for v in (0, 3, 0):
        t.key_in(v)
        t.confirm()
    t.vals[0] = 1  # East, as if the dealer were forgotten: the laws (BR-9) refuse it
    assert t.confirm() == ST.BAD_VALUE and t.state == ST.T_ENTRY
    assert "BR-9" in t.message and records_of(sh, records.SCORE) == []


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
