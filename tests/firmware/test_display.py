"""Displays: what the dealer is shown, as lines (both interpreters); the panel's pixels are
tests/firmware/test_display_panel.py (MicroPython only: framebuf is MicroPython's)."""

from shoe.display import MORE, TextDisplay, cut
from sim.display import ConsoleDisplay, RecordingDisplay


def test_lines_are_cut_at_a_word_with_a_mark_and_padded():
    d = TextDisplay(rows=3, cols=16)
    d.show(["trump differs from the slip", "xy"])
    assert d.lines == ["trump differs" + MORE, "xy", ""]
    d.line(2, "0123456789abcdefghij")  # one long word: cut, and marked as cut
    assert d.text() == "trump differs~\nxy\n0123456789abcde~"
    d.line(7, "ignored")  # off the screen: ignored, not raised
    d.clear()
    assert d.lines == ["", "", ""]


def test_a_line_is_never_cut_mid_word_without_the_mark():
    words = "the pack is incorrect new deal by the same dealer trump differs from slip".split()
    for i in range(len(words)):
        for j in range(i + 1, len(words) + 1):
            text = " ".join(words[i:j])
            out = cut(text)
            assert len(out) <= 16
            if out != text:
                assert out.endswith(MORE)
                head = out[:-1].rstrip()
                # the kept words are whole words of the text, or the cut one is marked
                assert text.startswith(head)


def test_recording_display_keeps_last_screens():
    d = RecordingDisplay(rows=2, cols=8, keep=3)
    for i in range(5):
        d.show(["deal %d" % i])
    assert len(d.screens) == 3
    assert d.screens[-1] == ("deal 4", "")
    assert d.shown("deal 2") and not d.shown("deal 1")


def test_recording_display_has_the_panels_rows():
    d = RecordingDisplay()
    assert d.rows == 8 and d.cols == 16


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
