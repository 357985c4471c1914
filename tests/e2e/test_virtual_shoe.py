"""`overplay virtual-shoe` end to end: the command makes its pty, prints its path first, and
the real `overplay enroll`, `session new` and `sync` (and plain pyserial) use it like a shoe
on USB. It serves any number of syncs and clients coming and going, stops cleanly on SIGTERM
and Ctrl-C (SIGINT), survives a power cut (SIGUSR1), and switched on again on the same flash
deals on from the board after its last: the club database ends with every record once."""

import os
import queue
import signal
import sqlite3
import struct
import subprocess
import sys
import threading
import time

import pytest

from overplay.sim_shoe import micropython_bin
from overplay_core import wire

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
ENV = dict(os.environ, PYTHONPATH=os.pathsep.join(
    [os.path.join(ROOT, "host"), os.path.join(ROOT, "shared")]))
OVERPLAY = [sys.executable, "-m", "overplay.cli"]

pytestmark = pytest.mark.skipif(not os.path.exists(micropython_bin()) and
                                os.system("command -v micropython >/dev/null") != 0,
                                reason="no MicroPython interpreter")


class VirtualShoe:
    """`overplay virtual-shoe` as a user runs it: its output read a line at a time."""

    def __init__(self, folder, *options):
        self.folder = str(folder)
        self.proc = subprocess.Popen(OVERPLAY + ["virtual-shoe", "--dir", self.folder] +
                                     list(options), env=ENV, stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                     text=True)
        self.lines = queue.Queue()
        self.said = []
        threading.Thread(target=self._read, daemon=True).start()
        self.path = self.next_line(30)

    def _read(self):
        for line in self.proc.stdout:
            self.lines.put(line.rstrip("\n"))
        self.lines.put(None)

    def next_line(self, wait):
        line = self.lines.get(timeout=wait)
        assert line is not None, "virtual-shoe ended: %s" % "\n".join(self.said[-5:])
        self.said.append(line)
        return line

    def until(self, text, wait=60):
        """The next line holding text (the lines before it are kept in self.said)."""
        deadline = time.monotonic() + wait
        while True:
            line = self.next_line(max(0.1, deadline - time.monotonic()))
            if text in line:
                return line

    def order(self, text):
        self.proc.stdin.write(text + "\n")
        self.proc.stdin.flush()

    def stop(self, sig=signal.SIGTERM):
        self.proc.send_signal(sig)
        status = self.proc.wait(30)
        line = self.lines.get(timeout=5)
        while line is not None:  # what it said as it stopped
            self.said.append(line)
            line = self.lines.get(timeout=5)
        return status

    def kill(self):
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(10)


def overplay(db, *argv):
    p = subprocess.run(OVERPLAY + list(argv) + ["--db", str(db)], env=ENV,
                       capture_output=True, text=True, timeout=60)
    assert p.returncode == 0, (argv, p.stdout, p.stderr)
    return p.stdout


def shoe_processes(folder):
    """Pids of MicroPython shoes running on this flash folder (none once it has stopped)."""
    pids = []
    for pid in os.listdir("/proc"):
        if pid.isdigit():
            try:
                with open("/proc/%s/cmdline" % pid, "rb") as f:
                    argv = f.read().split(b"\0")
            except OSError:
                continue
            if any(a.endswith(b"virtual_shoe.py") for a in argv) and \
                    str(folder).encode() in argv:
                pids.append(int(pid))
    return pids


def hello(path):
    """Plain pyserial: HELLO -> the shoe's INFO (a dict), then the port is closed."""
    import serial
    ser = serial.Serial(path, 115200, timeout=0.2)
    try:
        nonce = os.urandom(wire.NONCE_BYTES)
        ser.write(b"\x00" + wire.encode_frame(wire.HELLO, 0, bytes([wire.VERSION]) + nonce,
                                              stuffed=True))
        got = b""
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            got += ser.read(256)
            for frame in got.split(b"\x00")[:-1]:
                try:
                    t, seq, p = wire.decode_frame(frame + b"\x00")
                except Exception:  # noqa: BLE001 - noise before the answer
                    continue
                if t == wire.INFO:
                    v, shoe_id, enrolled, boot, next_seq, setup, journal_id, first_seq, \
                        flags = struct.unpack_from(wire.INFO_FMT, p)
                    return {"shoe_id": shoe_id, "enrolled": enrolled, "boot": boot,
                            "next_seq": next_seq, "setup_id": setup, "journal_id": journal_id,
                            "first_seq": first_seq, "flags": flags}
        raise AssertionError("no INFO from the virtual shoe: %r" % got[-100:])
    finally:
        ser.close()


def test_serves_syncs_stops_and_deals_on_after_a_restart(tmp_path):
    flash = tmp_path / "shoe"
    db = tmp_path / "club.sqlite"
    link = tmp_path / "shoe.port"
    shoe = VirtualShoe(flash, "--deal", "3", "--seed", "5", "--twice", "2",
                       "--link", str(link))
    try:
        assert shoe.path.startswith("/dev/pts/")  # the first line: the port, nothing else
        assert os.readlink(link) == shoe.path
        info = hello(shoe.path)
        assert info["enrolled"] == 0 and info["shoe_id"] == 0  # a new shoe
        assert hello(str(link))["enrolled"] == 0  # again, by the link: clients come and go
        assert "enrolled on" in overplay(db, "enroll", "--port", shoe.path, "--shoe-id", "4",
                                         "--name", "virtual")
        overplay(db, "session", "new", "--game", "duplicate_whist", "--boards", "1-8",
                 "--table", "1", "--tables", "1", "--shoe", "4")
        assert "set-up 1 sent" in overplay(db, "sync", "--port", shoe.path, "--quiet")
        shoe.until("waiting: 3 board(s) dealt")  # it deals once it has a set-up
        out = overplay(db, "sync", "--port", str(link), "--quiet")
        assert out.startswith("shoe 4: ") and " 0 rejected" in out
        assert hello(shoe.path)["shoe_id"] == 4
        assert shoe_processes(flash)
        assert shoe.stop(signal.SIGTERM) == 0
        assert any(x.startswith("stopped: 3 board(s) dealt") for x in shoe.said)
    finally:
        shoe.kill()
    assert shoe_processes(flash) == []  # no MicroPython left running
    assert not os.path.lexists(link)

    # switched on again on the same flash: it deals boards 4 and 5, not 1 and 2 again
    shoe = VirtualShoe(flash, "--deal", "2", "--seed", "5")
    try:
        shoe.until("waiting: 2 board(s) dealt")
        assert "table 1: board 4 dealt by W" in "\n".join(shoe.said)
        overplay(db, "sync", "--port", shoe.path, "--quiet")
        assert overplay(db, "sync", "--port", shoe.path, "--quiet").startswith(
            "shoe 4: 0 new records")  # any number of syncs
        assert shoe.stop(signal.SIGINT) == 0  # Ctrl-C: a clean stop too
    finally:
        shoe.kill()
    assert shoe_processes(flash) == []

    q = sqlite3.connect(str(db)).execute
    assert q("SELECT board, COUNT(*) FROM deals GROUP BY board").fetchall() == \
        [(1, 1), (2, 1), (3, 1), (4, 1), (5, 1)]
    assert q("SELECT COUNT(*) FROM records WHERE type = 2").fetchone() == (5,)
    assert q("SELECT COUNT(*) FROM results").fetchone() == (5,)  # tricks keyed in, each board
    assert q("SELECT board FROM events WHERE code = 4").fetchall() == [(2,)]  # read twice
    # every record the syncs brought was stored once: none refused, none twice
    assert q("SELECT COUNT(*) FROM records").fetchone() == \
        q("SELECT SUM(new) FROM sync_log").fetchone()
    assert q("SELECT SUM(rejected), SUM(duplicates) FROM sync_log").fetchone() == (0, 0)
    assert q("SELECT COUNT(*) FROM quarantine").fetchone() == (0,)


def test_power_cut_script_irregularities_and_orders(tmp_path):
    flash = tmp_path / "shoe"
    db = tmp_path / "club.sqlite"
    script = tmp_path / "boards.txt"
    script.write_text("# board, what goes wrong\n2 foreign tricks=9\n3 exposed short\n")
    shoe = VirtualShoe(flash, "--script", str(script))
    try:
        overplay(db, "enroll", "--port", shoe.path, "--shoe-id", "9")
        overplay(db, "session", "new", "--game", "duplicate_whist", "--boards", "1-4",
                 "--table", "1", "--tables", "2", "--shoe", "9")
        overplay(db, "sync", "--port", shoe.path, "--quiet")
        shoe.until("waiting: 2 board(s) dealt")
        boot = hello(shoe.path)["boot"]
        shoe.proc.send_signal(signal.SIGUSR1)  # the power is cut, and it is switched on again
        shoe.until("power cut")
        deadline = time.monotonic() + 30
        while hello(shoe.path)["boot"] == boot:  # the same port, a new power-on
            assert time.monotonic() < deadline
        shoe.order("deal 1")  # an order on stdin: board 4, after the script's last
        shoe.until("waiting: 3 board(s) dealt")  # since it was started, power cut or not
        overplay(db, "sync", "--port", shoe.path, "--quiet")
        shoe.order("stop")
        assert shoe.proc.wait(30) == 0
    finally:
        shoe.kill()
    assert shoe_processes(flash) == []
    q = sqlite3.connect(str(db)).execute
    deals = dict(q("SELECT board, findings FROM deals").fetchall())
    assert sorted(deals) == [2, 3, 4]
    assert "-2" in deals[2].split(",")  # foreign_card
    assert "-6" in deals[3].split(",")  # missing_card: a card stayed in the shoe
    assert deals[4] == ""
    assert q("SELECT board, tricks_ns FROM results WHERE board = 2").fetchall() == [(2, 9)]
    assert q("SELECT COUNT(*) FROM events WHERE code = 1").fetchone() == (1,)  # exposed
    assert q("SELECT COUNT(*) FROM events WHERE code = 2").fetchone() == (1,)  # unknown tag
    assert q("SELECT COUNT(*) FROM records").fetchone() == \
        q("SELECT SUM(new) FROM sync_log").fetchone()
    assert q("SELECT SUM(rejected), SUM(duplicates) FROM sync_log").fetchone() == (0, 0)


def test_mpremote_and_a_terminal_use_it_like_a_board(tmp_path):
    """Ctrl-C on the line interrupts the app and leaves MicroPython's REPL there, as on a
    board: mpremote lists and copies files on the shoe's flash; Ctrl-D (a soft reboot) starts
    the app again, and the club PC enrols and syncs it as before."""
    import serial
    flash = tmp_path / "shoe"
    db = tmp_path / "club.sqlite"
    pin = tmp_path / "note.txt"
    pin.write_text("from the PC\n")
    mpremote = os.path.join(os.path.dirname(sys.executable), "mpremote")
    shoe = VirtualShoe(flash)
    try:
        p = subprocess.run([mpremote, "connect", shoe.path, "fs", "cp", str(pin), ":note.txt",
                            "+", "fs", "ls"], capture_output=True, text=True, timeout=60)
        assert p.returncode == 0, p.stdout + p.stderr
        assert "journal/" in p.stdout and "note.txt" in p.stdout
        assert (flash / "note.txt").read_text() == "from the PC\n"  # on its flash
        ser = serial.Serial(shoe.path, 115200, timeout=0.5)
        try:
            ser.write(b"\r\x04")  # Ctrl-D at the REPL: a soft reboot runs the app again
            got = b""
            deadline = time.monotonic() + 10
            while b"soft reboot" not in got:
                assert time.monotonic() < deadline, got
                got += ser.read(256)
        finally:
            ser.close()
        deadline = time.monotonic() + 20
        while True:  # the app is back when it answers HELLO
            try:
                assert hello(shoe.path)["enrolled"] == 0
                break
            except AssertionError:
                assert time.monotonic() < deadline
        overplay(db, "enroll", "--port", shoe.path, "--shoe-id", "2")
        overplay(db, "session", "new", "--game", "duplicate_whist", "--boards", "1-2",
                 "--table", "1", "--tables", "1", "--shoe", "2")
        overplay(db, "sync", "--port", shoe.path, "--quiet")
        # the shoe writes its SESSION record when it applies the set-up, which may be just
        # after the sync that brought it: the next sync has it
        deadline = time.monotonic() + 20
        while not sqlite3.connect(str(db)).execute(
                "SELECT 1 FROM records WHERE shoe_id = 2").fetchall():
            assert time.monotonic() < deadline
            time.sleep(0.5)
            overplay(db, "sync", "--port", shoe.path, "--quiet")
        assert shoe.stop(signal.SIGTERM) == 0
    finally:
        shoe.kill()
    assert shoe_processes(flash) == []
    q = sqlite3.connect(str(db)).execute
    assert q("SELECT type FROM records WHERE shoe_id = 2").fetchall() == [(1,)]  # SESSION


def test_a_set_up_of_another_game_is_dealt_from_the_next_board(tmp_path):
    """A running shoe given a euchre set-up deals euchre from its next board, without being
    switched off (21 cards of the 32-card pack; 20 with a card short)."""
    flash = tmp_path / "shoe"
    db = tmp_path / "club.sqlite"
    shoe = VirtualShoe(flash, "--deal", "2", "--short", "2")
    try:
        overplay(db, "enroll", "--port", shoe.path, "--shoe-id", "6")
        overplay(db, "session", "new", "--game", "euchre", "--boards", "1-3", "--table", "1",
                 "--tables", "1", "--shoe", "6")
        overplay(db, "sync", "--port", shoe.path, "--quiet")
        shoe.until("waiting: 2 board(s) dealt")
        overplay(db, "sync", "--port", shoe.path, "--quiet")
        assert shoe.stop() == 0
    finally:
        shoe.kill()
    said = "\n".join(shoe.said)
    assert "switched off" not in said and "32 cards dealt sorted" in said
    assert "board 1 dealt by N, 21 cards" in said and "board 2 dealt by E, 20 cards" in said
    q = sqlite3.connect(str(db)).execute
    assert q("SELECT board, game FROM deals ORDER BY board").fetchall() == [(1, 3), (2, 3)]
    assert q("SELECT COUNT(*) FROM results WHERE game = 3").fetchone() == (2,)


def test_two_virtual_shoes_deal_and_check_an_overplay_from_the_same_trays(tmp_path):
    """Table 1's shoe deals the originals and writes each slip to --trays; table 2's checks
    its overplays against them, and on board 2 the dealer turns the wrong trump."""
    db = tmp_path / "club.sqlite"
    trays = str(tmp_path / "trays.json")
    for table in (1, 2):
        shoe = VirtualShoe(tmp_path / ("shoe%d" % table), "--deal", "2", "--trays", trays,
                           "--wrong-trump", "2")
        try:
            overplay(db, "enroll", "--port", shoe.path, "--shoe-id", str(table))
            overplay(db, "session", "new", "--game", "duplicate_whist", "--boards", "1-2",
                     "--table", str(table), "--tables", "2", "--shoe", str(table))
            overplay(db, "sync", "--port", shoe.path, "--quiet")
            shoe.until("waiting: 2 board(s) dealt")
            overplay(db, "sync", "--port", shoe.path, "--quiet")
            assert shoe.stop() == 0
        finally:
            shoe.kill()
    said = "\n".join(shoe.said)
    assert "board 2 overplay checked: trump turned" in said and "trump_differs" in said
    q = sqlite3.connect(str(db)).execute
    assert q("SELECT table_no, board, mode, findings FROM deals ORDER BY table_no, board"
             ).fetchall() == [(1, 1, 0, ""), (1, 2, 0, ""), (2, 1, 1, ""), (2, 2, 1, "-11")]
    assert q("SELECT board, findings FROM checks ORDER BY board").fetchall() == \
        [(1, ""), (2, "-11")]


# Issue #16: what each game's table keys at its terminal (a --script each), and the SCORE
# record's values the club database must hold: (table, board, tricks N-S, tricks E-W, points
# N-S, points E-W, makers, alone, proposal, king, declarer, strain, doubles), None = NULL.
_ = None
EVERY_GAME = [
    ("euchre", 1, "1 makers=ew alone=yes tricks=5\n2 makers=ns tricks=2\n",
     [(1, 1, 0, 5, 0, 4, 1, 1, _, _, _, _, _),  # E-W alone march: 4
      (1, 2, 2, 3, 0, 2, 0, 0, _, _, _, _, _)]),  # N-S euchred: E-W 2
    ("euchre", 2, "1 makers=ns tricks=3\n2 makers=ew alone=yes tricks=1\n",
     [(2, 1, 3, 2, 1, 0, 0, 0, _, _, _, _, _),
      (2, 2, 4, 1, 4, 0, 1, 1, _, _, _, _, _)]),  # a lone hand euchred: N-S 4
    # P0 deals board 1: P1 stood and won 3-2 (1, no bonus) and marked the king; P1 deals
    # board 2, refused the proposal, P0 took all five: the vole, 2
    ("ecarte", 1, "1 proposal=not-proposed king=p1 tricks=2\n2 proposal=refused tricks=5\n",
     [(1, 1, 2, 3, 0, 2, _, _, 1, 1, _, _, _),
      (1, 2, 5, 0, 2, 0, _, _, 2, _, _, _, _)]),
    # N deals board 1, S declares no trumps doubled, N-S make 9: 3 x 12 x 2 = 72; E deals
    # board 2, W declares hearts and E-W make 5: N-S score their 8, 2 x 8 = 16
    ("bridge_whist", 1, "1 declarer=s strain=nt doubles=1 tricks=9\n"
                        "2 declarer=w strain=h tricks=5\n",
     [(1, 1, 9, 4, 72, 0, _, _, _, _, 2, 4, 1),
      (1, 2, 8, 5, 16, 0, _, _, _, _, 3, 2, 0)]),
]


def test_every_game_keyed_at_the_terminal_is_synced_into_its_columns(tmp_path):
    """A 2-table euchre session (each table deals its own hands: no overplay check, though
    both share one trays file), an écarté table and a bridge whist table: the shoes (the
    firmware under MicroPython) key each game's fields at the terminal with the buttons, the
    real `overplay sync` takes them, and the results columns hold what was keyed."""
    db = tmp_path / "club.sqlite"
    trays = str(tmp_path / "trays.json")
    for shoe_id, (game, table, script, _rows) in enumerate(EVERY_GAME, 1):
        path = tmp_path / ("boards%d.txt" % shoe_id)
        path.write_text(script)
        shoe = VirtualShoe(tmp_path / ("shoe%d" % shoe_id), "--script", str(path), "--trays",
                           trays)
        try:
            overplay(db, "enroll", "--port", shoe.path, "--shoe-id", str(shoe_id))
            overplay(db, "session", "new", "--name", game, "--game", game, "--boards", "1-2",
                     "--table", str(table), "--tables", "2" if game == "euchre" else "1",
                     "--shoe", str(shoe_id))
            overplay(db, "sync", "--port", shoe.path, "--quiet")
            shoe.until("waiting: 2 board(s) dealt")
            overplay(db, "sync", "--port", shoe.path, "--quiet")
            assert shoe.stop() == 0
        finally:
            shoe.kill()
        said = "\n".join(shoe.said)
        assert "overplay checked" not in said and "no overplay" not in said, said
        assert said.count("keyed in with the buttons: SCORE recorded") == 2, said
    assert "declarer South, trumps no trumps, doubles doubled, declarer tricks 9 keyed" in said
    q = sqlite3.connect(str(db)).execute
    assert q("SELECT COUNT(*) FROM quarantine").fetchone() == (0,)
    assert q("SELECT COUNT(*) FROM checks").fetchone() == (0,)
    assert q("SELECT shoe_id, table_no, board, mode FROM deals ORDER BY shoe_id, board"
             ).fetchall() == [(s, t, b, 0) for s, (_g, t, _s, _r) in enumerate(EVERY_GAME, 1)
                              for b in (1, 2)]  # every table dealt its own
    for shoe_id, (game, table, _s, rows) in enumerate(EVERY_GAME, 1):
        got = q("SELECT table_no, board, tricks_ns, tricks_ew, points_ns, points_ew, makers, "
                "alone, proposal, king, declarer, strain, doubles FROM results "
                "WHERE shoe_id = ? ORDER BY board", (shoe_id,)).fetchall()
        assert got == rows, game
