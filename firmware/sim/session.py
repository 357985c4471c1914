"""A whole session of the shoe app on simulated hardware: enrol a deck, deal N boards.

    MICROPYPATH=shared:firmware:.frozen micropython -X heapsize=512k firmware/session_sim.py \\
        --deals 200 --game 1 [--variant 0] [--seed 7] [--flash host|ram] [--verbose]
    ... firmware/session_sim.py --overplay 3     # two tables: slips from table 1 checked at 2
    python firmware/session_sim.py ...     # the same on CPython (firmware/ and shared/ on path)

The real app (app.py: reader, dealing, display and link tasks), the real MFRC522 driver on the
simulated chip, the real deck, tally, records, journal and tray code. A scripted dealer (one
more asyncio task) enrols a deck by dealing it sorted, then for each board shuffles the pack
(a list of int card tags, in place), passes the cards through the chip's field one by one
(drivers.sim_tags.ScriptedDealer, one restarted each deal), says the deal is over, and holds
the tray tag over the reader for the slip. Every DEAL record is read back from the journal
and its seats and trump compared with what was dealt. Nothing the dealing does not need is
loaded: the two-table run is in session_sim_more.py, the command line in session_sim_cli.py.

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
import shoe.board as B  # noqa: E402
from shoe.display import TextDisplay  # noqa: E402
import sim.mfrc522 as sim_mfrc522  # noqa: E402, F401 - the chip's code (board.simulated): code
from sim.tags import ScriptedDealer, card_tag_int, tray_tag, uid7  # noqa: E402
from overplay_core import games, handprint, records  # noqa: E402
from shoe.dealing import AWAIT_TRAY, DEALING, ENROLLING, IDLE  # noqa: E402
import shoe.screens as shoe_text  # noqa: E402, F401 - loaded on first use by the app: code, counted as code
import shoe.dealing as shoe_tray  # noqa: E402, F401

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
        B.remove_folder(a.board.root)


def session(deals=200, game=games.DUPLICATE_WHIST, variant=0, seed=7, flash="host",
            verbose=False):
    """Run the session; returns the result dict (also what main() prints)."""
    if verbose:
        from shoe.display import ConsoleDisplay

        display = ConsoleDisplay()
    else:
        display = TextDisplay()
    b = B.simulated(display=display, flash=flash)
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


def overplay_session(boards=3, wrong=2, seed=11, flash="host"):
    """Two tables, no network: slips written at table 1 are checked at table 2
    (session_sim_more.py: the 200-deal session does without its code)."""
    import sim.session as session_sim_more

    return session_sim_more.overplay_session(boards, wrong, seed, flash)


def main(argv):
    """The command line (module docstring); prints the result JSON, returns the exit status
    (session_sim_cli.py: the benchmark imports this module and calls session())."""
    import sim.session as session_sim_cli

    return session_sim_cli.main(argv, session, overplay_session)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
