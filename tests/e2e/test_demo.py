"""`make demo` end to end: simulated shoes under MicroPython deal, check, sync over ptys into a
fresh club database; the results and the files come out, and a second run works too."""

import csv
import os
import sqlite3
import subprocess
import sys
import time

import pytest

from overplay.sync_bench import micropython_bin

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
    for step in ("[1] Enrol", "[2] Table 1 deals", "[3] Sync", "[4] The director's results"):
        assert step in text
    assert text.count("enrolled on") == 3 and text.count("session set-up") >= 3
    assert "table 3: board 3 overplay checked: trump turned 3C (slip 4C): " \
        "trump_differs_from_slip" in text
    assert "DW-IV-9a" in text and "AVERAGE SCORE AWARDED" in text
    for name in ("report.html", "boards.pbn", "results.csv", "results.json"):
        assert (out / name).stat().st_size > 200
        assert name in text

    db = sqlite3.connect(str(out / "club.sqlite"))
    q = lambda sql: db.execute(sql).fetchall()  # noqa: E731
    assert q("SELECT shoe_id FROM shoes ORDER BY shoe_id") == [(1,), (2,), (3,)]
    assert q("SELECT COUNT(*) FROM quarantine") == [(0,)]
    # six boards: table 1 dealt each original, tables 2 and 3 checked each overplay
    assert q("SELECT table_no, mode, COUNT(*) FROM deals GROUP BY table_no, mode") == \
        [(1, 0, 6), (2, 1, 6), (3, 1, 6)]
    assert q("SELECT COUNT(*) FROM checks") == [(12,)]
    assert q("SELECT COUNT(*) FROM results") == [(18,)]
    assert q("SELECT board, table_no, findings FROM checks WHERE findings != ''") == \
        [(3, 3, "-11")]
    assert q("SELECT ruling FROM rulings") == [("DW-IV-9a",)]
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
