"""A whole session of the shoe app on simulated hardware: enrol a deck, deal N boards.

    MICROPYPATH=shared:firmware:.frozen micropython -X heapsize=512k firmware/sim/session.py \\
        --deals 200 --game 1 [--variant 0] [--seed 7] [--flash host|ram] [--verbose]
    ... firmware/sim/session.py --overplay 3     # two tables: slips from table 1 checked at 2
    python firmware/sim/session.py ...     # the same on CPython (firmware/ and shared/ on path)

The real app (shoe/app.py: reader, dealing, display and link tasks), the real MFRC522 driver on the
simulated chip, the real deck, tally, records, journal and tray code. A scripted dealer (one
more asyncio task) enrols a deck by dealing it sorted, then for each board shuffles the pack
(a list of int card tags, in place), passes the cards through the chip's field one by one
(sim.tags.ScriptedDealer, one restarted each deal), says the deal is over, and holds
the tray tag over the reader for the slip. Every DEAL record is read back from the journal
and its seats and trump compared with what was dealt. overplay_session runs two tables: slips
written at table 1 are checked at table 2.

The last line is a JSON object (deals, errors, records, heap figures): the benchmark and
`make demo` read it. Heap (gc.mem_alloc()): `heap_code` after every import (on a board the code
is frozen in flash); `heap_sim_world` the simulated chip and tags (absent on a board); then,
above those two, `heap_live_peak` the most in use after a collection between hands (the app's
data) and `heap_peak` the most seen at any sample, garbage included.

For the memory figure, run it from precompiled modules, e.g.
    for f in $(cd firmware && find . -name '*.py'); do mpy-cross -o build/mpy/${f%.py}.mpy firmware/$f; done
    (and the same for shared/), then MICROPYPATH=build/mpy:.frozen micropython -X heapsize=128k
    build/mpy/session_sim.mpy is not runnable as a script: run `-c "import session_sim as s;
    s.main(['--deals', '200'])"`.
"""

import gc
import sys

gc.collect()

import asyncio  # noqa: E402 - after the first collect: imports are what `base` measures

import shoe.app as A  # noqa: E402
import sim.board as SB  # noqa: E402
import sim.mfrc522 as sim_mfrc522  # noqa: E402, F401 - the chip's code (board.simulated): code
from shoe.display import TextDisplay  # noqa: E402
from sim.tags import ScriptedDealer, card_tag_int, tray_tag, uid7  # noqa: E402
from overplay_core import games, handprint, records  # noqa: E402
from shoe.states import AWAIT_TRAY, CHECK_SLIP, DEALING, ENROLLING, IDLE  # noqa: E402
from overplay_core import findings as F  # noqa: E402

try:
    _mem = gc.mem_alloc
except AttributeError:  # CPython: no heap figures (they are reported as 0)

    def _mem():
        return 0


gc.collect()
BASE = _mem()


def shuffle(items, x):
    """Shuffle items in place (Fisher-Yates) with an LCG from state x (1 .. 2^30-1); returns
    the next state. The same deals on both interpreters (products stay below 2^61)."""
    for i in range(len(items) - 1, 0, -1):
        x = (x * 1103515245 + 12345) & 0x3FFFFFFF
        j = (x >> 8) % (i + 1)
        items[i], items[j] = items[j], items[i]
    return x


class Stats:
    def __init__(self):
        self.deals = 0
        self.errors = []
        self.live_peak = 0
        self.peak = 0

    def sample(self):
        m = _mem()
        if m > self.peak:
            self.peak = m


async def _until(a, stats, state=-1, d=None):
    """Run the app until its shoe is in `state` (-1: any) and, given a dealer, every card
    has passed and the reader->dealing ring is empty. (No condition closures: nothing is
    allocated a wait but this coroutine.)"""
    sh = a.shoe
    n = 0
    while (state >= 0 and sh.state != state) or (d is not None and (not d.done or len(a.uids))):
        if not a.running:
            raise RuntimeError("session_sim: the app stopped: %r" % (a.error,))
        stats.sample()
        await A._sleep_ms(0)
        n += 1
        if n > 100000:
            raise RuntimeError("session_sim: the shoe is stuck (state %d)" % sh.state)


def make_tags(pack, deck_id=1):
    """The simulated world: the pack's cards as int card tags (drivers/sim_tags.py: no object
    a card) in a list in pack order, which the session shuffles in place, and an NTAG213 Tag
    on the tray (its memory is written)."""
    tags = [0] * len(pack)  # sized once (a comprehension would grow it to 64 slots)
    for n in range(len(pack)):
        tags[n] = card_tag_int(uid7(deck_id, pack[n]))
    tray = tray_tag(uid7(900, 1))
    tray.mem  # noqa: B018 - its EEPROM made now, with the world, not mid-deal on first write
    return tags, tray


def card_of(tag):
    """The card int an int card tag of make_tags carries: uid7(deck, card) puts it in UID
    bytes 3..5, bits 8..31 of the int."""
    return (tag >> 8) & 0xFFFFFF


async def dealer(a, deals, seed, stats, world, deck_id=1):
    try:
        await _deal_session(a, deals, seed, stats, world, deck_id)
    except Exception as e:  # noqa: BLE001 - the session ends, and says why
        stats.errors.append("dealer stopped: %s: %s" % (e.__class__.__name__, e))
    a.stop()


async def _deal_session(a, deals, seed, stats, world, deck_id):
    sim = a.board.sim
    sh = a.shoe
    tags, tray = world
    # Enrol the deck: deal it sorted over the reader once (ENROL_DECK mode).
    a.command(A.CMD_ENROL, deck_id)
    await _until(a, stats, ENROLLING)
    d = ScriptedDealer(sim, tags, dwell=2, gap=1)  # the one dealer, restarted for each deal
    await _until(a, stats, IDLE, d)
    sim.script = None
    x = seed & 0x3FFFFFFF or 1
    for i in range(deals):
        x = shuffle(tags, x)  # the pack itself, in place: the first deal_cards are dealt
        first = sh.journal.next_seq
        a.command(A.CMD_DEAL, 0)
        await _until(a, stats, DEALING)
        board_no, dealer_seat = sh.board, sh.dealer
        d.start(a.profile.deal_cards)
        await _until(a, stats, -1, d)
        sim.script = None
        a.command(A.CMD_END)
        await _until(a, stats, AWAIT_TRAY)
        sim.enter(tray)
        await _until(a, stats, IDLE)
        sim.leave(tray)
        _verify(a, first, board_no, dealer_seat, tags, stats)
        stats.deals += 1
        if i % 50 == 49:  # the club PC syncs now and then: what it holds may be reclaimed
            a.journal.mark_synced(a.journal.committed_seq)
            a.journal.reclaim()


def _verify(a, first, board_no, dealer_seat, tags, stats):
    """The deal's records verify, and its DEAL record has every dealt card (tags[:deal_cards],
    in order) in its seat and the trump turned."""
    p = a.profile
    deal = None
    for seq, rec in a.journal.records_from(first):
        if not records.verify(rec, a.shoe.key, a.shoe.shoe_id, a.journal.journal_id):
            stats.errors.append("record %d does not verify" % seq)
        if rec[0] == records.DEAL:
            deal = records.decode(rec)
    if deal is None:
        stats.errors.append("board %d: no DEAL record" % board_no)
        return
    if deal["board"] != board_no or deal["dealer"] != dealer_seat or deal["findings"]:
        stats.errors.append("board %d: record %r" % (board_no, deal))
        return
    seats = handprint.unpack(deal["handprint"], p.pack)
    for n in range(p.deal_cards):
        want = p.seat_of(n, dealer_seat)
        c = card_of(tags[n])
        if seats[c] != (want if want >= 0 else handprint.NOT_DEALT):
            stats.errors.append("board %d: card %d in seat %d" % (board_no, c, seats[c]))
            return
    ti = p.turn_up_index
    want_trump = card_of(tags[ti]) if ti >= 0 else records.NO_TRUMP_CARD
    if deal["trump"] != want_trump:
        stats.errors.append("board %d: trump %d, dealt %d" % (board_no, deal["trump"],
                                                              want_trump))


def _remove(a, flash):
    """Close the journal and, for flash="host", delete the board's /tmp/overplay-sim-* folder
    (a simulated shoe's flash lives only as long as its session)."""
    a.journal.close()
    if flash == "host" and "overplay-sim-" in a.board.root:
        SB.remove_folder(a.board.root)


def session(deals=200, game=games.DUPLICATE_WHIST, variant=0, seed=7, flash="host",
            verbose=False):
    """Run the session; returns the result dict (also what main() prints)."""
    if verbose:
        from sim.display import ConsoleDisplay

        display = ConsoleDisplay()
    else:
        display = TextDisplay()
    b = SB.simulated(display=display, flash=flash)
    world = make_tags(games.profile(game, variant).pack)
    gc.collect()
    sim_base = _mem()  # code + the simulated world (chip, tags): not the shoe's data
    a = A.App(b, game=game, variant=variant, poll_ms=0, display_ms=50)
    stats = Stats()

    def between(shoe):
        live = _mem()  # the app just collected: this is live data
        if live > stats.live_peak:
            stats.live_peak = live

    a.on_deal_end = between
    asyncio.run(a.main(extra=(dealer(a, deals, seed, stats, world),)))
    _remove(a, flash)
    return {"deals": stats.deals, "game": game, "variant": variant,
            "errors": len(stats.errors), "first_errors": stats.errors[:3],
            "records": a.journal.committed_seq, "reader_polls": a.polls,
            "noise": a.shoe.noise, "heap_code": BASE, "heap_sim_world": sim_base - BASE,
            "heap_live_peak": stats.live_peak - sim_base, "heap_peak": stats.peak - sim_base,
            "ring_high_water": a.uids.high_water, "ring_dropped": a.uids.dropped}


def _tag(c):
    """Card c of the club's deck (deck 1) as an int card tag, as session_sim deals it."""
    return card_tag_int(uid7(1, c))


async def _until_true(a, cond, stats, limit=100000):
    """Run the apps until cond() holds (_until waits on a shoe state only)."""
    n = 0
    while not cond():
        if not a.running:
            raise RuntimeError("session_sim: the app stopped: %r" % (a.error,))
        stats.sample()
        await A._sleep_ms(0)
        n += 1
        if n > limit:
            raise RuntimeError("session_sim: the shoe is stuck (state not reached)")


async def _pass(a, stats, tags):
    """The dealer's hand over the reader: cards one by one, until the shoe has them all."""
    d = ScriptedDealer(a.board.sim, tags, dwell=2, gap=1)
    await _until_true(a, lambda: d.done and len(a.uids) == 0, stats)
    a.board.sim.script = None


async def _overplay(t1, t2, boards, wrong, seed, stats):
    """Table 1 deals each board and writes its tray slip; table 2 reads the slip, has the
    trump turned (a wrong one on board `wrong`) and each hand passed, and is checked."""
    try:
        p = t1.profile
        for a in (t1, t2):  # both shoes know the club's deck (enrolled on each)
            a.command(A.CMD_ENROL, 1)
            await _until_true(a, lambda: a.shoe.state != IDLE, stats)
            await _pass(a, stats, [_tag(c) for c in p.pack])
        x = seed & 0x3FFFFFFF or 1
        order = list(p.pack)
        for b in range(1, boards + 1):
            tray = tray_tag(uid7(900, b))
            x = shuffle(order, x)
            t1.command(A.CMD_DEAL, b)
            await _until_true(t1, lambda: t1.shoe.state == DEALING, stats)
            await _pass(t1, stats, [_tag(c) for c in order[:p.deal_cards]])
            t1.command(A.CMD_END)
            await _until_true(t1, lambda: t1.shoe.state == AWAIT_TRAY, stats)
            t1.board.sim.enter(tray)
            await _until_true(t1, lambda: t1.shoe.state == IDLE, stats)
            t1.board.sim.leave(tray)
            # the board travels to table 2
            dealer = t1.shoe.dealer
            t2.command(A.CMD_CHECK, b)
            await _until_true(t2, lambda: t2.shoe.state != IDLE, stats)
            t2.board.sim.enter(tray)
            await _until_true(t2, lambda: t2.shoe.state != CHECK_SLIP, stats)
            t2.board.sim.leave(tray)
            trump = order[p.turn_up_index]
            turned = order[0] if b == wrong else trump
            await _pass(t2, stats, [_tag(turned)])
            for k in range(p.seats):
                seat = (dealer + 1 + k) % p.seats
                await _pass(t2, stats, [_tag(order[n]) for n in range(p.deal_cards)
                                        if p.seat_of(n, dealer) == seat])
                t2.command(A.CMD_NEXT_HAND)
                await _until_true(t2, lambda: len(t2.commands) == 0, stats)
            await _until_true(t2, lambda: t2.shoe.state == IDLE, stats)
            want = (F.TRUMP_DIFFERS_FROM_SLIP,) if b == wrong else ()
            sh = t2.shoe
            if sh.findings != want:
                stats.errors.append("board %d: check found %r, want %r" % (b, sh.findings, want))
            elif b == wrong:
                stats.rulings = sh.rulings
            stats.deals += 1
    except Exception as e:  # noqa: BLE001 - the session ends, and says why
        stats.errors.append("overplay stopped: %s: %s" % (e.__class__.__name__, e))
    t1.stop()
    t2.stop()


def overplay_session(boards=3, wrong=2, seed=11, flash="host"):
    """Two tables, no network: slips written at table 1 are checked at table 2."""
    t1 = A.App(SB.simulated(shoe_id=1, display=TextDisplay(), flash=flash), table=1,
               game=games.DUPLICATE_WHIST, poll_ms=0, display_ms=50)
    t2 = A.App(SB.simulated(shoe_id=2, display=TextDisplay(), flash=flash), table=2,
               game=games.DUPLICATE_WHIST, poll_ms=0, display_ms=50)
    stats = Stats()
    stats.rulings = ()
    ended = []  # boards whose check ended at table 2 (the app's between-hands hook: the
    t2.on_deal_end = lambda shoe: ended.append(shoe.board)  # terminal is offered them there)

    async def both():
        await asyncio.gather(t1.main(extra=(_overplay(t1, t2, boards, wrong, seed, stats),)),
                             t2.main())

    asyncio.run(both())
    checks = [records.decode(r) for s, r in t2.journal.records_from(1)
              if r[0] == records.CHECK]
    _remove(t1, flash)
    _remove(t2, flash)
    return {"boards": stats.deals, "errors": len(stats.errors),
            "first_errors": stats.errors[:3], "checks": len(checks),
            "slip_results": [c["slip"] for c in checks], "wrong_trump_rulings":
            list(stats.rulings), "laws_missing": t2.shoe.laws_missing,
            "checks_ended": [b for b in ended if b]}


def main(argv):
    """The command line (module docstring): parse the options, run, print the JSON line,
    return the exit status."""
    import json

    # options by their names without "--" (names the app interns anyway: the in-place
    # memory gate counts every name this module brings)
    opts = {"deals": 200, "game": 1, "variant": 0, "seed": 7, "overplay": 0}
    flash = "host"
    verbose = False
    i = 0
    while i < len(argv):
        name = argv[i][2:] if argv[i].startswith("-" + "-") else ""
        if name == "verbose":
            verbose = True
            i += 1
        elif name == "flash" and i + 1 < len(argv):
            flash = argv[i + 1]
            i += 2
        elif name in opts and i + 1 < len(argv):
            opts[name] = int(argv[i + 1])
            i += 2
        else:
            print("session_sim: unknown option %r: use --deals N --game 1..4 --variant V "
                  "--seed S --flash host|ram --verbose, or --overplay BOARDS" % argv[i])
            return 2
    if opts["overplay"]:
        r = overplay_session(opts["overplay"], 2, opts["seed"], flash)
        print(json.dumps(r))
        return 1 if r["errors"] or r["boards"] != opts["overplay"] else 0
    r = session(opts["deals"], opts["game"], opts["variant"], opts["seed"], flash, verbose)
    print(json.dumps(r))
    return 1 if r["errors"] or r["deals"] != opts["deals"] else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
