"""Device figures: the shoe's real firmware (make firmware) on the emulated RP2040 (tools/pico_emu).

One emulated shoe, from blank flash: `overplay enroll`, a session pushed by `overplay sync`,
a deck enrolled through the reader; then, by code sent over the raw REPL (the app stopped
with Ctrl-C, a fresh App built on the real board):
- free heap with the app started (its tasks running 0.5 s, then collected);
- per card with the driver: App.read_once (REQA, anticollision, select, HLTA over SPI at the
  board's 4 MHz, each byte's bus time included) + App.take_uids (ring -> Shoe.on_uid ->
  tally), a new tag entering the field at every REQA; ticks_us x 125 MHz;
- per card without the driver and per deal end: bench/mpy_card_loop.py run on the device
  (its card_us and deal_end_us_per_card; the flash commit not included);
- a session: the app dealing PICO_DEALS boards (default 8; 200 take about 2 hours here) through
  the buttons and the reader; lowest gc.mem_free() sampled by a task every 2 ms (garbage
  included, as the app sees it) and just after each between-hands collection;
- sync: `overplay sync` of the session's records; records per second of the shoe's CPU time
  (emulated cycles during the sync / 125 MHz).
Every figure is a lower bound for a real Pico: the emulator charges flash (XIP) reads as SRAM
reads (no cache misses, no wait states); v1.28 runs the VM from flash. Radio time is not
modelled (tags answer at once); SPI bus time is.
"""

import json
import os
import random
import sys
import tempfile
import time

HZ = 125_000_000


def _setup(ctx):
    sys.path.insert(0, ctx.root)
    from tests.pico import emu

    return emu


def run(ctx):
    emu = _setup(ctx)
    why = emu.available()
    if why:
        print("  bench_pico: skipped (no %s)" % why, file=sys.stderr)
        return {"_device_skipped": why}
    deals = int(os.environ.get("PICO_DEALS", "3" if ctx.quick else "8"))
    with tempfile.TemporaryDirectory(prefix="overplay-pico-bench-") as d:
        return measure(ctx, emu, d, deals)


class Repl:
    """The shoe's raw REPL over its USB serial (mpremote's transport): the app is stopped."""

    def __init__(self, pty):
        from mpremote.transport_serial import SerialTransport

        self.t = SerialTransport(pty, exclusive=False)
        self.t.enter_raw_repl(soft_reset=False)

    def run(self, code, timeout=1800):
        self.t.exec_raw_no_follow(code)
        out, err = self.t.follow(timeout)
        if err:
            raise RuntimeError("device: %s" % err.decode(errors="replace")[-800:])
        for line in out.decode(errors="replace").splitlines():
            if line.startswith("RESULT "):
                return json.loads(line[7:])
        raise RuntimeError("device printed no RESULT: %r" % out[-400:])

    def reboot(self):
        """Soft reset into main.py: the shoe app runs again."""
        self.t.exit_raw_repl()
        self.t.serial.write(b"\x04")
        self.t.close()


HEAP_AFTER_BOOT = """
import gc, asyncio, app, board
asyncio.new_event_loop()
gc.collect()
a = app.App(board.build())
res = {}
async def probe():
    await asyncio.sleep_ms(500)
    gc.collect()
    res['free'] = gc.mem_free()
    res['alloc'] = gc.mem_alloc()
    a.stop()
asyncio.run(a.main(extra=[probe()]))
import json
print('RESULT', json.dumps(res))
"""

CARD_WITH_DRIVER = """
import gc, time, app, board, json
gc.collect()
a = app.App(board.build())
sh = a.shoe
tot = misses = cards = 0
for d in range(%(deals)d):
    a.command(app.CMD_DEAL, d + 1)
    a.deal_once()
    n = 0
    while n < 52:
        t0 = time.ticks_us()
        k = a.read_once()
        a.take_uids()
        t1 = time.ticks_us()
        if k > 0:
            tot += time.ticks_diff(t1, t0)
            n += 1
        else:
            misses += 1
    cards += n
    assert sh.tally.n == 52, sh.tally.n
    t0 = time.ticks_us()
    sh.end_deal()
    t1 = time.ticks_us()
print('RESULT', json.dumps({'us': tot / cards, 'cards': cards, 'misses': misses,
                            'deals': sh.deals, 'end_commit_us': time.ticks_diff(t1, t0)}))
"""

SESSION = """
import gc, asyncio, app, board, json
asyncio.new_event_loop()
gc.collect()
a = app.App(board.build())
st = {'min': 1 << 30, 'min_between': 1 << 30, 'deals': 0, 'samples': 0}
def on_end(sh):
    f = gc.mem_free()
    if f < st['min_between']:
        st['min_between'] = f
    st['deals'] += 1
    if st['deals'] >= %(deals)d:
        a.stop()
a.on_deal_end = on_end
async def probe():
    while True:
        f = gc.mem_free()
        if f < st['min']:
            st['min'] = f
        st['samples'] += 1
        await asyncio.sleep_ms(2)
asyncio.run(a.main(extra=[probe()]))
st['complete'] = a.shoe.deals
print('RESULT', json.dumps(st))
"""


def card_loop_source(ctx, cards):
    with open(os.path.join(ctx.root, "bench", "mpy_card_loop.py")) as f:
        src = f.read()
    src = src[:src.index('if __name__ == "__main__":')]
    return src + ("import os\ntry:\n    os.mkdir('/tmp')\nexcept OSError:\n    pass\n"
                  "print('RESULT', json.dumps(main(%d)))\n" % cards)


def measure(ctx, emu, folder, deals):
    flash = os.path.join(folder, "flash.bin")
    db = os.path.join(folder, "club.sqlite")
    pico = emu.Pico(flash)
    pack = [emu.uid7(emu.DECK_NO, i + 1) for i in range(52)]
    out = {}
    try:
        def cli(*args):
            code, so, se = emu.overplay(*args, "--db", db)
            if code:
                raise RuntimeError("overplay %s: %s" % (args[0], se.strip()))
            return so

        cli("enroll", "--port", pico.pty)
        cli("session", "new", "--game", "duplicate_whist", "--boards", "1-400", "--table", "1",
            "--tables", "1")
        cli("sync", "--port", pico.pty, "--quiet")
        pico.press("mode", "mode", "deal")  # enrol the deck: the sorted pack over the reader
        pico.cmd("deal", uids=pack, dwell=2, gap=1)

        repl = Repl(pico.pty)
        r = repl.run(HEAP_AFTER_BOOT)
        out["device_free_heap_after_boot_bytes"] = r["free"]

        rng = random.Random(5)
        n_card = 2 if ctx.quick else 4
        order = []
        for _ in range(n_card):
            deal = list(pack)
            rng.shuffle(deal)
            order += deal
        pico.send("deal", uids=order, dwell=1, gap=0)  # a new tag at every REQA
        r = repl.run(CARD_WITH_DRIVER % {"deals": n_card})
        out["device_card_cycles_with_driver"] = round(r["us"] * HZ / 1e6)
        out["device_deal_end_commit_cycles"] = round(r["end_commit_us"] * HZ / 1e6)
        out["device_card_cards_timed"] = r["cards"]

        r = repl.run(card_loop_source(ctx, 104 if ctx.quick else 520))
        out["device_card_cycles_data_path"] = round(r["card_us"] * HZ / 1e6)
        out["device_deal_end_cycles"] = round(r["deal_end_us_per_card"] * 52 * HZ / 1e6)
        out["device_card_heap_bytes"] = r["card_heap_bytes"]

        for k in range(deals):  # the dealer: (leave the scoring screen,) DEAL, 52 cards
            if k:
                pico.send("press", button="mode", ms=30)
            pico.send("press", button="deal", ms=30)
            deal = list(pack)
            rng.shuffle(deal)
            pico.send("deal", uids=deal, dwell=2, gap=1)
            pico.send("wait_ms", ms=1700)
        t0 = time.monotonic()
        r = repl.run(SESSION % {"deals": deals})
        out["device_session_deals"] = r["deals"]
        out["device_session_min_free_heap_bytes"] = r["min"]
        out["device_session_min_free_heap_after_collect_bytes"] = r["min_between"]
        out["device_session_wall_s_per_deal"] = round((time.monotonic() - t0) / deals, 1)

        p0 = pico.cmd("stats")["polls"]
        repl.reboot()
        while pico.cmd("stats")["polls"] < p0 + 20:  # main.py's app polls the reader again
            time.sleep(0.2)
        c0 = pico.cmd("stats")["cycles"]
        so = cli("sync", "--port", pico.pty, "--quiet")
        c1 = pico.cmd("stats")["cycles"]
        n = int(so.split(":")[1].split()[0])
        out["device_sync_records"] = n
        out["device_sync_records_per_s"] = round(n / ((c1 - c0) / HZ), 1)
    finally:
        print("  bench_pico: %s" % json.dumps(out), file=sys.stderr)
        pico.stop()
    return out
