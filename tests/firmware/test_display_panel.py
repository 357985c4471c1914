"""The panel as the board draws it: shoe.display.SSD1306Display into a real framebuf.FrameBuffer
of the SSD1306's 128x64 MONO_VLSB layout (sim.display.frame_panel). framebuf is MicroPython's,
so these run under the MicroPython unix port only (make test-mpy) and skip on CPython; the
words on each screen are checked on both (test_display.py, test_screens_session.py)."""

from chip_table import DECK, KEY, SID, Journal, card_tag, uid7  # noqa: I001
from drivers.mfrc522 import COLLISION, MFRC522
from overplay_core import games
from overplay_core.tally import Tally
from shoe.display import COLS, ROW_COUNTS, ROW_PROGRESS, SUIT_GLYPHS
import shoe.dealing as S
from sim.mfrc522 import SimMFRC522
from testkit import skip

try:
    import framebuf  # noqa: F401
    import micropython
except ImportError:
    framebuf = None


def _need_framebuf():
    if framebuf is None:
        skip("framebuf is MicroPython's: the panel tests run under the unix port (make test)")


def _panel(keep=0):
    from sim.display import panel_display

    return panel_display(keep)


def _lit(p, x0, y0, w, h):
    n = 0
    for y in range(y0, y0 + h):
        for x in range(x0, x0 + w):
            n += p.pixel_at(x, y)
    return n


def _shoe(display, game=games.DUPLICATE_WHIST):
    sim = SimMFRC522()
    reader = MFRC522(sim, sim.cs, sim.rst)
    p = games.profile(game)
    return sim, S.Shoe(p, Tally(p), DECK, reader, Journal(), KEY, SID, display,
                       collision_code=COLLISION)


def test_the_header_is_an_inverted_band_on_row_0():
    _need_framebuf()
    d = _panel()
    d.show(["B3 dlr E    deal", "12/52", "", "N3  E3  S3  W3"])
    p = d.driver
    band = _lit(p, 0, 0, 128, 8)
    assert band > 128 * 8 * 2 // 3  # mostly lit: letters cut out of a white band
    assert _lit(p, 0, 16, 128, 8) == 0  # row 2 is blank
    assert _lit(p, 0, 8, 128, 8) > 0
    assert p.shows == 1


def test_a_suit_letter_of_a_card_is_drawn_as_its_bitmap():
    _need_framebuf()
    d = _panel()
    d.show(["", "read twice: QH", "HS AS"])  # 'HS' is no card: only 'AS' gets a spade
    p = d.driver
    for y in range(8):  # the glyph of hearts at column 13 of row 1
        row = SUIT_GLYPHS[16 + y]
        for x in range(8):
            assert p.pixel_at(13 * 8 + x, 8 + y) == (row >> (7 - x)) & 1
    for y in range(8):  # spades at column 4 of row 2; the H of 'HS' is a letter
        for x in range(8):
            assert p.pixel_at(4 * 8 + x, 16 + y) == (SUIT_GLYPHS[24 + y] >> (7 - x)) & 1
    h = [p.pixel_at(x, 16 + y) for y in range(8) for x in range(8)]
    assert h != [(SUIT_GLYPHS[16 + y] >> (7 - x)) & 1 for y in range(8) for x in range(8)]


def test_a_suit_by_itself_is_drawn_as_its_bitmap():
    _need_framebuf()
    from shoe.display import SUIT_MARKS

    d = _panel()
    d.show(["", "> " + SUIT_MARKS[1] + " diamonds", "E " + SUIT_MARKS[3] + " doubled"])
    p = d.driver
    for y in range(8):  # diamonds at column 2 of row 1, spades at column 2 of row 2
        for x in range(8):
            assert p.pixel_at(2 * 8 + x, 8 + y) == (SUIT_GLYPHS[8 + y] >> (7 - x)) & 1
            assert p.pixel_at(2 * 8 + x, 16 + y) == (SUIT_GLYPHS[24 + y] >> (7 - x)) & 1
    assert _lit(p, 4 * 8, 8, 8 * 8, 8) > 0  # the word after it is drawn as text


def test_nothing_is_drawn_beyond_the_panels_edge():
    _need_framebuf()
    d = _panel()
    d.show(["B123 dlr W  check and more", "x" * 40, "w " * 20])
    for s in d.lines:
        assert len(s) <= COLS
    assert d.lines[1].endswith("~")  # a long word cut: marked
    p = d.driver
    assert _lit(p, 120, 8, 8, 8) > 0  # the 16th column is on the panel


def _over_the_reader(sim, sh, tag):
    """One card through the field: read, dealt to its seat, the panel redrawn."""
    sim.enter(tag)
    sh.poll()
    sim.leave(tag)
    sh.poll()
    sh.service()
    sh.refresh()


def test_per_card_redraw_allocates_nothing_and_draws_what_the_full_screen_draws():
    _need_framebuf()
    d = _panel()
    sim, sh = _shoe(d)
    pack = sh.profile.pack
    tags = [card_tag(uid7(1, c)) for c in pack[:13]]
    sh.start_deal(board=7, dealer=2)
    assert d.lines[0].startswith("B7 dlr S")  # the board and the dealer's seat
    shows = d.driver.shows
    micropython.heap_lock()
    try:
        for t in tags:  # read -> card -> seat -> the panel's two rows redrawn
            _over_the_reader(sim, sh, t)
    finally:
        micropython.heap_unlock()
    assert sh.tally.n == 13
    assert d.driver.shows == shows + 13  # one frame a card
    fast = bytes(d.driver.buffer)
    sh.changed = True
    sh._show()  # the whole screen, drawn the slow way for the same state
    assert bytes(d.driver.buffer) == fast
    assert d.lines[ROW_PROGRESS].startswith("13/52 ")
    assert d.lines[ROW_COUNTS] == "N3  E3  S3  W4"  # dealer South: West gets the first card


def test_two_seat_counts_are_drawn_alike_fast_and_slow():
    _need_framebuf()
    d = _panel()
    sim, sh = _shoe(d, games.ECARTE)
    sh.start_deal(board=2, dealer=1)
    for c in sh.profile.pack[:5]:
        _over_the_reader(sim, sh, card_tag(uid7(1, c)))
    fast = bytes(d.driver.buffer)
    sh.changed = True
    sh._show()
    assert bytes(d.driver.buffer) == fast
    assert d.lines[0].startswith("B2 dlr P1")
