"""The director's evening (issue #15): sessions named as events, set-ups handed out in table
order, an afternoon and an evening kept apart, standings before every table has synced, games
without an overplay refused for several tables. Records are signed as a shoe signs them and
merged by the real store ingest."""

import pytest

from overplay import results
from overplay.store import Store
from signed_shoe import Shoe, play, sync
from cli_inproc import one_line_error, run




def pull(st, sh):
    """The set-up the shoe gets at its next sync, marked pushed (as sync.py does)."""
    s = st.pending_setup(sh.shoe_id)
    st.mark_pushed(s["setup_id"], sh.shoe_id)
    return s


def enrol(st, n):
    shoes = [Shoe(40 + i) for i in range(n)]
    for sh in shoes:
        st.enroll(sh.shoe_id, sh.key)
    return shoes


def test_setups_without_a_shoe_go_out_in_table_order(tmp_path, capsys):
    db = str(tmp_path / "c.sqlite")
    rc, out, err = run(capsys, "session", "new", "--name", "Tuesday", "--game",
                       "duplicate_whist", "--boards", "1-4", "--tables", "3", "--db", db)
    assert rc == 0, err
    assert "session 1 (Tuesday," in out and out.count("sent to the next shoe") == 3
    st = Store(db)
    shoes = enrol(st, 3)
    got = [pull(st, sh)["table"] for sh in shoes]
    assert got == [1, 2, 3]  # the first shoe to sync is table 1, not table 3
    assert st.pending_setup(99) is None
    st.close()


def test_afternoon_and_evening_are_two_sessions(tmp_path, capsys):
    db = str(tmp_path / "c.sqlite")
    st = Store(db)
    shoes = enrol(st, 2)
    st.close()
    for name, tricks in (("Afternoon", ({1: 7, 2: 8}, {1: 6, 2: 9})),
                         ("Evening", ({1: 10, 2: 3}, {1: 4, 2: 5}))):
        rc, out, err = run(capsys, "session", "new", "--name", name, "--game",
                           "duplicate_whist", "--boards", "1-2", "--tables", "2", "--db", db)
        assert rc == 0, err
        st = Store(db)
        for sh, tr in zip(shoes, tricks):  # the same shoes, the same boards, the same day
            s = pull(st, sh)
            play(sh, s["setup_id"], s["table"], 2, tr)
            assert sync(st, sh)[2] == 0
        st.close()
    rc, out, err = run(capsys, "results", "--list", "--db", db)
    lines = out.splitlines()
    assert len(lines) == 2 and "Afternoon" in lines[0] and "Evening" in lines[1]
    assert all("2 of 2 tables synced" in x for x in lines)
    aft = results.build(db, 1)
    eve = results.build(db, 2)
    assert aft["name"] == "Afternoon" and eve["name"] == "Evening"
    assert [[r["tricks_ns"] for r in b["tables"]] for b in aft["boards"]] == [[7, 6], [8, 9]]
    assert [[r["tricks_ns"] for r in b["tables"]] for b in eve["boards"]] == [[10, 4], [3, 5]]
    # the evening by hand: board 1 N-S 10 and 4, average 7; board 2 3 and 5, average 4;
    # N-S totals 13 and 9 (average 11): +2, -2; E-W 3+10=13 and 9+8=17 (average 15): -2, +2
    pairs = {p["pair"]: (p["total"], p["plus_minus"], p["rank"]) for p in eve["pairs"]}
    assert pairs == {"N-S 1": (13, 2, 1), "N-S 2": (9, -2, 2),
                     "E-W 1": (13, -2, 2), "E-W 2": (17, 2, 1)}
    assert results.build(db)["session"] == 2  # the newest by default


def test_a_table_not_synced_is_named_and_its_pairs_not_ranked(tmp_path, capsys):
    db = str(tmp_path / "c.sqlite")
    assert run(capsys, "session", "new", "--name", "Club night", "--game", "duplicate_whist",
               "--boards", "1-2", "--tables", "3", "--db", db)[0] == 0
    st = Store(db)
    shoes = enrol(st, 3)
    for sh, tr in zip(shoes, ({1: 7, 2: 5}, {1: 8, 2: 6}, None)):
        s = pull(st, sh)
        if tr:  # table 3's shoe has not come back to the PC yet
            play(sh, s["setup_id"], s["table"], 3, tr)
            sync(st, sh)
    st.close()
    r = results.build(db)
    assert r["missing_tables"] == [3]
    # by hand over tables 1 and 2: N-S 7+5=12 and 8+6=14 (average 13): -1, +1;
    # E-W 6+8=14 and 5+7=12: +1, -1; the pairs of table 3 are not ranked (no -27 for them)
    pairs = {p["pair"]: (p["total"], p["plus_minus"], p["rank"], p["boards"])
             for p in r["pairs"]}
    assert pairs == {"N-S 1": (12, -1, 2, 2), "N-S 2": (14, 1, 1, 2),
                     "N-S 3": (None, None, None, 0), "E-W 1": (14, 1, 1, 2),
                     "E-W 2": (12, -1, 2, 2), "E-W 3": (None, None, None, 0)}
    text = results.render(r, "text")
    assert "table 3 has not synced yet" in text and "N-S 3  not ranked" in text
    assert "table 3 has not synced yet" in results.render(r, "html")
    rc, out, err = run(capsys, "results", "--list", "--db", db)
    assert "2 of 3 tables synced" in out


def test_join_a_session_by_name_or_id_one_table_at_a_time(tmp_path, capsys):
    db = str(tmp_path / "c.sqlite")
    st = Store(db)
    enrol(st, 1)
    st.close()
    base = ["session", "new", "--db", db]
    assert run(capsys, *base, "--name", "Pairs", "--game", "1", "--boards", "1-24",
               "--tables", "4", "--movement", "mitchell", "--table", "1", "--shoe", "40")[0] == 0
    rc, out, err = run(capsys, *base, "--name", "Pairs", "--table", "2")
    assert rc == 0 and "session 1 (Pairs" in out and "movement mitchell" in out, err
    rc, out, err = run(capsys, *base, "--session", "1", "--table", "3")
    assert rc == 0 and "table 3 of 4" in out, err
    rc, out, err = run(capsys, "session", "list", "--db", db)
    assert out.count("session 1 ") == 1 and "table 1  set-up 1  waiting for shoe 40" in out
    assert "table 3  set-up 3" in out


@pytest.mark.parametrize("argv,words", [
    (["--name", "X", "--game", "duplicate_whist"], ("needs --boards, --tables",)),
    (["--name", "X", "--game", "1", "--boards", "1-8", "--tables", "2", "--shoe", "1"],
     ("--shoe sends one table's set-up",)),
    (["--session", "9", "--table", "1"], ("no session 9",)),
    (["--name", "X", "--game", "1", "--boards", "1-8", "--tables", "2", "--date", "2026-13-01"],
     ("not a day of the calendar",)),
    (["--name", "  ", "--game", "1", "--boards", "1-8", "--tables", "2"], ("--name is empty",)),
    (["--name", "X", "--game", "1", "--boards", "1-8", "--tables", "2", "--table", "3"],
     ("table number outside",)),
])
def test_session_new_one_line_errors(tmp_path, capsys, argv, words):
    db = str(tmp_path / "c.sqlite")
    one_line_error(capsys, ["session", "new", "--db", db] + argv, *words)
    st = Store(db)
    assert st.club_sessions() == []  # nothing half-made
    st.close()


def test_joining_with_other_boards_is_refused(tmp_path, capsys):
    db = str(tmp_path / "c.sqlite")
    assert run(capsys, "session", "new", "--name", "Pairs", "--game", "1", "--boards", "1-24",
               "--tables", "2", "--db", db)[0] == 0
    one_line_error(capsys, ["session", "new", "--db", db, "--name", "Pairs", "--boards", "1-12",
                            "--table", "2"], "has boards 1-24, not 1-12")
    # one table of a game with no overplay is a session of its own
    rc, out, err = run(capsys, "session", "new", "--name", "Euchre", "--game", "euchre",
                       "--boards", "1-8", "--tables", "1", "--db", db)
    assert rc == 0 and "euchre" in out, err


def test_a_game_without_overplay_is_set_up_at_several_tables(tmp_path, capsys):
    """Progressive euchre (issue #16): every table deals its own hands, the players move."""
    db = str(tmp_path / "c.sqlite")
    for game, tables in (("euchre", 3), ("bridge_whist", 2), ("ecarte", 4)):
        rc, out, err = run(capsys, "session", "new", "--name", game, "--game", game,
                           "--boards", "1-8", "--tables", str(tables), "--db", db)
        assert rc == 0, err
    st = Store(db)
    assert [(s["name"], s["tables"]) for s in st.club_sessions()] == [
        ("euchre", 3), ("bridge_whist", 2), ("ecarte", 4)]
    st.close()


def test_a_schema_4_database_keeps_its_session_numbers(tmp_path):
    import sqlite3

    from overplay.migrations import MIGRATIONS
    path = str(tmp_path / "old.sqlite")
    db = sqlite3.connect(path, isolation_level=None)
    for v in range(4):
        for stmt in MIGRATIONS[v].split(";"):
            if stmt.strip():
                db.execute(stmt)
    db.execute("PRAGMA user_version = 4")
    rows = [(1, 1, 24, 1, 3, "2026-11-20T19:00:00Z"), (2, 1, 24, 2, 3, "2026-11-20T19:01:00Z"),
            (3, 1, 12, 1, 2, "2026-11-20T19:02:00Z"), (4, 1, 24, 1, 3, "2026-11-27T19:00:00Z")]
    for sid, first, last, table, tables, at in rows:
        db.execute("INSERT INTO sessions (setup_id, game, variant, first_board, last_board, "
                   "table_no, tables, movement, created_at) VALUES (?,1,0,?,?,?,?,0,?)",
                   (sid, first, last, table, tables, at))
    db.close()
    st = Store(path)
    assert [(s["id"], s["date"], [x[0] for x in s["setups"]]) for s in st.club_sessions()] == \
        [(1, "2026-11-20", [1, 2]), (3, "2026-11-20", [3]), (4, "2026-11-27", [4])]
    assert [st.session_of(i) for i in (1, 2, 3, 4)] == [1, 1, 3, 4]
    new = st.new_session("Next", "2026-12-04", 1, 0, 1, 24, 3, 0)
    assert new == 5  # numbered after the old ones
    st.close()


def _two_table_evening(tmp_path, capsys):
    db = str(tmp_path / "c.sqlite")
    assert run(capsys, "session", "new", "--name", "Names", "--game", "1", "--boards", "1-2",
               "--tables", "2", "--db", db)[0] == 0
    st = Store(db)
    for sh, tr in zip(enrol(st, 2), ({1: 7, 2: 5}, {1: 8, 2: 6})):
        s = pull(st, sh)
        play(sh, s["setup_id"], s["table"], 2, tr)
        sync(st, sh)
    st.close()
    return db


def test_players_roster_names_every_output(tmp_path, capsys):
    import csv
    import io
    import json
    db = _two_table_evening(tmp_path, capsys)
    rc, out, err = run(capsys, "players", "set", "ns1", "Ann Smith & Bob Jones", "--db", db)
    assert rc == 0 and "names set for 1 pair" in out, err
    roster = tmp_path / "roster.csv"
    roster.write_text("pair,names\nE-W 1,Cy <Lee> & Di Ross\nN-S 2,\"Ed, Fay\"\n\n"
                      "ew2,Gus & Hal\n", encoding="utf-8")
    rc, out, err = run(capsys, "players", "import", str(roster), "--db", db)
    assert rc == 0 and "names set for 3 pairs" in out, err
    rc, out, err = run(capsys, "players", "list", "--db", db)
    # keyed by pair number: in a 2-table "none" N-S t is pair t, E-W t pair 2 + t
    assert out.splitlines() == ["pair 1   N-S 1   Ann Smith & Bob Jones",
                                "pair 2   N-S 2   Ed, Fay", "pair 3   E-W 1   Cy <Lee> & Di Ross",
                                "pair 4   E-W 2   Gus & Hal"]
    r = results.build(db)
    # N-S 7+5=12 and 8+6=14: N-S 2 first; the names beside the pair everywhere
    assert {p["pair"]: (p["names"], p["rank"]) for p in r["pairs"]}["N-S 2"] == ("Ed, Fay", 1)
    text = results.render(r, "text")
    assert "1  N-S 2 (Ed, Fay) total  14" in text and "N-S 1 (Ann Smith & Bob Jones)" in text
    page = results.render(r, "html")
    assert "Cy &lt;Lee&gt; &amp; Di Ross" in page and "<Lee>" not in page
    rows = list(csv.DictReader(io.StringIO(results.render(r, "csv"))))
    assert (rows[0]["names_ns"], rows[0]["names_ew"]) == ("Ann Smith & Bob Jones",
                                                          "Cy <Lee> & Di Ross")
    assert json.loads(results.render(r, "json"))["roster"]["4"] == "Gus & Hal"


@pytest.mark.parametrize("argv,content,words", [
    (["set", "N-S 3", "Ann"], None, ("tables 1-2",)),
    (["set", "North 1", "Ann"], None, ("write its number (5)", "N-S 1")),
    (["set", "5", "Ann"], None, ("pairs 1-4",)),
    (["set", "N-S 1"], None, ("needs PAIR NAMES",)),
    (["set", "N-S 1", "   "], None, ("no names given",)),
    (["import"], None, ("one CSV file",)),
    (["import", "R"], "pair,names\nN-S 1\n", ("line 2", "pair,names")),
    (["import", "R"], "pair,names\nS-N 1,Ann\n", ("line 2", "write its number")),
    (["import", "R"], b"\xff\xfe\x00bad", ("not UTF-8",)),
    (["import", "R"], "pair,names\n", ("holds no pairs",)),
    (["import", "MISSING"], None, ("missing.csv", "No such file")),
])
def test_players_one_line_errors(tmp_path, capsys, argv, content, words):
    db = _two_table_evening(tmp_path, capsys)
    if content is not None:
        f = tmp_path / "r.csv"
        if isinstance(content, bytes):
            f.write_bytes(content)
        else:
            f.write_text(content, encoding="utf-8")
    argv = [str(tmp_path / "r.csv") if a == "R" else
            (str(tmp_path / "missing.csv") if a == "MISSING" else a) for a in argv]
    one_line_error(capsys, ["players"] + argv + ["--db", db], *words)
    st = Store(db)
    assert st.players(1) == {}
    st.close()
