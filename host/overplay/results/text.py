"""The results as text: the director's summary for a terminal (model.load() gives the result).

    print(text(result), end="")

Each board's deal as four lines of suits, each table's pairs (the movement's, with the roster's
names), tricks, score and difference, any award or adjustment; the pairs ranked by plus/minus
in each field (and by matchpoints when asked); every finding
with its ruling and citation; every irregularity the shoes recorded.
"""

from overplay.results import model as rm
from overplay.results import rulings as rr
from overplay.results.export import ORDER, hand_string


def _hand_line(cards):
    return "  ".join("%s %s" % (("S", "H", "D", "C")[i], hand_string(cards).split(".")[i] or "-")
                     for i in range(4))


def text(result):
    """The director's summary for a terminal."""
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
    L.append("")
    L.append("Rulings:")
    n = 0
    for b in result["boards"]:
        for r in b["tables"]:
            for f in r["findings"]:
                L.append("  board %d table %d: %s" % (b["board"], r["table"], rm.finding_text(f)))
                n += 1
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
