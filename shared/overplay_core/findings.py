"""Findings: facts about a deal that the laws attach consequences to, as small negative ints.

    from overplay_core import findings as F
    code = tally.add(card)            # a seat, or a negative finding code
    if code < 0:
        F.name(code)                  # 'duplicate_card'
        F.sentence(code)              # 'A card was dealt twice: the pack is imperfect.'
    F.code_of("card_exposed_in_deal") == F.CARD_EXPOSED_IN_DEAL   # True

Codes -1..-19 are what the shoe sees card by card (tally.py); -20 and below are what the
terminal or the director reports (events in an `overplay judge` file). A finding is a fact,
never a ruling: the laws package turns findings plus the context (tables engaged, phase, who
has looked at his cards) into rulings with citations.

Invariants: every code is a module-level constant below, with its sentence on its line of
SENTENCES (one line a code, in the order of all_codes()); a code's name is its constant's name in lower case (name() and code_of() read it
from this module, so there is no second list of names). Codes are stored in records as one
byte (-code): never renumber, never reuse.
"""

# Seen by the shoe, card by card (tally.py).
DUPLICATE_CARD = -1
FOREIGN_CARD = -2
EXTRA_CARD = -3
SEAT_OVER = -4
SEAT_SHORT = -5
MISSING_CARD = -6
NOT_STARTED = -7
BAD_SEAT = -8
TRUMP_NOT_WITH_DEALER = -9
CARD_MOVED = -10
TRUMP_DIFFERS_FROM_SLIP = -11

# Reported at the table: by the terminal, the director or an `overplay judge` file.
CARD_FACED_IN_PACK = -20
CARD_EXPOSED_IN_DEAL = -21
SLIP_DIFFERS_FROM_DEAL = -22
DEALT_OUT_OF_TURN = -23
ADVERSARIES_PACK = -24
DEAL_PATTERN_BROKEN = -25
CARD_EXPOSED_TURNING_TRUMP = -26
CARD_EXPOSED_IN_PLAY = -27
NO_DISCARD_BY_FIRST_TRICK = -28
LEAD_BEFORE_DISCARD = -29
LONE_DISCARD_NOT_PASSED = -30
TURNED_DOWN_SUIT_NAMED = -31
NAMED_OUT_OF_TURN = -32
NO_TRUMP_NAMED = -33
TRUMP_CARD_NAMED = -34
PARTNER_DECLARED_UNPASSED = -35
DECLARATION_PASSED_BACK = -36
DEALT_FOR_PARTNER = -37
MORE_THAN_ONE_TURNED_UP = -38
KING_TURNED_UP = -39
HAND_ABANDONED = -40
RENOUNCE = -41
LED_OUT_OF_TURN = -42
NAMED_SUIT_NOT_LED = -43
CARD_TAKEN_BACK = -44
NEW_CARDS_CALLED = -45
CARDS_NOT_KEPT_IN_ORDER = -46
CARD_NOT_TURNED_AND_QUITTED = -47
KING_HELD = -48
PACK_INCORRECT = -49
DECLARED_TRUMP_MATCH = -50
ADVERSARY_DECLARED = -51
DISCARD_TAKEN_BACK = -52
TURNED_DOWN_NOT_SHOWN = -53
TRUMP_CARD_LIFTED = -54
REVOKE = -55

# The sentence for each code: one line a code, in the order of all_codes() (-1 first), its
# constant's name beside it. One string, not a dict of 47: each str constant of a module
# is an object in RAM even when its bytecode runs from flash (docs/firmware.md "Memory").
SENTENCES = (
    "A card was dealt twice: the pack is imperfect.\n"  # DUPLICATE_CARD
    "A card not of this pack was dealt: the pack is incorrect.\n"  # FOREIGN_CARD
    "More cards were dealt than the pack holds.\n"  # EXTRA_CARD
    "A player has more than his correct number of cards.\n"  # SEAT_OVER
    "A player has fewer than his correct number of cards.\n"  # SEAT_SHORT
    "A card of the pack is missing: the pack is incorrect.\n"  # MISSING_CARD
    "A card was read before a deal was started.\n"  # NOT_STARTED
    "A card was put to a seat that is not at this table.\n"  # BAD_SEAT
    "The trump card is not in the dealer's hand.\n"  # TRUMP_NOT_WITH_DEALER
    "A card is in a different hand from the original deal.\n"  # CARD_MOVED
    "On the overplay the dealer turned a trump card other than the one on the trump slip.\n"  # TRUMP_DIFFERS_FROM_SLIP
    "A card was found faced in the pack.\n"  # CARD_FACED_IN_PACK
    "A card was exposed during the deal.\n"  # CARD_EXPOSED_IN_DEAL
    "The trump slip records a different trump from the card turned in the original deal.\n"  # SLIP_DIFFERS_FROM_DEAL
    "The cards were dealt by the wrong player.\n"  # DEALT_OUT_OF_TURN
    "The cards were dealt with the adversaries' pack.\n"  # ADVERSARIES_PACK
    "The cards were not dealt in the required order or packets.\n"  # DEAL_PATTERN_BROKEN
    "In turning the trump card the dealer exposed another card of the pack.\n"  # CARD_EXPOSED_TURNING_TRUMP
    "A card was exposed during the play.\n"  # CARD_EXPOSED_IN_PLAY
    "The dealer played to the first trick without having discarded.\n"  # NO_DISCARD_BY_FIRST_TRICK
    "The eldest hand led before the dealer had quitted his discard.\n"  # LEAD_BEFORE_DISCARD
    "The dealer took up the trump to play alone without passing his discard to his partner.\n"  # LONE_DISCARD_NOT_PASSED
    "A player named the suit already turned down as the new trump.\n"  # TURNED_DOWN_SUIT_NAMED
    "A player named a trump suit out of his turn.\n"  # NAMED_OUT_OF_TURN
    "No player would name a new trump suit.\n"  # NO_TRUMP_NAMED
    "A player named the trump card after it had been taken up or played.\n"  # TRUMP_CARD_NAMED
    "The dealer's partner made the trump without the dealer passing it to him.\n"  # PARTNER_DECLARED_UNPASSED
    "The dealer's partner passed the declaration back to the dealer.\n"  # DECLARATION_PASSED_BACK
    "A player shuffled, cut or dealt for his partner without the adversaries' permission.\n"  # DEALT_FOR_PARTNER
    "The dealer turned up more than one card for trump.\n"  # MORE_THAN_ONE_TURNED_UP
    "The dealer turned up a king as trump.\n"  # KING_TURNED_UP
    "A player abandoned his hand.\n"  # HAND_ABANDONED
    "A player renounced holding the suit led, or did not win a trick when able.\n"  # RENOUNCE
    "A card was led out of turn.\n"  # LED_OUT_OF_TURN
    "The leader named one suit and played another.\n"  # NAMED_SUIT_NOT_LED
    "A player took back a card he had played.\n"  # CARD_TAKEN_BACK
    "A player called for new cards.\n"  # NEW_CARDS_CALLED
    "The played cards were not left in the order played before the score was recorded.\n"  # CARDS_NOT_KEPT_IN_ORDER
    "A player did not place, turn and quit his played card as the law requires.\n"  # CARD_NOT_TURNED_AND_QUITTED
    "A player announced the king of trumps in his hand.\n"  # KING_HELD
    "The pack was found incorrect or imperfect.\n"  # PACK_INCORRECT
    "By unanimous consent a trump suit was declared and no trump card turned.\n"  # DECLARED_TRUMP_MATCH
    "An adversary of the dealer made or passed the trump declaration.\n"  # ADVERSARY_DECLARED
    "The dealer took back his discard after quitting it.\n"  # DISCARD_TAKEN_BACK
    "The dealer turned the trump down without placing it face up under the pack.\n"  # TURNED_DOWN_NOT_SHOWN
    "The trump card was lifted from the pack before its time.\n"  # TRUMP_CARD_LIFTED
    "A player revoked: he held a card of the suit led and played another suit."  # REVOKE
)


def _index(code):
    """code's line in SENTENCES (its place in all_codes()), or -1 for a code not defined."""
    if type(code) is not int or code >= 0:
        return -1
    codes = all_codes()
    return codes.index(code) if code in codes else -1


def name(code):
    """Stable snake_case name of a finding code ('unknown_<n>' for a code not in the table)."""
    if _index(code) >= 0:
        g = globals()
        for k in g:
            if g[k] == code and k.isupper() and type(g[k]) is int:
                return k.lower()
    return "unknown_%d" % -code


def sentence(code):
    """One plain sentence for the table ('Unknown finding <code>.' for a code not in it)."""
    i = _index(code)
    if i < 0:
        return "Unknown finding %d." % code
    start = 0
    for _ in range(i):
        start = SENTENCES.index("\n", start) + 1
    end = SENTENCES.find("\n", start)
    return SENTENCES[start:] if end < 0 else SENTENCES[start:end]


def code_of(finding_name):
    """The code for a finding name ('seat_over'), or 0 if there is none."""
    if not isinstance(finding_name, str) or not finding_name.islower():
        return 0
    code = globals().get(finding_name.upper())
    return code if _index(code) >= 0 else 0


def all_codes():
    """Every finding code, from -1 down: the module's int constants (the order of SENTENCES)."""
    g = globals()
    return tuple(sorted((g[k] for k in g if k.isupper() and type(g[k]) is int), reverse=True))
