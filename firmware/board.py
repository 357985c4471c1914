"""The one module that imports `machine`: builds the shoe's hardware from a board definition.

    import board
    b = board.build()               # on the Pico: pins from hardware/boards/pico_ref.json
    b = board.simulated()           # unix port / CPython: simulated MFRC522 + RAM LittleFS
    b.reader.read_uid(uid_buf)      # every board has the same attributes, see Board

The pin map is data (hardware/boards/<name>.json), looked up in the folders of BOARD_DIRS, so
a new board is a new file. Everything else in the firmware gets built objects passed in.
"""

import json

from display import SSD1306Display, TextDisplay

# Where a board definition may live: the repo (tests, unix port) or the board's flash.
BOARD_DIRS = ("hardware/boards", "/hardware/boards", "/lib/hardware/boards", "../hardware/boards")

DEV_KEY = b"overplay-dev-key-not-for-play!!!"  # simulated shoes only; a real one: /key.bin


class Board:
    """What the app needs from the hardware; every attribute is an object, never a pin number.

    reader      MFRC522 driver (real chip, or the real driver over the simulated chip)
    display     a display.TextDisplay
    buttons     dict name -> object with value() (0 = pressed: pull-ups)
    stream_in, stream_out   byte streams for the sync link (USB CDC on the Pico)
    root        folder on flash where journal and decks live ('' = the flash root)
    key, shoe_id            club key (bytes or None when not provisioned) and this shoe's id
    slip_key, session_id    club tray-slip key (None: not given) and session id (0: none)
    sim         the simulated chip (None on a real board): scripted dealers move its tags
    """

    def __init__(self, name, reader, display, buttons=None, stream_in=None, stream_out=None,
                 root="", key=None, shoe_id=0, sim=None, definition=None, slip_key=None,
                 session_id=0):
        self.name = name
        self.reader = reader
        self.display = display
        self.buttons = buttons or {}
        self.stream_in = stream_in
        self.stream_out = stream_out
        self.root = root
        self.key = key
        self.shoe_id = shoe_id
        self.sim = sim
        self.definition = definition or {}
        self.slip_key = slip_key
        self.session_id = session_id

    def path(self, key, default):
        """A file's path on this board's flash: definition entry `key`, under root."""
        p = self.definition.get(key, default)
        if self.root:
            return self.root + "/" + p.lstrip("/")
        return p

    def pressed(self, name):
        b = self.buttons.get(name)
        return b is not None and b.value() == 0


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


def build(name="pico_ref", path=None):
    """Build the real board: SPI0 at 4 MHz for the MFRC522, I2C1 for the SSD1306, buttons."""
    import sys

    import machine
    from machine import Pin

    from drivers.mfrc522 import MFRC522

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
        import ssd1306  # micropython-lib, installed at flash time (firmware/package.json)

        i2c = machine.I2C(dd["i2c"], sda=Pin(dd["sda"]), scl=Pin(dd["scl"]), freq=dd["freq"])
        display = SSD1306Display(ssd1306.SSD1306_I2C(dd["width"], dd["height"], i2c,
                                                     addr=dd["addr"]))
    except (ImportError, OSError):
        display = TextDisplay()  # no panel answering: the shoe still deals and records

    buttons = {}
    for bname in d.get("buttons", {}):
        buttons[bname] = Pin(d["buttons"][bname], Pin.IN, Pin.PULL_UP)

    # The enrolment the club PC wrote (link.Settings' key.bin): shoe id u32 LE, the record
    # key (32 bytes), then the club's tray-slip key (32, absent in an older enrolment).
    key = slip_key = None
    data = _read_file(d.get("key", "/key.bin"))
    if data and len(data) > 4:
        shoe_id = data[0] | (data[1] << 8) | (data[2] << 16) | ((data[3] & 0x3F) << 24)
        key = bytes(data[4:36])
        slip_key = bytes(data[36:68]) if len(data) >= 68 else None
    else:  # not enrolled yet: the low 30 bits of the flash chip's unique id; no key
        uid = machine.unique_id()
        shoe_id = (uid[0] | (uid[1] << 8) | (uid[2] << 16) | ((uid[3] & 0x3F) << 24))
    return Board(name, reader, display, buttons, sys.stdin.buffer, sys.stdout.buffer,
                 "", key, shoe_id, None, d, slip_key)


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


def host_folder():
    """A fresh folder on the host's disk (unix port, CPython): flash that costs no heap."""
    import os

    try:
        import tempfile  # mpy-ok: CPython only

        return tempfile.mkdtemp(prefix="overplay-sim-")
    except ImportError:
        pass
    r = os.urandom(4)
    path = "/tmp/overplay-sim-%02x%02x%02x%02x" % (r[0], r[1], r[2], r[3])
    os.mkdir(path)
    return path


def ram_filesystem(blocks=128):
    """Mount a fresh LittleFS on RAM and return its folder (a host folder on CPython)."""
    try:
        import vfs
    except ImportError:  # CPython has no LittleFS: a temporary folder stands in
        return host_folder()
    bdev = RAMBlockDev(blocks)
    vfs.VfsLfs2.mkfs(bdev)
    _mounts[0] += 1
    root = "/simflash%d" % _mounts[0]
    vfs.mount(vfs.VfsLfs2(bdev), root)
    return root


def simulated(shoe_id=1, key=DEV_KEY, display=None, blocks=64, sim=None, root=None,
              flash="ram", slip_key=None, session_id=0):
    """A board for the unix port and tests: the real MFRC522 driver over the simulated chip,
    a RAM LittleFS (blocks x 512 bytes) for journal and decks, a recording display, no buttons.

    flash="host" puts the files in a fresh folder on the host's disk instead (no heap taken:
    what the memory benchmark wants); root= names a folder to reuse (a reboot). Each call
    makes its own filesystem, so two simulated shoes (two tables) never share one.
    slip_key, session_id: the club's tray-slip key and the session id (tray.Tray.on_board;
    no slip key: slips are signed with `key`).
    """
    from drivers.mfrc522 import MFRC522
    from drivers.sim_mfrc522 import SimMFRC522

    chip = sim or SimMFRC522()
    reader = MFRC522(chip, chip.cs, chip.rst)  # the chip is its own SPI bus
    if display is None:
        from display import RecordingDisplay

        display = RecordingDisplay()
    if root is None:
        root = ram_filesystem(blocks) if flash == "ram" else host_folder()
    d = {"journal": "journal", "decks": "decks"}
    return Board("simulated", reader, display, {}, None, None, root, key, shoe_id, chip, d,
                 slip_key, session_id)
