"""`overplay enroll`, `overplay session`, `overplay sync` as a director runs them."""

import io
import os

from cli_proc import overplay
from overplay import cli, sync
from overplay.store import Store
from overplay.desk_shoe import DeskShoe
from overplay.relay import Relay

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def test_enroll_session_sync_and_sync_again(tmp_path):
    db = str(tmp_path / "club.sqlite")
    shoe = DeskShoe(str(tmp_path / "shoe"), 0, b"")
    relay = Relay()
    try:
        shoe.serve(relay.device_path)
        rc, out, err = overplay("enroll", "--port", relay.host_path, "--db", db,
                                "--name", "table 3")
        assert rc == 0, err
        assert out.startswith("shoe 1 enrolled")
        shoe.stop()
        shoe.fill(25, enrol=False)  # the shoe deals, signing with the key it was given
        rc, out, err = overplay("session", "new", "--game", "duplicate_whist", "--boards",
                                "1-24", "--table", "3", "--tables", "6", "--movement",
                                "mitchell", "--shoe", "1", "--db", db)
        assert rc == 0, err
        assert "boards 1-24" in out and "table 3 of 6: set-up 1, sent to shoe 1" in out
        shoe.serve(relay.device_path)
        rc, out, err = overplay("sync", "--port", relay.host_path, "--db", db)
        assert rc == 0, err
        assert out.strip() == ("shoe 1: 25 new records, 0 duplicates ignored, 0 rejected; "
                               "session set-up 1 sent")
        rc, out, err = overplay("sync", "--port", relay.host_path, "--db", db)
        assert rc == 0, err
        assert out.strip() == "shoe 1: 0 new records, 0 duplicates ignored, 0 rejected"
        rc, out, err = overplay("session", "list", "--db", db)
        assert "sent to shoe 1" in out
    finally:
        relay.close()
        shoe.stop()
    with open(os.path.join(str(tmp_path / "shoe"), "session.bin"), "rb") as f:
        assert f.read()[5] == 1  # the shoe keeps the set-up on flash: game 1
    st = Store(db)
    assert st.db.execute("SELECT COUNT(*) FROM deals").fetchone()[0] > 10
    assert st.db.execute("SELECT name FROM shoes").fetchone()[0] == "table 3"


def test_enroll_refuses_a_shoe_with_unsynced_records(tmp_path):
    db = str(tmp_path / "club.sqlite")
    shoe = DeskShoe(str(tmp_path / "shoe"), 5, bytes(32))
    shoe.fill(3)
    Store(db).enroll(5, bytes(32))
    relay = Relay()
    try:
        shoe.serve(relay.device_path)
        rc, out, err = overplay("enroll", "--port", relay.host_path, "--db", db)
        assert rc == 2 and "not yet synced" in err and len(err.strip().splitlines()) == 1
    finally:
        relay.close()
        shoe.stop()


def test_sync_fails_in_one_line_when_nobody_answers(tmp_path):
    relay = Relay()
    try:
        rc, out, err = overplay("sync", "--port", relay.host_path, "--db",
                                str(tmp_path / "c.sqlite"), timeout=30)
    finally:
        relay.close()
    assert rc == 2
    assert err.startswith("overplay sync: no answer to HELLO") and err.count("\n") == 1


def test_sync_names_a_port_it_cannot_open(tmp_path):
    rc, out, err = overplay("sync", "--port", str(tmp_path / "ttyNONE"), "--db",
                            str(tmp_path / "c.sqlite"))
    assert rc == 2 and "cannot open" in err and "ttyNONE" in err


def test_sync_without_port_looks_for_a_shoe(monkeypatch, capsys):
    # tests/host/test_ports.py: the USB descriptor, the HELLO, several shoes, --all
    from serial.tools import list_ports
    from serial.tools.list_ports_common import ListPortInfo
    monkeypatch.setattr(list_ports, "comports", lambda: [ListPortInfo("/dev/ttyS0")])
    assert cli.main(["sync"]) == 2
    assert "no shoe found" in capsys.readouterr().err


def test_session_new_rejects_bad_input_in_one_line(tmp_path, capsys):
    db = str(tmp_path / "c.sqlite")
    for argv, word in ((["--game", "poker"], "game 'poker'"),
                       (["--game", "euchre", "--boards", "x-3"], "boards 'x-3'"),
                       (["--game", "euchre", "--table", "7"], "table"),
                       (["--game", "euchre", "--movement", "swiss"], "movement"),
                       (["--game", "euchre", "--shoe", "9"], "not enrolled")):
        full = ["session", "new", "--boards", "1-8", "--table", "1", "--tables", "4", "--db", db]
        for k in range(0, len(argv), 2):
            if argv[k] in full:
                full[full.index(argv[k]) + 1] = argv[k + 1]
            else:
                full += argv[k:k + 2]
        assert cli.main(full) == 2
        err = capsys.readouterr().err
        assert word in err and err.count("\n") == 1, err


def test_a_newer_database_is_refused_in_one_line(tmp_path, capsys):
    import sqlite3
    p = str(tmp_path / "c.sqlite")
    c = sqlite3.connect(p)
    c.execute("PRAGMA user_version = 50")
    c.close()
    assert cli.main(["session", "list", "--db", p]) == 2
    assert "upgrade overplay" in capsys.readouterr().err


def test_progress_line_shows_records_rate_and_time_left():
    out = io.StringIO()
    p = sync.Progress(out)
    p.t0 -= 2.0
    p.update(500, 1000, 24000, final=True)
    line = out.getvalue()
    assert "500/1000 records" in line and "kB/s" in line and "0:02 left" in line


def sync_from_socket_shoe(db, key, shoe_id, records):
    """`overplay sync --port socket://...` against a desk shoe's link code (devsim: `records`
    signed records under key) served on a TCP socket; the command's exit status."""
    import socket
    import threading
    import time

    import sim.devsim as devsim
    from shoe.link import Link
    from shoe.settings import Settings
    j = devsim.MemJournal()
    devsim.fill(j, records, key, shoe_id)
    srv = socket.socket()
    srv.bind(("127.0.0.1", 0))
    srv.listen(1)
    stop = threading.Event()

    def shoe():
        conn, _ = srv.accept()
        f = conn.makefile("rwb", buffering=0)
        link = Link(f, f, j, key, shoe_id, Settings(None), kbd_intr=None)
        while not stop.is_set():
            if not link.poll():
                time.sleep(0.001)
        conn.close()
    t = threading.Thread(target=shoe, daemon=True)
    t.start()
    try:
        return cli.main(["sync", "--port", "socket://127.0.0.1:%d" % srv.getsockname()[1],
                         "--db", db, "--quiet"])
    finally:
        stop.set()
        t.join(5)
        srv.close()


def test_sync_over_a_socket_url(tmp_path, capsys):
    """Any pyserial URL: here socket://, with the shoe's link code served on a TCP socket."""
    key = b"\x22" * 32
    db = str(tmp_path / "c.sqlite")
    Store(db).enroll(9, key)
    assert sync_from_socket_shoe(db, key, 9, 40) == 0
    assert capsys.readouterr().out.startswith("shoe 9: 40 new records")


def test_sync_window_out_of_range_is_one_line(tmp_path, capsys):
    db = str(tmp_path / "c.sqlite")
    for w in ("-1", "0", "65536"):
        assert cli.main(["sync", "--port", "loop://", "--db", db, "--window", w]) == 2
        err = capsys.readouterr().err
        assert err == ("overplay sync: argument --window: window '%s': use a whole number "
                       "1..65535 (see `overplay sync --help`)\n" % w)
    assert cli.main(["sync", "--port", "loop://", "--db", db, "--timeout", "-3"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("overplay sync: argument --timeout: timeout '-3'") and \
        err.count("\n") == 1


def test_enroll_with_no_shoe_answering_is_one_line(tmp_path):
    relay = Relay()
    try:
        rc, out, err = overplay("enroll", "--port", relay.host_path, "--db",
                                str(tmp_path / "c.sqlite"), timeout=30)
    finally:
        relay.close()
    assert rc == 2 and "Traceback" not in err
    assert err.startswith("overplay enroll: no answer to HELLO") and err.count("\n") == 1


def test_enroll_refuses_an_id_held_by_another_shoe_unless_replace(tmp_path):
    db = str(tmp_path / "club.sqlite")
    Store(db).enroll(3, b"\x07" * 32, "table 3")  # the club's shoe 3, not this one
    shoe = DeskShoe(str(tmp_path / "shoe"), 0, b"")
    relay = Relay()
    try:
        shoe.serve(relay.device_path)
        rc, out, err = overplay("enroll", "--port", relay.host_path, "--db", db,
                                "--shoe-id", "3")
        assert rc == 2 and err.count("\n") == 1
        assert "shoe id 3 is held by another enrolled shoe" in err and "--replace" in err
        rc, out, err = overplay("enroll", "--port", relay.host_path, "--db", db,
                                "--shoe-id", "3", "--replace")
        assert rc == 0 and out.startswith("shoe 3 enrolled"), err
    finally:
        relay.close()
        shoe.stop()
    st = Store(db)
    assert len(st.keys(3)) == 2 and st.keys(3)[1] == b"\x07" * 32


def test_a_shoe_the_club_does_not_know_is_refused_loudly_then_reverified(tmp_path, capsys):
    """Its records go to quarantine with exit status 2 and the reason on one line; once it is
    enrolled, `overplay quarantine --reverify` merges them."""
    key = b"\x23" * 32
    db = str(tmp_path / "c.sqlite")
    rc = sync_from_socket_shoe(db, key, 8, 12)
    out, err = capsys.readouterr()
    assert rc == 2 and "12 rejected" in out and "unknown shoe 8" in out, out + err
    assert err.count("\n") == 1 and "unknown shoe 8" in err and "overplay quarantine" in err
    assert cli.main(["quarantine", "--db", db]) == 0
    assert "12 records in quarantine" in capsys.readouterr().out
    Store(db).enroll(8, key)
    assert cli.main(["quarantine", "--reverify", "--db", db]) == 0
    assert capsys.readouterr().out.startswith("re-verified: 12 merged, 0 still refused")
    st = Store(db)
    assert len(st.journal(8)) == 12
    st.close()
