"""Irregularities as the simulated chip shows them, and the per-card hot path (tag read ->
card int -> laws check -> buffers) through the real driver under micropython.heap_lock().
"""

from chip_table import card_tag, legacy_tag, pass_over, records_of, table, uid7  # noqa: I001

from overplay_core import findings as F
from overplay_core import records

try:
    import micropython
except ImportError:
    micropython = None


def test_irregularities_as_the_chip_shows_them():
    sim, sh = table()
    pack = sh.profile.pack
    sh.start_deal(board=4, dealer=3)
    pass_over(sim, sh, [card_tag(uid7(1, pack[0]))])
    pass_over(sim, sh, [card_tag(uid7(1, pack[1])), card_tag(uid7(1, pack[2]))])  # together
    pass_over(sim, sh, [card_tag(uid7(1, pack[0]))])  # the first card comes back: read twice
    pass_over(sim, sh, [legacy_tag(b"\x12\x34\x56\x78")])  # a tag nobody enrolled
    pass_over(sim, sh, [card_tag(uid7(2, 3))])  # the other deck's 5C
    for c in pack[3:]:
        pass_over(sim, sh, [card_tag(uid7(1, c))])
    found = sh.end_deal()
    ev = records_of(sh, records.EVENT)
    assert [e["code"] for e in ev] == [records.EV_COLLISION, records.EV_DUPLICATE_READ,
                                       records.EV_UNKNOWN_TAG, records.EV_OTHER_DECK]
    assert ev[1]["a"] == pack[0] and ev[2]["data"] == b"\x12\x34\x56\x78"
    assert ev[3]["a"] == 3
    # 50 of the pack's own cards read (2 lost in the collision), 2 foreign tags dealt in their
    # places: each counted once
    assert sh.tally.n == 52
    assert F.FOREIGN_CARD in found and F.MISSING_CARD in found
    assert F.DUPLICATE_CARD not in found  # the re-read was not counted as a second card
    d = records_of(sh, records.DEAL)[0]
    assert d["findings"] == found and not d["flags"] & records.FLAG_COMPLETE



def test_hot_path_allocates_nothing():
    sim, sh = table()
    pack = sh.profile.pack
    tags = [card_tag(uid7(1, c)) for c in pack[:12]]
    other = card_tag(uid7(2, 3))
    sh.start_deal(board=1, dealer=0)
    if micropython is not None:
        micropython.heap_lock()
    try:
        for t in tags:  # tag read -> card int -> tally (seat) -> buffers, and HLTA
            sim.enter(t)
            sh.poll()
            sh.poll()  # halted: not read again
            sim.leave(t)
        sim.enter(tags[0])  # read twice: flagged into the preallocated ring
        sh.poll()
        sim.leave(tags[0])
        sim.enter(other)  # another deck
        sh.poll()
        sim.leave(other)
    finally:
        if micropython is not None:
            micropython.heap_unlock()
    assert sh.tally.n == 13 and len(sh.events) == 2
    sh.service()
    assert [e["code"] for e in records_of(sh, records.EVENT)] == [records.EV_DUPLICATE_READ,
                                                                 records.EV_OTHER_DECK]


def test_a_card_after_the_full_pack_is_an_extra_card():
    sim, sh = table()
    sh.start_deal(board=2, dealer=0)
    for c in sh.profile.pack:
        pass_over(sim, sh, [card_tag(uid7(1, c))])
    pass_over(sim, sh, [card_tag(uid7(2, 3))])  # a 53rd card (another deck's 5C)
    found = sh.end_deal()
    assert found == (F.EXTRA_CARD,)  # Écarté law 45: redundant; here, more than the pack
    assert list(sh.tally.counts) == [13, 13, 13, 13]
