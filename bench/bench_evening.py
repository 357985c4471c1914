"""evening_vs_read: a 30-table, 30-board Mitchell evening's results in every output format,
as a ratio to a bare read of the same rows from SQLite (issue #15, "Performance"): one
`overplay results` run writing the five files (the evening read and scored once), per format,
over the time of one bare read of the evening's records. Beside it,
evening_one_format_run_vs_read: the mean of five runs writing one format each (each reads and
scores the evening itself).

The club DB is filled the real way: `overplay session new` (30 tables, boards 1-30, Mitchell:
30 rounds of one board), one shoe per table enrolled and handed its set-up, each shoe's signed
records (the set-up, every board dealt or checked against the slip, every score: 900
table-boards) merged by the store's ingest (tests/host/signed_shoe.py, as the results tests
do). Timed (in-process, as a director types it): `overplay results --db DB -o out.text -o
out.csv -o out.json -o out.html -o out.pbn`, and `overplay results --db DB --format F -o FILE`
for each of those formats. Reference, same run: `SELECT * FROM records` with every row fetched
(a new connection each time). The runs best of three, the read best of ten (it takes a few
milliseconds, so one busy moment on this shared machine would otherwise set it).
"""

import os
import random
import shutil
import sqlite3
import sys
import tempfile
import time

TABLES = 30
BOARDS = 30
FORMATS = ("text", "csv", "json", "html", "pbn")


def build(db):
    from overplay import cli
    from overplay.store import Store
    from signed_shoe import Shoe, play_movement, sync

    rc = quiet(cli.main, ["session", "new", "--name", "Bench evening", "--game",
                          "duplicate_whist", "--boards", "1-%d" % BOARDS, "--tables",
                          str(TABLES), "--movement", "mitchell", "--db", db])
    if rc != 0:
        raise RuntimeError("session new failed")
    rng = random.Random(15)
    st = Store(db)
    try:
        for t in range(1, TABLES + 1):
            sh = Shoe(200 + t)
            st.enroll(sh.shoe_id, sh.key)
            s = st.pending_setup(sh.shoe_id)
            st.mark_pushed(s["setup_id"], sh.shoe_id)
            play_movement(sh, s["setup_id"], t, TABLES, 1, 1, BOARDS,
                          {b: rng.randrange(14) for b in range(1, BOARDS + 1)})
            if sync(st, sh)[2]:
                raise RuntimeError("records quarantined at table %d" % t)
    finally:
        st.close()


def quiet(fn, *args):
    """fn(*args) with its stdout (the paths and lines it prints) thrown away."""
    saved = sys.stdout
    with open(os.devnull, "w") as sys.stdout:
        try:
            return fn(*args)
        finally:
            sys.stdout = saved


def best(fn, n=3):
    """The shortest of n timed calls of fn (seconds)."""
    out = None
    for _ in range(n):
        t0 = time.perf_counter()
        fn()
        dt = time.perf_counter() - t0
        out = dt if out is None else min(out, dt)
    return out


def run(ctx):
    sys.path.insert(0, os.path.join(ctx.root, "tests", "host"))
    from overplay import cli

    tmp = tempfile.mkdtemp(prefix="overplay-bench-evening-")
    try:
        db = os.path.join(tmp, "club.sqlite")
        build(db)

        def outputs():
            argv = ["results", "--db", db]
            for f in FORMATS:
                argv += ["-o", os.path.join(tmp, "all", "out." + f)]
            if quiet(cli.main, argv) != 0:
                raise RuntimeError("results -o ... (every format) failed")

        def one_format_runs():
            for f in FORMATS:
                if quiet(cli.main, ["results", "--db", db, "--format", f, "-o",
                                    os.path.join(tmp, "one", "out." + f)]) != 0:
                    raise RuntimeError("results --format %s failed" % f)

        def read():
            con = sqlite3.connect(db)
            try:
                rows = con.execute("SELECT * FROM records").fetchall()
            finally:
                con.close()
            return rows

        rows = len(read())
        t_out = best(outputs)
        t_one = best(one_format_runs)
        t_read = best(read, 10)
        for f in FORMATS:  # the same files either way
            with open(os.path.join(tmp, "all", "out." + f), "rb") as a, \
                    open(os.path.join(tmp, "one", "out." + f), "rb") as b:
                if a.read() != b.read():
                    raise RuntimeError("out.%s differs between the two ways" % f)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return {"evening_vs_read": t_out / len(FORMATS) / t_read, "evening_seconds_all_formats": t_out,
            "evening_one_format_run_vs_read": t_one / len(FORMATS) / t_read,
            "evening_seconds_one_format_runs": t_one,
            "evening_read_seconds": t_read, "evening_rows": rows}
