"""`make demo` end to end: each table's shoe is the firmware app under MicroPython, enrolled,
set up and synced over a pty; it writes its SESSION record itself, the table's buttons record
play begun and the SCORE records, the director's PIN comes over the link; the results and the
files come out, and a second run works too."""

import csv
import os
import sqlite3
import subprocess
import sys
import time

import pytest

from overplay.sim_shoe import micropython_bin

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

pytestmark = pytest.mark.skipif(not os.path.exists(micropython_bin()) and
                                os.system("command -v micropython >/dev/null") != 0,
                                reason="no MicroPython interpreter")


def run_demo(out):
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(
        [os.path.join(ROOT, "host"), os.path.join(ROOT, "shared")]))
    t0 = time.monotonic()
    p = subprocess.run([sys.executable, "-m", "overplay.demo", "--simulated", "--out", str(out)],
                       cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
    return p, time.monotonic() - t0


def test_demo_end_to_end_twice(tmp_path):
    out = tmp_path / "demo"
    for attempt in (1, 2):  # the second run starts again from a fresh database
        p, seconds = run_demo(out)
        assert p.returncode == 0, p.stdout[-2000:] + p.stderr[-2000:]
        assert seconds < 45
    text = p.stdout
    for step in ("[1] Table 1", "[2] Table 2", "[3] Table 3", "[4] The director's results"):
        assert step in text
    assert text.count("enrolled on") == 3 and text.count("session set-up") >= 3
    assert text.count("the app wrote the SESSION record") == 3
    assert text.count("SCORE recorded") == 18 and text.count("EVENT play_begun") == 18
    assert "table 3: board 3 overplay checked: trump turned 3C (slip 4C): " \
        "trump_differs_from_slip" in text
    assert "play begun anyway, with the wrong trump" in text
    assert "director's PIN sent" in text and '"wrong PIN (1/3)"' in text
    assert "opens the director's menu" in text
    assert "DW-IV-9a" in text and "AVERAGE SCORE AWARDED" in text
    for name in ("report.html", "boards.pbn", "results.csv", "results.json"):
        assert (out / name).stat().st_size > 200
        assert name in text

    db = sqlite3.connect(str(out / "club.sqlite"))
    q = lambda sql: db.execute(sql).fetchall()  # noqa: E731
    assert q("SELECT shoe_id FROM shoes ORDER BY shoe_id") == [(1,), (2,), (3,)]
    assert q("SELECT COUNT(*) FROM quarantine") == [(0,)]
    # the SESSION record each app wrote when its set-up arrived over the link: its first record
    assert q("SELECT shoe_id, seq, setup_id, table_no, tables FROM shoe_sessions "
             "ORDER BY shoe_id") == [(1, 1, 1, 1, 3), (2, 1, 2, 2, 3), (3, 1, 3, 3, 3)]
    # six boards: table 1 dealt each original, tables 2 and 3 checked each overplay (table 3
    # checked board 3 again after play)
    assert q("SELECT table_no, mode, COUNT(*) FROM deals GROUP BY table_no, mode") == \
        [(1, 0, 6), (2, 1, 6), (3, 1, 7)]
    assert q("SELECT COUNT(*) FROM checks") == [(13,)]
    assert q("SELECT board, table_no, findings FROM checks WHERE findings != '' "
             "ORDER BY seq") == [(3, 3, "-11"), (3, 3, "-11")]
    # the scores come from the terminal's buttons: one SCORE and one play begun per board
    assert q("SELECT table_no, COUNT(*) FROM results GROUP BY table_no") == \
        [(1, 6), (2, 6), (3, 6)]
    assert q("SELECT shoe_id, COUNT(*) FROM events WHERE code = 12 GROUP BY shoe_id") == \
        [(1, 6), (2, 6), (3, 6)]
    # table 3, board 3: play began (seq) before the second check that found the wrong trump
    begun = q("SELECT seq FROM events WHERE shoe_id = 3 AND code = 12 AND board = 3")[0][0]
    checks = [s for s, in q("SELECT seq FROM checks WHERE shoe_id = 3 AND board = 3 "
                            "ORDER BY seq")]
    assert checks[0] < begun < checks[1]
    assert q("SELECT ruling FROM rulings") == [("DW-IV-9a",)]
    # the director: the PIN from the club PC arrives (a 7, journaled by the shoe), a wrong
    # PIN (a 1, b 1), the right one (b 0), average board 3, leave
    assert q("SELECT board, a, b FROM events WHERE shoe_id = 3 AND code = 6 ORDER BY seq") \
        == [(0, 7, 0), (0, 1, 1), (0, 1, 0), (3, 2, 0), (0, 6, 0)]
    assert q("SELECT pushed_at IS NOT NULL FROM pins WHERE shoe_id = 3") == [(1,)]
    assert q("SELECT code FROM events WHERE code = 4") == [(4,)]  # the card read twice
    # every record the syncs brought was stored once (none refused, none twice)
    assert q("SELECT COUNT(*) FROM records") == q("SELECT SUM(new) FROM sync_log")
    assert q("SELECT SUM(rejected), SUM(duplicates) FROM sync_log") == [(0, 0)]

    rows = list(csv.DictReader(open(out / "results.csv")))
    assert len(rows) == 18
    page = (out / "report.html").read_text()
    for b in range(1, 7):
        assert 'id="board-%d"' % b in page
    pbn = (out / "boards.pbn").read_bytes()
    assert pbn.count(b'[Deal "') == 6 and b"\r\n" in pbn
