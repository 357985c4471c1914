"""Irregularities at the shoe: each flagged to the dealer and recorded as an EVENT, never
dropped and never counted twice (both interpreters; stand-ins from shoe_fakes.py).
"""

from shoe_fakes import ListJournal, deal, make, records_of

from overplay_core import findings as F
from overplay_core import games, records
import shoe.states as ST


def test_same_card_read_twice_recorded_not_counted():
    sh, reader = make()
    sh.start_deal(1, 0)
    pack = sh.profile.pack
    deal(sh, reader, pack[:10])
    deal(sh, reader, [pack[4]])  # card 5 comes back through the window
    assert sh.tally.n == 10 and sum(sh.tally.counts) == 10
    deal(sh, reader, pack[10:])
    assert sh.end_deal() == ()
    ev = records_of(sh, records.EVENT)
    assert [e["code"] for e in ev] == [records.EV_DUPLICATE_READ]
    assert ev[0]["a"] == pack[4]
    assert sh.display.shown("read twice")



def test_unknown_tag_and_other_deck_are_foreign_cards_in_their_place():
    sh, reader = make()
    sh.start_deal(1, 0)
    pack = sh.profile.pack
    deal(sh, reader, pack[:3])
    reader.script.append(bytes([0x04, 9, 9, 9]))  # a 4-byte tag nobody enrolled
    sh.poll()
    sh.service()
    deal(sh, reader, [pack[3]], deck_no=2)  # the same card of the club's other deck
    deal(sh, reader, pack[3:])
    assert sh.tally.n == 54
    found = sh.end_deal()
    assert F.FOREIGN_CARD in found and F.EXTRA_CARD in found
    codes = [e["code"] for e in records_of(sh, records.EVENT)]
    assert codes == [records.EV_UNKNOWN_TAG, records.EV_OTHER_DECK]
    ev = records_of(sh, records.EVENT)
    assert ev[0]["data"] == bytes([0x04, 9, 9, 9])
    assert ev[1]["a"] == pack[3]
    d = records_of(sh, records.DEAL)[0]
    assert F.FOREIGN_CARD in d["findings"] and not d["flags"] & records.FLAG_COMPLETE



def test_fourteenth_card_to_a_seat_is_found():
    sh, reader = make(games.EUCHRE)
    p = sh.profile
    sh.start_deal(1, 0)
    deal(sh, reader, p.pack[:19])
    deal(sh, reader, [p.pack[20]], deck_no=2)  # an extra card from another pack slips in
    deal(sh, reader, p.pack[19:21])
    found = sh.end_deal()
    assert F.FOREIGN_CARD in found



def test_two_tags_at_once_flagged_once_per_field():
    sh, reader = make()
    sh.start_deal(1, 0)
    # colliding tags answer every other poll; the field is clear after two empty polls
    reader.script += [-1, 0, -1, -1, 0, 0, -1]
    for _ in range(7):
        sh.poll()
    sh.service()
    codes = [e["code"] for e in records_of(sh, records.EVENT)]
    assert codes == [records.EV_COLLISION, records.EV_COLLISION]
    assert sh.tally.n == 0
    assert sh.display.shown("2 cards at once")



def test_reader_timeouts_are_counted_not_recorded():
    sh, reader = make()
    sh.start_deal(1, 0)
    reader.script += [-2, -3]
    sh.poll()
    sh.poll()
    sh.service()
    assert sh.noise == 2 and records_of(sh, records.EVENT) == []



def test_refuses_a_deal_the_journal_cannot_record():
    sh, reader = make(journal=ListJournal(free=100))
    assert sh.start_deal(1, 0) == ST.REFUSED_JOURNAL
    assert sh.state == ST.IDLE
    assert sh.display.shown("journal full")
    sh2, _ = make()
    sh2.key = None
    assert sh2.start_deal(1, 0) == ST.REFUSED_NO_KEY



def test_card_read_while_idle_is_recorded():
    sh, reader = make()
    deal(sh, reader, [0])
    assert [e["code"] for e in records_of(sh, records.EVENT)] == [records.EV_CARD_EXPOSED]



def test_a_flash_that_refuses_the_commit_is_told_to_the_dealer():
    j = ListJournal()
    j.commit = lambda: False  # the journal keeps the batch in RAM and says so
    sh, reader = make(journal=j)
    sh.start_deal(1, 0)
    deal(sh, reader, sh.profile.pack)
    sh.end_deal()
    assert sh.display.shown("flash error")
    assert len(records_of(sh, records.DEAL)) == 1  # appended: it is committed on a retry
