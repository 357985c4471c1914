"""Euchre scoring: points per hand, revoke penalties, game of five, the rubber (Somerset 1888).

    from overplay_core.scoring import euchre as se
    se.hand_points(5, alone=True)            # -> (4, 0): a lone march (Somerset law 3)
    se.hand_points(2)                        # -> (0, 2): euchred (law 2)
    b = se.score_hand(se.NS, 4, revokes=(0, 1))   # makers N-S take 4; E-W revoked once
    b["penalty"], b["points"], b["total"]    # (3, 0), (1, 0), (4, 0)
    r = se.Rubber()
    r.add(b)                                 # -> side that won a game on this hand, or -1
    r.score, r.games, r.finished, r.winner, r.result()

API (plain functions over ints and tuples, one accumulator class):
- hand_points(tricks, alone=False, partner_exposed=False, variant=0) -> (makers, adversaries)
- score_hand(makers_side, tricks, alone=False, revokes=(0, 0), partner_exposed=False,
             barred_side=-1, variant=0, forfeit_deducted=False) -> dict:
    makers, tricks, alone; penalty (ns, ew) scored first (law 4); points (ns, ew) for the
    hand; total (ns, ew) = penalty + points; barred (the side that may not score, or -1)
- check_tricks(tricks) -> OK or ERR_TRICKS (non-raising door for the terminal)
- game_value(loser_points) -> 1 or 2 (law 7)
- Rubber(lap=True, always_three=True): add(breakdown), score (ns, ew) in the current game,
  games, game_points (ns, ew: game values won), finished, winner, result()
- score_entry(entry, variant=0, forfeit_deducted=False) -> breakdown of one hand as the
  terminal keys it (a dict, below), the laws engine's rulings applied
- score_rubbers(entries, variant=0, lap=True, always_three=True, forfeit_deducted=False)
  -> {"hands": [breakdown + "table", "rubber", "game_won"], "rubbers": [(table, Rubber)]}

An entry (one hand, keyed at the terminal or read back from the club database):
    {"makers": 0 or 1 (the side that made the trump), "tricks": 0..5 (the makers' tricks),
     "alone": False, "revokes": (0, 0), "partner_exposed": False, "barred": -1,
     "table": 1, "rulings": ((ruling id or code, side), ...)}
Only makers and tricks are required. `rulings` carries what the laws engine ruled on the hand
(the u16 ids of a CHECK record, ruling_ids.py, or the codes), each with the side it concerns
(-1 where the hand says it): RULING_EFFECTS names the rulings that change the score.

Sides: NS = 0 (seats 0 and 2), EW = 1 (seats 1 and 3). `variant` is the games.V_* int:
V_LONE_EUCHRED_2 (a euchred lone hand gives 2, not 4) and V_SOMERSET_FORFEIT (law 90's
forfeit of two for a wrong hand or a missed discard, instead of the excerpt's laws 17 and 23).
"""

from overplay_core.scoring.rulings import code_of
from overplay_core.errors import RuleError

NS = 0
EW = 1
TRICKS = 5
GAME = 5  # Somerset law 2: a game consists of five points
RUBBER_BONUS = 2  # law 7

# The games.V_* bits this module reads (the same values as in games.py; a test checks it).
V_LONE_EUCHRED_2 = 0x10
V_SOMERSET_FORFEIT = 0x20

REVOKE_PENALTY = 3  # law 63
REVOKE_PENALTY_ALONE = 5  # law 63: in the case of a lone hand
FORFEIT = 2  # law 90
FORFEIT_ALONE = 4  # law 90: four if a lone hand is being played

OK = 0
ERR_TRICKS = -1  # makers' tricks outside 0..5


def check_tricks(tricks):
    """OK when the makers' tricks are a count a hand of five can give, else ERR_TRICKS."""
    if isinstance(tricks, int) and not isinstance(tricks, bool) and 0 <= tricks <= TRICKS:
        return OK
    return ERR_TRICKS


def hand_points(tricks, alone=False, partner_exposed=False, variant=0):
    """(makers' points, adversaries' points) for the tricks the makers took.

    Law 2: with partner, five tricks (a march) 2, three or four 1, fewer than three euchred
    and the adversaries 2. Law 3: alone, a march 4, three or four 1, euchred the adversaries
    4 (2 under V_LONE_EUCHRED_2, the older codes' figure, catalogue EU-33). Law 102: if the
    lone player's partner exposed any of his cards, the march scores only 2 and a euchre gives
    the adversaries 4.
    """
    if check_tricks(tricks) != OK:
        raise RuleError("makers' tricks must be a whole number 0..5, not %r" % (tricks,))
    if partner_exposed and not alone:
        raise RuleError("a partner's exposed card changes the score only in a lone hand "
                        "(law 102)")
    if tricks == TRICKS:
        if alone:
            return (2, 0) if partner_exposed else (4, 0)
        return 2, 0
    if tricks >= 3:
        return 1, 0
    if alone:
        if partner_exposed or not variant & V_LONE_EUCHRED_2:
            return 0, 4
        return 0, 2
    return 0, 2


def score_hand(makers_side, tricks, alone=False, revokes=(0, 0), partner_exposed=False,
               barred_side=-1, variant=0, forfeit_deducted=False):
    """One hand's score: the revoke penalty, then the points (see the module docstring).

    revokes: established revokes by (N-S, E-W). Each costs 3 points, 5 in a lone hand (law
    63), given to the adversaries; an equal number on each side cancels (law 71). The revoking
    side still scores what it makes: law 70 lets it have the hand played out.
    barred_side: a side that may not score on this hand: its dealer played to the first trick
    without discarding (excerpt law 17), or one of its players held the wrong number of cards
    and had played to the first trick (excerpt law 23). Under V_SOMERSET_FORFEIT (law 90) that
    side also forfeits two (four in a lone hand): given to the adversaries, or with
    forfeit_deducted=True taken off the side's own score (the law does not say which).
    """
    if makers_side not in (NS, EW):
        raise RuleError("makers must be side 0 (N-S) or 1 (E-W), not %r" % (makers_side,))
    if barred_side not in (-1, NS, EW):
        raise RuleError("barred side must be -1, 0 (N-S) or 1 (E-W), not %r" % (barred_side,))
    if len(revokes) != 2 or min(revokes) < 0:
        raise RuleError("revokes must be two counts (N-S, E-W), not %r" % (revokes,))
    made, against = hand_points(tricks, alone, partner_exposed, variant)
    points = [0, 0]
    points[makers_side] = made
    points[1 - makers_side] = against
    penalty = [0, 0]
    net = revokes[NS] - revokes[EW]
    each = REVOKE_PENALTY_ALONE if alone else REVOKE_PENALTY
    if net > 0:
        penalty[EW] += net * each
    elif net < 0:
        penalty[NS] += -net * each
    if barred_side >= 0:
        points[barred_side] = 0
        if variant & V_SOMERSET_FORFEIT:
            forfeit = FORFEIT_ALONE if alone else FORFEIT
            if forfeit_deducted:
                penalty[barred_side] -= forfeit
            else:
                penalty[1 - barred_side] += forfeit
    return {
        "makers": makers_side, "tricks": tricks, "alone": bool(alone),
        "penalty": (penalty[0], penalty[1]), "points": (points[0], points[1]),
        "total": (penalty[0] + points[0], penalty[1] + points[1]),
        "barred": barred_side, "revokes": (revokes[0], revokes[1]),
    }


def game_value(loser_points):
    """A game counts one, or two if the losers failed to score (law 7)."""
    return 2 if loser_points <= 0 else 1


class Rubber:
    """Games of five and the rubber (Somerset laws 1, 4, 7; technical term "lap").

    Law 1: the rubber is the best of three games, and the third game is played even when the
    first two went to the same side; if the score of the third game laps, a fourth is played.
    lap=True carries the points made beyond five into the next game (the "lap"); lap=False
    drops them. always_three=False ends the rubber as soon as a side has two games (the
    catalogue's reading of "best of three", EU-34). The revoke penalty is scored before the
    hand's points (law 4), so it can win the game first. A game counts 1, or 2 when the losers
    have not scored in it; the rubber's winners take 2 more (law 7). If a fourth game leaves
    the games at two all, the law is silent: the side with more game points wins the rubber,
    and an equal count gives no rubber points.
    """

    def __init__(self, lap=True, always_three=True):
        self.lap = lap
        self.always_three = always_three
        self.score = [0, 0]
        self.games = [0, 0]
        self.game_points = [0, 0]
        self.game_winners = []
        self.finished = False
        self.winner = -1
        self._fourth = False

    def _apply(self, side, pts):
        if pts == 0:
            return -1
        self.score[side] += pts
        if self.score[side] < GAME:
            return -1
        over = self.score[side] - GAME
        loser = self.score[1 - side]
        self.games[side] += 1
        self.game_points[side] += game_value(loser)
        self.game_winners.append(side)
        played = len(self.game_winners)
        self.score = [0, 0]
        if self.lap:
            self.score[side] = over
        if played == 3 and self.lap and over > 0 and self.always_three:
            self._fourth = True
        if self._done(played):
            self._finish()
        return side

    def _done(self, played):
        if not self.always_three:
            return max(self.games) >= 2
        return played >= 4 or (played == 3 and not self._fourth)

    def _finish(self):
        self.finished = True
        g = self.games
        if g[NS] != g[EW]:
            self.winner = NS if g[NS] > g[EW] else EW
        elif self.game_points[NS] != self.game_points[EW]:
            self.winner = NS if self.game_points[NS] > self.game_points[EW] else EW
        else:
            self.winner = -1
        if self.winner >= 0:
            self.game_points[self.winner] += RUBBER_BONUS

    def add(self, b):
        """Record one hand's breakdown; returns the side that won a game on it, or -1."""
        if self.finished:
            raise RuleError("the rubber is over: start a new rubber")
        won = -1
        # Law 4: the revoke penalty takes precedence of all other scores. A negative
        # penalty (a forfeit deducted) comes off the side's score, never below zero.
        for side in (NS, EW):
            p = b["penalty"][side]
            if p < 0:
                self.score[side] = max(0, self.score[side] + p)
        for side in (NS, EW):
            p = b["penalty"][side]
            if p > 0 and won < 0:
                won = self._apply(side, p)
        if won >= 0 or self.finished:
            # The game is over before the hand's points are scored; the winners' own points
            # from the hand still lap into the next game.
            if not self.finished and self.lap:
                self._apply(won, b["points"][won])
            return won
        for side in (NS, EW):
            if won < 0 and not self.finished:
                won = self._apply(side, b["points"][side])
        return won

    def result(self):
        """(rubber winner or -1, points won): game points plus the rubber's two (law 7),
        less the losers' game points."""
        gp = self.game_points
        if gp[NS] == gp[EW]:
            return -1, 0
        return (NS, gp[NS] - gp[EW]) if gp[NS] > gp[EW] else (EW, gp[EW] - gp[NS])


# ---- hands as the terminal keys them, and the laws engine's rulings -------------------------

# What a ruling does to the hand's score. The codes are the laws engine's (laws/euchre.py);
# every other ruling leaves the score as keyed.
BARRED = 1  # the side cannot score on the hand: excerpt laws 17 and 23, Somerset law 90
CAPPED = 2  # law 102: the lone player's partner exposed a card: a march 2, a euchre 4
REVOKE = 3  # law 63: one established revoke by the side
PREVENTED = 4  # law 19: the adversaries insisted the partner play: not a lone hand
VOID = 5  # the deal is void (excerpt law 22, Somerset law 33): nobody scores
BOTH = 2  # breakdown["barred"] when neither side may score
RULING_EFFECTS = {"EU-23c": BARRED, "EU-17a": BARRED, "EU-90": BARRED, "EU-102": CAPPED,
                  "EU-62": REVOKE, "EU-19p": PREVENTED, "EU-22": VOID, "EU-33": VOID}


def _get(entry, key, default):
    v = entry.get(key)
    return default if v is None else v


def score_entry(entry, variant=0, forfeit_deducted=False):
    """One hand's breakdown (score_hand) from a keyed entry, its rulings applied.

    The breakdown adds "rulings" (the codes that changed the score) and "void" (True when a
    ruling voided the deal: points and penalty are then (0, 0)); "barred" is BOTH when each
    side was barred. A ruling that contradicts the keyed hand (a lone hand capped when
    nobody played alone) or lacks the side it needs raises RuleError naming it.
    """
    if not isinstance(entry, dict):
        raise RuleError("a hand must be a dict with makers and tricks, not %r" % (entry,))
    makers = _get(entry, "makers", -1)
    alone = bool(_get(entry, "alone", False))
    exposed = bool(_get(entry, "partner_exposed", False))
    keyed = _get(entry, "barred", -1)
    if keyed not in (-1, NS, EW):
        raise RuleError("barred side must be -1, 0 (N-S) or 1 (E-W), not %r" % (keyed,))
    bars = [keyed == NS, keyed == EW]
    rev = _get(entry, "revokes", (0, 0))
    if len(rev) != 2:
        raise RuleError("revokes must be two counts (N-S, E-W), not %r" % (rev,))
    revokes = [rev[0], rev[1]]
    applied = []
    void = False
    unsided = None  # a bar that names no side (Somerset law 90 after law 17): the barred one
    for r in _get(entry, "rulings", ()):
        if len(r) != 2:
            raise RuleError("a ruling must be (ruling id, side), not %r" % (r,))
        code = code_of(r[0])
        effect = RULING_EFFECTS.get(code, 0)
        side = r[1]
        if effect == 0:
            continue
        if effect == BARRED and side not in (NS, EW):
            unsided = code
        elif effect == BARRED:
            bars[side] = True
        elif effect == REVOKE:
            if side not in (NS, EW):
                raise RuleError("ruling %s needs the revoking side (0 N-S, 1 E-W), not %r"
                                % (code, side))
            revokes[side] += 1
        elif effect == CAPPED:
            if not alone:
                raise RuleError("ruling %s caps a lone hand, but the hand is keyed as "
                                "played with partner: key alone" % code)
            exposed = True
        elif effect == PREVENTED:
            alone = False
            exposed = False
        else:
            void = True
        applied.append(code)
    if unsided is not None and not (bars[NS] or bars[EW]):
        raise RuleError("ruling %s needs the side that cannot score (0 N-S, 1 E-W)" % unsided)
    barred = NS if bars[NS] else (EW if bars[EW] else -1)
    b = score_hand(makers, _get(entry, "tricks", -1), alone, (revokes[0], revokes[1]), exposed,
                   barred, variant, forfeit_deducted)
    if bars[NS] and bars[EW]:
        # Excerpt law 23: a player of each side held the wrong number: neither scores, and
        # under law 90 each side forfeits (the two forfeits given to each other cancel).
        b = _bar_both(b, alone, variant, forfeit_deducted)
    if void:
        b["penalty"] = b["points"] = b["total"] = (0, 0)
    b["void"] = void
    b["rulings"] = applied
    return b


def _bar_both(b, alone, variant, forfeit_deducted):
    penalty = [b["penalty"][0], b["penalty"][1]]
    if variant & V_SOMERSET_FORFEIT:
        forfeit = FORFEIT_ALONE if alone else FORFEIT
        if forfeit_deducted:
            penalty[EW] -= forfeit
        else:
            penalty[NS] += forfeit
    b["points"] = (0, 0)
    b["penalty"] = (penalty[0], penalty[1])
    b["total"] = b["penalty"]
    b["barred"] = BOTH
    return b


def score_rubbers(entries, variant=0, lap=True, always_three=True, forfeit_deducted=False):
    """Rubbers per table from keyed hands in the order played (see the module docstring).

    Each table (entry "table", default 1) plays its own rubbers: a finished rubber is closed
    and the table's next hand starts a new one. "rubbers" lists (table, Rubber) in the order
    they started, the unfinished last rubber of a table included (finished False).
    """
    current = {}
    rubbers = []
    hands = []
    for e in entries:
        b = score_entry(e, variant, forfeit_deducted)
        table = _get(e, "table", 1)
        r = current.get(table)
        if r is None:
            r = Rubber(lap, always_three)
            current[table] = r
            rubbers.append((table, r))
        b["table"] = table
        b["rubber"] = len([x for x in rubbers if x[0] == table])
        b["game_won"] = r.add(b)
        hands.append(b)
        if r.finished:
            del current[table]
    return {"hands": hands, "rubbers": rubbers}
