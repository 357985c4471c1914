"""The club's tray-slip key and the session id, from the club DB to the shoes and their slips.

`overplay enroll` over a pty gives each desk shoe (firmware/sim/devsim.py, the real link code under
MicroPython) its own record key and the club's one slip key; `overplay sync` pushes each
table's set-up with the session id. Then the real tray code under MicroPython: a slip written
by shoe A verifies at shoe B, and a slip copied into another session is refused. The DB
migration from schema 1 keeps an existing club's data.
"""

import json
import os
import sqlite3
import subprocess

import pytest

from cli_proc import overplay
from overplay import migrations, store
from overplay.desk_shoe import DeskShoe
from overplay.relay import Relay
from overplay.sim_shoe import micropython_bin

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

pytestmark = pytest.mark.skipif(not os.path.exists(micropython_bin()),
                                reason="no MicroPython interpreter")

# Runs under MicroPython: the tray as the app builds it (Tray.on_board from the shoe's flash),
# each shoe with its own simulated reader; the tray tag is carried from one to the next.
SLIP_SCRIPT = """
import json, sys
import shoe.screens as screens
import sim.board as B
from sim.tags import tray_tag, uid7
from shoe.settings import Settings
from overplay_core import handprint
from overplay_core.cards import PACK_52
from shoe.tray import Tray

def tray_of(folder):
    s = Settings(folder)
    b = B.simulated(shoe_id=s.shoe_id, key=s.key, root=folder)
    return Tray.on_board(b, s, s.key), b.sim

seat = bytearray([0xFF] * 53)
for i in range(52):
    seat[PACK_52[i]] = i % 4
hp = bytearray(20)
hl = handprint.pack(seat, PACK_52, hp)
writer, sim = tray_of(sys.argv[1])
tag = tray_tag(uid7(900, 7))
sim.enter(tag)
out = {"write": writer.write_board(7, 1, 2, 51, hp[:hl])}
sim.leave(tag)
for folder in sys.argv[2:]:
    t, sim = tray_of(folder)
    sim.enter(tag)
    code = t.read_board()
    sim.leave(tag)
    out[folder] = [code, screens.tray_line(code), t.session, t.slip and t.slip["board"]]
print(json.dumps(out))
"""


def _env():
    return dict(os.environ, MICROPYPATH=os.pathsep.join(
        [os.path.join(ROOT, "shared"), os.path.join(ROOT, "firmware"), ".frozen"]))


def _enrol_and_set_up(tmp_path, db, table, boards="1-8"):
    folder = str(tmp_path / ("shoe%d" % table))
    shoe = DeskShoe(folder, 0, b"")
    relay = Relay()
    try:
        shoe.serve(relay.device_path)
        rc, out, err = overplay("enroll", "--port", relay.host_path, "--db", db,
                                "--shoe-id", str(table))
        assert rc == 0, err
        rc, out, err = overplay("session", "new", "--game", "duplicate_whist", "--boards",
                                boards, "--table", str(table), "--tables", "3", "--shoe",
                                str(table), "--db", db)
        assert rc == 0, err
        rc, out, err = overplay("sync", "--port", relay.host_path, "--db", db)
        assert rc == 0, err
    finally:
        relay.close()
        shoe.stop()
    return folder


def _flash(folder, name):
    with open(os.path.join(folder, name), "rb") as f:
        return f.read()


def test_enrolment_gives_two_keys_and_slips_verify_at_the_other_tables(tmp_path):
    db = str(tmp_path / "club.sqlite")
    a = _enrol_and_set_up(tmp_path, db, 1)
    b = _enrol_and_set_up(tmp_path, db, 2)
    c = _enrol_and_set_up(tmp_path, db, 3, boards="1-9")  # another session
    st = store.Store(db)
    slip_key = st.slip_key()
    keys = {}
    for t, folder in ((1, a), (2, b), (3, c)):
        kb = _flash(folder, "key.bin")
        assert len(kb) == 68 and kb[:4] == bytes([t, 0, 0, 0])
        assert kb[4:36] == bytes(st.shoe(t)[1])  # its own record key, as the DB holds it
        assert kb[36:] == slip_key  # the club's slip key, the same at every table
        keys[t] = kb[4:36]
    assert len(set(keys.values())) == 3 and slip_key not in keys.values()
    # tables 1 and 2 share session 1 (set-ups 1 and 2); table 3's other boards are session 2
    assert [_flash(f, "session.bin")[14:] for f in (a, b, c)] == \
        [b"\x01\x00\x00\x00", b"\x01\x00\x00\x00", b"\x02\x00\x00\x00"]
    st.close()

    p = subprocess.run([micropython_bin(), "-X", "heapsize=512k", "-c", SLIP_SCRIPT, a, b, c],
                       env=_env(), capture_output=True, text=True, timeout=60)
    assert p.returncode == 0, p.stdout + p.stderr
    out = json.loads(p.stdout.strip().splitlines()[-1])
    assert out["write"] == 0
    assert out[b] == [0, "trump slip OK", 1, 7]  # shoe 1's slip, verified by shoe 2
    code, msg, session, board = out[c]
    assert code == -46 and session == 2 and board is None
    assert "another session" in msg and "director" in msg


def test_rotating_the_slip_key_is_asked_for_and_said(tmp_path):
    db = str(tmp_path / "club.sqlite")
    a = _enrol_and_set_up(tmp_path, db, 1)
    before = _flash(a, "key.bin")[36:]
    shoe = DeskShoe(a, 1, b"")
    relay = Relay()
    try:
        shoe.serve(relay.device_path)
        rc, out, err = overplay("enroll", "--port", relay.host_path, "--db", db,
                                "--rotate-slip-key", "--force")
        assert rc == 0, err
        assert "enrol every other shoe again" in out
    finally:
        relay.close()
        shoe.stop()
    after = _flash(a, "key.bin")[36:]
    assert after != before and after == store.Store(db).slip_key()


def test_migration_from_schema_1_keeps_the_club_and_adds_the_slip_key(tmp_path):
    p = str(tmp_path / "club.sqlite")
    db = sqlite3.connect(p, isolation_level=None)
    for stmt in migrations.V1.split(";"):  # a round-one database, with a shoe and a set-up
        if stmt.strip():
            db.execute(stmt)
    db.execute("PRAGMA user_version = 1")
    db.execute("INSERT INTO shoes (shoe_id, key, name, enrolled_at, next_seq) "
               "VALUES (4, ?, 'table 4', '2026-11-01T19:00:00Z', 12)", (b"\x09" * 32,))
    db.execute("INSERT INTO sessions (game, variant, first_board, last_board, table_no, tables,"
               " movement, created_at) VALUES (1, 0, 1, 24, 1, 2, 0, '2026-11-01T18:00:00Z')")
    db.close()
    st = store.Store(p)
    assert st.version == len(migrations.MIGRATIONS) >= 2
    assert st.shoe(4) == (4, b"\x09" * 32, "table 4", 12)
    assert st.pending_setup(4)["setup_id"] == 1
    k = st.slip_key()
    assert len(k) == 32 and k != b"\x09" * 32
    st.close()
    st = store.Store(p)  # made once: the same key on every later open
    assert st.slip_key() == k and st.slip_key(rotate=True) != k
    st.close()


def test_a_session_is_the_set_ups_of_one_evening(tmp_path):
    st = store.Store(str(tmp_path / "club.sqlite"))
    one = st.new_setup(1, 0, 1, 24, 1, 3, 1)
    other = st.new_setup(1, 0, 1, 12, 1, 2, 0)  # another game on the same day
    two = st.new_setup(1, 0, 1, 24, 2, 3, 1)
    assert (st.session_of(one), st.session_of(two), st.session_of(other)) == (1, 1, 2)
    # the evening's table 1, same game, boards and tables: table 1 of session 1 is taken, so
    # it is another session (the afternoon's slips are refused in the evening)
    evening = st.new_setup(1, 0, 1, 24, 1, 3, 1)
    assert st.session_of(evening) == 3 and st.session_of(99) == 0
