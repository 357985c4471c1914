"""Rulings on what the shoes found, and the scores they lead to (duplicate whist).

    rule(row, deal, rows_by_table, game, variant, tables)  # row["rulings"], row["outcome"]
    score(result)       # each board's table scores and differences, pair totals and ranks

`rule` asks the laws engine (overplay_core.laws.judge) about one table's findings on one
board: the original deal's findings at the table that dealt it; an overplay's findings at the
checking table, with the trump on the slip and the trump turned. The phase of an overplay's
finding: the shoe's EVENT play_begun (firmware/terminal.py) before the check that found it
means found after play began (Law IV §9), after it or none means before play; a shoe that
never records play begun (older firmware) is read as before: a SCORE means play began.
shoe_rulings(ids) maps the ruling ids a shoe put into a CHECK record back to codes.

`score` applies the outcome: "average_score" gives the table the average (DW-25; Law IV §10's
award goes to the original table), "new_deal" voids the board (nobody scores it), anything
else leaves the tricks keyed in. Then scoring_whist.compare per board, totals per pair number
(the movement's pairs behind each table's result), and plus/minus per pair in its field
(DW-24), ranked (_pairs says when it is the sum of the board differences instead).
"""

from overplay_core import findings as F
from overplay_core import games, laws
from overplay_core.scoring import whist as sw
from overplay_core.cards import card_name
from overplay_core.scoring.rulings import from_verdict
from overplay_core.errors import ParseError, RuleError

ORIGINAL_TABLE_AVERAGE = ("DW-IV-10b",)  # "the players at the original table take the average"


def _cite(c):
    parts = [c.get("game", ""), c.get("law", "")]
    if c.get("section"):
        parts.append(c["section"])
    return "%s; catalogue %s" % (", ".join(p for p in parts if p), c.get("catalogue", "?"))


def case_for(row, deal, game, variant, tables):
    """The `overplay judge` input for one table's findings on one board."""
    data = {"game": _game_name(game), "variants": games.variant_names(variant),
            "context": {"tables": tables}}
    ctx = data["context"]
    if game != games.DUPLICATE_WHIST:
        return _own_deal_case(row, data, game)
    if deal is not None:
        ctx["dealer"] = deal["dealer"]
    given = [F.name(c) for c in row["findings"]]
    if row["mode"] == "overplay":
        ctx["overplay"] = True
        played = row.get("play_begun")  # the shoe's EVENT play_begun, when it records them
        if played is None:  # older firmware: a score recorded means the deal was played
            played = row["tricks_ns"] is not None
        if F.TRUMP_DIFFERS_FROM_SLIP in row["findings"] and deal is not None \
                and deal["trump"] and row["trump_turned"]:
            given.remove(F.name(F.TRUMP_DIFFERS_FROM_SLIP))
            data["trump_slip"] = deal["trump"]
            data["overplay"] = {"trump_turned": row["trump_turned"]}
        ctx["phase"] = "play_begun" if played else "trump_turned"
    else:
        ctx["phase"] = "deal_completed"
    data["findings"] = given
    return data


# The findings of a hand held with the wrong number of cards: the seat is read from the
# hands the shoe recorded (the DEAL record's findings carry no seat).
_SEAT_FINDINGS = (F.SEAT_SHORT, F.SEAT_OVER)


def _own_deal_case(row, data, game):
    """Euchre, écarté, bridge whist: each table deals its own hands (no overplay). The
    shoe's findings on the deal were shown when the deal ended; a table that then played the
    hand (a score keyed for it) played on with them, so they are judged as found when the
    deal had been played (e.g. euchre law 23: a player with the wrong number of cards who
    has played cannot score), else when the deal was completed. A euchre card the shoe read
    while the hand was played (row["exposed"]) is a card exposed in play, its seat the one
    the deal gave it; in a lone hand a card of the makers' side is read as the lone player's
    partner's (the lone player's own cards are played face up, his partner's stay out of
    play: law 102 caps the hand)."""
    ctx = data["context"]
    d = row.get("deal") or {}
    hands = d.get("hands") or {}
    profile = games.profile(game, games.variant_from_names(game, data["variants"]))
    ctx["dealer"] = d.get("dealer_seat", 0)
    ctx["phase"] = "deal_played" if row["tricks_ns"] is not None else "deal_completed"
    given = []
    for c in row["findings"]:
        f = {"code": F.name(c)}
        if c in _SEAT_FINDINGS:
            wrong = [s for s in range(profile.seats)
                     if len(hands.get(games.SEAT_NAMES[s], ())) != profile.hand_size]
            if len(wrong) == 1:
                f["seat"] = wrong[0]
        given.append(f)
    data["findings"] = given
    exposed = row.get("exposed") or []
    if game == games.EUCHRE and exposed and row.get("makers") is not None:
        events = [{"type": "play_begun"}]
        for card in exposed:
            seat = [s for s in range(4) if card in hands.get(games.SEAT_NAMES[s], ())]
            if not seat:
                continue
            if row.get("alone") and seat[0] & 1 == row["makers"]:
                ctx["lone"] = (seat[0] + 2) % 4
            events.append({"type": "card_exposed_in_play", "seat": seat[0],
                           "card": card_name(card)})
        if len(events) > 1:
            data["events"] = events
            ctx["phase"] = "deal_completed"  # the events carry the time: play begun
    return data


def shoe_rulings(ids):
    """The ruling codes a shoe put into a CHECK record (u16 ids, overplay_core.ruling_ids);
    an id no table holds (or 0: the shoe could not rule) reads as "?"."""
    from overplay_core import ruling_ids

    return [ruling_ids.code_of(i) or "?" for i in ids]


def _game_name(game):
    for name, gid in games.GAME_IDS.items():
        if gid == game:
            return name
    return str(game)


def rule(row, deal, rows_by_table, game, variant, tables):
    data = case_for(row, deal, game, variant, tables)
    row["phase"] = data["context"]["phase"]
    try:
        res = laws.judge(data)
    except (ParseError, RuleError) as e:
        row["rulings"] = [{"code": "-", "ruling": "refer_to_director", "citation": "",
                           "text": "the laws engine could not judge this: %s" % e}]
        row["outcome"] = "refer_to_director"
        return
    row["rulings"] = [{"code": r["code"], "ruling": r["ruling"], "text": r["text"],
                       "finding": r.get("finding", ""), "citation": _cite(r["citation"])}
                      for r in res["rulings"]]
    row["outcome"] = res["outcome"]
    if game != games.DUPLICATE_WHIST:  # (code, side or seat) as the scoring engines take them
        row["verdict"] = from_verdict(res["rulings"], game == games.ECARTE,
                                      (row.get("deal") or {}).get("dealer_seat", -1))
        return  # the scoring engine applies them to the hand (standings.py)
    codes = [r["code"] for r in res["rulings"]]
    if res["outcome"] == "average_score":
        target = row
        if any(c in ORIGINAL_TABLE_AVERAGE for c in codes) and deal is not None:
            target = rows_by_table.get(deal["table"], row)
        target["award"] = "average"
        target["award_by"] = [c for c in codes]
    elif res["outcome"] == "new_deal":
        row["award"] = "new_deal"
        row["award_by"] = codes
    elif res["outcome"] == "lowest_and_highest":
        side = [r.get("offending_side") for r in res["rulings"] if r.get("offending_side")]
        if side:  # DW-16: the offending pair the lowest score, the opponents the highest
            row["award"] = "ns_surplus" if side[0] == "ns" else "ew_surplus"
            row["award_by"] = codes


AWARD_WORDS = {"average": "average score awarded", "new_deal": "new deal ordered",
               "ns_surplus": "N-S lowest, E-W highest awarded",
               "ew_surplus": "E-W lowest, N-S highest awarded",
               "artificial": "artificial score given by the director"}
AWARD_MARKERS = {"average": sw.AVERAGE, "ns_surplus": sw.NS_SURPLUS, "ew_surplus": sw.EW_SURPLUS}


def store(st, result):
    """Write every ruling into the club DB's `rulings` table (replacing earlier ones for the
    same record), keyed by the DEAL or CHECK record whose findings were judged."""
    from overplay.store import now_utc
    rows = []
    for b in result["boards"]:
        for r in b["tables"]:
            if r.get("judged") is None:
                continue
            shoe, (_, jid, seq) = r["judged"]  # model: (shoe, journal pos)
            for x in r["rulings"]:
                rows.append((shoe, jid, seq, F.code_of(x.get("finding") or "") or None,
                             x["code"], x["citation"], x["text"], now_utc()))
    keys = set((r[0], r[1], r[2]) for r in rows)
    st.db.execute("BEGIN IMMEDIATE")
    try:
        for shoe, jid, seq in keys:
            st.db.execute("DELETE FROM rulings WHERE shoe_id=? AND journal_id=? AND seq=?",
                          (shoe, jid, seq))
        st.db.executemany("INSERT INTO rulings (shoe_id, journal_id, seq, finding, ruling, "
                          "law, text, made_at) VALUES (?,?,?,?,?,?,?,?)", rows)
        st.db.execute("COMMIT")
    except BaseException:
        st.rollback()
        raise
    return len(rows)


def score(result, rounding=sw.HALF_UP):
    """Fill each board's table scores, the pair totals and ranks, into `result`."""
    tables = list(range(1, result["tables"] + 1))
    if result["game"] != games.DUPLICATE_WHIST:  # each table its own deals: standings.py
        raise ValueError("only duplicate whist compares tables: %s is scored by "
                         "results.standings" % result["game_name"])
    for b in result["boards"]:
        rows = {r["table"]: r for r in b["tables"]}
        b["status"] = "scored"
        if any(r.get("award") == "new_deal" for r in rows.values()):
            b["status"] = "new deal ordered: not scored"
            continue
        entries = []
        for t in tables:
            r = rows.get(t)
            if r is None or r.get("award") == "artificial":
                continue  # an artificial score is given outright, not compared
            if r.get("award") in AWARD_MARKERS:
                entries.append((t, AWARD_MARKERS[r["award"]]))
            elif r["tricks_ns"] is not None and sw.check_tricks(r["tricks_ns"]) == sw.OK:
                entries.append((t, r["tricks_ns"]))
        if not [e for t, e in entries if e >= 0]:
            b["status"] = "no result: no table played it validly"
            continue
        b["average_ns"] = sw.average_score([e for t, e in entries if e >= 0], rounding)
        b["average_ew"] = sw.average_score([13 - e for t, e in entries if e >= 0], rounding)
        for (t, e), (ns, ew, dns, dew) in zip(entries, sw.compare([e for t, e in entries],
                                                                  rounding)):
            r = rows[t]
            r["score_ns"], r["score_ew"], r["diff_ns"], r["diff_ew"] = ns, ew, dns, dew
        given = [t for t in tables if t in rows and rows[t].get("award") == "artificial"]
        for t in given:
            r = rows[t]
            r["score_ns"], r["score_ew"] = r["artificial"]
            r["diff_ns"] = r["score_ns"] - b["average_ns"]
            r["diff_ew"] = r["score_ew"] - b["average_ew"]
        missing = [t for t in tables if t not in [x for x, _ in entries] + given]
        if missing:
            b["status"] = "scored; no result from table %s" % ", ".join(map(str, missing))
    result["pairs"] = _pairs(result, tables, rounding)
    matchpoints(result)


def _mp_side(rows, k):
    """{table: (matchpoints, top)} on one board for one direction (k "ns" or "ew"): 2 for each
    table with a result it beats, 1 for each it ties; an averaged table gets half the top and
    the others compare with its average score."""
    scored = [r for r in rows if "score_" + k in r]
    n = len(scored)
    out = {}
    for r in scored:
        top = 2 * (n - 1)
        if r.get("award") == "average":
            out[r["table"]] = (top / 2.0, top)
            continue
        mine = r["score_" + k]
        mp = 0
        for o in scored:
            if o is not r:
                mp += 2 if mine > o["score_" + k] else (1 if mine == o["score_" + k] else 0)
        out[r["table"]] = (mp, top)
    return out


def _counted(result):
    return [b for b in result["boards"] if b.get("status", "").startswith("scored")]


def matchpoints(result):
    """Matchpoints and percentages beside the trick totals (an option of the report, not the
    historical laws' scoring): on each board each pair scores against the pairs that sat in
    its direction at the tables the movement compares (movement.compared: every table that
    played the board); each pair's "mp", "top" and "percent" (of the top it could have had),
    and "mp_rank" by percentage among the ranked pairs of its field."""
    by = {}
    for b in _counted(result):
        for k in ("ns", "ew"):
            rows = {r["table"]: r for r in b["tables"]}
            for t, (mp, top) in _mp_side(b["tables"], k).items():
                got = by.setdefault(rows[t][k + "_pair"], [0, 0])
                got[0] += mp
                got[1] += top
    for field in sorted(set(p["field"] for p in result["pairs"])):
        mine = [p for p in result["pairs"] if p["field"] == field]
        for p in mine:
            mp, top = by.get(p["number"], (0, 0))
            p["mp"], p["top"] = mp, top
            p["percent"] = round(100.0 * mp / top, 2) if top else None
        ranked = [p for p in mine if p["percent"] is not None and p["rank"] is not None]
        order = sorted([p["percent"] for p in ranked], reverse=True)
        for p in mine:
            p["mp_rank"] = order.index(p["percent"]) + 1 if p in ranked else None


def _pairs(result, tables, rounding):
    """The standings: one entry per pair number of the movement (result["pair_info"]: number
    -> (name, field, field name)), with its trick total over the boards it played (its N-S
    score where it sat N-S, its E-W score where it sat E-W: the pairs behind each table's
    result are the movement's, row["ns_pair"] / row["ew_pair"]), its plus/minus and rank in
    its field.

    Plus/minus (DW-24): in a field whose ranked pairs all sat in one direction and played the
    same boards (a Mitchell, none: N-S pairs stay N-S), the total against the field's average
    total, as the 1890s clubs reckoned it. Where the pairs of a field sat in both directions (a
    Howell) or played different boards (a moving field with a table not synced), a
    total against the others' totals would reward the stronger direction's cards or the pair
    with more boards, so the plus/minus is the sum of its differences from each board's average
    in the direction it sat (the comparison of each board, compare()). Only a pair with a board
    scored is ranked: one whose boards have not synced would sit at minus the field's average."""
    counted = _counted(result)
    info = result["pair_info"]
    got = dict((p, {"total": 0, "diff": 0, "boards": 0, "ns": 0, "ew": 0, "played": set()})
               for p in info)
    for b in counted:
        for r in b["tables"]:
            if "score_ns" not in r:
                continue
            for k in ("ns", "ew"):
                g = got.get(r[k + "_pair"])
                if g is None:  # a table the set-up does not have: reported, not ranked
                    continue
                g["total"] += r["score_" + k]
                g["diff"] += r["diff_" + k]
                g["boards"] += 1
                g[k] += 1
                g["played"].add(b["board"])
    pairs = []
    for field in sorted(set(v[1] for v in info.values())):
        mine = sorted(p for p in info if info[p][1] == field)
        ranked = [p for p in mine if got[p]["boards"]]
        one_way = (len(set(tuple(sorted(got[p]["played"])) for p in ranked)) <= 1 and
                   all(got[p]["ns"] == 0 or got[p]["ew"] == 0 for p in ranked))
        if one_way and ranked:
            pm = dict(zip(ranked, sw.plus_minus([got[p]["total"] for p in ranked], rounding)))
        else:
            pm = dict((p, got[p]["diff"]) for p in ranked)
        order = sorted(pm.values(), reverse=True)
        for p in mine:
            g = got[p]
            name, _, field_name = info[p]
            pairs.append({"number": p, "pair": name, "field": field, "side": field_name,
                          "total": g["total"] if p in pm else None,
                          "plus_minus": pm.get(p), "boards": g["boards"],
                          "rank": order.index(pm[p]) + 1 if p in pm else None,
                          "plus_minus_by": "total" if one_way else "differences"})
    return pairs
