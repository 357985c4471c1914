"""The shoe on its real firmware: the project's UF2 (make firmware) on an emulated RP2040
(tools/pico_emu), driven as a club uses it: the real `overplay` CLI on the shoe's USB serial
(a pty), cards and trays passed over the reader (a register-level MFRC522 with NTAG213 tags),
the dealer's buttons, power cuts (the emulator killed; its flash file kept).

The tests of this module share one shoe, in order: blank flash -> enrol, session, deck ->
board 1 dealt -> overplay check of board 1 -> power cut -> the stalled sync. Skipped, with
the reason, where node, rp2040js or the firmware are not here (`make test` says how to get
them; CI installs them).
"""

import os
import random
import struct

import pytest

from overplay.store import Store
from overplay_core import games, handprint, records, wire
from overplay_core.tally import NOT_DEALT

from tests.pico.emu import DECK_NO, Pico, available, overplay, uid7

pytestmark = pytest.mark.skipif(available() != "", reason="emulated Pico: no %s" % available())

PROFILE = games.profile(games.DUPLICATE_WHIST)
PACK = list(PROFILE.pack)
CARDS = [uid7(DECK_NO, i + 1) for i in range(len(PACK))]  # tag i is enrolled as PACK[i]
CARD_OF = {u: PACK[i] for i, u in enumerate(CARDS)}
TRAY = uid7(900, 1)  # board 1's tray


class Club:
    """The shoe, its flash file and the club DB, shared by the tests of this module."""

    def __init__(self, folder):
        self.folder = folder
        self.flash = os.path.join(folder, "flash.bin")
        self.db = os.path.join(folder, "club.sqlite")
        self.pico = Pico(self.flash)
        self.shoe_id = None
        self.dealt = {}  # board -> [card ints in the order dealt]

    def cli(self, *args):
        code, out, err = overplay(*args, "--db", self.db)
        assert code == 0, (args, out, err)
        return out

    def sync(self):
        return self.cli("sync", "--port", self.pico.pty, "--quiet")

    def records(self):
        st = Store(self.db)
        try:
            return [records.decode(raw) for _, raw in st.journal(self.shoe_id)]
        finally:
            st.close()

    def deal(self, board, rng):
        """DEAL, the shuffled pack over the reader, the tray: what a dealer does for a board."""
        order = list(CARDS)
        rng.shuffle(order)
        self.pico.press("deal")
        self.pico.cmd("deal", uids=order, dwell=2, gap=1)
        self.pico.cmd("wait_ms", ms=2500)  # the deal ends itself QUIET_MS after its last card
        self.pico.cmd("deal", uids=[TRAY], dwell=40, gap=2)  # the slip is written
        self.dealt[board] = [CARD_OF[u] for u in order]
        self.pico.press("mode")  # the table's scoring screen (terminal): leave it


def original_deals(recs):
    """The boards of the DEAL records of original deals (an overplay check writes one too)."""
    return [r["board"] for r in recs
            if r["type"] == records.DEAL and r["mode"] == records.MODE_ORIGINAL]


@pytest.fixture(scope="module")
def club(tmp_path_factory):
    c = Club(str(tmp_path_factory.mktemp("pico")))
    try:
        yield c
    finally:
        c.pico.stop()


def test_blank_flash_boots_enrols_takes_a_session_and_a_deck(club):
    out = club.cli("enroll", "--port", club.pico.pty, "--name", "emulated shoe")
    assert out.startswith("shoe ") and " enrolled on " + club.pico.pty in out
    club.shoe_id = int(out.split()[1])
    out = club.cli("session", "new", "--game", "duplicate_whist", "--boards", "1-8",
                   "--table", "1", "--tables", "1")
    out = club.sync()
    assert out.startswith("shoe %d: " % club.shoe_id), out
    # the deck enrolled through the reader: MODE twice (enrol deck), DEAL, the sorted pack
    club.pico.press("mode", "mode", "deal")
    club.pico.cmd("deal", uids=CARDS, dwell=2, gap=1)
    club.pico.press("mode")  # DEAL starts an original deal again
    club.sync()
    recs = club.records()
    kinds = [(r["type_name"], r.get("code")) for r in recs]
    assert ("session", None) in kinds, kinds
    enrolled = [r for r in recs if r["type"] == records.EVENT
                and r["code"] == records.EV_DECK_ENROLLED]
    assert [(r["a"], r["b"]) for r in enrolled] == [(DECK_NO, 52)], recs


def test_board_dealt_card_by_card_is_in_the_club_db_and_on_the_tray(club):
    club.deal(1, random.Random(1))
    out = club.sync()
    assert " 0 rejected" in out, out
    deals = [r for r in club.records() if r["type"] == records.DEAL]
    assert len(deals) == 1, deals
    d = deals[0]
    assert (d["board"], d["table"], d["dealer"], d["mode"]) == (1, 1, 0, records.MODE_ORIGINAL)
    assert d["flags"] & records.FLAG_COMPLETE, d  # (the slip comes after this record)
    assert d["findings"] == ()
    # the handprint says which seat got each card: dealt clockwise from the dealer's left
    seats = bytearray([NOT_DEALT] * 53)
    handprint.unpack_into(d["handprint"], PACK, seats)
    for i, card in enumerate(club.dealt[1]):
        assert seats[card] == (d["dealer"] + 1 + i) % 4, (i, card)
    assert d["trump"] == club.dealt[1][-1]  # the dealer's last card is turned
    # the tray holds the signed slip (user pages 4..39 written)
    tray = club.pico.cmd("dump", uid=TRAY)
    assert tray["writes"] > 0 and bytes.fromhex(tray["mem"])[16:48] != bytes(32)


def test_overplay_check_reads_the_slip_back(club):
    p = club.pico
    p.press("mode", "deal")  # mode: overplay check; DEAL: hold the tray on the reader
    p.cmd("deal", uids=[TRAY], dwell=30, gap=2)
    dealt = club.dealt[1]
    p.cmd("deal", uids=[CARDS[PACK.index(dealt[-1])]], dwell=2, gap=1)  # the turned trump
    for k in range(4):  # hand by hand from the dealer's left, NEXT after each
        seat = (0 + 1 + k) % 4
        hand = [CARDS[PACK.index(c)] for i, c in enumerate(dealt) if (1 + i) % 4 == seat]
        p.cmd("deal", uids=hand, dwell=2, gap=1)
        p.press("next")
    p.cmd("wait_ms", ms=300)
    club.sync()
    checks = [r for r in club.records() if r["type"] == records.CHECK]
    assert len(checks) == 1, checks
    c = checks[0]
    assert (c["board"], c["slip"], c["findings"]) == (1, records.SLIP_OK, ()), c


def test_power_cut_mid_flash_write_loses_nothing_committed(club):
    p = club.pico
    # leave the check's scoring screen, then MODE twice: overplay check -> enrol -> deal
    p.press("mode", "mode", "mode")
    club.deal(2, random.Random(2))  # committed at the deal's end (and the tray's)
    assert p.screen()[1] == "slip written", p.screen()
    p.cmd("cut", after=1)  # the next flash erase/program (board 3's commit) is cut half-way
    p.press("deal")
    order = list(CARDS)
    random.Random(3).shuffle(order)
    p.send("deal", uids=order, dwell=2, gap=1)
    cut = p.wait_event("power_cut", timeout=300)
    assert cut["during"] in ("erase", "program")
    p.power_cut()
    club.pico = Pico(club.flash)  # power back on: the same flash
    club.sync()
    recs = club.records()
    seqs = [r["seq"] for r in recs]
    assert seqs == list(range(1, len(seqs) + 1))  # nothing missing, nothing twice
    boards = original_deals(recs)
    assert boards[:2] == [1, 2], boards  # board 2, committed before the cut, is there
    assert len(boards) <= 3  # board 3's record: there if its commit got through, else not
    # the shoe deals on after the cut (from the session's first board: the app keeps no
    # "next board" across a restart), and that deal reaches the club DB too
    club.deal(len(boards) + 1, random.Random(4))
    club.sync()
    assert len(original_deals(club.records())) == len(boards) + 1


def test_stalled_sync_does_not_stop_the_shoe(club):
    """The PC stops mid-PULL and keeps re-sending PULL (type 3 = the REPL's interrupt
    character) for longer than link.IDLE_MS, when the shoe has turned its interrupt back on:
    the shoe's program must run on (no KeyboardInterrupt), dealing and answering the next sync.
    With wire v1 the PULL frames carried a raw 0x03 and this test failed (the shoe's reader
    polls stopped); wire v2 stuffs every host frame (wire.ESC), so none holds 0x03."""
    import serial

    from overplay.sync import HostLink, hello

    p = club.pico
    ser = serial.Serial(p.pty, timeout=0.5)
    try:
        hl = HostLink(ser)
        hello(hl)  # the link is active: the shoe turned the REPL interrupt off
        window = struct.pack(wire.PULL_FMT, 4)
        hl.send(wire.PULL, 1, window)
        for _ in range(3):  # the PC stalls longer than IDLE_MS, then re-sends its PULL
            p.cmd("wait_ms", ms=link_idle_ms() + 1000)
            ser.reset_input_buffer()
            hl.send(wire.PULL, 1, window)
        p.cmd("wait_ms", ms=200)
    finally:
        ser.close()
    polls = p.cmd("stats")["polls"]
    p.cmd("wait_ms", ms=500)
    assert p.cmd("stats")["polls"] > polls, "the shoe's program stopped: %s" % p.screen()
    code, out, err = overplay("sync", "--port", p.pty, "--db", club.db, "--quiet")
    assert code == 0, err


def test_make_demo_with_the_shoe_plugged_in_syncs_that_shoe(club, tmp_path):
    """`make demo PORT=...` with a shoe on the line: the demo syncs that shoe into the club
    database instead of simulating one, then prints its latest session's standings and writes
    the files (the path a director with a real shoe takes; here the shoe is the emulated
    Pico on its real firmware)."""
    import subprocess
    import sys

    boards = original_deals(club.records())
    club.deal(len(boards) + 1, random.Random(5))  # a board the club DB does not have yet
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(
        [os.path.join(root, "host"), os.path.join(root, "shared")]))
    out = tmp_path / "demo"
    p = subprocess.run([sys.executable, "-m", "overplay.demo", "--port", club.pico.pty,
                        "--db", club.db, "--out", str(out)], cwd=root, env=env,
                       capture_output=True, text=True, timeout=300)
    assert p.returncode == 0, p.stdout[-2000:] + p.stderr[-2000:]
    assert "A shoe is plugged in on %s" % club.pico.pty in p.stdout
    assert "Simulated" not in p.stdout and "virtual-shoe" not in p.stdout
    assert original_deals(club.records()) == boards + [len(boards) + 1]  # synced by the demo
    for name in ("report.html", "results.csv", "results.json"):
        assert (out / name).stat().st_size > 0, name
    assert "Board %d" % (len(boards) + 1) in p.stdout or \
        "board %d" % (len(boards) + 1) in p.stdout.lower()


def test_between_syncs_the_shoe_holds_no_link_code(club):
    """Issue #12: the app reads its settings at power-on and loads shoe/link.py and wire only
    at the PC's first byte; when the sync ends they go (App.link_once). Looked at on the
    device over its REPL, which stops the app: the last test of this module."""
    from mpremote.transport_serial import SerialTransport

    p = club.pico
    club.sync()
    p.cmd("wait_ms", ms=500)  # the link task's next steps: the Link gone, collected
    t = SerialTransport(p.pty, exclusive=False)
    try:
        t.enter_raw_repl(soft_reset=False)
        out = t.exec("import sys\nprint([n for n in ('shoe.settings', 'shoe.link', "
                     "'overplay_core.wire') if n in sys.modules])")
    finally:
        t.close()
    assert out.decode().strip() == "['shoe.settings']", out


def link_idle_ms():
    import shoe.link as link

    return link.IDLE_MS
