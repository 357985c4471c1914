"""The director's HTML report: one self-contained file (no scripts, fonts or images to fetch).

    from overplay.results import html
    page = html.html(result)        # result = model.load(store, session_id)

Reads on screen and prints on A4/letter: the pairs' ranking first, then one block per board
(the deal as a compass diagram, each table's tricks, score and difference, the rulings on it),
then every ruling with its citation and every irregularity the shoes recorded. All text from
the database goes through html.escape.
"""

from html import escape

from overplay_core import games

from overplay.results import model as rm
from overplay.results import rulings as rr
from overplay.results import standings as rs

SUITS = ((3, "\u2660", "S", "black"), (2, "\u2665", "H", "red"),
         (1, "\u2666", "D", "red"), (0, "\u2663", "C", "black"))
RANKS = "23456789TJQKA"

CSS = """
body{font-family:Georgia,'Times New Roman',serif;margin:1.5em auto;max-width:60em;color:#111;
padding:0 1em;line-height:1.35}
h1{font-size:1.6em;margin-bottom:.2em}h2{font-size:1.25em;border-bottom:1px solid #999;
margin-top:1.6em}h3{font-size:1.1em;margin:.2em 0 .4em}
.meta{color:#444}table{border-collapse:collapse;margin:.4em 0}
th,td{border:1px solid #bbb;padding:.2em .45em;text-align:left;vertical-align:top;
overflow-wrap:anywhere}
th{background:#eee;overflow-wrap:normal}td.n{text-align:right;font-variant-numeric:tabular-nums;
white-space:nowrap;overflow-wrap:normal}
table.trav{width:100%;table-layout:fixed}table.trav td.w,table.trav th.w{width:24%}
.board{border:1px solid #999;border-radius:4px;padding:.5em .8em;margin:.8em 0;
break-inside:avoid;page-break-inside:avoid}
.deal{display:grid;grid-template-columns:repeat(3,minmax(7em,auto));gap:.1em .8em;
margin:.2em 0 .4em;width:max-content}
.hand{font-family:'DejaVu Sans Mono',Menlo,Consolas,monospace;font-size:.95em}
.seat{font-weight:bold}.red{color:#b00}.mid{text-align:center;align-self:center;color:#444;
font-size:.9em}.avg{background:#fff3c4}.flag{color:#8a1c00;font-weight:bold}
.ruling{margin:.3em 0 .3em 1em}.cite{color:#555;font-size:.9em}
.status{font-style:italic;color:#555}td.c{white-space:nowrap}
@page{size:A4;margin:16mm 12mm 14mm 12mm;
@top-left{content:"__HEADER__";font:9pt Georgia,serif;color:#444}
@bottom-right{content:"page " counter(page) " of " counter(pages);font:9pt Georgia,serif;
color:#444}}
.standings{display:flex;flex-wrap:wrap;gap:0 1.5em;align-items:flex-start}
.standings>div{flex:1 1 20em;min-width:0}.names{font-size:.85em;color:#333}
@media print{body{margin:0;max-width:none;padding:0;font-size:9pt;line-height:1.2}
.recap{break-after:page;page-break-after:always;font-size:8pt}
.recap h2{margin:.3em 0 .1em}.recap .meta{margin:.2em 0}.recap td,.recap th{padding:0 .3em}
h2{margin-top:.6em}.standings>div{flex-basis:0}
.board{border-color:#666;margin:.3em 0;padding:.2em .4em}.board h3{margin:0 0 .1em}
.board p{margin:.15em 0}.ruling{margin:.1em 0 .1em .8em}
.deal{gap:0 .6em;font-size:8.5pt;line-height:1.1}
table.trav{table-layout:auto;font-size:8pt}table.trav th,table.trav td{padding:0 .25em;
overflow-wrap:normal}table.trav td.w,table.trav th.w{width:auto;overflow-wrap:anywhere}
a{color:inherit}th{background:#eee;-webkit-print-color-adjust:exact;
print-color-adjust:exact}}
"""


def _css_string(text):
    """text inside a CSS string in a <style> element: quotes, backslashes and < escaped."""
    out = []
    for ch in text:
        if ch in "\\\"'<>&" or ord(ch) < 32:
            out.append("\\%x " % ord(ch))
        else:
            out.append(ch)
    return "".join(out)


def e(v):
    return escape("" if v is None else str(v), quote=True)


def _hand(cards):
    lines = []
    for s, sym, letter, colour in SUITS:
        ranks = sorted([c % 13 for c in cards if 0 <= c < 52 and c // 13 == s], reverse=True)
        txt = "".join(RANKS[r] for r in ranks) or "\u2014"
        lines.append('<span class="%s" title="%s">%s</span> %s' % (
            colour, letter, sym, e(txt)))
    return "<br>".join(lines)


def _deal(d):
    if d is None:
        return '<p class="status">No original deal was synced for this board.</p>'
    h = d["hands"] or {}

    def cell(seat):
        if seat not in h:
            return "<div></div>"
        mark = " (dealer)" if seat == d["dealer"] else ""
        return '<div class="hand"><span class="seat">%s%s</span><br>%s</div>' % (
            e(seat), e(mark), _hand(h[seat]))
    mid = '<div class="mid">trump<br><b>%s</b><br>dealer %s</div>' % (e(d["trump"] or "none"),
                                                                      e(d["dealer"]))
    return '<div class="deal">%s%s%s%s%s%s%s%s%s</div>' % (
        "<div></div>", cell("N"), "<div></div>", cell("W"), mid, cell("E"),
        "<div></div>", cell("S"), "<div></div>")


def _num(v, signed=False):
    if v is None:
        return ""
    return ("%+d" % v) if signed else str(v)


def _seats(r):
    """The pairs the movement sat at the table for this board, as a traveller prints them:
    the N-S pair's number v the E-W pair's ("3 v 5": N-S 3 v E-W 5 in a Mitchell, pairs 3
    and 5 in a Howell); the standings above carry the names."""
    return "%s v %s" % (e(r["ns_name"].split()[-1]), e(r["ew_name"].split()[-1]))


def _tables(b):
    rows = ['<table class="trav"><tr><th>Table</th><th>Pairs</th><th>Deal</th><th>Trump turned'
            '</th><th>Slip</th><th>Tricks N-S</th><th>Tricks E-W</th><th>Score N-S</th>'
            '<th>Score E-W</th><th>\u00b1 N-S</th><th>\u00b1 E-W</th><th class="w">Ruling'
            '</th></tr>']
    for r in b["tables"]:
        cls = ' class="avg"' if r.get("award") else ""
        ruling = "; ".join(x["ruling"].replace("_", " ") for x in r["rulings"])
        if r.get("award"):
            ruling += (" \u2192 " if ruling else "") + rr.AWARD_WORDS[r["award"]]
        if r.get("adjustment"):
            ruling += (" \u2192 " if ruling else "") + r["adjustment"]["text"]
        rows.append(
            '<tr%s><td class="n">%s</td><td class="c">%s</td><td>%s</td><td>%s</td><td>%s</td>'
            '<td class="n">%s</td><td class="n">%s</td><td class="n">%s</td><td class="n">%s'
            '</td><td class="n">%s</td><td class="n">%s</td><td>%s</td></tr>' % (
                cls, e(r["table"]), _seats(r), e(r["mode"] or ""),
                e(r["trump_turned"] or ""), e(r["slip"] or ""), e(_num(r["tricks_ns"])),
                e(_num(r["tricks_ew"])), e(_num(r.get("score_ns"))),
                e(_num(r.get("score_ew"))), e(_num(r.get("diff_ns"), True)),
                e(_num(r.get("diff_ew"), True)), e(ruling)))
    rows.append("</table>")
    return "".join(rows)


def _rulings_of(b):
    out = []
    for r in b["tables"]:
        if r.get("adjustment"):
            out.append('<p class="flag">Table %s: %s</p>' % (e(r["table"]),
                                                             e(rm.adjustment_text(r))))
        for f in r["findings"]:
            out.append('<p class="flag">Table %s: %s</p>' % (e(r["table"]),
                                                             e(rm.finding_words(f))))
        if r["findings"] and r.get("phase"):
            out.append('<p class="cite">judged as found at: %s</p>'
                       % e(r["phase"].replace("_", " ")))
        for x in r["rulings"]:
            out.append('<div class="ruling"><b>%s</b> (%s): %s<br><span class="cite">%s</span>'
                       '</div>' % (e(x["code"]), e(x["ruling"].replace("_", " ")), e(x["text"]),
                                   e(x["citation"])))
    return "".join(out)


def _board_events(b, events):
    mine = [x for x in events if x["board"] == b["board"] and not x.get("private")]
    return "".join('<p class="cite">Shoe at table %s recorded: %s</p>' % (e(x["table"] or "?"),
                                                                        e(x["text"]))
                   for x in mine)


def _board(b, events=()):
    avg = ""
    if b.get("average_ns") is not None:
        avg = ('<p class="meta">Average of the tables that played it: N-S %s, E-W %s</p>'
               % (e(b["average_ns"]), e(b["average_ew"])))
    status = "" if b["status"] == "scored" else '<p class="status">%s</p>' % e(b["status"])
    return ('<section class="board" id="board-%s"><h3>Board %s</h3>%s%s%s%s%s%s</section>'
            % (e(b["board"]), e(b["board"]), _deal(b["deal"]), _tables(b), avg, status,
               _rulings_of(b), _board_events(b, events)))


def _pair_cell(result, p):
    """A pair of the standings in a table cell: 'E-W 1' or 'pair 5' and, under it, its
    players' names from the roster."""
    names = p.get("names")
    return e(p["pair"]) + ('<br><span class="names">%s</span>' % e(names) if names else "")


def _pairs(result):
    rows = ['<table><tr><th>Rank</th><th>Pair</th><th>Total tricks</th><th>\u00b1 average</th>'
            '<th>Boards</th></tr>']
    field = None
    for p in rm.pairs_in_order(result):
        if p["field"] != field and len(result.get("pairs", [])) and \
                len(set(x["field"] for x in result["pairs"])) > 1:
            rows.append('<tr><th colspan="5">%s</th></tr>' % e(p["side"]))
        field = p["field"]
        if p["rank"] is None:
            rows.append('<tr><td class="n">\u2014</td><td>%s</td><td colspan="3">not ranked: '
                        'no board scored yet</td></tr>' % _pair_cell(result, p))
            continue
        rows.append('<tr><td class="n">%s</td><td>%s</td><td class="n">%s</td>'
                    '<td class="n">%s</td><td class="n">%s</td></tr>' % (
                        e(p["rank"]), _pair_cell(result, p), e(p["total"]),
                        e(_num(p["plus_minus"], True)), e(p["boards"])))
    rows.append("</table>")
    return "".join(rows)


def _all_rulings(result):
    items = []
    for b in result["boards"]:
        for r in b["tables"]:
            for x in r["rulings"]:
                items.append("<tr><td class=\"n\">%s</td><td class=\"n\">%s</td><td class=\"c\">%s</td>"
                             "<td>%s</td><td>%s</td><td>%s</td></tr>" % (
                                 e(b["board"]), e(r["table"]), e(x["code"]),
                                 e(x["ruling"].replace("_", " ")), e(x["text"]),
                                 e(x["citation"])))
    if not items:
        return "<p>No rulings: every deal%s matched.</p>" % (
            " and overplay" if result["game"] == games.DUPLICATE_WHIST else "")
    return ("<table><tr><th>Board</th><th>Table</th><th>Ruling</th><th>Outcome</th>"
            "<th>Text</th><th>Citation</th></tr>%s</table>" % "".join(items))


def _events(result):
    public = [x for x in result["events"] if not x.get("private")]
    if not public:
        return "<p>None recorded.</p>"
    rows = "".join("<tr><td class=\"n\">%s</td><td class=\"n\">%s</td><td class=\"n\">%s</td>"
                   "<td>%s</td></tr>" % (e(x["board"] or "-"), e(x["table"] or "?"),
                                         e(x["shoe_id"]), e(x["text"]))
                   for x in public)
    return ("<table><tr><th>Board</th><th>Table</th><th>Shoe</th><th>What</th></tr>%s</table>"
            % rows)


def _matchpoints(result):
    if not result.get("show_matchpoints"):
        return ""
    rows = ['<h2>Matchpoints</h2><p class="meta">On each board 2 for each pair of the same '
            'direction beaten, 1 for a tie; an averaged board counts half the top.</p><table>'
            '<tr><th>Rank</th><th>Pair</th><th>Matchpoints</th><th>Top</th><th>%</th></tr>']
    for p in rm.pairs_by_matchpoints(result):
        rows.append('<tr><td class="n">%s</td><td>%s</td><td class="n">%s</td>'
                    '<td class="n">%s</td><td class="n">%.2f</td></tr>' % (
                        e(p["mp_rank"]), _pair_cell(result, p),
                        e("%g" % p["mp"]), e(p["top"]), p["percent"]))
    rows.append("</table>")
    return "".join(rows)


def _recap_boards(result):
    """One line per board for the recap page: each table's N-S score, the average, words."""
    tables = list(range(1, result["tables"] + 1))
    head = "".join("<th>T%d</th>" % t for t in tables)
    rows = ['<h2>Recap</h2><table><tr><th>Board</th>%s<th>Average N-S</th><th>Note</th></tr>'
            % head]
    for b in result["boards"]:
        by = {r["table"]: r for r in b["tables"]}
        cells = "".join('<td class="n">%s</td>' % e(_num(by[t].get("score_ns")) if t in by
                                                     else "") for t in tables)
        note = "" if b["status"] == "scored" else b["status"]
        rows.append('<tr><td class="n">%s</td>%s<td class="n">%s</td>'
                    '<td>%s</td></tr>' % (e(b["board"]), cells,
                                          e(_num(b.get("average_ns"))), e(note)))
    rows.append("</table>")
    return "".join(rows)


def html(result):
    """The whole report as one HTML string."""
    name = result.get("name") or ""
    if name and name != "session %s" % result["session"]:  # a name the director gave
        title = "Session %s \u2014 %s \u2014 %s" % (result["session"], name,
                                                     result["game_name"])
    else:
        title = "Session %s \u2014 %s" % (result["session"], result["game_name"])
    boards = [b["board"] for b in result["boards"]]
    span = ("boards %d\u2013%d" % (min(boards), max(boards))) if boards else "no boards"
    shoes = ", ".join("table %s: shoe %s" % (t, s) for t, s in result["shoes"].items())
    parts = [
        "<!DOCTYPE html>", '<html lang="en"><head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        "<title>%s</title><style>%s</style></head><body>" % (
            e(title), CSS.replace("__HEADER__", _css_string("Overplay \u2014 " + title + ", " +
                                                   (result["date"] or "")))),
        '<section class="recap">', "<h1>%s</h1>" % e(title),
        '<p class="meta">%s table%s, %s, movement %s (%s round%s); date %s; synced %s to %s.'
        '<br>Shoes: %s.</p>' % (
            e(result["tables"]), "" if result["tables"] == 1 else "s", e(span),
            e(result["movement_name"]), e(result["rounds"]),
            "" if result["rounds"] == 1 else "s",
            e(result["date"] or "?"), e(result["synced"]["first"] or "?"),
            e(result["synced"]["last"] or "?"), e(shoes or "none")),
        ('<p class="flag">%s</p>' % e(rm.missing_text(result))
         if result.get("missing_tables") else ""),
        ]
    if result["game"] != games.DUPLICATE_WHIST:
        standings, hands = GAME_HTML[result["game"]](result)
        parts += ['<div class="standings">%s</div>' % "".join(
            "<div>%s</div>" % x for x in standings), "</section>", hands]
    else:
        parts += [
            '<div class="standings"><div>', "<h2>Pairs</h2>",
            '<p class="meta">Each pair\'s total tricks, plus or minus against the average of '
            "its own field (DW-24; where pairs change direction, the sum of its differences "
            "from each board's average); averaged boards count the average score (DW-25).</p>",
            _pairs(result), "</div>",
            ("<div>%s</div>" % _matchpoints(result)) if result.get("show_matchpoints") else "",
            "</div>", _recap_boards(result), "</section>",
            "<h2>Boards</h2>"]
        parts.extend(_board(b, result["events"]) for b in result["boards"])
    parts += ["<h2>Rulings</h2>", _all_rulings(result),
              "<h2>Irregularities recorded by the shoes</h2>", _events(result),
              '<p class="meta">Made by overplay results from the club database.</p>',
              "</body></html>"]
    return "\n".join(parts) + "\n"


# ---- the games each table deals for itself (results/standings.py) -----------------------

def _head(*cols):
    return "<tr>%s</tr>" % "".join("<th>%s</th>" % e(c) for c in cols)


def _row(*cells, cls=""):
    return "<tr%s>%s</tr>" % (' class="%s"' % cls if cls else "", "".join(
        '<td class="n">%s</td>' % e(c) if isinstance(c, int) and not isinstance(c, bool)
        else "<td>%s</td>" % e(c) for c in cells))


def _applied(h):
    words = ", ".join(h.get("rulings") or ())
    if h.get("void"):
        words = (words + ": " if words else "") + "deal void"
    return words


def _note(st):
    return '<p class="flag">%s</p>' % e(st["note"]) if st.get("note") else ""


def _euchre(result):
    st = result["standings"]
    other = "games won" if st["by"] == "points" else "points"
    rows = ['<h2>Players</h2><p class="meta">Progressive euchre: each player keeps the points '
            "his side scored on every hand he played and a game for every round his pair won; "
            "ranked by %s (%s break ties). Winners move up a table, the head table's losers "
            "go to the foot, and partners change every round.</p><table>" % (e(st["by"]),
                                                                              e(other)),
            _head("Rank", "Player", "Points", "Games", "Tables", "Partners")]
    for p in st["players"]:
        rows.append(_row(p["rank"], p["player"], p["points"], p["games"],
                         " ".join(map(str, p["tables"])), ", ".join(p["partners"])))
    rows.append("</table>" + _note(st))
    rows = ["".join(rows)]
    hands = ["<h2>Rounds</h2>"]
    done = dict(((i + 1, x["table"]), x) for i, rnd in enumerate(st["rounds"]) for x in rnd)
    for (rnd, t), items in rs.hands_by_table(result):
        seats = [r["hand"]["players"] for n, r in items if "players" in r["hand"]]
        who = ("N %s, E %s, S %s, W %s" % tuple(seats[0])) if seats else ""
        part = ['<section class="board"><h3>Round %s, table %s</h3><p class="meta">%s</p>'
                '<table class="hands" style="width:100%%">' % (e(rnd), e(t), e(who)),
                _head("Board", "Makers", "Alone", "Tricks", "N-S", "E-W", "Ruling")]
        for n, r in items:
            h = r["hand"]
            if "error" in h:
                part.append(_row(n, "not scored: " + h["error"], "", "", "", "", ""))
                continue
            part.append(_row(n, rs.side_name(h["makers"]), "alone" if h["alone"] else "",
                             h["tricks"], h["points"][0], h["points"][1], _applied(h),
                             cls="avg" if h["rulings"] else ""))
        part.append("</table>")
        x = done.get((rnd, t))
        if x:
            w = x["winner"]
            part.append('<p class="meta">Round: N-S %s, E-W %s: %s (%s &amp; %s) won.</p>' % (
                e(x["score"][0]), e(x["score"][1]), e(rs.side_name(w)), e(x["players"][w]),
                e(x["players"][w + 2])))
        part.append(_board_rulings(result, items) + "</section>")
        hands.append("".join(part))
    return rows, "".join(hands)


def _board_rulings(result, items):
    out = []
    for n, r in items:
        for x in r["rulings"]:
            out.append('<div class="ruling">Board %s: <b>%s</b> (%s): %s<br><span class="cite">'
                       "%s</span></div>" % (e(n), e(x["code"]), e(x["ruling"].replace("_", " ")),
                                           e(x["text"]), e(x["citation"])))
    return "".join(out)


def _ecarte(result):
    st = result["standings"]
    rows = ['<h2>Players</h2><p class="meta">\u00c9cart\u00e9, five up; a match is the best of '
            "three games%s.</p><table>" % (
                ", each game counting treble, double or single as the loser had nothing, one "
                "or two, or three or four (law 46)" if st["treble"] else ""),
            _head("Rank", "Player", "Matches won", "Matches", "Games", "Game values")]
    for p in st["players"]:
        rows.append(_row(p["rank"], p["player"], p["matches_won"], p["matches"], p["games"],
                         p["points"]))
    rows = ["".join(rows) + "</table>", "<h2>Matches</h2><table>"]
    rows.append(_head("Players", "Games", "Game values", "Games won (value)", "State"))
    for m in st["matches"]:
        a, b = m["players"]
        rows.append(_row("%s v %s" % (a, b), "%d\u2013%d" % tuple(m["games"]),
                         "%d\u2013%d" % tuple(m["points"]),
                         "; ".join("%s (%d)" % (g["winner"], g["value"]) for g in m["values"]),
                         ("won by %s" % m["winner"]) if m["finished"] else
                         "unfinished, this game %d\u2013%d" % tuple(m["game_score"])))
    rows.append("</table>" + _note(st))
    rows = [rows[0], "".join(rows[1:])]
    hands = ["<h2>Deals</h2>"]
    for (rnd, t), items in rs.hands_by_table(result):
        part = ['<section class="board"><h3>Table %s</h3><table class="hands" style="width:100%%">' % e(t),
                _head("Board", "Dealer", "Proposal", "Tricks", "Won", "King", "Marks", "Game",
                      "Ruling")]
        for n, r in items:
            h = r["hand"]
            if "error" in h:
                part.append(_row(n, "not scored: " + h["error"], "", "", "", "", "", "", ""))
                continue
            p = h["players"]
            prop = r.get("proposal")
            part.append(_row(
                n, p[h["dealer"]], rs.PROPOSALS[prop] if prop in (0, 1, 2) else "",
                "%s %d, %s %d" % (p[0], h["tricks"][0], p[1], h["tricks"][1]),
                "%s (%s)" % (p[h["winner"]], h["kind"]),
                p[0 if h["king"][0] else 1] if max(h["king"]) else "",
                "%d\u2013%d" % tuple(h["total"]),
                "; ".join(x for x in (h["game_won"] and "game to %s" % h["game_won"],
                                      h["match_won"] and "match to %s" % h["match_won"]) if x),
                _applied(h), cls="avg" if h["rulings"] else ""))
        part.append("</table>" + _board_rulings(result, items) + "</section>")
        hands.append("".join(part))
    return rows, "".join(hands)


def _bridge(result):
    st = result["standings"]
    rows = ['<h2>Players</h2><p class="meta">Bridge whist: each player\'s points over the '
            "finished rubbers (the winners of a rubber score the difference of the totals, the "
            "losers lose it); honours and chicane from the hands the shoe recorded.</p><table>",
            _head("Rank", "Player", "Points", "Rubbers", "Won")]
    for p in st["players"]:
        rows.append(_row(p["rank"], p["player"], "%+d" % p["points"], p["rubbers"], p["won"]))
    rows = ["".join(rows) + "</table>", "<h2>Rubbers</h2><table>"]
    rows.append(_head("Table", "Rubber", "Games N-S\u2013E-W", "Below", "Above", "Totals",
                      "Result"))
    count = {}
    for x in st["rubbers"]:
        count[x["table"]] = count.get(x["table"], 0) + 1
        rows.append(_row(x["table"], count[x["table"]], "%d\u2013%d" % tuple(x["games"]),
                         "%d\u2013%d" % tuple(x["below"]), "%d\u2013%d" % tuple(x["above"]),
                         "%d\u2013%d" % tuple(x["totals"]),
                         ("%s by %d" % (rs.side_name(x["ahead"]), x["points"]) if x["ahead"] >= 0
                          else "level") + ("" if x["finished"] else " (unfinished)")))
    rows.append("</table>" + _note(st))
    rows = [rows[0], "".join(rows[1:])]
    hands = ["<h2>Hands</h2>"]
    for (rnd, t), items in rs.hands_by_table(result):
        seats = rs.four_names(result, items[0][1])
        part = ['<section class="board"><h3>Table %s</h3><p class="meta">N %s, E %s, S %s, '
                'W %s; tricks N-S first</p><table class="hands" style="width:100%%">' % (e(t), e(seats[0]), e(seats[1]), e(seats[2]),
                                                   e(seats[3])),
                _head("Board", "Declaration", "Tricks", "Below",
                      "Honours", "Chicane", "Slam", "Game", "Ruling")]
        for n, r in items:
            h = r["hand"]
            if "error" in h:
                part.append(_row(n, "not scored: " + h["error"], "", "", "", "", "", "", ""))
                continue
            hon = ("%s %d (%s)" % (rs.side_name(0 if h["honours"][0] else 1),
                                   max(h["honours"]), h["honours_kind"])
                   if h["honours_kind"] not in ("none", "not computed") else h["honours_kind"])
            part.append(_row(
                n, rs.declaration(h), "%d\u2013%d" % tuple(h["tricks"]),
                "%s %d" % (rs.side_name(h["trick_side"]), h["trick_points"])
                if h["trick_side"] >= 0 else "\u2014", hon,
                ", ".join("%s %+d" % (rs.side_name(k), h["chicane"][k]) for k in (0, 1)
                          if h["chicane"][k]),
                "%s %d" % (rs.side_name(0 if h["slam"][0] else 1), max(h["slam"]))
                if max(h["slam"]) else "",
                rs.side_name(h["game_won"]) if h["game_won"] >= 0 else "", _applied(h),
                cls="avg" if h["rulings"] else ""))
        part.append("</table>" + _board_rulings(result, items) + "</section>")
        hands.append("".join(part))
    return rows, "".join(hands)


GAME_HTML = {games.EUCHRE: _euchre, games.ECARTE: _ecarte, games.BRIDGE_WHIST: _bridge}
