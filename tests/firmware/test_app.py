"""Acceptance through the radio: full packs of each of the four games dealt through the
simulated MFRC522 and the real driver, the real deck and the shoe; seats, trump and the signed
DEAL record come out right (both interpreters).

The whole app: firmware/session_sim.py, run by tests/host/test_session_sim.py.
"""

from chip_table import card_tag, pass_over, records_of, shuffled, table, uid7  # noqa: I001

from overplay_core import games, handprint, records
import shoe.states as ST


def test_full_packs_of_each_game_through_the_chip_and_driver():
    for game, variant in ((games.DUPLICATE_WHIST, 0), (games.BRIDGE_WHIST, 0),
                          (games.EUCHRE, 0), (games.EUCHRE, games.V_PACK_24),
                          (games.ECARTE, games.V_PACKETS_3_2)):
        sim, sh = table(game, variant)
        p = sh.profile
        order = shuffled(p.pack, game * 7 + variant)
        dealer = game % p.seats
        assert sh.start_deal(board=game, dealer=dealer) == ST.OK
        for c in order[:p.deal_cards]:
            pass_over(sim, sh, [card_tag(uid7(1, c))])  # read once, halted, counted once
        assert sh.end_deal() == ()
        assert sh.noise == 0
        d = records_of(sh, records.DEAL)[0]
        assert (d["board"], d["dealer"], d["game"], d["variant"]) == (game, dealer, game,
                                                                        variant)
        seats = handprint.unpack(d["handprint"], p.pack)
        for n in range(p.deal_cards):
            want = p.seat_of(n, dealer)
            assert seats[order[n]] == (want if want >= 0 else handprint.NOT_DEALT)
        ti = p.turn_up_index
        assert d["trump"] == (order[ti] if ti >= 0 else records.NO_TRUMP_CARD)
        assert records_of(sh, records.EVENT) == []
        for s in range(p.seats):
            assert sh.tally.counts[s] == p.hand_size
