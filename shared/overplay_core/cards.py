"""Cards as small ints, and the packs the four games use.

A card is an int from the moment its tag is read; everything downstream passes ints.

    >>> c = parse_card("10H")           # also "TH", "th", "10♥"
    >>> card_name(c), card_symbol(c)
    ('TH', 'T♥')
    >>> rank_of(c), suit_of(c) == HEARTS
    (10, True)
    >>> len(pack_of_size(32)), PACK_25[-1] == JOKER
    (32, True)

Encoding: card = suit * 13 + (rank - 2), so the 52 cards are 0..51 and a hand or a
deal fits in tables indexed by card. Ranks run 2..14 (ace = 14). Suits ascend in the
order clubs, diamonds, hearts, spades (the bridge order, which bridge whist also uses to
break ties between declarations). The euchre joker (25-card pack) is JOKER = 52.

Invariants: card(), rank_of(), suit_of() and card_name() are pure int arithmetic and allocate
nothing but card_name's string, so the shoe calls them while dealing; the parsers raise
ParseError (one line: what is wrong, what to write instead) and never return a bad card.
"""

from overplay_core.errors import ParseError



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


# whist, duplicate whist, bridge whist: card ints are in pack order
PACK_52 = (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24,
           25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46,
           47, 48, 49, 50, 51)




SUIT_SYMBOLS = ("\u2663", "\u2666", "\u2665", "\u2660")  # ♣ ♦ ♥ ♠


def is_card(c):
    """True for a valid card int (0..51, or the joker)."""
    return isinstance(c, int) and 0 <= c <= JOKER


def card_symbol(c):
    """Name with a suit symbol for people: 'A♠', 'T♥'; 'Joker' for the joker."""
    if c == JOKER:
        return "Joker"
    return RANK_LETTERS[c % 13] + SUIT_SYMBOLS[c // 13]


def suit_name(s):
    """'clubs', 'diamonds', 'hearts', 'spades'."""
    return ("clubs", "diamonds", "hearts", "spades", "no trump")[s]


def parse_suit(text):
    """Suit from 'S', 's', '♠', or 'spades'; ParseError otherwise."""
    t = text.strip()
    low = t.lower()
    for s in range(4):
        if low == SUIT_LETTERS[s].lower() or t == SUIT_SYMBOLS[s] or low == suit_name(s):
            return s
    raise ParseError("unknown suit %r: use C, D, H or S" % text)


def parse_card(text):
    """Card int from 'AS', 'TH', '10H', 'th', 'A♠' or 'JK'/'joker'; ParseError otherwise."""
    if not isinstance(text, str):
        raise ParseError("card must be a string like 'AS' or '10H', not %r" % (text,))
    t = text.strip()
    if t.lower() in ("jk", "joker"):
        return JOKER
    if len(t) < 2:
        raise ParseError("unknown card %r: write rank then suit, like 'AS' or '10H'" % text)
    rank_text = t[:-1].upper()
    if rank_text == "10":
        rank_text = "T"
    if len(rank_text) != 1 or rank_text not in RANK_LETTERS:
        raise ParseError("unknown card %r: rank must be one of 2-9, T or 10, J, Q, K, A" % text)
    try:
        s = parse_suit(t[-1])
    except ParseError:
        raise ParseError("unknown card %r: suit must be one of C, D, H, S" % text)
    return card(RANK_LETTERS.index(rank_text) + 2, s)


def parse_cards(texts):
    """List of card ints from a list of names, or from one string of names split by spaces."""
    if isinstance(texts, str):
        texts = texts.split()
    return [parse_card(t) for t in texts]


def format_cards(cards, symbols=False):
    """Space-separated names, in the order given."""
    name = card_symbol if symbols else card_name
    return " ".join([name(c) for c in cards])


# The smaller packs, each in pack order: clubs, diamonds, hearts, spades, each from its low
# rank to the ace (card = suit * 13 + rank - 2). Written out, not computed: a tuple of
# literals is a constant, in flash on the Pico, where a computed one is built on the heap at
# import (~0.6 KB for the four packs; tests/shared/test_cards.py checks them against the ranks).
PACK_32 = (5, 6, 7, 8, 9, 10, 11, 12, 18, 19, 20, 21, 22, 23, 24, 25,  # écarté, euchre:
           31, 32, 33, 34, 35, 36, 37, 38, 44, 45, 46, 47, 48, 49, 50, 51)  # 7s up (piquet pack)
PACK_24 = (7, 8, 9, 10, 11, 12, 20, 21, 22, 23, 24, 25,  # euchre, 24-card variant: 9s up
           33, 34, 35, 36, 37, 38, 46, 47, 48, 49, 50, 51)
PACK_25 = (7, 8, 9, 10, 11, 12, 20, 21, 22, 23, 24, 25,  # euchre with the joker as the best
           33, 34, 35, 36, 37, 38, 46, 47, 48, 49, 50, 51, 52)  # bower (52: JOKER)


def pack_of_size(size):
    """The standard pack with that many cards; ParseError for any other size."""
    if size == 52:
        return PACK_52
    if size == 32:
        return PACK_32
    if size == 24:
        return PACK_24
    if size == 25:
        return PACK_25
    raise ParseError("no pack of %d cards: use 52, 32, 24 or 25" % size)
