"""Readers for the values of a judge file: seats, cards, suits, hands (base of laws_case.Case).

    case.seat("E", "events[2].seat")     # -> 1, or ParseError naming the field
    case.card("10H", "trump_slip")       # -> card int

Each reader raises ParseError / RuleError with one line naming the field and the bad value.
"""

from overplay_core import cards, games
from overplay_core.errors import ParseError, RuleError

ECARTE_SEATS = ("dealer", "non_dealer")
_SEAT_WORDS = ("north", "east", "south", "west")


def _int(value, what, low, high):
    if isinstance(value, bool) or not isinstance(value, int) or value < low or value > high:
        raise RuleError("%s must be a whole number %d to %d, not %r" % (what, low, high, value))
    return value


def _no_trumps(value):
    """"NT", "no trumps", "No-Trump", "notrumps" ...: no trump suit."""
    if not isinstance(value, str):
        return False
    low = value.strip().lower().replace(" ", "").replace("-", "").replace("_", "")
    return low in ("nt", "notrump", "notrumps")


class Reader:
    """Value readers; the subclass sets game, seats and dealer."""

    def seat(self, value, what, relative=True):
        if isinstance(value, str):
            low = value.strip().lower().replace("-", "_").replace(" ", "_")
            if self.game == games.ECARTE and low in ECARTE_SEATS:
                if not relative:
                    if low == "dealer":
                        return 0  # "the dealer deals": seats are then named relative to him
                    raise ParseError("%s must be 0 or 1 (or \"dealer\") in écarté" % what)
                return self.dealer if low == "dealer" else 1 - self.dealer
            if self.seats == 4:
                for i in range(4):
                    if low == _SEAT_WORDS[i] or low == _SEAT_WORDS[i][0]:
                        return i
        if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < self.seats:
            return value
        if self.seats == 2:
            raise ParseError("unknown seat %r in %s: use \"dealer\", \"non_dealer\", 0 or 1"
                             % (value, what))
        raise ParseError("unknown seat %r in %s: use N, E, S, W or 0-3" % (value, what))

    def seat_list(self, values, what):
        if isinstance(values, (str, int)):
            values = [values]  # one seat written alone
        if not isinstance(values, list):
            raise ParseError("%s must be a list of seats" % what)
        return [self.seat(v, what) for v in values]

    def seat_name(self, seat):
        if self.seats == 2:
            return "dealer" if seat == self.dealer else "non_dealer"
        return games.SEAT_NAMES[seat]

    def _seat_ints(self, value, what, high):
        if value is None:
            return None
        if not isinstance(value, dict):
            raise ParseError("%s must map seats to numbers" % what)
        out = {}
        for k, v in value.items():
            out[self.seat(k, what)] = _int(v, what + "." + str(k), 0, high)
        return out

    def card(self, value, what):
        if isinstance(value, str):
            value = value.replace(" ", "")
        try:
            c = cards.parse_card(value)
        except ParseError as e:
            raise ParseError("%s: %s" % (what, e))
        return c

    def card_list(self, values, what):
        if not isinstance(values, list):
            raise ParseError("%s must be a list of cards" % what)
        return [self.card(v, "%s[%d]" % (what, i)) for i, v in enumerate(values)]

    def suit(self, value, what):
        if _no_trumps(value):
            return cards.NO_SUIT
        try:
            return cards.parse_suit(value) if isinstance(value, str) else cards.parse_suit("")
        except ParseError:
            raise ParseError("%s: unknown suit %r: use C, D, H, S or NT" % (what, value))

    def card_or_suit(self, value, what):
        """The trump slip: a card ('KH'), or only a suit when the trump was declared."""
        if not isinstance(value, str):
            raise ParseError("%s must be a card like \"KH\" or a suit like \"H\"" % what)
        low = value.strip().lower()
        if len(low) <= 1 or _no_trumps(value) or low in ("clubs", "diamonds", "hearts", "spades"):
            return -1, self.suit(value, what)
        c = self.card(value, what)
        return c, cards.suit_of(c)

    def hand_map(self, value, what):
        if not isinstance(value, dict):
            raise ParseError("%s must map seats to lists of cards" % what)
        out = {}
        for k, v in value.items():
            s = self.seat(k, what)
            if s in out:
                raise RuleError("%s: seat %r given twice" % (what, k))
            out[s] = self.card_list(v, "%s.%s" % (what, k))
        return out
