"""A scripted table through a whole session's screens (sim/table_screens.py: the shoe's App
with buttons): the words on each screen on both interpreters (a recording display), and under
MicroPython the panel itself (framebuf): the header band on every screen, the board and the
dealer's seat on every dealing screen, nothing wider than the panel, no word cut unmarked."""

import gc  # noqa: I001

try:  # collect often while compiling from source (128 KB MicroPython heap)
    gc.threshold(8192)
except AttributeError:  # CPython
    pass

from shoe.display import COLS, MORE, ROWS  # noqa: I001
from sim.display import RecordingDisplay
from sim import table_screens
from testkit import skip

KINDS = ("idle", "deal-start", "dealing", "ruling", "ruling-scrolled", "playing", "refused",
         "entry", "confirm", "accept", "rejected", "recorded", "sync", "synced",
         "flash-nearly-full", "damaged-file", "task-fault", "director-pin",
         "entry-bridge-whist", "confirm-bridge-whist", "entry-euchre", "confirm-euchre",
         "entry-ecarte", "confirm-ecarte", "no-reader", "no-reader-deal")


def _words():
    out = []
    for name, rows in table_screens.session(RecordingDisplay, every_card=True):
        out.append((name, rows))
    return out


def _get(screens, name):
    for n, rows in screens:
        if n == name:
            return rows
    raise AssertionError("no %s screen" % name)


def _no_word_cut_unmarked(row):
    assert len(row) <= COLS, row
    # a row that ends inside a word that was cut is marked: the only rows ending in MORE
    # are cut ones; a row of exactly COLS letters comes from wrap(), which cuts none


def test_a_whole_session_goes_through_every_kind_of_screen():
    s = _words()
    names = []
    for n, rows in s:
        if n not in names:
            names.append(n)
        assert len(rows) == ROWS
        for r in rows:
            _no_word_cut_unmarked(r)
    assert tuple(names) == KINDS
    dealing = [rows for n, rows in s if n == "dealing"]
    assert len(dealing) == 51  # one a card (a card short: the ruling follows)
    for rows in dealing:  # the board and the dealer's seat on every dealing screen
        assert rows[0].startswith("B1 dlr N") and rows[0].endswith("deal")
    assert dealing[19][1] == "20/52 8D>N" and dealing[19][3] == "N5  E5  S5  W5"


def test_findings_and_rulings_in_words_with_the_law_scroll():
    s = _words()
    r = _get(s, "ruling")
    assert r[2:4] == ["missing card", "seat short"]
    assert r[4].startswith("new deal:") and r[4].endswith(MORE)  # more below: NEXT
    scrolled = _get(s, "ruling-scrolled")
    assert "DW-W37b Whist" in scrolled and "law 37 (b)" in scrolled[4]
    rec = _get(s, "recorded")  # the shoe's own screen after the score: the same, paged
    assert rec[2:4] == ["missing card", "seat short"] and rec[7].endswith(MORE)


def test_result_entry_acceptance_and_refusal_screens():
    s = _words()
    assert _get(s, "refused")[2:4] == ["B9: not dealt or", "checked here"]
    assert _get(s, "entry")[1:3] == ["N-S tricks", "> 8  E-W 5"]
    c = _get(s, "confirm")
    assert c[1] == "N-S 8  E-W 5" and c[3] == "keyed by N-S" and "DEAL: ask E-W" in c
    a = _get(s, "accept")
    assert a[0].endswith("accept") and a[3] == "E-W: accept?" and a[6:] == ["DEAL: accept",
                                                                             "MODE: reject"]
    assert _get(s, "rejected")[4:6] == ["rejected: key in", "again"]


def test_each_games_score_is_keyed_in_its_own_words_and_scored_before_confirm():
    s = _words()
    assert _get(s, "entry-bridge-whist")[1:3] == ["trumps", "> \x02 diamonds"]
    c = _get(s, "confirm-bridge-whist")  # 2 odd tricks at diamonds (6), doubled: 24 below
    assert c[1:4] == ["N-S 8  E-W 5", "S \x02 doubled", "pts 24-0"]
    assert _get(s, "entry-euchre")[1:3] == ["alone", "> yes"]
    c = _get(s, "confirm-euchre")  # the lone makers took 4 of 5: one point (law 3)
    assert c[1:4] == ["N-S 1  E-W 4", "makers E-W alone", "pts 0-1"]
    assert _get(s, "entry-ecarte")[1:3] == ["king marked by", "> P0"]
    c = _get(s, "confirm-ecarte")  # the dealer's point, 1 more as P1 did not propose, the king
    assert c[0].startswith("B1 dlr P0") and c[1:4] == ["P0 4  P1 1", "not proposed",
                                                       "pts 3-0 king P0"]


def test_sync_and_fault_screens_say_what_to_do():
    s = _words()
    sync = _get(s, "sync")
    assert sync[0].endswith("sync") and "link in use:" in sync and "do not unplug" in sync
    assert _get(s, "synced")[1].startswith("synced: all")
    assert _get(s, "flash-nearly-full")[6:] == ["sync soon:", "flash near full"]
    assert _get(s, "damaged-file")[6:] == ["deck file bad:", "enrol decks"]
    f = _get(s, "task-fault")
    assert f[1:3] == ["fault: reader", "MemoryError"] and f[-1] == "call director"
    for n in ("no-reader", "no-reader-deal"):
        r = _get(s, n)
        assert r[0].endswith("no deal") and r[5:] == ["NO READER: check", "its wiring, then",
                                                      "press DEAL"]


def test_the_panel_draws_every_screen_of_the_session():
    try:
        import framebuf  # noqa: F401
    except ImportError:
        skip("framebuf is MicroPython's: the panel leg runs under the unix port (make test)")
    from sim.display import panel_display

    band = None
    n = 0
    for name, rows in table_screens.session(panel_display, every_card=True):
        n += 1
        for r in rows:
            assert len(r) <= COLS
    assert n >= len(KINDS)
    d = panel_display()
    for name, rows in table_screens.session(lambda: d, every_card=True):
        p = d.driver
        lit = 0
        for y in range(8):
            for x in range(128):
                lit += p.pixel_at(x, y)
        if rows[0] and rows[0].startswith("B"):
            assert lit > 128 * 8 // 2, name  # the header band: white, letters cut out
        if name == "dealing":
            if band is None:
                band = bytes(p.buffer[:128])  # row 0 of the panel: the header's pixels
            assert bytes(p.buffer[:128]) == band  # the same board and dealer, every card


def test_no_reader_at_boot_is_an_event_and_no_deal_until_it_answers():
    import shoe.app as A
    import shoe.states as ST
    from overplay_core import records
    from sim.mfrc522 import SimMFRC522

    sim = SimMFRC522(version=0)  # MISO stuck low: the MFRC522's init reads VersionReg 0x00
    a = table_screens._app(RecordingDisplay(), sim)
    try:
        ev = [records.decode(r) for _, r in a.journal.records_from(1)]
        ev = [e for e in ev if e["type"] == records.EVENT]
        assert [(e["code"], e["a"]) for e in ev] == [(records.EV_DEVICE_FAULT, 1)]
        assert ev[0]["b"] == -7 & 0xFF  # mfrc522.CHIP_ERROR
        a.command(A.CMD_DEAL, 1)
        a.deal_once()
        assert a.shoe.state == ST.IDLE and a.board.display.shown("NO READER: check")
        sim.regs[0x37] = 0x92  # VersionReg: the reader answers once its wiring is put right
        a.command(A.CMD_DEAL, 1)
        a.deal_once()
        assert a.shoe.state == ST.DEALING and not a.shoe.blocked and not a.shoe.alert
    finally:
        table_screens._close(a)
