"""Duplicate whist scoring: tricks per side per deal, comparison across tables, averages.

    from overplay_core.scoring import whist as sw
    sw.deal_result(8)                      # -> (8, 5): N-S 8 tricks, E-W 5 (DW-18)
    sw.agreed_result(8, 6)                 # -> (7, 6): E-W's record wins (DW-19)
    sw.average_score([7, 8, 8])            # -> 8: 7.67 to the nearest whole trick (DW-23)
    sw.board_scores([7, sw.AVERAGE, 9, 8]) # -> [(7, 6), (8, 5), (9, 4), (8, 5)] (DW-25)
    sw.compare([7, 9, 8])                  # -> [(7, 6, -1, 1), (9, 4, 1, -1), (8, 5, 0, 0)]
    sw.plus_minus([201, 204, 211, 207, 212])   # -> [-6, -3, 4, 0, 5] (DW-24)
    sw.totals([[7, 9], [5, 6]])            # -> [(12, 14), (15, 11)] per table over boards

API (plain functions over ints, lists and tuples; nothing allocates beyond the result):
- deal_result(tricks_ns) -> (ns, ew)                       raising door (RuleError)
- check_tricks(tricks_ns) -> OK or ERR_TRICKS              non-raising door
- agreed_result(ns_recorded, ew_recorded) -> (ns, ew)
- divide(total, count, rounding=HALF_UP) -> int            integer division to a whole trick
- average_score(scores, rounding=HALF_UP) -> int
- board_scores(ns_by_table, rounding=HALF_UP, sides=SIDES_SEPARATE) -> [(ns, ew), ...]
- compare(ns_by_table, rounding=HALF_UP, sides=SIDES_SEPARATE) -> [(ns, ew, ns_diff, ew_diff)]
- plus_minus(totals, rounding=HALF_UP) -> [total - average, ...]   (pairs or teams)
- odd_pair_allowance(opposite_scores, rounding=HALF_UP) -> int
- totals(boards, rounding=HALF_UP, sides=SIDES_SEPARATE) -> [(ns_total, ew_total)] per table

An entry of `ns_by_table` is the N-S tricks at that table (0..13) or one of the markers
AVERAGE (the table takes the average score: Law IV §§9-10, Law V §1), NS_SURPLUS or
EW_SURPLUS (that side's player was short and his partner held the surplus: Duplicate
Auction Law B(3), used only to fill a gap in the whist code, catalogue DW-16).

Rounding (DW-23): the 1894 code says fractions are disregarded and the nearest whole number is
used; what an exact half does is not in the text read. HALF_UP (default) counts a half as a
whole trick; HALF_DOWN drops it; TRUNCATE drops every fraction. All of it is integer
arithmetic, so both interpreters give the same answer (round() may not).
"""

from overplay_core.errors import RuleError

TRICKS = 13  # DW-18: N-S tricks + E-W tricks = 13 at every table

# Markers in a list of N-S tricks per table (never valid trick counts).
AVERAGE = -1
NS_SURPLUS = -2  # N-S offended: N-S get the lowest N-S score, E-W the highest E-W (DW-16)
EW_SURPLUS = -3

# Rounding of averages (DW-23).
HALF_UP = 0
HALF_DOWN = 1
TRUNCATE = 2
ROUNDINGS = {"half_up": HALF_UP, "half_down": HALF_DOWN, "truncate": TRUNCATE}

# How the two sides' averages are taken for a table that takes the average (DW-25).
SIDES_SEPARATE = 0  # each side the average of its own direction's scores (default)
SIDES_COMPLEMENT = 1  # N-S average, E-W = 13 - that (the pair always adds up to 13)
SIDES = {"separate": SIDES_SEPARATE, "complement": SIDES_COMPLEMENT}

OK = 0
ERR_TRICKS = -1


def check_tricks(tricks_ns):
    """OK when tricks_ns is a trick count a side can take (0..13), else ERR_TRICKS."""
    if isinstance(tricks_ns, int) and not isinstance(tricks_ns, bool) and 0 <= tricks_ns <= TRICKS:
        return OK
    return ERR_TRICKS


def deal_result(tricks_ns):
    """(ns, ew) tricks for one deal at one table: every trick taken is scored (DW-18)."""
    if check_tricks(tricks_ns) != OK:
        raise RuleError("N-S tricks must be a whole number 0..13, not %r" % (tricks_ns,))
    return tricks_ns, TRICKS - tricks_ns


def agreed_result(ns_recorded, ew_recorded):
    """The deal's result when each side kept its own score (DW-19, 1894 Law A).

    The N-S players must compare the two scores; when they disagree the E-W score is taken as
    correct and N-S is made to agree with it.
    """
    ew = deal_result(ew_recorded)[0]  # validates the E-W record the same way
    if check_tricks(ns_recorded) != OK:
        raise RuleError("N-S recorded tricks must be 0..13, not %r" % (ns_recorded,))
    return TRICKS - ew, ew


def divide(total, count, rounding=HALF_UP):
    """total / count as a whole number, with the rounding chosen for DW-23 (ints only)."""
    if count <= 0:
        raise RuleError("an average needs at least one score")
    if rounding == HALF_UP:
        return (2 * total + count) // (2 * count)  # floor(x + 1/2)
    if rounding == HALF_DOWN:
        return -((-2 * total + count) // (2 * count))  # ceil(x - 1/2)
    if rounding == TRUNCATE:
        q = abs(total) // count
        return q if total >= 0 else -q
    raise RuleError("unknown rounding %r: use half_up, half_down or truncate" % (rounding,))


def average_score(scores, rounding=HALF_UP):
    """The average of some scores, to the nearest whole number (DW-23)."""
    n = len(scores)
    if n == 0:
        raise RuleError("no score to average: the deal was validly played at no table")
    return divide(sum(scores), n, rounding)


def _played(ns_by_table):
    played = []
    for i, t in enumerate(ns_by_table):
        if t == AVERAGE or t == NS_SURPLUS or t == EW_SURPLUS:
            continue
        if check_tricks(t) != OK:
            raise RuleError("table %d: N-S tricks must be 0..13 or 'avg', not %r" % (i + 1, t))
        played.append(t)
    return played


def board_scores(ns_by_table, rounding=HALF_UP, sides=SIDES_SEPARATE):
    """(ns, ew) for every table on one deal, filling in the tables that did not play it.

    A table that takes the average score (Law IV §§9-10, Law V §1) gets, for each side, the
    average of that side's scores at the tables where the deal was validly played (DW-25: the
    non-playing table has no score, so it is not in the divisor). Under SIDES_SEPARATE an exact
    half on both sides gives 7 and 7 with HALF_UP (each side is averaged by itself, as each
    side keeps its own score under DW-19); SIDES_COMPLEMENT keeps the pair at 13.
    A NS_SURPLUS table gives N-S the lowest N-S score made at any table and E-W the highest
    E-W score (DW-16, Duplicate Auction Law B(3)); EW_SURPLUS the other way round.
    """
    played = _played(ns_by_table)
    out = []
    avg = None
    for t in ns_by_table:
        if t == AVERAGE:
            if not played:
                raise RuleError("every table took the average: nobody played the deal, "
                                "so there must be a new deal")
            if avg is None:
                ns = average_score(played, rounding)
                if sides == SIDES_COMPLEMENT:
                    avg = (ns, TRICKS - ns)
                else:
                    ew = average_score([TRICKS - p for p in played], rounding)
                    avg = (ns, ew)
            out.append(avg)
        elif t == NS_SURPLUS or t == EW_SURPLUS:
            if not played:
                raise RuleError("no table played the deal: no lowest or highest score to award")
            low, high = min(played), max(played)
            # The offending pair gets the lowest score of its direction; the opponents the
            # highest of theirs. The highest E-W score is 13 - the lowest N-S score.
            if t == NS_SURPLUS:
                out.append((low, TRICKS - low))
            else:
                out.append((high, TRICKS - high))
        else:
            out.append((t, TRICKS - t))
    return out


def compare(ns_by_table, rounding=HALF_UP, sides=SIDES_SEPARATE):
    """Each table's result on one deal against that deal's average for the same direction.

    Returns [(ns, ew, ns_diff, ew_diff)]: tricks above (+) or below (-) that direction's
    average at the tables that played the deal (the comparison of 1894 Law A, DW-24, per deal).
    """
    scores = board_scores(ns_by_table, rounding, sides)
    # The yardstick is the tables that validly played the deal (DW-25), so a table that took
    # the average compares at 0 and an award of lowest/highest does not move the average.
    played = _played(ns_by_table)
    avg_ns = average_score(played, rounding)
    avg_ew = average_score([TRICKS - p for p in played], rounding)
    return [(ns, ew, ns - avg_ns, ew - avg_ew) for ns, ew in scores]


def plus_minus(totals_list, rounding=HALF_UP):
    """Each total's distance from the average of all the totals (DW-20, DW-21, DW-24).

    Pairs: pass the N-S totals, then separately the E-W totals (each direction against its
    own average, DW-24). Teams: pass the team aggregates; with two teams the average is half
    of all tricks played, so the winner wins by its tricks above half (DW-20).
    """
    avg = average_score(totals_list, rounding)
    return [t - avg for t in totals_list]


def odd_pair_allowance(opposite_scores, rounding=HALF_UP):
    """What a team with an odd pair adds as if won: the average score of all pairs sitting
    in the positions opposite its odd pair (DW-22, 1894 Law A)."""
    return average_score(opposite_scores, rounding)


def totals(boards, rounding=HALF_UP, sides=SIDES_SEPARATE):
    """Per table, the (N-S, E-W) totals over all boards; boards = [ns_by_table, ...]."""
    if not boards:
        return []
    n = len(boards[0])
    ns_tot = [0] * n
    ew_tot = [0] * n
    for b, row in enumerate(boards):
        if len(row) != n:
            raise RuleError("board %d has %d tables, board 1 has %d: every board needs a "
                            "result (or 'avg') at every table" % (b + 1, len(row), n))
        for i, (ns, ew) in enumerate(board_scores(row, rounding, sides)):
            ns_tot[i] += ns
            ew_tot[i] += ew
    return [(ns_tot[i], ew_tot[i]) for i in range(n)]
