"""display.py's drawing classes, loaded on first use through display's module __getattr__
(`from display import SSD1306Display` works as before): a shoe holds only the one it draws on.
Also TextDisplay's line(), clear() and text(), put on TextDisplay at the first look-up of one
(TextDisplay.__getattr__): the shoe only ever shows whole screens.

    from shoe.display import ConsoleDisplay
    d = ConsoleDisplay(prefix="> ")      # d.show(("line 1", "line 2")) prints a line
"""

from shoe.display import TextDisplay


def line(self, i, text):
    """Replace line i (cut to the width); a line off the screen is ignored. Not drawn yet."""
    if 0 <= i < self.rows:
        self.lines[i] = text[:self.cols]


def clear(self):
    for i in range(self.rows):
        self.lines[i] = ""
    self.render()


def text(self):
    """The screen as one string, lines joined by newlines (for logs and asserts)."""
    return "\n".join(self.lines)


class RecordingDisplay(TextDisplay):
    """Keeps the last `keep` screens as tuples: tests assert what the dealer was shown."""

    def __init__(self, rows=4, cols=16, keep=8):
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

    def __init__(self, rows=4, cols=21, prefix="shoe> ", out=None):
        TextDisplay.__init__(self, rows, cols)
        self.prefix = prefix
        self.out = out

    def render(self):
        self.renders += 1
        rows = [s for s in self.lines if s]
        text = self.prefix + " | ".join(rows)
        if self.out is None:
            print(text)
        else:
            self.out.write(text + "\n")


class SSD1306Display(TextDisplay):
    """Draws on an already-built framebuf display driver (ssd1306.SSD1306_I2C/_SPI).

    The driver is a framebuf.FrameBuffer with width, height and show(); the built-in font is
    8x8 pixels, so a 128x64 panel holds 8 rows of 16 characters.
    """

    def __init__(self, driver, rows=0, cols=0):
        self.driver = driver
        TextDisplay.__init__(self, rows or driver.height // 8, cols or driver.width // 8)

    def render(self):
        self.renders += 1
        d = self.driver
        d.fill(0)
        for i in range(self.rows):
            if self.lines[i]:
                d.text(self.lines[i], 0, i * 8, 1)
        d.show()
