import sim.board as SB

"""A RAM flash chip for LittleFS tests: counts erases per block and cuts the power on cue.

    dev = RamBlockDevice(block_size=512, blocks=64)   # the Pico's is 4096 x 352 (1408 KB)
    fs = dev.format_and_mount("/flash")               # vfs.VfsLfs2 on it, mounted (MicroPython)
    dev.cut_after = 17          # the 17th flash operation from now on is torn and then ...
    ...                         # ... the power is off: every later write or erase is lost
    if dev.cut: dev2 = dev.revive(); dev2.mount("/flash")   # next boot, same flash contents
    dev.erases[b], dev.erase_total, dev.writes        # wear counters

A flash operation is one program (writeblocks) or one erase (ioctl 6). When the power is cut
the operation in progress is torn: half of it lands, the rest of the flash keeps its old
bytes (a W25Q16 page program or sector erase interrupted part way; hardware-facts §3), and
the device reports EIO to LittleFS so no Python exception unwinds through its C code. A cut
device never changes again, so a file finaliser of the dead mount cannot write behind the
next boot's back: revive() gives a fresh device over the same bytes.

measure_wear(deals) runs a session of `deals` 52-card deals through the journal on a 1408 KB,
4 KB-sector LittleFS and returns the erase counts (bench: flash_erases_per_block_per_session).
It needs about 1.5 MB of heap:  micropython -X heapsize=4m tests/firmware/blockdev.py wear 300
"""


try:
    import vfs
except ImportError:  # CPython: no LittleFS; the class still counts and cuts
    vfs = None

_EIO = -5
_ERASED = 0xFF


class RamBlockDevice:
    """MicroPython block device protocol with the extended (offset) interface LittleFS uses."""

    def __init__(self, block_size=4096, blocks=352, data=None):
        self.block_size = block_size
        self.blocks = blocks
        self._blank = memoryview(bytes([_ERASED]) * block_size)
        if data is None:
            data = bytearray(block_size * blocks)
            for b in range(blocks):
                data[b * block_size:(b + 1) * block_size] = self._blank
        self.data = data
        self.writes = 0  # program operations
        self.erases = [0] * blocks  # erase operations per block (wear)
        self.ops = 0  # writes + erases: the power-cut clock
        self.cut_after = 0  # 0: never; k: the k-th operation from now is torn
        self.cut = False
        self.torn = True  # the cut operation half lands (False: none of it does)
        self.mounted_at = None

    @property
    def erase_total(self):
        return sum(self.erases)

    def _power(self, addr, length, buf):
        """Apply one flash operation; False when the power is (or goes) out."""
        if self.cut:
            return False
        self.ops += 1
        if self.cut_after and self.ops >= self.cut_after:
            self.cut = True
            length = length // 2 if self.torn else 0  # torn: the first half lands
        if buf is None:
            self.data[addr:addr + length] = self._blank[:length]
        else:
            self.data[addr:addr + length] = buf[:length]
        return not self.cut

    def readblocks(self, block, buf, offset=0):
        a = block * self.block_size + offset
        buf[:] = self.data[a:a + len(buf)]

    def writeblocks(self, block, buf, offset=None):
        if offset is None:  # the simple interface: whole blocks, erase first
            for i in range(len(buf) // self.block_size):
                if self.ioctl(6, block + i):
                    return _EIO
            offset = 0
        self.writes += 1
        if not self._power(block * self.block_size + offset, len(buf), buf):
            return _EIO
        return 0

    def ioctl(self, op, arg):
        if op == 4:  # block count
            return self.blocks
        if op == 5:  # block size
            return self.block_size
        if op == 6:  # erase
            self.erases[arg] += 1
            if not self._power(arg * self.block_size, self.block_size, None):
                return _EIO
            return 0
        return 0  # init, deinit, sync

    def reset_counters(self):
        self.writes = 0
        self.ops = 0
        for i in range(self.blocks):
            self.erases[i] = 0

    def revive(self):
        """The same flash after the power comes back: a new, live device over these bytes."""
        self.unmount()
        return RamBlockDevice(self.block_size, self.blocks, self.data)

    def format_and_mount(self, where):
        vfs.VfsLfs2.mkfs(self)
        return self.mount(where)

    def mount(self, where):
        fs = vfs.VfsLfs2(self)
        vfs.mount(fs, where)
        self.mounted_at = where
        return fs

    def unmount(self):
        if self.mounted_at is not None:
            try:
                vfs.umount(self.mounted_at)
            except OSError:
                pass
            self.mounted_at = None


def rmtree(path):
    """Remove a directory and everything under it (tests clean their tmp dirs)."""

    SB.remove_folder(path)


def measure_wear(deals=300, block_size=4096, blocks=352, commit_every=1):
    """Erases on a Pico-sized LittleFS over a session of `deals` 52-card deals.

    One DEAL record per deal, committed every `commit_every` deals (1: the worst case, every
    deal durable at once), with a sync mark and reclaim every 50 deals as the link would.
    Returns a dict: erases_per_block (mean over the blocks), max_erases_block, erase_total,
    writes, journal_bytes_per_deal.
    """
    from shoe.journal import Journal
    from overplay_core import records
    dev = RamBlockDevice(block_size, blocks)
    dev.format_and_mount("/wear")
    dev.reset_counters()  # the formatting is not part of a session
    j = Journal("/wear/journal")
    key = b"wear measurement key"
    buf = bytearray(records.MAX_RECORD)
    hp = bytearray(13)
    n = records.encode_session(buf, j.next_seq, j.boot, 0, 1, (0, 1, 0), 1, 1, 0, 1, 1, 1,
                               deals, 0)
    j.append(buf, records.sign(buf, n, key, 1, j.journal_id))
    j.commit()
    used0 = j.committed_bytes
    for d in range(deals):
        for k in range(13):
            hp[k] = (d + k) & 0xFF
        n = records.encode_deal(buf, j.next_seq, j.boot, d * 1000, d + 1, 1, 1, 0, d & 3,
                                0, d % 52, 1, (), 0, hp, 13)
        j.append(buf, records.sign(buf, n, key, 1, j.journal_id))
        if (d + 1) % commit_every == 0:
            j.commit()
        if (d + 1) % 50 == 0:
            j.mark_synced(j.committed_seq)
            j.reclaim()
    j.commit()
    per_deal = (j.committed_bytes - used0) // deals
    j.close()
    dev.unmount()
    return {"erases_per_block": dev.erase_total / blocks,
            "max_erases_block": max(dev.erases),
            "erase_total": dev.erase_total, "writes": dev.writes,
            "journal_bytes_per_deal": per_deal}


if __name__ == "__main__":
    import sys
    _here = __file__.rsplit("/", 1)[0] if "/" in __file__ else "."
    sys.path.append(_here + "/../../shared")  # run as a script from anywhere
    sys.path.append(_here + "/../../firmware")
    if len(sys.argv) > 1 and sys.argv[1] == "wear":
        import json
        deals = int(sys.argv[2]) if len(sys.argv) > 2 else 300
        every = int(sys.argv[3]) if len(sys.argv) > 3 else 1
        print(json.dumps(measure_wear(deals, commit_every=every)))
