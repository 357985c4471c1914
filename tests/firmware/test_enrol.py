"""Enrol deck mode: dealing a sorted pack once teaches the deck every tag (both interpreters).

The real Deck; the reader and journal are stand-ins (shoe_fakes.py).
"""

from shoe_fakes import TableDeck, make, records_of, uid_of

from overplay_core import games, records
import shoe.states as ST


def test_enrol_deck_learns_the_pack_in_order_and_flags_a_repeat():
    sh, reader = make(games.ECARTE)
    sh.deck = TableDeck(active=5, others=())
    assert sh.start_enrol(5) == ST.OK
    pack = sh.profile.pack
    reader.script.append(uid_of(pack[0], 5))
    sh.poll()
    sh.service()
    reader.script.append(uid_of(pack[0], 5))  # read again: flagged, not enrolled twice
    sh.poll()
    sh.service()
    for c in pack[1:]:
        reader.script.append(uid_of(c, 5))
        sh.poll()
        sh.service()
    assert len(sh.deck.enrolled) == 32 and sh.deck.saved
    assert sh.deck.card_of(uid_of(pack[7], 5), 7) == (5, pack[7])
    codes = [e["code"] for e in records_of(sh, records.EVENT)]
    assert codes == [records.EV_DUPLICATE_READ, records.EV_DECK_ENROLLED]
    assert sh.state == ST.IDLE


class _FullDeck(TableDeck):
    """A deck table with no room left: every new tag is refused (deck.FULL)."""

    def enrol_next(self, uid, n):
        return -24  # deck.FULL


def test_a_refused_tag_is_recorded_and_the_dealer_told_why():
    sh, reader = make(games.ECARTE)
    sh.deck = _FullDeck(active=5, others=())
    assert sh.start_enrol(5) == ST.OK
    reader.script.append(uid_of(sh.profile.pack[0], 5))
    sh.poll()
    sh.service()
    assert sh.message == "deck table full: forget an old deck first"  # deck.MESSAGES
    assert [e["code"] for e in records_of(sh, records.EVENT)] == [records.EV_READER_ERROR]
    assert sh.state == ST.ENROLLING and sh.cards == 0
