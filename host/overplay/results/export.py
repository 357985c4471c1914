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

from overplay_core.cards import RANK_LETTERS, SUIT_LETTERS, parse_card
from overplay_core.errors import ParseError

from overplay.results import model as rm
from overplay.results import rulings as rr

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
    """PBN 2.1, export format (CRLF line ends), one game per board that has an original deal."""
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
    out = io.StringIO()
    w = csv.DictWriter(out, fieldnames=CSV_FIELDS, lineterminator="\n")
    w.writeheader()
    for row in csv_rows(result):
        w.writerow(row)
    return out.getvalue()


__all__ = ["csv_text", "pbn", "read_pbn", "deal_string", "parse_deal", "hand_string", "strain"]
