"""One table of the `make demo` session: a simulated shoe deals (or checks) its boards.

    MICROPYPATH=shared:firmware:.frozen micropython firmware/demo_table.py --dir build/demo/shoe1 \\
        --trays build/demo/trays.json --tricks 1:7,2:8,3:6 [--wrong-trump 3] [--seed 11]

The shoe folder holds what `overplay enroll` and `overplay sync` left on the shoe's flash
(link.Settings: key.bin with the shoe's record key and the club's tray-slip key, session.bin
with the set-up and the session id) and its journal. The session set-up says which table
this is and which boards it plays. Table 1 deals the originals: each board shuffled, passed
card by card through the simulated MFRC522 (the real driver, app, shoe, tally, journal), and
the signed trump slip written to the board's tray tag. The tray tags travel to the next
tables in the --trays file (the tag memory, as hex). Every other table checks the overplay:
the tray is held over the reader, the dealer turns the trump, each hand is passed in turn.
--wrong-trump B: on board B the dealer turns a card other than the slip's trump.
--twice B: on board B (original deal) the 10th card passes over the reader twice.

The trick counts are what the players key in at the table after each board (--tricks
BOARD:NS_TRICKS,...). This build has no scoring terminal yet, so this script writes them as
signed SCORE records into the shoe's journal, as the terminal would. It also writes the
SESSION record at the start (the app does not yet). Last line: a JSON summary.
"""

import gc
import json
import sys
from binascii import hexlify, unhexlify

import app as A
import board as B
from display import TextDisplay
from drivers.sim_mfrc522 import ScriptedDealer, card_tag, tray_tag, uid7
from link import Settings
from overplay_core import games, handprint, records, session, trayslip
from shoe import AWAIT_TRAY, CHECK_HANDS, CHECK_SLIP, CHECK_TRUMP, DEALING, IDLE

FW = (0, 1, 0)
TRAY_DECK = 900  # the tray tags' UIDs: uid7(900, board)


class Lcg:
    """Deterministic shuffles, the same on both interpreters (numbers stay below 2^30)."""

    def __init__(self, seed):
        self.x = seed & 0x3FFFFFFF or 1

    def shuffle(self, items):
        for i in range(len(items) - 1, 0, -1):
            self.x = (self.x * 1103515245 + 12345) & 0x3FFFFFFF
            j = (self.x >> 8) % (i + 1)
            items[i], items[j] = items[j], items[i]


class Stats:
    def __init__(self):
        self.deals = 0
        self.errors = []


async def _until(cond, stats, limit=200000):
    """Let the app's tasks run until cond() holds (a stuck shoe ends the demo with a reason)."""
    n = 0
    while not cond():
        await A._sleep_ms(0)
        n += 1
        if n > limit:
            raise RuntimeError("demo_table: the shoe is stuck in state %d" % stats.state())


def make_tags(pack, deck_id=1):
    """An NTAG213 on each card of the pack (the simulated world)."""
    tags = {}
    for c in pack:
        tags[c] = card_tag(uid7(deck_id, c))
    return tags, None


def _append(a, buf, n):
    j = a.journal
    n = records.sign(buf, n, a.shoe.key, a.shoe.shoe_id)
    if j.append(buf, n) != 0:
        j.commit()
        j.append(buf, n)
    j.commit()


def write_session(a, setup):
    j = a.journal
    buf = bytearray(records.MAX_RECORD)
    n = records.encode_session(buf, j.next_seq, j.boot, 0, a.shoe.shoe_id, FW,
                               setup["setup_id"], setup["game"], setup["variant"],
                               setup["table"], setup["tables"], setup["first"], setup["last"],
                               setup["movement"])
    _append(a, buf, n)


def write_score(a, board_no, tricks_ns):
    """What the scoring terminal records when the players key in N-S's tricks (DW-18)."""
    j = a.journal
    buf = bytearray(records.MAX_RECORD)
    ew = 13 - tricks_ns
    n = records.encode_score(buf, j.next_seq, j.boot, 0, board_no, a.table, a.game,
                             tricks_ns, ew, tricks_ns, ew)
    _append(a, buf, n)


async def deal_original(a, board_no, rng, stats, tags, trays, log, twice=False):
    sim = a.board.sim
    sh = a.shoe
    p = a.profile
    order = list(p.pack)
    rng.shuffle(order)
    a.command(A.CMD_DEAL, board_no)
    await _until(lambda: sh.state == DEALING, stats)
    passes = [tags[c] for c in order[:p.deal_cards]]
    if twice:  # the 10th card slides back over the reader: recorded, counted once
        passes.insert(10, passes[9])
    d = ScriptedDealer(sim, passes, dwell=2, gap=1)
    await _until(lambda: d.done and len(a.uids) == 0, stats)
    sim.script = None
    a.command(A.CMD_END)
    await _until(lambda: sh.state == AWAIT_TRAY, stats)
    tray = tray_tag(uid7(TRAY_DECK, board_no))
    sim.enter(tray)
    await _until(lambda: sh.state == IDLE, stats)
    sim.leave(tray)
    trays[str(board_no)] = hexlify(tray.mem).decode()
    log.append("board %d dealt by %s, %d cards%s, slip written%s" % (
        board_no, games.SEAT_NAMES[sh.dealer], sh.tally.n,
        " (one card read twice: recorded, counted once)" if twice else "",
        "" if not sh.findings else ", findings %r" % (sh.findings,)))


async def check_overplay(a, board_no, stats, tags, trays, wrong, log):
    sim = a.board.sim
    sh = a.shoe
    p = a.profile
    tray = tray_tag(uid7(TRAY_DECK, board_no))
    mem = unhexlify(trays[str(board_no)])
    for i in range(len(mem)):
        tray.mem[i] = mem[i]
    # What the players hold: the hands as they come out of the tray's pockets (the slip).
    s = tray.user_bytes(trayslip.MAX_LEN)
    dealer = s[6]
    trump = -1 if s[7] == trayslip.NO_TRUMP else s[7]
    seats = handprint.unpack(s[trayslip.HEADER:trayslip.HEADER + s[8]], p.pack)
    a.command(A.CMD_CHECK, board_no)
    await _until(lambda: sh.state == CHECK_SLIP, stats)
    sim.enter(tray)
    await _until(lambda: sh.state in (CHECK_TRUMP, CHECK_HANDS, IDLE), stats)
    sim.leave(tray)
    turned = trump
    if sh.state == CHECK_TRUMP:
        if wrong:  # the dealer turns another card of his hand: the lowest one
            for c in p.pack:
                if seats[c] == dealer and c != trump:
                    turned = c
                    break
        d = ScriptedDealer(sim, [tags[turned]], dwell=2, gap=1)
        await _until(lambda: d.done and len(a.uids) == 0 and sh.state == CHECK_HANDS, stats)
        sim.script = None
    seat = p.eldest(dealer)
    for k in range(p.seats):
        if sh.state != CHECK_HANDS:
            break
        hand = [tags[c] for c in p.pack if seats[c] == seat]
        d = ScriptedDealer(sim, hand, dwell=2, gap=1)
        await _until(lambda: d.done and len(a.uids) == 0, stats)
        sim.script = None
        a.command(A.CMD_NEXT_HAND)
        await _until(lambda: sh.state != CHECK_HANDS or sh.hand != seat, stats)
        seat = (seat + 1) % p.seats
    await _until(lambda: sh.state == IDLE, stats)
    from overplay_core import findings as F
    what = ", ".join([F.name(c) for c in sh.findings]) or "matches the slip"
    log.append("board %d overplay checked: trump turned %s (slip %s): %s" % (
        board_no, _card(turned), _card(trump), what))


def _card(c):
    from overplay_core.cards import card_name
    return card_name(c) if c >= 0 else "none"


async def table_script(a, setup, opts, stats, log):
    sim = a.board.sim
    sh = a.shoe
    p = a.profile
    tags, _tray = make_tags(p.pack)
    write_session(a, setup)
    # Enrol the table's deck: deal it sorted over the reader once (ENROL_DECK mode).
    a.command(A.CMD_ENROL, 1)
    await _until(lambda: sh.state != IDLE, stats)
    d = ScriptedDealer(sim, [tags[c] for c in p.pack], dwell=2, gap=1)
    await _until(lambda: d.done and len(a.uids) == 0 and sh.state == IDLE, stats)
    sim.script = None
    log.append("deck 1 enrolled (%d cards)" % len(p.pack))
    trays = {}
    path = opts["--trays"]
    if setup["table"] != 1:
        with open(path) as f:
            trays = json.load(f)
    rng = Lcg(int(opts.get("--seed", "11")))
    wrong = int(opts.get("--wrong-trump", "0"))
    twice = int(opts.get("--twice", "0"))
    tricks = {}
    for item in opts.get("--tricks", "").split(","):
        if item:
            b, t = item.split(":")
            tricks[int(b)] = int(t)
    for board_no in range(setup["first"], setup["last"] + 1):
        if setup["table"] == 1:
            await deal_original(a, board_no, rng, stats, tags, trays, log, board_no == twice)
        else:
            await check_overplay(a, board_no, stats, tags, trays, board_no == wrong, log)
        if board_no in tricks:
            write_score(a, board_no, tricks[board_no])
            log.append("board %d played: N-S %d tricks, E-W %d (keyed in, SCORE recorded)" % (
                board_no, tricks[board_no], 13 - tricks[board_no]))
        stats.deals += 1
    if setup["table"] == 1:
        with open(path, "w") as f:
            json.dump(trays, f)
    a.stop()


def _args(argv):
    opts = {}
    i = 0
    while i + 1 < len(argv):
        opts[argv[i]] = argv[i + 1]
        i += 2
    if i < len(argv) or "--dir" not in opts or "--trays" not in opts:
        raise SystemExit("demo_table: use --dir SHOE_FOLDER --trays FILE [--tricks B:T,...] "
                         "[--wrong-trump B] [--twice B] [--seed S]")
    return opts


def main(argv):
    opts = _args(argv)
    folder = opts["--dir"]
    st = Settings(folder)
    if st.key is None or st.setup is None:
        print("demo_table: shoe in %s is not enrolled or has no session set-up: run "
              "`overplay enroll` and `overplay sync` first" % folder)
        return 2
    setup = session.decode(st.setup)
    # The app's tray signs and checks slips with the club's slip key and this session's id,
    # both from the shoe's flash (what `overplay enroll` and `overplay sync` wrote there).
    b = B.simulated(shoe_id=st.shoe_id, key=st.key, display=TextDisplay(), root=folder,
                    slip_key=st.slip_key, session_id=st.session_id)
    a = A.App(b, game=setup["game"], variant=setup["variant"], table=setup["table"],
              first_board=setup["first"], poll_ms=0, display_ms=50)
    stats = Stats()
    stats.state = lambda: a.shoe.state
    log = []
    import asyncio
    asyncio.run(a.main(extra=(table_script(a, setup, opts, stats, log),)))
    a.journal.commit()
    for line in log:
        print("  table %d: %s" % (setup["table"], line))
    gc.collect()
    print(json.dumps({"table": setup["table"], "shoe_id": st.shoe_id, "boards": stats.deals,
                      "records": a.journal.committed_seq, "errors": stats.errors}))
    return 1 if stats.errors else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
