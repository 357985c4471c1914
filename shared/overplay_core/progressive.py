"""Progressive euchre: numbered tables, rounds, partners changing, individuals ranked.

    from overplay_core import progressive as pe
    ev = pe.Evening([["Ann", "Bob", "Cy", "Di"], ["Ed", "Flo", "Gus", "Hal"]])
    ev.add(1, {"makers": 0, "tricks": 5})   # table 1, a hand of the current round
    ev.end_round()                           # winners move, partners change
    ev.seating                               # who sits where in the next round
    ev.standings(pe.BY_POINTS)               # individuals ranked

    pe.score_evening(first_seating, entries, variant=0, ties=None, by=BY_POINTS) -> dict

How progressive-euchre clubs run an evening (the source this module follows):
- J. W. Keller, *The Game of Euchre* (1887), ch. VIII "Progressive Euchre"
  (ohioeuchre.com/E_bookeller8.php): tables numbered from one upwards, four players a table,
  the players "constantly change their tables and partners in regular order".
- The club movement (ohioeuchre.com/HosTourn_Progrssive-Euchre.php; euchre-2lz.pages.dev
  /variations/progressive-euchre; ourpastimes.com "Progressive Euchre Information"): a round
  is a set number of hands at every table (8 there: each player deals twice), every hand
  scored 1, 2, 4 or nothing per side; at the end of the round the pair with more points at
  a table has won it; the winners move up one table (toward table 1, the head table) and the
  losers stay, except at the head table, where the winners stay and the losers go down to the
  last (foot) table; each player keeps his own score, and the individual with most points
  wins. The same progression (winners up one table, the head table's loser to the foot) is
  Foster's for progressive games (*Foster's Complete Hoyle*, "Progressive Poker").
- Partners change every round: at each table the two who stayed are split up and each takes
  one of the two who arrived as partner. Here the stayers take N and E, the arrivals S and W,
  each pair in the seat order it sat in (N before S, E before W): N-S is the first stayer
  with the first arrival, E-W the second stayer with the second arrival.
- Ranking: by points (each player is credited with every point his side scored on a hand he
  played, revoke penalties included), or by games won (a player gets one for each round his
  pair won at its table: the older clubs' punched card or star). Ties share a rank; the
  other count breaks them first (games behind points, points behind games).

The hand's points are scoring_euchre's (Somerset laws 2 and 3: makers 3 or 4 tricks 1, a
march 2, a lone march 4, euchred 2 to the adversaries; a euchred lone hand gives 4, or 2
under games.V_LONE_EUCHRED_2, which most progressive clubs play). Rulings of the laws engine
come in each entry (scoring_euchre.score_entry). A tied round needs the pair that won the
cut or the extra hand: end_round(ties={table: side}); without it end_round raises
RuleError naming the table.

Seats in a seating row: N, E, S, W (0..3); sides NS = 0 (N and S), EW = 1 (E and W).
"""

from overplay_core.scoring import euchre as se
from overplay_core.errors import RuleError

BY_POINTS = 0
BY_GAMES = 1
RANKINGS = {"points": BY_POINTS, "games": BY_GAMES}


def _check_seating(seating):
    if not isinstance(seating, (list, tuple)) or not seating:
        raise RuleError("the seating must be a list of tables, each four players N E S W")
    seen = []
    for i, row in enumerate(seating):
        if not isinstance(row, (list, tuple)) or len(row) != 4:
            raise RuleError("table %d: must seat four players (N E S W), not %r" % (i + 1, row))
        for p in row:
            if p in seen:
                raise RuleError("%s is seated twice: each player has one seat" % (p,))
            seen.append(p)
    return [list(row) for row in seating]


def next_seating(seating, winners):
    """The seating of the next round from this round's and each table's winning side.

    winners[i] is the side (0 N-S, 1 E-W) that won at table i + 1. See the module docstring
    for the movement; with one table the winners stay and the losers come back to it.
    """
    seating = _check_seating(seating)
    n = len(seating)
    if len(winners) != n:
        raise RuleError("%d tables but %d winners" % (n, len(winners)))
    won = []
    lost = []
    for i in range(n):
        w = winners[i]
        if w not in (se.NS, se.EW):
            raise RuleError("table %d: the winning side must be 0 (N-S) or 1 (E-W), not %r"
                            % (i + 1, w))
        row = seating[i]
        won.append([row[w], row[w + 2]])
        lost.append([row[1 - w], row[3 - w]])
    out = []
    for i in range(n):
        if i == 0:
            stay, come = won[0], (won[1] if n > 1 else lost[0])
        elif i == n - 1:
            stay, come = lost[i], lost[0]
        else:
            stay, come = lost[i], won[i + 1]
        out.append([stay[0], stay[1], come[0], come[1]])
    return out


class _Player:
    def __init__(self, name):
        self.name = name
        self.points = 0
        self.games = 0
        self.hands = 0
        self.lone = 0  # lone hands this player made (a march alone)
        self.tables = []  # the table he sat at, round by round
        self.partners = []  # his partner, round by round


class Evening:
    """One evening of progressive euchre, round by round (see the module docstring)."""

    def __init__(self, seating, variant=0, forfeit_deducted=False):
        self.seating = _check_seating(seating)
        self.variant = variant
        self.forfeit_deducted = forfeit_deducted
        self.round = 1
        self.rounds = []  # per finished round: [(table, seating row, (ns, ew), winner)]
        self.players = {}
        self.order = []
        for row in self.seating:
            for p in row:
                self.players[p] = _Player(p)
                self.order.append(p)
        self._begin()

    def _begin(self):
        self.score = [[0, 0] for _ in self.seating]
        self.hands = [0] * len(self.seating)
        for t, row in enumerate(self.seating):
            for s in range(4):
                pl = self.players[row[s]]
                pl.tables.append(t + 1)
                pl.partners.append(row[(s + 2) % 4])

    def add(self, table, entry):
        """Score one hand at table (1..) in the current round; returns its breakdown (with
        "table", "round" and "players", N E S W). An entry may name its "players" (N E S W,
        when the terminal knows who sits there): they must be the ones the movement seats
        at that table; "lone_seat" (0..3) names who played alone, for the lone-hand count."""
        if not isinstance(table, int) or not 1 <= table <= len(self.seating):
            raise RuleError("table must be 1..%d, not %r" % (len(self.seating), table))
        row = self.seating[table - 1]
        keyed = entry.get("players") if isinstance(entry, dict) else None
        if keyed is not None and list(keyed) != row:
            raise RuleError("table %d, round %d: the players keyed %r are not the ones the "
                            "movement seats there (%s): check who moved" % (
                                table, self.round, keyed, " ".join([str(p) for p in row])))
        b = se.score_entry(entry, self.variant, self.forfeit_deducted)
        lone = entry.get("lone_seat")
        if lone is not None and b["alone"] and (lone not in (0, 1, 2, 3)
                                                or lone & 1 != b["makers"]):
            raise RuleError("lone_seat must be a seat (0..3) of the makers' side, not %r"
                            % (lone,))
        sc = self.score[table - 1]
        self.hands[table - 1] += 1
        for s in range(4):
            pl = self.players[row[s]]
            pl.points += b["total"][s & 1]
            pl.hands += 1
        sc[0] += b["total"][0]
        sc[1] += b["total"][1]
        if lone is not None and b["alone"] and b["points"][b["makers"]] == 4:
            self.players[row[lone]].lone += 1
        b["table"] = table
        b["round"] = self.round
        b["players"] = list(row)
        return b

    def undecided(self, ties=None):
        """The tables (1..) level in the current round with no side given in ties."""
        out = []
        for t in range(len(self.seating)):
            if self.score[t][0] == self.score[t][1] and (ties or {}).get(t + 1) not in (0, 1):
                out.append(t + 1)
        return out

    def end_round(self, ties=None):
        """Close the round: each table's winners get a game, the players move. Returns the new
        seating. ties: {table: side} for a table whose round ended level."""
        winners = []
        for t in range(len(self.seating)):
            ns, ew = self.score[t]
            if ns != ew:
                winners.append(se.NS if ns > ew else se.EW)
                continue
            w = (ties or {}).get(t + 1, -1)
            if w not in (se.NS, se.EW):
                raise RuleError("table %d is level at %d in round %d: key the side (0 N-S, "
                                "1 E-W) that won the cut or the extra hand" % (t + 1, ns,
                                                                             self.round))
            winners.append(w)
        done = []
        for t, row in enumerate(self.seating):
            w = winners[t]
            self.players[row[w]].games += 1
            self.players[row[w + 2]].games += 1
            done.append((t + 1, list(row), (self.score[t][0], self.score[t][1]), w))
        self.rounds.append(done)
        self.seating = next_seating(self.seating, winners)
        self.round += 1
        self._begin()
        return self.seating

    def standings(self, by=BY_POINTS):
        """[{"rank", "player", "points", "games", "hands", "lone", "tables", "partners"}],
        best first; equal counts share a rank (1, 2, 2, 4)."""
        if by not in (BY_POINTS, BY_GAMES):
            raise RuleError("rank by points or games, not %r" % (by,))
        rows = []
        for i, name in enumerate(self.order):
            p = self.players[name]
            key = (p.points, p.games) if by == BY_POINTS else (p.games, p.points)
            rows.append((key, i, p))
        rows.sort(key=lambda r: (-r[0][0], -r[0][1], r[1]))
        out = []
        for n, (key, _, p) in enumerate(rows):
            rank = out[-1]["rank"] if out and rows[n - 1][0] == key else n + 1
            # The table and partner of the round not yet played are not shown.
            played = len(self.rounds) + (1 if sum(self.hands) else 0)
            out.append({"rank": rank, "player": p.name, "points": p.points, "games": p.games,
                        "hands": p.hands, "lone": p.lone, "tables": p.tables[:played],
                        "partners": p.partners[:played]})
        return out


def score_evening(seating, entries, variant=0, ties=None, by=BY_POINTS, forfeit_deducted=False):
    """A whole evening from keyed hands: {"hands", "rounds", "seating", "standings"}.

    entries: hands in the order played, each with "round" (1..) and "table" (1..) besides the
    scoring_euchre entry fields; a round closes when a hand of a later round comes, and the
    last round closes at the end if every table played in it and no table is level without a
    tie given (else it stays open: its points count, its games do not yet). ties: {(round, table): side} for level rounds. "rounds"
    lists each closed round's tables as (table, [N, E, S, W], (ns, ew), winning side);
    "seating" is the seating of the next round.
    """
    ev = Evening(seating, variant, forfeit_deducted)
    ties = ties or {}
    hands = []
    for e in entries:
        if not isinstance(e, dict):
            raise RuleError("a hand must be a dict with round, table, makers and tricks")
        rnd = e.get("round", ev.round)
        if not isinstance(rnd, int) or rnd < ev.round:
            raise RuleError("a hand of round %r came after round %d began: give the hands in "
                            "the order played" % (rnd, ev.round))
        while rnd > ev.round:
            ev.end_round(_ties_of(ties, ev.round))
        hands.append(ev.add(e.get("table", 1), e))
    if min(ev.hands) > 0 and not ev.undecided(_ties_of(ties, ev.round)):
        ev.end_round(_ties_of(ties, ev.round))
    return {"hands": hands, "rounds": ev.rounds, "seating": ev.seating,
            "standings": ev.standings(by)}


def _ties_of(ties, rnd):
    out = {}
    for k in ties:
        if k[0] == rnd:
            out[k[1]] = ties[k]
    return out
