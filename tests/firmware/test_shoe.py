"""The dealing state machine: seats, trump, records, irregularities, ticks, no allocation.

Both interpreters. The reader, deck, journal and tray here are small stand-ins
(shoe_fakes.py) so each rule of the state machine is tested alone; test_app.py runs the same
flows through the real driver on the simulated chip, the real deck and the real journal.
"""

from shoe_fakes import deal, make, records_of

import shoe.dealing as S
from overplay_core import games, handprint, records
from overplay_core.compat import ticks_add
import shoe.states as ST



def test_whist_deal_seats_trump_and_record():
    sh, reader = make()
    assert sh.start_deal(board=5, dealer=2) == ST.OK
    pack = sh.profile.pack
    order = [pack[(i * 7) % 52] for i in range(52)]  # a shuffled pack
    deal(sh, reader, order)
    t = sh.tally
    for i, c in enumerate(order):
        assert t.seat_of_card[c] == (2 + 1 + i) % 4  # one at a time from the dealer's left
    assert list(t.counts) == [13, 13, 13, 13]
    assert sh.end_deal() == ()
    d = records_of(sh, records.DEAL)[0]
    assert (d["board"], d["dealer"], d["game"], d["table"]) == (5, 2, 1, 1)
    assert d["trump"] == order[51]  # the last card, turned: the dealer's (DW-2)
    assert d["findings"] == () and d["flags"] & records.FLAG_COMPLETE
    seats = handprint.unpack(d["handprint"], pack)
    assert all(seats[c] == t.seat_of_card[c] for c in pack)
    assert sh.journal.commits >= 1
    assert sh.display.shown("deal correct")



def test_euchre_and_ecarte_turn_up_is_trump_and_stays_on_pack():
    for game, variant in ((games.EUCHRE, 0), (games.ECARTE, games.V_PACKETS_3_2)):
        sh, reader = make(game, variant)
        p = sh.profile
        sh.start_deal(board=1, dealer=0)
        deal(sh, reader, p.pack[:p.deal_cards])
        assert sh.end_deal() == ()
        d = records_of(sh, records.DEAL)[0]
        turned = p.pack[p.turn_up_index]
        assert d["trump"] == turned
        assert sh.tally.seat_of_card[turned] == handprint.NO_HAND
        for s in range(p.seats):
            assert sh.tally.counts[s] == p.hand_size



def test_bridge_whist_has_no_turned_trump():
    sh, reader = make(games.BRIDGE_WHIST)
    sh.start_deal(1, 3)
    deal(sh, reader, sh.profile.pack)
    sh.end_deal()
    assert records_of(sh, records.DEAL)[0]["trump"] == records.NO_TRUMP_CARD



def test_full_deal_ends_itself_after_quiet_time_across_tick_wrap():
    now = [0]
    sh, reader = make(now=now)
    period = ticks_add(0, -1) + 1  # 2^30 on the board, 2^62 on the unix port
    half = period - 500  # near the end of the tick period
    now[0] = half
    sh.start_deal(1, 0)
    deal(sh, reader, sh.profile.pack)
    assert not sh.tick(half)  # the dealing task sees the 52nd card now
    assert not sh.tick(half + 100)
    assert not sh.tick(ticks_add(half, S.QUIET_MS - 1))
    assert sh.state == ST.DEALING
    late = ticks_add(half, S.QUIET_MS)  # wrapped round to a small value
    assert late < half
    assert sh.tick(late)
    assert sh.state == ST.IDLE and len(records_of(sh, records.DEAL)) == 1



def test_short_deal_does_not_end_itself():
    now = [0]
    sh, reader = make(now=now)
    sh.start_deal(1, 0)
    deal(sh, reader, sh.profile.pack[:51])
    assert not sh.tick(10 ** 6)


def test_slip_buffer_is_the_trays():
    # read_slip fills it: tray.SLIP_BUF (64, any slip in whole 16-byte READs: test_tray.py)
    import shoe.tray as tray

    assert len(make()[0].slip) == tray.SLIP_BUF == 64


def test_record_buffer_holds_the_longest_record_a_shoe_builds():
    # every finding code at once, the most rulings a CHECK keeps (16), the longest handprint
    from overplay_core import findings as F

    codes = tuple(F.all_codes())
    sh = make()[0]
    buf = sh.rec
    n = records.encode_check(buf, 1, 1, 0, 65535, 255, records.SLIP_OK, codes, len(codes),
                             tuple(range(16)), 16)
    assert records.sign(buf, n, b"k" * 32, 1, 1) <= len(buf) == S.REC_BYTES
    n = records.encode_deal(buf, 1, 1, 0, 65535, 255, 4, 255, 3, records.MODE_OVERPLAY, 51,
                            255, codes, len(codes), bytes(20), 20)
    assert records.sign(buf, n, b"k" * 32, 1, 1) <= len(buf)


def test_idle_screen_shows_the_table_of_the_set_up():
    # the club PC hands set-ups out in table order: the dealer sees which table the shoe is
    sh, reader = make(table=3)
    sh.changed = True
    sh.refresh()
    assert sh.display.shown("table 3")
    sh.table = 5  # a new set-up pushed at a sync (App.take_setup sets shoe.table)
    sh.changed = True
    sh.refresh()
    assert sh.display.screens[-1][1] == "table 5"
