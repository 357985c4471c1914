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

Invariants: every code is a module-level constant below, with its sentence beside it in
SENTENCES; a code's name is its constant's name in lower case (name() and code_of() read it
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

# The sentence for each code, in code order (-1 first), beside its constant's name.
SENTENCES = {
    DUPLICATE_CARD: 'A card was dealt twice: the pack is imperfect.',
    FOREIGN_CARD: 'A card not of this pack was dealt: the pack is incorrect.',
    EXTRA_CARD: 'More cards were dealt than the pack holds.',
    SEAT_OVER: 'A player has more than his correct number of cards.',
    SEAT_SHORT: 'A player has fewer than his correct number of cards.',
    MISSING_CARD: 'A card of the pack is missing: the pack is incorrect.',
    NOT_STARTED: 'A card was read before a deal was started.',
    BAD_SEAT: 'A card was put to a seat that is not at this table.',
    TRUMP_NOT_WITH_DEALER: "The trump card is not in the dealer's hand.",
    CARD_MOVED: 'A card is in a different hand from the original deal.',
    TRUMP_DIFFERS_FROM_SLIP: 'On the overplay the dealer turned a trump card other than the one on the trump slip.',
    CARD_FACED_IN_PACK: 'A card was found faced in the pack.',
    CARD_EXPOSED_IN_DEAL: 'A card was exposed during the deal.',
    SLIP_DIFFERS_FROM_DEAL: 'The trump slip records a different trump from the card turned in the original deal.',
    DEALT_OUT_OF_TURN: 'The cards were dealt by the wrong player.',
    ADVERSARIES_PACK: "The cards were dealt with the adversaries' pack.",
    DEAL_PATTERN_BROKEN: 'The cards were not dealt in the required order or packets.',
    CARD_EXPOSED_TURNING_TRUMP: 'In turning the trump card the dealer exposed another card of the pack.',
    CARD_EXPOSED_IN_PLAY: 'A card was exposed during the play.',
    NO_DISCARD_BY_FIRST_TRICK: 'The dealer played to the first trick without having discarded.',
    LEAD_BEFORE_DISCARD: 'The eldest hand led before the dealer had quitted his discard.',
    LONE_DISCARD_NOT_PASSED: 'The dealer took up the trump to play alone without passing his discard to his partner.',
    TURNED_DOWN_SUIT_NAMED: 'A player named the suit already turned down as the new trump.',
    NAMED_OUT_OF_TURN: 'A player named a trump suit out of his turn.',
    NO_TRUMP_NAMED: 'No player would name a new trump suit.',
    TRUMP_CARD_NAMED: 'A player named the trump card after it had been taken up or played.',
    PARTNER_DECLARED_UNPASSED: "The dealer's partner made the trump without the dealer passing it to him.",
    DECLARATION_PASSED_BACK: "The dealer's partner passed the declaration back to the dealer.",
    DEALT_FOR_PARTNER: "A player shuffled, cut or dealt for his partner without the adversaries' permission.",
    MORE_THAN_ONE_TURNED_UP: 'The dealer turned up more than one card for trump.',
    KING_TURNED_UP: 'The dealer turned up a king as trump.',
    HAND_ABANDONED: 'A player abandoned his hand.',
    RENOUNCE: 'A player renounced holding the suit led, or did not win a trick when able.',
    LED_OUT_OF_TURN: 'A card was led out of turn.',
    NAMED_SUIT_NOT_LED: 'The leader named one suit and played another.',
    CARD_TAKEN_BACK: 'A player took back a card he had played.',
    NEW_CARDS_CALLED: 'A player called for new cards.',
    CARDS_NOT_KEPT_IN_ORDER: 'The played cards were not left in the order played before the score was recorded.',
    CARD_NOT_TURNED_AND_QUITTED: 'A player did not place, turn and quit his played card as the law requires.',
    KING_HELD: 'A player announced the king of trumps in his hand.',
    PACK_INCORRECT: 'The pack was found incorrect or imperfect.',
    DECLARED_TRUMP_MATCH: 'By unanimous consent a trump suit was declared and no trump card turned.',
    ADVERSARY_DECLARED: 'An adversary of the dealer made or passed the trump declaration.',
    DISCARD_TAKEN_BACK: 'The dealer took back his discard after quitting it.',
    TURNED_DOWN_NOT_SHOWN: 'The dealer turned the trump down without placing it face up under the pack.',
    TRUMP_CARD_LIFTED: 'The trump card was lifted from the pack before its time.',
    REVOKE: 'A player revoked: he held a card of the suit led and played another suit.',
}


def name(code):
    """Stable snake_case name of a finding code ('unknown_<n>' for a code not in the table)."""
    if code in SENTENCES:
        g = globals()
        for k in g:
            if g[k] == code and k.isupper() and type(g[k]) is int:
                return k.lower()
    return "unknown_%d" % -code


def sentence(code):
    """One plain sentence for the table ('Unknown finding <code>.' for a code not in it)."""
    return SENTENCES.get(code, "Unknown finding %d." % code)


def code_of(finding_name):
    """The code for a finding name ('seat_over'), or 0 if there is none."""
    if not isinstance(finding_name, str) or not finding_name.islower():
        return 0
    code = globals().get(finding_name.upper())
    return code if type(code) is int and code in SENTENCES else 0


def all_codes():
    """Every finding code, from -1 down (the order of SENTENCES)."""
    return tuple(sorted(SENTENCES, reverse=True))
