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


def _build(name, key_file=None):
    """board.build(name) on fake machine/ssd1306 modules (and a key.bin of key_file's bytes)."""
    saved = {k: sys.modules.get(k) for k in ("machine", "ssd1306")}
    sys.modules.update(_fake_modules())
    Pin.made = []
    SPI.made = []
    import shoe.board as board

    real = board._read_file
    if key_file is not None:
        board._read_file = lambda path: key_file if path == "/key.bin" else real(path)
    try:
        return board.build(name)
    finally:
        board._read_file = real
        for k, v in saved.items():
            if v is None:
                sys.modules.pop(k, None)
            else:
                sys.modules[k] = v


def test_build_uses_the_pico_reference_pin_map():
    b = _build("pico_ref")
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
    assert b.led is pins[25] and b.led.mode == Pin.OUT and b.led.v == 0  # the Pico's LED
    b.light(1)
    assert pins[25].v == 1


def test_pico_w_drives_its_led_by_name_not_gp25():
    b = _build("pico_w")
    names = [p.n for p in Pin.made]
    assert 25 not in names  # GP25 is the CYW43's chip select on a Pico W
    assert b.led.n == "LED" and b.led.mode == Pin.OUT


def test_main_lights_the_led_while_the_app_runs_and_darkens_it_when_it_stops():
    import shoe.app as app
    import shoe.board as board

    states = []

    class Led:
        def value(self, v):
            states.append(v)

    fake = board.Board("x", None, None, led=Led())
    real_build, real_run = board.build, app.run
    board.build = lambda *a, **k: fake
    app.run = lambda b: states.append("running")
    sys.modules.pop("main", None)
    try:
        import main

        main.boot()
    finally:
        board.build, app.run = real_build, real_run
        sys.modules.pop("main", None)
    assert states == [1, "running", 0]
    board.Board("y", None, None).light(1)  # a board without an LED: nothing happens


def test_main_does_nothing_when_imported():
    import shoe.board as board

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
    return _build("pico_ref", data)


def test_build_reads_the_record_key_and_the_club_slip_key_from_key_bin():
    rec, slip = b"\x01" * 32, b"\x02" * 32
    b = _build_with_key_file(b"\x05\x00\x00\x00" + rec + slip)  # `overplay enroll` now
    assert (b.shoe_id, b.key, b.slip_key) == (5, rec, slip)
    b = _build_with_key_file(b"\x06\x00\x00\x00" + rec)  # enrolled before the slip key
    assert (b.shoe_id, b.key, b.slip_key) == (6, rec, None)


def test_a_key_file_of_the_wrong_length_is_refused_not_cut_short():
    # a 10-byte key.bin once gave a 6-byte key, and the shoe signed with it, no warning
    for data in (b"\x05\x00\x00\x00abcdef", b"\x05\x00\x00\x00" + b"\x01" * 40, b"\x05"):
        b = _build_with_key_file(data)
        assert b.key is None and b.slip_key is None  # not enrolled: the app says so
        assert b.shoe_id == 0x11 | 0x22 << 8 | 0x33 << 16 | (0x44 & 0x3F) << 24
