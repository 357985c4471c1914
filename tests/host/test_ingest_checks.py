"""Semantic checks on ingest (host/overplay/ingest_checks.py): a record signed with the shoe's
real key whose content cannot happen is quarantined with its reason and nothing of it merged;
every record the real firmware writes is merged.

The firmware's own records: the whole app on the simulated reader (firmware/sim/session.py)
for each game, two tables with a tray slip and an overplay check, the real Shoe and Tally on
random card sequences (hypothesis, shoe_fakes.py stand-ins for reader and deck), and the
scoring terminal's SCORE for every entry it accepts. (tests/e2e/test_demo.py runs the whole
club session under MicroPython, set-ups, scores and director actions included, and asserts an
empty quarantine.)
"""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from shoe_fakes import SID, DictTray, make, uid_of
from shoe_fakes import KEY as FAKE_KEY
from signed_shoe import PACK, Shoe, seats_of, trump_of

from overplay import ingest_checks, store
from overplay_core import findings as F
from overplay_core import games, handprint, records, ruling_ids
import shoe.states as ST

SHOE = 5
# (first board, last board, tables, game, variant) of the SESSION in force
TABLES_IN_SESSION = [(1, 24, 3, games.DUPLICATE_WHIST, 0)]


def whole(board, bits=0):
    """The handprint of signed_shoe's deal of `board` (card c in seat (c + board) % 4)."""
    out = bytearray(handprint.MAX_BYTES)
    return bytes(out[:handprint.pack(seats_of(board), PACK, out, bits)])


def moved(board, n, to):
    """signed_shoe's deal of `board` with n more cards of the dealer's hand in seat `to`."""
    seats = seats_of(board)
    for c in [c for c in PACK if seats[c] == (board - 1) % 4][:n]:
        seats[c] = to
    out = bytearray(handprint.MAX_BYTES)
    return bytes(out[:handprint.pack(seats, PACK, out)])


def deal(board=3, table=1, game=1, variant=0, dealer=None, mode=records.MODE_ORIGINAL,
         trump=None, flags=records.FLAG_COMPLETE, found=(), hp=None):
    """A DEAL as signed_shoe's shoe deals `board`, with any field replaced."""
    hp = whole(board) if hp is None else hp
    return (records.encode_deal, board, table, game, variant,
            (board - 1) % 4 if dealer is None else dealer, mode,
            trump_of(board) if trump is None else trump, flags, found, len(found), hp, len(hp))


def overplay(**kw):
    kw.setdefault("flags", records.FLAG_SLIP_WRITTEN | records.FLAG_HANDS_CHECKED |
                  (0 if kw.get("found") else records.FLAG_COMPLETE))
    return deal(mode=records.MODE_OVERPLAY, **kw)


def score(board=3, table=1, game=1, ns=8, ew=5, fields=(-1,) * 7):
    """A SCORE; fields: records.SCORE_FIELDS in order (makers, alone, proposal, king,
    declarer, strain, doubles)."""
    return (records.encode_score, board, table, game, ns, ew, ns, ew) + tuple(fields)


def euchre(makers, alone, ns, ew, **kw):
    return score(game=games.EUCHRE, ns=ns, ew=ew, fields=(makers, alone, -1, -1, -1, -1, -1),
                 **kw)


def ecarte(proposal, king, ns, ew):
    return score(game=games.ECARTE, ns=ns, ew=ew, fields=(-1, -1, proposal, king, -1, -1, -1))


def bridge(declarer, strain, doubles, ns, ew):
    return score(game=games.BRIDGE_WHIST, ns=ns, ew=ew,
                 fields=(-1, -1, -1, -1, declarer, strain, doubles))


def check(board=3, table=1, slip=records.SLIP_OK, found=(), rulings=()):
    return (records.encode_check, board, table, slip, found, len(found), rulings, len(rulings))


def event(code, board=3, a=0, b=0, data=b""):
    return (records.encode_event, code, board, a, b, data, len(data))


def session(shoe_id=SHOE, game=1, variant=0, table=1, tables=3, first=1, last=24, movement=1):
    return (records.encode_session, shoe_id, (1, 2, 3), 7, game, variant, table, tables, first,
            last, movement)


def signed(shoe, spec, boot=1, ticks=None):
    """One record signed with the shoe's key, as the shoe's journal would hold it next."""
    seq = len(shoe.recs) + 1
    n = spec[0](shoe.buf, seq, boot, 100 * seq if ticks is None else ticks, *spec[1:])
    n = records.sign(shoe.buf, n, shoe.key, shoe.shoe_id, 0)  # journal 0: commit_batch's default
    shoe.recs.append((seq, bytes(shoe.buf[:n])))


def fresh(tmp_path):
    st_ = store.Store(str(tmp_path / "club.sqlite"))
    sh = Shoe(SHOE)
    st_.enroll(SHOE, sh.key)
    st_.open_journal(SHOE, 0, 1)  # journal 0 from seq 1, as a proven INFO opens it
    return st_, sh


def rows(st_):
    return {t: st_.db.execute("SELECT COUNT(*) FROM %s" % t).fetchone()[0]
            for t in ("records", "deals", "results", "events", "checks", "shoe_sessions")}


IMPOSSIBLE = [
    # the board, the table, the game
    (deal(board=0), "DEAL board 0: outside the set-up's boards 1-24"),
    (deal(board=25), "DEAL board 25: outside the set-up's boards 1-24"),
    (deal(table=0), "DEAL board 3: table 0; tables are numbered from 1"),
    (deal(table=4), "DEAL board 3: table 4, the set-up engages 3 tables"),
    (deal(game=77), "DEAL board 3: game 77 unknown (1 duplicate whist, 2 bridge whist, "
                    "3 euchre, 4 écarté)"),
    (deal(variant=games.V_PACK_24), "DEAL board 3: variant 0x4 unknown for duplicate whist: "
                                    "variant 'pack_24' does not apply to duplicate whist"),
    (deal(dealer=9), "DEAL board 3: dealer seat 9; duplicate whist has seats 0-3"),
    # flags against the findings and the mode
    (deal(found=(F.EXTRA_CARD,)), "DEAL board 3: marked complete, yet with findings"),
    (deal(flags=0), "DEAL board 3: no finding, yet not marked complete"),
    (deal(flags=records.FLAG_COMPLETE | 0x40),
     "DEAL board 3: flags 0x41; the shoe writes only 0x0f"),
    (deal(flags=records.FLAG_COMPLETE | records.FLAG_ABANDONED),
     "DEAL board 3: marked both complete and abandoned"),
    (deal(flags=records.FLAG_COMPLETE | records.FLAG_HANDS_CHECKED),
     "DEAL board 3: hands checked is an overplay's flag, in an original deal"),
    (overplay(flags=records.FLAG_COMPLETE),
     "DEAL board 3: an overplay DEAL is written after every hand was passed, and is not "
     "marked so"),
    # finding codes
    (deal(flags=0, found=(-77,)), "DEAL board 3: finding code -77 unknown"),
    (deal(flags=0, found=(F.EXTRA_CARD, F.EXTRA_CARD)), "DEAL board 3: finding extra_card twice"),
    (deal(flags=0, found=(F.CARD_MOVED,)),
     "DEAL board 3: finding card_moved cannot arise in an original deal"),
    (deal(flags=0, found=(F.SLIP_DIFFERS_FROM_DEAL,)),
     "DEAL board 3: finding slip_differs_from_deal cannot arise in an original deal"),
    # the hands against the deal pattern
    (deal(hp=bytes(13)), "DEAL board 3: seat N holds 52 cards; the deal pattern gives a hand 13"),
    (deal(hp=whole(4)[:12]), "DEAL board 3: handprint of 12 bytes; the 52-card pack takes 13 "
                             "or 20"),
    (deal(hp=whole(3, bits=3)[:-1] + b"\xf0"),
     "DEAL board 3: handprint with nonzero bits after its last card"),
    (deal(hp=whole(3, bits=3)), "DEAL board 3: a 3-bit handprint with every card in a hand "
                                "(the shoe writes 2 bits a card then)"),
    (overplay(hp=moved(3, 2, 1)),  # two of the dealer's (S) cards found in E's hand
     "DEAL board 3: seat E holds 15 cards, a hand is 13, and no seat_over finding"),
    (overplay(hp=moved(3, 2, 1), found=(F.SEAT_OVER,)),
     "DEAL board 3: seat S holds 11 cards, a hand is 13, and no finding says one is short, "
     "doubled or foreign"),
    # the trump card
    (deal(trump=50), "DEAL board 3: trump card KS in seat E; the turned card stays with the "
                     "dealer (seat S)"),
    (deal(trump=60), "DEAL board 3: trump card 60 is no card"),
    (deal(trump=records.NO_TRUMP_CARD),
     "DEAL board 3: no trump card, yet duplicate whist turns one and the deal is clean"),
    (deal(game=games.BRIDGE_WHIST),
     "DEAL board 3: trump card AS turned, but bridge whist declares trump"),
    (deal(game=games.EUCHRE, variant=games.V_PACK_24, hp=bytes(6)),
     "DEAL board 3: seat N holds 24 cards; the deal pattern gives a hand 5"),
    # SCORE: the tricks of one deal
    (score(ns=200, ew=0), "SCORE board 3: 200 + 0 tricks; a deal of duplicate whist has 13"),
    (score(ns=8, ew=7), "SCORE board 3: 8 + 7 tricks; a deal of duplicate whist has 13"),
    (score(game=games.EUCHRE, ns=6, ew=0), "SCORE board 3: 6 + 0 tricks; a deal of euchre has 5"),
    (score(game=77), "SCORE board 3: game 77 unknown (1 duplicate whist, 2 bridge whist, "
                     "3 euchre, 4 écarté)"),
    (score(board=30), "SCORE board 30: outside the set-up's boards 1-24"),
    # SCORE: each game's own fields (issue #16): its range, another game's, all or none
    (euchre(2, 0, 3, 2), "SCORE board 3: makers 2; euchre takes 0-1"),
    (euchre(0, 3, 3, 2), "SCORE board 3: alone 3; euchre takes 0-1"),
    (euchre(1, 0, 3, 1), "SCORE board 3: makers E-W took 1, their adversaries 3; a hand of "
                         "euchre is 5 tricks"),
    (euchre(0, -1, 3, 2), "SCORE board 3: makers without alone; the terminal keys them "
                          "together"),
    (score(game=games.EUCHRE, ns=3, ew=2, fields=(0, 0, 0, -1, -1, -1, -1)),
     "SCORE board 3: proposal 0; euchre has no proposal"),
    (ecarte(3, -1, 3, 2), "SCORE board 3: proposal 3; écarté takes 0-2"),
    (ecarte(0, 2, 3, 2), "SCORE board 3: king 2; écarté takes 0-1"),
    (ecarte(-1, 1, 3, 2), "SCORE board 3: king without proposal; the terminal keys them "
                          "together"),
    (ecarte(0, 1, 2, 2), "SCORE board 3: 2 + 2 tricks; a hand of écarté played out has 5"),
    (score(game=games.ECARTE, ns=3, ew=2, fields=(1, 0, 0, -1, -1, -1, -1)),
     "SCORE board 3: makers 1; écarté has no makers"),
    (bridge(4, 0, 0, 7, 6), "SCORE board 3: declarer 4; bridge whist takes 0-3"),
    (bridge(0, 5, 0, 7, 6), "SCORE board 3: strain 5; bridge whist takes 0-4"),
    (bridge(0, 4, 11, 7, 6), "SCORE board 3: doubles 11; bridge whist takes 0-10"),
    (bridge(0, 4, 0, 7, 5), "SCORE board 3: 7 + 5 tricks; a hand of bridge whist played out "
                            "has 13"),
    (bridge(0, -1, 0, 7, 6), "SCORE board 3: declarer, doubles without strain; the terminal "
                             "keys them together"),
    (score(fields=(-1, -1, -1, -1, 0, 0, 0)),
     "SCORE board 3: declarer 0; duplicate whist has no declarer"),
    # CHECK: the slip's result, findings and rulings
    (check(slip=records.SLIP_MISMATCH, found=(-77,)), "CHECK board 3: finding code -77 unknown"),
    (check(found=(F.CARD_MOVED,)), "CHECK board 3: the slip matches, yet with findings"),
    (check(slip=records.SLIP_MISMATCH), "CHECK board 3: a mismatch with the slip, but no "
                                        "finding"),
    (check(rulings=(9999,)), "CHECK board 3: ruling id 9999 unknown"),
    (check(board=0), "CHECK board 0: outside the set-up's boards 1-24"),
    # EVENT: codes and arguments
    (event(99), "EVENT code 99 unknown (1-16)"),
    (event(records.EV_DIRECTOR, a=9), "EVENT director_action: a=9 b=0; the shoe writes a in "
                                      "1-7, b in 0-3"),
    (event(records.EV_TASK_FAULT, a=1, b=0), "EVENT task_fault: a=1 b=0; the shoe writes a in "
                                             "1-4, b in 1-3"),
    (event(records.EV_CARD_EXPOSED, a=60), "EVENT card_exposed: a=60 b=0; the shoe writes a in "
                                           "0-52, b in 0"),
    (event(records.EV_UNKNOWN_TAG, data=bytes(20)),
     "EVENT unknown_tag: 20 bytes of data; at most 16"),
    # any record: the header
    (deal(), "DEAL board 3: ticks 0x40000000 beyond the shoe's 30-bit clock", 1, 1 << 30),
]


def _game_of(spec):
    """(shoe, game, variant) of the set-up a DEAL spec is dealt under: its own game when the
    shoe deals it (the set-up in force says the game), else duplicate whist."""
    if spec[0] is not records.encode_deal:
        return SHOE, games.DUPLICATE_WHIST, 0
    sh = Shoe(SHOE)
    signed(sh, spec)
    f = records.decode(sh.recs[0][1])
    if isinstance(ingest_checks._game(f["game"], f["variant"]), str):  # one it cannot deal
        return SHOE, games.DUPLICATE_WHIST, 0
    return SHOE, f["game"], f["variant"]


def test_a_deal_of_another_game_than_the_set_up_in_force_is_quarantined(tmp_path):
    # The shoe takes a set-up between deals and writes its SESSION record then: no deal
    # after it is of another game or variant (app.take_setup).
    st_, sh = fresh(tmp_path)
    signed(sh, session(game=games.BRIDGE_WHIST))
    signed(sh, deal(board=4, game=games.BRIDGE_WHIST, trump=records.NO_TRUMP_CARD))
    signed(sh, deal(board=5))  # duplicate whist under the bridge whist set-up
    assert st_.commit_batch(st_.begin_sync(SHOE, 1), SHOE, sh.recs, 4) == (2, 0, 1)
    assert st_.quarantined(SHOE) == [(SHOE, 3, store.IMPOSSIBLE + "DEAL board 5: duplicate "
                                      "whist, variant 0x0; the set-up in force deals bridge "
                                      "whist, "
                                      "variant 0x0")]


@pytest.mark.parametrize("case", IMPOSSIBLE, ids=[c[1][:60] for c in IMPOSSIBLE])
def test_impossible_content_is_quarantined_with_its_reason(tmp_path, case):
    spec, reason = case[:2]
    st_, sh = fresh(tmp_path)
    signed(sh, session(*_game_of(spec)))
    signed(sh, spec, *case[2:])
    assert records.verify(sh.recs[-1][1], sh.key, SHOE, 0)  # signed with the shoe's real key
    sync = st_.begin_sync(SHOE, 1)
    assert st_.commit_batch(sync, SHOE, sh.recs, 3) == (1, 0, 1)
    assert st_.quarantined(SHOE) == [(SHOE, 2, store.IMPOSSIBLE + reason)]
    assert rows(st_) == {"records": 1, "deals": 0, "results": 0, "events": 0, "checks": 0,
                         "shoe_sessions": 1}  # the SESSION record only
    assert st_.next_seq(SHOE) == 3  # received: the next sync does not ask for it again


BAD_SESSIONS = [
    (session(game=77), "SESSION: game 77 unknown (1 duplicate whist, 2 bridge whist, 3 euchre, "
                       "4 écarté)"),
    (session(first=0), "SESSION: boards 0-24; boards are numbered from 1"),
    (session(first=30), "SESSION: boards 30-24, the last before the first"),
    (session(table=4), "SESSION: table 4 of 3 tables engaged; tables are numbered 1..tables"),
    (session(tables=0, table=0), "SESSION: table 0 of 0 tables engaged; tables are numbered "
                                 "1..tables"),
    (session(movement=9), "SESSION: movement 9 unknown (0 none, 1 mitchell, 2 howell, 3 teams)"),
    (session(shoe_id=6), "SESSION of shoe 6 synced from shoe 5"),
    (session(game=games.ECARTE, variant=games.V_PACK_24),
     "SESSION: variant 0x4 unknown for écarté: variant 'pack_24' does not apply to écarté"),
]


@pytest.mark.parametrize("case", BAD_SESSIONS, ids=[c[1][:50] for c in BAD_SESSIONS])
def test_an_impossible_session_record_is_quarantined_and_not_in_force(tmp_path, case):
    st_, sh = fresh(tmp_path)
    signed(sh, case[0])
    signed(sh, deal(board=40))  # no set-up in force: any board from 1
    assert st_.commit_batch(st_.begin_sync(SHOE, 1), SHOE, sh.recs, 3) == (1, 0, 1)
    assert st_.quarantined(SHOE) == [(SHOE, 1, store.IMPOSSIBLE + case[1])]
    assert rows(st_)["shoe_sessions"] == 0 and rows(st_)["deals"] == 1


def test_boot_counter_0_is_quarantined(tmp_path):
    st_, sh = fresh(tmp_path)
    signed(sh, deal(), boot=0)  # the journal's first record: no earlier boot to run below
    assert st_.commit_batch(st_.begin_sync(SHOE, 1), SHOE, sh.recs, 2) == (0, 0, 1)
    assert st_.quarantined(SHOE)[0][2] == (store.IMPOSSIBLE + "DEAL board 3: boot counter 0; "
                                           "the shoe counts its power-ons from 1")


def test_undecodable_mode_is_quarantined_too(tmp_path):
    st_, sh = fresh(tmp_path)
    signed(sh, deal(mode=5))
    assert st_.commit_batch(st_.begin_sync(SHOE, 1), SHOE, sh.recs, 2) == (0, 0, 1)
    assert st_.quarantined(SHOE)[0][2] == ("undecodable: deal mode 5 at offset 17: expected 0 "
                                           "(original) or 1 (overplay)")


def test_without_a_set_up_boards_start_at_1(tmp_path):
    st_, sh = fresh(tmp_path)
    signed(sh, deal(board=0))
    signed(sh, deal(board=300))
    signed(sh, event(records.EV_CARD_EXPOSED, board=0, a=5))  # between boards: board 0
    assert st_.commit_batch(st_.begin_sync(SHOE, 1), SHOE, sh.recs, 4) == (2, 0, 1)
    assert st_.quarantined(SHOE) == [(SHOE, 1, store.IMPOSSIBLE + "DEAL board 0: boards are numbered from 1")]


def test_the_session_record_in_force_sets_the_range_across_batches(tmp_path):
    st_, sh = fresh(tmp_path)
    signed(sh, session(first=1, last=8))
    signed(sh, deal(board=8))
    sync = st_.begin_sync(SHOE, 1)
    assert st_.commit_batch(sync, SHOE, sh.recs, 3) == (2, 0, 0)
    signed(sh, deal(board=9))  # seq 3: the set-up stored by the earlier batch holds
    signed(sh, session(first=9, last=16))  # seq 4: a new set-up pushed
    signed(sh, deal(board=9))
    signed(sh, deal(board=8))
    signed(sh, session(first=0, last=4))  # refused: never in force
    signed(sh, deal(board=12))
    # the batch sent again from seq 1: seqs 1-2 are duplicates, the SESSION among them counts
    assert st_.commit_batch(sync, SHOE, sh.recs, 9) == (3, 2, 3)
    assert [(s, r) for _, s, r in st_.quarantined(SHOE)] == [
        (3, store.IMPOSSIBLE + "DEAL board 9: outside the set-up's boards 1-8"),
        (6, store.IMPOSSIBLE + "DEAL board 8: outside the set-up's boards 9-16"),
        (7, store.IMPOSSIBLE + "SESSION: boards 0-4; boards are numbered from 1")]
    # a later batch from seq 8 alone: the set-up in force is the stored one of seq 4
    signed(sh, deal(board=17))
    assert st_.commit_batch(sync, SHOE, sh.recs[8:], 10) == (0, 0, 1)
    assert st_.quarantined(SHOE)[-1][1:] == (9, store.IMPOSSIBLE + "DEAL board 17: outside the "
                                                "set-up's boards 9-16")


POSSIBLE = [
    overplay(hp=moved(3, 2, 1), found=(F.SEAT_OVER, F.SEAT_SHORT)),
    overplay(trump=0, found=(F.TRUMP_DIFFERS_FROM_SLIP,)),  # any card turned at the overplay
    deal(flags=0, found=(F.EXTRA_CARD,)),
    session(game=games.BRIDGE_WHIST),  # a set-up of another game, taken between deals
    deal(game=games.BRIDGE_WHIST, trump=records.NO_TRUMP_CARD),
    session(),
    check(board=0, slip=records.SLIP_FORGED, found=(F.SLIP_DIFFERS_FROM_DEAL,),
          rulings=(ruling_ids.id_of("DW-IV-8"), ruling_ids.UNKNOWN)),
    check(slip=records.SLIP_MISMATCH, found=(F.CARD_MOVED,)),
    score(game=games.ECARTE, ns=3, ew=2),
    score(game=games.EUCHRE, ns=1, ew=4),  # a SCORE without the game's fields (older firmware)
    euchre(1, 1, 0, 5),
    euchre(0, 0, 2, 3),  # N-S euchred
    ecarte(2, 0, 0, 5),
    ecarte(0, -1, 3, 2),  # nobody marked the king
    bridge(3, 4, 2, 4, 9),
    bridge(0, 0, 0, 0, 13),
    event(records.EV_DIRECTOR, board=0, a=7),
    event(records.EV_READER_ERROR, a=0xFF, b=2, data=bytes(10)),
    event(records.EV_PLAY_BEGUN, a=records.MODE_OVERPLAY),
]


def test_what_the_shoe_can_write_is_merged(tmp_path):
    st_, sh = fresh(tmp_path)
    signed(sh, session())
    for spec in POSSIBLE:
        signed(sh, spec)
    assert st_.commit_batch(st_.begin_sync(SHOE, 1), SHOE, sh.recs, len(sh.recs) + 1) == \
        (len(sh.recs), 0, 0)


# --- the real firmware's records ------------------------------------------------------------

def _captured(monkeypatch, *modules):
    """Replace session_sim's _remove (called as each simulated shoe ends) in `modules` so the
    shoe's journal is kept: [(shoe id, key, journal id, [(seq, record)])]."""
    import sim.session as session_sim

    kept = []
    real = session_sim._remove

    def remove(a, flash):
        kept.append((a.shoe.shoe_id, a.shoe.key, a.journal.journal_id,
                     list(a.journal.records_from(1))))
        real(a, flash)
    for m in modules:
        monkeypatch.setattr(m, "_remove", remove)
    return kept


def _merge_all(tmp_path, journals):
    st_ = store.Store(str(tmp_path / "club.sqlite"))
    for shoe_id, key, journal_id, recs in journals:
        st_.enroll(shoe_id, key)
        assert recs
        st_.open_journal(shoe_id, journal_id, 1)
        got = st_.commit_batch(st_.begin_sync(shoe_id, 1, journal_id=journal_id), shoe_id,
                               recs, recs[-1][0] + 1, journal_id)
        assert got == (len(recs), 0, 0), st_.quarantined(shoe_id)[:3]
    return st_


@pytest.mark.parametrize("game,variant", [
    (games.DUPLICATE_WHIST, 0), (games.BRIDGE_WHIST, 0), (games.EUCHRE, 0),
    (games.ECARTE, 0), (games.DUPLICATE_WHIST, games.V_DECLARED_TRUMP),
    (games.EUCHRE, games.V_PACK_25 | games.V_PACKETS_3_2), (games.ECARTE, games.V_PACKETS_3_2)])
def test_a_simulated_session_of_each_game_has_no_semantic_reject(tmp_path, monkeypatch, game,
                                                                  variant):
    import sim.session as session_sim

    kept = _captured(monkeypatch, session_sim)
    r = session_sim.session(deals=30, game=game, variant=variant)  # < 50: nothing reclaimed
    assert r["errors"] == 0 and r["deals"] == 30
    st_ = _merge_all(tmp_path, kept)
    assert rows(st_)["deals"] == 30


def test_two_tables_slip_and_overplay_check_have_no_semantic_reject(tmp_path, monkeypatch):
    import sim.session as session_sim

    kept = _captured(monkeypatch, session_sim)
    r = session_sim.overplay_session(boards=3, wrong=2)
    assert r["errors"] == 0 and r["slip_results"] == [0, 1, 0]
    st_ = _merge_all(tmp_path, kept)
    assert rows(st_)["checks"] == 3 and rows(st_)["deals"] == 6


PROFILES = [(games.DUPLICATE_WHIST, 0), (games.BRIDGE_WHIST, 0), (games.EUCHRE, 0),
            (games.EUCHRE, games.V_PACK_24), (games.EUCHRE, games.V_PACK_25),
            (games.ECARTE, games.V_PACKETS_3_2)]


@st.composite
def a_table(draw):
    """A board dealt at table 1 by a hand that may drop, repeat, mix in other tags, or read
    too many; then passed hand by hand at table 2 the same way (each seat gets some of the
    pack, in any order, and any card is turned for trump)."""
    game, variant = draw(st.sampled_from(PROFILES))
    p = games.profile(game, variant)
    tag = st.one_of(st.sampled_from(p.pack).map(lambda c: (c, 1)),  # this deck's cards
                    st.integers(0, 52).map(lambda c: (c, 1)),  # a card of no game's pack
                    st.integers(0, 52).map(lambda c: (c, 2)),  # another enrolled deck
                    st.just((0, 9)))  # an unknown tag
    order = draw(st.permutations(p.pack))
    cut = draw(st.integers(0, len(p.pack)))
    dealt = list(order[:cut]) if draw(st.booleans()) else list(order)  # whole pack or short
    reads = [(c, 1) for c in dealt]
    for _ in range(draw(st.integers(0, 3))):  # irregular reads put in anywhere
        reads.insert(draw(st.integers(0, len(reads))), draw(tag))
    hands = [draw(st.lists(tag, max_size=p.hand_size + 2)) for _ in range(p.seats)]
    return game, variant, draw(st.integers(1, 24)), draw(st.integers(0, p.seats - 1)), reads, \
        draw(tag), hands


def _read(sh, reader, tags):
    for c, deck in tags:
        reader.script.append(uid_of(c, deck))
        sh.poll()
        sh.service()


@settings(max_examples=120, deadline=None)
@given(a_table())
def test_the_real_shoe_deals_and_checks_nothing_the_host_refuses(table):
    game, variant, board, dealer, reads, turned, hands = table
    tray = DictTray()
    t1, r1 = make(game, variant, tray=tray, table=1, screen=False)
    assert t1.start_deal(board=board, dealer=dealer) == ST.OK
    _read(t1, r1, reads)
    t1.end_deal()  # findings, rulings and the DEAL record, as the shoe makes them
    r1.script.append(b"\x04TRAY01")  # the slip written to the tray
    t1.poll()
    t1.service()
    t2, r2 = make(game, variant, tray=tray, table=2, screen=False)
    t2.start_check()
    r2.script.append(b"\x04TRAY01")
    t2.poll()
    t2.service()
    if t2.state == ST.CHECK_TRUMP:
        _read(t2, r2, [turned])
    for h in hands:
        if t2.state == ST.IDLE:
            break
        _read(t2, r2, h)
        t2.next_hand()
    if t2.state != ST.IDLE:
        t2.end_check()
    ctx = ingest_checks.Context(SID)
    made = t1.journal.items + t2.journal.items
    assert any(r[0] == records.DEAL for r in made)
    for rec in made:
        assert records.verify(rec, FAKE_KEY, SID, t1.journal.journal_id)
        f = records.decode(rec)
        assert ingest_checks.semantic_reason(f, ctx) is None, f


def test_every_score_the_terminal_takes_is_merged():
    import shoe.terminal as T

    ctx = ingest_checks.Context(SID)
    n = refused = 0
    for game in (games.DUPLICATE_WHIST, games.BRIDGE_WHIST, games.EUCHRE, games.ECARTE):
        sh, _ = make(game=game, screen=False)
        t = T.Terminal(sh, None, pin_data=None)
        for values in _entries(t):
            dealer = (n + refused) % 2
            t.ready(board=1 + n % 24, dealer=dealer)
            t.start_entry()
            for v in values:
                if t.key_in(v) != ST.OK:
                    break
                t.confirm()
            else:
                t.confirm()
                t.accept()  # EVENT score_checked, then the SCORE
                n += 1
                continue
            # only a bridge whist declarer who is not the dealer or his partner (BR-9)
            assert game == games.BRIDGE_WHIST and (values[0] ^ dealer) & 1, (game, values)
            refused += 1
            t.leave()
        for rec in sh.journal.items:
            f = records.decode(rec)
            assert ingest_checks.semantic_reason(f, ctx) is None, f
    bridge = 4 * 5 * 11 * 14  # declarer, strain, doubles 0..10, tricks
    assert n + refused == 14 + bridge + 2 * 2 * 6 + 3 * 3 * 6
    assert n > refused > bridge // 3


def _entries(t):
    """Every entry the terminal's fields take for its shoe's game."""
    out = [()]
    for f in t._fields():
        out = [e + (v,) for e in out for v in range(f[1], f[2] + 1)]
    return out


# --- the hands are counted from tables: held to handprint.unpack ------------------------------

@settings(max_examples=300, deadline=None)
@given(st.sampled_from(PROFILES), st.data())
def test_hand_counts_agree_with_handprint_unpack(profile, data):
    p = games.profile(*profile)
    seats = bytearray([handprint.NOT_DEALT] * 53)
    for c in p.pack:
        seats[c] = data.draw(st.sampled_from((0, 1, 2, 3, handprint.NOT_DEALT)))
    out = bytearray(handprint.MAX_BYTES)
    hp = bytes(out[:handprint.pack(seats, p.pack, out, data.draw(st.sampled_from((0, 3))))])
    seat_of = handprint.unpack(hp, p.pack)
    want = tuple([sum(1 for c in p.pack if seat_of[c] == s) for s in range(4)]) + \
        (sum(1 for c in p.pack if seat_of[c] == handprint.NOT_DEALT), 0)
    assert ingest_checks.hand_counts(hp, *profile) == want


@given(st.sampled_from(PROFILES), st.binary(max_size=24))
def test_hand_counts_of_any_bytes(profile, hp):
    p = games.profile(*profile)
    got = ingest_checks.hand_counts(hp, *profile)
    try:
        seat_of = handprint.unpack(hp, p.pack)
    except Exception:  # noqa: BLE001 - a wrong length, a value 4..6, or padding bits
        seat_of = None
    if got is None:
        assert seat_of is None  # a length neither form has
    elif seat_of is not None:
        assert got[:4] == tuple([sum(1 for c in p.pack if seat_of[c] == s) for s in range(4)])
        assert got[5] == 0


# --- any field: one line or None, never an exception --------------------------------------

FIELDS = st.fixed_dictionaries({
    "board": st.integers(0, 0xFFFF), "table": st.integers(0, 255), "game": st.integers(0, 255),
    "variant": st.integers(0, 255), "dealer": st.integers(0, 255), "mode": st.integers(0, 1),
    "trump": st.integers(0, 255), "flags": st.integers(0, 255),
    "found": st.lists(st.integers(-40, 0), max_size=4), "hp": st.binary(max_size=24),
    "ns": st.integers(0, 255), "ew": st.integers(0, 255), "slip": st.integers(0, 3),
    "rulings": st.lists(st.integers(0, 0xFFFF), max_size=3), "code": st.integers(0, 255),
    "a": st.integers(0, 255), "b": st.integers(0, 255), "data": st.binary(max_size=20),
    "boot": st.integers(0, 3), "ticks": st.sampled_from((0, 5, (1 << 30) - 1, 1 << 30)),
    "fields": st.lists(st.sampled_from((-1, 0, 1, 2, 3, 4, 5, 10, 11, 254)), min_size=7,
                       max_size=7),
    "kind": st.sampled_from(("deal", "score", "check", "event", "session"))})


_GAME_FIELDS = {games.EUCHRE: ("makers", "alone"), games.ECARTE: ("proposal", "king"),
                games.BRIDGE_WHIST: ("declarer", "strain", "doubles")}


@settings(max_examples=400, deadline=None)
@given(FIELDS)
def test_any_signed_record_gets_none_or_one_line(v):
    sh = Shoe(SHOE)
    spec = {"deal": deal(v["board"], v["table"], v["game"], v["variant"], v["dealer"],
                         v["mode"], v["trump"], v["flags"], tuple(v["found"]), v["hp"]),
            "score": score(v["board"], v["table"], v["game"], v["ns"], v["ew"], v["fields"]),
            "check": check(v["board"], v["table"], v["slip"], tuple(v["found"]),
                           tuple(v["rulings"])),
            "event": event(v["code"], v["board"], v["a"], v["b"], v["data"]),
            "session": session(v["a"], v["game"], v["variant"], v["table"], v["b"],
                               v["board"], v["ns"], v["code"])}[v["kind"]]
    signed(sh, spec, v["boot"], v["ticks"])
    f = records.decode(sh.recs[0][1])
    ctx = ingest_checks.Context(SHOE, [(0, TABLES_IN_SESSION[0])])
    reason = ingest_checks.semantic_reason(f, ctx)
    if reason is None:
        # what passes is what the shoe can write: a few of the rules, held independently
        assert f["boot"] >= 1 and f["ticks"] < 1 << 30
        if v["kind"] in ("deal", "score"):
            assert 1 <= f["board"] <= 24 and 1 <= f["table"] <= 3 and 1 <= f["game"] <= 4
        if v["kind"] == "deal":
            p = games.profile(f["game"], f["variant"])
            assert f["dealer"] < p.seats
            hands = handprint.hands(f["handprint"], p.pack, p.seats)
            assert not f["findings"] or not f["flags"] & records.FLAG_COMPLETE
            if not f["findings"]:
                assert [len(h) for h in hands] == [p.hand_size] * p.seats
        if v["kind"] == "score":
            hand = games.profile(f["game"]).hand_size
            assert f["tricks_ns"] + f["tricks_ew"] <= hand
            own = [f[k] for k in _GAME_FIELDS.get(f["game"], ())]
            assert all(f[k] == -1 for k in records.SCORE_FIELDS if k not in
                       _GAME_FIELDS.get(f["game"], ()))
            if own and own[0] != -1:
                assert f["tricks_ns"] + f["tricks_ew"] == hand
                assert -1 not in own[:1 if f["game"] == games.ECARTE else 3]
                assert max(own) <= {games.EUCHRE: 1, games.ECARTE: 2,
                                    games.BRIDGE_WHIST: 10}[f["game"]]
        if v["kind"] == "event":
            assert 0 < f["code"] < len(records.EVENT_NAMES) and len(f["data"]) <= 16
    else:
        assert isinstance(reason, str) and "\n" not in reason and reason


# --- the store's DEAL read: the codec's dict, faster --------------------------------------

def _both(raw):
    out = []
    for decode in (store._decode, records.decode):
        try:
            out.append(decode(raw))
        except Exception as e:  # noqa: BLE001 - the same error from both, or both decode
            out.append((type(e), str(e)))
    return out


@settings(max_examples=300, deadline=None)
@given(FIELDS)
def test_the_stores_deal_read_is_records_decode(v):
    sh = Shoe(SHOE)
    signed(sh, deal(v["board"], v["table"], v["game"], v["variant"], v["dealer"], v["mode"],
                    v["trump"], v["flags"], tuple(v["found"]), v["hp"]), v["boot"], v["ticks"])
    raw = sh.recs[0][1]
    a, b = _both(raw)
    assert a == b and isinstance(a, dict)


@settings(max_examples=500, deadline=None)
@given(st.sampled_from(range(1, 7)), st.binary(min_size=19, max_size=19),
       st.binary(max_size=6), st.binary(max_size=24), st.integers(-3, 3))
def test_the_stores_read_of_any_bytes_is_records_decode(rtype, head, found, hp, off):
    """Any type, any header, findings and handprint with their length bytes, a tag, and then
    the whole cut or lengthened by up to 3 bytes: the same dict or the same error."""
    raw = bytes([rtype]) + head + bytes([len(found)]) + found + bytes([len(hp)]) + hp + \
        bytes(16)
    raw = raw[:len(raw) + off] if off < 0 else raw + bytes(range(off))
    a, b = _both(raw)
    assert a == b


# --- clean_deal: the shortcut for a clean DEAL passes only what every rule passes -----------

def _full_reason(f, ctx, monkeypatch):
    """semantic_reason with the clean-deal shortcut off: every rule decides."""
    with monkeypatch.context() as m:
        m.setattr(ingest_checks, "clean_deal", lambda h, hp, c: False)
        return ingest_checks.semantic_reason(f, ctx)


def _clean(raw, ctx):
    h = ingest_checks.DEAL_HEAD.unpack_from(raw)
    i = ingest_checks.DEAL_HEAD.size + h[-1]  # the handprint's length byte
    return ingest_checks.clean_deal(h, raw[i + 1:i + 1 + raw[i]], ctx)


# set-ups in force for a record at seq 1: none, the usual one, two boards at one table, one
# that comes into force after it, and one whose successor comes after it (at seq 1 itself)
SESSIONS = [(), [(0, TABLES_IN_SESSION[0])], [(0, (1, 2, 1, 1, 0))], [(9, (1, 2, 1, 1, 0))],
            [(0, (30, 40, 3, 1, 0)), (1, TABLES_IN_SESSION[0])]]


@settings(max_examples=800, deadline=None)
@given(st.data())
def test_clean_deal_passes_only_deals_every_rule_passes(data):
    """A clean deal with one or two of its fields, its hands or the set-up in force changed:
    whenever the shortcut passes it, the rules without the shortcut find nothing either."""
    board = data.draw(st.integers(1, 24))
    seats = seats_of(board)
    v = {"board": board, "table": 1, "game": 1, "variant": 0, "dealer": (board - 1) % 4,
         "mode": records.MODE_ORIGINAL, "trump": trump_of(board),
         "flags": records.FLAG_COMPLETE, "found": (), "boot": 1, "ticks": 5, "bits": 0,
         "hp": None, "sessions": ()}
    other = {"board": (0, 25, 2, 0xFFFF), "table": (0, 2, 3, 4, 255), "game": (0, 2, 3, 4, 9),
             "variant": (1, 2, 0x40, 0xFF), "dealer": (0, 1, 2, 3, 4, 9),
             "mode": (records.MODE_OVERPLAY,),
             "trump": (0, 51, 52, 53, 200, records.NO_TRUMP_CARD),
             "flags": (0, 2, 3, 4, 8, 0x81), "found": ((F.EXTRA_CARD,), (F.SEAT_SHORT,)),
             "boot": (0, 7), "ticks": ((1 << 30) - 1, 1 << 30, 0xFFFFFFFF), "bits": (3,),
             "hp": ("moved", "padded", "short", "any"), "sessions": SESSIONS[1:]}
    for name in data.draw(st.lists(st.sampled_from(sorted(other)), max_size=2, unique=True)):
        v[name] = data.draw(st.sampled_from(other[name]))
    if v["hp"] == "moved":
        for c in data.draw(st.lists(st.sampled_from(PACK), min_size=1, max_size=3)):
            seats[c] = data.draw(st.sampled_from((0, 1, 2, 3, handprint.NOT_DEALT)))
    out = bytearray(handprint.MAX_BYTES)
    hp = bytes(out[:handprint.pack(seats, PACK, out, v["bits"])])
    if v["hp"] == "padded":
        hp += bytes([data.draw(st.integers(0, 255))])
    elif v["hp"] == "short":
        hp = hp[:-1]
    elif v["hp"] == "any":
        hp = data.draw(st.binary(min_size=len(hp), max_size=len(hp)))
    sh = Shoe(SHOE)
    signed(sh, deal(v["board"], v["table"], v["game"], v["variant"], v["dealer"], v["mode"],
                    v["trump"], v["flags"], v["found"], hp), v["boot"], v["ticks"])
    raw = sh.recs[0][1]
    ctx = ingest_checks.Context(SHOE, v["sessions"])
    with pytest.MonkeyPatch.context() as mp:
        full = _full_reason(records.decode(raw), ctx, mp)
    if _clean(raw, ctx):
        assert full is None
    else:  # the shortcut declines only what a rule finds, or what it leaves to the rules
        assert full is not None or v["game"] != 1 or v["variant"] or v["found"] \
            or v["bits"] or v["flags"] != records.FLAG_COMPLETE or v["mode"] \
            or v["trump"] == records.NO_TRUMP_CARD


def test_clean_deal_is_the_usual_duplicate_whist_deal():
    sh = Shoe(SHOE)
    for board in range(1, 25):
        signed(sh, deal(board=board))
    for ctx in (ingest_checks.Context(SHOE), ingest_checks.Context(SHOE, SESSIONS[1])):
        assert all(_clean(raw, ctx) for _, raw in sh.recs)
        assert not any(_clean(raw, ingest_checks.Context(SHOE, [(0, (1, 2, 1, 1, 0))]))
                       for _, raw in sh.recs[2:])  # boards 3-24 outside a 2-board set-up
