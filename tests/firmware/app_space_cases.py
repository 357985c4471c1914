"""The shoe never deals what it cannot record (issue #10, item 2), the whole app: near full,
LittleFS's statvfs says 4294967295 blocks free; the scoring terminal's PIN tries and scores
once ate the reserve and ten deals got no record while the screen said "slip written".

The flash here is small (BLOCKS blocks of 512 bytes). Under MicroPython it is a real LittleFS
in RAM, filled until its statvfs says what it says near full; on CPython journal.py's `os` and
`open` are wrapped (SmallFlash) to count blocks, say 4294967295 free when used past the last
one, and refuse a write with ENOSPC, as LittleFS does. Plain functions for both interpreters;
run by tests/host/test_app_robust.py (not 128 KB: see app_setup_cases.py)."""

import os

try:
    import vfs
except ImportError:
    vfs = None

from app_fakes import CountingGc, board, close, deal, enrol, journal, screen  # noqa: I001
import shoe.app as A
import shoe.journal as J
from overplay_core import pin, records
import shoe.states as ST

BLOCKS = 24


class SmallFlash:
    """`os` (and `open`) for journal.py on a flash of BLOCKS 512-byte blocks: two for the
    filesystem's own, and each file of the journal's folder takes its bytes in whole
    blocks; a write that would need more fails with ENOSPC, as LittleFS's does."""

    def __init__(self, folder, blocks=BLOCKS):
        self.folder = folder
        self.blocks = blocks

    def used(self):
        n = 2
        for name in os.listdir(self.folder):
            n += (os.stat(self.folder + "/" + name)[6] + 511) // 512
        return n

    def statvfs(self, path):
        # LittleFS's free count is the block count less the blocks its traversal met, and
        # it meets the block of a file open for writing twice (the journal keeps one open):
        # on a full flash, 0 - 1 as an unsigned 32-bit number
        free = self.blocks - self.used() - 1
        if free < 0:
            free += 4294967296
        return (512, 512, self.blocks, free, free, 0, 0, 0, 0, 255)

    def open(self, path, mode="r"):
        return File(self, open(path, mode))

    def __getattr__(self, name):
        return getattr(os, name)


class File:
    def __init__(self, flash, f):
        self.flash = flash
        self.f = f

    def write(self, data):
        if self.flash.used() + (len(data) + 511) // 512 > self.flash.blocks:
            raise OSError(28)  # ENOSPC
        return self.f.write(data)

    def __getattr__(self, name):
        return getattr(self.f, name)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.f.close()


def small_app():
    if vfs is not None:  # MicroPython: a real LittleFS of BLOCKS blocks in RAM
        b = board(flash="ram", blocks=BLOCKS, buttons=True)
        a = A.App(b, game=1, poll_ms=0, display_ms=0)
    else:  # CPython: a folder, with LittleFS's count and refusal (SmallFlash)
        b = board(buttons=True)
        a = A.App(b, game=1, poll_ms=0, display_ms=0)
        J.os = SmallFlash(b.root + "/journal")
        J.open = J.os.open
    enrol(a)
    a.scoring().pin = pin.make("1234", b"12345678")
    return a


def done(a):
    J.os = os
    if "open" in J.__dict__:
        del J.open  # the builtin again
    close(a)


def score(a):
    t = a.terminal
    if t.state == ST.T_READY:
        t.begin_play()
    t.start_entry()
    t.confirm()
    t.confirm()  # the other side is asked
    return t.accept()


def fill(a):
    """Deal and score until the shoe refuses a deal; the deals started, and whether the
    dealer was told to sync while deals could still be recorded."""
    started = 0
    warned = False
    while deal(a):
        started += 1
        score(a)
        warned = warned or "sync soon:" in screen(a)
        assert started < 200
    return started, warned


def test_the_terminal_never_eats_the_reserve_and_every_deal_is_recorded():
    a = small_app()
    try:
        started = fill(a)[0]
        assert started > 3
        full = screen(a)
        refused = 0
        for _ in range(80):  # the table goes on: PIN tries, scores, and more deals
            a.terminal.locked_at = None
            a.terminal.tries = 0
            if a.terminal.login("9999") != ST.PIN_WRONG:
                refused += 1  # a PIN try that could not be journaled was never checked
            a.terminal.state = ST.T_IDLE
            if deal(a):
                started += 1
        assert len(journal(a, records.DEAL)) == started  # no deal without its record
        assert "journal full:" in full and "sync club PC" in full  # 16 columns a line
        assert refused > 0 and "NOT RECORDED!" not in screen(a)
        seqs = [s for s, r in a.journal.records_from(1)]
        assert seqs == list(range(1, a.journal.next_seq))  # nothing skipped, nothing lost
    finally:
        done(a)


def test_the_dealer_is_told_to_sync_before_the_flash_fills():
    a = small_app()
    try:
        started, warned = fill(a)
        assert warned and started > 3
    finally:
        done(a)


def test_a_record_the_flash_refuses_is_shown_then_told_when_there_is_room():
    a = small_app()
    J.os = os  # room enough: it is the flash that refuses
    J.open = open
    try:
        assert deal(a)
        real = a.journal.commit
        a.journal.commit = lambda: False  # the flash refuses every write: the batch fills
        n = 0
        while "NOT RECORDED!" not in screen(a):
            assert deal(a)
            n += 1
            assert n < 30, "a deal went unrecorded and the dealer was not told"
        lines = screen(a)
        assert "sync club PC" in lines and "slip written" not in lines
        lost = a.shoe.lost
        a.journal.commit = real  # the flash takes writes again
        a.journal._fresh_segment = True
        assert deal(a)
        ev = journal(a, records.EVENT, records.EV_FILE_FAULT)
        assert [(e["a"], e["b"], e["data"]) for e in ev] == [(5, 3, bytes([lost]))]
        assert lost >= 1 and a.shoe.lost == 0 and "NOT RECORDED!" not in screen(a)
    finally:
        done(a)


def counted(enrolled=True):
    """An app with buttons (its pack enrolled) whose collections are counted: CountingGc."""
    a = A.App(board(buttons=True), game=1, poll_ms=0, display_ms=0)
    if enrolled:
        enrol(a)
    fake = A.gc = CountingGc(a)
    return a, fake


def uncounted(a):
    A.gc = __import__("gc")
    close(a)


def test_the_heap_is_collected_before_and_after_each_deal_never_during_it():
    # The lowest free heap of a session is the live data plus the garbage made since the last
    # collection (bench_pico: device_session_min_free_heap_bytes). The app collects where no
    # card can be over the reader (hardware-facts target 3): when DEAL has started a deal,
    # before its first card (its first screen drawn; the scoring screens and a sync made
    # since are dropped), after the deal, and when a sync ends with no deal in progress;
    # never while the cards are dealt.
    a, fake = counted()
    try:
        assert deal(a, 1, end=False)
        assert fake.at == [ST.DEALING]  # at the press: the deal started, no card out yet
        assert a.shoe.drawn == ST.DEALING  # ... its screen drawn before the collection
        a.deal_once()
        assert fake.at == [ST.DEALING]  # every card dealt: none while dealing
        a.command(A.CMD_END)
        a.deal_once()
        assert fake.at == [ST.DEALING, ST.AWAIT_TRAY]  # between hands: the tray comes next
        assert deal(a, 2)  # the tray not written: given up for the next deal
        assert fake.at == [ST.DEALING, ST.AWAIT_TRAY, ST.DEALING, ST.AWAIT_TRAY]
        a._let_go = True  # a sync just ended: its Link went at the link task's last step
        a.link_once()
        assert fake.at[-1] == ST.AWAIT_TRAY and len(fake.at) == 5
        a.command(A.CMD_DEAL, 3)
        a.deal_once()
        assert a.shoe.state == ST.DEALING and len(fake.at) == 6
        a._let_go = True  # a sync ending mid-deal: no collection, a card may be in the field
        a.link_once()
        a.command(A.CMD_DEAL, 4)  # DEAL again while dealing: nothing starts, nothing collected
        a.deal_once()
        assert len(fake.at) == 6 and a.shoe.board == 3
    finally:
        uncounted(a)


def test_a_whole_screen_drawn_with_no_deal_in_progress_is_collected_at_once():
    # The screen after a hand, the shoe's after MODE: each leaves its lines as garbage (1-2.5
    # KB on the Pico); collected once drawn, they do not pile up between two hands on top of
    # the next deal's start. Screens drawn while the cards are dealt are not (a card may be
    # over the reader), and a step that draws nothing collects nothing.
    a, fake = counted()
    try:
        assert deal(a, 1, end=False)
        assert fake.at == [ST.DEALING] and a.shoe.changed
        a._display_once()  # the deal's screen, cards out: no collection
        assert fake.at == [ST.DEALING] and not a.shoe.changed
        a.command(A.CMD_END)
        a.deal_once()
        assert fake.at == [ST.DEALING, ST.AWAIT_TRAY]  # between hands
        a._display_once()  # the screen after the hand
        assert fake.at == [ST.DEALING, ST.AWAIT_TRAY, ST.AWAIT_TRAY]
        a._display_once()  # nothing changed, nothing drawn
        a._display_once()
        assert len(fake.at) == 3
        mode = a.board.buttons["mode"]
        mode.v = 0  # MODE: the overplay check selected, the shoe's screen says so
        a.deal_once()
        mode.v = 1
        a.deal_once()
        assert len(fake.at) == 3 and a.shoe.changed
        a._display_once()
        assert fake.at[3:] == [ST.AWAIT_TRAY]
    finally:
        uncounted(a)


def test_the_app_starts_its_tasks_on_a_collected_heap():
    # Building the board and the app (the board definition parsed, the files read, the SESSION
    # record signed) leaves garbage; the app collects it before its tasks start, so the
    # first deal does not begin below the live data by that much.
    import asyncio

    a, fake = counted(enrolled=False)
    try:
        a.stop()  # the dealing task's first step ends the app
        asyncio.run(a.main())
        assert fake.at == [ST.IDLE]  # once, as the tasks start
    finally:
        uncounted(a)
