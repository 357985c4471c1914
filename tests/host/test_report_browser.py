"""The director's HTML report in a real browser: Debian's chromium, headless, driven by
Playwright. The standings are visible on the first screen, the Ruling column stays in its
table, and the printed report has the recap page and the boards after it. docs/report.png (in
the README) is this page's screenshot.

Printed (print media, the printable width of A4 and of US letter with the report's 12 mm side
margins), no element runs out of the page or out of its own box and no word of the report's
own is broken across lines (free text the director typed, the players' names and the rulings'
words, may wrap anywhere but stays in its box); printed to PDF (read back with pypdf) the
recap is one page, the hand records come several to a page with their travellers, and every
page carries the session's header and its page number.

One session of each game that deals at every table (progressive euchre, écarté, bridge
whist) is shown and printed the same way: its players' standings first, nothing out of the
page.

Skipped where chromium (`apt-get install -y chromium`) or Playwright is not installed."""

import io
import re
import shutil

import pytest

from overplay import results
from overplay.results import html as results_html
from overplay.store import Store
from test_results import build_db

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
sync_api = pytest.importorskip("playwright.sync_api")
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="no chromium: apt-get install -y "
                                "chromium")


def test_standings_are_visible_and_the_recap_prints_on_its_own(tmp_path):
    r = results.build(build_db(tmp_path / "club.sqlite"))
    page_file = tmp_path / "report.html"
    page_file.write_text(results_html.html(r), encoding="utf-8")
    with sync_api.sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM,
                                     args=["--no-sandbox", "--disable-gpu"])
        try:
            page = browser.new_page(viewport={"width": 1000, "height": 900})
            page.goto(page_file.as_uri())
            # the standings: every pair, in the first screen, without scrolling
            for pair in ("N-S 1", "N-S 2", "N-S 3", "E-W 1", "E-W 2", "E-W 3"):
                cell = page.locator("section.recap td", has_text=pair).first
                assert cell.is_visible()
                box = cell.bounding_box()
                assert box is not None and box["y"] + box["height"] <= 900, pair
            # the Ruling column stays inside its table
            table = page.locator("table.trav").first.bounding_box()
            ruling = page.locator("table.trav th.w").first.bounding_box()
            assert ruling["x"] + ruling["width"] <= table["x"] + table["width"] + 1
            page.screenshot(path=str(tmp_path / "report.png"))  # as docs/report.png was made
            assert (tmp_path / "report.png").stat().st_size > 10000
            # printed: the recap ends its page (the boards begin on page 2)
            page.emulate_media(media="print")
            pdf = page.pdf(format="A4")
            pages = len(re.findall(rb"/Type\s*/Page[^s]", pdf))
            assert pdf[:5] == b"%PDF-" and pages >= 2
        finally:
            browser.close()


PAGE_MARGIN_MM = 12  # @page's left and right margins in results/html.py's CSS
PAPERS = {"A4": 210.0, "Letter": 215.9}  # widths, mm
LONG_NAMES = ("Maximiliana Featherstonehaugh-Wolfeschlegelsteinhausen & Bartholomew "
              "Cholmondeley-Marjoribanks")

# Every element's box against the page's printable width, every element's content against its
# own box, every word of a table cell (but free text: .w rulings, .names) on one line.
OVERFLOWS = """(W) => {
  const out = [];
  const name = el => el.tagName.toLowerCase() + (el.className ? '.' + el.className : '') +
    ' "' + (el.textContent || '').trim().slice(0, 40) + '"';
  for (const el of document.body.querySelectorAll('*')) {
    const b = el.getBoundingClientRect();
    if (b.width === 0 && b.height === 0) continue;
    if (b.right > W + 0.5 || b.left < -0.5)
      out.push('runs out of the page: ' + name(el) + ' ' + b.left + '..' + b.right);
    if (el.clientWidth > 0 && el.scrollWidth > el.clientWidth + 1)
      out.push('runs out of its box: ' + name(el) + ' ' + el.scrollWidth + ' > ' + el.clientWidth);
  }
  for (const cell of document.querySelectorAll('td, th')) {
    if (cell.closest('.w')) continue;
    const walk = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
    for (let n = walk.nextNode(); n; n = walk.nextNode()) {
      if (n.parentElement.closest('.names')) continue;
      for (const m of n.data.matchAll(/\\S+/g)) {
        const r = document.createRange();
        r.setStart(n, m.index);
        r.setEnd(n, m.index + m[0].length);
        const lines = new Set(Array.from(r.getClientRects(), x => Math.round(x.top)));
        if (lines.size > 1) out.push('word broken: "' + m[0] + '" in ' + name(cell));
      }
    }
  }
  if (document.documentElement.scrollWidth > W)
    out.push('page wider than the paper: ' + document.documentElement.scrollWidth);
  return out;
}"""


def _evening(tmp_path, tables=8, boards=12):
    """An 8-table, 12-board evening with a wrong trump (an average), a correction at the PC,
    long players' names and matchpoints: the widest and longest report a club prints."""
    db = build_db(tmp_path / "club.sqlite", tables=tables, boards=boards)
    st = Store(db)
    try:
        sid = st.club_sessions()[-1]["id"]
        st.set_players(sid, {t: LONG_NAMES for t in range(1, tables + 1)})  # N-S pairs
        st.add_adjustment(sid, 5, 4, "correct", "director", "N-S keyed 7 but the table "
                          "agreed 8 tricks after a long discussion", tricks_ns=8)
    finally:
        st.close()
    r = results.build(db)
    r["show_matchpoints"] = True
    return r


def _browser(pw):
    return pw.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])


def test_printed_no_element_runs_out_of_the_page_or_its_box(tmp_path):
    page_file = tmp_path / "report.html"
    page_file.write_text(results_html.html(_evening(tmp_path)), encoding="utf-8")
    with sync_api.sync_playwright() as pw:
        browser = _browser(pw)
        try:
            for paper, mm in PAPERS.items():
                width = int((mm - 2 * PAGE_MARGIN_MM) * 96 / 25.4)  # CSS px at 96 a inch
                page = browser.new_page(viewport={"width": width, "height": 1000})
                page.goto(page_file.as_uri())
                page.emulate_media(media="print")
                assert page.evaluate(OVERFLOWS, width) == [], paper
                page.close()
        finally:
            browser.close()


def test_the_checks_see_an_element_that_runs_out(tmp_path):
    """The overflow check itself: a cell too wide for the paper, a word broken, are found."""
    html = ("<html><body><table><tr><td style='white-space:nowrap'>%s</td></tr></table>"
            % ("too wide " * 40) +
            "<table><tr><td style='width:3em;overflow-wrap:anywhere'>overplaying</td></tr>"
            "</table></body></html>")
    page_file = tmp_path / "bad.html"
    page_file.write_text(html, encoding="utf-8")
    with sync_api.sync_playwright() as pw:
        browser = _browser(pw)
        try:
            page = browser.new_page(viewport={"width": 703, "height": 800})
            page.goto(page_file.as_uri())
            found = page.evaluate(OVERFLOWS, 703)
        finally:
            browser.close()
    assert any(x.startswith("runs out of the page: td") for x in found), found
    assert any(x.startswith('word broken: "overplaying"') for x in found), found


def test_printed_pdf_recap_on_one_page_boards_several_to_a_page_headers_on_every_page(
        tmp_path):
    pypdf = pytest.importorskip("pypdf")
    r = _evening(tmp_path)
    page_file = tmp_path / "report.html"
    page_file.write_text(results_html.html(r), encoding="utf-8")
    with sync_api.sync_playwright() as pw:
        browser = _browser(pw)
        try:
            page = browser.new_page()
            page.goto(page_file.as_uri())
            pdf = page.pdf(prefer_css_page_size=True)
        finally:
            browser.close()
    pages = [p.extract_text() for p in pypdf.PdfReader(io.BytesIO(pdf)).pages]
    n = len(pages)
    for i, text in enumerate(pages, 1):  # the @page header and footer on every page
        assert "Overplay \u2014 Session %s" % r["session"] in text, i
        assert "page %d of %d" % (i, n) in text, i
    # the recap is page 1, all of it: standings, matchpoints, every board's line
    assert "Pairs" in pages[0] and "Matchpoints" in pages[0] and "Recap" in pages[0]
    assert "E-W 8" in pages[0] and not re.search(r"(?m)^Board 1$", pages[0])
    assert re.search(r"(?m)^12 ", pages[0].split("Recap", 1)[1])  # the last board's line
    assert re.search(r"(?m)^Boards$", pages[1])
    # hand records several to a page, each with its traveller (the tables' results)
    per_page = [len(re.findall(r"(?m)^Board \d+$", t)) for t in pages]
    assert sum(per_page) == 12
    board_pages = [k for k in per_page if k]
    assert len(board_pages) <= 6 and max(board_pages) >= 2, per_page
    assert all(t.count("Tricks") >= k for t, k in zip(pages, per_page))


@pytest.mark.parametrize("game", ["euchre", "ecarte", "bridge"])
def test_each_games_report_shows_its_standings_first_and_prints_within_the_page(tmp_path,
                                                                                game):
    """One session of each game that deals at every table (tests/host/game_sessions.py): its
    players' standings on the first screen, above the hands; printed on A4 and letter, no
    element runs out of the page or its box; a screenshot is taken."""
    import game_sessions as gs
    build = {"euchre": gs.build_euchre, "ecarte": gs.build_ecarte,
             "bridge": gs.build_bridge}[game]
    r = results.build(build(tmp_path / ("%s.sqlite" % game)))
    first = r["standings"]["players"][0]["player"]
    page_file = tmp_path / "report.html"
    page_file.write_text(results_html.html(r), encoding="utf-8")
    with sync_api.sync_playwright() as pw:
        browser = _browser(pw)
        try:
            page = browser.new_page(viewport={"width": 1000, "height": 900})
            page.goto(page_file.as_uri())
            cell = page.locator("section.recap td", has_text=first).first
            box = cell.bounding_box()
            assert cell.is_visible() and box["y"] + box["height"] <= 900
            hands = page.locator("section.board").first.bounding_box()
            assert hands["y"] > box["y"]  # the standings come before the hands
            page.screenshot(path=str(tmp_path / ("%s.png" % game)), full_page=True)
            assert (tmp_path / ("%s.png" % game)).stat().st_size > 10000
            page.close()
            for paper, mm in PAPERS.items():
                width = int((mm - 2 * PAGE_MARGIN_MM) * 96 / 25.4)
                page = browser.new_page(viewport={"width": width, "height": 1000})
                page.goto(page_file.as_uri())
                page.emulate_media(media="print")
                assert page.evaluate(OVERFLOWS, width) == [], (game, paper)
                page.close()
        finally:
            browser.close()
