"""The results as CSV and PBN, for other programs (model.load() gives what they format).

    csv_text(result)        # one row per board x table
    pbn(result)             # PBN 2.1 export format: one game per board, the deal from the shoe
    read_pbn(text)          # [{"board", "dealer", "hands", "contract", "tables": [...]}]
    deal_string(hands, first="N") / parse_deal("N:AKQ.... ...")   # PBN [Deal] both ways

PBN (Portable Bridge Notation 2.1): export format lists the mandatory tag set in its fixed
order (Event, Site, Date, Board, West, North, East, South, Dealer, Vulnerable, Deal, Scoring,
Declarer, Contract, Result), "?" where a value is unknown, and ends lines with CRLF. A [Deal]
value is the first hand's seat, a colon, then the four hands clockwise separated by spaces;
each hand is spades.hearts.diamonds.clubs, ranks from the ace down, T for ten.
Whist has no auction or contract: [Contract] holds the trump as its strain (level 1, a
placeholder PBN requires) and [Declarer] the dealer, so the opening lead is from the dealer's
left as in whist (strain()); the trump card turned and each table's tricks go in a comment
after the tags, and each table's result in a [ScoreTable] (PBN's supplemental section, one row
per table: SCORE_COLUMNS): the trump turned there as the contract's strain, the tricks the
dealer's side took as the Result, the two scores (an average where one was awarded); "-" where
a table has none. read_pbn reads such a file back (any PBN in export or import format with
those tags); it trusts nothing: a line it cannot read is a ParseError naming its number.
"""

import csv
import io

from overplay_core import games
from overplay_core.cards import RANK_LETTERS, SUIT_LETTERS, parse_card
from overplay_core.errors import ParseError

from overplay.errors import UserError
from overplay.results import model as rm
from overplay.results import rulings as rr
from overplay.results import standings as rs

ORDER = ("N", "E", "S", "W")
PBN_SUITS = (3, 2, 1, 0)  # spades, hearts, diamonds, clubs: the order of a PBN hand


def hand_string(cards):
    """One PBN hand: 'AK2.QT..98' (spades, hearts, diamonds, clubs; a void is empty)."""
    parts = []
    for s in PBN_SUITS:
        ranks = sorted([c % 13 for c in cards if 0 <= c < 52 and c // 13 == s], reverse=True)
        parts.append("".join(RANK_LETTERS[r] for r in ranks))
    return ".".join(parts)


def deal_string(hands, first="N"):
    """hands: {"N": [card ints], ...} -> 'N:<N hand> <E hand> <S hand> <W hand>'."""
    i = ORDER.index(first)
    seats = [ORDER[(i + k) % 4] for k in range(4)]
    return first + ":" + " ".join(hand_string(hands.get(s, ())) if hands.get(s) is not None
                                  else "-" for s in seats)


def parse_deal(text):
    """'N:... ... ... ...' -> {"N": [card ints], ...}; ParseError naming the offending part."""
    if len(text) < 2 or text[1] != ":" or text[0].upper() not in ORDER:
        raise ParseError("PBN deal %r must start with N:, E:, S: or W:" % text[:12])
    hands_txt = text[2:].split()
    if len(hands_txt) != 4:
        raise ParseError("PBN deal needs 4 hands, found %d" % len(hands_txt))
    i = ORDER.index(text[0].upper())
    out = {}
    for k, h in enumerate(hands_txt):
        seat = ORDER[(i + k) % 4]
        if h == "-":
            out[seat] = None
            continue
        suits = h.split(".")
        if len(suits) != 4:
            raise ParseError("PBN hand %r of %s needs 4 suits separated by dots" % (h, seat))
        cards = []
        for s, ranks in zip(PBN_SUITS, suits):
            for r in ranks.upper():
                cards.append(parse_card(r + SUIT_LETTERS[s]))
        out[seat] = sorted(cards)
    return out


MAX_PBN_LINES = 200000  # a session's PBN is a few thousand lines: more is the wrong file


def read_pbn(text):
    """The games of a PBN file: [{"board", "dealer", "hands" (parse_deal's), "contract",
    "declarer", "tags": {name: value}, "tables": [{column: value}]}], the score table's rows as
    SCORE_COLUMNS name them ("-" is None, numbers as ints). ParseError on a line that is not
    PBN, naming its number."""
    games_, tags, table, cols, in_comment = [], {}, None, None, False
    lines = text.splitlines()
    if len(lines) > MAX_PBN_LINES:
        raise ParseError("PBN file has %d lines, more than %d" % (len(lines), MAX_PBN_LINES))
    for no, raw in enumerate(lines + [""], 1):
        line = raw.strip()
        if in_comment:
            in_comment = "}" not in line
            continue
        if line.startswith("{"):
            in_comment = "}" not in line
            continue
        if line.startswith("%") or line.startswith(";"):
            continue
        if not line:
            if tags:
                games_.append(_game(tags, table, no))
            tags, table, cols = {}, None, None
            continue
        if line.startswith("["):
            name, value = _tag_pair(line, no)
            tags.setdefault(name, value)
            if name == "ScoreTable":
                cols = [c.split("\\")[0] for c in value.split(";")]
                table = []
            else:
                cols = None
            continue
        if cols is None:
            raise ParseError("PBN line %d: %r is neither a tag, a comment nor a table row"
                             % (no, line[:40]))
        cells = line.split()
        if len(cells) != len(cols):
            raise ParseError("PBN line %d: %d values for %d score table columns"
                             % (no, len(cells), len(cols)))
        table.append(dict(zip(cols, [_cell(v) for v in cells])))
    return games_


def _cell(v):
    """A score table value: "-" is None, a whole number an int, else the text."""
    if v == "-":
        return None
    return int(v) if v.isascii() and v.isdigit() and len(v) < 10 else v


def _tag_pair(line, no):
    if not line.endswith('"]') or ' "' not in line:
        raise ParseError('PBN line %d: a tag is [Name "value"], not %r' % (no, line[:40]))
    name, value = line[1:-2].split(' "', 1)
    if not name.isidentifier():
        raise ParseError("PBN line %d: tag name %r" % (no, name[:20]))
    return name, value.replace('\\"', '"').replace("\\\\", "\\")


def _game(tags, table, no):
    try:
        board = int(tags.get("Board", ""))
    except ValueError:
        raise ParseError("PBN game ending at line %d has no board number" % no)
    deal = tags.get("Deal")
    return {"board": board, "dealer": tags.get("Dealer"),
            "hands": parse_deal(deal) if deal else None,
            "contract": tags.get("Contract"), "declarer": tags.get("Declarer"),
            "tags": tags, "tables": table or []}


def _q(v):
    return str(v).replace("\\", "\\\\").replace('"', '\\"')


def _tag(name, value):
    return '[%s "%s"]' % (name, _q(value))


def pbn(result):
    """PBN 2.1, export format (CRLF line ends), one game per board that has an original deal;
    bridge whist one per table's deal (bridge_pbn); euchre and écarté have none (UserError:
    PBN holds four hands of a 52-card pack)."""
    if result["game"] in (games.EUCHRE, games.ECARTE):
        raise UserError("%s has no PBN: PBN holds four hands of a 52-card pack, %s deals %s: "
                        "export --format csv or json" % (
                            result["game_name"], result["game_name"],
                            "four hands of five" if result["game"] == games.EUCHRE
                            else "two hands of five"))
    if result["game"] == games.BRIDGE_WHIST:
        return bridge_pbn(result)
    nl = "\r\n"
    lines = ["% PBN 2.1", "% EXPORT", "%% Overplay results, session %s" % result["session"], ""]
    date = (result["date"] or "").replace("-", ".") or "????.??.??"
    event = "Overplay %s, session %s" % (result["game_name"], result["session"])
    for b in result["boards"]:
        d = b["deal"]
        if d is None or d["hands"] is None or len(d["hands"]) != 4:
            continue  # PBN deals are four hands of a 52-card pack
        tags = (("Event", event), ("Site", "?"), ("Date", date), ("Board", b["board"]),
                ("West", "?"), ("North", "?"), ("East", "?"), ("South", "?"),
                ("Dealer", d["dealer"]), ("Vulnerable", "None"),
                ("Deal", deal_string(d["hands"], d["dealer"])), ("Scoring", "?"),
                ("Declarer", d["dealer"] if strain(d["trump"]) != "?" else "?"),
                ("Contract", "1" + strain(d["trump"]) if strain(d["trump"]) != "?" else "?"),
                ("Result", "?"))
        lines.extend(_tag(k, v) for k, v in tags)
        lines.append("{%s}" % _board_comment(b, result).replace("}", ")"))
        lines.extend(_score_table(b))
        lines.append("")
    return nl.join(lines) + nl


def bridge_pbn(result):
    """Bridge whist: one PBN game per table's deal that has four hands of thirteen, the
    declaration as [Contract] (standings.pbn_contract: level 1, the strain, X or XX) and
    [Declarer], the declarer's side's tricks as [Result]; the table, the players and the
    hand's score in a comment after the tags."""
    nl = "\r\n"
    lines = ["% PBN 2.1", "% EXPORT", "%% Overplay results, session %s" % result["session"], ""]
    date = (result["date"] or "").replace("-", ".") or "????.??.??"
    event = "Overplay %s, session %s" % (result["game_name"], result["session"])
    for b in result["boards"]:
        for r in b["tables"]:
            d = r.get("deal")
            h = r.get("hand") or {}
            if not d or not d["hands"] or len(d["hands"]) != 4 or \
                    any(len(x) != 13 for x in d["hands"].values()):
                continue
            played = "declarer" in h
            seats = rs.four_names(result, r)
            tags = (("Event", event), ("Site", "?"), ("Date", date), ("Board", b["board"]),
                    ("West", seats[3]), ("North", seats[0]), ("East", seats[1]),
                    ("South", seats[2]), ("Dealer", d["dealer"]), ("Vulnerable", "None"),
                    ("Deal", deal_string(d["hands"], d["dealer"])), ("Scoring", "?"),
                    ("Declarer", ORDER[h["declarer"]] if played else "?"),
                    ("Contract", rs.pbn_contract(h) if played else "?"),
                    ("Result", h["tricks"][h["declarer"] & 1] if played else "?"))
            lines.extend(_tag(k, v) for k, v in tags)
            words = "Table %d, bridge whist (no bidding: the declarer's side made the trump)." % (
                r["table"])
            if played:
                words += " %s: %s." % (rs.declaration(h), _bridge_words(h))
            elif h.get("error"):
                words += " Not scored: %s." % h["error"]
            lines.append("{%s}" % words.replace("}", ")"))
            lines.append("")
    return nl.join(lines) + nl


def _bridge_words(h):
    s = "N-S %d, E-W %d below; N-S %d, E-W %d above" % (h["below"][0], h["below"][1],
                                                        h["above"][0], h["above"][1])
    if h["honours_kind"] not in ("none", "not computed"):
        s += " (%s)" % h["honours_kind"]
    return s


SCORE_COLUMNS = ("Table", "PairId_NS", "PairId_EW", "Contract", "Declarer", "Result", "Score_NS",
                 "Score_EW")
_WIDTHS = (2, 2, 2, 2, 1, 2, 2, 2)


def _score_table(b):
    """The [ScoreTable] tag and its rows for board b: one row per table, PairId_NS and
    PairId_EW the pair numbers the movement sat there (model: row["ns_pair"], ["ew_pair"])."""
    d = b["deal"]
    head = '[ScoreTable "%s"]' % ";".join("%s\\%d%s" % (c, w, "L" if c == "Contract" else "R")
                                          for c, w in zip(SCORE_COLUMNS, _WIDTHS))
    rows = [head]
    side = "ns" if d["dealer"] in "NS" else "ew"
    for r in b["tables"]:
        s = strain(r.get("trump_turned") or (d["trump"] if r["table"] == d["table"] else None))
        tricks = r.get("tricks_" + side)
        cells = (r["table"], r["ns_pair"], r["ew_pair"], "1" + s if s != "?" else "-",
                 d["dealer"] if s != "?" else "-", "-" if tricks is None else tricks,
                 r.get("score_ns", "-"), r.get("score_ew", "-"))
        rows.append(" ".join(str(v).ljust(w) if c == "Contract" else str(v).rjust(w)
                             for c, w, v in zip(SCORE_COLUMNS, _WIDTHS, cells)))
    return rows


def strain(trump):
    """The PBN strain of a whist deal: the trump card's suit letter ("4H" -> "H"), else "?".

    Whist has no auction: [Contract] carries the trump as its strain at level 1 (PBN needs a
    level; it means nothing here) and [Declarer] the dealer, so a program that analyses the
    deal plays it with that trump and the opening lead from the dealer's left, as in whist."""
    if not trump or len(trump) < 2 or trump[-1] not in "SHDC":
        return "?"
    return trump[-1]


def _board_comment(b, result):
    d = b["deal"]
    parts = ["Trump %s turned by %s (table %d, shoe %d)." % (d["trump"] or "none", d["dealer"],
                                                             d["table"], d["shoe_id"])]
    for r in b["tables"]:
        parts.append("Table %d, %s: %s." % (r["table"], rm.seats_text(result, r),
                                             _result_words(r)))
    return " ".join(parts)


def _result_words(r):
    if "score_ns" in r:
        s = "N-S %d, E-W %d" % (r["score_ns"], r["score_ew"])
        if r.get("award"):
            s += " (%s)" % rr.AWARD_WORDS[r["award"]]
        return s
    if r.get("award"):
        return rr.AWARD_WORDS[r["award"]]
    return "no result"


CSV_FIELDS = ("session", "board", "table", "shoe_id", "dealer", "trump", "mode", "trump_turned",
              "slip", "tricks_ns", "tricks_ew", "award", "score_ns", "score_ew", "diff_ns",
              "diff_ew", "findings", "rulings", "names_ns", "names_ew", "round", "pair_ns",
              "pair_ew", "pair_name_ns", "pair_name_ew")


def csv_rows(result):
    for b in result["boards"]:
        d = b["deal"] or {}
        for r in b["tables"]:
            yield {"names_ns": r.get("ns_names") or "", "names_ew": r.get("ew_names") or "",
                   "round": _n(r.get("round")), "pair_ns": r["ns_pair"],
                   "pair_ew": r["ew_pair"], "pair_name_ns": r["ns_name"],
                   "pair_name_ew": r["ew_name"],
                   "session": result["session"], "board": b["board"], "table": r["table"],
                   "shoe_id": r["shoe_id"], "dealer": d.get("dealer", ""),
                   "trump": d.get("trump") or "", "mode": r["mode"] or "",
                   "trump_turned": r["trump_turned"] or "", "slip": r["slip"] or "",
                   "tricks_ns": _n(r["tricks_ns"]), "tricks_ew": _n(r["tricks_ew"]),
                   "award": r.get("award") or "", "score_ns": _n(r.get("score_ns")),
                   "score_ew": _n(r.get("score_ew")), "diff_ns": _n(r.get("diff_ns")),
                   "diff_ew": _n(r.get("diff_ew")),
                   "findings": " ".join(rm.F.name(c) for c in r["findings"]),
                   "rulings": " ".join(x["code"] for x in r["rulings"])}


def _n(v):
    return "" if v is None else v


def csv_text(result):
    fields, rows = CSV_FIELDS, csv_rows(result)
    if result["game"] != games.DUPLICATE_WHIST:
        fields, rows = GAME_CSV[result["game"]], game_rows(result)
    out = io.StringIO()
    w = csv.DictWriter(out, fieldnames=fields, lineterminator="\n")
    w.writeheader()
    for row in rows:
        w.writerow(row)
    return out.getvalue()


# The games each table deals for itself: one row per table's hand, the game's own fields
# (results/standings.py); points_ns/points_ew are what the table's terminal showed, score_*
# (euchre), total_* (écarté), below_*/above_* (bridge whist) what the PC scored with the
# rulings; "applied" the rulings that changed the score.
_COMMON = ("session", "board", "table", "round", "shoe_id", "dealer", "tricks_ns", "tricks_ew",
           "points_ns", "points_ew", "findings", "rulings", "applied", "void", "not_scored")
_FOUR = ("player_n", "player_e", "player_s", "player_w")
GAME_CSV = {
    games.EUCHRE: _COMMON + _FOUR + ("makers", "alone", "makers_tricks", "euchred", "march",
                                     "score_ns", "score_ew", "penalty_ns", "penalty_ew",
                                     "barred"),
    games.ECARTE: _COMMON + ("player_0", "player_1", "proposal", "king", "kind", "winner",
                             "vole", "king_0", "king_1", "marks_0", "marks_1", "total_0",
                             "total_1", "game_won", "match_won"),
    games.BRIDGE_WHIST: _COMMON + _FOUR + ("declarer", "strain", "doubles", "declarer_tricks",
                                           "trick_side", "below_ns", "below_ew",
                                           "honours_ns", "honours_ew", "honours_kind",
                                           "chicane_ns", "chicane_ew", "slam_ns", "slam_ew",
                                           "above_ns", "above_ew", "rubber", "game_won")}


def game_rows(result):
    game = result["game"]
    for b in result["boards"]:
        for r in b["tables"]:
            h = r.get("hand") or {}
            d = r.get("deal") or {}
            row = {"session": result["session"], "board": b["board"], "table": r["table"],
                   "round": _n(r.get("round")), "shoe_id": r["shoe_id"],
                   "dealer": d.get("dealer", "") if game != games.ECARTE
                   else _n(d.get("dealer_seat")),
                   "tricks_ns": _n(r["tricks_ns"]), "tricks_ew": _n(r["tricks_ew"]),
                   "points_ns": _n(r.get("points_ns")), "points_ew": _n(r.get("points_ew")),
                   "findings": " ".join(rm.F.name(c) for c in r["findings"]),
                   "rulings": " ".join(x["code"] for x in r["rulings"]),
                   "applied": " ".join(h.get("rulings") or ()),
                   "void": _flag(h.get("void")), "not_scored": h.get("error", "")}
            if game == games.EUCHRE:
                row.update(_euchre_cells(result, r, h))
            elif game == games.ECARTE:
                row.update(_ecarte_cells(r, h))
            else:
                row.update(_bridge_cells(result, r, h))
            yield row


def _flag(v):
    return "" if v is None else int(bool(v))


def _seat_cells(names):
    return dict(zip(_FOUR, names or ("",) * 4))


def _euchre_cells(result, r, h):
    out = _seat_cells(h.get("players"))
    out.update({"makers": rs.side_name(r["makers"]) if r.get("makers") is not None else "",
                "alone": _flag(r.get("alone"))})
    if "makers" in h:
        out.update({"makers_tricks": h["tricks"], "euchred": _flag(h["euchred"]),
                    "march": _flag(h["march"]), "score_ns": h["points"][0],
                    "score_ew": h["points"][1], "penalty_ns": h["penalty"][0],
                    "penalty_ew": h["penalty"][1],
                    "barred": rs.side_name(h["barred"]) if h["barred"] in (0, 1) else
                    ("both" if h["barred"] == 2 else "")})
    return out


def _ecarte_cells(r, h):
    p = r.get("proposal")
    out = {"proposal": rs.PROPOSALS[p] if p is not None and 0 <= p < 3 else _n(p),
           "king": _n(r.get("king")) if r.get("king") is not None else ""}
    if "kind" in h:
        pl = h["players"]
        out.update({"player_0": pl[0], "player_1": pl[1], "kind": h["kind"],
                    "winner": pl[h["winner"]], "vole": _flag(h["kind"] == "vole"),
                    "king_0": h["king"][0], "king_1": h["king"][1], "marks_0": h["marks"][0],
                    "marks_1": h["marks"][1], "total_0": h["total"][0],
                    "total_1": h["total"][1], "game_won": h["game_won"] or "",
                    "match_won": h["match_won"] or ""})
    return out


def _bridge_cells(result, r, h):
    out = _seat_cells(rs.four_names(result, r))
    dbl = r.get("doubles")
    out.update({"declarer": ORDER[r["declarer"]] if r.get("declarer") in (0, 1, 2, 3) else "",
                "strain": rs.STRAINS[r["strain"]] if r.get("strain") in range(5) else "",
                "doubles": _n(dbl)})
    if "below" in h:
        out.update({"declarer_tricks": h["tricks"][h["declarer"] & 1],
                    "trick_side": rs.side_name(h["trick_side"]) if h["trick_side"] >= 0
                    else "", "below_ns": h["below"][0], "below_ew": h["below"][1],
                    "honours_ns": h["honours"][0], "honours_ew": h["honours"][1],
                    "honours_kind": h["honours_kind"], "chicane_ns": h["chicane"][0],
                    "chicane_ew": h["chicane"][1], "slam_ns": h["slam"][0],
                    "slam_ew": h["slam"][1], "above_ns": h["above"][0],
                    "above_ew": h["above"][1], "rubber": h["rubber"],
                    "game_won": rs.side_name(h["game_won"]) if h["game_won"] >= 0 else ""})
    return out


__all__ = ["csv_text", "pbn", "read_pbn", "deal_string", "parse_deal", "hand_string", "strain"]
