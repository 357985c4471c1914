"""The director's results, read from the club database: sessions, boards, tables, rulings.

    from overplay.store import Store
    from overplay.results import model as rm
    st = Store("club.sqlite")
    rm.sessions(st)                       # [{"id", "game", "boards", "tables", ...}] oldest first
    s = rm.load(st)                       # the newest session; rm.load(st, session_id=3)
    s["boards"][0]["deal"]["hands"]       # {"N": [card ints], "E": ..., ...} from the handprint
    s["boards"][0]["tables"][0]           # {"table", "tricks_ns", "score_ns", "diff_ns", ...}
    s["boards"][0]["tables"][0]["ns_pair"]  # the pair numbers that played it there (movement)
    s["pairs"]                            # totals, plus/minus and rank per pair number (DW-24)

A session is the event `overplay session new` named (store.club_sessions: name, date, game,
boards, tables, movement) with its set-ups, one per table. A shoe's records belong to the
set-up named by the last SESSION record before them in its journal, and so to its session.
Records of shoes that never had a set-up form session 0, per game.

Rulings are the laws engine's (overplay_core.laws) on the findings the shoes recorded:
the original deal's at its table, each overplay check's at its table. A finding on an
overplay followed by a SCORE for that board at that table was found after play began (the
table played the deal); otherwise before. Scores (overplay_core.scoring.whist): the tricks
keyed in, or the average where a ruling awards it (DW-25); rulings.py has the rules.

Pairs are the session's movement's (overplay_core.movement, docs/movements.md): each table's
result on a board is named by the pairs that sat there in the round the table played it
(Movement.played: row["round"], row["ns_pair"], row["ew_pair"], and their names), and the
standings are per pair number, per field (Mitchell and none: N-S and E-W; Howell: one). The
roster (`overplay players`) is keyed by pair number. A session whose set-up names no movement
that fits (records without a set-up) is read as "none": table t's pairs are N-S t and E-W t.
"""

import json

from overplay_core import findings as F
from overplay_core import games, handprint, records
from overplay_core.errors import ParseError
from overplay_core.movement import Movement
from overplay_core.session import MOVEMENTS, NONE

from overplay.results import rulings as rr
from overplay.events import (ACT_AVERAGE, ACT_CORRECT, ACT_VOID, CARD_EVENTS, event_name,
                             event_text)

SEATS = games.SEAT_NAMES


def movement_of(kind, tables, first, last):
    """The session's Movement; "none" over the same tables and boards when the movement does
    not fit them (a set-up made before movements were checked, records without a set-up)."""
    tables = max(tables or 1, 1)
    first = first or 1
    last = max(last or first, first)
    for k in (kind or NONE, NONE):
        try:
            return Movement(k, tables, first, last)
        except ParseError:
            continue
    return Movement(NONE, tables, 1, 1)


def played(mv, table, board):
    """(round, N-S pair, E-W pair) of the table's play of the board; a board or table the
    movement does not have (a shoe's record outside its set-up) is round None, N-S t, E-W t."""
    try:
        return mv.played(table, board)
    except ParseError:
        return None, table, mv.tables + table


def pair_name(mv, pair):
    """'N-S 2', 'E-W 3' (Mitchell, none), 'pair 5' (Howell)."""
    try:
        return mv.pair_name(pair)
    except ParseError:
        return "pair %d" % pair


def field_names(mv):
    """{field: its name}: Mitchell and none "N-S" and "E-W", else "all pairs"."""
    return {1: "N-S", 2: "E-W"} if mv.fields == 2 else {1: "all pairs"}


def _q(st, sql, args=()):
    return st.db.execute(sql, args).fetchall()


def sessions(st, assigned=None):
    """Every session in the database, oldest first: id, name, date, game, boards, tables,
    movement, its set-ups and which tables have records synced; then a session 0 per game of
    records no set-up of this database names. assigned: _assign(st) when the caller has it."""
    if assigned is None:
        assigned = _assign(st)
    out = []
    for c in st.club_sessions():
        setups = [x[0] for x in c["setups"]]
        synced = sorted(set(t for setup, t, shoe, pushed in c["setups"]
                            if assigned.get(setup)))
        out.append({"id": c["id"], "name": c["name"], "game": c["game"],
                    "variant": c["variant"], "first": c["first"], "last": c["last"],
                    "tables": c["tables"], "movement": c["movement"], "date": c["date"],
                    "setups": setups, "setup_tables": {x[0]: x[1] for x in c["setups"]},
                    "synced_tables": synced})
    loose = sorted(set(assigned.get(None, {}).keys()))
    for game in loose:
        out.append({"id": 0, "name": "records without a set-up", "game": game, "variant": 0,
                    "first": None, "last": None, "tables": None, "movement": 0, "date": "",
                    "setups": [], "setup_tables": {}, "synced_tables": []})
    out.sort(key=lambda s: s["id"])
    return out


def _assign(st):
    """{setup_id or None: {game: [(shoe_id, journal_id, seq)]}} for DEAL/CHECK/SCORE/EVENT
    records (a shoe's journals in the order the club first saw them)."""
    out = {}
    current = {}
    known = set(r[0] for r in _q(st, "SELECT setup_id FROM sessions"))
    rows = _q(st, "SELECT r.shoe_id, r.journal_id, r.seq, r.type, ss.setup_id, "
                  "COALESCE(d.game, s.game, ss.game, 0) FROM records r "
                  "LEFT JOIN shoe_sessions ss ON ss.shoe_id=r.shoe_id AND "
                  "ss.journal_id=r.journal_id AND ss.seq=r.seq "
                  "LEFT JOIN deals d ON d.shoe_id=r.shoe_id AND d.journal_id=r.journal_id AND "
                  "d.seq=r.seq "
                  "LEFT JOIN results s ON s.shoe_id=r.shoe_id AND s.journal_id=r.journal_id AND "
                  "s.seq=r.seq " + _JOURNAL_ORDER.replace("%s", "r"))
    first_game = {}
    for shoe, jid, seq, rtype, setup, game in rows:
        if game and shoe not in first_game:
            first_game[shoe] = game
    games_now = {}
    for shoe, jid, seq, rtype, setup, game in rows:
        # An event carries no game: it belongs to the game the shoe was dealing then.
        game = game or games_now.get(shoe) or first_game.get(shoe) or games.DUPLICATE_WHIST
        games_now[shoe] = game
        if rtype == records.SESSION:
            # a set-up this DB never made (another PC's, or none: 0) ties nothing together
            current[shoe] = setup if setup in known else None
            continue
        sid = current.get(shoe)
        out.setdefault(sid, {}).setdefault(game, []).append((shoe, jid, seq))
    return out


def find_session(st, session_id=None, assigned=None):
    """The session dict for an id (newest when None); LookupError naming what exists."""
    all_s = sessions(st, assigned)
    if not all_s:
        raise LookupError("no sessions and no records in %s: sync the shoes first "
                          "(`overplay sync`)" % st.path)
    if session_id is None:
        return max(all_s, key=lambda s: (s["id"] or 0))
    for s in all_s:
        if s["id"] == session_id:
            return s
    raise LookupError("no session %d in %s; there are: %s" % (
        session_id, st.path, ", ".join(str(s["id"]) for s in all_s)))


def _keys_for(assigned, sess):
    keys = []
    if sess["id"] == 0:
        keys = assigned.get(None, {}).get(sess["game"], [])
    else:
        for sid in sess["setups"]:
            for lst in assigned.get(sid, {}).values():
                keys.extend(lst)
    return set(keys)


# A shoe's records in journal order: journals as the club first saw them, then seq (a wiped
# shoe numbers from 1 again under a new journal id; the two never mix).
_JOURNAL_ORDER = ("LEFT JOIN journals jo ON jo.shoe_id=%s.shoe_id AND "
                  "jo.journal_id=%s.journal_id ORDER BY %s.shoe_id, jo.rowid, "
                  "%s.journal_id, %s.seq")


def _rows(st, table, cols, keys):
    """[(shoe_id, pos, seq, cols...)] of the session's records in `table`; pos = (the order
    the club first saw the journal in, journal_id, seq) orders a shoe's records across its
    journals."""
    rows = _q(st, "SELECT x.shoe_id, x.journal_id, x.seq, jo.rowid, %s FROM %s x %s"
              % (cols, table, _JOURNAL_ORDER.replace("%s", "x")))
    return [(r[0], (r[3] or 0, r[1], r[2]), r[2]) + tuple(r[4:]) for r in rows
            if (r[0], r[1], r[2]) in keys]


def _card(c):
    from overplay_core.cards import card_name
    return card_name(c) if 0 <= c <= 52 else None


def _hands(hp, profile):
    try:
        hs = handprint.hands(bytes(hp), profile.pack, profile.seats)
    except ValueError:
        return None
    return {SEATS[s]: list(hs[s]) for s in range(profile.seats)}


def _codes(text):
    return [int(x) for x in text.split(",") if x.strip()] if text else []


def load(st, session_id=None):
    """Everything the director's report shows for one session, as plain dicts and lists."""
    assigned = _assign(st)  # read once: the session list and its records' keys come from it
    sess = find_session(st, session_id, assigned)
    keys = _keys_for(assigned, sess)
    game = sess["game"]
    profile = games.profile(game, sess["variant"] or 0)
    deals = _rows(st, "deals", "board, table_no, dealer, mode, trump, flags, handprint, "
                               "findings", keys)
    checks = _rows(st, "checks", "board, table_no, slip, findings, rulings", keys)
    scores = _rows(st, "results", "board, table_no, tricks_ns, tricks_ew, points_ns, points_ew, "
                   + ", ".join(records.SCORE_FIELDS), keys)
    per_deal = game != games.DUPLICATE_WHIST  # each table deals its own hands (standings.py)
    events = _rows(st, "events", "code, name, board, a, b", keys)
    synced = _q(st, "SELECT MIN(synced_at), MAX(synced_at) FROM records")[0]
    shoes = {}
    boards = {}

    def board(n):
        return boards.setdefault(n, {"board": n, "deal": None, "tables": {}})

    def at(n, t):
        return board(n)["tables"].setdefault(t, {
            "table": t, "shoe_id": None, "mode": None, "tricks_ns": None, "tricks_ew": None,
            "trump_turned": None, "slip": None, "findings": [], "rulings": [], "award": None,
            "phase": None, "judged": None, "play_begun": None, "shoe_rulings": []})

    for shoe, pos, seq, b, t, dealer, mode, trump, flags, hp, fnd in deals:
        shoes[t] = shoe
        row = at(b, t)
        row["shoe_id"] = shoe
        if flags & records.FLAG_ABANDONED:
            continue
        if mode == records.MODE_ORIGINAL:
            row["mode"] = "original"
            row["trump_turned"] = _card(trump)
            row["findings"] = _codes(fnd)
            row["judged"] = (shoe, pos)
            deal = {"table": t, "shoe_id": shoe, "seq": seq, "dealer": SEATS[dealer],
                    "dealer_seat": dealer, "trump": _card(trump),
                    "hands": _hands(hp, profile), "complete":
                    bool(flags & records.FLAG_COMPLETE)}
            if per_deal:  # the table's own deal, and when it was dealt (its exposed cards)
                row["deal"], row["deal_pos"] = deal, pos
            else:  # the board's deal, which the other tables overplay
                board(b)["deal"] = deal
        else:
            row["mode"] = "overplay"
            row["trump_turned"] = _card(trump)
    slip_words = {records.SLIP_OK: "matches", records.SLIP_MISMATCH: "differs",
                  records.SLIP_MISSING: "missing", records.SLIP_FORGED: "forged"}
    for shoe, pos, seq, b, t, slip, fnd, rul in checks:
        shoes[t] = shoe
        row = at(b, t)
        row["shoe_id"] = shoe
        row["mode"] = "overplay"
        row["slip"] = slip_words.get(slip, str(slip))
        row["findings"] = _codes(fnd)
        row["judged"] = (shoe, pos)
        row["shoe_rulings"] = rr.shoe_rulings(_codes(rul))  # what the shoe showed (ids)
    for shoe, pos, seq, b, t, tns, tew, pns, pew, *fields in scores:
        shoes.setdefault(t, shoe)
        row = at(b, t)
        row["shoe_id"] = row["shoe_id"] or shoe
        row["tricks_ns"], row["tricks_ew"] = tns, tew  # the latest SCORE counts
        if per_deal:  # the game's own fields (NULL: an old SCORE) and the table's points
            row.update(zip(records.SCORE_FIELDS, fields))
            row["points_ns"], row["points_ew"] = pns, pew
            row["score_pos"] = pos
    if per_deal:
        _exposed(events, shoes, boards)
    directed = _table_events(events, shoes, boards)
    adjusted = standing_adjustments(st, sess["id"]) if sess["id"] else {}
    for (n, t) in adjusted:
        at(n, t)  # a table whose shoe recorded nothing for the board may still be adjusted
    tables = sess["tables"] or max([t for b in boards.values() for t in b["tables"]] or [1])
    mv = movement_of(sess["movement"], tables, sess["first"] or min(boards or [1]),
                     sess["last"] or max(boards or [1]))
    out_boards = []
    for n in sorted(boards):
        b = boards[n]
        d = b["deal"]
        for t in sorted(b["tables"]):
            row = b["tables"][t]
            if row["findings"] or row.get("exposed"):
                rr.rule(row, d, b["tables"], game, sess["variant"] or 0, tables)
            act = directed.get((n, t))
            if act == ACT_AVERAGE:  # the director's award at the table stands over the rest
                row["award"], row["award_by"] = "average", ["director"]
            elif act == ACT_VOID:
                row["tricks_ns"] = row["tricks_ew"] = None
                row["award"], row["award_by"] = None, ["director: score void"]
            if (n, t) in adjusted:
                apply_adjustment(row, adjusted[(n, t)])
            row["round"], row["ns_pair"], row["ew_pair"] = played(mv, t, n)
            row["ns_name"] = pair_name(mv, row["ns_pair"])
            row["ew_name"] = pair_name(mv, row["ew_pair"])
        b["tables"] = [b["tables"][t] for t in sorted(b["tables"])]
        out_boards.append(b)
    irregular = [{"shoe_id": shoe, "seq": seq, "table": _table_of(shoes, shoe),
                  "board": b, "event": event_name(code, name), "card": _card(a) if code in CARD_EVENTS else None,
                  "text": event_text(code, name, a, b2),
                  # the director's PIN and menu at the table: for the director, not players
                  "private": code == records.EV_DIRECTOR}
                 for shoe, pos, seq, code, name, b, a, b2 in events
                 if code not in (records.EV_DECK_ENROLLED, records.EV_POWER_ON, records.EV_PLAY_BEGUN)
                 and not (code == records.EV_SCORE_CHECKED and a == 1)]  # accepted: no irregularity
    expected = list(range(1, (sess["tables"] or 0) + 1)) if sess["id"] else []
    missing = [t for t in expected if t not in sess["synced_tables"]]
    fnames = field_names(mv)
    result = {"session": sess["id"], "name": sess["name"], "movement": sess["movement"],
              "movement_name": MOVEMENTS[mv.kind], "rounds": mv.rounds,
              "boards_per_round": mv.per_round,
              "pair_info": dict((p, (pair_name(mv, p), mv.field(p), fnames[mv.field(p)]))
                                for p in range(1, mv.pairs + 1)),
              "missing_tables": missing, "game": game, "game_name": games.GAME_NAMES[game],
              "variant": sess["variant"] or 0, "tables": tables, "first": sess["first"],
              "last": sess["last"], "date": sess["date"] or (synced[0] or "")[:10],
              "synced": {"first": synced[0], "last": synced[1]},
              "shoes": {str(t): shoes[t] for t in sorted(shoes)}, "boards": out_boards,
              "events": irregular}
    result["roster"] = st.players(sess["id"]) if sess["id"] else {}
    for b in out_boards:
        for row in b["tables"]:
            row["ns_names"] = result["roster"].get(row["ns_pair"])
            row["ew_names"] = result["roster"].get(row["ew_pair"])
    if per_deal:  # each table its own deals: the players' standings (standings.py)
        from overplay.results import standings
        result["first_seats"] = [list(mv.pairs_at(t, 1)) for t in range(1, mv.tables + 1)]
        standings.score(result)
    else:
        rr.score(result)
    for p in result["pairs"]:
        p["names"] = result["roster"].get(p["number"])
    return result


def standing_adjustments(st, session_id):
    """{(board, table): the newest adjustment made at the PC (`overplay adjust`) that no
    later one withdrew}."""
    rows = st.adjustments(session_id)
    gone = set(a["withdraws"] for a in rows if a["kind"] == "withdraw")
    out = {}
    for a in rows:
        if a["kind"] != "withdraw" and a["id"] not in gone:
            out[(a["board"], a["table"])] = a
    return out


def describe_adjustment(a):
    """An adjustment (a row of `adjustments`, or what `overplay adjust` is about to add) in
    words."""
    k = a["kind"]
    if k == "average":
        return "average score awarded"
    if k == "void":
        return "score void"
    if k == "correct":
        return "result corrected to N-S %d, E-W %d tricks" % (a["tricks_ns"], 13 - a["tricks_ns"])
    if k == "artificial":
        return "artificial score N-S %d, E-W %d" % (a["score_ns"], a["score_ew"])
    return "withdrew adjustment %s" % a.get("withdraws")


def apply_adjustment(row, a):
    """The director's adjustment over what the table recorded; the original is kept beside it
    (row["adjustment"]["original"]) for the report."""
    row["adjustment"] = {"id": a["id"], "kind": a["kind"], "by": a["by"],
                         "reason": a["reason"], "made_at": a["made_at"], "text": describe_adjustment(a),
                         "original": {"tricks_ns": row["tricks_ns"],
                                      "tricks_ew": row["tricks_ew"],
                                      "award": row.get("award")}}
    k = a["kind"]
    if k == "average":
        row["award"], row["award_by"] = "average", ["director at the PC"]
    elif k == "void":
        row["tricks_ns"] = row["tricks_ew"] = None
        row["award"], row["award_by"] = None, ["director at the PC: score void"]
    elif k == "correct":
        row["tricks_ns"], row["tricks_ew"] = a["tricks_ns"], 13 - a["tricks_ns"]
        row["award"], row["award_by"] = None, ["director at the PC: result corrected"]
    elif k == "artificial":
        row["award"], row["award_by"] = "artificial", ["director at the PC"]
        row["artificial"] = (a["score_ns"], a["score_ew"])


def _table_events(events, shoes, boards):
    """Play begun and the director's actions, per (board, table) row that exists.

    row["play_begun"] (what rulings.case_for reads): True when the shoe recorded
    that play began on the board before the check that found something (found after play
    began); False when it records play begun (its scoring terminal is in use) and play began
    only after the check, or not at all (found before play); None when the shoe never records
    it (older firmware): the phase is then inferred from a score. Returns {(board, table):
    the last director action (ACT_AVERAGE / VOID / CORRECT) accepted with the PIN}."""
    terminal_shoes = set(e[0] for e in events if e[3] == records.EV_PLAY_BEGUN)
    begun = {}
    directed = {}
    for shoe, pos, seq, code, name, board, a, b in events:
        t = _table_of(shoes, shoe)
        if code == records.EV_PLAY_BEGUN:
            begun.setdefault((board, t), pos)  # the first time play began on it there
        elif code == records.EV_DIRECTOR and b == 0 and a in (ACT_AVERAGE, ACT_VOID,
                                                              ACT_CORRECT):
            directed[(board, t)] = a
    for n, b in boards.items():
        for t, row in b["tables"].items():
            if row["shoe_id"] not in terminal_shoes:
                continue
            at = begun.get((n, t))
            judged = row["judged"][1] if row["judged"] and row["judged"][0] == \
                row["shoe_id"] else None
            row["play_begun"] = at is not None and (judged is None or at < judged)
    return directed


def _exposed(events, shoes, boards):
    """row["exposed"]: the cards the table's shoe read while its deal of the board was being
    played (EVENT card_exposed after the DEAL, before the SCORE: a card shown, not dealt)."""
    for shoe, pos, seq, code, name, board, a, b in events:
        if code != records.EV_CARD_EXPOSED or board not in boards:
            continue
        row = boards[board]["tables"].get(_table_of(shoes, shoe))
        if row is None or row.get("deal_pos") is None or pos < row["deal_pos"]:
            continue
        if row.get("score_pos") is None or pos < row["score_pos"]:
            row.setdefault("exposed", []).append(a)


def _table_of(shoes, shoe):
    for t, s in shoes.items():
        if s == shoe:
            return t
    return None


def adjustment_text(row):
    """The director's adjustment of a table's result at the PC, with the original, in one
    sentence; "" when none."""
    a = row.get("adjustment")
    if not a:
        return ""
    o = a["original"]
    was = ("N-S %d, E-W %d tricks" % (o["tricks_ns"], o["tricks_ew"])
           if o["tricks_ns"] is not None else "no tricks")
    if o.get("award"):
        was += " (%s)" % rr.AWARD_WORDS.get(o["award"], o["award"])
    return "adjusted at the PC (no. %d): %s; recorded at the table: %s; by %s, %s: %s" % (
        a["id"], a["text"], was, a["by"], a["made_at"], a["reason"])


def missing_text(result):
    """One sentence naming the tables whose shoes have not synced yet, or ""."""
    m = result.get("missing_tables") or []
    if not m:
        return ""
    return ("Incomplete: table%s %s %s not synced yet; %s pairs are not ranked and the "
            "standings are provisional until %s sync%s (`overplay sync`)." % (
                "" if len(m) == 1 else "s", ", ".join(map(str, m)),
                "has" if len(m) == 1 else "have", "its" if len(m) == 1 else "their",
                "it" if len(m) == 1 else "they", "s" if len(m) == 1 else ""))


def pair_label(result, pair):
    """A pair number as the results name it, with its players' names when the roster has
    them: 'E-W 2 (Ann & Bob)', 'pair 5 (Cy & Di)'."""
    info = result.get("pair_info", {}).get(pair)
    name = info[0] if info else "pair %d" % pair
    names = result.get("roster", {}).get(pair)
    return "%s (%s)" % (name, names) if names else name


def seats_text(result, row):
    """Who played a table's result: 'N-S 1 (Ann & Bob) v E-W 3 (Cy & Di)'."""
    return "%s v %s" % (pair_label(result, row["ns_pair"]), pair_label(result, row["ew_pair"]))


def pairs_in_order(result):
    """The pairs as the standings list them: field by field (N-S then E-W), by rank, unranked
    last."""
    return sorted(result["pairs"], key=lambda p: (p["field"], p["rank"] is None,
                                                  p["rank"] or 0, p["number"]))


def pairs_by_matchpoints(result):
    """The pairs ranked by matchpoints, field by field; the unranked left out."""
    return sorted([p for p in result["pairs"] if p.get("mp_rank") is not None],
                  key=lambda p: (p["field"], p["mp_rank"], p["number"]))


def finding_words(code):
    """A finding for players: its sentence, no internal name."""
    return F.sentence(code)


def finding_text(code):
    return "%s: %s" % (F.name(code), F.sentence(code))


def dumps(result):
    """The result as JSON text (the --format json export)."""
    return json.dumps(result, indent=2, sort_keys=True, ensure_ascii=False) + "\n"
