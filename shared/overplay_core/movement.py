"""Movements: which board set each table plays in which round, and which pairs sit there.

    m = movement.Movement(movement.MITCHELL, tables=4, first=1, last=24)  # ParseError if unfit
    m = movement.from_setup(session.decode(data))        # the same, from a shoe's set-up
    m.rounds, m.per_round, m.pairs                      # 4 rounds of 6 boards, 8 pairs
    m.table_round(2, 1)      # (7, 12, 2, 6): boards 7-12, N-S pair 2, E-W pair 6
    m.played(2, 9)           # (1, 2, 6): round 1, N-S 2, E-W 6 (what results need)
    m.compared(2, 9)         # the tables whose N-S scores on board 9 are ranked together
    m.field(6), m.pair_name(6)                          # 2 (the E-W field), "E-W 2"
    m.next_board(2, 12)      # 13: table 2's round 2 set is boards 13-18
    m.seat_of(6, 2)          # (3, 3, False): pair 6 is E-W at table 3 against pair 3

Whether a movement fits the tables and boards is the set-up's own rule (session.py: rounds(),
fit_error(), and check()'s E_FIT, the non-raising door); Movement raises ParseError with
fit_error's line. The movement ids are session.py's (NONE, MITCHELL, HOWELL, TEAMS).

A set-up names the whole session's boards (first..last) and the tables engaged; the movement
cuts the boards into as many sets as there are rounds (boards per round = boards / rounds,
which must divide exactly) and says where each set and each pair is in every round. Every
table plays every set exactly once in all four movements, so (table, board) names one round.

Pair numbers are one int per pair, 1..pairs, the same kind of number in every movement so a
roster and the results key a pair by it alone. Mitchell (and none): the N-S pair of table t
is pair t and the E-W pair that starts at table t is pair tables + t; clubs print these as
"N-S t" and "E-W t" (pair_name), and E-W n+1..2n keeps that: the E-W pair number minus the
tables is its starting table. Howell: pairs 1..2n as on the Howell guide cards, the highest
number the stationary pair at table 1 N-S.

Mitchell (N-S sit, E-W move up one table, boards move down one): with an odd number of tables
every E-W pair meets every N-S pair and every set once in `tables` rounds. With an even number
an E-W pair would come back to its first set at the half-way round, so clubs use the skip
Mitchell (E. T. Baker, c. 1892): after half the rounds the E-W pairs move up two tables once,
the boards move as usual. Sources: bridgecentral.com "Skip Mitchell" (MvtHTML/skipmitchell.htm:
"after the half way round, the E-W pairs skip one table by proceeding up two tables"; it is
"very hard to foul up, whereas the relay Mitchell has many areas in which things may go
wrong") and the club director's notes at tbb/director/page03.htm ("with 8 tables EW pairs skip
one table at the start of round 5"). We play every round, the last one included (the
"revenge round", where an E-W pair meets its first N-S pair again on the one set it has not
played), so every pair plays every board; the relay-and-bye-stand remedy is not offered,
because it has two tables play one set in the same round and a shoe deals a board at one
table. A 2-table Mitchell is the two tables swapping their sets.

Howell (complete: 2n pairs at n tables, 2n-1 rounds and sets): the pairs move as in the
endless ("flower") Howell (bridgecentral.com MvtHTML/endlesshowellmovement.htm and
derivinghowellmovements.htm): round 1 seats 2n v 1 at table 1 and 2n+1-j v j at table j;
every round each moving pair's number goes up one, modulo 2n-1 (N-S pairs move up a table,
E-W pairs down one, turning at the ends). Each table plays the sets in order from its own
starting set c_j, so pair p meets pair q exactly once, and plays set p + c_1 at table 1 and
sets p -/+ (j-1) + c_j at table j: every set exactly once when {c_1} and {c_j - (j-1),
c_j + (j-1)} (j >= 2) are all the sets, modulo 2n-1.
_howell_starts finds them (fewest tables sharing a set in a round) by a short search: 4 tables
give sets 1, 3, 5, 2 in round 1, the published endless Howell's; 2 and 3 tables have no
solution without every table sharing the round's set (they play it in turn, as clubs share
boards), 5 tables have two tables sharing.

None: one round, every table plays all the boards with its own two pairs (N-S t, E-W n+t).
Teams: one match at 2 tables: the home team is N-S at table 1 and E-W at table 2 (pairs 1 and
4), the visitors the other seats; table 1 plays the first half of the boards while table 2
plays the second, then the tables swap them (session.py: "two tables of a team match swap
boards"). A teams event of several matches is one session per match.

Scores compared: a table's N-S score on a board is ranked against the N-S scores of the
tables in compared() and its E-W score against their E-W scores (a Howell's pairs change
direction, so its one field compares by where each pair sat on that board: the arrow). Fields
(the standings printed apart): Mitchell and none two, N-S 1 and E-W 2; Howell one; teams one
field of the two teams (team()).
"""

from overplay_core import session
from overplay_core.errors import ParseError
from overplay_core.session import HOWELL, MITCHELL, MOVEMENTS, NONE, TEAMS


def _howell_starts(n):
    """c[k]: table k+1's starting set offset in an n-table Howell (table 1's is 0).

    Pair p plays set p + c[0] at table 1 and p -/+ k + c[k] at table k+1; those 2n-1 values
    must be every set once, modulo 2n-1. A depth-first search over c_k (k = n-1 .. 1) keeps the first
    assignment with all offsets distinct (no two tables share a set in a round), else the one
    with the most distinct offsets; deterministic, so every interpreter finds the same."""
    m = 2 * n - 1
    c = [0] * n
    used = bytearray(m)
    used[0] = 1
    best = [None, 0]

    def rec(k):
        if k == 0:
            d = len(set(c))
            if d > best[1]:
                best[0] = tuple(c)
                best[1] = d
            return d == n
        for v in range(m):
            a = (v - k) % m
            b = (v + k) % m
            if used[a] or used[b]:
                continue
            used[a] = used[b] = 1
            c[k] = v
            if rec(k - 1):
                return True
            used[a] = used[b] = 0
        return False

    rec(n - 1)
    return best[0]


def _int(value, name, lo, hi):
    if not isinstance(value, int) or isinstance(value, bool) or not lo <= value <= hi:
        raise ParseError("%s %r is not in %d..%d" % (name, value, lo, hi))
    return value


class Movement:
    """One session's movement: rounds, board sets and pair seats (see the module docstring)."""

    def __init__(self, kind, tables, first, last):
        for v, name in ((kind, "movement"), (tables, "tables"), (first, "first board"),
                        (last, "last board")):
            if not isinstance(v, int) or isinstance(v, bool):
                raise ParseError("%s %r is not a whole number" % (name, v))
        why = session.fit_error(kind, tables, first, last)
        if why is not None:
            raise ParseError(why)
        self.kind = kind
        self.tables = tables
        self.first = first
        self.last = last
        self.rounds = session.rounds(kind, tables)
        self.per_round = (last - first + 1) // self.rounds
        self.pairs = 2 * tables
        self.fields = 2 if kind in (NONE, MITCHELL) else 1
        self._starts = _howell_starts(tables) if kind == HOWELL else None

    def _table(self, table):
        return _int(table, "table", 1, self.tables)

    def _round(self, rnd):
        return _int(rnd, "round", 1, self.rounds)

    def set_at(self, table, rnd):
        """The board set (1..rounds) the table plays in that round."""
        t = self._table(table) - 1
        r = self._round(rnd) - 1
        k = self.kind
        if k == NONE:
            return 1
        if k == HOWELL:
            return (r + self._starts[t]) % self.rounds + 1
        return (t + r) % self.rounds + 1  # Mitchell, teams: boards move down a table a round

    def set_boards(self, s):
        """(first, last) board of set s."""
        _int(s, "board set", 1, self.rounds)
        lo = self.first + (s - 1) * self.per_round
        return lo, lo + self.per_round - 1

    def pairs_at(self, table, rnd):
        """(N-S pair, E-W pair) at the table in that round."""
        t = self._table(table)
        r = self._round(rnd)
        n = self.tables
        k = self.kind
        if k == HOWELL:
            m = self.rounds
            if t == 1:
                return 2 * n, r
            return (r - t) % m + 1, (r + t - 2) % m + 1
        if k == MITCHELL:
            move = r - 1 if 2 * (r - 1) < n or n % 2 else r  # even: skip after half the rounds
            return t, n + (t - 1 - move) % n + 1
        return t, n + t  # none and teams: nobody moves

    def table_round(self, table, rnd):
        """(first board, last board, N-S pair, E-W pair) at the table in that round: what a
        table card prints and the shoe shows at the start of the round."""
        lo, hi = self.set_boards(self.set_at(table, rnd))
        ns, ew = self.pairs_at(table, rnd)
        return lo, hi, ns, ew

    def set_of(self, board):
        """The set (1..rounds) a board belongs to."""
        _int(board, "board", self.first, self.last)
        return (board - self.first) // self.per_round + 1

    def round_of(self, table, board):
        """The round in which the table plays the board."""
        s = self.set_of(board) - 1
        t = self._table(table) - 1
        k = self.kind
        if k == NONE:
            return 1
        if k == HOWELL:
            return (s - self._starts[t]) % self.rounds + 1
        return (s - t) % self.rounds + 1

    def played(self, table, board):
        """(round, N-S pair, E-W pair) of the table's play of the board: the inverse of
        table_round that names the pairs behind a result."""
        r = self.round_of(table, board)
        ns, ew = self.pairs_at(table, r)
        return r, ns, ew

    def next_board(self, table, board):
        """The board the table plays after this one (0 after its last round): the next of the
        set, else the first of the next round's set. The table's first board is
        table_round(table, 1)[0]."""
        r = self.round_of(table, board)
        if board < self.set_boards(self.set_of(board))[1]:
            return board + 1
        if r == self.rounds:
            return 0
        return self.set_boards(self.set_at(table, r + 1))[0]

    def seat_of(self, pair, rnd):
        """(table, opponent pair, True when N-S) of the pair in that round: a personal guide
        card, and who sits out when a field is one pair short: the pair due to meet the missing
        one, the club's phantom (a Howell's pair 2n, a Mitchell's N-S pair at the last table)."""
        p = self._pair(pair)
        self._round(rnd)
        for t in range(1, self.tables + 1):
            ns, ew = self.pairs_at(t, rnd)
            if ns == p:
                return t, ew, True
            if ew == p:
                return t, ns, False
        raise ParseError("pair %d has no seat in round %d" % (p, rnd))  # no movement does this

    def compared(self, table, board):
        """The tables (this one included) whose scores on the board are ranked with this
        table's, N-S with N-S and E-W with E-W."""
        self._table(table)
        self.set_of(board)
        return tuple(range(1, self.tables + 1))  # every table plays every board once

    def _pair(self, pair):
        return _int(pair, "pair", 1, self.pairs)

    def field(self, pair):
        """The field (1..fields) a pair is ranked in: Mitchell and none N-S 1, E-W 2."""
        p = self._pair(pair)
        return 2 if self.fields == 2 and p > self.tables else 1

    def team(self, pair):
        """Teams: 1 for the home team (N-S at table 1, E-W at table 2), else 2; 0 elsewhere."""
        p = self._pair(pair)
        if self.kind != TEAMS:
            return 0
        return 1 if p in (1, 4) else 2

    def pair_name(self, pair):
        """How a club names the pair: "N-S 3", "E-W 3" (its starting table), "pair 5" (Howell)
        or "home N-S" (teams)."""
        p = self._pair(pair)
        if self.kind == HOWELL:
            return "pair %d" % p
        if self.kind == TEAMS:
            return ("home " if self.team(p) == 1 else "visitors ") + ("N-S" if p <= 2 else "E-W")
        if p > self.tables:
            return "E-W %d" % (p - self.tables)
        return "N-S %d" % p

    def card(self, table):
        """The table's guide card as lines of text: one line a round."""
        rows = ["Table %d  %s, %d tables, boards %d-%d"
                % (table, MOVEMENTS[self.kind], self.tables, self.first, self.last),
                "Round  Boards   N-S       E-W"]
        for r in range(1, self.rounds + 1):
            lo, hi, ns, ew = self.table_round(table, r)
            rows.append("%5d  %-7s  %-8s  %s" % (r, "%d-%d" % (lo, hi) if hi > lo else str(lo),
                                                 self.pair_name(ns), self.pair_name(ew)))
        return rows


def from_setup(setup):
    """A Movement from a decoded set-up (session.decode's dict); raises ParseError if unfit."""
    return Movement(setup["movement"], setup["tables"], setup["first"], setup["last"])
