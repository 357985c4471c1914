"""Enrolled decks: enrolment by dealing a sorted pack, lookup without allocating, flash.

Both interpreters; the flash is a RAM LittleFS under MicroPython, a temp dir under CPython.
"""

import gc

from shoe.deck import (ALREADY_ENROLLED, BAD_UID, INCOMPLETE, OK, OTHER_DECK, UNKNOWN_TAG, Deck,
                  uid_hash)
from drivers.mfrc522 import MFRC522
from sim.mfrc522 import SimMFRC522
from sim.tags import ScriptedDealer, card_tag, legacy_tag, uid7
from overplay_core.cards import PACK_24, PACK_32, PACK_52
from radio_fakes import flash_dir, heap_locked, release


def _tags(deck_no, pack):
    return [card_tag(uid7(deck_no, 1000 + c)) for c in pack]


def _enrol_by_dealing(deck, deck_id, tags, pack):
    """Deal the sorted pack once over the simulated reader in enrol mode."""
    sim = SimMFRC522()
    r = MFRC522(sim, sim.cs, sim.rst)
    dealer = ScriptedDealer(sim, tags, dwell=2, gap=1)
    deck.start_enrol(deck_id, pack)
    uid = bytearray(10)
    got = []
    while not dealer.done:
        n = r.read_uid(uid)
        if n > 0:
            got.append(deck.enrol_next(uid, n))
            r.halt()
    return got


def test_enrol_a_sorted_pack_by_dealing_it_once():
    d = Deck()
    tags = _tags(1, PACK_52)
    got = _enrol_by_dealing(d, 1, tags, PACK_52)
    assert got == list(PACK_52)
    assert d.finish_enrol() == OK
    for i, c in enumerate(PACK_52):
        assert d.lookup(tags[i].uid, 7) == c
    assert d.decks() == {1: 52}


def test_unknown_tag_other_deck_and_bad_length():
    d = Deck()
    a = _tags(1, PACK_32)
    b = _tags(2, PACK_32)
    _enrol_by_dealing(d, 1, a, PACK_32)
    assert d.finish_enrol() == OK
    _enrol_by_dealing(d, 2, b, PACK_32)
    assert d.finish_enrol() == OK
    d.use(1)
    assert d.lookup(a[5].uid, 7) == PACK_32[5]
    assert d.lookup(b[5].uid, 7) == OTHER_DECK
    assert d.last_deck == 2 and d.last_card == PACK_32[5]
    assert d.lookup(uid7(9, 9), 7) == UNKNOWN_TAG
    assert d.lookup(b"\x01\x02\x03\x04", 4) == UNKNOWN_TAG
    assert d.lookup(a[0].uid, 5) == BAD_UID
    d.use(2)
    assert d.lookup(b[5].uid, 7) == PACK_32[5] and d.lookup(a[5].uid, 7) == OTHER_DECK
    assert Deck.OTHER_DECK == OTHER_DECK and d.UNKNOWN_TAG == UNKNOWN_TAG


def test_a_card_read_twice_while_enrolling_is_refused_not_counted():
    d = Deck()
    tags = _tags(3, PACK_24)
    d.start_enrol(3, PACK_24)
    assert d.enrol_next(tags[0].uid, 7) == PACK_24[0]
    assert d.enrol_next(tags[0].uid, 7) == ALREADY_ENROLLED
    assert d.enrol_expected() == PACK_24[1]
    assert d.enrol_next(tags[1].uid, 7) == PACK_24[1]
    assert d.finish_enrol() == INCOMPLETE
    d.abort_enrol()
    assert d.lookup(tags[0].uid, 7) == UNKNOWN_TAG


def test_enrol_one_by_one_into_the_deck_in_use_and_reenrol():
    d = Deck(deck_id=4)
    t = legacy_tag(b"\x11\x22\x33\x44")
    assert d.enrol(t.uid, 4, 12) == OK
    assert d.lookup(t.uid, 4) == 12
    assert d.enrol(t.uid, 4, 13) == OK  # the same deck enrolled again: the new card holds
    assert d.lookup(t.uid, 4) == 13
    assert d.enrol(t.uid, 4, 13, deck_id=5) == ALREADY_ENROLLED  # a tag is in one deck only
    assert d.save() is False  # no path: a deck kept in RAM only


def test_many_decks_grow_the_table_and_forget_works():
    gc.collect()
    d = Deck()
    packs = {}
    for k in range(1, 6):
        # UIDs only (260 tags would not fit), 7 bytes each in one buffer a deck: 260 bytes
        # objects fragment a 128 KB heap too much for the 5 KB table the rehash makes
        b = b"".join([uid7(10 + k, c) for c in PACK_52])
        packs[k] = [memoryview(b)[7 * i:7 * i + 7] for i in range(52)]
        for i, c in enumerate(PACK_52):
            assert d.enrol(packs[k][i], 7, c, deck_id=k) == OK
    assert d.decks() == {1: 52, 2: 52, 3: 52, 4: 52, 5: 52}
    d.use(3)
    assert d.lookup(packs[3][51], 7) == PACK_52[51]
    d.forget(2)
    assert d.lookup(packs[2][0], 7) == UNKNOWN_TAG
    assert d.lookup(packs[3][0], 7) == PACK_52[0]
    assert d.lookup(packs[5][0], 7) == OTHER_DECK


def test_uid_hash_stays_below_2_to_the_24_and_spreads_over_the_low_bits():
    assert uid_hash(b"\xff" * 7, 7) < (1 << 24)
    slots = bytearray(256)
    for i in range(128):
        slots[uid_hash(uid7(1, i << 8), 7) & 255] += 1  # UIDs differing in one middle byte
    used = 0
    for k in slots:
        used += 1 if k else 0
    assert used > 90  # 128 keys over 256 slots: few share a slot


def test_saved_on_flash_and_loaded_by_the_next_boot():
    root = flash_dir("deck")
    try:
        path = root + "/decks.bin"
        d = Deck(path, deck_id=1)
        tags = _tags(1, PACK_24)
        _enrol_by_dealing(d, 1, tags, PACK_24)
        assert d.finish_enrol() == OK
        other = _tags(2, PACK_24)
        _enrol_by_dealing(d, 2, other, PACK_24)
        assert d.finish_enrol() == OK
        d2 = Deck(path, deck_id=1)  # the next boot
        assert d2.decks() == {1: 24, 2: 24}
        for i, c in enumerate(PACK_24):
            assert d2.lookup(tags[i].uid, 7) == c
        assert d2.lookup(other[0].uid, 7) == OTHER_DECK
        with open(path, "rb") as f:
            data = bytearray(f.read())
        assert len(data) < 600  # a small file: 11 bytes a card
        data[20] ^= 0xFF
        with open(path, "wb") as f:
            f.write(data)
        try:
            Deck(path)
        except ValueError as e:
            assert "enrol the decks again" in str(e)
        else:
            assert False, "a damaged deck file must not load"
        missing = Deck(root + "/none.bin")
        assert missing.decks() == {}
    finally:
        release(root)


def test_read_uid_and_lookup_allocate_nothing():
    d = Deck()
    tags = _tags(1, PACK_52)
    for i, c in enumerate(PACK_52):
        d.enrol(tags[i].uid, 7, c, deck_id=1)
    stray = card_tag(uid7(77, 77))
    d.use(1)
    sim = SimMFRC522()
    r = MFRC522(sim, sim.cs, sim.rst)
    dealer = ScriptedDealer(sim, tags[:13] + [stray], dwell=2, gap=0)
    uid = bytearray(10)
    seen = bytearray(53)
    count = bytearray(2)

    def hot(dealer=dealer, r=r, d=d, uid=uid, seen=seen, count=count):
        while not dealer.done:
            n = r.read_uid(uid)
            if n > 0:
                c = d.lookup(uid, n)
                r.halt()
                if c >= 0:
                    seen[c] += 1
                else:
                    count[1] += 1
                count[0] += 1

    heap_locked(hot)
    assert count[0] == 14 and count[1] == 1
    for c in PACK_52[:13]:
        assert seen[c] == 1
