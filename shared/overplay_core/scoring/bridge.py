"""Bridge whist scoring of c. 1900-1907 (Elwell's American club code; catalogue BR-13..BR-26).

    from overplay_core.scoring import bridge as sb
    from overplay_core.cards import HEARTS
    b = sb.score_hand(HEARTS, 9, sb.NS, doubles=1, hands=hands)   # hands: 4 lists, N E S W
    b["below"], b["above"]      # (ns, ew) trick points; (ns, ew) honours + chicane + slam
    r = sb.Rubber()
    r.add(b)                    # -> side that won a game on this hand, or -1
    r.finished, r.winner, r.totals(), r.result()   # result() -> (winner, points won)

API (plain functions over ints and tuples, one small accumulator class):
- trick_value(strain) -> 2, 4, 6, 8 or 12 (strain: cards.CLUBS..SPADES or NO_TRUMP)
- holdings(strain, hands) -> (honour_seats, trump_counts)   from 4 lists of card ints
- holdings_from_seats(strain, seat_of_card) -> same, from tally's seat-per-card bytearray
- honours(strain, honour_seats) -> (side, points, kind)     side -1 when nobody scores
- chicane(strain, trump_counts, honour_side) -> (ns, ew)    signed adjustments (BR-25)
- held_from_counts(strain, honours_per_seat, void_seats) -> (honour_seats, trump_counts)
- score_hand(strain, tricks, declarer_side, doubles=0, hands=None, revokes=(0, 0),
             trick_cap=0, seat_of_card=None, held=None) -> dict breakdown:
    tricks (ns, ew) after revoke penalties; trick_side (NS, EW or -1); trick_points;
    below (ns, ew); honours (ns, ew); honours_kind; chicane (ns, ew); slam (ns, ew);
    above (ns, ew); revokes (ns, ew); strain, doubles, declarer_side
- check_hands(hands) -> OK or a negative ERR_* code (non-raising door); score_hand raises.
- Rubber(): add(breakdown), game (ns, ew) toward the current game, games, below, above,
  finished, winner, totals(), result()
- score_entry(entry, trick_cap=0) -> score_hand breakdown of one hand as the terminal keys it
  (a dict, below), the laws engine's rulings applied
- score_rubbers(entries, trick_cap=0) -> rubbers per table and standings per player

An entry (one hand, keyed at the terminal or read back from the club database):
    {"declarer": 0..3 (the seat that made the trump: the dealer, or his partner when it was
     passed), "strain": CLUBS..SPADES or NO_TRUMP, "doubles": 0 (1 doubled, 2 redoubled ...),
     "tricks": 0..13 (won in play by the declarer's side), "dealer": 0..3 (optional: checks
     the declarer is the dealer or his partner, BR-9),
     "honours": (n, e, s, w) honours held by each seat (aces at no trumps), "void": (seats
     void of trumps), or "hands" (4 lists of cards), or "seat_of_card" (52 seats as the
     shoe recorded the deal: tally.seat_of_card) -- without any, honours and chicane are not
     scored --, "revokes": (ns, ew), "table": 1,
     "players": ("N name", "E name", "S name", "W name") (optional, for the standings),
     "rulings": ((ruling id or code, side), ...)}

Sides: NS = 0 (seats 0 and 2), EW = 1 (seats 1 and 3); seat & 1 is the side.
"""

from overplay_core.scoring.rulings import code_of
from overplay_core.cards import CLUBS, DIAMONDS, HEARTS, SPADES, ACE, card
from overplay_core.errors import RuleError

NS = 0
EW = 1
NO_TRUMP = 4  # the same number as cards.NO_SUIT, so suit_name(NO_TRUMP) == "no trump"
STRAINS = (CLUBS, DIAMONDS, HEARTS, SPADES, NO_TRUMP)

# BR-20: value of each trick above six, by strain (indexed CLUBS, DIAMONDS, HEARTS, SPADES, NT).
TRICK_VALUES = (4, 6, 8, 2, 12)
BOOK = 6
GAME = 30  # BR-21: 30 points from tricks only
RUBBER_BONUS = 100  # BR-21
GRAND_SLAM = 40  # BR-24: all thirteen tricks
LITTLE_SLAM = 20  # BR-24: twelve tricks
REVOKE_TRICKS = 3  # BR-18: three tricks from the revoking side to the adversaries
REVOKE_GAME_CAP = 28  # Elwell, "The Revoke": the revoking side cannot pass 28 toward game
MAX_DOUBLES = 10  # redoubling has no limit in the code; 2**10 keeps every score a small int

OK = 0
ERR_HANDS = -1  # not four hands
ERR_HAND_SIZE = -2  # a hand without thirteen cards
ERR_CARD = -3  # a card that is not in the 52-card pack
ERR_DUPLICATE = -4  # the same card in two places

# Honours with a trump suit, in multiples of one (undoubled) trick (BR-22, verified table).
_SIMPLE = 2  # three honours
_FOUR_DIVIDED = 4
_FIVE_DIVIDED = 5
_FOUR_IN_ONE = 8
_FOUR_IN_ONE_FIFTH_PARTNER = 9
_FIVE_IN_ONE = 10
# No trumps: the four aces (BR-23).
_ACES_THREE = 30
_ACES_FOUR_DIVIDED = 40
_ACES_FOUR_IN_ONE = 100


def trick_value(strain):
    """Points for each trick above six in a strain, before doubling (BR-20)."""
    if strain not in STRAINS:
        raise RuleError("unknown strain %r: use clubs, diamonds, hearts, spades or no trump"
                        % (strain,))
    return TRICK_VALUES[strain]


def _honour_cards(strain):
    if strain == NO_TRUMP:
        return (card(ACE, CLUBS), card(ACE, DIAMONDS), card(ACE, HEARTS), card(ACE, SPADES))
    return (card(ACE, strain), card(13, strain), card(12, strain), card(11, strain),
            card(10, strain))


def check_hands(hands):
    """OK when hands are four hands of thirteen different cards of the 52-card pack."""
    if hands is None or len(hands) != 4:
        return ERR_HANDS
    seen = bytearray(52)
    for hand in hands:
        if len(hand) != 13:
            return ERR_HAND_SIZE
        for c in hand:
            if not isinstance(c, int) or c < 0 or c > 51:
                return ERR_CARD
            if seen[c]:
                return ERR_DUPLICATE
            seen[c] = 1
    return OK


_HAND_ERRORS = {ERR_HANDS: "hands must be four lists of cards, N E S W",
                ERR_HAND_SIZE: "each hand must hold thirteen cards",
                ERR_CARD: "a hand holds something that is not a card of the 52-card pack",
                ERR_DUPLICATE: "the same card is in two hands"}


def holdings(strain, hands):
    """(honour_seats, trump_counts) from four lists of card ints, seats N E S W.

    honour_seats: the seat holding each honour (A K Q J 10 of trumps; the four aces at no
    trumps), -1 if nobody holds it. trump_counts: trumps held by each seat (zeros at NT).
    """
    honour_cards = _honour_cards(strain)
    seats = [-1] * len(honour_cards)
    counts = [0, 0, 0, 0]
    for seat in range(4):
        for c in hands[seat]:
            if c // 13 == strain:
                counts[seat] += 1
            if c in honour_cards:
                seats[honour_cards.index(c)] = seat
    return seats, counts


def holdings_from_seats(strain, seat_of_card):
    """Same as holdings(), from a seat-per-card table (tally.seat_of_card; 0xFF = not dealt)."""
    honour_cards = _honour_cards(strain)
    seats = [-1] * len(honour_cards)
    for i, c in enumerate(honour_cards):
        s = seat_of_card[c]
        if s < 4:
            seats[i] = s
    counts = [0, 0, 0, 0]
    if strain != NO_TRUMP:
        for c in range(strain * 13, strain * 13 + 13):
            s = seat_of_card[c]
            if s < 4:
                counts[s] += 1
    return seats, counts


def honours(strain, honour_seats):
    """(side, points, kind) for the honours; (-1, 0, 'none') when no side scores.

    Honours go to the side holding them, whoever made the trump (BR-23), and are never
    doubled (BR-13).
    """
    per_seat = [0, 0, 0, 0]
    for s in honour_seats:
        if s >= 0:
            per_seat[s] += 1
    side_count = (per_seat[0] + per_seat[2], per_seat[1] + per_seat[3])
    side = NS if side_count[NS] > side_count[EW] else EW
    n = side_count[side]
    most = max(per_seat[side], per_seat[side + 2])
    if strain == NO_TRUMP:
        # BR-23: three aces 30, four aces divided 40, four in one hand 100; 2-2 scores nothing.
        if n == 4:
            if most == 4:
                return side, _ACES_FOUR_IN_ONE, "four aces in one hand"
            return side, _ACES_FOUR_DIVIDED, "four aces"
        if n == 3:
            return side, _ACES_THREE, "three aces"
        return -1, 0, "none"
    value = TRICK_VALUES[strain]
    if n == 5:
        if most == 5:
            return side, _FIVE_IN_ONE * value, "five honours in one hand"
        if most == 4:
            return side, _FOUR_IN_ONE_FIFTH_PARTNER * value, \
                "four honours in one hand, fifth in partner's"
        return side, _FIVE_DIVIDED * value, "five honours"
    if n == 4:
        if most == 4:
            return side, _FOUR_IN_ONE * value, "four honours in one hand"
        return side, _FOUR_DIVIDED * value, "four honours"
    if n == 3:
        return side, _SIMPLE * value, "simple honours"
    return -1, 0, "none"  # only when some honours were not dealt (a partial record)


def chicane(strain, trump_counts, honour_side):
    """(ns, ew) adjustments for chicane: a player void of trumps (BR-25).

    Chicane is worth simple honours (two tricks' value); double chicane (both partners void)
    twice that. It is added to the honours of the chicane side when that side scores honours,
    and deducted from the adversaries' honours when they do. No chicane at no trumps.
    """
    adj = [0, 0]
    if strain == NO_TRUMP or honour_side < 0:
        return (0, 0)
    unit = _SIMPLE * TRICK_VALUES[strain]
    for seat in range(4):
        if trump_counts[seat] == 0:
            if seat & 1 == honour_side:
                adj[honour_side] += unit
            else:
                adj[honour_side] -= unit
    return adj[0], adj[1]


def held_from_counts(strain, honours_per_seat, void_seats):
    """(honour_seats, trump_counts) from what was recorded at the table instead of the hands:
    how many honours (aces at no trumps) each seat held, and the seats void of trumps. Raises
    RuleError for more honours than there are, or a void seat holding an honour."""
    most = 4 if strain == NO_TRUMP else 5
    seats = []
    for s in range(4):
        n = honours_per_seat[s]
        if not isinstance(n, int) or n < 0:
            raise RuleError("honours held by a seat must be a whole number, not %r" % (n,))
        if n and s in void_seats:
            raise RuleError("a seat void of trumps holds no honours")
        seats.extend([s] * n)
    if len(seats) > most:
        raise RuleError("%d honours held, but there are only %d" % (len(seats), most))
    seats.extend([-1] * (most - len(seats)))
    counts = [0 if s in void_seats else 1 for s in range(4)]
    return seats, counts


def score_hand(strain, tricks, declarer_side, doubles=0, hands=None, revokes=(0, 0),
               trick_cap=0, seat_of_card=None, held=None):
    """The score of one hand of bridge whist as a breakdown dict (see the module docstring).

    tricks: tricks won in play by the declarer's side (the side that made the trump).
    doubles: 0 undoubled, 1 doubled, 2 redoubled, 3 ... (each doubles the trick value, BR-13).
    hands (or seat_of_card): the recorded hands, for honours and chicane; without them honours
    and chicane are not scored (honours_kind 'not computed').
    revokes: established revokes by (N-S, E-W); each moves three tricks (BR-18).
    trick_cap: 0 for no limit (the American code); e.g. 100 for the English clubs' limit on
    the value of one trick (BR-16, a setting).
    held: (honour_seats, trump_counts) as held_from_counts gives them, when the table recorded
    the honours and the voids rather than the hands.
    """
    value = trick_value(strain)
    if declarer_side not in (NS, EW):
        raise RuleError("declarer side must be 0 (N-S) or 1 (E-W), not %r" % (declarer_side,))
    if not isinstance(tricks, int) or not 0 <= tricks <= 13:
        raise RuleError("tricks must be a whole number 0..13, not %r" % (tricks,))
    if not isinstance(doubles, int) or not 0 <= doubles <= MAX_DOUBLES:
        raise RuleError("doubles must be 0..%d (0 = not doubled, 1 = doubled, 2 = redoubled), "
                        "not %r" % (MAX_DOUBLES, doubles))
    if len(revokes) != 2 or min(revokes) < 0:
        raise RuleError("revokes must be two counts (N-S, E-W), not %r" % (revokes,))
    played = [0, 0]  # tricks won in play, before any penalty
    played[declarer_side] = tricks
    played[1 - declarer_side] = 13 - tricks
    counted = [played[0], played[1]]
    for side in (NS, EW):
        # BR-18: three tricks taken from the revoking side and added to the adversaries, per
        # revoke. The code is silent when the side has fewer: it cannot give what it has not.
        move = min(REVOKE_TRICKS * revokes[side], counted[side])
        counted[side] -= move
        counted[1 - side] += move
    # BR-20: whichever side wins more than six tricks scores them, maker or not.
    trick_side = NS if counted[NS] > BOOK else (EW if counted[EW] > BOOK else -1)
    per_trick = value << doubles  # BR-13: each double multiplies the trick value by two
    if trick_cap and per_trick > trick_cap:
        per_trick = trick_cap
    trick_points = (counted[trick_side] - BOOK) * per_trick if trick_side >= 0 else 0
    below = [0, 0]
    if trick_side >= 0:
        below[trick_side] = trick_points
    hon = [0, 0]
    chic = (0, 0)
    kind = "not computed"
    if held is not None:
        seats, counts = held
        kind = None
    elif seat_of_card is not None:
        seats, counts = holdings_from_seats(strain, seat_of_card)
        kind = None
    elif hands is not None:
        code = check_hands(hands)
        if code != OK:
            raise RuleError(_HAND_ERRORS[code])
        seats, counts = holdings(strain, hands)
        kind = None
    if kind is None:
        hside, points, kind = honours(strain, seats)
        if hside >= 0:
            hon[hside] = points
        chic = chicane(strain, counts, hside)
    slam = [0, 0]
    for side in (NS, EW):
        # BR-24: tricks won in play only (penalty tricks do not make a slam), and BR-18: a
        # revoking side cannot score slam.
        if revokes[side] == 0:
            if played[side] == 13:
                slam[side] = GRAND_SLAM
            elif played[side] == 12:
                slam[side] = LITTLE_SLAM
    return {
        "strain": strain, "doubles": doubles, "declarer_side": declarer_side,
        "tricks": (counted[0], counted[1]), "trick_side": trick_side,
        "trick_points": trick_points, "below": (below[0], below[1]),
        "honours": (hon[0], hon[1]), "honours_kind": kind, "chicane": chic,
        "slam": (slam[0], slam[1]),
        "above": (hon[0] + chic[0] + slam[0], hon[1] + chic[1] + slam[1]),
        "revokes": (revokes[0], revokes[1]),
    }


class Rubber:
    """Games and the rubber from hand breakdowns (BR-21, BR-26).

    A game is 30 from trick points only; the hand is played out and its trick points all count
    in the rubber total, but nothing carries into the next game. Best of three games; the
    winners add 100. A side that revoked on the hand cannot go past 28 toward game on it
    (Elwell, "The Revoke"); the trick points it loses by that are not scored at all.
    """

    def __init__(self):
        self.game = [0, 0]  # toward the current game
        self.games = [0, 0]
        self.below = [0, 0]  # all trick points recorded, for the rubber total
        self.above = [0, 0]  # honours, chicane, slams
        self.game_winners = []
        self.hands = 0
        self.finished = False
        self.winner = -1

    def add(self, b):
        """Record one hand's breakdown; returns the side that won a game on it, or -1."""
        if self.finished:
            raise RuleError("the rubber is over (%s won it): start a new rubber"
                            % ("N-S", "E-W")[self.winner])
        self.hands += 1
        for side in (NS, EW):
            self.above[side] += b["above"][side]
        side = b["trick_side"]
        if side < 0:
            return -1
        pts = b["below"][side]
        if b["revokes"][side]:
            before = self.game[side]
            pts = max(0, min(pts, REVOKE_GAME_CAP - before))
        self.below[side] += pts
        self.game[side] += pts
        if self.game[side] < GAME:
            return -1
        self.games[side] += 1
        self.game_winners.append(side)
        self.game = [0, 0]
        if self.games[side] == 2:
            self.finished = True
            self.winner = side
        return side

    def totals(self):
        """(ns, ew): tricks + honours + chicane + slam, plus 100 to the rubber's winners."""
        t = [self.below[0] + self.above[0], self.below[1] + self.above[1]]
        if self.finished:
            t[self.winner] += RUBBER_BONUS
        return t[0], t[1]

    def result(self):
        """(side ahead, points won): the difference of the totals (BR-26); side -1 on a tie."""
        ns, ew = self.totals()
        if ns == ew:
            return -1, 0
        return (NS, ns - ew) if ns > ew else (EW, ew - ns)


# What a ruling of the laws engine (laws/bridge.py) does to the hand's score.
REVOKE = 1  # BR-18: one established revoke by the side: three tricks to the adversaries
VOID = 2  # Elwell law 42: the pack proved incorrect: the deal is void, earlier scores stand
RULING_EFFECTS = {"BR-RV": REVOKE, "BR-42": VOID}


def _get(entry, key, default):
    v = entry.get(key)
    return default if v is None else v


def score_entry(entry, trick_cap=0):
    """One hand's breakdown (score_hand) from a keyed entry, its rulings applied.

    Adds "declarer" (the seat), "rulings" (the codes that changed the score) and "void" (a
    voided deal scores nothing: below, above and trick_side cleared). RuleError for what
    cannot be scored.
    """
    if not isinstance(entry, dict):
        raise RuleError("a hand must be a dict with declarer, strain and tricks, not %r"
                        % (entry,))
    declarer = _get(entry, "declarer", -1)
    if declarer not in (0, 1, 2, 3):
        raise RuleError("declarer must be the seat that made the trump (0..3 N E S W), not %r"
                        % (declarer,))
    dealer = _get(entry, "dealer", -1)
    if dealer != -1 and dealer not in (0, 1, 2, 3):
        raise RuleError("dealer must be a seat 0..3 (N E S W), not %r" % (dealer,))
    if dealer >= 0 and (dealer & 1) != (declarer & 1):
        raise RuleError("the trump is made by the dealer or his partner (BR-9): seat %d cannot "
                        "declare when seat %d dealt" % (declarer, dealer))
    rev = _get(entry, "revokes", (0, 0))
    if len(rev) != 2:
        raise RuleError("revokes must be two counts (N-S, E-W), not %r" % (rev,))
    revokes = [rev[0], rev[1]]
    applied = []
    void = False
    for r in _get(entry, "rulings", ()):
        if len(r) != 2:
            raise RuleError("a ruling must be (ruling id, side), not %r" % (r,))
        code = code_of(r[0])
        effect = RULING_EFFECTS.get(code, 0)
        if effect == REVOKE:
            if r[1] not in (NS, EW):
                raise RuleError("ruling %s needs the revoking side (0 N-S, 1 E-W), not %r"
                                % (code, r[1]))
            revokes[r[1]] += 1
        elif effect == VOID:
            void = True
        else:
            continue
        applied.append(code)
    strain = _get(entry, "strain", -1)
    held = None
    hands = entry.get("hands")
    seat_of_card = entry.get("seat_of_card")
    if hands is not None and seat_of_card is not None:
        raise RuleError("give the hands or the seat of each card, not both")
    if entry.get("honours") is not None or entry.get("void") is not None:
        if hands is not None or seat_of_card is not None:
            raise RuleError("give the hands or the honours and voids, not both")
        per = _get(entry, "honours", (0, 0, 0, 0))
        if len(per) != 4:
            raise RuleError("honours must be four counts (N E S W), not %r" % (per,))
        trick_value(strain)
        held = held_from_counts(strain, per, _get(entry, "void", ()))
    b = score_hand(strain, _get(entry, "tricks", -1), declarer & 1, _get(entry, "doubles", 0),
                   hands, (revokes[0], revokes[1]), trick_cap, seat_of_card, held)
    if void:
        for k in ("below", "honours", "chicane", "slam", "above"):
            b[k] = (0, 0)
        b["trick_side"] = -1
        b["trick_points"] = 0
    b["declarer"] = declarer
    b["void"] = void
    b["rulings"] = applied
    return b


def score_rubbers(entries, trick_cap=0):
    """Rubbers per table from keyed hands in the order played, and each player's standing.

    Each table (entry "table", default 1) plays its own rubbers: a finished rubber closes and
    the table's next hand begins a new one. Returns {"hands": [breakdown + "table", "rubber",
    "game_won"], "rubbers": [{"table", "players", "rubber"}], "players": [...]}: "players"
    (the four names of the rubber's first hand, N E S W, or None) and "rubber" the Rubber.
    "players" ranks every named player by the points he won over the finished rubbers (the
    winners of a rubber score its result(), the losers lose it: BR-26), with "rubbers" played
    and "won"; an unfinished rubber is not counted (the code settles a rubber at its end).
    A hand whose players differ from its rubber's raises RuleError: partners are fixed for
    a rubber.
    """
    current = {}
    rubbers = []
    hands = []
    for e in entries:
        b = score_entry(e, trick_cap)
        table = _get(e, "table", 1)
        names = e.get("players")
        if names is not None and (not isinstance(names, (list, tuple)) or len(names) != 4):
            raise RuleError("players must be four names (N E S W), not %r" % (names,))
        cur = current.get(table)
        if cur is None:
            cur = {"table": table, "players": names, "rubber": Rubber()}
            current[table] = cur
            rubbers.append(cur)
        elif names is not None and cur["players"] is not None and \
                list(names) != list(cur["players"]):
            raise RuleError("table %r: the players changed in the middle of a rubber: finish "
                            "it first (%r, then %r)" % (table, cur["players"], names))
        r = cur["rubber"]
        b["table"] = table
        b["rubber"] = len([x for x in rubbers if x["table"] == table])
        b["game_won"] = r.add(b)
        hands.append(b)
        if r.finished:
            del current[table]
    return {"hands": hands, "rubbers": rubbers, "players": _standings(rubbers)}


def _standings(rubbers):
    tot = {}
    order = []
    for x in rubbers:
        names = x["players"]
        r = x["rubber"]
        if names is None:
            continue
        for s in range(4):
            if names[s] not in tot:
                tot[names[s]] = [0, 0, 0]  # points, rubbers, won
                order.append(names[s])
        if not r.finished:
            continue
        side, margin = r.result()
        for s in range(4):
            t = tot[names[s]]
            t[1] += 1
            if side >= 0:
                t[0] += margin if s & 1 == side else -margin
            if s & 1 == r.winner:
                t[2] += 1
    rows = [(tot[n], i, n) for i, n in enumerate(order)]
    rows.sort(key=lambda r: (-r[0][0], r[1]))
    out = []
    for i, (t, _, n) in enumerate(rows):
        same = out and out[-1]["points"] == t[0]
        out.append({"rank": out[-1]["rank"] if same else i + 1, "player": n, "points": t[0],
                    "rubbers": t[1], "won": t[2]})
    return out
