"""Movements: Mitchell, Howell, none and teams schedules, their inverse, and the set-up check
(both interpreters)."""

from overplay_core import movement as mv
from overplay_core import session
from overplay_core.errors import ParseError


def refused(fn, *args):
    try:
        fn(*args)
    except ParseError as e:
        return str(e)
    assert False, "accepted %r" % (args,)


def cells(m):
    """Every (table, round, first, last, ns, ew) of the movement, one at a time."""
    for t in range(1, m.tables + 1):
        for r in range(1, m.rounds + 1):
            yield (t, r) + m.table_round(t, r)


def check_common(m):
    """What holds in every movement: boards cut into equal sets, every table plays every set
    once, every pair has one seat a round, and played() is table_round()'s inverse."""
    assert m.rounds * m.per_round == m.last - m.first + 1
    for t in range(1, m.tables + 1):
        sets = sorted(m.set_at(t, r) for r in range(1, m.rounds + 1))
        assert sets == list(range(1, m.rounds + 1)), (m.kind, m.tables, t, sets)
    for r in range(1, m.rounds + 1):
        seats = bytearray(m.pairs + 1)
        for t in range(1, m.tables + 1):
            ns, ew = m.pairs_at(t, r)
            seats[ns] += 1
            seats[ew] += 1
        assert seats[1:] == b"\x01" * m.pairs and seats[0] == 0, (m.kind, m.tables, r)
    for t, r, lo, hi, ns, ew in cells(m):
        assert hi - lo + 1 == m.per_round
        for b in range(lo, hi + 1):
            assert m.played(t, b) == (r, ns, ew)
            assert m.round_of(t, b) == r
        assert m.seat_of(ns, r) == (t, ew, True) and m.seat_of(ew, r) == (t, ns, False)


def every_pair_plays_every_board_once(m):
    """True when each pair plays each board of first..last exactly once: none twice."""
    plays = [bytearray(m.last - m.first + 1) for _ in range(m.pairs + 1)]
    for t, r, lo, hi, ns, ew in cells(m):
        for b in range(lo - m.first, hi - m.first + 1):
            plays[ns][b] += 1
            plays[ew][b] += 1
    once = b"\x01" * (m.last - m.first + 1)
    return all(plays[p] == once for p in range(1, m.pairs + 1))


# --- Mitchell ----------------------------------------------------------------------------

def test_mitchell_any_tables_no_pair_meets_a_board_twice():
    for n in range(1, 16):
        for per_round, first in ((1, 1), (2, 5), (3, 1)):
            m = mv.Movement(mv.MITCHELL, n, first, first + n * per_round - 1)
            assert m.rounds == n and m.per_round == per_round and m.pairs == 2 * n
            check_common(m)
            assert every_pair_plays_every_board_once(m), (n, per_round)
            for r in range(1, n + 1):  # one set per table in a round: no shared boards
                assert len(set(m.set_at(t, r) for t in range(1, n + 1))) == n


def test_mitchell_north_south_sit_east_west_move_up_boards_move_down():
    for n in range(2, 16):
        m = mv.Movement(mv.MITCHELL, n, 1, n)
        skip = n // 2 + 1 if n % 2 == 0 else 0  # the round the E-W pairs arrive by a skip
        for r in range(1, n + 1):
            for t in range(1, n + 1):
                lo, hi, ns, ew = m.table_round(t, r)
                assert ns == t
                if r > 1:
                    before = m.seat_of(ew, r - 1)[0]
                    assert t == (before + (1 if r != skip else 2) - 1) % n + 1, (n, r, t)
                    # the set this table plays came from the next table up
                    assert lo == m.table_round(t % n + 1, r - 1)[0]


def test_mitchell_opponents_odd_all_once_even_skip_one_and_meet_the_first_again():
    for n in range(1, 16):
        m = mv.Movement(mv.MITCHELL, n, 1, n)
        for e in range(n + 1, 2 * n + 1):
            met = [m.seat_of(e, r)[1] for r in range(1, n + 1)]
            if n % 2:
                assert sorted(met) == list(range(1, n + 1)), (n, e, met)
            else:  # the skipped N-S pair is missed; the last round is the revenge round
                start = e - n
                skipped = (start - 1 + n // 2) % n + 1
                assert skipped not in met and met.count(start) == 2 and met[-1] == start
                assert len(set(met)) == n - 1


def test_three_table_mitchell_as_the_printed_table_cards_show():
    m = mv.Movement(mv.MITCHELL, 3, 1, 9)
    cards = {  # table: a row a round, (boards, N-S pair, E-W pair); E-W 1..3 are pairs 4..6
        1: [(1, 3, 1, 4), (4, 6, 1, 6), (7, 9, 1, 5)],
        2: [(4, 6, 2, 5), (7, 9, 2, 4), (1, 3, 2, 6)],
        3: [(7, 9, 3, 6), (1, 3, 3, 5), (4, 6, 3, 4)],
    }
    for t, rows in cards.items():
        assert [m.table_round(t, r) for r in (1, 2, 3)] == rows
    assert m.card(2) == ["Table 2  mitchell, 3 tables, boards 1-9",
                         "Round  Boards   N-S       E-W",
                         "    1  4-6      N-S 2     E-W 2",
                         "    2  7-9      N-S 2     E-W 1",
                         "    3  1-3      N-S 2     E-W 3"]


def test_four_table_skip_mitchell_by_hand():
    m = mv.Movement(mv.MITCHELL, 4, 1, 16)
    # E-W 1 (pair 5): table 1, 2, then skips table 3, 4, then back to table 1 (revenge)
    assert [m.seat_of(5, r)[:2] for r in (1, 2, 3, 4)] == [(1, 1), (2, 2), (4, 4), (1, 1)]
    assert [m.table_round(m.seat_of(5, r)[0], r)[0] for r in (1, 2, 3, 4)] == [1, 9, 5, 13]


def test_mitchell_fields_and_pair_names():
    m = mv.Movement(mv.MITCHELL, 5, 1, 15)
    assert m.fields == 2
    assert [m.field(p) for p in (1, 5, 6, 10)] == [1, 1, 2, 2]
    assert [m.pair_name(p) for p in (1, 5, 6, 10)] == ["N-S 1", "N-S 5", "E-W 1", "E-W 5"]
    assert m.compared(3, 7) == (1, 2, 3, 4, 5)
    assert "pair 11" in refused(m.field, 11)


# --- Howell ------------------------------------------------------------------------------

def test_howell_every_pair_meets_every_other_once_and_plays_every_set_once():
    for n in range(2, 9):
        m = mv.Movement(mv.HOWELL, n, 1, 2 * (2 * n - 1))
        assert m.rounds == 2 * n - 1 and m.per_round == 2 and m.pairs == 2 * n
        check_common(m)
        meets = bytearray(m.pairs * m.pairs)
        for t, r, lo, hi, ns, ew in cells(m):
            meets[(ns - 1) * m.pairs + ew - 1] += 1
            meets[(ew - 1) * m.pairs + ns - 1] += 1
        for p in range(m.pairs):
            row = meets[p * m.pairs:(p + 1) * m.pairs]
            assert row[p] == 0 and sum(row) == m.pairs - 1 and max(row) == 1, (n, p + 1)
        assert every_pair_plays_every_board_once(m), n


def test_howell_shares_a_set_in_a_round_only_where_no_table_schedule_avoids_it():
    # distinct sets a round: 2 and 3 tables share one set (played in turn); 5 tables have one
    # pair of tables sharing; 4, 6, 7 and 8 tables never share
    want = {2: 1, 3: 1, 4: 4, 5: 4, 6: 6, 7: 7, 8: 8}
    for n, distinct in want.items():
        m = mv.Movement(mv.HOWELL, n, 1, 2 * n - 1)
        for r in range(1, m.rounds + 1):
            assert len(set(m.set_at(t, r) for t in range(1, n + 1))) == distinct, (n, r)
    m = mv.Movement(mv.HOWELL, 4, 1, 7)  # the published endless Howell's first round
    assert [m.set_at(t, 1) for t in (1, 2, 3, 4)] == [1, 3, 5, 2]


def test_three_table_howell_as_the_printed_table_cards_show():
    m = mv.Movement(mv.HOWELL, 3, 1, 15)
    # pair 6 sits N-S at table 1; the others move (N-S up a table, E-W down); every table
    # plays the round's set, shared in turn
    cards = {
        1: [(6, 1), (6, 2), (6, 3), (6, 4), (6, 5)],
        2: [(5, 2), (1, 3), (2, 4), (3, 5), (4, 1)],
        3: [(4, 3), (5, 4), (1, 5), (2, 1), (3, 2)],
    }
    for t, rows in cards.items():
        for r in range(1, 6):
            assert m.table_round(t, r) == (3 * r - 2, 3 * r) + rows[r - 1], (t, r)
    assert m.fields == 1 and m.field(6) == 1 and m.pair_name(6) == "pair 6"
    # arrow positions: pair 1 is E-W on boards 1-3 at table 1, N-S on 4-6 at table 2
    assert m.played(1, 2) == (1, 6, 1) and m.played(2, 5) == (2, 1, 3)


def test_a_pair_short_each_other_pair_sits_out_once_against_the_phantom():
    m = mv.Movement(mv.HOWELL, 4, 1, 14)  # 7 pairs: pair 8 is the phantom
    out = [m.seat_of(8, r)[1] for r in range(1, 8)]
    assert sorted(out) == list(range(1, 8))
    m = mv.Movement(mv.MITCHELL, 5, 1, 10)  # 9 pairs: N-S 5 is the phantom
    out = [m.seat_of(5, r)[1] for r in range(1, 6)]
    assert sorted(out) == list(range(6, 11))  # each E-W pair sits out once


# --- none and teams ----------------------------------------------------------------------

def test_none_every_table_plays_every_board_in_one_round():
    for n in (1, 2, 5):
        m = mv.Movement(mv.NONE, n, 3, 10)
        assert m.rounds == 1 and m.per_round == 8
        check_common(m)
        assert [m.table_round(t, 1) for t in range(1, n + 1)] == [
            (3, 10, t, n + t) for t in range(1, n + 1)]
        assert m.fields == 2


def test_teams_two_tables_swap_halves():
    m = mv.Movement(mv.TEAMS, 2, 1, 24)
    check_common(m)
    assert [m.table_round(1, r) for r in (1, 2)] == [(1, 12, 1, 3), (13, 24, 1, 3)]
    assert [m.table_round(2, r) for r in (1, 2)] == [(13, 24, 2, 4), (1, 12, 2, 4)]
    assert [m.team(p) for p in (1, 2, 3, 4)] == [1, 2, 2, 1]
    assert m.pair_name(4) == "home E-W" and m.pair_name(3) == "visitors E-W"
    assert m.compared(1, 5) == (1, 2) and m.fields == 1


# --- what a shoe and a results tool call -------------------------------------------------

def test_next_board_walks_the_tables_rounds():
    m = mv.Movement(mv.MITCHELL, 3, 1, 9)
    walk, b = [], m.table_round(2, 1)[0]
    while b:
        walk.append(b)
        b = m.next_board(2, b)
    assert walk == [4, 5, 6, 7, 8, 9, 1, 2, 3]
    m = mv.Movement(mv.HOWELL, 4, 1, 14)
    walk, b = [], m.table_round(3, 1)[0]
    while b:
        walk.append(b)
        b = m.next_board(3, b)
    assert walk == list(range(9, 15)) + list(range(1, 9))


def test_out_of_range_questions_are_refused_in_one_line():
    m = mv.Movement(mv.MITCHELL, 3, 1, 9)
    assert "table 4" in refused(m.table_round, 4, 1)
    assert "round 0" in refused(m.table_round, 1, 0)
    assert "board 10" in refused(m.played, 1, 10)
    assert "table True" in refused(m.played, True, 1)
    assert "pair 7" in refused(m.pair_name, 7)


# --- fit: the non-raising door, the raising one and the set-up ---------------------------

def test_movements_that_do_not_fit_are_refused_with_what_to_do():
    assert [session.rounds(mv.NONE, 5), session.rounds(mv.MITCHELL, 5),
            session.rounds(mv.HOWELL, 5), session.rounds(mv.TEAMS, 2)] == [1, 5, 9, 2]
    assert session.fit_error(mv.MITCHELL, 4, 1, 24) is None
    assert session.rounds(mv.HOWELL, 1) == 0 and session.rounds(mv.HOWELL, 9) == 0
    assert session.rounds(mv.TEAMS, 4) == 0 and session.rounds(9, 2) == 0
    msg = refused(mv.Movement, mv.HOWELL, 4, 1, 24)
    assert msg == ("24 boards do not share into the 7 rounds of a 4-table howell: use a "
                   "multiple of 7 (21 or 28 boards)")
    assert msg == session.fit_error(mv.HOWELL, 4, 1, 24)
    assert "2 to 8 tables, not 1: use a mitchell" in refused(mv.Movement, mv.HOWELL, 1, 1, 24)
    assert "not 9" in refused(mv.Movement, mv.HOWELL, 9, 1, 17)
    assert "own session" in refused(mv.Movement, mv.TEAMS, 4, 1, 24)
    assert "24 boards do not share into the 5 rounds" in refused(mv.Movement, mv.MITCHELL, 5,
                                                                 1, 24)
    assert "multiple of 5 (5 boards)" in refused(mv.Movement, mv.MITCHELL, 5, 1, 3)
    assert "movement 9 is unknown" in refused(mv.Movement, 9, 2, 1, 24)
    assert "whole number" in refused(mv.Movement, mv.MITCHELL, "3", 1, 9)
    assert "boards 5-4" in refused(mv.Movement, mv.NONE, 1, 5, 4)
    assert "0 tables" in refused(mv.Movement, mv.MITCHELL, 0, 1, 9)


def test_session_setup_refuses_a_movement_that_does_not_fit():
    good = session.encode(1, 1, 0, 1, 24, 2, 4, session.MITCHELL)
    assert session.check(good) == session.OK
    assert mv.from_setup(session.decode(good)).per_round == 6
    assert refused(session.encode, 1, 1, 0, 1, 24, 2, 4, session.HOWELL) == (
        "session set-up: 24 boards do not share into the 7 rounds of a 4-table howell: use a "
        "multiple of 7 (21 or 28 boards)")
    bad = bytearray(good)
    bad[13] = session.HOWELL  # 24 boards cannot be 7 rounds of a 4-table Howell
    assert session.check(bytes(bad)) == session.E_FIT
    msg = refused(session.decode, bytes(bad))
    assert "offset 13" in msg and "does not fit" in msg
    bad[12] = 1  # a Howell at 1 table
    bad[11] = 1
    assert session.check(bytes(bad)) == session.E_FIT


def test_docs_show_the_cards_this_module_prints():
    path = "docs/movements.md"
    try:
        f = open(path)
    except OSError:
        f = open("../../" + path)
    with f:
        doc = f.read()
    for m in (mv.Movement(mv.MITCHELL, 4, 1, 24), mv.Movement(mv.HOWELL, 3, 1, 15)):
        for t in range(1, m.tables + 1):
            assert "\n".join(m.card(t)) in doc, (m.kind, t)
