"""Duplicate whist evenings with movements, scored by hand (issue #15, acceptance): a 3-table
Mitchell and a 3-table (6-pair) Howell, an averaged table and a result corrected at the PC, a
table whose shoe has not synced. The director's commands go through the real `overplay` CLI
(session new, players, adjust, session cards, results); the shoes' records are signed as a shoe
signs them and merged by the real store ingest (signed_shoe.py). Every expected standing is
worked out in the comments from the tricks below, not from the code under test."""

import csv
import io
import json
import pathlib

import pytest

from overplay.results import export as rx
from overplay.store import Store
from overplay_core import movement as mvt
from signed_shoe import Shoe, play_movement, sync
from cli_inproc import one_line_error, run




def evening(tmp_path, capsys, movement, boards, tricks, synced=None):
    """A session made by `overplay session new`, its set-ups handed to shoes 40, 41, ... in
    table order, each table's tricks {(table, board): N-S tricks} played and synced (only the
    tables in `synced` when given). Returns the database path."""
    db = str(tmp_path / "club.sqlite")
    first, last = boards
    tables = max(t for t, b in tricks)
    rc, out, err = run(capsys, "session", "new", "--name", "Club night", "--game",
                       "duplicate_whist", "--boards", "%d-%d" % boards, "--tables",
                       str(tables), "--movement", movement, "--db", db)
    assert rc == 0 and "movement %s" % movement in out, err
    st = Store(db)
    kind = ("none", "mitchell", "howell").index(movement)
    for t in range(1, tables + 1):
        sh = Shoe(39 + t)
        st.enroll(sh.shoe_id, sh.key)
        s = st.pending_setup(sh.shoe_id)
        st.mark_pushed(s["setup_id"], sh.shoe_id)
        assert s["table"] == t
        if synced is not None and t not in synced:
            continue  # this shoe has its set-up but has not come back to the PC
        play_movement(sh, s["setup_id"], t, tables, kind, first, last,
                      {b: n for (tt, b), n in tricks.items() if tt == t})
        assert sync(st, sh)[2] == 0  # nothing quarantined
    st.close()
    return db


def results_json(capsys, db, *extra):
    rc, out, err = run(capsys, "results", "--format", "json", "--db", db, *extra)
    assert rc == 0, err
    return json.loads(out)


def standings(r):
    """{pair name: (total tricks, plus/minus, rank, boards)}."""
    return {p["pair"]: (p["total"], p["plus_minus"], p["rank"], p["boards"]) for p in r["pairs"]}


def row(r, board, table):
    b = [x for x in r["boards"] if x["board"] == board][0]
    return [x for x in b["tables"] if x["table"] == table][0]


# --- the 3-table Mitchell ---------------------------------------------------------------------
#
# Boards 1-6, 3 rounds of 2. N-S pairs sit; E-W pairs move up a table and the boards down one
# (overplay_core.movement; the table cards `overplay session cards` prints):
#   table 1: round 1 boards 1-2 N-S 1 v E-W 1, round 2 boards 3-4 v E-W 3, round 3 5-6 v E-W 2
#   table 2: round 1 boards 3-4 N-S 2 v E-W 2, round 2 boards 5-6 v E-W 1, round 3 1-2 v E-W 3
#   table 3: round 1 boards 5-6 N-S 3 v E-W 3, round 2 boards 1-2 v E-W 2, round 3 3-4 v E-W 1
# Pair numbers: N-S t is pair t, E-W t is pair 3 + t.
#
# N-S tricks      table 1  table 2  table 3   N-S average   E-W tricks     E-W average
#   board 1          8        6        7          7          5  7  6           6
#   board 2          5        7        6          6          8  6  7           7
#   board 3          9        7        8          8          4  6  5           5
#   board 4          6        6        9          7          7  7  4           6
#   board 5          7       10        7          8          6  3  6           5
#   board 6          4        8        6          6          9  5  7           7
MITCHELL = {(1, 1): 8, (2, 1): 6, (3, 1): 7, (1, 2): 5, (2, 2): 7, (3, 2): 6,
            (1, 3): 9, (2, 3): 7, (3, 3): 8, (1, 4): 6, (2, 4): 6, (3, 4): 9,
            (1, 5): 7, (2, 5): 10, (3, 5): 7, (1, 6): 4, (2, 6): 8, (3, 6): 6}


def test_mitchell_evening_by_hand(tmp_path, capsys):
    db = evening(tmp_path, capsys, "mitchell", (1, 6), MITCHELL)
    assert run(capsys, "players", "set", "E-W 2", "Cy & Di", "--db", db)[0] == 0
    assert run(capsys, "players", "set", "2", "Ann & Bob", "--db", db)[0] == 0
    r = results_json(capsys, db, "--matchpoints")
    assert (r["movement_name"], r["rounds"], r["boards_per_round"]) == ("mitchell", 3, 2)
    # each result is named by the pairs that played it there: board 3 at table 3 is round 3,
    # N-S 3 v E-W 1 (pair 4); board 1 at table 2 is round 3, N-S 2 v E-W 3 (pair 6)
    x = row(r, 3, 3)
    assert (x["round"], x["ns_pair"], x["ew_pair"], x["ns_name"], x["ew_name"]) == \
        (3, 3, 4, "N-S 3", "E-W 1")
    x = row(r, 1, 2)
    assert (x["round"], x["ns_pair"], x["ew_pair"], x["ns_names"]) == (3, 2, 6, "Ann & Bob")
    # N-S (they sit, so each plays every board at its own table):
    #   N-S 1: 8+5+9+6+7+4 = 39; N-S 2: 6+7+7+6+10+8 = 44; N-S 3: 7+6+8+9+7+6 = 43
    #   average (39+44+43)/3 = 42: -3, +2, +1
    # E-W (they move; each plays every board once, so totals compare, DW-24):
    #   E-W 1: table 1 boards 1-2 (5+8), table 2 boards 5-6 (3+5), table 3 boards 3-4 (5+4) = 30
    #   E-W 2: table 2 boards 3-4 (6+7), table 3 boards 1-2 (6+7), table 1 boards 5-6 (6+9) = 41
    #   E-W 3: table 3 boards 5-6 (6+7), table 1 boards 3-4 (4+7), table 2 boards 1-2 (7+6) = 37
    #   average 108/3 = 36: -6, +5, +1
    assert standings(r) == {"N-S 1": (39, -3, 3, 6), "N-S 2": (44, 2, 1, 6),
                            "N-S 3": (43, 1, 2, 6), "E-W 1": (30, -6, 3, 6),
                            "E-W 2": (41, 5, 1, 6), "E-W 3": (37, 1, 2, 6)}
    assert {p["pair"]: (p["number"], p["field"]) for p in r["pairs"]} == {
        "N-S 1": (1, 1), "N-S 2": (2, 1), "N-S 3": (3, 1),
        "E-W 1": (4, 2), "E-W 2": (5, 2), "E-W 3": (6, 2)}
    # matchpoints, top 4 a board (2 a table beaten, 1 a tie), per direction:
    #   N-S  b1 4,0,2  b2 0,4,2  b3 4,0,2  b4 1,1,4  b5 1,4,1  b6 0,4,2 (tables 1,2,3)
    #   N-S 1: 4+0+4+1+1+0 = 10 of 24 (41.67%); N-S 2: 0+4+0+1+4+4 = 13 (54.17%);
    #   N-S 3: 2+2+2+4+1+2 = 13 (54.17%): N-S 2 and 3 share the first place
    #   E-W  b1 0,4,2  b2 4,0,2  b3 0,4,2  b4 3,3,0  b5 3,0,3  b6 4,0,2
    #   E-W 1 (t1 b1-2, t2 b5-6, t3 b3-4): 0+4+0+0+2+0 = 6 (25%)
    #   E-W 2 (t2 b3-4, t3 b1-2, t1 b5-6): 4+3+2+2+3+4 = 18 (75%)
    #   E-W 3 (t3 b5-6, t1 b3-4, t2 b1-2): 3+2+0+3+4+0 = 12 (50%)
    mps = {p["pair"]: (p["mp"], p["top"], p["percent"], p["mp_rank"]) for p in r["pairs"]}
    assert mps == {"N-S 1": (10, 24, 41.67, 3), "N-S 2": (13, 24, 54.17, 1),
                   "N-S 3": (13, 24, 54.17, 1), "E-W 1": (6, 24, 25.0, 3),
                   "E-W 2": (18, 24, 75.0, 1), "E-W 3": (12, 24, 50.0, 2)}
    # the names in every output
    rc, text, err = run(capsys, "results", "--matchpoints", "--db", db)
    assert "Movement mitchell: 3 rounds of 2 boards" in text
    assert "1  N-S 2 (Ann & Bob) total  44  +2  (6 boards)" in text
    assert "1  E-W 2 (Cy & Di) total  41  +5  (6 boards)" in text
    assert "N-S 3 v E-W 1" in text and "N-S 2 (Ann & Bob) v E-W 3" in text
    assert "1  E-W 2 (Cy & Di) 18 of 24  75.00%" in text
    rc, out, err = run(capsys, "results", "--db", db, "-o", str(tmp_path / "r.csv"))
    rows = list(csv.DictReader(io.StringIO((tmp_path / "r.csv").read_text())))
    b5t1 = [x for x in rows if (x["board"], x["table"]) == ("5", "1")][0]
    assert (b5t1["round"], b5t1["pair_name_ns"], b5t1["pair_name_ew"], b5t1["names_ew"]) == \
        ("3", "N-S 1", "E-W 2", "Cy & Di")
    assert run(capsys, "results", "--db", db, "-o", str(tmp_path / "r.html"))[0] == 0
    page = (tmp_path / "r.html").read_text()
    assert "movement mitchell (3 rounds)" in page and "Cy &amp; Di" in page
    assert run(capsys, "results", "--db", db, "-o", str(tmp_path / "r.pbn"))[0] == 0
    pbn = (tmp_path / "r.pbn").read_text()
    games = rx.read_pbn(pbn)
    b1 = [g for g in games if g["tags"]["Board"] == "1"][0]
    # PairId_NS / PairId_EW are the pair numbers: board 1 at table 2 is N-S 2 v E-W 3 (pair 6)
    assert [(x["Table"], x["PairId_NS"], x["PairId_EW"]) for x in b1["tables"]] == \
        [(1, 1, 4), (2, 2, 6), (3, 3, 5)]
    assert "Table 2, N-S 2 (Ann & Bob) v E-W 3: N-S 6, E-W 7." in pbn  # board 1's comment
    rc, out, err = run(capsys, "results", "--list", "--db", db)
    assert "movement mitchell, 3 rounds of 2 boards  3 of 3 tables synced" in out


def test_mitchell_averaged_table_and_result_corrected_at_the_pc(tmp_path, capsys):
    db = evening(tmp_path, capsys, "mitchell", (1, 6), MITCHELL)
    # board 1 at table 2 (N-S 2 v E-W 3) was keyed 6, the table agreed 3; board 5 at table 2
    # (N-S 2 v E-W 1) was fouled: the average
    rc, out, err = run(capsys, "adjust", "correct", "--board", "1", "--table", "2", "--tricks",
                       "3", "--reason", "N-S keyed 6, agreed 3", "--by", "TD", "--db", db)
    assert rc == 0 and "board 1 table 2 (N-S 2 v E-W 3): result corrected" in out, err
    rc, out, err = run(capsys, "adjust", "average", "--board", "5", "--table", "2", "--reason",
                       "board fouled", "--by", "TD", "--db", db)
    assert rc == 0, err
    r = results_json(capsys, db)
    # board 1 now 8, 3, 7: N-S average 18/3 = 6, E-W 5+10+6 = 21/3 = 7
    # board 5: tables 1 and 3 played it (7, 7): N-S average 7, E-W 6; table 2 takes 7 / 6
    assert (row(r, 5, 2)["score_ns"], row(r, 5, 2)["score_ew"], row(r, 5, 2)["diff_ns"]) == \
        (7, 6, 0)
    assert row(r, 1, 2)["adjustment"]["original"]["tricks_ns"] == 6
    # N-S 2: 44 - 6 + 3 - 10 + 7 = 38; N-S 1 39, N-S 3 43: average 120/3 = 40: -1, -2, +3
    # E-W 3 (board 1 at table 2): 37 - 7 + 10 = 40; E-W 1 (board 5 at table 2): 30 - 3 + 6 = 33;
    # E-W 2 41: average 114/3 = 38: E-W 1 -5, E-W 2 +3, E-W 3 +2
    assert standings(r) == {"N-S 1": (39, -1, 2, 6), "N-S 2": (38, -2, 3, 6),
                            "N-S 3": (43, 3, 1, 6), "E-W 1": (33, -5, 3, 6),
                            "E-W 2": (41, 3, 1, 6), "E-W 3": (40, 2, 2, 6)}
    rc, text, err = run(capsys, "results", "--db", db)
    assert "adjusted at the PC (no. 1): result corrected to N-S 3, E-W 10 tricks; recorded " \
        "at the table: N-S 6, E-W 7 tricks" in text
    assert "AVERAGE SCORE AWARDED" in text


def test_mitchell_with_a_table_not_synced(tmp_path, capsys):
    db = evening(tmp_path, capsys, "mitchell", (1, 6), MITCHELL, synced=(1, 2))
    r = results_json(capsys, db)
    assert r["missing_tables"] == [3]
    # compared over tables 1 and 2 only:
    #   b1 8,6 avg 7 (E-W 5,7 avg 6)  b2 5,7 avg 6 (8,6 avg 7)  b3 9,7 avg 8 (4,6 avg 5)
    #   b4 6,6 avg 6 (7,7 avg 7)      b5 7,10: 8.5 -> 9 (6,3: 4.5 -> 5)  b6 4,8 avg 6 (9,5 avg 7)
    # N-S 1 and 2 played all six boards: totals 39 and 44, average 83/2 = 41.5 -> 42: -3, +2;
    # N-S 3 has no board: not ranked (not at minus the field's average).
    # Each E-W pair missed its round at table 3, each a different set of boards, so totals do
    # not compare: the sum of its differences from each board's E-W average:
    #   E-W 1: t1 b1 5-6, b2 8-7, t2 b5 3-5, b6 5-7 = -1+1-2-2 = -4 (total 21, 4 boards)
    #   E-W 2: t2 b3 6-5, b4 7-7, t1 b5 6-5, b6 9-7 = +1+0+1+2 = +4 (total 28)
    #   E-W 3: t1 b3 4-5, b4 7-7, t2 b1 7-6, b2 6-7 = -1+0+1-1 = -1 (total 24)
    assert standings(r) == {"N-S 1": (39, -3, 2, 6), "N-S 2": (44, 2, 1, 6),
                            "N-S 3": (None, None, None, 0), "E-W 1": (21, -4, 3, 4),
                            "E-W 2": (28, 4, 1, 4), "E-W 3": (24, -1, 2, 4)}
    rc, text, err = run(capsys, "results", "--db", db)
    assert "table 3 has not synced yet" in text and "N-S 3  not ranked" in text
    assert "scored; no result from table 3" in text
    rc, out, err = run(capsys, "results", "--list", "--db", db)
    assert "2 of 3 tables synced" in out


# --- the 3-table Howell -----------------------------------------------------------------------
#
# 6 pairs, 5 rounds of one board (boards 1-5). A 3-table Howell has no way to give each table
# its own set, so every table plays the round's board (overplay_core.movement). The seats:
#   round 1: table 1 pair 6 v 1, table 2 5 v 2, table 3 4 v 3   (N-S v E-W)
#   round 2: table 1 6 v 2, table 2 1 v 3, table 3 5 v 4
#   round 3: table 1 6 v 3, table 2 2 v 4, table 3 1 v 5
#   round 4: table 1 6 v 4, table 2 3 v 5, table 3 2 v 1
#   round 5: table 1 6 v 5, table 2 4 v 1, table 3 3 v 2
HOWELL_SEATS = {1: ((6, 1), (5, 2), (4, 3)), 2: ((6, 2), (1, 3), (5, 4)),
                3: ((6, 3), (2, 4), (1, 5)), 4: ((6, 4), (3, 5), (2, 1)),
                5: ((6, 5), (4, 1), (3, 2))}
# N-S tricks      table 1  table 2  table 3   N-S average   E-W average
#   board 1          7        8        6          7             6
#   board 2          9        5        7          7             6
#   board 3          6        6        9          7             6
#   board 4          8        7        6          7             6
#   board 5          5        9        7          7             6
HOWELL = {(1, 1): 7, (2, 1): 8, (3, 1): 6, (1, 2): 9, (2, 2): 5, (3, 2): 7,
          (1, 3): 6, (2, 3): 6, (3, 3): 9, (1, 4): 8, (2, 4): 7, (3, 4): 6,
          (1, 5): 5, (2, 5): 9, (3, 5): 7}


def test_howell_evening_by_hand(tmp_path, capsys):
    db = evening(tmp_path, capsys, "howell", (1, 5), HOWELL)
    m = mvt.Movement(mvt.HOWELL, 3, 1, 5)
    for rnd, seats in HOWELL_SEATS.items():  # the seats above are the movement's
        assert tuple(m.pairs_at(t, rnd) for t in (1, 2, 3)) == seats
    assert run(capsys, "players", "set", "6", "Eve & Fred", "--db", db)[0] == 0
    one_line_error(capsys, ["players", "set", "N-S 1", "X", "--db", db],
                   "a Howell's pairs change direction", "1-6")
    r = results_json(capsys, db, "--matchpoints")
    assert (r["movement_name"], r["rounds"]) == ("howell", 5)
    x = row(r, 4, 3)  # round 4, table 3: pair 2 N-S v pair 1 E-W
    assert (x["round"], x["ns_name"], x["ew_name"]) == (4, "pair 2", "pair 1")
    # One field. Differences from each board's average in the direction the pair sat (N-S
    # tricks - 7, E-W tricks - 6 = 7 - N-S tricks):
    #   b1: t1 6 +0 / 1 +0   t2 5 +1 / 2 -1   t3 4 -1 / 3 +1
    #   b2: t1 6 +2 / 2 -2   t2 1 -2 / 3 +2   t3 5 +0 / 4 +0
    #   b3: t1 6 -1 / 3 +1   t2 2 -1 / 4 +1   t3 1 +2 / 5 -2
    #   b4: t1 6 +1 / 4 -1   t2 3 +0 / 5 +0   t3 2 -1 / 1 +1
    #   b5: t1 6 -2 / 5 +2   t2 4 +2 / 1 -2   t3 3 +0 / 2 +0
    # pair 1: 0-2+2+1-2 = -1   pair 2: -1-2-1-1+0 = -5   pair 3: +1+2+1+0+0 = +4
    # pair 4: -1+0+1-1+2 = +1  pair 5: +1+0-2+0+2 = +1   pair 6: 0+2-1+1-2 = 0   (sum 0)
    # Trick totals, kept beside (N-S tricks where it sat N-S, 13 - N-S where E-W):
    # pair 1: 6+5+9+7+4 = 31  pair 2: 5+4+6+6+6 = 27  pair 3: 7+8+7+7+7 = 36
    # pair 4: 6+6+7+5+9 = 33  pair 5: 8+7+4+6+8 = 33  pair 6: 7+9+6+8+5 = 35   (sum 195)
    # Pair 6 has the second-best total but sat N-S, the stronger direction, all evening: the
    # ranking goes by the differences.
    assert standings(r) == {"pair 1": (31, -1, 5, 5), "pair 2": (27, -5, 6, 5),
                            "pair 3": (36, 4, 1, 5), "pair 4": (33, 1, 2, 5),
                            "pair 5": (33, 1, 2, 5), "pair 6": (35, 0, 4, 5)}
    assert set(p["field"] for p in r["pairs"]) == {1}
    # matchpoints, top 4 a board, N-S scores against N-S, E-W against E-W:
    #   b1 N-S 7,8,6: t1 2 t2 4 t3 0; E-W: t1 2 t2 0 t3 4
    #   b2 N-S 9,5,7: 4,0,2; E-W 0,4,2     b3 N-S 6,6,9: 1,1,4; E-W 3,3,0
    #   b4 N-S 8,7,6: 4,2,0; E-W 0,2,4     b5 N-S 5,9,7: 0,4,2; E-W 4,0,2
    # pair 1: b1 E t1 2, b2 N t2 0, b3 N t3 4, b4 E t3 4, b5 E t2 0 = 10 of 20 (50%)
    # pair 2: b1 E t2 0, b2 E t1 0, b3 N t2 1, b4 N t3 0, b5 E t3 2 = 3 (15%)
    # pair 3: b1 E t3 4, b2 E t2 4, b3 E t1 3, b4 N t2 2, b5 N t3 2 = 15 (75%)
    # pair 4: b1 N t3 0, b2 E t3 2, b3 E t2 3, b4 E t1 0, b5 N t2 4 = 9 (45%)
    # pair 5: b1 N t2 4, b2 N t3 2, b3 E t3 0, b4 E t2 2, b5 E t1 4 = 12 (60%)
    # pair 6: b1 2, b2 4, b3 1, b4 4, b5 0 (all N-S at table 1) = 11 (55%)      (sum 60)
    mps = {p["pair"]: (p["mp"], p["percent"], p["mp_rank"]) for p in r["pairs"]}
    assert mps == {"pair 1": (10, 50.0, 4), "pair 2": (3, 15.0, 6), "pair 3": (15, 75.0, 1),
                   "pair 4": (9, 45.0, 5), "pair 5": (12, 60.0, 2), "pair 6": (11, 55.0, 3)}
    rc, text, err = run(capsys, "results", "--db", db)
    assert " all pairs:" in text and "1  pair 3 total  36  +4  (5 boards)" in text
    assert "4  pair 6 (Eve & Fred) total  35  +0  (5 boards)" in text
    assert "pair 6 (Eve & Fred) v pair 1" in text


def test_session_cards_for_the_director(tmp_path, capsys):
    db = evening(tmp_path, capsys, "mitchell", (1, 6), MITCHELL, synced=())
    assert run(capsys, "players", "set", "E-W 1", "Gil & Hal", "--db", db)[0] == 0
    rc, out, err = run(capsys, "session", "cards", "--db", db)
    assert rc == 0, err
    assert "Session 1 (Club night" in out and "mitchell, 3 rounds of 2 boards" in out
    table2 = out.split("Table 2 ")[1].split("Table 3 ")[0].splitlines()
    assert table2[2:5] == ["    1  3-4      N-S 2     E-W 2", "    2  5-6      N-S 2     E-W 1",
                           "    3  1-2      N-S 2     E-W 3"]
    rc, out, err = run(capsys, "session", "cards", "--pair", "4", "--db", db)
    lines = out.splitlines()
    assert lines[2].startswith("Pair 4 (E-W 1): Gil & Hal  mitchell, 3 tables")
    # E-W 1 starts at table 1 with boards 1-2, moves up to table 2 (boards 5-6), then table 3
    assert lines[4:7] == ["    1      1  E-W   N-S 1     1-2", "    2      2  E-W   N-S 2     5-6",
                          "    3      3  E-W   N-S 3     3-4"]
    rc, out, err = run(capsys, "session", "cards", "--pairs", "--db", db)
    assert out.count("Pair ") == 6
    rc, out, err = run(capsys, "session", "cards", "--pair", "5", "--db", db)
    doc = (pathlib.Path(__file__).resolve().parents[2] / "docs" / "movements.md").read_text()
    assert "\n".join(out.splitlines()[2:]) in doc  # the guide card the docs show is this one
    one_line_error(capsys, ["session", "cards", "--table", "4", "--db", db], "tables 1-3")
    one_line_error(capsys, ["session", "cards", "--pair", "7", "--db", db], "pairs 1-6")


@pytest.mark.parametrize("argv,words", [
    (["--boards", "1-25", "--tables", "4", "--movement", "mitchell"],
     ("25 boards do not share into the 4 rounds", "24 or 28")),
    (["--boards", "1-24", "--tables", "9", "--movement", "howell"],
     ("a howell is for 2 to 8 tables", "mitchell")),
    (["--boards", "1-24", "--tables", "3", "--movement", "relay"], ("movement 'relay'",)),
])
def test_a_movement_that_does_not_fit_is_refused(tmp_path, capsys, argv, words):
    db = str(tmp_path / "c.sqlite")
    one_line_error(capsys, ["session", "new", "--name", "X", "--game", "1", "--db", db] + argv,
                   *words)
    st = Store(db)
    assert st.club_sessions() == []
    st.close()


def test_a_schema_6_roster_moves_to_pair_numbers(tmp_path):
    import sqlite3

    from overplay.migrations import MIGRATIONS
    path = str(tmp_path / "old.sqlite")
    db = sqlite3.connect(path, isolation_level=None)
    for v in range(6):
        for stmt in MIGRATIONS[v].split(";"):
            if stmt.strip():
                db.execute(stmt)
    db.execute("PRAGMA user_version = 6")
    for sid, movement in ((1, 1), (2, 2)):  # a 3-table Mitchell, a 3-table Howell
        db.execute("INSERT INTO club_sessions (id, name, date, game, variant, first_board, "
                   "last_board, tables, movement, created_at) VALUES (?, ?, '2026-11-20', 1, "
                   "0, 1, 15, 3, ?, '2026-11-20T19:00:00Z')", (sid, "s%d" % sid, movement))
        for pair, names in (("N-S 1", "A"), ("E-W 3", "B"), ("N-S 3", "C"), ("E-W 9", "X")):
            db.execute("INSERT INTO players VALUES (?, ?, ?, '2026-11-20T19:00:00Z')",
                       (sid, pair, names))
    db.close()
    st = Store(path)
    # Mitchell: N-S t is pair t, E-W t pair 3 + t; Howell: N-S t pair 7 - t, E-W t pair t
    # (round 1's seats); E-W 9 names no table of 3 and goes
    assert st.players(1) == {1: "A", 6: "B", 3: "C"}
    assert st.players(2) == {6: "A", 3: "B", 4: "C"}
    st.close()
