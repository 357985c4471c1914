"""Écarté scoring: point, vole, the king, the proposal penalties, game five up (Club Code).

    from overplay_core.scoring import ecarte as sc
    b = sc.deal_points(dealer=0, tricks=(3, 2))          # seat 0 (dealer) wins the point
    b["total"]                                           # -> (1, 0)
    b = sc.deal_points(0, (3, 2), proposal=sc.PLAYED_WITHOUT_PROPOSING)
    b["total"]                                           # -> (2, 0): the non-dealer stood
    sc.king_holder(turn_up, hands, dealer)               # -> seat that may mark the king
    g = sc.Game(variant=games.V_ECARTE_TREBLE)
    g.add(b)            # -> seat that won the game on this deal, or -1
    g.score, g.finished, g.winner, g.value()             # value(): treble/double/single

API (plain functions over ints and tuples, one accumulator class):
- deal_points(dealer, tricks, proposal=PROPOSAL_ACCEPTED, king=-1, abandoned_by=-1,
              offender=-1, overheld_by=-1) -> dict:
    king (s0, s1) marks for the king; tricks (s0, s1) marks for point or vole;
    total (s0, s1); winner (seat winning the point, or -1); kind ('point', 'vole', 'none')
- check_tricks(tricks, abandoned_by=-1) -> OK or ERR_TRICKS / ERR_WON_POINT (non-raising)
- king_holder(turn_up, hands, dealer) -> the seat entitled to mark the king, or -1
- game_value(loser_marks, variant=0) -> 3, 2 or 1 (law 46), 1 without the agreement
- Game(variant=0, king_ends_game=True): add(breakdown), score [s0, s1], finished, winner,
  value()

Seats are 0 and 1 (games.py); `dealer` is the seat that dealt, the other is the non-dealer.
`tricks` is the tricks each seat made, (seat 0, seat 1): five in all for a hand played out,
fewer for an abandoned hand (law 42).
"""

from overplay_core.cards import KING
from overplay_core.errors import RuleError

GAME = 5  # law 46: the game is five up
V_ECARTE_TREBLE = 0x80  # games.V_ECARTE_TREBLE (a test checks it is the same bit)

# What happened to the proposal before play (catalogue EC-24).
PROPOSAL_ACCEPTED = 0  # proposed and accepted, or cards exchanged: no bonus
PLAYED_WITHOUT_PROPOSING = 1  # the non-dealer played without proposing
FIRST_PROPOSAL_REFUSED = 2  # the dealer refused the first proposal
PROPOSALS = {"accepted": PROPOSAL_ACCEPTED, "played_without_proposing":
             PLAYED_WITHOUT_PROPOSING, "refused": FIRST_PROPOSAL_REFUSED}

POINT = 1  # EC-23: three or four of the five tricks
VOLE = 2  # EC-23: all five
KING_MARK = 1  # law 47

OK = 0
ERR_TRICKS = -1  # not two counts making five (or at most five for an abandoned hand)
ERR_WON_POINT = -2  # an "abandoned" hand whose player already had the point (law 42)


def check_tricks(tricks, abandoned_by=-1):
    """OK when (seat 0, seat 1) tricks can end a deal; the codes say why not (no raise)."""
    if len(tricks) != 2:
        return ERR_TRICKS
    a, b = tricks[0], tricks[1]
    if not isinstance(a, int) or not isinstance(b, int) or a < 0 or b < 0:
        return ERR_TRICKS
    if abandoned_by < 0:
        return OK if a + b == 5 else ERR_TRICKS
    if a + b > 5:
        return ERR_TRICKS
    return ERR_WON_POINT if tricks[abandoned_by] >= 3 else OK


def _seat(value, name, allow_none=True):
    if value in (0, 1) or (allow_none and value == -1):
        return value
    raise RuleError("%s must be seat 0 or 1%s, not %r"
                    % (name, " (or -1 for none)" if allow_none else "", value))


def deal_points(dealer, tricks, proposal=PROPOSAL_ACCEPTED, king=-1, abandoned_by=-1,
                offender=-1, overheld_by=-1):
    """The marks of one deal (see the module docstring for the result).

    - Point 1, vole 2 (EC-23).
    - proposal: a non-dealer who played without proposing and fails to win the point lets
      the dealer mark 2; a dealer who refused the first proposal and fails to win the point
      lets the non-dealer mark 2 (EC-24). A vole stays 2 (law 43 shows 2 is the most).
    - king: the seat that marks the king (turned up by the dealer, or held and announced in
      time; law 47), or -1.
    - abandoned_by: the seat that abandoned its hand: with no trick made its adversary marks
      the vole, with one or two the point (law 42). Abandoning counts as failing to win the
      point, so the proposal bonus applies too.
    - offender: the seat that renounced or failed to win a trick when able (law 43): if it
      wins, it marks nothing for a point, one for a vole, and one for a point that would
      otherwise count two; its adversary scores in full.
    - overheld_by: the seat that played with more than five cards marks no point or vole
      (catalogue EC-13, Club Code law number not read).
    """
    _seat(dealer, "dealer", False)
    _seat(king, "king")
    _seat(abandoned_by, "abandoned_by")
    _seat(offender, "offender")
    _seat(overheld_by, "overheld_by")
    if proposal not in (PROPOSAL_ACCEPTED, PLAYED_WITHOUT_PROPOSING, FIRST_PROPOSAL_REFUSED):
        raise RuleError("unknown proposal %r: use accepted, played_without_proposing or refused"
                        % (proposal,))
    if len(tricks) != 2 or min(tricks) < 0 or not isinstance(tricks[0], int) \
            or not isinstance(tricks[1], int):
        raise RuleError("tricks must be two counts (seat 0, seat 1), not %r" % (tricks,))
    made = tricks[0] + tricks[1]
    nondealer = 1 - dealer
    if abandoned_by >= 0:
        if made > 5:
            raise RuleError("more than five tricks in an écarté hand: %r" % (tricks,))
        left = tricks[abandoned_by]
        if left >= 3:
            raise RuleError("seat %d made %d tricks and has won the point: throwing the cards "
                            "down to score is not abandoning (law 42)" % (abandoned_by, left))
        winner = 1 - abandoned_by
        vole = left == 0
    else:
        if made != 5:
            raise RuleError("a hand played out has five tricks, not %d: %r (say who abandoned "
                            "if it was not played out)" % (made, tricks))
        winner = 0 if tricks[0] >= 3 else 1
        vole = tricks[winner] == 5
    marks = VOLE if vole else POINT
    # EC-24: the bonus for the side that did not stand (or was refused) and still won.
    if not vole:
        if proposal == PLAYED_WITHOUT_PROPOSING and winner == dealer:
            marks = 2
        elif proposal == FIRST_PROPOSAL_REFUSED and winner == nondealer:
            marks = 2
    if winner == offender:
        # Law 43: nothing for a point, one for a vole, one for a point worth two.
        marks = 1 if (vole or marks == 2) else 0
    if winner == overheld_by:
        marks = 0
    trick_marks = [0, 0]
    trick_marks[winner] = marks
    king_marks = [0, 0]
    if king >= 0:
        king_marks[king] = KING_MARK
    return {
        "dealer": dealer, "tricks": (tricks[0], tricks[1]), "winner": winner,
        "kind": "vole" if vole else "point",
        "king": (king_marks[0], king_marks[1]), "points": (trick_marks[0], trick_marks[1]),
        "total": (king_marks[0] + trick_marks[0], king_marks[1] + trick_marks[1]),
    }


def king_holder(turn_up, hands, dealer):
    """The seat that may mark the king of trumps (law 47), from the recorded cards.

    A king turned up is the dealer's to mark. Otherwise the player holding the king of the
    trump suit may mark it if he announces it in time (EC-11: before he plays his first card):
    whether he did is for the terminal to record; this names who holds it.
    """
    if turn_up % 13 + 2 == KING:
        return dealer
    king = (turn_up // 13) * 13 + KING - 2
    for seat in (0, 1):
        if king in hands[seat]:
            return seat
    return -1


def game_value(loser_marks, variant=0):
    """Law 46: by agreement (V_ECARTE_TREBLE) a game counts treble if the loser has not
    scored, double if he has one or two, single with three or four; without it, one."""
    if not variant & V_ECARTE_TREBLE:
        return 1
    if loser_marks <= 0:
        return 3
    if loser_marks <= 2:
        return 2
    return 1


class Game:
    """One game of five up (law 46) from deal breakdowns.

    The king is marked before the tricks (it is turned up, or announced before the first card
    is played), and the game ends the moment a player reaches five (EC-25). With
    king_ends_game=True (default) a king that brings a player to five wins before the hand is
    played and the hand's marks are not recorded; with False the hand is played out and its
    marks are added first (the catalogue is unsure which was club practice). Marks beyond five
    are not kept.
    """

    def __init__(self, variant=0, king_ends_game=True):
        self.variant = variant
        self.king_ends_game = king_ends_game
        self.score = [0, 0]
        self.deals = 0
        self.finished = False
        self.winner = -1

    def _mark(self, seat, n):
        if n and not self.finished:
            self.score[seat] = min(GAME, self.score[seat] + n)
            if self.score[seat] >= GAME:
                self.finished = True
                self.winner = seat

    def add(self, b):
        """Record one deal; returns the seat that won the game on it, or -1."""
        if self.finished:
            raise RuleError("the game is over (seat %d is five up): start a new game"
                            % self.winner)
        self.deals += 1
        if self.king_ends_game:
            for seat in (b["dealer"], 1 - b["dealer"]):
                self._mark(seat, b["king"][seat])
            for seat in (0, 1):
                self._mark(seat, b["points"][seat])
        else:
            for seat in (0, 1):
                self._mark(seat, b["points"][seat])
            for seat in (0, 1):
                self._mark(seat, b["king"][seat])
        return self.winner if self.finished else -1

    def value(self):
        """What the finished game counts to its winner (law 46); 0 while it is unfinished."""
        if not self.finished:
            return 0
        return game_value(self.score[1 - self.winner], self.variant)
