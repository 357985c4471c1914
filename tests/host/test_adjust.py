"""`overplay adjust` (the director's corrections at the PC, appended with who, when and why)
and `overplay quarantine` (what a sync refused; --reverify merges what now verifies), on
sessions merged by the real store ingest and standings computed by hand."""

import pytest

from overplay import cli, results
from overplay.store import Store
from signed_shoe import Shoe, play, sync

# N-S tricks per board at tables 1, 2, 3
TRICKS = ({1: 7, 2: 5}, {1: 8, 2: 6}, {1: 6, 2: 9})


def run(capsys, *argv):
    rc = cli.main(list(argv))
    out = capsys.readouterr()
    return rc, out.out, out.err


@pytest.fixture
def db(tmp_path, capsys):
    db = str(tmp_path / "c.sqlite")
    assert run(capsys, "session", "new", "--name", "Thursday", "--game", "duplicate_whist",
               "--boards", "1-2", "--tables", "3", "--db", db)[0] == 0
    st = Store(db)
    for i, tr in enumerate(TRICKS):
        sh = Shoe(50 + i)
        st.enroll(sh.shoe_id, sh.key)
        s = st.pending_setup(sh.shoe_id)
        st.mark_pushed(s["setup_id"], sh.shoe_id)
        play(sh, s["setup_id"], s["table"], 3, tr)
        sync(st, sh)
    st.close()
    return db


def pairs(r):
    return {p["pair"]: (p["total"], p["plus_minus"], p["rank"]) for p in r["pairs"]}


def test_average_and_correction_at_the_pc(db, capsys):
    rc, out, err = run(capsys, "adjust", "average", "--board", "1", "--table", "2", "--reason",
                       "board fouled", "--by", "Ann", "--db", db)
    assert rc == 0 and "adjustment 1" in out and "average score awarded" in out, err
    rc, out, err = run(capsys, "adjust", "correct", "--board", "2", "--table", "3", "--tricks",
                       "4", "--reason", "keyed 9, agreed 4", "--by", "Ann", "--db", db)
    assert rc == 0, err
    r = results.build(db)
    b1, b2 = r["boards"]
    # board 1: tables 1 and 3 played 7 and 6: N-S average 6.5 -> 7, E-W 6.5 -> 7 (DW-25)
    assert [(x["score_ns"], x["score_ew"]) for x in b1["tables"]] == [(7, 6), (7, 7), (6, 7)]
    # board 2 with table 3 corrected to 4: 5, 6, 4
    assert [(x["score_ns"], x["score_ew"]) for x in b2["tables"]] == [(5, 8), (6, 7), (4, 9)]
    t3 = b2["tables"][2]
    assert t3["adjustment"]["original"]["tricks_ns"] == 9 and t3["adjustment"]["by"] == "Ann"
    # N-S 12, 13, 10 (average 35/3 -> 12): 0, +1, -2; E-W 14, 14, 16 (average 44/3 -> 15)
    assert pairs(r) == {"N-S 1": (12, 0, 2), "N-S 2": (13, 1, 1), "N-S 3": (10, -2, 3),
                        "E-W 1": (14, -1, 2), "E-W 2": (14, -1, 2), "E-W 3": (16, 1, 1)}
    text = results.render(r, "text")
    assert "result corrected to N-S 4, E-W 9 tricks; recorded at the table: N-S 9, E-W 4" \
        in text and "keyed 9, agreed 4" in text
    assert "recorded at the table: N-S 9, E-W 4 tricks" in results.render(r, "html")
    # never an edit: the shoe's SCORE still says 9
    st = Store(db)
    assert st.db.execute("SELECT tricks_ns FROM results WHERE board=2 AND table_no=3"
                         ).fetchall() == [(9,)]
    st.close()


def test_withdraw_then_an_artificial_score(db, capsys):
    assert run(capsys, "adjust", "average", "--board", "1", "--table", "2", "--reason", "x",
               "--db", db)[0] == 0
    assert run(capsys, "adjust", "correct", "--board", "2", "--table", "3", "--tricks", "4",
               "--reason", "y", "--db", db)[0] == 0
    rc, out, err = run(capsys, "adjust", "withdraw", "--id", "2", "--reason", "wrong table",
                       "--db", db)
    assert rc == 0 and "withdrew adjustment 2" in out, err
    assert run(capsys, "adjust", "artificial", "--board", "2", "--table", "3", "--ns", "7",
               "--ew", "4", "--reason", "slow play", "--db", db)[0] == 0
    r = results.build(db)
    b2 = r["boards"][1]
    # tables 1 and 2 compared alone: N-S 5.5 -> 6, E-W 7.5 -> 8; table 3 given 7/4 outright
    assert (b2["average_ns"], b2["average_ew"]) == (6, 8)
    assert [(x["score_ns"], x["score_ew"]) for x in b2["tables"]] == [(5, 8), (6, 7), (7, 4)]
    assert (b2["tables"][2]["diff_ns"], b2["tables"][2]["diff_ew"]) == (1, -4)
    # N-S 7+5, 7+6, 6+7 = 12, 13, 13 (average 38/3 -> 13); E-W 14, 14, 11 (average 13)
    assert pairs(r) == {"N-S 1": (12, -1, 3), "N-S 2": (13, 0, 1), "N-S 3": (13, 0, 1),
                        "E-W 1": (14, 1, 1), "E-W 2": (14, 1, 1), "E-W 3": (11, -2, 3)}
    rc, out, err = run(capsys, "adjust", "list", "--db", db)
    assert out.count("\n") == 4 and "withdrew adjustment 2" in out


def test_void_at_the_pc(db, capsys):
    assert run(capsys, "adjust", "void", "--board", "1", "--table", "3", "--reason", "z",
               "--db", db)[0] == 0
    b1 = results.build(db)["boards"][0]
    assert "score_ns" not in b1["tables"][2] and b1["status"] == \
        "scored; no result from table 3"


@pytest.mark.parametrize("argv,words", [
    (["average", "--board", "1", "--table", "2"], ("needs --reason",)),
    (["average", "--board", "9", "--table", "2", "--reason", "r"], ("board 9 is not in",)),
    (["average", "--board", "1", "--table", "4", "--reason", "r"], ("table 4 is not in",)),
    (["correct", "--board", "1", "--table", "2", "--reason", "r"], ("needs --tricks",)),
    (["correct", "--board", "1", "--table", "2", "--tricks", "14", "--reason", "r"],
     ("use a whole number 0..13",)),
    (["artificial", "--board", "1", "--table", "2", "--ns", "5", "--reason", "r"],
     ("needs --ew",)),
    (["withdraw", "--id", "7", "--reason", "r"], ("no adjustment 7",)),
    (["average", "--session", "5", "--board", "1", "--table", "1", "--reason", "r"],
     ("no session 5",)),
    (["average", "--table", "1", "--reason", "r"], ("needs --board",)),
])
def test_adjust_one_line_errors(db, capsys, argv, words):
    rc, out, err = run(capsys, "adjust", *argv, "--db", db)
    assert rc == 2 and err.count("\n") == 1, err
    for w in words:
        assert w in err, err
    st = Store(db)
    assert st.adjustments(1) == []
    st.close()


def test_quarantine_lists_then_reverify_merges_after_enrolment(tmp_path, capsys):
    db = str(tmp_path / "q.sqlite")
    assert run(capsys, "session", "new", "--name", "Q", "--game", "1", "--boards", "1-2",
               "--tables", "1", "--db", db)[0] == 0
    st = Store(db)
    sh = Shoe(60)  # dealt with a key the club never enrolled
    play(sh, 1, 1, 1, {1: 7, 2: 8})
    assert sync(st, sh) == (0, 0, len(sh.recs))
    forged = Shoe(61)
    forged.key = bytes(32)  # signs with a key shoe 61 never held
    play(forged, 1, 1, 1, {1: 3})
    st.enroll(61, bytes([61]) * 32)
    assert sync(st, forged)[2] == len(forged.recs)
    st.close()
    rc, out, err = run(capsys, "quarantine", "--db", db)
    assert rc == 0, err
    assert "shoe 60 journal" in out and "unknown shoe 60" in out and "seq 1-5" in out
    assert "shoe 61" in out and "bad signature" in out
    assert "%d records in quarantine" % (len(sh.recs) + len(forged.recs)) in out
    rc, out, err = run(capsys, "quarantine", "--reverify", "--db", db)
    assert rc == 0 and "0 merged" in out  # shoe 60 is still unknown
    st = Store(db)
    st.enroll(60, sh.key)
    st.close()
    rc, out, err = run(capsys, "quarantine", "--reverify", "--db", db)
    assert rc == 0 and "%d merged" % len(sh.recs) in out, out + err
    assert "%d in quarantine" % len(forged.recs) in out
    r = results.build(db)
    assert [b["tables"][0]["tricks_ns"] for b in r["boards"]] == [7, 8]
    rc, out, err = run(capsys, "quarantine", "--shoe", "60", "--db", db)
    assert out.startswith("nothing in quarantine for shoe 60")


def test_matchpoints_and_percentages_beside_the_tricks(db, capsys, tmp_path):
    r = results.build(db)
    # by hand: board 1 N-S 7, 8, 6 -> 2, 4, 0; E-W 6, 5, 7 -> 2, 0, 4; board 2 N-S 5, 6, 9 ->
    # 0, 2, 4; E-W 8, 7, 4 -> 4, 2, 0; top 4 a board, 8 in all
    mp = {p["pair"]: (p["mp"], p["top"], p["percent"], p["mp_rank"]) for p in r["pairs"]}
    assert mp == {"N-S 1": (2, 8, 25.0, 3), "N-S 2": (6, 8, 75.0, 1), "N-S 3": (4, 8, 50.0, 2),
                  "E-W 1": (6, 8, 75.0, 1), "E-W 2": (2, 8, 25.0, 3), "E-W 3": (4, 8, 50.0, 2)}
    assert run(capsys, "adjust", "average", "--board", "1", "--table", "2", "--reason", "x",
               "--db", db)[0] == 0
    # table 2 averaged on board 1 (N-S 7, E-W 7): it gets 2 of 4; N-S 7 ties it and beats 6
    mp = {p["pair"]: p["mp"] for p in results.build(db)["pairs"]}
    assert (mp["N-S 1"], mp["N-S 2"], mp["N-S 3"]) == (3, 4, 4)
    out = tmp_path / "mp.txt"
    assert cli.main(["results", "--matchpoints", "--db", db, "-o", str(out)]) == 0
    text = out.read_text()
    assert "Matchpoints (2 for each" in text and "1  N-S 2  4 of 8  50.00%" in text
    assert "Matchpoints" not in results.render(results.build(db), "text")  # only on request
