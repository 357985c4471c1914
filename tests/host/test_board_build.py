"""board.build() on a fake `machine` (CPython): the buses and pins the Pico reference build gets.

The real `machine` exists only on the board; these fakes record what board.py asks for, so
the pin map in hardware/boards/pico_ref.json is what reaches the hardware calls.
"""

import sys
import types


class Pin:
    OUT = 1
    IN = 0
    PULL_UP = 2
    made = []

    def __init__(self, n, mode=None, pull=None, value=None):
        self.n = n
        self.mode = mode
        self.pull = pull
        self.v = value if value is not None else 1
        Pin.made.append(self)

    def value(self, v=None):
        if v is None:
            return self.v
        self.v = v

    def __call__(self, v=None):
        return self.value(v)


class SPI:
    made = []

    def __init__(self, bus, baudrate, polarity, phase, sck, mosi, miso):
        self.args = (bus, baudrate, polarity, phase, sck.n, mosi.n, miso.n)
        SPI.made.append(self)

    def write(self, buf):
        pass

    def write_readinto(self, out, into):
        for i in range(len(into)):
            into[i] = 0

    def readinto(self, into, write=0):
        for i in range(len(into)):
            into[i] = 0


class I2C:
    def __init__(self, bus, sda, scl, freq):
        self.args = (bus, sda.n, scl.n, freq)


class Panel:
    def __init__(self, w, h, i2c, addr=0x3C):
        self.width, self.height, self.i2c, self.addr = w, h, i2c, addr
        self.texts = []

    def fill(self, c):
        self.texts = []

    def text(self, s, x, y, c=1):
        self.texts.append(s)

    def show(self):
        pass


def _fake_modules():
    m = types.ModuleType("machine")
    m.Pin, m.SPI, m.I2C = Pin, SPI, I2C
    m.unique_id = lambda: b"\x11\x22\x33\x44\x55\x66\x77\x88"
    s = types.ModuleType("ssd1306")
    s.SSD1306_I2C = Panel
    return {"machine": m, "ssd1306": s}


def test_build_uses_the_pico_reference_pin_map():
    saved = {k: sys.modules.get(k) for k in ("machine", "ssd1306")}
    sys.modules.update(_fake_modules())
    Pin.made = []
    SPI.made = []
    try:
        import board

        b = board.build("pico_ref")
    finally:
        for k, v in saved.items():
            if v is None:
                sys.modules.pop(k, None)
            else:
                sys.modules[k] = v
    # SPI0 at 4 MHz, mode 0, SCK GP18, MOSI GP19, MISO GP16
    assert [x.args for x in SPI.made] == [(0, 4000000, 0, 0, 18, 19, 16)]
    pins = {p.n: p for p in Pin.made}
    assert pins[17].mode == Pin.OUT and pins[20].mode == Pin.OUT  # CS, RST
    panel = b.display.driver
    assert panel.i2c.args == (1, 14, 15, 400000) and panel.addr == 0x3C
    assert b.display.rows == 8 and b.display.cols == 16
    assert set(b.buttons) == {"deal", "next", "mode"}
    assert all(pins[n].pull == Pin.PULL_UP for n in (21, 22, 26))
    assert b.key is None  # not enrolled: no /key.bin
    assert b.shoe_id == 0x11 | 0x22 << 8 | 0x33 << 16 | (0x44 & 0x3F) << 24
    assert b.sim is None and b.root == ""
    assert b.path("journal", "journal") == "/journal.d"


def test_main_does_nothing_when_imported():
    import board

    def no_board(*a, **k):
        raise AssertionError("importing main built the board")

    real = board.build
    board.build = no_board
    sys.modules.pop("main", None)
    try:
        import main

        assert callable(main.boot)
    finally:
        board.build = real
        sys.modules.pop("main", None)


def _build_with_key_file(data):
    saved = {k: sys.modules.get(k) for k in ("machine", "ssd1306")}
    sys.modules.update(_fake_modules())
    import board

    real = board._read_file
    board._read_file = lambda path: data if path == "/key.bin" else real(path)
    try:
        return board.build("pico_ref")
    finally:
        board._read_file = real
        for k, v in saved.items():
            if v is None:
                sys.modules.pop(k, None)
            else:
                sys.modules[k] = v


def test_build_reads_the_record_key_and_the_club_slip_key_from_key_bin():
    rec, slip = b"\x01" * 32, b"\x02" * 32
    b = _build_with_key_file(b"\x05\x00\x00\x00" + rec + slip)  # `overplay enroll` now
    assert (b.shoe_id, b.key, b.slip_key) == (5, rec, slip)
    b = _build_with_key_file(b"\x06\x00\x00\x00" + rec)  # enrolled before the slip key
    assert (b.shoe_id, b.key, b.slip_key) == (6, rec, None)
