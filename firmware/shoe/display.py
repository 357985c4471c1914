"""What the dealer sees: a few lines of text, on an SSD1306 on the board or a fake in tests.

    d = RecordingDisplay(rows=4, cols=16)        # tests and the unix port
    d.show(("Board 3  N deals", "12/52  S", "", ""))
    d.lines           # ['Board 3  N deals', '12/52  S', '', '']
    d.screens[-1]     # the same, as a tuple; the last `keep` screens are kept

    oled = ssd1306.SSD1306_I2C(128, 64, i2c)    # built by board.py (micropython-lib ssd1306)
    d = SSD1306Display(oled)                      # 8 rows of 16 characters (8x8 font)

All displays share show(lines) / line(i, text) / clear(); text longer than the width is cut,
never wrapped, so a screen always shows the head of every line. Rendering allocates (strings,
framebuf calls), so the shoe never draws from the per-card hot path: the display task calls
the shoe's refresh() when something changed. RecordingDisplay, ConsoleDisplay and
SSD1306Display live in display_more.py (loaded on first use; `display.X` works as before), and
so do line(), clear() and text().
"""


class TextDisplay:
    """Base: keeps the lines; subclasses draw them in render()."""

    def __init__(self, rows=4, cols=16):
        self.rows = rows
        self.cols = cols
        self.lines = [""] * rows
        self.renders = 0

    def __getattr__(self, attr):
        # line, clear, text: display_more's, which the shoe never calls (it shows whole
        # screens), put on this class at the first look-up of one; plain methods after
        if attr in ("line", "clear", "text"):
            import shoe.display as display_more

            TextDisplay.line = display_more.line
            TextDisplay.clear = display_more.clear
            TextDisplay.text = display_more.text
            return getattr(self, attr)
        raise AttributeError(attr)

    def show(self, lines):
        """Replace the whole screen (missing lines are blank) and draw it."""
        for i in range(self.rows):
            self.lines[i] = lines[i][:self.cols] if i < len(lines) else ""
        self.render()

    def render(self):
        self.renders += 1


def __getattr__(name):
    # RecordingDisplay (tests), ConsoleDisplay (unix port, `make demo`), SSD1306Display (the
    # board's panel): in display_more.py, loaded on first use
    import shoe.display as display_more

    v = getattr(display_more, name)
    globals()[name] = v
    return v
