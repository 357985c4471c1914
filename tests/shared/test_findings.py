"""Finding codes: every code an explicit constant with its sentence beside it, names read from
the constants, codes never reused (both interpreters)."""

from overplay_core import findings as F


def _constants():
    out = {}
    for k in dir(F):
        v = getattr(F, k)
        if k.isupper() and type(v) is int:
            out[k] = v
    return out


def test_every_code_is_a_constant_with_one_sentence_and_its_name_in_lower_case():
    consts = _constants()
    assert len(consts) == len(F.SENTENCES.split("\n")) and len(consts) >= 47
    codes = sorted(consts.values())
    for i in range(1, len(codes)):
        assert codes[i] != codes[i - 1], "code %d given twice" % codes[i]
    for k in consts:
        code = consts[k]
        assert code < 0 and code >= -255, k  # stored as one byte, -code
        assert F.name(code) == k.lower()
        assert F.code_of(k.lower()) == code
        s = F.sentence(code)
        assert s == F.SENTENCES.split("\n")[F.all_codes().index(code)]
        assert s.endswith(".") and "\n" not in s and s[0].isupper()


def test_codes_the_shoe_sees_and_the_codes_reported_at_the_table_keep_their_numbers():
    # stored in records: these pairs never change
    assert (F.DUPLICATE_CARD, F.SEAT_OVER, F.TRUMP_DIFFERS_FROM_SLIP) == (-1, -4, -11)
    assert (F.CARD_FACED_IN_PACK, F.CARD_EXPOSED_IN_DEAL, F.REVOKE) == (-20, -21, -55)
    assert F.all_codes()[:3] == (-1, -2, -3) and F.all_codes()[-1] == F.REVOKE
    assert set(F.all_codes()) == set(_constants().values())


def test_each_sentence_stays_on_its_own_code_across_the_gap_in_the_numbers():
    # SENTENCES is one line a code in all_codes() order: -1..-11, then -20 down; a line out
    # of place would give every later code its neighbour's sentence
    assert F.sentence(F.DUPLICATE_CARD) == "A card was dealt twice: the pack is imperfect."
    assert F.sentence(F.TRUMP_DIFFERS_FROM_SLIP).startswith("On the overplay the dealer turned")
    assert F.sentence(F.CARD_FACED_IN_PACK) == "A card was found faced in the pack."
    assert F.sentence(F.KING_TURNED_UP) == "The dealer turned up a king as trump."
    assert F.sentence(F.REVOKE).startswith("A player revoked: he held a card of the suit led")


def test_unknown_codes_and_names_are_answered_not_raised():
    assert F.name(-99) == "unknown_99" and F.sentence(-99) == "Unknown finding -99."
    for bad in ("SEAT_OVER", "sentences", "name", "seat over", "", None, 4, "unknown_99"):
        assert F.code_of(bad) == 0, bad
