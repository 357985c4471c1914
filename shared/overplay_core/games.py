"""Game profiles: pack, seats, deal pattern, trump method, card ranking, rotation.

    from overplay_core import games
    p = games.profile(games.EUCHRE, games.V_PACKETS_3_2)
    p.seat_of(0, dealer=3)      # -> 0: the first packet goes to the dealer's left
    p.seat_of(p.turn_up_index, 3)   # -> -1: the turn-up stays on the pack
    p.power(card, trump_suit, led_suit)  # trick-taking strength, 0 = cannot win

Seats are numbered clockwise from 0 = North (N, E, S, W). The dealer's left (the eldest hand)
is the next seat clockwise, (dealer + 1) % seats, and the deal passes to the left
(catalogue DW-2, BR-1, EU-3). Two-handed écarté has seats 0 and 1; `dealer` names the seat
that deals and the other seat is the non-dealer, who is served first (Écarté law 8).

A variant is an int of V_* flags (a named setting for each choice the codes leave open; see
docs/laws.md). `variant_from_names(["packets_3_2"])` reads them by name for the judge.

The names (GAME_IDS, VARIANTS, variant_from_names, variant_names) and the profile's
eldest/partner/next_dealer and ranking (effective_suit, rank_value, power) are in
games_more.py, loaded on first use (`games.GAME_IDS`, `p.power(...)` work as before): a shoe
dealing whist never needs them.
Nothing here allocates after `profile()` returns; the seat and ranking helpers are pure int
arithmetic, safe on the shoe's per-card path.
"""

from overplay_core import cards
from overplay_core.errors import RuleError

DUPLICATE_WHIST = 1
BRIDGE_WHIST = 2
EUCHRE = 3
ECARTE = 4

GAME_NAMES = {DUPLICATE_WHIST: "duplicate whist", BRIDGE_WHIST: "bridge whist",
              EUCHRE: "euchre", ECARTE: "écarté"}

# How trump is chosen.
TRUMP_LAST_CARD = 1  # whist: the last card dealt is turned and belongs to the dealer (DW-2)
TRUMP_DECLARED = 2  # declared, no card turned (Bridge "The trump is declared"; DW Law IV §11)
TRUMP_ORDER_UP = 3  # euchre: next card turned on the pack, ordered up / taken up (EU-4, EU-17)
TRUMP_TURN_UP = 4  # écarté: the 11th card turned up from the stock (Écarté law 10)

# The deal pattern: one card at a time, or two packets per hand.
ONE_AT_A_TIME = 0

# Variant flags (bit values are stored in records: never renumber).
V_DECLARED_TRUMP = 0x01  # DW Law IV §11: by unanimous consent a suit is declared, none turned
V_PACKETS_3_2 = 0x02  # euchre/écarté: three then two (default two then three; EU-4, EC law 8)
V_PACK_24 = 0x04  # euchre: 24-card pack, nines up (EU-1)
V_PACK_25 = 0x08  # euchre: 24 cards and the joker as the highest trump (EU-1)
V_LONE_EUCHRED_2 = 0x10  # euchre: a euchred lone hand gives the adversaries 2, not 4 (EU-33)
V_SOMERSET_FORFEIT = 0x20  # euchre: Somerset law 90 for wrong hands instead of excerpt law 23
V_EXCERPT_ONLY = 0x40  # duplicate whist: no gap-filling from Duplicate Auction Law B (DW-14..16)
V_ECARTE_TREBLE = 0x80  # écarté law 46: by agreement a game counts treble/double/single
V_PARTNER_SURPLUS = 0x100  # duplicate whist: Law B(3) lowest/highest when partner held surplus

# Which games each flag applies to: bit g set for game id g, one byte per flag (bit order).
_APPLIES = bytes((1 << DUPLICATE_WHIST, (1 << EUCHRE) | (1 << ECARTE), 1 << EUCHRE, 1 << EUCHRE,
                  1 << EUCHRE, 1 << EUCHRE, 1 << DUPLICATE_WHIST, 1 << ECARTE,
                  1 << DUPLICATE_WHIST))

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

    def __getattr__(self, attr):
        # eldest, partner, next_dealer and the ranking (effective_suit, rank_value, power):
        # from games_more on first use, bound to this profile and kept on it
        from overplay_core import games_more

        f = getattr(games_more, "profile_" + attr, None)
        if f is None:
            raise AttributeError(attr)

        def bound(*args, **kw):
            return f(self, *args, **kw)

        setattr(self, attr, bound)
        return bound


_cache = {}


def profile(game_id, variant=0):
    """The profile of a game (DUPLICATE_WHIST .. ECARTE) under a variant int of V_* flags.

    Profiles are made once and shared. RuleError for an unknown game or a variant flag that
    does not apply to the game.
    """
    key = (game_id, variant)
    p = _cache.get(key)
    if p is None:
        for i in range(len(_APPLIES)):
            if variant & (1 << i) and not _APPLIES[i] >> game_id & 1 and game_id in GAME_NAMES:
                from overplay_core import games_more

                raise RuleError("variant %r does not apply to %s"
                                % (games_more.VARIANTS[i][0], GAME_NAMES[game_id]))
        if variant & ~0x1FF:
            raise RuleError("unknown variant bits 0x%x" % variant)
        if variant & V_PACK_24 and variant & V_PACK_25:
            raise RuleError("variants pack_24 and pack_25 exclude each other")
        p = Profile(game_id, variant)
        _cache[key] = p
    return p


def __getattr__(attr):
    # GAME_IDS, VARIANTS, variant_from_names, variant_names: from games_more on first use
    if not attr.startswith("_"):
        from overplay_core import games_more

        v = getattr(games_more, attr, None)
        if v is not None:
            globals()[attr] = v  # found once: a plain attribute from now on
            return v
    raise AttributeError(attr)
