"""Text output of `overplay score`: one line per deal, then each game or rubber.

    print("\n".join(lines(result)))      # result: overplay.score.score(doc)
"""


def text_whist(r):
    lines = ["Duplicate whist, %d boards (averages %s, sides %s)"
             % (len(r["boards"]), r["settings"]["rounding"], r["settings"]["sides"])]
    for b in r["boards"]:
        cells = []
        for t in b["tables"]:
            mark = {"average": " avg", "ns_surplus": " low/high", "ew_surplus": " high/low"}
            cells.append("T%d %d-%d (%+d)%s" % (t["table"], t["ns"], t["ew"], t["ns_diff"],
                                                mark.get(t["award"], "")))
        lines.append("Board %-3d  %s" % (b["board"], "   ".join(cells)))
    for p in r["pairs"]:
        lines.append("Pair %-6s %s  total %4d  %+d" % (p["pair"], p["direction"], p["total"],
                                                       p["plus_minus"]))
    return lines


def text_bridge(r):
    lines = []
    for h in r["hands"]:
        dbl = ("", " doubled", " redoubled")[h["doubles"]] if h["doubles"] < 3 \
            else " doubled x%d" % (1 << h["doubles"])
        s = "Hand %d: %s%s by %s, tricks N-S %d E-W %d: %s %d below" % (
            h["hand"], h["strain"], dbl, h["declarer_side"], h["tricks"][0], h["tricks"][1],
            h["trick_side"], h["trick_points"])
        if h["honours_kind"] != "not computed":
            s += "; honours %s %d-%d" % (h["honours_kind"], h["honours"][0], h["honours"][1])
            if h["chicane"] != (0, 0):
                s += ", chicane %+d/%+d" % h["chicane"]
        if h["slam"] != (0, 0):
            s += "; slam %d-%d" % h["slam"]
        if h["game_won"]:
            s += "; game to %s" % h["game_won"]
        lines.append(s)
    for i, ru in enumerate(r["rubbers"]):
        state = "won by %s" % ru["winner"] if ru["finished"] else "unfinished"
        lines.append("Rubber %d %s: games %d-%d, totals N-S %d E-W %d (%s)" % (
            i + 1, state, ru["games"][0], ru["games"][1], ru["totals"][0], ru["totals"][1],
            "level" if ru["ahead"] is None else "%s by %d" % (ru["ahead"], ru["points"])))
    return lines


def text_euchre(r):
    lines = []
    for h in r["hands"]:
        kind = "march" if h["tricks"] == 5 else ("point" if h["tricks"] >= 3 else "euchred")
        s = "Hand %d: %s%s make trump, take %d (%s): N-S +%d, E-W +%d" % (
            h["hand"], h["makers"], " alone" if h["alone"] else "", h["tricks"], kind,
            h["points"][0] + h["penalty"][0], h["points"][1] + h["penalty"][1])
        if h["penalty"] != [0, 0]:
            s += " (penalties N-S %d, E-W %d)" % tuple(h["penalty"])
        s += "  score %d-%d" % tuple(h["score"])
        if h["game_won"]:
            s += "  game to %s" % h["game_won"]
        lines.append(s)
    for i, ru in enumerate(r["rubbers"]):
        state = "won by %s" % ru["winner"] if ru["finished"] else "unfinished"
        lines.append("Rubber %d %s: games %d-%d, game points %d-%d" % (
            i + 1, state, ru["games"][0], ru["games"][1], ru["game_points"][0],
            ru["game_points"][1]))
    return lines


def text_ecarte(r):
    lines = []
    for d in r["deals"]:
        s = "Deal %d (%s deals): %s to %s, marks %d-%d" % (
            d["deal"], d["dealer"], d["kind"], d["winner"], d["king"][0] + d["points"][0],
            d["king"][1] + d["points"][1])
        if d["king"] != [0, 0]:
            s += " incl. king"
        s += "  score %d-%d" % tuple(d["score"])
        if d["game_won"]:
            s += "  game to %s" % d["game_won"]
        lines.append(s)
    for i, g in enumerate(r["games"]):
        lines.append("Game %d: %s" % (i + 1, "%s wins %d-%d, counts %d" % (
            g["winner"], max(g["score"]), min(g["score"]), g["value"]) if g["finished"]
            else "unfinished %d-%d" % tuple(g["score"])))
    lines.append("Games won: %s %d, %s %d" % (r["players"][0], r["game_totals"][0],
                                              r["players"][1], r["game_totals"][1]))
    return lines


TEXT = {"duplicate_whist": text_whist, "bridge_whist": text_bridge, "euchre": text_euchre,
        "ecarte": text_ecarte}


def lines(result):
    """The readable lines for a result dict of any of the four games."""
    return TEXT[result["game"]](result)
