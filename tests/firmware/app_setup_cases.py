"""A set-up that reaches a running shoe changes what it deals (issue #10, item 1): game, pack,
board range, table and tables engaged, from the next deal, never mid-deal; a set-up the shoe
cannot deal is refused and said. Never a record that says one game while the cards are dealt
as another. The link stores the set-up and calls App._on_settings, as `overplay session new`
reaches a shoe. Plain functions for both interpreters; the whole app with its link needs
more than a 128 KB heap beside a test file (frozen on the Pico), so this file is not named
test_*: tests/host/test_app_robust.py runs it on CPython and under MicroPython.
"""

from app_fakes import board, close, deal, enrol, journal, screen  # noqa: I001
import shoe.app as A
import shoe.settings as settings
from overplay_core import games, records, session, wire
import shoe.states as ST

WHIST, EUCHRE = games.DUPLICATE_WHIST, games.EUCHRE


def shoe_with_setup(game=WHIST, **kw):
    b = board(**kw)
    st = settings.Settings(b.root)
    st.save_key(9, b"r" * 32)
    st.save_setup(session.encode(11, game, 0, 1, 24, 1, 2, session.MITCHELL))
    a = A.App(b, poll_ms=0, display_ms=0)
    enrol(a)
    return a


def push(a, setup_id, game, first, last, table, tables, variant=0):
    a.settings.save_setup(session.encode(setup_id, game, variant, first, last, table, tables,
                                         session.NONE), setup_id)  # any boards fit "none"
    a._on_settings(wire.SESSION_SET)  # what the link calls once the set-up is on flash


def test_a_setup_pushed_to_an_idle_shoe_changes_the_next_deal():
    a = shoe_with_setup()
    assert deal(a)
    push(a, 12, EUCHRE, 5, 8, 2, 3)
    assert deal(a)
    got = [(d["type"], d.get("game"), d.get("board"), d.get("table")) for d in journal(a)]
    assert got == [(records.SESSION, WHIST, None, 1), (records.DEAL, WHIST, 1, 1),
                   (records.SESSION, EUCHRE, None, 2), (records.DEAL, EUCHRE, 5, 2)]
    p = games.profile(EUCHRE)
    d = journal(a, records.DEAL)[-1]
    assert d["trump"] == p.pack[p.turn_up_index]  # dealt as euchre: 21 cards, the turn-up
    assert a.shoe.tables == 3 and a.shoe.tally.n == p.deal_cards
    close(a)


def test_a_setup_pushed_mid_deal_waits_for_the_end_of_that_deal():
    a = shoe_with_setup()
    assert deal(a, end=False)  # 52 cards dealt, the deal not yet over
    push(a, 12, EUCHRE, 5, 8, 2, 3)
    assert a.shoe.profile.game == WHIST and a.shoe.state == ST.DEALING
    a.command(A.CMD_END)
    a.deal_once()  # the deal ends as whist, its tray slip still to be written as whist
    assert a.shoe.state == ST.AWAIT_TRAY and a.shoe.profile.game == WHIST
    assert deal(a)  # the next deal: the set-up is taken up first
    assert a.profile.game == EUCHRE and a.shoe.table == 2
    got = [(d["type"], d.get("game"), d.get("board")) for d in journal(a)][1:]
    assert got == [(records.DEAL, WHIST, 1), (records.SESSION, EUCHRE, None),
                   (records.DEAL, EUCHRE, 5)]
    close(a)


def test_a_setup_whose_movement_finds_no_heap_is_taken_up_at_the_next_step():
    # The link took a Mitchell set-up and loading its movement ran out of heap (seen on a
    # virtual shoe compiling from source): the set-up stays pending and the next step takes
    # it up whole, so the next deal is the movement's, not a deal with no movement at all.
    import shoe.rounds as rounds

    a = shoe_with_setup()
    real = rounds.follow
    tries = []

    def follow(app, setup):
        tries.append(setup["setup_id"])
        if len(tries) == 1:
            raise MemoryError("memory allocation failed")
        real(app, setup)

    rounds.follow = follow
    try:
        a.settings.save_setup(session.encode(12, WHIST, 0, 1, 9, 2, 3, session.MITCHELL), 12)
        try:
            a._on_settings(wire.SESSION_SET)  # an idle shoe takes it up at once
            raised = False
        except MemoryError:
            raised = True  # the link task's fault handler records it and collects
        assert raised and a.pending is not None
        assert deal(a)  # the next step takes the set-up up, then deals its first board
    finally:
        rounds.follow = real
    assert tries == [12, 12] and a.pending is None
    assert [d["board"] for d in journal(a, records.DEAL)] == [4]  # table 2's first set
    close(a)


def test_the_board_range_of_the_setup_is_kept():
    a = shoe_with_setup()
    push(a, 12, WHIST, 5, 6, 1, 2)
    assert deal(a) and deal(a)  # boards 5 and 6
    assert not deal(a)  # the table's boards ("none": all of 5-6) are dealt
    assert "table done" in screen(a) and a.next_board == 0  # (its tray slip still to write)
    assert not deal(a, 3)  # 3 is not in this session's range
    assert "B3 not in 5-6" in screen(a)
    assert [d["board"] for d in journal(a, records.DEAL)] == [5, 6]
    close(a)


def test_a_setup_the_shoe_cannot_deal_is_refused_until_a_good_one_comes():
    a = shoe_with_setup()
    # euchre's "lone euchred 2" variant does not apply to whist: session.check passes it,
    # games.profile refuses it
    push(a, 12, WHIST, 1, 24, 1, 2, variant=games.V_LONE_EUCHRED_2)
    assert not deal(a)
    lines = screen(a)
    assert "set-up unusable:" in lines and "push session" in lines
    ev = journal(a, records.EVENT, records.EV_FILE_FAULT)
    assert [(e["a"], e["b"]) for e in ev] == [(3, 2)]  # faults.FILE_SESSION, FAULT_DAMAGED
    assert journal(a, records.DEAL) == []
    push(a, 13, EUCHRE, 1, 24, 1, 2)
    assert deal(a)
    assert [d["game"] for d in journal(a, records.DEAL)] == [EUCHRE]
    close(a)


def test_a_board_dealt_before_the_change_is_scored_as_its_own_game():
    a = shoe_with_setup(buttons=True)
    assert deal(a)  # board 1, whist; the terminal is ready to score it
    push(a, 12, EUCHRE, 5, 8, 2, 3)
    t = a.terminal
    t.begin_play()
    t.start_entry()
    assert t.key_in(8) == 0  # whist tricks (euchre's first field is the makers, 0..1)
    t.confirm()
    t.confirm()
    t.accept()  # E-W accept it
    s = journal(a, records.SCORE)
    assert [(x["board"], x["game"], x["table"], x["tricks_ns"]) for x in s] == [(1, WHIST, 1, 8)]
    close(a)


# --- the next board across a power cut (Settings' next.bin, App._dealt) ------------------

def power_cycle(a):
    """Switch the shoe off and on: the app dropped, a new one built on the same flash."""
    a.journal.close()
    b = board(root=a.board.root)
    a = A.App(b, poll_ms=0, display_ms=0)
    enrol(a)  # (the pack, as the other cases enrol it: not what is tested here)
    return a


def test_a_shoe_switched_off_after_board_3_deals_board_4_next():
    a = shoe_with_setup()  # set-up 11, boards 1-24
    assert deal(a) and deal(a) and deal(a)
    a = power_cycle(a)
    assert a.next_board == 4
    assert deal(a)
    assert [d["board"] for d in journal(a, records.DEAL)] == [1, 2, 3, 4]
    # a new set-up starts at its own first board, and is resumed in its turn
    push(a, 12, WHIST, 5, 8, 2, 3)
    assert deal(a)
    a = power_cycle(a)
    assert a.next_board == 6
    assert deal(a)
    # another new set-up, whose range holds the board saved for the last one: its first
    push(a, 13, WHIST, 1, 24, 1, 2)
    assert deal(a)
    assert [d["board"] for d in journal(a, records.DEAL)] == [1, 2, 3, 4, 5, 6, 1]
    close(a)


def test_a_deal_cut_off_by_the_power_is_offered_again_and_a_finished_setup_stays_done():
    a = shoe_with_setup()
    assert deal(a) and deal(a, end=False)  # board 2 under way when the power goes
    a = power_cycle(a)
    assert a.next_board == 2 and deal(a)
    push(a, 12, WHIST, 5, 6, 1, 2)
    assert deal(a) and deal(a)  # boards 5 and 6: the set-up is dealt out
    a = power_cycle(a)
    assert not deal(a)  # not board 5 again
    assert a.round_lines[0] == "Table 1 done" and a.next_board == 0
    assert [d["board"] for d in journal(a, records.DEAL)] == [1, 2, 5, 6]
    close(a)


def test_a_damaged_next_board_file_is_ignored():
    import binascii
    import struct

    good = struct.pack("<IH", 11, 9)
    good += struct.pack("<I", binascii.crc32(good) & 0xFFFFFFFF)
    flipped = bytearray(good)
    flipped[4] ^= 0x01  # board 8: the CRC no longer matches
    off = struct.pack("<IH", 11, 99)  # intact, but past the set-up's boards (1-24)
    off += struct.pack("<I", binascii.crc32(off) & 0xFFFFFFFF)
    for data in (b"", good[:7], bytes(flipped), good + b"\0", off, None):
        a = shoe_with_setup()
        assert deal(a) and deal(a)
        path = a.board.root + "/" + settings.NEXT_FILE
        import os

        os.remove(path)
        if data is None:
            os.mkdir(path)  # a folder where the file should be
        else:
            with open(path, "wb") as f:
                f.write(data)
        a = power_cycle(a)  # boots all the same, at the set-up's first board
        assert a.next_board == 1 and not a.settings.bad and not a.shoe.alert
        assert deal(a)
        a = power_cycle(a)  # the deal wrote a good file in its place
        assert a.next_board == 2
        close(a)
    # the good file itself is taken (the check above is not of a file never read)
    a = shoe_with_setup()
    with open(a.board.root + "/" + settings.NEXT_FILE, "wb") as f:
        f.write(good)
    a = power_cycle(a)
    assert a.next_board == 9
    close(a)
