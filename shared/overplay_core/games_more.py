"""The rest of games.py: game and variant names, and a profile's rotation and card ranking.

    from overplay_core import games
    games.GAME_IDS["euchre"], games.variant_from_names(games.EUCHRE, ["pack_24"])
    p = games.profile(games.EUCHRE); p.power(card, trump, led)    # found here, on first use

games.py keeps what a dealing shoe uses (profiles, seat_of); these serve the laws engine,
the judge and the host, so the shoe loads them only when something is ruled on.
"""

from overplay_core import cards
from overplay_core import games as G
from overplay_core.errors import RuleError

GAME_IDS = {"duplicate_whist": G.DUPLICATE_WHIST, "bridge_whist": G.BRIDGE_WHIST,
            "euchre": G.EUCHRE, "ecarte": G.ECARTE}

# (name, flag, games it applies to), in bit order (games._APPLIES holds the same games)
VARIANTS = (
    ("declared_trump", G.V_DECLARED_TRUMP, (G.DUPLICATE_WHIST,)),
    ("packets_3_2", G.V_PACKETS_3_2, (G.EUCHRE, G.ECARTE)),
    ("pack_24", G.V_PACK_24, (G.EUCHRE,)),
    ("pack_25", G.V_PACK_25, (G.EUCHRE,)),
    ("lone_euchred_2", G.V_LONE_EUCHRED_2, (G.EUCHRE,)),
    ("somerset_forfeit", G.V_SOMERSET_FORFEIT, (G.EUCHRE,)),
    ("excerpt_only", G.V_EXCERPT_ONLY, (G.DUPLICATE_WHIST,)),
    ("ecarte_treble", G.V_ECARTE_TREBLE, (G.ECARTE,)),
    ("partner_surplus", G.V_PARTNER_SURPLUS, (G.DUPLICATE_WHIST,)),
)


def variant_from_names(game, names):
    """The variant int for a list of variant names; RuleError naming an unknown one."""
    v = 0
    for name in names:
        for vname, bit, allowed in VARIANTS:
            if vname == name:
                if game not in allowed:
                    raise RuleError("variant %r does not apply to %s" % (name, G.GAME_NAMES[game]))
                v |= bit
                break
        else:
            raise RuleError("unknown variant %r: use one of %s"
                            % (name, ", ".join([x[0] for x in VARIANTS])))
    return v


def variant_names(variant):
    """Names of the flags set in a variant int, in table order."""
    return [name for name, bit, _ in VARIANTS if variant & bit]



# --- a profile's methods (games.Profile finds them here as p.eldest, p.power, ...)


def profile_eldest(self, dealer):
    """The eldest hand: the player on the dealer's left (Bridge, Euchre law 20)."""
    return (dealer + 1) % self.seats


def profile_partner(self, seat):
    """Partner's seat in the four-handed games; -1 in écarté."""
    if self.seats != 4:
        return -1
    return (seat + 2) % 4


def profile_next_dealer(self, dealer, misdeal=False):
    """Who deals next: the deal passes to the left; after a misdeal only if the game says.

    DW-3: a misdealer deals again; EU-12: in euchre a misdeal loses the deal.
    """
    if misdeal and not self.misdeal_passes:
        return dealer
    return (dealer + 1) % self.seats


def profile_effective_suit(self, c, trump):
    """The suit a card follows: in euchre the left bower and joker belong to trump (EU-2)."""
    if self.game == G.EUCHRE and trump < 4:
        if c == cards.JOKER:
            return trump
        if c < 52 and c % 13 == cards.JACK - 2 and c // 13 == 3 - trump:
            return trump  # same colour: clubs/spades (0, 3), diamonds/hearts (1, 2)
    return cards.suit_of(c)


def profile_rank_value(self, c, trump):
    """Order of a card within its (effective) suit: higher beats lower."""
    r = cards.rank_of(c)
    if self.game == G.ECARTE:
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
    if self.game == G.EUCHRE and trump < 4 and profile_effective_suit(self, c, trump) == trump:
        # EU-2: joker (25-card pack), right bower, left bower, then A K Q 10 9 8 7.
        if c == cards.JOKER:
            return 23
        if r == cards.JACK:
            return 22 if c // 13 == trump else 21
    return r


def profile_power(self, c, trump, led):
    """Strength of a card in a trick: 0 if it can win nothing (neither trump nor led suit).

    `trump` is a suit 0..3 or cards.NO_SUIT for no trumps; `led` is the led card's
    effective suit. Trumps beat every card of another suit (EC-1, EU-2).
    """
    s = profile_effective_suit(self, c, trump)
    if s == trump:
        return 100 + profile_rank_value(self, c, trump)
    if s == led:
        return profile_rank_value(self, c, trump)
    return 0
