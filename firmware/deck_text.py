"""A line for the dealer per deck code (deck.MESSAGES): loaded only when one is shown.

    import shoe.deck as deck
    deck.MESSAGES[deck.OTHER_DECK]      # 'card of another deck: the packs are mixed'
"""

from shoe.deck import (ALREADY_ENROLLED, BAD_UID, FULL, INCOMPLETE, NOT_ENROLLING, OTHER_DECK,
                  UNKNOWN_TAG)

MESSAGES = {
    UNKNOWN_TAG: "unknown tag: not a card of any enrolled deck",
    OTHER_DECK: "card of another deck: the packs are mixed",
    BAD_UID: "tag UID is neither 4 nor 7 bytes",
    ALREADY_ENROLLED: "tag already enrolled: the same card read twice?",
    FULL: "deck table full: forget an old deck first",
    NOT_ENROLLING: "not enrolling a deck",
    INCOMPLETE: "enrolment incomplete: deal the rest of the sorted pack",
}
