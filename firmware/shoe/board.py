"""The one module that imports `machine`: builds the shoe's hardware from a board definition.

    import shoe.board as board
    b = board.build()               # on the Pico: pins from hardware/boards/pico_ref.json
    b = board.simulated()           # unix port / CPython: simulated MFRC522 + RAM LittleFS
    b.reader.read_uid(uid_buf)      # every board has the same attributes, see Board

The pin map is data (hardware/boards/<name>.json), looked up in the folders of BOARD_DIRS, so
a new board is a new file. Everything else in the firmware gets built objects passed in.
"""

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
    led         the board's LED (an output pin; None: the board has none): light() drives it
    """

    def __init__(self, name, reader, display, buttons=None, stream_in=None, stream_out=None,
                 root="", key=None, shoe_id=0, sim=None, definition=None, slip_key=None,
                 session_id=0, led=None):
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
        self.led = led

    def path(self, key, default):
        """A file's path on this board's flash: definition entry `key`, under root."""
        p = self.definition.get(key, default)
        if self.root:
            return self.root + "/" + p.lstrip("/")
        return p

    def light(self, on):
        """The LED on (lit while the shoe's firmware runs) or off; nothing without one."""
        if self.led is not None:
            self.led.value(1 if on else 0)

    def pressed(self, name):
        b = self.buttons.get(name)
        return b is not None and b.value() == 0


def __getattr__(name):
    # build, load_definition, ram_filesystem, RAMBlockDev, BOARD_DIRS: in board_more.py,
    # loaded on first use (a simulated shoe never parses a pin map)
    import shoe.board as board_more

    v = getattr(board_more, name)
    globals()[name] = v
    return v


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


def remove_folder(path):
    """Delete a folder and everything in it (a simulated shoe's host flash when its session
    ends; benchmarks and tests clean theirs the same way). A missing folder is no error."""
    import os

    try:
        names = os.listdir(path)
    except OSError:
        return
    for n in names:
        p = path + "/" + n
        if os.stat(p)[0] & 0x4000:  # S_IFDIR
            remove_folder(p)
        else:
            os.remove(p)
    os.rmdir(path)


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
    from sim.mfrc522 import SimMFRC522

    chip = sim or SimMFRC522()
    reader = MFRC522(chip, chip.cs, chip.rst)  # the chip is its own SPI bus
    if display is None:
        from shoe.display import RecordingDisplay

        display = RecordingDisplay()
    if root is None:
        if flash == "ram":
            from shoe.board import ram_filesystem

            root = ram_filesystem(blocks)
        else:
            root = host_folder()
    d = {"journal": "journal", "decks": "decks"}
    return Board("simulated", reader, display, {}, None, None, root, key, shoe_id, chip, d,
                 slip_key, session_id)
