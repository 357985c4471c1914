"""session_sim's two-table run (overplay_session): table 1 deals and writes tray slips,
table 2 checks them. Kept apart so the one-table 200-deal session, whose heap is the memory
benchmark, does not load this code.

    import sim.session as session_sim
    r = session_sim.overplay_session(boards=3, wrong=2)   # imports this module
"""

import asyncio

import shoe.app as A
import shoe.board as B
from shoe.display import TextDisplay
from sim.tags import ScriptedDealer, card_tag_int, tray_tag, uid7
from overplay_core import games, records
from overplay_core import findings as F
from sim.session import Stats, _remove, shuffle
from shoe.dealing import AWAIT_TRAY, CHECK_SLIP, DEALING, IDLE


def _tag(c):
    """Card c of the club's deck (deck 1) as an int card tag, as session_sim deals it."""
    return card_tag_int(uid7(1, c))


async def _until(a, cond, stats, limit=100000):
    """Run the apps until cond() holds (session_sim._until waits on a shoe state only)."""
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
    await _until(a, lambda: d.done and len(a.uids) == 0, stats)
    a.board.sim.script = None


async def _overplay(t1, t2, boards, wrong, seed, stats):
    """Table 1 deals each board and writes its tray slip; table 2 reads the slip, has the
    trump turned (a wrong one on board `wrong`) and each hand passed, and is checked."""
    try:
        p = t1.profile
        for a in (t1, t2):  # both shoes know the club's deck (enrolled on each)
            a.command(A.CMD_ENROL, 1)
            await _until(a, lambda: a.shoe.state != IDLE, stats)
            await _pass(a, stats, [_tag(c) for c in p.pack])
        x = seed & 0x3FFFFFFF or 1
        order = list(p.pack)
        for b in range(1, boards + 1):
            tray = tray_tag(uid7(900, b))
            x = shuffle(order, x)
            t1.command(A.CMD_DEAL, b)
            await _until(t1, lambda: t1.shoe.state == DEALING, stats)
            await _pass(t1, stats, [_tag(c) for c in order[:p.deal_cards]])
            t1.command(A.CMD_END)
            await _until(t1, lambda: t1.shoe.state == AWAIT_TRAY, stats)
            t1.board.sim.enter(tray)
            await _until(t1, lambda: t1.shoe.state == IDLE, stats)
            t1.board.sim.leave(tray)
            # the board travels to table 2
            dealer = t1.shoe.dealer
            t2.command(A.CMD_CHECK, b)
            await _until(t2, lambda: t2.shoe.state != IDLE, stats)
            t2.board.sim.enter(tray)
            await _until(t2, lambda: t2.shoe.state != CHECK_SLIP, stats)
            t2.board.sim.leave(tray)
            trump = order[p.turn_up_index]
            turned = order[0] if b == wrong else trump
            await _pass(t2, stats, [_tag(turned)])
            for k in range(p.seats):
                seat = (dealer + 1 + k) % p.seats
                await _pass(t2, stats, [_tag(order[n]) for n in range(p.deal_cards)
                                        if p.seat_of(n, dealer) == seat])
                t2.command(A.CMD_NEXT_HAND)
                await _until(t2, lambda: len(t2.commands) == 0, stats)
            await _until(t2, lambda: t2.shoe.state == IDLE, stats)
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
    t1 = A.App(B.simulated(shoe_id=1, display=TextDisplay(), flash=flash), table=1,
               game=games.DUPLICATE_WHIST, poll_ms=0, display_ms=50)
    t2 = A.App(B.simulated(shoe_id=2, display=TextDisplay(), flash=flash), table=2,
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
