"""Game profiles: pack, seats, deal pattern, trump method, card ranking, rotation; variants.

    from overplay_core import games
    p = games.profile(games.EUCHRE, games.V_PACKETS_3_2)
    p.seat_of(0, dealer=3)      # -> 0: the first packet goes to the dealer's left
    p.seat_of(p.turn_up_index, 3)   # -> -1: the turn-up stays on the pack
    p.power(card, trump_suit, led_suit)  # trick-taking strength, 0 = cannot win
    games.variant_from_names(games.EUCHRE, ["pack_24"])   # -> V_PACK_24

Seats are numbered clockwise from 0 = North (N, E, S, W). The dealer's left (the eldest hand)
is the next seat clockwise, (dealer + 1) % seats, and the deal passes to the left
(catalogue DW-2, BR-1, EU-3). Two-handed écarté has seats 0 and 1; `dealer` names the seat
that deals and the other seat is the non-dealer, who is served first (Écarté law 8).

A variant is an int of V_* flags (a named setting for each choice the codes leave open; see
docs/laws.md). VARIANTS is the one table of them: name, flag and the games it applies to, in
bit order; profile() and variant_from_names() both check a variant against it.

Invariants: profiles are made once per (game, variant) and shared; nothing allocates after
profile() returns: seat_of and the ranking methods are pure int arithmetic, safe on the
shoe's per-card path.
"""


from overplay_core import cards
from overplay_core.compat import const
from overplay_core.errors import RuleError

DUPLICATE_WHIST = const(1)
BRIDGE_WHIST = const(2)
EUCHRE = const(3)
ECARTE = const(4)

GAME_NAMES = {DUPLICATE_WHIST: "duplicate whist", BRIDGE_WHIST: "bridge whist",
              EUCHRE: "euchre", ECARTE: "écarté"}

# How trump is chosen.
TRUMP_LAST_CARD = const(1)  # whist: the last card dealt is turned and belongs to the dealer (DW-2)
TRUMP_DECLARED = const(2)  # declared, none turned (Bridge "The trump is declared"; DW Law IV §11)
TRUMP_ORDER_UP = const(3)  # euchre: next card turned on the pack, ordered / taken up (EU-4, EU-17)
TRUMP_TURN_UP = const(4)  # écarté: the 11th card turned up from the stock (Écarté law 10)

# The deal pattern: one card at a time, or two packets per hand.
ONE_AT_A_TIME = const(0)

# Variant flags (bit values are stored in records: never renumber).
V_DECLARED_TRUMP = const(0x01)  # DW Law IV §11: by unanimous consent a suit declared, none turned
V_PACKETS_3_2 = const(0x02)  # euchre/écarté: three then two (default 2 then 3; EU-4, EC law 8)
V_PACK_24 = const(0x04)  # euchre: 24-card pack, nines up (EU-1)
V_PACK_25 = const(0x08)  # euchre: 24 cards and the joker as the highest trump (EU-1)
V_LONE_EUCHRED_2 = const(0x10)  # euchre: a euchred lone hand gives the adversaries 2, not 4 (EU-33)
V_SOMERSET_FORFEIT = const(0x20)  # euchre: Somerset law 90 for wrong hands, not excerpt law 23
V_EXCERPT_ONLY = const(0x40)  # duplicate whist: no gap-filling from Dup. Auction Law B (DW-14..16)
V_ECARTE_TREBLE = const(0x80)  # écarté law 46: by agreement a game counts treble/double/single
V_PARTNER_SURPLUS = const(0x100)  # dup. whist: Law B(3) lowest/highest when partner held surplus

GAME_IDS = {"duplicate_whist": DUPLICATE_WHIST, "bridge_whist": BRIDGE_WHIST,
            "euchre": EUCHRE, "ecarte": ECARTE}

# (name, flag, games it applies to), in bit order: the one table of variants. Its flags and
# games are const(): a tuple of literals, in flash on the Pico (not built on the heap).
VARIANTS = (
    ("declared_trump", V_DECLARED_TRUMP, (DUPLICATE_WHIST,)),
    ("packets_3_2", V_PACKETS_3_2, (EUCHRE, ECARTE)),
    ("pack_24", V_PACK_24, (EUCHRE,)),
    ("pack_25", V_PACK_25, (EUCHRE,)),
    ("lone_euchred_2", V_LONE_EUCHRED_2, (EUCHRE,)),
    ("somerset_forfeit", V_SOMERSET_FORFEIT, (EUCHRE,)),
    ("excerpt_only", V_EXCERPT_ONLY, (DUPLICATE_WHIST,)),
    ("ecarte_treble", V_ECARTE_TREBLE, (ECARTE,)),
    ("partner_surplus", V_PARTNER_SURPLUS, (DUPLICATE_WHIST,)),
)

SEAT_NAMES = ("N", "E", "S", "W")


class Profile:
    """One game under one variant. Read the attributes; call the int helpers."""

    def __init__(self, game, variant):
        if game not in GAME_NAMES:
            raise RuleError("unknown game %r: use 1 duplicate whist, 2 bridge whist, "
                            "3 euchre or 4 écarté" % (game,))
        self.game = game
        self.variant = variant
        self.name = GAME_NAMES[game]
        self.packets = (ONE_AT_A_TIME, ONE_AT_A_TIME)
        self.packets_fixed_for = ""  # EU-4: the packets are fixed for the deal; EC law 8: game
        self.misdeal_passes = False  # DW-3, BR-8: the misdealer deals again
        if game in (DUPLICATE_WHIST, BRIDGE_WHIST):
            self.pack = cards.PACK_52
            self.seats = 4
            self.hand_size = 13
            if game == BRIDGE_WHIST or variant & V_DECLARED_TRUMP:
                self.trump_method = TRUMP_DECLARED  # BR-1; DW Law IV §11
                self.turn_up_index = -1
            else:
                self.trump_method = TRUMP_LAST_CARD  # DW-2: the 52nd card, the dealer's
                self.turn_up_index = 51
            self.deal_cards = 52
        elif game == EUCHRE:
            if variant & V_PACK_25:
                self.pack = cards.PACK_25
            elif variant & V_PACK_24:
                self.pack = cards.PACK_24
            else:
                self.pack = cards.PACK_32
            self.seats = 4
            self.hand_size = 5
            self.trump_method = TRUMP_ORDER_UP
            self.turn_up_index = 20  # EU-4: 20 dealt, the 21st turned
            self.deal_cards = 21
            self.misdeal_passes = True  # EU-12: a misdeal loses the deal
        else:  # ECARTE
            self.pack = cards.PACK_32
            self.seats = 2
            self.hand_size = 5
            self.trump_method = TRUMP_TURN_UP
            self.turn_up_index = 10  # Écarté law 10: the top card of those remaining
            self.deal_cards = 11
        if game in (EUCHRE, ECARTE):
            # EU-4, Écarté law 8: two then three, or three then two.
            self.packets = (3, 2) if variant & V_PACKETS_3_2 else (2, 3)
            self.packets_fixed_for = "deal" if game == EUCHRE else "game"
        self.dealt = self.hand_size * self.seats  # cards that go into hands
        # Membership table indexed by card: 1 = belongs to this pack.
        self.in_pack = bytearray(cards.CARD_COUNT)
        for c in self.pack:
            self.in_pack[c] = 1

    def seat_of(self, n, dealer):
        """Seat the n-th card dealt (0-based) goes to, or -1 (turn-up on the stock, stock)."""
        seats = self.seats
        if n < 0 or n >= self.dealt:
            return -1
        first = self.packets[0]
        if first == ONE_AT_A_TIME:
            # DW-2, BR-1: one at a time in rotation from the dealer's left.
            return (dealer + 1 + n) % seats
        round1 = first * seats
        if n < round1:
            return (dealer + 1 + n // first) % seats
        return (dealer + 1 + (n - round1) // self.packets[1]) % seats

    def eldest(self, dealer):
        """The eldest hand: the player on the dealer's left (Bridge, Euchre law 20)."""
        return (dealer + 1) % self.seats

    def partner(self, seat):
        """Partner's seat in the four-handed games; -1 in écarté."""
        if self.seats != 4:
            return -1
        return (seat + 2) % 4

    def next_dealer(self, dealer, misdeal=False):
        """Who deals next: the deal passes to the left; after a misdeal only if the game says.

        DW-3: a misdealer deals again; EU-12: in euchre a misdeal loses the deal.
        """
        if misdeal and not self.misdeal_passes:
            return dealer
        return (dealer + 1) % self.seats

    def effective_suit(self, c, trump):
        """The suit a card follows: in euchre the left bower and joker belong to trump (EU-2)."""
        if self.game == EUCHRE and trump < 4:
            if c == cards.JOKER:
                return trump
            if c < 52 and c % 13 == cards.JACK - 2 and c // 13 == 3 - trump:
                return trump  # same colour: clubs/spades (0, 3), diamonds/hearts (1, 2)
        return cards.suit_of(c)

    def rank_value(self, c, trump):
        """Order of a card within its (effective) suit: higher beats lower."""
        r = cards.rank_of(c)
        if self.game == ECARTE:
            # EC-1: king high, then Q J A 10 9 8 7.
            if r == cards.KING:
                return 20
            if r == cards.QUEEN:
                return 19
            if r == cards.JACK:
                return 18
            if r == cards.ACE:
                return 17
            return r
        if self.game == EUCHRE and trump < 4 and self.effective_suit(c, trump) == trump:
            # EU-2: joker (25-card pack), right bower, left bower, then A K Q 10 9 8 7.
            if c == cards.JOKER:
                return 23
            if r == cards.JACK:
                return 22 if c // 13 == trump else 21
        return r

    def power(self, c, trump, led):
        """Strength of a card in a trick: 0 if it can win nothing (neither trump nor led suit).

        `trump` is a suit 0..3 or cards.NO_SUIT for no trumps; `led` is the led card's
        effective suit. Trumps beat every card of another suit (EC-1, EU-2).
        """
        s = self.effective_suit(c, trump)
        if s == trump:
            return 100 + self.rank_value(c, trump)
        if s == led:
            return self.rank_value(c, trump)
        return 0


_cache = {}


def profile(game_id, variant=0):
    """The profile of a game (DUPLICATE_WHIST .. ECARTE) under a variant int of V_* flags.

    Profiles are made once and shared. RuleError for an unknown game or a variant flag that
    does not apply to the game.
    """
    key = (game_id, variant)
    p = _cache.get(key)
    if p is None:
        known = 0
        for vname, bit, applies in VARIANTS:
            known |= bit
            if variant & bit and game_id not in applies and game_id in GAME_NAMES:
                raise RuleError("variant %r does not apply to %s" % (vname, GAME_NAMES[game_id]))
        if variant & ~known:
            raise RuleError("unknown variant bits 0x%x" % variant)
        if variant & V_PACK_24 and variant & V_PACK_25:
            raise RuleError("variants pack_24 and pack_25 exclude each other")
        p = Profile(game_id, variant)
        _cache[key] = p
    return p



def variant_from_names(game, names):
    """The variant int for a list of variant names; RuleError naming an unknown one."""
    v = 0
    for name in names:
        for vname, bit, allowed in VARIANTS:
            if vname == name:
                if game not in allowed:
                    raise RuleError("variant %r does not apply to %s" % (name, GAME_NAMES[game]))
                v |= bit
                break
        else:
            raise RuleError("unknown variant %r: use one of %s"
                            % (name, ", ".join([x[0] for x in VARIANTS])))
    return v


def variant_names(variant):
    """Names of the flags set in a variant int, in table order."""
    return [name for name, bit, _ in VARIANTS if variant & bit]
