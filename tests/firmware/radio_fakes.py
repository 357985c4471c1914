"""Test helpers for the reader, deck and tray tests (both interpreters).

    pin = FakePin()                 # counts levels written, keeps the first 16; callable and .value()
    spi = DeadSPI()                 # a bus with no chip on it: MISO reads 0x00
    rec = RecordingSPI(sim)         # passes transfers on to the sim and keeps a copy of each
    root = flash_dir("decks")       # a writable directory: RAM LittleFS on MicroPython
    release(root)                   # unmount it again (MicroPython) / leave it (CPython)
    if heap_locked(fn): ...         # run fn under micropython.heap_lock(); False on CPython
"""

try:
    import micropython
except ImportError:  # CPython
    micropython = None


class FakePin:
    def __init__(self, v=1):
        self.v = v
        self.history = []
        self.writes = 0

    def value(self, v=None):
        if v is None:
            return self.v
        self.v = v
        self.writes += 1
        if len(self.history) < 16:
            self.history.append(v)  # the first levels written; later ones only counted
        return None

    def __call__(self, v=None):
        return self.value(v)


class DeadSPI:
    """No chip on the bus: every byte read is 0x00."""

    def __init__(self):
        self.transfers = 0

    def write(self, buf):
        self.transfers += 1

    def write_readinto(self, out, into):
        self.transfers += 1
        for i in range(len(into)):
            into[i] = 0


class RecordingSPI:
    def __init__(self, target):
        self.target = target
        self.log = []  # (bytes out, bytes in or None)

    def write(self, buf):
        self.target.write(buf)
        self.log.append((bytes(buf), None))

    def write_readinto(self, out, into):
        sent = bytes(out)  # before the transfer: `into` may be `out` (an in-place read)
        self.target.write_readinto(out, into)
        self.log.append((sent, bytes(into)))


class RamBlockDevice:
    """The smallest block device LittleFS mounts on (MicroPython block device protocol)."""

    def __init__(self, block_size=256, blocks=32):
        self.block_size = block_size
        self.data = bytearray(block_size * blocks)
        self.blocks = blocks

    def readblocks(self, block, buf, offset=0):
        a = block * self.block_size + offset
        for i in range(len(buf)):
            buf[i] = self.data[a + i]

    def writeblocks(self, block, buf, offset=None):
        if offset is None:
            for i in range(self.block_size):  # the simple interface: erase first
                self.data[block * self.block_size + i] = 0xFF
            offset = 0
        a = block * self.block_size + offset
        for i in range(len(buf)):
            self.data[a + i] = buf[i]

    def ioctl(self, op, arg):
        if op == 4:
            return self.blocks
        if op == 5:
            return self.block_size
        if op == 6:
            a = arg * self.block_size
            for i in range(self.block_size):
                self.data[a + i] = 0xFF
            return 0
        return 0


_count = [0]


def flash_dir(name):
    """A writable directory for a test: a fresh RAM LittleFS on MicroPython, a temp dir on
    CPython."""
    _count[0] += 1
    try:
        import vfs
    except ImportError:
        vfs = None
    if vfs is not None and hasattr(vfs, "VfsLfs2"):
        bdev = RamBlockDevice()
        vfs.VfsLfs2.mkfs(bdev)
        root = "/radio_%s_%d" % (name, _count[0])
        vfs.mount(vfs.VfsLfs2(bdev), root)
        return root
    import tempfile

    return tempfile.mkdtemp(prefix="radio_%s_" % name)


def release(root):
    try:
        import vfs
    except ImportError:
        return
    if root.startswith("/radio_"):
        vfs.umount(root)


def heap_locked(fn):
    """Run fn() with the heap locked (MicroPython): any allocation raises MemoryError.
    Returns fn's result wrapped in a 1-tuple, or None on CPython (fn is still run).

    Mind: calling a closure over more than 5 variables allocates (MicroPython copies them
    into an argument array): pass objects as default arguments instead."""
    if micropython is None:
        fn()
        return None
    micropython.heap_lock()
    try:
        r = fn()
    finally:
        micropython.heap_unlock()
    return (r,)
