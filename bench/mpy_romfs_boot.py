"""MicroPython: run bench/mpy_session.py with every module executing in place from a ROMFS image.

    micropython -X heapsize=H bench/mpy_romfs_boot.py IMAGE DEALS [peak|plain] [MODULES]

On a board, frozen modules (or a ROMFS partition) run from flash: their bytecode is never
copied into the heap. The unix port has no flash, so the image is read into one buffer of its
exact size inside the measured heap and mounted with vfs.VfsRom; imports then execute the
.mpy in place, as on the board. The image takes heap here that a board does not spend (its
blocks and their bits of the collector's tables), so bench_romfs.py and the gate test add
bench_romfs.image_heap_bytes(size) to the heap they give: the rest is what a board running the
same code in place would need. Last line: mpy_session's JSON object.
"""

import os
import sys

import vfs

# (names the interpreter has already: this script's own are interned in the measured heap)
path = sys.argv[1]
buf = bytearray(os.stat(path)[6])  # exact size: no read buffer growing by doubling
with open(path, "rb") as f:
    f.readinto(buf)
vfs.mount(vfs.VfsRom(buf), "/rom")
sys.path[:] = ["/rom", ".frozen"]
sys.argv[:] = ["mpy_session"] + sys.argv[2:]
import mpy_session  # noqa: E402,F401 - runs the session and exits
