"""Displays for tests and the unix port: a recording one (tests assert what the dealer was
shown), a console one (`make demo`, the desk shoe) and the SSD1306's own frame buffer
(MicroPython's framebuf: the unix port only), which tools/screens_png.py turns into PNGs.

    d = RecordingDisplay(rows=8, cols=16)
    d.show(("Board 3  N deals", "12/52  S", "", ""))
    d.lines           # ['Board 3  N deals', '12/52  S', '', '']
    d.screens[-1]     # the same, as a tuple; the last `keep` screens are kept
    d = ConsoleDisplay(prefix="> ")      # d.show(("line 1", "line 2")) prints a line
    d = panel_display()                  # shoe.display.SSD1306Display on a FramePanel
    d.driver.frames[-1]                  # the last 1024-byte frame the panel was sent
"""

from overplay_core.cards import SUIT_LETTERS
from shoe.display import ROWS, SUIT_MARKS, SSD1306Display, TextDisplay


class RecordingDisplay(TextDisplay):
    """Keeps the last `keep` screens as tuples: tests assert what the dealer was shown."""

    def __init__(self, rows=ROWS, cols=16, keep=8):
        TextDisplay.__init__(self, rows, cols)
        self.keep = keep
        self.screens = []

    def render(self):
        self.renders += 1
        if len(self.screens) >= self.keep:
            self.screens.pop(0)
        self.screens.append(tuple(self.lines))

    def shown(self, fragment):
        """True if any kept screen has a line containing fragment."""
        for s in self.screens:
            for line in s:
                if fragment in line:
                    return True
        return False


class ConsoleDisplay(TextDisplay):
    """Prints each screen on one line, ' | ' between rows (the unix port and `make demo`)."""

    def __init__(self, rows=ROWS, cols=21, prefix="shoe> ", out=None):
        TextDisplay.__init__(self, rows, cols)
        self.prefix = prefix
        self.out = out

    def render(self):
        self.renders += 1
        rows = [s for s in self.lines if s]
        text = self.prefix + " | ".join(rows)
        for k in range(4):  # a suit by itself (the terminal's trumps): its letter here
            text = text.replace(SUIT_MARKS[k], SUIT_LETTERS[k])
        if self.out is None:
            print(text)
        else:
            self.out.write(text + "\n")


def frame_panel(width=128, height=64, keep=0):
    """An SSD1306 as micropython-lib's driver is to the shoe: a framebuf.FrameBuffer over its
    MONO_VLSB buffer (a byte is 8 pixels of a column, the low bit on top: the chip's own
    layout), with width, height and show(). show() keeps a copy of each frame when `keep`
    (the last `keep`; 0 keeps none: the per-card test must not allocate)."""
    import framebuf  # MicroPython's (the unix port)

    class FramePanel(framebuf.FrameBuffer):
        def __init__(self):
            self.width = width
            self.height = height
            self.buffer = bytearray(width * height // 8)
            self.shows = 0
            self.frames = []
            super().__init__(self.buffer, width, height, framebuf.MONO_VLSB)

        def show(self):
            self.shows += 1
            if keep:
                if len(self.frames) >= keep:
                    self.frames.pop(0)
                self.frames.append(bytes(self.buffer))

        def pixel_at(self, x, y):
            return (self.buffer[(y >> 3) * width + x] >> (y & 7)) & 1

    return FramePanel()


def panel_display(keep=0):
    """The shoe's SSD1306Display over a frame_panel (unix port): what the board draws."""
    return SSD1306Display(frame_panel(keep=keep))
