"""Scoring a game described as JSON, and the result as text (what `overplay score` prints).

    result = score(load("rubber.json"))     # load("-"): stdin
    print("\n".join(lines(result)))

The input names the game ("duplicate_whist", "bridge_whist", "euchre", "ecarte"), optional
`variant` names (games.py) and `settings` (docs/scoring.md), and the deals. Every score comes
from overplay_core.scoring; this module only reads the file and says the result. Bad input is one
line on stderr naming where it is, exit 2.
"""

import json
import sys

from overplay_core import games
from overplay_core.scoring import bridge as sb
from overplay_core.scoring import ecarte as sc
from overplay_core.scoring import euchre as se
from overplay_core.scoring import whist as sw
from overplay_core.cards import parse_card, suit_name
from overplay_core.errors import ParseError

from overplay import score_input as si
from overplay.errors import UserError

SIDE = si.SIDE_NAMES


def load(path):
    if path == "-" and sys.stdin is None:
        raise UserError("stdin is closed: pipe the game in, or name a file")
    name = "stdin" if path == "-" else path
    try:
        if path == "-":
            text = sys.stdin.read(MAX_CHARS + 1)
        else:
            with open(path, encoding="utf-8") as f:
                text = f.read(MAX_CHARS + 1)
    except UnicodeDecodeError:
        raise UserError("%s: not UTF-8 text: give a JSON file" % path)
    except OSError as e:
        raise UserError("cannot read %s: %s" % (path, e.strerror or e))
    if len(text) > MAX_CHARS:
        raise UserError("%s is over %d characters: a game's JSON is a few KB; name the game's "
                        "file" % (name, MAX_CHARS))
    try:
        doc = json.loads(text, parse_int=_int)
    except ValueError as e:
        raise UserError("%s: not valid JSON: %s" % (name, " ".join(str(e).split())))
    except RecursionError:
        raise UserError("%s: JSON nested too deeply: no score input needs more than a few "
                        "levels" % name) from None
    if not isinstance(doc, dict):
        raise UserError("the input must be a JSON object {\"game\": ..., ...}")
    return doc


MAX_CHARS = 1 << 20  # a game's JSON is a few KB: more is the wrong file (or /dev/zero)
MAX_DIGITS = 20  # no trick count, point score or setting comes near this


def _int(text):
    """A JSON integer; one longer than MAX_DIGITS is refused before int() converts it."""
    digits = len(text.lstrip("-"))
    if digits > MAX_DIGITS:
        raise ValueError("a number of %d digits: use one of at most %d" % (digits, MAX_DIGITS))
    return int(text)


# ---- duplicate whist --------------------------------------------------------------------

_MARKERS = {"avg": sw.AVERAGE, "average": sw.AVERAGE, "ns_surplus": sw.NS_SURPLUS,
            "ew_surplus": sw.EW_SURPLUS}


def _whist_entry(v, path):
    """A table's result: tricks, a marker, or {"ns":, "ew":, "ns_pair":, "ew_pair":}."""
    pairs = (None, None)
    if isinstance(v, dict):
        pairs = (v.get("ns_pair"), v.get("ew_pair"))
        if "ew" in v and "ns" in v and not isinstance(v["ns"], str):
            ns = sw.agreed_result(si.read_int(v, "ns", path, 0, 13),
                                  si.read_int(v, "ew", path, 0, 13))[0]  # DW-19
        elif "ns" in v:
            ns = _whist_entry(v["ns"], si.where(path, "ns"))[0]
        else:
            ns = sw.TRICKS - si.read_int(v, "ew", path, 0, 13)
        return ns, pairs
    if isinstance(v, str) and v.lower() in _MARKERS:
        return _MARKERS[v.lower()], pairs
    if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= 13:
        raise UserError("%s: must be N-S tricks 0..13, \"avg\", \"ns_surplus\", "
                        "\"ew_surplus\" or an object, not %r" % (path, v))
    return v, pairs


def score_whist(doc, settings):
    rounding = si.read_choice(settings, "rounding", "settings", sw.ROUNDINGS, "half_up")
    sides = si.read_choice(settings, "sides", "settings", sw.SIDES, "separate")
    boards = si.read_list(doc, "boards", "")
    out_boards = []
    pair_tot = {}  # pair id -> [direction, total]
    for b, row in enumerate(boards):
        path = "boards[%d]" % b
        number = b + 1
        if isinstance(row, dict):
            number = si.read_int(row, "board", path, 1, 9999, default=number)
            row = si.read_list(row, "tables", path)
        elif not isinstance(row, list) or not row:
            raise UserError("%s: must be a list of table results or {\"tables\": [...]}" % path)
        entries = [_whist_entry(v, "%s[%d]" % (path, t)) for t, v in enumerate(row)]
        ns_list = [e[0] for e in entries]
        try:
            compared = sw.compare(ns_list, rounding, sides)
        except ValueError as e:
            raise UserError("%s: %s" % (path, e))
        tables = []
        for t, (ns, ew, dns, dew) in enumerate(compared):
            award = {sw.AVERAGE: "average", sw.NS_SURPLUS: "ns_surplus",
                     sw.EW_SURPLUS: "ew_surplus"}.get(ns_list[t], "played")
            tables.append({"table": t + 1, "ns": ns, "ew": ew, "ns_diff": dns, "ew_diff": dew,
                           "award": award})
            for d, score in ((0, ns), (1, ew)):
                pid = entries[t][1][d] or "%s%d" % (("NS", "EW")[d], t + 1)
                pid = str(pid)
                got = pair_tot.setdefault(pid, [d, 0])
                if got[0] != d:
                    raise UserError("%s: pair %s sat both N-S and E-W: plus and minus by "
                                    "direction (DW-24) needs each pair in one direction"
                                    % (path, pid))
                got[1] += score
        out_boards.append({"board": number, "tables": tables})
    pairs = []
    for d in (0, 1):
        ids = [k for k in pair_tot if pair_tot[k][0] == d]
        pm = sw.plus_minus([pair_tot[k][1] for k in ids], rounding)
        for k, m in zip(ids, pm):
            pairs.append({"pair": k, "direction": SIDE[d], "total": pair_tot[k][1],
                          "plus_minus": m})
    return {"boards": out_boards, "pairs": pairs,
            "settings": {"rounding": _name(sw.ROUNDINGS, rounding),
                         "sides": _name(sw.SIDES, sides)}}


def _name(table, value):
    for k in table:
        if table[k] == value:
            return k


# ---- bridge whist -----------------------------------------------------------------------

def score_bridge(doc, settings):
    cap = si.read_int(settings, "trick_cap", "settings", 0, 10000, default=0)
    rubbers = []
    rubber = sb.Rubber()
    hands_out = []
    for i, h in enumerate(si.read_list(doc, "hands", "")):
        path = "hands[%d]" % i
        strain = si.read_strain(h, "strain", path)
        declarer = si.read_side(h, "declarer", path)
        tricks = si.read_int(h, "tricks", path, 0, 13)
        doubles = si.read_int(h, "doubles", path, 0, sb.MAX_DOUBLES, default=0)
        revokes = si.read_side_counts(h, "revokes", path)
        hands = si.read_hands(h, "cards", path)
        held = _held(h, path, strain)
        try:
            b = sb.score_hand(strain, tricks, declarer, doubles, hands, revokes, cap, None, held)
        except ValueError as e:
            raise UserError("%s: %s" % (path, e))
        game = rubber.add(b)
        row = dict(b)
        row.update({"hand": i + 1, "rubber": len(rubbers) + 1, "game_won": _side(game),
                    "strain": "no trump" if strain == sb.NO_TRUMP else suit_name(strain),
                    "declarer_side": SIDE[declarer],
                    "trick_side": _side(b["trick_side"]), "game_score": list(rubber.game)})
        hands_out.append(row)
        if rubber.finished:
            rubbers.append(_rubber_out(rubber))
            rubber = sb.Rubber()
    if rubber.hands:
        rubbers.append(_rubber_out(rubber))
    return {"hands": hands_out, "rubbers": rubbers, "settings": {"trick_cap": cap}}


def _held(h, path, strain):
    """Honours and voids as recorded at the table ("honours": {"N": 3, "E": 1}, "void":
    ["S"]) instead of the cards, or None."""
    if h.get("honours") is None and h.get("void") is None:
        return None
    if h.get("cards") is not None:
        raise UserError("%s: give the cards or honours/void, not both" % path)
    hon = h.get("honours") or {}
    if not isinstance(hon, dict):
        raise UserError('%s.honours: must be an object like {"N": 3, "E": 1}' % path)
    per = [0, 0, 0, 0]
    for k in hon:
        per[si.parse_seat(k, si.where(path, "honours"), k)] = si.read_int(
            hon, k, si.where(path, "honours"), 0, 5)
    void = h.get("void") or []
    if not isinstance(void, list):
        raise UserError("%s.void: must be a list of seats" % path)
    seats = [si.parse_seat(x, path, "void") for x in void]
    try:
        return sb.held_from_counts(strain, per, seats)
    except ValueError as e:
        raise UserError("%s.honours: %s" % (path, e))


def _side(s):
    return SIDE[s] if s >= 0 else None


def _rubber_out(r):
    ahead, margin = r.result()
    return {"finished": r.finished, "winner": _side(r.winner), "games": list(r.games),
            "tricks": list(r.below), "honours": list(r.above), "totals": list(r.totals()),
            "ahead": _side(ahead), "points": margin}


# ---- euchre -----------------------------------------------------------------------------

def score_euchre(doc, settings, variant):
    lap = si.read_bool(settings, "lap", "settings", True)
    three = si.read_bool(settings, "always_three", "settings", True)
    deduct = si.read_bool(settings, "forfeit_deducted", "settings", False)
    rubber = se.Rubber(lap, three)
    rubbers, out = [], []
    for i, h in enumerate(si.read_list(doc, "hands", "")):
        path = "hands[%d]" % i
        makers = si.read_side(h, "makers", path)
        tricks = si.read_int(h, "tricks", path, 0, 5)
        alone = si.read_bool(h, "alone", path)
        exposed = si.read_bool(h, "partner_exposed", path)
        barred = si.read_side(h, "barred", path, default=-1)
        revokes = si.read_side_counts(h, "revokes", path)
        try:
            b = se.score_hand(makers, tricks, alone, revokes, exposed, barred, variant, deduct)
        except ValueError as e:
            raise UserError("%s: %s" % (path, e))
        game = rubber.add(b)
        out.append({"hand": i + 1, "rubber": len(rubbers) + 1, "makers": SIDE[makers],
                    "tricks": tricks, "alone": alone, "penalty": list(b["penalty"]),
                    "points": list(b["points"]), "game_won": _side(game),
                    "score": list(rubber.score), "games": list(rubber.games)})
        if rubber.finished:
            rubbers.append(_euchre_rubber(rubber))
            rubber = se.Rubber(lap, three)
    if rubber.game_winners or rubber.score != [0, 0]:
        rubbers.append(_euchre_rubber(rubber))
    return {"hands": out, "rubbers": rubbers,
            "settings": {"lap": lap, "always_three": three, "forfeit_deducted": deduct}}


def _euchre_rubber(r):
    ahead, margin = r.result()
    return {"finished": r.finished, "winner": _side(r.winner), "games": list(r.games),
            "game_points": list(r.game_points), "score": list(r.score),
            "ahead": _side(ahead), "points": margin}


# ---- ecarte -----------------------------------------------------------------------------

def _ecarte_king(d, path, dealer):
    if d.get("king") is not None:
        return si.read_seat(d, "king", path, seats=2)
    if d.get("turn_up") is None:
        return -1
    try:
        turn_up = parse_card(d["turn_up"])
    except ParseError as e:
        raise UserError("%s.turn_up: %s" % (path, e))
    if turn_up > 51 or (turn_up % 13) + 2 < 7:
        raise UserError("%s.turn_up: %r is not in the 32-card pack" % (path, d["turn_up"]))
    hands = si.read_hands(d, "hands", path, seats=2) or [[], []]
    holder = sc.king_holder(turn_up, hands, dealer)
    turned = (turn_up % 13) + 2 == 13
    if holder >= 0 and (turned or si.read_bool(d, "king_announced", path)):
        return holder  # law 47; a held king only if announced in time (EC-11)
    return -1


def score_ecarte(doc, settings, variant):
    kend = si.read_bool(settings, "king_ends_game", "settings", True)
    names = doc.get("players") or ["seat 0", "seat 1"]
    if not isinstance(names, list) or len(names) != 2:
        raise UserError("players: must be a list of two names")
    names = [str(n) for n in names]
    game = sc.Game(variant, kend)
    games_out, out = [], []
    for i, d in enumerate(si.read_list(doc, "deals", "")):
        path = "deals[%d]" % i
        if not isinstance(d, dict):
            raise UserError("%s: must be an object {...}" % path)
        dealer = si.read_seat(d, "dealer", path, seats=2)
        tr = si.need(d, "tricks", path)
        if not isinstance(tr, list) or len(tr) != 2:
            raise UserError("%s.tricks: must be [tricks of seat 0, tricks of seat 1]" % path)
        tricks = (si.read_int({"0": tr[0]}, "0", path + ".tricks", 0, 5),
                  si.read_int({"1": tr[1]}, "1", path + ".tricks", 0, 5))
        try:
            b = sc.deal_points(
                dealer, tricks,
                si.read_choice(d, "proposal", path, sc.PROPOSALS, "accepted"),
                _ecarte_king(d, path, dealer),
                si.read_seat(d, "abandoned_by", path, 2, default=-1),
                si.read_seat(d, "offender", path, 2, default=-1),
                si.read_seat(d, "overheld_by", path, 2, default=-1))
        except ValueError as e:
            raise UserError("%s: %s" % (path, e))
        won = game.add(b)
        out.append({"deal": i + 1, "game": len(games_out) + 1, "dealer": names[dealer],
                    "kind": b["kind"], "winner": names[b["winner"]], "king": list(b["king"]),
                    "points": list(b["points"]), "score": list(game.score),
                    "game_won": names[won] if won >= 0 else None})
        if game.finished:
            games_out.append(_ecarte_game(game, names))
            game = sc.Game(variant, kend)
    if game.deals:
        games_out.append(_ecarte_game(game, names))
    totals = [0, 0]
    for g in games_out:
        if g["finished"]:
            totals[names.index(g["winner"])] += g["value"]
    return {"players": names, "deals": out, "games": games_out, "game_totals": totals,
            "settings": {"king_ends_game": kend,
                         "treble": bool(variant & sc.V_ECARTE_TREBLE)}}


def _ecarte_game(g, names):
    return {"finished": g.finished, "winner": names[g.winner] if g.finished else None,
            "score": list(g.score), "value": g.value()}


# ---- entry ------------------------------------------------------------------------------

def score(doc):
    """The result dict for a parsed input document (raises UserError on bad input)."""
    name = doc.get("game")
    if not isinstance(name, str) or name not in games.GAME_IDS:
        raise UserError("game: must be one of %s, not %r" % (", ".join(sorted(games.GAME_IDS)),
                                                              name))
    gid = games.GAME_IDS[name]
    vnames = doc.get("variant", [])
    if isinstance(vnames, str):
        vnames = [vnames]
    if not isinstance(vnames, list):
        raise UserError("variant: must be a list of variant names")
    try:
        variant = games.variant_from_names(gid, vnames)
    except ValueError as e:
        raise UserError("variant: %s" % e)
    settings = doc.get("settings", {})
    if not isinstance(settings, dict):
        raise UserError("settings: must be an object {...}")
    if gid == games.DUPLICATE_WHIST:
        result = score_whist(doc, settings)
    elif gid == games.BRIDGE_WHIST:
        result = score_bridge(doc, settings)
    elif gid == games.EUCHRE:
        result = score_euchre(doc, settings, variant)
    else:
        result = score_ecarte(doc, settings, variant)
    result["game"] = name
    result["variant"] = games.variant_names(variant)
    return result


# ---- text: one line per deal, then each game or rubber ----------------------------------

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
