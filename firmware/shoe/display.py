"""What the dealer sees: the 128x64 SSD1306 panel drawn through framebuf, or a fake in tests.

    oled = ssd1306.SSD1306_I2C(128, 64, i2c)    # built by board.py (micropython-lib ssd1306)
    d = SSD1306Display(oled)                      # 8 rows of 16 characters (8x8 font)
    d.show(lines)                                 # row 0 the header (inverted), rows 1-7 text
    d.seat_labels = ("N", "E", "S", "W")          # set with the dealing screen (shoe._show)
    d.deal_update(n, 52, card, seat, counts, 4)   # per card: allocates nothing

All displays share show(lines) / line(i, text) / clear(). A line longer than the width is cut
at a word boundary and ends in MORE ('~'), so the dealer knows there is more; it is never cut
mid-word without that mark (screens.wrap() breaks long text into rows first). Suit letters of
card names ('QH', 'read twice: 7S') are drawn as small suit bitmaps: the 8x8 font has no suit
symbols; so is a suit by itself, written as its SUIT_MARKS character (the terminal's trumps). Rendering a whole screen allocates (strings from shoe/screens.py), so the shoe draws
it only when the screen changes; while dealing, each card redraws only the progress and count
rows through deal_update(), which uses preallocated strings and glyphs and allocates nothing
(tests/firmware/test_display_panel.py proves it under micropython.heap_lock()). The recording
and console displays of tests and the unix port, and the panel that PNGs are made from, are in
sim/display.py.
"""

ROWS = 8  # a 128x64 panel in the 8x8 font: 8 rows ...
COLS = 16  # ... of 16 characters
MORE = "~"  # the last column of a line cut short: there is more
# Where the dealing screen puts its rows (shoe/screens.py deal_screen builds the same rows in
# words; deal_update redraws these two per card)
ROW_PROGRESS = 1  # '12/52 QH>N'
ROW_COUNTS = 3  # 'N3  E3  S3  W3': cards per seat

# Suit bitmaps (8x8, MONO_HLSB: a byte a row, the high bit leftmost), 8 bytes a suit in
# cards.SUIT_LETTERS order: clubs, diamonds, hearts, spades (cards.py: card // 13 is the suit)
SUIT_GLYPHS = (b"\x38\x38\xd6\xfe\xd6\x10\x38\x00"  # clubs: three leaves and a stem
               b"\x10\x38\x7c\xfe\x7c\x38\x10\x00"  # diamonds
               b"\x6c\xfe\xfe\xfe\x7c\x38\x10\x00"  # hearts
               b"\x10\x38\x7c\xfe\xfe\x10\x38\x00")  # spades: 8 bytes a suit
# A suit by itself (the trumps keyed at the terminal): one character, drawn as its glyph;
# clubs, diamonds, hearts, spades
SUIT_MARKS = ("\x01", "\x02", "\x03", "\x04")
# Digits and ranks, one string each: the per-card redraw draws numbers a digit at a time,
# without formatting, and must not allocate; _RANKS in cards.RANK_LETTERS' order. Tuples of
# literals: constants, in flash on the Pico with their one-character strings (built with
# tuple("0123456789") they were 144 B of heap there). On the unix port, which loads a .mpy's
# constants into its heap, each string of a tuple constant is an object (32 B).
_DIGITS = ("0", "1", "2", "3", "4", "5", "6", "7", "8", "9")
_RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A")


def cut(text, cols=COLS):
    """text as it fits in cols: unchanged when it fits, else cut at the last word boundary
    (a cut inside the last third of the line keeps the word's head) and ended with MORE."""
    if len(text) <= cols:
        return text
    head = text[:cols - 1]
    sp = head.rfind(" ")
    if sp >= cols // 2:
        head = head[:sp]
    return head + MORE


def _is_card(s, j, ranks, suits):
    """True when s[j] is the suit letter of a card name standing alone ('QH'; cards.py's
    RANK_LETTERS and SUIT_LETTERS)."""
    if s[j] not in suits or j == 0 or s[j - 1] not in ranks:
        return False
    if j >= 2 and s[j - 2].isalpha() or j >= 2 and s[j - 2].isdigit():
        return False
    return j + 1 >= len(s) or not (s[j + 1].isalpha() or s[j + 1].isdigit())


class TextDisplay:
    """Base: keeps the lines; subclasses draw them in render()."""

    fast = False  # True: deal_update() redraws a card without allocating (the panel)
    seat_labels = ()

    def __init__(self, rows=ROWS, cols=COLS):
        self.rows = rows
        self.cols = cols
        self.lines = [""] * rows
        self.renders = 0

    def show(self, lines):
        """Replace the whole screen (missing lines are blank) and draw it."""
        for i in range(self.rows):
            self.lines[i] = cut(lines[i], self.cols) if i < len(lines) else ""
        self.render()

    def render(self):
        self.renders += 1

    def line(self, i, text):
        """Replace line i (cut to the width); a line off the screen is ignored. Not drawn yet."""
        if 0 <= i < self.rows:
            self.lines[i] = cut(text, self.cols)

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
    8x8 pixels, so a 128x64 panel holds 8 rows of 16 characters. Row 0 is the header, drawn
    inverted (board, dealer, mode: shoe/screens.py).
    """

    fast = True

    def __init__(self, driver, rows=0, cols=0):
        self.driver = driver
        TextDisplay.__init__(self, rows or driver.height // 8, cols or driver.width // 8)
        try:
            import framebuf  # MicroPython's: on the board and the unix port
        except ImportError:  # CPython (a driver stand-in in tests): the glyphs pixel by pixel
            self.glyphs = None
            return
        self.glyphs = tuple([framebuf.FrameBuffer(bytearray(SUIT_GLYPHS[k:k + 8]), 8, 8,
                                                  framebuf.MONO_HLSB) for k in range(0, 32, 8)])

    def render(self):
        self.renders += 1
        d = self.driver
        d.fill(0)
        for i in range(self.rows):
            s = self.lines[i]
            if i == 0:  # the header: white band, black letters, on every screen
                d.fill_rect(0, 0, d.width, 8, 1)
                d.text(s, 0, 0, 0)
            elif s:
                d.text(s, 0, i * 8, 1)
                self._suits(s, i * 8)
        d.show()

    def _suits(self, s, y):
        from overplay_core.cards import RANK_LETTERS, SUIT_LETTERS  # (loaded with the shoe)

        for j in range(len(s)):
            c = s[j]
            if "\x01" <= c <= "\x04":  # SUIT_MARKS
                self._suit(ord(c) - 1, j * 8, y)
            elif _is_card(s, j, RANK_LETTERS, SUIT_LETTERS):
                self._suit(SUIT_LETTERS.index(c), j * 8, y)

    def _suit(self, suit, x, y):
        d = self.driver
        d.fill_rect(x, y, 8, 8, 0)
        if self.glyphs is None:
            for j in range(8):
                for i in range(8):
                    if (SUIT_GLYPHS[suit * 8 + j] >> (7 - i)) & 1:
                        d.pixel(x + i, y + j, 1)
            return
        d.blit(self.glyphs[suit], x, y, 0)  # key 0: only the glyph's set pixels are drawn

    def _num(self, v, col, y):
        """v (0..99) at column col of row y, as '%d' writes it; the next column."""
        d = self.driver
        if not 0 <= v < 100:
            d.text("??", col * 8, y, 1)
            return col + 2
        if v >= 10:
            d.text(_DIGITS[v // 10], col * 8, y, 1)
            col += 1
        d.text(_DIGITS[v % 10], col * 8, y, 1)
        return col + 1

    def deal_update(self, n, total, card, seat, counts, seats):
        """Redraw the progress row ('12/52 QH>N') and the counts row (ROW_PROGRESS,
        ROW_COUNTS) for the card just dealt, as screens.deal_screen words them; allocates
        nothing (the per-card path of a deal)."""
        d = self.driver
        y = ROW_PROGRESS * 8
        d.fill_rect(0, y, d.width, 8, 0)
        col = self._num(n, 0, y)
        d.text("/", col * 8, y, 1)
        col = self._num(total, col + 1, y)
        labels = self.seat_labels
        if card >= 0:
            col += 1
            if card < 52:
                d.text(_RANKS[card % 13], col * 8, y, 1)
                self._suit(card // 13, (col + 1) * 8, y)
            else:
                d.text("??", col * 8, y, 1)  # a tag that is no card of this pack
            col += 2
            d.text(">", col * 8, y, 1)
            if 0 <= seat < len(labels):
                d.text(labels[seat], (col + 1) * 8, y, 1)
        y = ROW_COUNTS * 8
        d.fill_rect(0, y, d.width, 8, 0)
        if seats and len(labels) >= seats:
            w = self.cols // seats
            for s in range(seats):
                k = len(labels[s])
                d.text(labels[s], s * w * 8, y, 1)
                self._num(counts[s], s * w + k + (1 if k > 1 else 0), y)  # 'N3', 'P0 3'
        d.show()
