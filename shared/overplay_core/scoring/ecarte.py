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
- Match(variant=0, king_ends_game=True, pair=("seat 0", "seat 1")): best of three games;
  add(breakdown), games, points (game values won), values, finished, winner, result()
- score_entry(entry) -> deal_points breakdown of one deal as the terminal keys it (a dict,
  below), the laws engine's rulings applied
- score_pairs(entries, variant=0, king_ends_game=True) -> matches and standings per pair of
  players and per player, across deals

An entry (one deal, keyed at the terminal or read back from the club database):
    {"players": ("Ann", "Bob") (seat 0, seat 1), "dealer": 0 or 1,
     "tricks": (t0, t1) or t0 (seat 0's tricks of a hand played out: seat 1 has 5 - t0),
     "king": -1 or the seat that marked the king, "proposal": "accepted",
     "played_without_proposing" or "refused" (or the PROPOSAL_* int),
     "abandoned_by": -1, "offender": -1, "overheld_by": -1,
     "rulings": ((ruling id or code, seat), ...)}
Only dealer and tricks are required (players default to "seat 0", "seat 1"). `rulings`
carries what the laws engine ruled (the u16 ids of a CHECK record or the codes) with the
seat the ruling names: RULING_EFFECTS says what each does to the marks.

Seats are 0 and 1 (games.py); `dealer` is the seat that dealt, the other is the non-dealer.
`tricks` is the tricks each seat made, (seat 0, seat 1): five in all for a hand played out,
fewer for an abandoned hand (law 42).
"""

from overplay_core.scoring.rulings import code_of
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


class Match:
    """A match: the best of three games (the first to win two). The game values (law 46,
    three/two/one under V_ECARTE_TREBLE, else one) are added up for each player; the match's
    points are the difference (how a match is totalled is club practice: the Club Code's
    laws read give only the game's value)."""

    GAMES_TO_WIN = 2

    def __init__(self, variant=0, king_ends_game=True, pair=("seat 0", "seat 1")):
        self.pair = pair
        self.variant = variant
        self.king_ends_game = king_ends_game
        self.game = Game(variant, king_ends_game)
        self.games = [0, 0]
        self.points = [0, 0]
        self.values = []  # (winner, value, loser's marks) of each finished game
        self.deals = 0
        self.finished = False
        self.winner = -1

    def add(self, b):
        """Record one deal; returns the seat that won a game on it, or -1."""
        if self.finished:
            raise RuleError("the match is over (seat %d won two games): start a new match"
                            % self.winner)
        self.deals += 1
        won = self.game.add(b)
        if won < 0:
            return -1
        value = self.game.value()
        self.games[won] += 1
        self.points[won] += value
        self.values.append((won, value, self.game.score[1 - won]))
        if self.games[won] >= self.GAMES_TO_WIN:
            self.finished = True
            self.winner = won
        else:
            self.game = Game(self.variant, self.king_ends_game)
        return won

    def result(self):
        """(seat ahead or -1, game points won): the difference of the players' game values."""
        p = self.points
        if p[0] == p[1]:
            return -1, 0
        return (0, p[0] - p[1]) if p[0] > p[1] else (1, p[1] - p[0])


# What a ruling of the laws engine (laws/ecarte.py) does to the deal's marks; the seat given
# with the ruling is the one the engine names (for law 42, the adversary who marks).
OVERHELD = 1  # EC-13: the seat played with more than five cards: no point or vole
ABANDONED = 2  # law 42: the seat's adversary abandoned his hand
OFFENDER = 3  # law 43: the seat renounced or failed to win a trick; the deal stood
KING_MARKED = 4  # law 47: the seat marks the king
KING_NOT_MARKED = 5  # law 47 / EC-11: the seat may not mark the king (announced late, not held)
VOID = 6  # law 45 (pack incorrect) or law 43 (hands played again): this deal scores nothing
RULING_EFFECTS = {"EC-13": OVERHELD, "EC-42v": ABANDONED, "EC-42p": ABANDONED,
                  "EC-43": OFFENDER, "EC-43b": OFFENDER, "EC-43l": OFFENDER,
                  "EC-43s": OFFENDER, "EC-47a": KING_MARKED, "EC-47b": KING_MARKED,
                  "EC-47c": KING_NOT_MARKED, "EC-47d": KING_NOT_MARKED, "EC-45": VOID, "EC-43r": VOID}


def _get(entry, key, default):
    v = entry.get(key)
    return default if v is None else v


def score_entry(entry):
    """One deal's breakdown (deal_points) from a keyed entry, its rulings applied.

    Adds "rulings" (the codes that changed the marks) and "void" (a voided deal marks
    nothing: king, points and total (0, 0)). Raises RuleError for what cannot be scored.
    """
    if not isinstance(entry, dict):
        raise RuleError("a deal must be a dict with dealer and tricks, not %r" % (entry,))
    tricks = _get(entry, "tricks", None)
    if isinstance(tricks, int) and not isinstance(tricks, bool):
        tricks = (tricks, 5 - tricks)
    if not isinstance(tricks, (list, tuple)):
        raise RuleError("tricks must be (seat 0, seat 1) or seat 0's tricks, not %r" % (tricks,))
    proposal = _get(entry, "proposal", PROPOSAL_ACCEPTED)
    if isinstance(proposal, str):
        if proposal not in PROPOSALS:
            raise RuleError("unknown proposal %r: use accepted, played_without_proposing or "
                            "refused" % (proposal,))
        proposal = PROPOSALS[proposal]
    king = _get(entry, "king", -1)
    abandoned = _get(entry, "abandoned_by", -1)
    offender = _get(entry, "offender", -1)
    overheld = _get(entry, "overheld_by", -1)
    applied = []
    void = False
    for r in _get(entry, "rulings", ()):
        if len(r) != 2:
            raise RuleError("a ruling must be (ruling id, seat), not %r" % (r,))
        code = code_of(r[0])
        effect = RULING_EFFECTS.get(code, 0)
        if effect == 0:
            continue
        seat = r[1]
        if effect != VOID and seat not in (0, 1):
            raise RuleError("ruling %s needs the seat it names (0 or 1), not %r" % (code, seat))
        if effect == OVERHELD:
            overheld = seat
        elif effect == ABANDONED:
            abandoned = 1 - seat
        elif effect == OFFENDER:
            offender = seat
        elif effect == KING_MARKED:
            king = seat
        elif effect == KING_NOT_MARKED:
            if king == seat:
                king = -1
        else:
            void = True
        applied.append(code)
    b = deal_points(_get(entry, "dealer", -1), tricks, proposal, king, abandoned, offender,
                    overheld)
    if void:
        b["king"] = b["points"] = b["total"] = (0, 0)
    b["void"] = void
    b["rulings"] = applied
    return b


def _names(entry):
    names = _get(entry, "players", ("seat 0", "seat 1"))
    if not isinstance(names, (list, tuple)) or len(names) != 2 or names[0] == names[1]:
        raise RuleError("players must be two different names (seat 0, seat 1), not %r"
                        % (names,))
    return names[0], names[1]


def score_pairs(entries, variant=0, king_ends_game=True):
    """Games and matches per pair of players across deals, in the order played.

    Returns {"deals": [breakdown + "players", "game_won", "match_won"], "matches":
    [(pair, Match)], "pairs": [...], "players": [...]}. A pair is the two names in the order
    they first met (its Match's seats 0 and 1 are those); a deal with them the other way
    round is turned to match. A finished match is closed and the pair's next deal begins a
    new one. "pairs": per pair {"pair", "matches" (won by each), "games", "points" (game
    values), "open"} over its finished matches; "players": each player's matches, games and
    points won over every pair, best first (matches, then points, then games), with "rank".
    """
    current = {}
    matches = []
    deals = []
    for e in entries:
        b = score_entry(e)
        names = _names(e)
        key = (names[0], names[1]) if names[0] < names[1] else (names[1], names[0])
        m = current.get(key)
        if m is None:
            m = Match(variant, king_ends_game, names)
            current[key] = m
            matches.append((names, m))
        if m.pair[0] != names[0]:
            b = _turned(b)
        won = m.add(b)
        row = dict(b)
        row["players"] = m.pair
        row["game_won"] = m.pair[won] if won >= 0 else None
        row["match_won"] = m.pair[m.winner] if m.finished else None
        deals.append(row)
        if m.finished:
            del current[key]
    return {"deals": deals, "matches": matches, "pairs": _pair_rows(matches),
            "players": _player_rows(matches)}


def _turned(b):
    out = dict(b)
    for k in ("tricks", "king", "points", "total"):
        out[k] = (b[k][1], b[k][0])
    for k in ("dealer", "winner"):
        out[k] = 1 - b[k]
    return out


def _pair_rows(matches):
    rows = []
    index = {}
    for names, m in matches:
        key = (names[0], names[1]) if names[0] < names[1] else (names[1], names[0])
        if key not in index:
            index[key] = len(rows)
            rows.append({"pair": names, "matches": [0, 0], "games": [0, 0], "points": [0, 0],
                         "open": None})
        r = rows[index[key]]
        turn = r["pair"][0] != names[0]
        if not m.finished:
            g = m.game
            score = (g.score[1], g.score[0]) if turn else (g.score[0], g.score[1])
            games = (m.games[1], m.games[0]) if turn else (m.games[0], m.games[1])
            r["open"] = {"games": games, "score": score}
            continue
        w = 1 - m.winner if turn else m.winner
        r["matches"][w] += 1
        for s in (0, 1):
            t = 1 - s if turn else s
            r["games"][t] += m.games[s]
            r["points"][t] += m.points[s]
    return rows


def _player_rows(matches):
    tot = {}
    order = []
    for names, m in matches:
        for s in (0, 1):
            if names[s] not in tot:
                tot[names[s]] = [0, 0, 0, 0]  # matches won, points, games won, matches
                order.append(names[s])
        if not m.finished:
            continue
        for s in (0, 1):
            t = tot[names[s]]
            t[0] += 1 if m.winner == s else 0
            t[1] += m.points[s]
            t[2] += m.games[s]
            t[3] += 1
    rows = [(tot[n], i, n) for i, n in enumerate(order)]
    rows.sort(key=lambda r: (-r[0][0], -r[0][1], -r[0][2], r[1]))
    out = []
    for i, (t, _, n) in enumerate(rows):
        key = (t[0], t[1], t[2])
        same = out and (out[-1]["matches_won"], out[-1]["points"], out[-1]["games"]) == key
        out.append({"rank": out[-1]["rank"] if same else i + 1, "player": n,
                    "matches_won": t[0], "points": t[1], "games": t[2], "matches": t[3]})
    return out
