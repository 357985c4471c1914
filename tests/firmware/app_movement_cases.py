"""The shoe follows its table's movement (issue #15, the shoe side): a set-up taken up starts
at the table's first-round board set, each board is followed by the movement's next board (not
board + 1), the round's boards and pairs are on the screen from the start of each round until
its first card, next.bin resumes the right board after a power cut, and after the last round
the shoe says the table is done. Plain functions for both interpreters; like app_setup_cases
the whole app with its link needs more than a 128 KB heap beside a test file, so this file is
not named test_*: tests/host/test_app_robust.py runs it on CPython and under MicroPython.
The expected orders are written out by hand from docs/movements.md, not computed here.
"""

from app_fakes import board, close, deal, enrol, journal  # noqa: I001
import shoe.app as A
import shoe.settings as settings
import shoe.rounds as rounds
from overplay_core import games, records, session, wire
import shoe.states as ST

WHIST = games.DUPLICATE_WHIST


def shoe_at(table, tables, last, movement, setup_id=21, root=None):
    """A shoe enrolled and given the set-up on flash before it is switched on."""
    b = board(root=root)
    st = settings.Settings(b.root)
    st.save_key(9, b"r" * 32)
    st.save_setup(session.encode(setup_id, WHIST, 0, 1, last, table, tables, movement))
    a = A.App(b, poll_ms=0, display_ms=0)
    enrol(a)
    return a


def screen(a):
    """The panel now, as the app's display task draws it (App._display_once)."""
    a.shoe.changed = True
    a._display_once()
    return list(a.board.display.lines)


def power_cycle(a):
    a.journal.close()
    a = A.App(board(root=a.board.root), poll_ms=0, display_ms=0)
    enrol(a)
    return a


def dealt(a):
    return [d["board"] for d in journal(a, records.DEAL)]


def deal_all(a, limit=40):
    n = 0
    while n < limit and deal(a):
        n += 1
    return n


def test_a_mitchell_table_2_deals_its_sets_in_the_movements_order():
    a = shoe_at(2, 3, 9, session.MITCHELL)  # 3 tables, 9 boards: 3 rounds of 3 boards
    assert a.next_board == 4  # table 2 starts on set 2 (boards move down a table a round)
    assert deal_all(a) == 9
    assert dealt(a) == [4, 5, 6, 7, 8, 9, 1, 2, 3]
    assert a.next_board == 0 and not deal(a)  # every set played once: the table is done
    close(a)


def test_a_howell_table_2_deals_its_boards_in_the_movements_order():
    a = shoe_at(2, 4, 7, session.HOWELL)  # 4 tables: 7 rounds of one board
    assert deal_all(a) == 7
    assert dealt(a) == [3, 4, 5, 6, 7, 1, 2]  # table 2 starts on set 3 (the endless Howell)
    assert not deal(a)
    close(a)


def test_the_round_screen_shows_boards_and_pairs_until_the_round_begins():
    a = shoe_at(2, 3, 9, session.MITCHELL)
    assert screen(a)[:3] == ["Round 1 of 3", "boards 4-6", "N-S 2 v E-W 2"]
    a.command(A.CMD_DEAL)
    a.deal_once()
    assert a.shoe.state == ST.DEALING and screen(a)[0].startswith("B4 ")  # the deal's own
    close(a)


def test_mid_round_no_round_screen_and_the_next_round_is_shown_after_its_set():
    a = shoe_at(2, 3, 9, session.MITCHELL)
    assert deal(a)  # board 4
    assert a.round_lines is None and screen(a)[0].startswith("B4 ")
    assert deal(a) and deal(a)  # 5, 6: round 1 over; round 2 brings E-W 1 to table 2
    a.shoe.state = ST.IDLE  # (the tray slip given up, as a new deal gives it up)
    assert screen(a)[:3] == ["Round 2 of 3", "boards 7-9", "N-S 2 v E-W 1"]
    close(a)


def test_a_power_cut_between_rounds_resumes_at_the_next_rounds_first_board():
    a = shoe_at(2, 3, 9, session.MITCHELL)
    assert deal(a) and deal(a) and deal(a)  # round 1: boards 4-6
    a = power_cycle(a)
    assert a.next_board == 7  # next.bin: not 4 again, not the set-up's first board
    assert screen(a)[:3] == ["Round 2 of 3", "boards 7-9", "N-S 2 v E-W 1"]
    assert deal(a) and deal(a)  # 7, 8; the power goes mid-round
    a = power_cycle(a)
    assert a.next_board == 9 and a.round_lines is None
    assert deal(a)  # 9; round 3 is set 1 with E-W 3
    a = power_cycle(a)
    assert a.next_board == 1
    assert screen(a)[:3] == ["Round 3 of 3", "boards 1-3", "N-S 2 v E-W 3"]
    assert deal_all(a) == 3
    a = power_cycle(a)  # the last round dealt: done, also after a power cut
    assert a.next_board == 0 and screen(a)[:2] == ["Table 2 done", ""]
    assert not deal(a)
    assert dealt(a) == [4, 5, 6, 7, 8, 9, 1, 2, 3]
    close(a)


def test_a_deal_cut_off_by_the_power_is_dealt_again():
    a = shoe_at(2, 3, 9, session.MITCHELL)
    assert deal(a) and deal(a) and deal(a) and deal(a, end=False)  # board 7 under way
    a = power_cycle(a)
    assert a.next_board == 7 and screen(a)[0] == "Round 2 of 3"
    close(a)


def test_a_setup_pushed_to_a_running_shoe_starts_at_its_tables_first_round():
    a = shoe_at(1, 2, 4, session.NONE)
    assert a.next_board == 1  # idle: a set-up that comes is taken up at once
    a.settings.save_setup(session.encode(22, WHIST, 0, 1, 12, 3, 4, session.MITCHELL), 22)
    a._on_settings(wire.SESSION_SET)  # what the link calls once the set-up is on flash
    # 4 tables (skip Mitchell), 12 boards: table 3 plays sets 3, 4, 1, 2
    assert a.next_board == 7
    assert screen(a)[:3] == ["Round 1 of 4", "boards 7-9", "N-S 3 v E-W 3"]
    assert deal_all(a) == 12
    assert dealt(a) == [7, 8, 9, 10, 11, 12, 1, 2, 3, 4, 5, 6]
    close(a)


def test_a_board_the_director_names_is_dealt_and_the_movement_goes_on_from_it():
    a = shoe_at(2, 3, 9, session.MITCHELL)
    assert deal(a, 5)  # the director deals board 5 out of turn
    assert a.next_board == 6 and a.round_lines is None
    assert deal(a) and dealt(a) == [5, 6] and a.next_board == 7
    assert a.round_lines[0] == "Round 2 of 3"
    close(a)


def test_round_and_done_lines_fit_the_panel():
    lines = rounds.round_lines(4, 12, 13, (34, 36), "E-W 13", "pair 26")
    assert lines == ["Round 12 of 13", "boards 34-36", "E-W 13 v pair 26"]
    assert rounds.round_lines(2, 1, 7, (3, 3), "pair 8", "pair 1")[1] == "board 3"
    done = rounds.round_lines(4, 0, 4, None, "", "")
    assert done == ["Table 4 done", "", ""]
    for x in lines + rounds.round_lines(255, 0, 13, None, "", ""):
        assert len(x) <= 16


def test_a_card_shown_between_deals_is_noted_under_the_coming_board():
    # A card over the reader before a deal began is an exposure in that deal (DW Law 37): the
    # EVENT names the board the table deals next by its movement, not the one it last dealt.
    from app_fakes import uid7

    a = shoe_at(2, 3, 9, session.MITCHELL)
    a.shoe.on_uid(uid7(1, 0), 7)  # before the first deal: table 2 starts on board 4
    a.deal_once()
    assert deal(a)  # board 4
    a.shoe.state = ST.IDLE  # (its tray slip given up, as a new deal gives it up)
    a.shoe.on_uid(uid7(1, 5), 7)  # between boards 4 and 5
    a.deal_once()
    a.journal.commit()
    shown = journal(a, records.EVENT, records.EV_CARD_EXPOSED)
    assert [(e["board"], e["a"]) for e in shown] == [(4, 0), (5, 5)]
    close(a)
