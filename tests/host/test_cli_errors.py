"""Every error a user can cause is one line on stderr, exit status 2, never a traceback, and
leaves the club database as it was: a full disk, a read-only or damaged database, ids beyond
what SQLite and the wire hold, huge or deeply nested JSON, `overplay pin` with no stdin; and
the club database is private to its owner (docs/design.md, "Errors and the club database")."""

import contextlib
import io
import os
import sqlite3
import stat
import subprocess
import sys

import pytest

from overplay import cli, errors, store
from test_results import build_db

HOST = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(
    __file__)))), "host")
NEW = ["session", "new", "--game", "duplicate_whist", "--boards", "1-4", "--table", "1",
       "--tables", "2"]
BIG = [a if a != "1-4" else "1-3000" for a in NEW]  # more boards than a full disk takes


def one_line(capsys, *words):
    """The stderr of a failed command: exactly one line, holding every word."""
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err, err
    for w in words:
        assert w in err, err
    return err


def count(db, table):
    c = sqlite3.connect(db)
    try:
        return c.execute("SELECT COUNT(*) FROM %s" % table).fetchone()[0]
    finally:
        c.close()


def run_overplay(args, **kw):
    """`overplay ARGS` in a new process with no controlling terminal."""
    code = "import sys; from overplay import cli; sys.exit(cli.main(sys.argv[1:]))"
    env = dict(os.environ, PYTHONPATH=HOST + os.pathsep + os.environ.get("PYTHONPATH", ""))
    return subprocess.run([sys.executable, "-c", code] + args, capture_output=True, text=True,
                          env=env, start_new_session=True, timeout=60, **kw)


# --- a full disk ---------------------------------------------------------------------------

def fill_disk(monkeypatch):
    """Every club DB opened from now on can grow no further (SQLite's max_page_count: the
    same SQLITE_FULL a full disk gives, through the same Store code)."""
    real = sqlite3.connect

    def connect(*a, **kw):
        db = real(*a, **kw)
        pages = db.execute("PRAGMA page_count").fetchone()[0]
        db.execute("PRAGMA max_page_count = %d" % max(pages, 1))
        return db
    monkeypatch.setattr(sqlite3, "connect", connect)


@pytest.fixture
def full_disk(monkeypatch):
    fill_disk(monkeypatch)


def test_a_full_disk_is_named_and_the_database_is_left_as_it_was(tmp_path, capsys, monkeypatch):
    db = str(tmp_path / "c.sqlite")
    assert cli.main(NEW + ["--db", db]) == 0
    capsys.readouterr()
    with monkeypatch.context() as m:
        fill_disk(m)
        assert cli.main(BIG + ["--db", db]) == 2
    err = one_line(capsys, "disk is full", db, "nothing of this command was stored")
    assert "cannot rollback" not in err
    assert count(db, "sessions") == 1 and count(db, "boards") == 4
    assert cli.main(NEW + ["--db", db]) == 0  # space again: the next command works


def test_a_full_disk_while_the_database_is_made_is_one_line(tmp_path, capsys, full_disk):
    assert cli.main(["session", "list", "--db", str(tmp_path / "new" / "c.sqlite")]) == 2
    one_line(capsys, "disk is full")


def test_a_real_full_filesystem_is_one_line(tmp_path, capsys):
    """On a tmpfs 16 KB larger than the database (only where this user may mount one: root on
    Linux)."""
    db = str(tmp_path / "c.sqlite")
    assert cli.main(NEW + ["--db", db]) == 0
    capsys.readouterr()
    mnt = tmp_path / "small"
    mnt.mkdir()
    size_k = (os.path.getsize(db) + 16 * 1024) // 4096 * 4 + 4
    if subprocess.run(["mount", "-t", "tmpfs", "-o", "size=%dk" % size_k, "tmpfs", str(mnt)],
                      capture_output=True).returncode:
        pytest.skip("cannot mount a small tmpfs here (not root)")
    try:
        small = str(mnt / "c.sqlite")
        with open(db, "rb") as f, os.fdopen(os.open(small, os.O_WRONLY | os.O_CREAT,
                                                    0o600), "wb") as g:
            g.write(f.read())
        assert cli.main(BIG + ["--db", small]) == 2
        err = one_line(capsys, small)
        assert "disk is full" in err or "disk error" in err
        assert count(small, "sessions") == 1 and count(small, "boards") == 4
    finally:
        subprocess.run(["umount", str(mnt)], check=True)


def test_the_reason_under_a_failed_rollback_is_found():
    try:
        try:
            raise sqlite3.OperationalError("database or disk is full")
        except sqlite3.Error:
            raise sqlite3.OperationalError("cannot rollback - no transaction is active")
    except sqlite3.Error as e:
        assert str(errors.root_cause(e)) == "database or disk is full"


# --- read-only and damaged databases ---------------------------------------------------------

@contextlib.contextmanager
def read_only(folder):
    """folder (and what is in it) read-only for this process: by its mode for a user, by a
    read-only bind mount for root (whom modes do not stop); skipped where neither works."""
    if os.geteuid() != 0:
        modes = {p: os.stat(p).st_mode for p in [folder] + [os.path.join(folder, n)
                                                             for n in os.listdir(folder)]}
        for p in modes:
            os.chmod(p, 0o555 if p == folder else 0o444)
        try:
            yield
        finally:
            for p, m in modes.items():
                os.chmod(p, stat.S_IMODE(m))
        return
    if subprocess.run(["mount", "--bind", folder, folder], capture_output=True).returncode:
        pytest.skip("cannot bind-mount here")
    try:
        if subprocess.run(["mount", "-o", "remount,bind,ro", folder],
                          capture_output=True).returncode:
            pytest.skip("cannot remount read-only here")
        yield
    finally:
        subprocess.run(["umount", folder], check=True)


def test_results_work_on_a_read_only_database_and_keep_nothing(tmp_path, capsys):
    folder = tmp_path / "ro"
    folder.mkdir()
    db = build_db(folder / "club.sqlite")
    assert cli.main(["results", "--db", db, "--format", "json"]) == 0
    capsys.readouterr()
    kept = count(db, "rulings")
    assert kept > 0
    with read_only(str(folder)):
        assert cli.main(["results", "--db", db, "--format", "json"]) == 0
        out = capsys.readouterr()
        assert '"rulings"' in out.out and "read-only" in out.err and out.err.count("\n") == 1
        assert cli.main(["results", "--db", db, "--list"]) == 0
        assert cli.main(["session", "new", "--game", "euchre", "--boards", "1-2", "--table",
                         "1", "--tables", "1", "--db", db]) == 2
        one_line(capsys, "read-only")
    assert count(db, "rulings") == kept and count(db, "sessions") == 3


def test_a_file_that_is_not_a_database_is_one_line(tmp_path, capsys):
    bad = tmp_path / "junk.sqlite"
    bad.write_bytes(os.urandom(5000))
    for argv in (["results"], ["results", "--list"], ["session", "list"]):
        assert cli.main(argv + ["--db", str(bad)]) == 2
        one_line(capsys, "not a club database", str(bad))


def test_a_database_with_damaged_pages_is_one_line(tmp_path, capsys):
    db = build_db(tmp_path / "club.sqlite")
    c = sqlite3.connect(db)
    size = c.execute("PRAGMA page_size").fetchone()[0]
    root = c.execute("SELECT rootpage FROM sqlite_master WHERE name='deals'").fetchone()[0]
    c.close()
    with open(db, "r+b") as f:  # the schema stays, the deals table's first page goes
        f.seek((root - 1) * size)
        f.write(b"\xa5" * size)
    assert cli.main(["results", "--db", db]) == 2
    one_line(capsys, "damaged", db)


# --- numbers beyond range, huge and deep JSON -----------------------------------------------

def test_ids_beyond_what_the_database_holds_are_refused_in_one_line(tmp_path, capsys,
                                                                    monkeypatch):
    db = str(tmp_path / "c.sqlite")
    huge = "99999999999999999999999"
    assert cli.main(NEW + ["--shoe", huge, "--db", db]) == 2
    one_line(capsys, "--shoe", "1..4294967295")
    monkeypatch.setattr(sys, "stdin", io.StringIO("4711\n"))
    assert cli.main(["pin", "--stdin", "--shoe", huge, "--db", db]) == 2
    one_line(capsys, "--shoe")
    assert cli.main(["pin", "--stdin", "--shoe", "4294967296", "--db", db]) == 2
    one_line(capsys, "--shoe")
    assert cli.main(["results", "--db", db, "--session", huge]) == 2
    one_line(capsys, "--session")
    assert not os.path.exists(db)  # refused before anything was opened


def test_a_5000_digit_number_is_one_line(tmp_path, capsys):
    path = tmp_path / "big.json"
    path.write_text('{"game": "duplicate_whist", "context": {"tables": %s}}' % ("9" * 5000))
    for cmd in ("judge", "score"):
        assert cli.main([cmd, str(path)]) == 2
        one_line(capsys, "5000 digits")


def test_deeply_nested_json_is_one_line(tmp_path, capsys):
    path = tmp_path / "deep.json"
    path.write_text('{"game": "euchre", "hands": %s%s}' % ("[" * 100000, "]" * 100000))
    for cmd in ("judge", "score"):
        assert cli.main([cmd, str(path)]) == 2
        one_line(capsys, "nested too deeply")


def test_an_input_far_too_large_is_refused_before_it_is_parsed(tmp_path, capsys):
    """`overplay judge /dev/zero` must not read forever: a deal or a game is a few KB."""
    path = tmp_path / "huge.json"
    path.write_text(" " * (2 << 20) + '{"game": "euchre"}')
    for cmd in ("judge", "score"):
        assert cli.main([cmd, str(path)]) == 2
        one_line(capsys, "huge.json is over")


def test_a_bad_argument_is_one_line(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("OVERPLAY_DB", str(tmp_path / "c.sqlite"))
    for argv, word in ((["judge"], "FILE"), (["session", "new", "--game"], "--game"),
                       (["results", "--format", "doc"], "--format"), ([], "COMMAND"),
                       (["sync", "--timeout", "soon"], "--timeout"),
                       (["sync", "--port", "/nonexistent/tty", "--timeout", "nan"], "--timeout"),
                       (["sync", "--port", "/nonexistent/tty", "--window", "70000"], "--window")):
        assert cli.main(argv) == 2
        one_line(capsys, word, "--help")


# --- `overplay pin` with nothing to read ----------------------------------------------------

def test_pin_with_stdin_empty_or_closed_is_one_line(tmp_path, capsys, monkeypatch):
    db = str(tmp_path / "c.sqlite")
    monkeypatch.setattr(sys, "stdin", None)  # what Python makes of a closed fd 0
    assert cli.main(["pin", "--stdin", "--shoe", "3", "--db", db]) == 2
    one_line(capsys, "stdin is closed")
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    assert cli.main(["pin", "--stdin", "--shoe", "3", "--db", db]) == 2
    one_line(capsys, "stdin is empty")


@pytest.mark.parametrize("stdin", ["/dev/null", "closed"])
@pytest.mark.parametrize("flag", [[], ["--stdin"]])
def test_pin_from_a_shell_with_no_input_is_one_line(tmp_path, stdin, flag):
    """As a script runs it: `overplay pin --shoe 3 < /dev/null` and `<&-`, no terminal."""
    db = str(tmp_path / "c.sqlite")
    args = ["pin", "--shoe", "3", "--db", db] + flag
    if stdin == "closed":
        r = run_overplay(args, stdin=subprocess.DEVNULL, preexec_fn=lambda: os.close(0))
    else:
        with open(os.devnull) as f:
            r = run_overplay(args, stdin=f)
    assert r.returncode == 2, r.stderr
    assert r.stderr.count("\n") == 1 and "Traceback" not in r.stderr, r.stderr
    assert ("stdin" in r.stderr) if flag else ("no terminal" in r.stderr)
    assert not os.path.exists(db)  # nothing stored without a PIN


# --- the club database is private -----------------------------------------------------------

@pytest.mark.parametrize("argv", [
    ["session", "list"], NEW, ["sync", "--port", "/nonexistent/ttyX"],
    ["enroll", "--port", "/nonexistent/ttyX"], ["pin", "--stdin", "--shoe", "3"],
])
def test_every_command_makes_the_database_owner_only(tmp_path, capsys, monkeypatch, argv):
    monkeypatch.setattr(sys, "stdin", io.StringIO("4711\n"))
    folder = tmp_path / "made" / "overplay"
    db = str(folder / "club.sqlite")
    old = os.umask(0)  # a permissive umask must not open it up
    try:
        cli.main(argv + ["--db", db])
    finally:
        os.umask(old)
    assert stat.S_IMODE(os.stat(db).st_mode) == 0o600
    assert stat.S_IMODE(os.stat(folder).st_mode) == 0o700
    assert "warning" not in capsys.readouterr().err


def test_the_default_location_is_private_too(tmp_path, capsys, monkeypatch):
    monkeypatch.delenv("OVERPLAY_DB", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert cli.main(["session", "list"]) == 0
    db = store.default_path()
    assert db.startswith(str(tmp_path))
    assert stat.S_IMODE(os.stat(db).st_mode) == 0o600
    assert stat.S_IMODE(os.stat(os.path.dirname(db)).st_mode) == 0o700


def test_a_database_others_may_read_gets_a_one_line_warning(tmp_path, capsys):
    db = str(tmp_path / "c.sqlite")
    assert cli.main(["session", "list", "--db", db]) == 0
    capsys.readouterr()
    os.chmod(db, 0o644)
    assert cli.main(["session", "list", "--db", db]) == 0
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "0644" in err and "chmod 600" in err, err
    assert stat.S_IMODE(os.stat(db).st_mode) == 0o644  # warned, not changed behind its back


def test_a_full_disk_during_a_sync_batch_is_named_and_nothing_of_it_is_kept(tmp_path,
                                                                          monkeypatch):
    """The records a sync commits (store.commit_batch): a full disk mid-batch keeps none of
    the batch and not the shoe's next_seq, and the one line names the full disk."""
    from signed_shoe import Shoe
    from overplay_core import records
    db = str(tmp_path / "c.sqlite")
    st = store.Store(db)
    sh = Shoe(4)
    st.enroll(sh.shoe_id, sh.key)
    for b in range(1, 400):
        sh.add(records.encode_event, records.EV_DUPLICATE_READ, b, 5, 1, b"x" * 40, 40)
    sync = st.begin_sync(sh.shoe_id, 1)
    st.close()
    fill_disk(monkeypatch)
    st = store.Store(db)
    try:
        with pytest.raises(sqlite3.Error) as e:
            st.commit_batch(sync, sh.shoe_id, sh.recs, len(sh.recs) + 1)
        text = str(errors.database_error(e.value, db))
        assert "disk is full" in text and "rollback" not in text, text
    finally:
        st.close()
    assert count(db, "records") == 0 and count(db, "events") == 0
    c = sqlite3.connect(db)
    assert c.execute("SELECT next_seq FROM shoes").fetchone()[0] == 0
    c.close()


def test_a_bug_is_one_line_with_status_1_and_its_traceback_on_request(capsys, monkeypatch):
    from overplay.commands import score

    def broken(args):
        return 1 // 0
    monkeypatch.setattr(score, "run", broken)
    assert cli.main(["score", "-"]) == 1
    one_line(capsys, "internal error (ZeroDivisionError", "OVERPLAY_DEBUG=1")
    monkeypatch.setenv("OVERPLAY_DEBUG", "1")
    with pytest.raises(ZeroDivisionError):
        cli.main(["score", "-"])
