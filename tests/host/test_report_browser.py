"""The director's HTML report in a real browser: Debian's chromium, headless, driven by
Playwright. The standings are visible on the first screen, the Ruling column stays in its
table, and the printed report has the recap page and the boards after it. docs/report.png (in
the README) is this page's screenshot.

Skipped where chromium (`apt-get install -y chromium`) or Playwright is not installed."""

import re
import shutil

import pytest

from overplay import results
from overplay.results import html as results_html
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
