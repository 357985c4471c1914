"""Displays: what the dealer is shown, on the fake and on a framebuf panel (both interpreters)."""

from testkit import skip
from shoe.display import SSD1306Display, TextDisplay
from sim.display import ConsoleDisplay, RecordingDisplay


class FakePanel:
    """Stands in for micropython-lib's SSD1306: records text() calls and show()."""

    def __init__(self, width=128, height=64):
        self.width = width
        self.height = height
        self.drawn = []
        self.shows = 0

    def fill(self, c):
        self.drawn = []

    def text(self, s, x, y, c=1):
        self.drawn.append((s, x, y))

    def show(self):
        self.shows += 1


def test_lines_are_cut_to_width_and_padded():
    d = TextDisplay(rows=3, cols=5)
    d.show(["abcdefgh", "xy"])
    assert d.lines == ["abcde", "xy", ""]
    d.line(2, "0123456")
    assert d.text() == "abcde\nxy\n01234"
    d.line(7, "ignored")  # off the screen: ignored, not raised
    d.clear()
    assert d.lines == ["", "", ""]


def test_recording_display_keeps_last_screens():
    d = RecordingDisplay(rows=2, cols=8, keep=3)
    for i in range(5):
        d.show(["deal %d" % i])
    assert len(d.screens) == 3
    assert d.screens[-1] == ("deal 4", "")
    assert d.shown("deal 2") and not d.shown("deal 1")


def test_ssd1306_draws_each_line_8_pixels_apart():
    panel = FakePanel()
    d = SSD1306Display(panel)
    assert d.rows == 8 and d.cols == 16
    d.show(["Board 3", "", "S 13/13"])
    assert panel.drawn == [("Board 3", 0, 0), ("S 13/13", 0, 16)]
    assert panel.shows == 1


def test_ssd1306_on_a_real_framebuf():
    try:
        import framebuf
    except ImportError:
        skip("CPython has no framebuf; the fake panel test covers the logic")

    class Panel(framebuf.FrameBuffer):
        def __init__(self):
            self.width, self.height = 128, 32
            self.buf = bytearray(128 * 32 // 8)
            super().__init__(self.buf, 128, 32, framebuf.MONO_VLSB)

        def show(self):
            pass

    p = Panel()
    d = SSD1306Display(p)
    assert d.rows == 4
    d.show(["X"])
    assert any(p.buf)
    d.clear()
    assert not any(p.buf)


class Sink:
    def __init__(self):
        self.text = ""

    def write(self, s):
        self.text += s


def test_console_display_prints_one_line_per_screen():
    out = Sink()
    d = ConsoleDisplay(rows=3, cols=10, prefix="> ", out=out)
    d.show(["Board 1", "", "N deals"])
    assert out.text == "> Board 1 | N deals\n"
