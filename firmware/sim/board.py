"""The simulated board (unix port, CPython): the real MFRC522 driver over the simulated chip,
its flash in RAM or in a folder on the host's disk. Never on a shoe.

    import sim.board as simboard
    b = simboard.simulated()        # simulated MFRC522 + RAM LittleFS, a recording display
    b = simboard.simulated(flash="host")   # files in a fresh host folder (no heap taken)
    simboard.remove_folder(path)    # a simulated shoe's host flash when its session ends
"""

from shoe.board import Board


class QuietLine:
    """A serial line with nothing on it (the link's any/readinto/write): a board whose app
    builds its link but never hears a host."""

    def any(self):
        return 0

    def readinto(self, buf):
        return 0

    def write(self, data):
        return len(data)

DEV_KEY = b"overplay-dev-key-not-for-play!!!"  # simulated shoes only; a real one: /key.bin


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
        from sim.display import RecordingDisplay

        display = RecordingDisplay()
    if root is None:
        if flash == "ram":
                        root = ram_filesystem(blocks)
        else:
            root = host_folder()
    d = {"journal": "journal", "decks": "decks"}
    return Board("simulated", reader, display, {}, None, None, root, key, shoe_id, chip, d,
                 slip_key, session_id)


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
        return host_folder()
    bdev = RAMBlockDev(blocks)
    vfs.VfsLfs2.mkfs(bdev)
    _mounts[0] += 1
    root = "/simflash%d" % _mounts[0]
    vfs.mount(vfs.VfsLfs2(bdev), root)
    return root
