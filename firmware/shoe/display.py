"""What the dealer sees: a few lines of text, on an SSD1306 on the board or a fake in tests.

    oled = ssd1306.SSD1306_I2C(128, 64, i2c)    # built by board.py (micropython-lib ssd1306)
    d = SSD1306Display(oled)                      # 8 rows of 16 characters (8x8 font)

All displays share show(lines) / line(i, text) / clear(); text longer than the width is cut,
never wrapped, so a screen always shows the head of every line. Rendering allocates (strings,
framebuf calls), so the shoe never draws from the per-card hot path: the display task calls
the shoe's refresh() when something changed. The recording and console displays of tests and
the unix port are in sim/display.py.
"""


class TextDisplay:
    """Base: keeps the lines; subclasses draw them in render()."""

    def __init__(self, rows=4, cols=16):
        self.rows = rows
        self.cols = cols
        self.lines = [""] * rows
        self.renders = 0

    def show(self, lines):
        """Replace the whole screen (missing lines are blank) and draw it."""
        for i in range(self.rows):
            self.lines[i] = lines[i][:self.cols] if i < len(lines) else ""
        self.render()

    def render(self):
        self.renders += 1

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
