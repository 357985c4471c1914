"""Cards as small ints, and the packs the four games use.

A card is an int from the moment its tag is read; everything downstream passes ints.

    >>> c = parse_card("10H")           # also "TH", "th", "10♥"
    >>> card_name(c), card_symbol(c)
    ('TH', 'T♥')
    >>> rank_of(c), suit_of(c) == HEARTS
    (10, True)

Encoding: card = suit * 13 + (rank - 2), so the 52 cards are 0..51 and a hand or a
deal fits in tables indexed by card. Ranks run 2..14 (ace = 14). Suits ascend in the
order clubs, diamonds, hearts, spades (the bridge order, which bridge whist also uses to
break ties between declarations). The euchre joker (25-card pack) is JOKER = 52.

What the shoe needs while dealing is here; parsing, symbols, suit names and the smaller packs
(PACK_32, PACK_24, PACK_25, PACKS, pack_of_size) are in cards_more.py, loaded on first use:
`cards.parse_card` and `from overplay_core.cards import PACK_32` work as before (the module's
__getattr__ finds them there).
"""


CLUBS = 0
DIAMONDS = 1
HEARTS = 2
SPADES = 3
NO_SUIT = 4  # the joker's "suit": it belongs to whichever suit is trump

JOKER = 52
CARD_COUNT = 53  # size of a table indexed by card (52 cards + joker)

SUIT_LETTERS = "CDHS"
RANK_LETTERS = "23456789TJQKA"

JACK = 11
QUEEN = 12
KING = 13
ACE = 14


def card(rank, suit):
    """The card int of rank 2..14 in suit 0..3 (unchecked: the hot path's constructor)."""
    return suit * 13 + rank - 2


def rank_of(c):
    """Rank 2..14 of a card; the joker has rank 0."""
    if c == JOKER:
        return 0
    return c % 13 + 2


def suit_of(c):
    """Suit 0..3 of a card; NO_SUIT for the joker."""
    if c == JOKER:
        return NO_SUIT
    return c // 13


def card_name(c):
    """ASCII name: 'AS', 'TH', '2C'; 'JK' for the joker."""
    if c == JOKER:
        return "JK"
    return RANK_LETTERS[c % 13] + SUIT_LETTERS[c // 13]


PACK_52 = tuple(range(52))  # whist, duplicate whist, bridge whist: card ints are in pack order


def __getattr__(attr):
    # parse/format, symbols and the other packs: from cards_more, imported on first use
    if not attr.startswith("__"):
        from overplay_core import cards_more

        v = getattr(cards_more, attr, None)
        if v is not None:
            globals()[attr] = v  # found once: a plain attribute from now on
            return v
    raise AttributeError(attr)
