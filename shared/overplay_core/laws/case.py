"""One deal to be judged: a checked, normalised form of the `overplay judge` input.

    case = Case(json.loads(text))   # ParseError / RuleError with a one-line reason
    case.phase, case.tables, case.events[0].phase, case.seat_name(0)

The input format is documented in docs/judge.md. Time is a phase (PHASES, in order); each
event carries the phase it happened in (its own "phase", else the last phase marker before it
in the list, else the context phase, the moment the facts were discovered) and what had
happened by then: which seats had looked at or touched their cards or played a card.
"""

from overplay_core import cards, games
from overplay_core import findings as F
from overplay_core.errors import ParseError, RuleError

# --- readers for the values of a judge file: seats, cards, suits, hands (Case's base)

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


# --- the case

PHASES = ("deal", "deal_completed", "trump_turned", "play_begun", "first_trick_quitted",
          "deal_played", "next_deal")
DEAL, DEAL_COMPLETED, TRUMP_TURNED, PLAY_BEGUN, FIRST_TRICK, DEAL_PLAYED, NEXT_DEAL = range(7)
PHASE_ALIASES = {"dealing": DEAL, "during_deal": DEAL, "before_play": DEAL_COMPLETED,
                 "after_deal": DEAL_COMPLETED, "before_overplay": DEAL_COMPLETED,
                 "play": PLAY_BEGUN, "overplay_begun": PLAY_BEGUN,
                 "after_play_began": PLAY_BEGUN, "after_first_trick": FIRST_TRICK}

# Events that only move the clock on: the phase names. The other event types are kept as one
# space-delimited string each (a tuple of 50 strings costs some 4 KB more on the device).
MARKERS = PHASES
# Events that record a seat's state.
STATE_EVENTS = (" looked_at_cards touched_cards played discard_quitted doubling_declared"
                " claim_new_deal choice declare pass order_up take_up name_trump propose accept"
                " refuse play_without_proposing cut_for_next_deal ")
# Irregularities and acts judged by the laws modules (see docs/judge.md for each).
FACT_EVENTS = (" card_faced_in_pack card_exposed_in_deal card_exposed_turning_trump"
               " card_exposed_in_play dealt_out_of_turn adversaries_pack deal_pattern_broken"
               " pack_incorrect trump_card_named lead_before_discard discard_taken_back"
               " lone_without_passing_discard dealt_for_partner more_than_one_turned_up"
               " hand_abandoned renounce led_out_of_turn named_suit_not_led card_taken_back"
               " new_cards_called cards_not_kept_in_order card_not_turned_and_quitted king_held"
               " card_faced_on_overplay no_discard_by_first_trick turned_down_not_shown"
               " trump_card_lifted revoke ")


def is_fact(t):
    """Is this an irregularity event type (judged by a laws module)?"""
    return isinstance(t, str) and " " not in t and (" %s " % t) in FACT_EVENTS


def is_event(t):
    """Is this any known event type?"""
    return t in MARKERS or is_fact(t) or (
        isinstance(t, str) and " " not in t and (" %s " % t) in STATE_EVENTS)


def event_types():
    """Every event type, phases first (for docs and tests)."""
    return list(MARKERS) + STATE_EVENTS.split() + FACT_EVENTS.split()


# A finding given in the input that is also an event type is judged as that event.
FINDING_EVENTS = {"lone_discard_not_passed": "lone_without_passing_discard",
                  "card_faced_on_overplay": "card_faced_in_pack"}
# The options a player may take ("choice" events); see docs/judge.md.
CHOICES = (" stand new_deal compel rectify choose_trump replay require_named_suit"
           " play_to_card_led highest_trump lowest_trump partner_plays ")
CHOICE_ALIASES = {"fresh_deal": "new_deal", "played_again": "replay", "play_again": "replay",
                  "named_suit": "require_named_suit", "let_stand": "stand",
                  "highest": "highest_trump", "lowest": "lowest_trump",
                  "insist": "partner_plays"}
_GAME_ALIASES = {"\u00e9cart\u00e9": "ecarte", "bridge": "bridge_whist", "duplicate": "duplicate_whist",
                 "whist": "duplicate_whist"}


class Event:
    """One timed event: type, seat (-1 if none), card/suit (-1), the phase, what had happened."""

    def __init__(self, index, etype, seat, data, phase, looked, touched, played):
        self.index = index
        self.type = etype
        self.seat = seat
        self.data = data
        self.phase = phase
        self.looked = looked  # set of seats that had looked at their cards before this event
        self.touched = touched  # seats in the order they touched their cards, before this event
        self.played = played  # seats that had played a card before this event
        self.card = -1
        self.suit = -1

    def get(self, key, default=None):
        return self.data.get(key, default)


# The context keys (any but "overplay" and "comment" may also be written at the top level).
_CONTEXT_KEYS = ("tables", "phase", "overplay", "dealer", "played_with_wrong_trump",
                 "looked_at_cards", "touched_cards", "played", "dummy", "lone", "scores",
                 "ns_tricks_elsewhere", "comment")


def norm(text):
    """A name as typed ("Play Begun", "play-begun") in its canonical form ("play_begun")."""
    if not isinstance(text, str):
        return text
    return text.strip().lower().replace(" ", "_").replace("-", "_")


def parse_phase(text, what="phase"):
    if not isinstance(text, str):
        raise ParseError("%s must be a phase name, not %r" % (what, text))
    shown = text
    text = norm(text)
    if text in PHASE_ALIASES:
        return PHASE_ALIASES[text]
    if text in PHASES:
        return PHASES.index(text)
    raise ParseError("unknown %s %r: use one of %s" % (what, shown, ", ".join(PHASES)))


class Case(Reader):
    """A judged deal. Attributes are plain ints, lists and dicts; see docs/judge.md."""

    def __init__(self, data):
        if not isinstance(data, dict):
            raise ParseError("judge input must be a JSON object, not %s" % type(data).__name__)
        for key in data:
            if key not in ("game", "variants", "context", "deal", "hands", "trump_slip",
                           "trump_turned", "overplay", "events", "findings", "result",
                           "comment") and (
                    key not in _CONTEXT_KEYS):
                raise ParseError("unknown key %r at the top level" % key)
        g = data.get("game")
        if isinstance(g, str):
            g = g.strip().lower().replace(" ", "_").replace("-", "_")
            g = _GAME_ALIASES.get(g, g)
        if not isinstance(g, str) or g not in games.GAME_IDS:
            raise ParseError("unknown game %r: use one of %s"
                             % (data.get("game"), ", ".join(games.GAME_IDS)))
        self.game_name = g
        self.game = games.GAME_IDS[g]
        names = data.get("variants", [])
        if isinstance(names, str):
            names = [names]
        if isinstance(names, list):
            names = [norm(n) for n in names]
        if not isinstance(names, list):
            raise ParseError("variants must be a list of names, not %r" % (names,))
        self.variant = games.variant_from_names(self.game, names)
        self.profile = games.profile(self.game, self.variant)
        self.seats = self.profile.seats
        self._context(data)
        self._cards(data)
        self._given(data.get("findings", []))
        self._events(data.get("events", []))
        self.result = data.get("result")  # the result of play: read by the host (overplay.judge_marks)

    def _context(self, data):
        ctx = data.get("context", {})
        if not isinstance(ctx, dict):
            raise ParseError("context must be an object")
        for key in _CONTEXT_KEYS[:-1]:  # a context key written at the top level
            if key != "overplay" and key in data:
                if key in ctx:
                    raise ParseError("%r given both at the top level and in context" % key)
                ctx = dict(ctx)
                ctx[key] = data[key]
        for key in ctx:
            if key not in _CONTEXT_KEYS:
                raise ParseError("unknown key %r in context" % key)
        self.dealer = 0
        if "dealer" in ctx:
            self.dealer = self.seat(ctx["dealer"], "context.dealer", relative=False)
        tables = ctx.get("tables", 1)
        if isinstance(tables, str) and tables.strip().isdigit():
            tables = int(tables.strip())
        self.tables = _int(tables, "context.tables", 1, 999)
        self.phase = parse_phase(ctx.get("phase", "deal_completed"), "context.phase")
        self.overplay = bool(ctx.get("overplay", data.get("overplay") is not None))
        self.overplay_stated = "overplay" in ctx
        if self.overplay and self.game != games.DUPLICATE_WHIST:
            raise RuleError("an overplay happens only in duplicate whist, not in %s"
                            % self.game_name)
        wrong = ctx.get("played_with_wrong_trump", 0)
        self.played_wrong = _int(int(wrong) if isinstance(wrong, bool) else wrong,
                                 "context.played_with_wrong_trump", 0, 999)
        self.dummy = self.seat(ctx["dummy"], "context.dummy") if "dummy" in ctx else -1
        self.lone = self.seat(ctx["lone"], "context.lone") if "lone" in ctx else -1
        ns = ctx.get("ns_tricks_elsewhere", [])
        if not isinstance(ns, list):
            raise ParseError("context.ns_tricks_elsewhere must be a list of N-S trick counts")
        self.ns_elsewhere = [_int(t, "context.ns_tricks_elsewhere", 0, 13) for t in ns]
        self.scores = self._seat_ints(ctx.get("scores"), "context.scores", 999)
        self.looked = set(self.seat_list(ctx.get("looked_at_cards", []),
                                         "context.looked_at_cards"))
        self.touched = self.seat_list(ctx.get("touched_cards", []), "context.touched_cards")
        self.played = set(self.seat_list(ctx.get("played", []), "context.played"))

    def _cards(self, data):
        self.deal_cards = None
        self.hands = None
        deal = data.get("deal")
        if deal is not None:
            if not isinstance(deal, list):
                raise ParseError("deal must be a list of cards in the order dealt")
            self.deal_cards = self.card_list(deal, "deal")
        if data.get("hands") is not None:
            self.hands = self.hand_map(data["hands"], "hands")
        self.slip = -1
        self.slip_suit = -1
        if data.get("trump_slip") is not None:
            self.slip, self.slip_suit = self.card_or_suit(data["trump_slip"], "trump_slip")
        self.orig_trump = -1
        if data.get("trump_turned") is not None:
            if self.profile.turn_up_index < 0:
                raise RuleError("no trump card is turned in %s under these variants: drop "
                                "trump_turned" % self.profile.name)
            self.orig_trump = self.card(data["trump_turned"], "trump_turned")
        self.over_hands = None
        self.over_trump = -1
        ov = data.get("overplay")
        if ov is not None:
            if not isinstance(ov, dict):
                raise ParseError("overplay must be an object")
            for key in ov:
                if key not in ("hands", "trump_turned", "comment"):
                    raise ParseError("unknown key %r in overplay" % key)
            if ov.get("hands") is not None:
                self.over_hands = self.hand_map(ov["hands"], "overplay.hands")
            if ov.get("trump_turned") is not None:
                if self.profile.trump_method != games.TRUMP_LAST_CARD:
                    raise RuleError("no trump card is turned when the trump is declared "
                                    "(Law IV §11): drop overplay.trump_turned")
                self.over_trump = self.card(ov["trump_turned"], "overplay.trump_turned")

    def _given(self, given):
        self.given = []
        self.given_events = []
        if not isinstance(given, list):
            raise ParseError("findings must be a list of finding names or objects")
        for i, g in enumerate(given):
            where = "findings[%d]" % i
            if isinstance(g, str):
                g = {"code": g}
            if not isinstance(g, dict) or not isinstance(g.get("code"), str):
                raise ParseError("%s must be a finding name or an object with a \"code\"" % where)
            name = norm(g["code"])
            code = F.code_of(name)
            etype = FINDING_EVENTS.get(name, name)
            if not code and not is_fact(etype):
                raise ParseError("%s: unknown finding %r (see docs/judge.md)" % (where, g["code"]))
            seat = self.seat(g["seat"], where + ".seat") if "seat" in g else -1
            card = self.card(g["card"], where + ".card") if "card" in g else -1
            suit = self.suit(g["suit"], where + ".suit") if "suit" in g else -1
            if is_fact(etype):
                self.given_events.append((etype, seat, card, suit))
            else:
                self.given.append((code, seat, card, suit))

    def _events(self, evs):
        if not isinstance(evs, list):
            raise ParseError("events must be a list")
        self.events = []
        looked, touched, played = self.looked, self.touched, self.played
        before = (set(looked), list(touched), set(played))
        clock = -1
        for i, e in enumerate(evs):
            where = "events[%d]" % i
            if not isinstance(e, dict) or not isinstance(e.get("type"), str):
                raise ParseError("%s must be an object with a \"type\"" % where)
            t = norm(e["type"])
            if t == "claim_fresh_deal":
                t = "claim_new_deal"  # écarté's word
            if "choice" in e:
                ch = norm(e["choice"])
                if isinstance(ch, str):
                    ch = CHOICE_ALIASES.get(ch, ch)
                if not isinstance(ch, str) or (" %s " % ch) not in CHOICES:
                    raise ParseError("%s.choice: unknown choice %r: use one of%s"
                                     % (where, e["choice"], CHOICES.rstrip()))
                e = dict(e)
                e["choice"] = ch
            if not is_event(t):
                raise ParseError("%s: unknown event type %r (see docs/judge.md)"
                                 % (where, e["type"]))
            if t in MARKERS:
                p = PHASES.index(t)
                if p < clock:
                    raise RuleError("%s: phase %r comes after %r" % (where, t, PHASES[clock]))
                clock = p
                continue
            ph = clock if clock >= 0 else self.phase
            if "phase" in e:
                ph = parse_phase(e["phase"], where + ".phase")
            seat = self.seat(e["seat"], where + ".seat") if "seat" in e else -1
            ev = Event(i, t, seat, e, ph, set(looked), list(touched), set(played))
            if "card" in e:
                ev.card = self.card(e["card"], where + ".card")
            if "suit" in e:
                ev.suit = self.suit(e["suit"], where + ".suit")
            self.events.append(ev)
            if seat >= 0:
                if t == "looked_at_cards":
                    looked.add(seat)
                elif t == "touched_cards" and seat not in touched:
                    touched.append(seat)
                elif t == "played":
                    played.add(seat)
        # Facts are discovered no earlier than the last phase the events reached.
        if clock > self.phase:
            self.phase = clock
        # Findings stated in the input count as found before every event (claims come after).
        for k, (etype, seat, card, suit) in enumerate(self.given_events):
            ev = Event(-1 - k, etype, seat, {}, self.phase, before[0], before[1], before[2])
            ev.card, ev.suit = card, suit
            self.events.append(ev)

    def given_codes(self):
        """Codes of the findings the input states directly."""
        return [g[0] for g in self.given]

    def given_finding(self, code):
        """(seat, card, suit) of a finding the input states, or None."""
        for g in self.given:
            if g[0] == code:
                return g[1], g[2], g[3]
        return None
    def events_of(self, *types):
        return [e for e in self.events if e.type in types]
