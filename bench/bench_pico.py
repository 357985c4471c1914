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
- a session: the app dealing PICO_DEALS boards through the buttons and the reader (default
  issue #12's 200, 3 with --quick: a deal takes 11-15 s of wall time on a 2-core machine, so
  the full run takes 40-50 minutes more than a quick one); lowest gc.mem_free()
  sampled by a task every 2 ms (garbage included, as the app sees it), just after each
  between-hands collection, and after a second collection there (live data only, and that
  collection's pause);
- sync: `overplay sync` of the session's records; records per second of the shoe's CPU time
  (emulated cycles during the sync / 125 MHz);
- heap while a sync runs: the app run from the raw REPL deals two boards, then `overplay
  sync` talks to it on the same serial line (the REPL waits, the app's link answers); lowest
  gc.mem_free() while the app holds a Link (garbage included), sampled after each step of
  the link task and by a task every 2 ms, and the free heap collected after the sync (the
  link's code and object let go);
- free heap by stage, in a fresh interpreter (a soft reset from the raw REPL, which runs no
  main.py): after boot, after importing the app (and all it imports), after board.build(),
  after App(board) (the set-up): where the heap goes before the first card.
The cycle figures are a LOWER BOUND for a real Pico: the emulator charges flash (XIP) reads as
SRAM reads (no XIP cache misses, no flash wait states), and v1.28 runs the VM from flash.
Radio time is not modelled (tags answer at once); SPI bus time is. The result says so too
(`_device_cycles_note`).

    .venv/bin/python bench/run.py --only pico       # the figures (bench/results.json)
    .venv/bin/python bench/bench_pico.py --profile  # where the heap and the cycles go:
        # per-module import heap, each task step's allocations during a session, the
        # per-card data path and Shoe.end_deal call by call (JSON on stdout)
"""

import json
import os
import random
import sys
import tempfile
import time

HZ = 125_000_000
NOTE = ("cycles are a lower bound for a real Pico: the emulated RP2040 has no XIP cache "
        "misses or flash wait states; radio time is not modelled")
# The device modules by name (the code sent over the REPL imports them): one place to rename
APP, BOARD = "shoe.app", "shoe.board"
NAMES = {"app": APP, "board": BOARD}


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
    deals = int(os.environ.get("PICO_DEALS", "3" if ctx.quick else "200"))
    with tempfile.TemporaryDirectory(prefix="overplay-pico-bench-") as d:
        out = measure(ctx, emu, d, deals)
    out["_device_cycles_note"] = NOTE
    return out


class Repl:
    """The shoe's raw REPL over its USB serial (mpremote's transport): the app is stopped."""

    def __init__(self, pty):
        from mpremote.transport_serial import SerialTransport

        self.t = SerialTransport(pty, exclusive=False)
        self.t.enter_raw_repl(soft_reset=False)

    def run(self, code, timeout=1800, when_ready=None):
        """Run `code`; its RESULT line. `when_ready`: called once the code prints READY (the
        app it starts is running), e.g. to press its buttons: a press made while the code is
        still on its way over the serial line finds no app and is lost."""
        self.t.exec_raw_no_follow(code)
        if when_ready is not None:
            if not self.t.read_until(1, b"READY", timeout=120).endswith(b"READY"):
                raise RuntimeError("device: the code never said READY")
            when_ready()
        out, err = self.t.follow(timeout)
        if err:
            raise RuntimeError("device: %s" % err.decode(errors="replace")[-800:])
        for line in out.decode(errors="replace").splitlines():
            if line.startswith("RESULT "):
                return json.loads(line[7:])
        raise RuntimeError("device printed no RESULT: %r" % out[-400:])

    def soft_reset(self):
        """A fresh interpreter: soft reset from the raw REPL (main.py does not run)."""
        self.t.exit_raw_repl()
        self.t.enter_raw_repl(soft_reset=True)

    def reboot(self):
        """Soft reset into main.py: the shoe app runs again."""
        self.t.exit_raw_repl()
        self.t.serial.write(b"\x04")
        self.t.close()


# Each figure's code starts from an empty namespace: the raw REPL keeps the globals of the
# code run before it (an App with its shoe, deck table and journal, the card loop's shoe),
# which would count as live heap in the figures after it.
FRESH = """
for _k in list(globals()):
    if not _k.startswith('__'):
        del globals()[_k]
import gc
gc.collect()
"""

HEAP_AFTER_BOOT = FRESH + """
import gc, asyncio
import %(app)s as app, %(board)s as board
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

CARD_WITH_DRIVER = FRESH + """
import gc, time, json
import %(app)s as app, %(board)s as board
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

SESSION = FRESH + """
import gc, asyncio, json
import %(app)s as app, %(board)s as board
asyncio.new_event_loop()
gc.collect()
a = app.App(board.build())
import time
st = {'min': 1 << 30, 'min_between': 1 << 30, 'min_live': 1 << 30, 'deals': 0, 'samples': 0,
      'gc_us': 0}
def on_end(sh):
    f = gc.mem_free()
    if f < st['min_between']:
        st['min_between'] = f
    t = time.ticks_us()
    gc.collect()  # what the between-hands collection just cost, once more on the same heap
    t = time.ticks_diff(time.ticks_us(), t)
    if t > st['gc_us']:
        st['gc_us'] = t
    f = gc.mem_free()  # live only: what the first figure's screen drawing left is gone
    if f < st['min_live']:
        st['min_live'] = f
    if not st['deals']:
        st['live_first'] = f
    st['live_last'] = f  # against the first deal's: what the session kept (a leak, if lower)
    st['deals'] += 1
    if st['deals'] >= %(deals)d:
        a.stop()
a.on_deal_end = on_end
async def probe():
    print('READY')  # the app runs: the bench presses its buttons now
    while True:
        f = gc.mem_free()
        if f < st['min']:
            st['min'] = f
        st['samples'] += 1
        await asyncio.sleep_ms(2)
asyncio.run(a.main(extra=[probe()]))
st['complete'] = a.shoe.deals
st['records'] = a.journal.next_seq - 1
print('RESULT', json.dumps(st))
"""

# The app deals two boards (started by the code: a press sent while it is on its way would be
# lost), then waits for the club PC: `overplay sync` on the same serial line while this runs
SYNC_HEAP = FRESH + """
import gc, asyncio, json
import %(app)s as app, %(board)s as board
asyncio.new_event_loop()
gc.collect()
a = app.App(board.build())
st = {'min': 1 << 30, 'samples': 0, 'deals': 0}
def on_end(sh):
    st['deals'] += 1
    if st['deals'] < %(deals)d:
        if a.terminal is not None and a.terminal.active:
            a.terminal.press(4)
        a.command(app.CMD_DEAL)
a.on_deal_end = on_end
a.command(app.CMD_DEAL)
def sample():
    f = gc.mem_free()
    if f < st['min']:
        st['min'] = f
    st['samples'] += 1
once = a.link_once
def link_once():  # after each step of the link task while it holds a Link, or just let one go
    ms = once()
    if a.link is not None or a._let_go:
        sample()
    return ms
a.link_once = link_once
async def probe():
    while not a.syncs:
        if a.link is not None:
            sample()
        await asyncio.sleep_ms(2)
    await asyncio.sleep_ms(20)  # the link task's next step: its collection (App.link_once)
    a.stop()
asyncio.run(a.main(extra=[probe()]))
gc.collect()
st['after'] = gc.mem_free()
st['syncs'] = a.syncs
st['loaded'] = [n for n in ('shoe.link', 'overplay_core.wire') if n in __import__('sys').modules]
print('RESULT', json.dumps(st))
"""

# The shoe's device modules, leaves first: each figure is what importing that one added (a
# module's own imports already done), so they add up to the imports stage.
MODULES = ("overplay_core.compat", "overplay_core.errors", "overplay_core.cards",
           "overplay_core.games", "overplay_core.mac", "overplay_core.records",
           "overplay_core.findings", "overplay_core.tally", "overplay_core.handprint",
           "overplay_core.trayslip", "overplay_core.wire", "overplay_core.session",
           "overplay_core.movement", "overplay_core.pin", "shoe", "shoe.states", "shoe.ring",
           "shoe.deck", "shoe.journal", "shoe.display", "drivers.mfrc522", "shoe.tray",
           "shoe.screens", "shoe.dealing", "shoe.rounds", "shoe.settings", "shoe.link",
           "shoe.terminal", "shoe.faults", BOARD, APP)
HEAP_STAGES = """
import gc, sys
gc.collect()
res = {'boot': gc.mem_free()}
mods = {}
for name in %(modules)r:
    gc.collect()
    f0 = gc.mem_free()
    try:
        __import__(name)
    except ImportError:
        continue
    gc.collect()
    mods[name] = f0 - gc.mem_free()
res['modules'] = mods
import %(app)s as app, %(board)s as board
gc.collect()
res['imports'] = gc.mem_free()
b = board.build()
gc.collect()
res['board'] = gc.mem_free()
a = app.App(b)
gc.collect()
res['app'] = gc.mem_free()
import json
print('RESULT', json.dumps(res))
"""

# The app dealing under the buttons and the reader, with the collector off between the
# app's own collections (between hands), so every byte a step allocates is counted on it.
SESSION_PROFILE = FRESH + """
import gc, asyncio, json, time
import %(app)s as app, %(board)s as board
asyncio.new_event_loop()
gc.collect()
a = app.App(board.build())
sh = a.shoe
acc = {}
def wrap(obj, name, label):
    f = getattr(obj, name)
    def w(*args):
        m0 = gc.mem_alloc()
        t0 = time.ticks_us()
        r = f(*args)
        t1 = time.ticks_us()
        m1 = gc.mem_alloc()
        e = acc.get(label)
        if e is None:
            e = acc[label] = [0, 0, 0]
        e[0] += 1
        e[1] += m1 - m0
        e[2] += time.ticks_diff(t1, t0)
        return r
    setattr(obj, name, w)
import shoe.rounds as rounds
for obj, names, pre in ((a, %(app_steps)r, 'App.'), (sh, %(shoe_steps)r, 'Shoe.'),
                        (a.board.display, ('show',), 'display.'),
                        (sh.journal, ('commit', 'can_record', 'append'), 'Journal.'),
                        (a.terminal, ('refresh', 'ready', 'press'), 'Terminal.'),
                        (rounds, ('draw',), 'rounds.')):
    for n in names:
        if hasattr(obj, n):
            wrap(obj, n, pre + n)
st = {'deals': 0, 'free_after_collect': [], 'alloc_per_deal': []}
mark = [0]
def on_end(s):
    st['deals'] += 1
    st['free_after_collect'].append(gc.mem_free())
    if st['deals'] >= %(deals)d:
        a.stop()
    else:  # the dealer leaves the scoring screen (MODE) and presses DEAL: the next deal
        if a.terminal is not None and a.terminal.active:  # (its cards come after 1.7 s)
            a.terminal.press(4)
        a.command(app.CMD_DEAL, st['deals'] + 1)
a.on_deal_end = on_end
a.command(app.CMD_DEAL, 1)
a.deal_once()  # dealing before the reader's first poll
async def probe():
    while True:
        await asyncio.sleep_ms(50)
between = a._between_hands
def between_hands(*args):
    st['alloc_per_deal'].append(gc.mem_alloc() - mark[0])
    between(*args)  # its gc.collect() runs with the collector off too
    mark[0] = gc.mem_alloc()
a._between_hands = between_hands
gc.collect()
gc.disable()
mark[0] = gc.mem_alloc()
asyncio.run(a.main(extra=[probe()]))
gc.enable()
out = {'steps': acc, 'session': st}
print('RESULT', json.dumps(out))
"""

# Shoe.end_deal and the per-card data path, each call timed apart (mpy_card_loop's shoe)
DATA_PATH_PROFILE = """
import gc, time, os, json
from overplay_core import records, handprint
acc = {}
wrapped = []  # put back at the end: records and handprint are the image's own modules, and a
# wrapper left on them would run in the next figure's namespace (where `time` is gone)
def wrap(obj, name, label):
    f = getattr(obj, name)
    wrapped.append((obj, name, f))
    def w(*args):
        t0 = time.ticks_us()
        r = f(*args)
        acc[label] = acc.get(label, 0) + time.ticks_diff(time.ticks_us(), t0)
        return r
    setattr(obj, name, w)
folder = '/tmp/cardloop'
try:
    os.mkdir(folder)
except OSError:
    pass
sh, j = make_shoe(folder)
p = sh.profile
ring = Ring(16, 10)
got = bytearray(10)
deals = orders(p, 4)
real_commit = j.commit
j.commit = lambda: True
sh.start_deal(1, 0)
cards_of_deal(sh, ring, got, deals[0])
sh.end_deal()
real_commit()
res = {}
# per card, one call kind at a time over the same 4 deals (us per card)
def per_card(label, fn):
    n = 0
    t = 0
    for k in range(4):
        sh.start_deal(k + 1, k & 3)
        uids = deals[k]
        t0 = time.ticks_us()
        for u in uids:
            fn(u)
        t += time.ticks_diff(time.ticks_us(), t0)
        n += len(uids)
        sh.end_deal()
        real_commit()
    res[label] = t / n
def loop(u):
    pass
def ring_put_get(u):
    ring.put_slot(7, u, 7)
    ring.get_slot(got)
def lookup(u):
    sh.deck.lookup(u, 7)
def on_uid(u):
    sh.on_uid(u, 7)
def whole(u):
    ring.put_slot(7, u, 7)
    k = ring.get_slot(got)
    sh.on_uid(got, k)
for label, fn in (('loop', loop), ('ring_put_get', ring_put_get), ('deck_lookup', lookup),
                  ('on_uid', on_uid), ('card_path', whole)):
    per_card(label, fn)
t = sh.tally
tadd = 0
n = 0
for k in range(4):
    t.start(k & 3)
    for c in deals[k]:
        c = sh.deck.lookup(c, 7)
        t0 = time.ticks_us()
        t.add(c)
        tadd += time.ticks_diff(time.ticks_us(), t0)
        n += 1
res['tally_add'] = tadd / n
# Shoe.end_deal, its parts
for obj, names, pre in ((sh, ('service', '_rule', '_append', '_commit', '_show', 'has_room'), 'Shoe.'),
                        (t, ('finish',), 'Tally.'), (j, ('append', 'can_record', 'free_bytes'), 'Journal.'),
                        (records, ('encode_deal', 'sign'), 'records.'), (handprint, ('pack',), 'handprint.')):
    for nm in names:
        wrap(obj, nm, pre + nm)
te = 0
for k in range(4):
    sh.start_deal(k + 1, k & 3)
    cards_of_deal(sh, ring, got, deals[k])
    acc.clear() if k == 0 else None
    t0 = time.ticks_us()
    sh.end_deal()
    te += time.ticks_diff(time.ticks_us(), t0) if k else 0
    real_commit()
res['end_deal'] = te / 3
res['end_deal_parts'] = dict((k, v / 3) for k, v in acc.items())
t0 = time.ticks_us()
for k in range(10):
    st = os.statvfs(folder)
res['os.statvfs'] = time.ticks_diff(time.ticks_us(), t0) / 10
res['fs_blocks'] = st[2]
res['fs_free_blocks'] = st[4]
for obj, name, f in wrapped:
    setattr(obj, name, f)
print('RESULT', json.dumps(res))
"""


APP_STEPS = ("read_once", "take_uids", "deal_once", "buttons", "_display_once", "_dealt",
             "_between_hands", "_do", "link_once")
SHOE_STEPS = ("service", "tick", "refresh", "_show", "start_deal", "end_deal")


def card_loop_source(ctx, cards, then=None):
    """bench/mpy_card_loop.py for the device: its main(cards), or the code `then` run after
    its definitions."""
    with open(os.path.join(ctx.root, "bench", "mpy_card_loop.py")) as f:
        src = f.read()
    src = src[:src.index('if __name__ == "__main__":')]
    src += "import os\ntry:\n    os.mkdir('/tmp')\nexcept OSError:\n    pass\n"
    return src + (then or "print('RESULT', json.dumps(main(%d)))\n" % cards)


# A dealer's press: the app reads its buttons between task steps, and one step (a full screen
# drawn, a flash commit) can take 40 ms on the Pico, so a 30 ms press was lost once in the
# first 200-deal run (that board not dealt: the bench then failed). A finger's press is longer.
PRESS_MS = 100


def deal_buttons(pico, rng, pack, deals):
    """Queue a dealer's session on the emulator: (leave the scoring screen,) DEAL, 52 cards."""
    for k in range(deals):
        if k:
            pico.send("press", button="mode", ms=PRESS_MS)
        pico.send("press", button="deal", ms=PRESS_MS)
        deal = list(pack)
        rng.shuffle(deal)
        pico.send("deal", uids=deal, dwell=2, gap=1)
        pico.send("wait_ms", ms=1700)


def sync_heap(pico, repl, rng, pack, cli, deals=2):
    """SYNC_HEAP: two deals by the app run from the REPL, then `overplay sync` of them."""
    for _ in range(deals):
        deal = list(pack)
        rng.shuffle(deal)
        pico.send("deal", uids=deal, dwell=2, gap=1)
        pico.send("wait_ms", ms=1700)
    try:
        repl.t.exec_raw_no_follow(SYNC_HEAP % dict(NAMES, deals=deals))
        pico.cmd("wait_ms", ms=500, timeout=900)  # after the queued deals: records to sync
        cli("sync", "--port", pico.pty, "--quiet")
        out, err = repl.t.follow(300)
    finally:
        repl.t.close()
    if err:
        raise RuntimeError("device: %s" % err.decode(errors="replace")[-800:])
    for line in out.decode(errors="replace").splitlines():
        if line.startswith("RESULT "):
            r = json.loads(line[7:])
            if r["syncs"] != 1 or r["deals"] != deals or r["loaded"] or not r["samples"]:
                raise RuntimeError("sync heap: %r" % r)
            return r
    raise RuntimeError("device printed no RESULT: %r" % out[-400:])


def measure(ctx, emu, folder, deals, profile=None):
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
        r = repl.run(HEAP_AFTER_BOOT % NAMES)
        out["device_free_heap_after_boot_bytes"] = r["free"]

        rng = random.Random(5)
        n_card = 2 if ctx.quick else 4
        order = []
        for _ in range(n_card):
            deal = list(pack)
            rng.shuffle(deal)
            order += deal
        pico.send("deal", uids=order, dwell=1, gap=0)  # a new tag at every REQA
        r = repl.run(CARD_WITH_DRIVER % dict(NAMES, deals=n_card))
        out["device_card_cycles_with_driver"] = round(r["us"] * HZ / 1e6)
        out["device_deal_end_commit_cycles"] = round(r["end_commit_us"] * HZ / 1e6)
        out["device_card_cards_timed"] = r["cards"]

        r = repl.run(card_loop_source(ctx, 104 if ctx.quick else 520))
        out["device_card_cycles_data_path"] = round(r["card_us"] * HZ / 1e6)
        out["device_deal_end_cycles"] = round(r["deal_end_us_per_card"] * 52 * HZ / 1e6)
        out["device_card_heap_bytes"] = r["card_heap_bytes"]
        if profile is not None:
            profile["data_path_us"] = repl.run(card_loop_source(ctx, 0, DATA_PATH_PROFILE))

        t0 = time.monotonic()
        r = repl.run(SESSION % dict(NAMES, deals=deals), timeout=600 + 60 * deals,
                     when_ready=lambda: deal_buttons(pico, rng, pack, deals))
        print("  bench_pico: session %s" % json.dumps(r), file=sys.stderr)
        # every board of the session an original deal (a lost DEAL press once turned the
        # session into overplay checks: MODE then selected the check)
        if r["complete"] != r["deals"]:
            raise RuntimeError("the session dealt %d of its %d boards" % (r["complete"], r["deals"]))
        out["device_session_deals"] = r["deals"]
        out["device_session_min_free_heap_bytes"] = r["min"]
        out["device_session_min_free_heap_after_collect_bytes"] = r["min_between"]
        out["device_session_min_free_heap_live_bytes"] = r["min_live"]
        out["device_session_live_kept_bytes"] = r["live_first"] - r["live_last"]
        out["device_gc_pause_cycles"] = round(r["gc_us"] * HZ / 1e6)
        out["device_session_wall_s_per_deal"] = round((time.monotonic() - t0) / deals, 1)
        if profile is not None:  # deals started by the device code (a button pressed
            for _ in range(deals):  # while the code is still on its way would be lost)
                deal = list(pack)
                rng.shuffle(deal)
                pico.send("deal", uids=deal, dwell=2, gap=1)
                pico.send("wait_ms", ms=1700)
            profile["session"] = repl.run(SESSION_PROFILE % dict(
                NAMES, deals=deals, app_steps=APP_STEPS, shoe_steps=SHOE_STEPS))

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

        r = sync_heap(pico, Repl(pico.pty), rng, pack, cli)
        print("  bench_pico: sync heap %s" % json.dumps(r), file=sys.stderr)
        out["device_sync_min_free_heap_bytes"] = r["min"]
        out["device_sync_after_free_heap_bytes"] = r["after"]

        # last: a soft reset (the figures above are taken as the app leaves the heap)
        repl = Repl(pico.pty)
        repl.soft_reset()
        r = repl.run(HEAP_STAGES % dict(NAMES, modules=MODULES))
        out["device_free_heap_bare_bytes"] = r["boot"]
        out["device_free_heap_imports_bytes"] = r["imports"]
        out["device_free_heap_board_bytes"] = r["board"]
        out["device_free_heap_setup_bytes"] = r["app"]
        if profile is not None:
            profile["heap_stages"] = r
    finally:
        print("  bench_pico: %s" % json.dumps(out), file=sys.stderr)
        pico.stop()
    return out


def profile_main():
    """--profile: the figures, and where the heap and the cycles go (JSON on stdout)."""
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

    class Ctx:
        quick = True

    Ctx.root = root
    emu = _setup(Ctx)
    why = emu.available()
    if why:
        sys.exit("bench_pico: cannot run here: no %s" % why)
    class Shown(dict):  # each part on stderr as it comes (a session takes minutes)
        def __setitem__(self, k, v):
            print("  bench_pico --profile: %s %s" % (k, json.dumps(v)), file=sys.stderr)
            dict.__setitem__(self, k, v)

    prof = Shown()
    with tempfile.TemporaryDirectory(prefix="overplay-pico-profile-") as d:
        prof["figures"] = measure(Ctx, emu, d, int(os.environ.get("PICO_DEALS", "3")), prof)
    print(json.dumps(prof, indent=1, sort_keys=True))


if __name__ == "__main__":
    if sys.argv[1:] != ["--profile"]:
        sys.exit("usage: bench/bench_pico.py --profile   (the figures: bench/run.py --only pico)")
    profile_main()
