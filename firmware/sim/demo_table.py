"""What a table does with the shoe, the real app driven as a table drives it: an original
deal (with the ODD irregularities), an overplay check, play and the score at the terminal, the
director at the menu. `overplay virtual-shoe` (firmware/sim/virtual_shoe.py, the shoes of
`make demo`) uses these; run alone, as below, it is one table of a single session:

    MICROPYPATH=shared:firmware:.frozen micropython firmware/sim/demo_table.py --dir build/demo/shoe1 \\
        --port /dev/pts/7 --trays build/demo/trays.json --tricks 1:7,2:8,3:6 \\
        [--wrong-trump 3] [--twice 5] [--director 2468] [--seed 11]

The shoe is app.App on a simulated board: the real MFRC522 driver over the simulated chip, the
real deck, tally, journal, tray, scoring terminal, and the sync link on the pty --port (the
club PC's `overplay enroll`, `overplay session new` and `overplay sync` talk to it there).
The folder --dir is its flash. What happens, in order:
  1. switched on, not enrolled: it prints `@link` and waits for the club PC, which enrols it
     and pushes the table's set-up (and the director's PIN) over the link; the app writes
     the SESSION record itself (App.session_record) when the set-up arrives;
  2. a deck is enrolled by dealing it sorted over the reader;
  3. each board of the set-up: table 1 deals it card by card (the signed trump slip goes to
     the board's tray tag; the tags travel to the next tables in the --trays file), any other
     table checks the overplay (tray held over the reader, the trump turned, each hand
     passed) -- at duplicate whist; at bridge whist, euchre and écarté every table deals its
     own hands (no overplay: overplays()); then the players press the terminal's buttons:
     DEAL (play begun: EVENT 12), DEAL (key in), NEXT/MODE and DEAL for each field of the
     game's score (play(): the tricks, and at the other games the declaration, makers and
     alone, proposal and king), DEAL, DEAL (signed SCORE record);
  4. --wrong-trump B: on board B the dealer turns a card other than the slip's trump; the
     shoe flags it, the table plays on anyway; after play the director is called, the board
     is checked again (now found after play began), and --director PIN: the director opens
     the menu with NEXT+MODE, mistypes the PIN once (journaled), enters it, and awards the
     table the average on board B from the menu;
  5. it prints `@sync` and runs until the club PC has synced it, then stops.
--twice B: on board B (original deal) the 10th card passes over the reader twice.
Lines for the demo's story start with two spaces; the last line is a JSON summary.
"""

import json
import sys
from binascii import hexlify, unhexlify

import shoe.app as A
import shoe.screens as screens
from shoe.display import SUIT_MARKS, TextDisplay
from sim.tags import ScriptedDealer, card_tag, tray_tag, uid7
from overplay_core import findings as F
from overplay_core import games, handprint, trayslip
from overplay_core.cards import card_name
from overplay_core.compat import ticks_diff, ticks_ms
from shoe.states import AWAIT_TRAY, CHECK_HANDS, CHECK_SLIP, CHECK_TRUMP, DEALING, IDLE
import shoe.states as ST
import sim.board as SB

TRAY_DECK = 900  # the tray tags' UIDs: uid7(900, board)
BITS = {"deal": 1, "next": 2, "mode": 4}  # as App.buttons() reads them


class Lcg:
    """Deterministic shuffles, the same on both interpreters (numbers stay below 2^30)."""

    def __init__(self, seed):
        self.x = seed & 0x3FFFFFFF or 1

    def below(self, n):
        """A number 0..n-1."""
        self.x = (self.x * 1103515245 + 12345) & 0x3FFFFFFF
        return (self.x >> 8) % n

    def shuffle(self, items):
        for i in range(len(items) - 1, 0, -1):
            self.x = (self.x * 1103515245 + 12345) & 0x3FFFFFFF
            j = (self.x >> 8) % (i + 1)
            items[i], items[j] = items[j], items[i]


class Button:
    """A push button with a pull-up: value() 0 while pressed."""

    def __init__(self):
        self.v = 1

    def value(self):
        return self.v


def say(table, text):
    print("  table %d: %s" % (table, text))


STUCK_MS = 30000  # a step the table waits on that takes longer than this: the shoe is stuck


async def _until(a, cond, limit_ms=STUCK_MS):
    """Let the app's tasks run until cond() holds (a stuck shoe ends the demo with a reason).
    limit_ms=None: wait as long as it takes (the club PC's turn)."""
    t0 = ticks_ms()
    while not cond():
        if not a.running:
            raise RuntimeError("the app stopped: %r" % (a.error,))
        await A._sleep_ms(0 if limit_ms else 5)
        if limit_ms and ticks_diff(ticks_ms(), t0) > limit_ms:
            raise RuntimeError("the shoe is stuck in state %d" % a.shoe.state)


async def press(a, *names):
    """Press the buttons (together) and let go, each time once the app has seen it."""
    bits = 0
    for n in names:
        a.board.buttons[n].v = 0
        bits |= BITS[n]
    await _until(a, lambda: a._pressed & bits == bits)
    for n in names:
        a.board.buttons[n].v = 1
    await _until(a, lambda: a._pressed & bits == 0)


async def _pass(a, tags):
    """Cards over the reader one by one, until the shoe has them all."""
    d = ScriptedDealer(a.board.sim, tags, dwell=2, gap=1)
    await _until(a, lambda: d.done and len(a.uids) == 0)
    a.board.sim.script = None


def _card(c):
    return card_name(c) if c >= 0 else "none"


def _said(t, k):
    """Field k as the terminal shows it, in plain text (a suit's glyph mark left out)."""
    if k == len(t._fields()) - 1:
        return "%d" % t.vals[k]
    import shoe.entry as E

    v = E.field_word(t.profile.game, k, t.vals[k])
    return v[2:] if v[0] in SUIT_MARKS else v


def overplays(profile):
    """True for the one game whose later tables play the boards dealt at another (duplicate
    whist: the overplay, checked against the tray slip); at bridge whist, euchre and écarté
    every table deals its own hands (the shoe refuses an overplay check: start_check)."""
    return profile.game == games.DUPLICATE_WHIST


FOREIGN_DECK = 77  # a card of no enrolled deck (a foreign card): uid7(77, card)
# What can go wrong in an original deal (deal_original's `odd`), as the table would say it:
ODD = {"twice": "the 10th card passes over the reader twice (recorded, counted once)",
       "foreign": "a card of no enrolled deck is dealt in place of the 6th (foreign card)",
       "exposed": "a card shows over the reader before the deal began (card exposed)",
       "short": "the last card stays in the shoe (a card short)"}


async def deal_original(a, board_no, rng, tags, trays, odd=()):
    """Deal board_no from a shuffled pack (rng), the slip onto its tray (trays: board ->
    the tray tag's memory, hex). odd: names from ODD, what goes wrong in this deal."""
    sim = a.board.sim
    sh = a.shoe
    p = a.profile
    order = list(p.pack)
    rng.shuffle(order)
    if "exposed" in odd:  # before the deal begins: EVENT card_exposed, dealt as usual after
        await _pass(a, [tags[order[-1]]])
    a.command(A.CMD_DEAL, board_no)
    await _until(a, lambda: sh.state == DEALING)
    passes = [tags[c] for c in order[:p.deal_cards]]
    if "foreign" in odd:
        passes[5] = card_tag(uid7(FOREIGN_DECK, order[5]))
    if "short" in odd:
        passes.pop()
    if "twice" in odd:  # the 10th card slides back over the reader: recorded, counted once
        passes.insert(10, passes[9])
    await _pass(a, passes)
    a.command(A.CMD_END)
    await _until(a, lambda: sh.state == AWAIT_TRAY)
    tray = tray_tag(uid7(TRAY_DECK, board_no))
    sim.enter(tray)
    await _until(a, lambda: sh.state == IDLE)
    sim.leave(tray)
    trays[str(board_no)] = hexlify(tray.mem).decode()
    say(a.table, "board %d dealt by %s, %d cards%s, slip written to the tray%s" % (
        board_no, games.SEAT_NAMES[sh.dealer], sh.tally.n,
        "".join(["; " + ODD[k] for k in ODD if k in odd]),
        "" if not sh.findings else ", findings %r" % (sh.findings,)))


async def check_overplay(a, board_no, tags, trays, wrong, again=False):
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
    await _until(a, lambda: sh.state == CHECK_SLIP)
    sim.enter(tray)
    await _until(a, lambda: sh.state in (CHECK_TRUMP, CHECK_HANDS, IDLE))
    sim.leave(tray)
    turned = trump
    if sh.state == CHECK_TRUMP:
        if wrong:  # the dealer turns another card of his hand: the lowest one
            for c in p.pack:
                if seats[c] == dealer and c != trump:
                    turned = c
                    break
        await _pass(a, [tags[turned]])
        await _until(a, lambda: sh.state == CHECK_HANDS)
    seat = p.eldest(dealer)
    for k in range(p.seats):
        if sh.state != CHECK_HANDS:
            break
        await _pass(a, [tags[c] for c in p.pack if seats[c] == seat])
        a.command(A.CMD_NEXT_HAND)
        await _until(a, lambda: sh.state != CHECK_HANDS or sh.check.hand != seat)
        seat = (seat + 1) % p.seats
    await _until(a, lambda: sh.state == IDLE)
    what = ", ".join([F.name(c) for c in sh.findings]) or "matches the slip"
    if again:
        say(a.table, "board %d: after play the director has the board checked again: trump "
            "turned %s (slip %s): %s, now found after play began" % (
                board_no, _card(turned), _card(trump), what))
        return
    say(a.table, "board %d overplay checked: trump turned %s (slip %s): %s%s%s" % (
        board_no, _card(turned), _card(trump), what,
        "; the shoe rules %s" % ", ".join(sh.rulings) if sh.rulings else "",
        " (turn the slip's trump)" if F.TRUMP_DIFFERS_FROM_SLIP in sh.findings else ""))


async def play(a, board_no, tricks, anyway=False, score=None):
    """The players at the terminal: play begins, then the score is keyed in with the buttons,
    field by field (Terminal._fields): `tricks` in the last field (N-S tricks at duplicate
    whist, the declarer's at bridge whist, the makers' at euchre, P0's at écarté; kept within
    the field's range), the game's other fields from `score`, a dict by the SCORE record's
    names (records.SCORE_FIELDS: {"makers": 1, "alone": 1}, {"proposal": 1, "king": 0},
    {"declarer": 3, "strain": 4, "doubles": 1}); a field it does not name keeps the value the
    terminal starts it at (bridge whist: the dealer declares, clubs, not doubled; euchre: N-S
    made it, not alone; écarté: proposal accepted, nobody marked the king)."""
    t = a.terminal
    await _until(a, lambda: t.state == ST.T_READY and t.board == board_no)
    await press(a, "deal")  # READY -> play begun (EVENT 12)
    if t.state != ST.T_PLAYING:
        raise RuntimeError("board %d: play did not begin (%s)" % (board_no, t.message))
    await press(a, "deal")  # PLAYING -> key in the score, field by field
    fields = t._fields()  # (label, lo, hi, key) of each field of this game's score
    keyed = []
    while t.state == ST.T_ENTRY:
        k = t.field
        lo, hi, key = fields[k][1], fields[k][2], fields[k][3]
        if k == len(fields) - 1:
            want = tricks
        else:
            want = t.vals[k] if not score or key not in score else score[key]
        want = lo if want < lo else (hi if want > hi else want)
        while t.vals[k] != want:  # NEXT +1, MODE -1
            await press(a, "next" if want > t.vals[k] else "mode")
        await press(a, "deal")  # this field done: the next, or the confirm screen
        if t.state == ST.T_ENTRY and t.field == k:  # refused (e.g. BR-9): said on the screen
            raise RuntimeError("board %d: %s %d refused (%s)" % (board_no, fields[k][0], want,
                                                                 t.message))
        keyed.append("%s %s" % (fields[k][0], _said(t, k)))
    scored = t.scored
    await press(a, "deal")  # the confirm screen: to the other side (ACCEPT)
    await press(a, "deal")  # the other side accepts (EVENT score_checked): signed SCORE
    if t.scored != scored + 1:
        raise RuntimeError("board %d: no score recorded (%s)" % (board_no, t.message))
    say(a.table, "board %d: play begun%s (DEAL on the terminal: EVENT play_begun); %s "
        "keyed in with the buttons: SCORE recorded" % (
            board_no, " anyway, with the wrong trump" if anyway else "", ", ".join(keyed)))


async def enter_pin(a, digits):
    """The PIN screen: NEXT counts the digit up, MODE moves to the next digit, DEAL enters."""
    t = a.terminal
    for i in range(len(digits)):
        for _ in range(int(digits[i])):
            await press(a, "next")
        if i + 1 < len(digits):
            await press(a, "mode")
        else:
            await press(a, "deal")
    return t.message


async def director(a, board_no, digits):
    """The director at the table: NEXT+MODE, the PIN (wrong once), average the board."""
    await press(a, "next", "mode")
    t = a.terminal  # NEXT+MODE made it, if no deal had
    if t.state != ST.T_PIN:
        raise RuntimeError("the director's PIN screen did not open (%s)" % t.message)
    wrong = digits[:-1] + "%d" % ((int(digits[-1]) + 1) % 10)
    msg = await enter_pin(a, wrong)
    say(a.table, "the director opens the menu (NEXT+MODE), mistypes the PIN: \"%s\" "
        "(journaled)" % msg)
    await press(a, "next", "mode")
    await enter_pin(a, digits)
    if t.state != ST.T_MENU:
        raise RuntimeError("the right PIN did not open the menu (%s)" % t.message)
    say(a.table, "the PIN sent by the club PC opens the director's menu")
    while screens.MENU[t.item] != "average board":
        await press(a, "next")
    await press(a, "deal")  # which board: the board just played
    while t.number != board_no:
        await press(a, "next" if t.number < board_no else "mode")
    await press(a, "deal")
    say(a.table, "menu: average board %d -> \"%s\" (EVENT director_action)" % (board_no,
                                                                             t.message))
    await press(a, "mode")  # leave the menu (the PIN is needed again)


def _watch_session(a):
    """What the app journals as SESSION records, for the story (App.session_record wrapped:
    the record itself may be synced and reclaimed before the story is told)."""
    seen = []
    write = a.session_record

    def session_record(setup):
        seq = a.journal.next_seq
        write(setup)
        seen.append((seq, setup))

    a.session_record = session_record
    return seen


def _session_line(seen, session_id):
    if not seen:
        raise RuntimeError("the app wrote no SESSION record for the set-up")
    seq, d = seen[-1]
    return ("set-up %d (session %d) came over the link; the app wrote the SESSION record "
            "(seq %d: table %d of %d, boards %d-%d)" % (d["setup_id"], session_id, seq,
                                                       d["table"], d["tables"], d["first"],
                                                       d["last"]))


async def table_script(a, opts, summary):
    try:
        await _script(a, opts, summary)
    except Exception as e:  # noqa: BLE001 - the demo ends, and says why
        summary["errors"].append("%s: %s" % (e.__class__.__name__, e))
        print("demo_table: %s: %s" % (e.__class__.__name__, e))
    a.stop()


async def _script(a, opts, summary):
    st = a.settings
    seen = _watch_session(a)
    print("@link")  # the club PC may enrol the shoe and push the set-up now
    await _until(a, lambda: st.setup is not None and st.key is not None and a.link is None,
                 limit_ms=None)
    table = a.table
    say(table, "enrolled as shoe %d; %s" % (st.shoe_id, _session_line(seen, st.session_id)))
    if st.pin is not None:
        say(table, "the director's PIN came over the link too (salted hash, pin.bin)")
    p = a.profile
    tags = {}
    for c in p.pack:
        tags[c] = card_tag(uid7(1, c))
    a.command(A.CMD_ENROL, 1)  # the table's deck: dealt sorted over the reader once
    await _until(a, lambda: a.shoe.state != IDLE)
    await _pass(a, [tags[c] for c in p.pack])
    await _until(a, lambda: a.shoe.state == IDLE)
    say(table, "deck 1 enrolled (%d cards dealt sorted over the reader)" % len(p.pack))
    path = opts["--trays"]
    trays = {}
    if table != 1 and overplays(p):
        with open(path) as f:
            trays = json.load(f)
    rng = Lcg(int(opts.get("--seed", "11")))
    wrong = int(opts.get("--wrong-trump", "0"))
    twice = int(opts.get("--twice", "0"))
    tricks = {}
    for item in opts.get("--tricks", "").split(","):
        if item:
            b, n = item.split(":")
            tricks[int(b)] = int(n)
    from overplay_core import session

    setup = session.decode(st.setup)
    deals = table == 1 or not overplays(p)  # only duplicate whist checks another's deal
    for board_no in range(setup["first"], setup["last"] + 1):
        if deals:
            await deal_original(a, board_no, rng, tags, trays,
                                (("twice",) if board_no == twice else ()))
        else:
            await check_overplay(a, board_no, tags, trays, board_no == wrong)
        await play(a, board_no, tricks.get(board_no, 7), board_no == wrong)
        if board_no == wrong:
            await check_overplay(a, board_no, tags, trays, True, again=True)
            if "--director" in opts:
                await director(a, board_no, opts["--director"])
        summary["boards"] += 1
    if table == 1 and overplays(p):
        with open(path, "w") as f:
            json.dump(trays, f)
    a.journal.commit()
    synced = a.syncs
    print("@sync")  # the club PC may sync the shoe now
    await _until(a, lambda: a.syncs > synced and a.link is None, limit_ms=None)


def options(argv):
    """`--name value` pairs as a dict; None when a name has no value."""
    opts = {}
    i = 0
    while i + 1 < len(argv):
        opts[argv[i]] = argv[i + 1]
        i += 2
    return None if i < len(argv) else opts


def _args(argv):
    opts = options(argv)
    if opts is None or "--dir" not in opts or "--trays" not in opts or "--port" not in opts:
        raise SystemExit("demo_table: use --dir SHOE_FOLDER --port PTY --trays FILE "
                         "[--tricks B:T,...] [--wrong-trump B] [--twice B] [--director PIN] "
                         "[--seed S]")
    return opts


def main(argv):
    import asyncio

    opts = _args(argv)
    folder = opts["--dir"]
    # Switched on for the first time: no key yet (the club PC enrols it over the link).
    b = SB.simulated(shoe_id=0, key=None, display=TextDisplay(), root=folder)
    b.buttons = {"deal": Button(), "next": Button(), "mode": Button()}
    f = open(opts["--port"], "r+b")
    b.stream_in = b.stream_out = f  # the USB serial line to the club PC
    a = A.App(b, poll_ms=0, display_ms=50)
    summary = {"boards": 0, "errors": []}
    asyncio.run(a.main(extra=(table_script(a, opts, summary),)))
    a.journal.commit()
    summary.update({"table": a.table, "shoe_id": a.shoe.shoe_id,
                    "records": a.journal.committed_seq})
    print(json.dumps(summary))
    return 1 if summary["errors"] else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
