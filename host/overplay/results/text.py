"""The results as text: the director's summary for a terminal (model.load() gives the result).

    print(text(result), end="")

Each board's deal as four lines of suits, each table's pairs (the movement's, with the roster's
names), tricks, score and difference, any award or adjustment; the pairs ranked by plus/minus
in each field (and by matchpoints when asked); every finding
with its ruling and citation; every irregularity the shoes recorded.
"""

from overplay_core import games

from overplay.results import model as rm
from overplay.results import rulings as rr
from overplay.results import standings as rs
from overplay.results.export import ORDER, hand_string


def _hand_line(cards):
    return "  ".join("%s %s" % (("S", "H", "D", "C")[i], hand_string(cards).split(".")[i] or "-")
                     for i in range(4))


def text(result):
    """The director's summary for a terminal."""
    L = _head(result)
    if result["game"] != games.DUPLICATE_WHIST:
        L.extend(GAME_TEXT[result["game"]](result))
    else:
        _whist(result, L)
    return _tail(result, L)


def _head(result):
    L = []
    L.append("Session %s (%s): %s, %d table%s, boards %s, date %s" % (
        result["session"], result.get("name") or "-", result["game_name"], result["tables"],
        "" if result["tables"] == 1 else "s", _boards_span(result), result["date"] or "?"))
    L.append("Movement %s: %d round%s of %d board%s" % (
        result["movement_name"], result["rounds"], "" if result["rounds"] == 1 else "s",
        result["boards_per_round"], "" if result["boards_per_round"] == 1 else "s"))
    if result.get("missing_tables"):
        L.append(rm.missing_text(result))
    L.append("Shoes: " + ", ".join("table %s shoe %s" % kv for kv in result["shoes"].items()))
    return L


def _whist(result, L):
    for b in result["boards"]:
        d = b["deal"]
        L.append("")
        if d is None:
            L.append("Board %d: no original deal synced" % b["board"])
        else:
            L.append("Board %d: dealer %s, trump %s (dealt at table %d)%s" % (
                b["board"], d["dealer"], d["trump"] or "none", d["table"],
                "" if d["complete"] else ", deal incomplete"))
            for s in ORDER:
                if d["hands"] and s in d["hands"]:
                    L.append("  %s  %s" % (s, _hand_line(d["hands"][s])))
        if b.get("average_ns") is not None:
            L.append("  average N-S %d, E-W %d" % (b["average_ns"], b["average_ew"]))
        for r in b["tables"]:
            tr = ("tricks N-S %d E-W %d" % (r["tricks_ns"], r["tricks_ew"])
                  if r["tricks_ns"] is not None else "no tricks recorded")
            sc = ("score %d/%d  %+d/%+d" % (r["score_ns"], r["score_ew"], r["diff_ns"],
                                             r["diff_ew"]) if "score_ns" in r else "")
            aw = ("  " + rr.AWARD_WORDS[r["award"]].upper()) if r.get("award") else ""
            L.append("  table %d %-8s %-22s %s%s" % (r["table"], r["mode"] or "", tr, sc, aw))
            L.append("    %s" % rm.seats_text(result, r))
            if r.get("adjustment"):
                L.append("    " + rm.adjustment_text(r))
        if b["status"] != "scored":
            L.append("  " + b["status"])
    L.append("")
    L.append("Pairs (plus/minus against their own field's average, DW-24):")
    field = None
    for p in rm.pairs_in_order(result):
        if p["field"] != field:
            field = p["field"]
            L.append(" %s:" % p["side"])
        label = rm.pair_label(result, p["number"])
        if p["rank"] is None:
            L.append("  -  %-6s not ranked: no board scored yet" % label)
            continue
        L.append("  %-2d %-6s total %3d  %+d  (%d boards)" % (p["rank"], label, p["total"],
                                                            p["plus_minus"], p["boards"]))
    if result.get("show_matchpoints"):
        L.append("")
        L.append("Matchpoints (2 for each pair of the same direction beaten on a board, 1 for "
                 "a tie; an averaged board half the top):")
        field = None
        for p in rm.pairs_by_matchpoints(result):
            if p["field"] != field:
                field = p["field"]
                L.append(" %s:" % p["side"])
            L.append("  %-2d %-6s %g of %d  %.2f%%" % (p["mp_rank"],
                                                      rm.pair_label(result, p["number"]),
                                                      p["mp"], p["top"], p["percent"]))


def _tail(result, L):
    L.append("")
    L.append("Rulings:")
    n = 0
    for b in result["boards"]:
        for r in b["tables"]:
            for f in r["findings"]:
                L.append("  board %d table %d: %s" % (b["board"], r["table"], rm.finding_text(f)))
                n += 1
            if r["rulings"] and not r["findings"]:  # a card the shoe read in play (euchre)
                L.append("  board %d table %d: %s" % (b["board"], r["table"], ", ".join(
                    "card exposed in play: %s" % rm._card(c) for c in r.get("exposed", ()))))
            for x in r["rulings"]:
                n += 1
                L.append("    %s %s: %s [%s]" % (x["code"], x["ruling"], x["text"], x["citation"]))
            if r["findings"] and not r["rulings"]:
                L.append("    no ruling from the laws engine: the director decides")
    if not n:
        L.append("  none")
    L.append("Irregularities recorded by the shoes:")
    for e in result["events"]:
        L.append("  board %s table %s: %s" % (e["board"] or "-", e["table"] or "?", e["text"]))
    if not result["events"]:
        L.append("  none")
    return "\n".join(L) + "\n"


def _boards_span(result):
    ns = [b["board"] for b in result["boards"]]
    if not ns:
        return "none"
    return "%d-%d" % (min(ns), max(ns)) if len(ns) > 1 else str(ns[0])


# ---- the games each table deals for itself (results/standings.py) -----------------------

def _ruled(h):
    return ("  [%s]" % ", ".join(h["rulings"])) if h.get("rulings") else ""


def _euchre(result):
    st = result["standings"]
    L = ["", "Progressive euchre: %d round%s played; players ranked by %s (%s break ties)" % (
        len(st["rounds"]), "" if len(st["rounds"]) == 1 else "s", st["by"],
        "games won" if st["by"] == "points" else "points")]
    hands = dict(rs.hands_by_table(result))
    done = dict(((i + 1, x["table"]), x) for i, rnd in enumerate(st["rounds"]) for x in rnd)
    for rnd in sorted(set(k[0] for k in hands)):
        L.append("Round %d:" % rnd)
        for (r, t) in sorted(k for k in hands if k[0] == rnd):
            first = [x for n, x in hands[(r, t)] if "players" in x["hand"]]
            seats = first[0]["hand"]["players"] if first else None
            L.append("  table %d%s" % (t, "  " + "  ".join(
                "%s %s" % (rs.SEATS[i], seats[i]) for i in range(4)) if seats else ""))
            for n, row in hands[(r, t)]:
                L.append("    board %d: %s" % (n, _euchre_hand(row["hand"])))
            x = done.get((r, t))
            if x:
                p = x["players"]
                w = x["winner"]
                L.append("    round: N-S %d, E-W %d: %s (%s & %s) won" % (
                    x["score"][0], x["score"][1], rs.side_name(w), p[w], p[w + 2]))
    if st["note"]:
        L.append("  " + st["note"])
    L.append("")
    L.append("Players (by %s):" % st["by"])
    for p in st["players"]:
        L.append("  %-2d %-12s points %3d  games %d  tables %s  partners %s" % (
            p["rank"], p["player"], p["points"], p["games"],
            " ".join(map(str, p["tables"])) or "-", ", ".join(map(str, p["partners"])) or "-"))
    if st.get("next_seating") and st["rounds"]:
        L.append("Next round's seating: " + "; ".join(
            "table %d %s" % (i + 1, " ".join("%s %s" % (rs.SEATS[s], row[s]) for s in range(4)))
            for i, row in enumerate(st["next_seating"])))
    return L


def _euchre_hand(h):
    if "error" in h:
        return "not scored: " + h["error"]
    kind = "march" if h["march"] else ("euchred" if h["euchred"] else "point")
    s = "%s%s make trump, %d trick%s (%s): N-S %+d, E-W %+d" % (
        rs.side_name(h["makers"]), " alone" if h["alone"] else "", h["tricks"],
        "" if h["tricks"] == 1 else "s", kind, h["points"][0], h["points"][1])
    if h["void"]:
        s += " (deal void)"
    elif h["barred"] >= 0:
        s += " (%s cannot score)" % ("both sides" if h["barred"] == 2 else
                                     rs.side_name(h["barred"]))
    return s + _ruled(h)


def _ecarte(result):
    st = result["standings"]
    L = ["", "Écarté, five up%s:" % (": games treble, double or single (law 46)"
                                     if st["treble"] else "")]
    hands = dict(rs.hands_by_table(result))
    for (r, t) in sorted(hands):
        L.append("Table %d:" % t)
        for n, row in hands[(r, t)]:
            L.append("  board %d: %s" % (n, _ecarte_deal(row["hand"])))
    L.append("")
    L.append("Matches (best of three games):")
    for m in st["matches"]:
        a, b = m["players"]
        state = ("%s wins the match" % m["winner"] if m["finished"] else
                 "unfinished, this game %d-%d" % tuple(m["game_score"]))
        L.append("  %s v %s: games %d-%d, game values %d-%d: %s" % (
            a, b, m["games"][0], m["games"][1], m["points"][0], m["points"][1], state))
        for i, g in enumerate(m["values"]):
            L.append("    game %d to %s, the loser at %d: counts %d" % (
                i + 1, g["winner"], g["loser_marks"], g["value"]))
    L.append("Players:")
    for p in st["players"]:
        L.append("  %-2d %-12s matches won %d of %d  games %d  game values %d" % (
            p["rank"], p["player"], p["matches_won"], p["matches"], p["games"], p["points"]))
    return L


def _ecarte_deal(h):
    if "error" in h:
        return "not scored: " + h["error"]
    p = h["players"]
    s = "%s deals; tricks %s %d, %s %d: %s to %s" % (
        p[h["dealer"]], p[0], h["tricks"][0], p[1], h["tricks"][1], h["kind"],
        p[h["winner"]])
    if max(h["king"]):
        s += ", king marked by %s" % p[0 if h["king"][0] else 1]
    s += ": %s %d, %s %d" % (p[0], h["total"][0], p[1], h["total"][1])
    if h["void"]:
        s += " (deal void)"
    if h["game_won"]:
        s += "; game to %s" % h["game_won"]
    if h["match_won"]:
        s += "; match to %s" % h["match_won"]
    return s + _ruled(h)


def _bridge(result):
    st = result["standings"]
    L = ["", "Bridge whist rubbers (game 30 below the line, the rubber 100):"]
    hands = dict(rs.hands_by_table(result))
    for (r, t) in sorted(hands):
        rub = [x for x in st["rubbers"] if x["table"] == t]
        seats = rub[0]["players"] if rub and rub[0]["players"] else None
        L.append("Table %d%s:" % (t, "  " + "  ".join("%s %s" % (rs.SEATS[i], seats[i])
                                                       for i in range(4)) if seats else ""))
        for n, row in hands[(r, t)]:
            L.append("  board %d: %s" % (n, _bridge_hand(row["hand"])))
        for i, x in enumerate(rub):
            L.append("  rubber %d %s: games N-S %d E-W %d; below N-S %d E-W %d; above N-S %d "
                     "E-W %d; totals N-S %d E-W %d%s" % (
                         i + 1, ("won by %s" % rs.side_name(x["winner"])) if x["finished"]
                         else "unfinished", x["games"][0], x["games"][1], x["below"][0],
                         x["below"][1], x["above"][0], x["above"][1], x["totals"][0],
                         x["totals"][1], ": %s by %d" % (rs.side_name(x["ahead"]), x["points"])
                         if x["ahead"] >= 0 else ": level"))
    L.append("Players (points over the finished rubbers):")
    for p in st["players"]:
        L.append("  %-2d %-12s %+d  (rubbers %d, won %d)" % (p["rank"], p["player"],
                                                           p["points"], p["rubbers"], p["won"]))
    return L


def _bridge_hand(h):
    if "error" in h:
        return "not scored: " + h["error"]
    s = "%s: tricks N-S %d E-W %d: %s" % (
        rs.declaration(h), h["tricks"][0], h["tricks"][1],
        "%s %d below" % (rs.side_name(h["trick_side"]), h["trick_points"])
        if h["trick_side"] >= 0 else "no odd trick")
    if h["honours_kind"] not in ("none", "not computed"):
        s += "; honours %s %d (%s)" % (rs.side_name(0 if h["honours"][0] else 1),
                                       max(h["honours"]), h["honours_kind"])
    if h["chicane"] != [0, 0]:
        s += "; chicane N-S %+d E-W %+d" % tuple(h["chicane"])
    if max(h["slam"]):
        s += "; slam %s %d" % (rs.side_name(0 if h["slam"][0] else 1), max(h["slam"]))
    if h["void"]:
        s += " (deal void)"
    if h["game_won"] >= 0:
        s += "; game to %s" % rs.side_name(h["game_won"])
    return s + _ruled(h)


GAME_TEXT = {games.EUCHRE: _euchre, games.ECARTE: _ecarte, games.BRIDGE_WHIST: _bridge}
