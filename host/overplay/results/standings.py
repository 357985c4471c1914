"""The standings of the games whose tables deal their own hands: euchre, écarté, bridge whist.

    from overplay.results import standings
    standings.score(result)               # model.load calls it for these games
    standings.score(result, by="games")   # progressive euchre ranked by games won
    result["standings"]                   # {"kind": "progressive" | "matches" | "rubbers", ...}
    row["hand"]                           # each table's hand on a board, as the engine scored it

Nothing is scored here: every hand goes through the engine `overplay score` uses
(overplay_core.scoring.euchre / .ecarte / .bridge score_entry) and accumulates in its own
accumulators (overplay_core.progressive.Evening, scoring.ecarte.score_pairs,
scoring.bridge.score_rubbers). This module builds their entries from what the shoes recorded
(the SCORE's fields, the DEAL's dealer and hands, the laws engine's rulings on the table's
findings: row["verdict"], results.rulings) and names the players.

- Progressive euchre (progressive.py): the session's movement gives the rounds (the round in
  which a table played a board: a Mitchell at T tables is T rounds); the first round's
  seating is the movement's pairs of round 1 (result["first_seats"], model.load), N and S
  the N-S pair's players, E and W the E-W pair's (the roster's "Ann & Cy"); then the winners move and partners change as
  progressive.Evening says. Individuals ranked by points or games won (by).
- Écarté: games of five and matches per pair of players (seat 0: the N-S pair number's
  player in the roster, seat 1: the E-W's), the treble/double/single values under the
  session's variant ecarte_treble.
- Bridge whist: rubbers per table (N-S v E-W), honours and chicane from the hands the shoe
  recorded (the DEAL's handprint, as scoring.bridge.holdings_from_seats reads them), doubles,
  the rubber bonus; each player's points over the finished rubbers.

Players without a roster are named by their first seat: "N1" is table 1's North (écarté:
"T1 seat 0"). A hand that cannot be scored (keyed before the SCORE carried the game's
fields, no deal recorded for an écarté dealer, a declarer the laws do not allow) is listed
with why (row["hand"]["error"]) and left out; a level progressive round stops the progression
(the cut that decides it is not recorded): result["standings"]["note"] says so.
"""

from overplay_core import games
from overplay_core import progressive as pe
from overplay_core.errors import RuleError
from overplay_core.scoring import bridge as sb
from overplay_core.scoring import ecarte as sc
from overplay_core.scoring import euchre as se

SEATS = games.SEAT_NAMES
KINDS = {games.EUCHRE: "progressive", games.ECARTE: "matches", games.BRIDGE_WHIST: "rubbers"}
STRAINS = ("clubs", "diamonds", "hearts", "spades", "no trumps")
DOUBLES = ("", "doubled", "redoubled")
PROPOSALS = ("accepted", "played without proposing", "first proposal refused")


def score(result, by="points"):
    """Fill row["hand"] for every table's hand and result["standings"] (see the module
    docstring); result["pairs"] stays empty (no pair totals: these games rank players)."""
    game = result["game"]
    rows = _played(result)
    result["pairs"] = []
    for b in result["boards"]:
        b["status"] = "scored at each table (its own deal)"
    if game == games.EUCHRE:
        result["standings"] = _progressive(result, rows, pe.RANKINGS[by])
    elif game == games.ECARTE:
        result["standings"] = _matches(result, rows)
    else:
        result["standings"] = _rubbers(result, rows)
    result["standings"]["kind"] = KINDS[game]


def _played(result):
    """The table rows with a hand keyed, in the order each table played them (its journal)."""
    out = []
    for b in result["boards"]:
        for r in b["tables"]:
            r["board"] = b["board"]
            if r["tricks_ns"] is None:
                if r.get("award_by"):
                    r["hand"] = {"error": "; ".join(r["award_by"])}
                continue
            out.append(r)
    out.sort(key=lambda r: (r.get("round") or 0, r["table"], r.get("score_pos") or ()))
    return out


def _split(names, n=2):
    """The roster's "Ann & Cy" as its players, or None when it does not name n of them."""
    if not names:
        return None
    parts = [p.strip() for p in names.replace(" and ", "&").replace(",", "&").split("&")]
    parts = [p for p in parts if p]
    return parts if len(parts) == n else None


def _four(result, ns_pair, ew_pair, table):
    """N, E, S, W of a table whose pairs are these pair numbers, from the roster."""
    roster = result.get("roster") or {}
    ns = _split(roster.get(ns_pair)) or ["N%d" % table, "S%d" % table]
    ew = _split(roster.get(ew_pair)) or ["E%d" % table, "W%d" % table]
    if len(set(ns + ew)) < 4:  # one name twice: the players would merge
        ns, ew = ["N%d" % table, "S%d" % table], ["E%d" % table, "W%d" % table]
    return [ns[0], ew[0], ns[1], ew[1]]


def _fail(row, why):
    row["hand"] = {"error": why}


def _keyed(row, field, what):
    v = row.get(field)
    if v is None:
        raise RuleError("no %s keyed: the score came from firmware that keyed only the "
                        "tricks (before issue #16), so the hand cannot be scored" % what)
    return v


# ---- progressive euchre ---------------------------------------------------------------

def _euchre_entry(row):
    makers = _keyed(row, "makers", "makers")
    tricks = row["tricks_ns"] if makers == se.NS else row["tricks_ew"]
    return {"round": row.get("round") or 1, "table": row["table"], "makers": makers,
            "tricks": tricks, "alone": bool(row.get("alone")),
            "rulings": row.get("verdict") or ()}


def _progressive(result, rows, by):
    tables = result["tables"]
    seating = [_four(result, ns, ew, t)
               for t, (ns, ew) in enumerate(result["first_seats"][:tables], 1)]
    variant = result["variant"] & (se.V_LONE_EUCHRED_2 | se.V_SOMERSET_FORFEIT)
    note = ""
    try:
        ev = pe.Evening(seating, variant)
    except RuleError as x:  # the roster seats one player twice: the players by their seats
        note = "the roster cannot seat round 1 (%s): players named by their first seat" % x
        ev = pe.Evening([_four({}, 0, 0, t) for t in range(1, tables + 1)], variant)
    stopped = ""
    for row in rows:
        try:
            e = _euchre_entry(row)
        except RuleError as x:
            _fail(row, str(x))
            continue
        if e["round"] > ev.round and not stopped:
            stopped = _close_rounds(ev, e["round"])
        if stopped:
            _fail(row, "the progression stopped in round %d" % ev.round)
            continue
        try:
            b = ev.add(e["table"], e)
        except RuleError as x:
            _fail(row, str(x))
            continue
        row["hand"] = _euchre_hand(b)
    if not stopped and ev.hands and min(ev.hands) > 0 and not ev.undecided():
        ev.end_round()
    elif not stopped and sum(ev.hands):
        stopped = "round %d is still open: its points count, its games not yet (%s)" % (
            ev.round, _open_why(ev))
    return {"by": "games" if by == pe.BY_GAMES else "points",
            "players": ev.standings(by), "rounds": [_round(r) for r in ev.rounds],
            "next_seating": None if stopped.startswith("stopped") else ev.seating,
            "note": "; ".join(x for x in (note, stopped) if x)}


def _close_rounds(ev, upto):
    """Close the rounds before `upto`; a note (the progression stopped) when one cannot
    close: its points count, its games and the rounds after it do not."""
    while ev.round < upto:
        if min(ev.hands) == 0:
            return ("stopped in round %d: no hand synced from table %s in that round, so "
                    "nobody knows who moves; later rounds are not scored" % (
                        ev.round, ", ".join(str(t + 1) for t in range(len(ev.hands))
                                            if not ev.hands[t])))
        level = ev.undecided()
        if level:
            return ("stopped in round %d: table %s ended it level (%d all) and the cut or "
                    "extra hand that decides who moves is not recorded; its points count, "
                    "its games and the later rounds do not" % (
                        ev.round, ", ".join(map(str, level)), ev.score[level[0] - 1][0]))
        ev.end_round()
    return ""


def _open_why(ev):
    missing = [t + 1 for t in range(len(ev.hands)) if not ev.hands[t]]
    if missing:
        return "no hand synced from table %s" % ", ".join(map(str, missing))
    return "table %s level" % ", ".join(map(str, ev.undecided()))


def _euchre_hand(b):
    return {"players": b["players"], "makers": b["makers"], "tricks": b["tricks"],
            "alone": b["alone"], "euchred": b["tricks"] < 3, "march": b["tricks"] == 5,
            "points": list(b["total"]), "penalty": list(b["penalty"]), "void": b["void"],
            "barred": b["barred"], "rulings": b["rulings"], "round": b["round"]}


def _round(done):
    return [{"table": t, "players": row, "score": list(sc_), "winner": w}
            for t, row, sc_, w in done]


# ---- écarté ---------------------------------------------------------------------------

def _ecarte_entry(result, row):
    d = row.get("deal")
    if not d:
        raise RuleError("no deal recorded at the table for this board: the dealer is not "
                        "known")
    roster = result.get("roster") or {}
    t = row["table"]
    names = (roster.get(row["ns_pair"]) or "T%d seat 0" % t,
             roster.get(row["ew_pair"]) or "T%d seat 1" % t)
    if names[0] == names[1]:
        names = ("T%d seat 0" % t, "T%d seat 1" % t)
    king = row.get("king")
    return {"players": names, "dealer": d["dealer_seat"],
            "tricks": (row["tricks_ns"], row["tricks_ew"]),
            "king": -1 if king is None else king,
            "proposal": _keyed(row, "proposal", "proposal"),
            "rulings": row.get("verdict") or ()}


def _matches(result, rows):
    variant = result["variant"] & sc.V_ECARTE_TREBLE
    good, scored = [], []
    for row in rows:
        try:
            e = _ecarte_entry(result, row)
            sc.score_entry(e)  # a deal that cannot be scored is left out, with why
        except RuleError as x:
            _fail(row, str(x))
            continue
        good.append(e)
        scored.append(row)
    out = sc.score_pairs(good, variant)
    for row, d in zip(scored, out["deals"]):
        row["hand"] = {"players": list(d["players"]), "dealer": d["dealer"],
                       "tricks": list(d["tricks"]), "winner": d["winner"], "kind": d["kind"],
                       "king": list(d["king"]), "marks": list(d["points"]),
                       "total": list(d["total"]), "void": d["void"], "rulings": d["rulings"],
                       "game_won": d["game_won"], "match_won": d["match_won"]}
    matches = []
    for pair, m in out["matches"]:
        matches.append({"players": list(pair), "games": list(m.games),
                        "points": list(m.points), "finished": m.finished,
                        "winner": pair[m.winner] if m.finished else None,
                        "values": [{"winner": pair[w], "value": v, "loser_marks": lm}
                                   for w, v, lm in m.values],
                        "game_score": list(m.game.score), "deals": m.deals})
    return {"treble": bool(variant), "matches": matches,
            "pairs": [dict(p, pair=list(p["pair"])) for p in out["pairs"]],
            "players": out["players"], "note": ""}


# ---- bridge whist ---------------------------------------------------------------------

def _seat_of_card(hands):
    out = bytearray([0xFF] * 52)
    for s in range(4):
        for c in hands.get(SEATS[s]) or ():
            if 0 <= c < 52:
                out[c] = s
    return out


def _bridge_entry(result, row):
    declarer = _keyed(row, "declarer", "declarer")
    strain = _keyed(row, "strain", "strain")
    d = row.get("deal") or {}
    e = {"table": row["table"], "declarer": declarer, "strain": strain,
         "doubles": row.get("doubles") or 0,
         "tricks": row["tricks_ns"] if declarer & 1 == sb.NS else row["tricks_ew"],
         "players": _four(result, row["ns_pair"], row["ew_pair"], row["table"]),
         "rulings": row.get("verdict") or ()}
    if d.get("dealer_seat") is not None:
        e["dealer"] = d["dealer_seat"]
    if d.get("hands"):
        e["seat_of_card"] = _seat_of_card(d["hands"])
    return e


def _rubbers(result, rows):
    good, scored = [], []
    for row in rows:
        try:
            e = _bridge_entry(result, row)
            sb.score_entry(e)
        except RuleError as x:
            _fail(row, str(x))
            continue
        good.append(e)
        scored.append(row)
    out = sb.score_rubbers(good)
    for row, h in zip(scored, out["hands"]):
        row["hand"] = {"declarer": h["declarer"], "strain": h["strain"],
                       "doubles": h["doubles"], "tricks": list(h["tricks"]),
                       "trick_side": h["trick_side"], "trick_points": h["trick_points"],
                       "below": list(h["below"]), "honours": list(h["honours"]),
                       "honours_kind": h["honours_kind"], "chicane": list(h["chicane"]),
                       "slam": list(h["slam"]), "above": list(h["above"]),
                       "void": h["void"], "rulings": h["rulings"], "rubber": h["rubber"],
                       "game_won": h["game_won"]}
    rubbers = []
    for x in out["rubbers"]:
        r = x["rubber"]
        side, margin = r.result()
        rubbers.append({"table": x["table"], "players": list(x["players"] or ()),
                        "hands": r.hands, "games": list(r.games), "below": list(r.below),
                        "above": list(r.above), "totals": list(r.totals()),
                        "finished": r.finished, "winner": r.winner, "ahead": side,
                        "points": margin})
    return {"rubbers": rubbers, "players": out["players"], "note": ""}


# ---- words shared by the formats --------------------------------------------------------

def four_names(result, row):
    """N, E, S, W at a table for a hand: the progression's seating (euchre), else the
    roster's pairs the movement sat there."""
    h = row.get("hand") or {}
    if h.get("players") and len(h["players"]) == 4:
        return h["players"]
    return _four(result, row["ns_pair"], row["ew_pair"], row["table"])


def side_name(side):
    return ("N-S", "E-W")[side] if side in (0, 1) else "-"


def declaration(hand):
    """'hearts by S, doubled' from a bridge whist hand."""
    dbl = hand["doubles"]
    words = DOUBLES[dbl] if dbl < len(DOUBLES) else "doubled %d times" % dbl
    return "%s by %s%s" % (STRAINS[hand["strain"]], SEATS[hand["declarer"]],
                           ", " + words if words else "")


def pbn_contract(hand):
    """The PBN [Contract] of a bridge whist declaration: level 1 (the odd trick: bridge
    whist has no bidding, the declarer's side needs seven tricks to score), the strain, X or
    XX; more doubles than PBN writes are XX (the CSV and JSON carry the count)."""
    strain = "CDHS"[hand["strain"]] if hand["strain"] < 4 else "NT"
    return "1" + strain + ("", "X", "XX")[min(hand["doubles"], 2)]


def hands_by_table(result):
    """[((round, table), [(board, row)])] of the result's rows with a hand, each table's in
    the order played, tables in order: what the text and the report list per table."""
    out = {}
    for b in result["boards"]:
        for r in b["tables"]:
            if r.get("hand"):
                key = (r["hand"].get("round") or r.get("round") or 1, r["table"])
                out.setdefault(key, []).append((r.get("score_pos") or (), b["board"], r))
    return [(k, [(n, r) for _, n, r in sorted(out[k], key=lambda x: x[:2])])
            for k in sorted(out)]
