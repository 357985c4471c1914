"""Ruling ids for CHECK records: every code the laws engine can give has one, ids are unique
and never change (a few pinned pairs, and a digest of each game's numbering so far)."""

import gc  # noqa: I001

try:  # collect often while compiling the laws modules from source (128 KB heap)
    gc.threshold(8192)
except AttributeError:  # CPython
    pass

from overplay_core import findings  # noqa: F401, I001 - its long table first, heap in one piece
import hashlib
import sys

from overplay_core import ruling_ids as R

# Pinned: these ids are in shoes' journals and club databases. Never change them.
PINNED = (("DW-NONE", 1000), ("DW-IV-8", 1001), ("DW-IV-9a", 1002), ("DW-V-1b", 1009),
          ("DW-W39x", 1029), ("BR-NONE", 2000), ("BR-38a", 2001), ("BR-AD", 2032),
          ("EU-NONE", 3000), ("EU-23a", 3001), ("EU-22", 3035), ("EC-NONE", 4000),
          ("EC-9o", 4001), ("EC-47c", 4031))
# sha256 of the codes (space-separated) of each game's first N ids, as numbered in round 2:
# appending codes leaves these digests as they are; reordering or inserting breaks them.
NUMBERED = {1000: (30, "a7395ee4"), 2000: (33, "1fb36c1a"), 3000: (36, "7789fca7"),
            4000: (32, "7fd9d8a1")}


def test_pinned_ids_never_change():
    for code, rid in PINNED:
        assert R.id_of(code) == rid, code
        assert R.code_of(rid) == code, rid


def test_numbering_so_far_is_unchanged():
    for base, codes in R._TABLE:
        n, digest = NUMBERED[base]
        head = " ".join(codes.split(" ")[:n])
        assert len(codes.split(" ")) >= n, base
        h = hashlib.sha256(head.encode()).digest()
        hexd = "".join(["%02x" % h[k] for k in range(4)])
        assert hexd == digest, (base, hexd)


def test_ids_are_unique_and_round_trip():
    codes = R.all_codes()
    ids = [R.id_of(c) for c in codes]
    assert len(set(codes)) == len(codes)
    assert len(set(ids)) == len(ids) and R.UNKNOWN not in ids
    for c, i in zip(codes, ids):
        assert 0 < i < 0x10000 and R.code_of(i) == c


def test_text_that_is_no_ruling_code_is_unknown():
    assert R.id_of("call director") == R.UNKNOWN
    assert R.id_of("DW-XX-1") == R.UNKNOWN and R.id_of(None) == R.UNKNOWN
    assert R.code_of(0) is None and R.code_of(1999) is None and R.code_of(65535) is None
    out = [0, 0, 0]
    assert R.ids_of(("DW-IV-8", "call director"), out) == 2 and out[:2] == [1001, 0]


def test_every_code_the_laws_engine_can_give_has_an_id():
    # each game's TABLE holds every code its module can rule (laws.verdict.Verdict.rule looks
    # codes up there), plus "<GAME>-NONE" from Verdict.uncovered; one module at a time
    from overplay_core import laws

    for game in laws.GAME_MODULES:
        name, prefix = laws.GAME_MODULES[game]
        gc.collect()
        mod = laws.game_module(game)
        assert mod.__name__ == "overplay_core.laws." + name
        for code in mod.TABLE:
            assert R.id_of(code) != R.UNKNOWN, code
            assert code.startswith(prefix + "-"), code
        assert R.id_of(prefix + "-NONE") != R.UNKNOWN
        # laws.verdict.Verdict.stray: a choice made by a player not entitled, or out of time
        assert R.id_of(prefix + "-OPTn") != R.UNKNOWN and R.id_of(prefix + "-OPTl") != R.UNKNOWN
        del mod
        if sys.implementation.name != "micropython":
            continue  # CPython: other test files share these modules
        del sys.modules["overplay_core.laws." + name]  # the code can go before the next game
        if hasattr(laws, name):
            delattr(laws, name)
