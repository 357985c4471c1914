"""The rest of cards.py: parsing, symbols, suit names and the 32-, 24- and 25-card packs.

    from overplay_core import cards
    cards.parse_card("10H"), cards.card_symbol(34), cards.PACK_32     # found here, loaded
                                                                      # on first use

The shoe deals with card ints and names them with cards.card_name; these are for people and
for the other games, so a shoe dealing whist never loads them.
"""

from overplay_core import cards as C
from overplay_core.errors import ParseError

SUIT_SYMBOLS = ("\u2663", "\u2666", "\u2665", "\u2660")  # ♣ ♦ ♥ ♠


def is_card(c):
    """True for a valid card int (0..51, or the joker)."""
    return isinstance(c, int) and 0 <= c <= C.JOKER


def card_symbol(c):
    """Name with a suit symbol for people: 'A♠', 'T♥'; 'Joker' for the joker."""
    if c == C.JOKER:
        return "Joker"
    return C.RANK_LETTERS[c % 13] + SUIT_SYMBOLS[c // 13]


def suit_name(s):
    """'clubs', 'diamonds', 'hearts', 'spades'."""
    return ("clubs", "diamonds", "hearts", "spades", "no trump")[s]


def parse_suit(text):
    """Suit from 'S', 's', '♠', or 'spades'; ParseError otherwise."""
    t = text.strip()
    low = t.lower()
    for s in range(4):
        if low == C.SUIT_LETTERS[s].lower() or t == SUIT_SYMBOLS[s] or low == suit_name(s):
            return s
    raise ParseError("unknown suit %r: use C, D, H or S" % text)


def parse_card(text):
    """Card int from 'AS', 'TH', '10H', 'th', 'A♠' or 'JK'/'joker'; ParseError otherwise."""
    if not isinstance(text, str):
        raise ParseError("card must be a string like 'AS' or '10H', not %r" % (text,))
    t = text.strip()
    if t.lower() in ("jk", "joker"):
        return C.JOKER
    if len(t) < 2:
        raise ParseError("unknown card %r: write rank then suit, like 'AS' or '10H'" % text)
    rank_text = t[:-1].upper()
    if rank_text == "10":
        rank_text = "T"
    if len(rank_text) != 1 or rank_text not in C.RANK_LETTERS:
        raise ParseError("unknown card %r: rank must be one of 2-9, T or 10, J, Q, K, A" % text)
    try:
        s = parse_suit(t[-1])
    except ParseError:
        raise ParseError("unknown card %r: suit must be one of C, D, H, S" % text)
    return C.card(C.RANK_LETTERS.index(rank_text) + 2, s)


def parse_cards(texts):
    """List of card ints from a list of names, or from one string of names split by spaces."""
    if isinstance(texts, str):
        texts = texts.split()
    return [parse_card(t) for t in texts]


def format_cards(cards, symbols=False):
    """Space-separated names, in the order given."""
    name = card_symbol if symbols else C.card_name
    return " ".join([name(c) for c in cards])


def _pack(low_rank, joker=False):
    cards = []
    for s in range(4):
        for r in range(low_rank, C.ACE + 1):
            cards.append(C.card(r, s))
    if joker:
        cards.append(C.JOKER)
    return tuple(cards)


PACK_32 = _pack(7)  # écarté (piquet pack), euchre (the 32-card game)
PACK_24 = _pack(9)  # euchre, 24-card variant (nines up)
PACK_25 = _pack(9, joker=True)  # euchre with the joker as the best bower

PACKS = {52: C.PACK_52, 32: PACK_32, 24: PACK_24, 25: PACK_25}


def pack_of_size(size):
    """The standard pack with that many cards; ParseError for any other size."""
    pack = PACKS.get(size)
    if pack is None:
        raise ParseError("no pack of %d cards: use 52, 32, 24 or 25" % size)
    return pack
