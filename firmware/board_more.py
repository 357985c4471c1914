"""board.py's real-board half, loaded on first use through board's module __getattr__:
the JSON pin map, the bus construction, and the RAM LittleFS of `--flash ram`.

    import board
    b = board.build()               # imports this module (board.build is board_more.build)
"""

import json

import board

# Where a board definition may live: the repo (tests, unix port) or the board's flash.
BOARD_DIRS = ("hardware/boards", "/hardware/boards", "/lib/hardware/boards", "../hardware/boards")


def load_definition(name="pico_ref", path=None):
    """The board definition dict; OSError naming every place looked when there is none."""
    tried = [path] if path else [d + "/" + name + ".json" for d in BOARD_DIRS]
    for p in tried:
        try:
            with open(p) as f:
                return json.load(f)
        except OSError:
            pass
    raise OSError("no board definition %r (looked in %s): copy hardware/boards/%s.json to the"
                  " board" % (name, ", ".join(tried), name))


def _read_file(path):
    try:
        with open(path, "rb") as f:
            return f.read()
    except OSError:
        return None


def board_for(machine):
    """The definition for the module MicroPython names (sys.implementation._machine, e.g.
    'Raspberry Pi Pico W with RP2040'): a Pico W's GP23-25/29 belong to its radio chip."""
    return "pico_w" if "Pico W" in machine else "pico_ref"


def build(name=None, path=None):
    """Build the real board: SPI0 at 4 MHz for the MFRC522, I2C1 for the SSD1306, buttons."""
    import sys

    import machine
    from machine import Pin

    from display import SSD1306Display, TextDisplay
    from drivers.mfrc522 import MFRC522

    if name is None:
        name = board_for(getattr(sys.implementation, "_machine", ""))
    d = load_definition(name, path)
    r = d["reader"]
    # MFRC522 SPI is mode 0, MSB first; 4 MHz is the usual safe figure (the chip takes 10).
    spi = machine.SPI(r["spi"], baudrate=r["baudrate"], polarity=0, phase=0,
                      sck=Pin(r["sck"]), mosi=Pin(r["mosi"]), miso=Pin(r["miso"]))
    cs = Pin(r["cs"], Pin.OUT, value=1)
    rst = Pin(r["rst"], Pin.OUT, value=1)
    reader = MFRC522(spi, cs, rst)

    dd = d["display"]
    try:
        import ssd1306  # micropython-lib: frozen, or installed by mip (package.json deps)

        i2c = machine.I2C(dd["i2c"], sda=Pin(dd["sda"]), scl=Pin(dd["scl"]), freq=dd["freq"])
        display = SSD1306Display(ssd1306.SSD1306_I2C(dd["width"], dd["height"], i2c,
                                                     addr=dd["addr"]))
    except (ImportError, OSError):
        display = TextDisplay()  # no panel answering: the shoe still deals and records

    # The LED: a GPIO on a Pico (GP25), "LED" on a Pico W (its CYW43 drives it)
    led = Pin(d["led"], Pin.OUT, value=0) if "led" in d else None

    buttons = {}
    for bname in d.get("buttons", {}):
        buttons[bname] = Pin(d["buttons"][bname], Pin.IN, Pin.PULL_UP)

    # The enrolment the club PC wrote (link.Settings' key.bin): shoe id u32 LE, the record
    # key (32 bytes), then the club's tray-slip key (32, absent in an older enrolment). A
    # file of any other length is damaged: refused whole, never cut short to a key that
    # would sign records no one can check (the app shows it: faults.boot).
    key = slip_key = None
    data = board._read_file(d.get("key", "/key.bin"))
    if data and len(data) in (36, 68):
        shoe_id = data[0] | (data[1] << 8) | (data[2] << 16) | ((data[3] & 0x3F) << 24)
        key = bytes(data[4:36])
        slip_key = bytes(data[36:68]) if len(data) == 68 else None
    else:  # not enrolled (or the file is damaged): the low 30 bits of the chip's unique id
        uid = machine.unique_id()
        shoe_id = (uid[0] | (uid[1] << 8) | (uid[2] << 16) | ((uid[3] & 0x3F) << 24))
    return board.Board(name, reader, display, buttons, sys.stdin.buffer, sys.stdout.buffer,
                 "", key, shoe_id, None, d, slip_key, led=led)


class RAMBlockDev:
    """A RAM block device for vfs.VfsLfs2 (readblocks/writeblocks/ioctl), 512-byte blocks."""

    def __init__(self, blocks=128, size=512):
        self.size = size
        self.data = bytearray(blocks * size)

    def readblocks(self, n, buf, off=0):
        o = n * self.size + off
        for i in range(len(buf)):
            buf[i] = self.data[o + i]

    def writeblocks(self, n, buf, off=None):
        o = n * self.size + (off or 0)
        for i in range(len(buf)):
            self.data[o + i] = buf[i]

    def ioctl(self, op, arg):
        if op == 4:  # block count
            return len(self.data) // self.size
        if op == 5:  # block size
            return self.size
        if op == 6:  # erase: LittleFS erases before writing; RAM needs nothing
            return 0
        return None


_mounts = [0]


def ram_filesystem(blocks=128):
    """Mount a fresh LittleFS on RAM and return its folder (a host folder on CPython)."""
    try:
        import vfs
    except ImportError:  # CPython has no LittleFS: a temporary folder stands in
        return board.host_folder()
    bdev = RAMBlockDev(blocks)
    vfs.VfsLfs2.mkfs(bdev)
    _mounts[0] += 1
    root = "/simflash%d" % _mounts[0]
    vfs.mount(vfs.VfsLfs2(bdev), root)
    return root
