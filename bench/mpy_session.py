"""MicroPython: a whole session of the shoe app (firmware/sim/session.py), for its heap figures.

    MICROPYPATH=<mpy dir>:bench micropython -X heapsize=H -m mpy_session DEALS \
        [peak|plain] [MODULE ...]

Run from precompiled .mpy, this file too (bench_session.py builds them; `micropython
bench/mpy_session.py` works as well, compiling this file in the heap it measures). sim.session measures the heap after
its imports (the code: on a board it is frozen in flash) and after building the simulated
world (chip and tags: absent on a board). `peak` replaces session_sim's sampler, which the
dealer task calls at every step of every deal (about 160 a deal), with one that collects
first, so each sample is live data, not garbage waiting for a collection (whose amount
depends only on the heap size). `plain` runs the session as it is: bisection of -X heapsize
uses it (the session must complete, every deal verified).

Modules the app loads lazily (shoe.screens' words at the first screen, ...) are imported
before sim.session, so their code counts as code, not data: those named in the third argument (bench_session.py finds them with a short first run: any module loaded
after the imports is listed in `late_modules`). Last line: a JSON object.
"""

import gc
import sys


def main(argv):
    """Run the session; its state is local here, not module globals: a global's name is
    interned in the measured heap (docs/firmware.md "Memory": the names), a local's is not."""
    deals = int(argv[0]) if argv else 200
    mode = argv[1] if len(argv) > 1 else "peak"
    # Module names come one to an argument (or comma-separated): the unix port stops with
    # "FATAL: uncaught NLR" when one argument is 256 characters or more.
    for arg in argv[2:]:
        for name in arg.split(","):
            if name:
                __import__(name)  # loaded on first use by the shoe: code, not session data
    gc.collect()
    import sim.board as SB
    import sim.session as session_sim

    modules = set(sys.modules)
    folders = []
    host_folder = SB.host_folder

    def tracked_folder():
        f = host_folder()
        folders.append(f)
        return f

    SB.host_folder = tracked_folder  # so the session's flash folder is removed afterwards

    def live_sample(stats):
        gc.collect()
        m = gc.mem_alloc()
        if m > stats.peak:
            stats.peak = m

    def task_died(loop, context):
        # A task that raises (MemoryError in a small heap) ends, and the app's other tasks
        # would run on for ever without the dealer: a session that cannot finish ends the
        # process.
        print("session task failed:", context.get("exception"))
        sys.exit(3)

    if mode == "peak":
        session_sim.Stats.sample = live_sample
    import asyncio

    asyncio.get_event_loop().set_exception_handler(task_died)
    try:
        r = session_sim.session(deals)
    finally:
        for f in folders:
            SB.remove_folder(f)
    r["mode"] = mode
    r["late_modules"] = sorted(m for m in sys.modules if m not in modules)
    r["from_mpy"] = getattr(sys.modules.get("shoe"), "__file__", "").endswith(".mpy")
    if mode == "peak":
        # "qstr pool: n_pool=P, n_qstr=N, ...": the names interned by the whole session (read
        # by bench_romfs.py; printed only in the figures run, so a gate run is unchanged)
        import micropython

        micropython.qstr_info()
    import json

    print(json.dumps(r))
    return 0 if r["errors"] == 0 and r["deals"] == deals else 1


sys.exit(main(sys.argv[1:]))
