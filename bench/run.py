"""`make bench`: every figure of the benchmark suite, each against a reference measured in the
same run, written to bench/results.json (one object: metric name -> number) and printed as a
table with its reference and target.

    .venv/bin/python bench/run.py [--only NAME] [--quick]

Absolute times are not stable on these machines, so each speed figure is a ratio to something
measured beside it (an empty loop, a bare executemany, the line rate). The benchmarks live in
bench/bench_*.py; each defines `run(ctx) -> {metric: value}`; MicroPython ones run the
interpreter as a subprocess (ctx.micropython(script, args)).
"""

import argparse
import datetime
import importlib
import json
import os
import platform
import subprocess
import sys
import time
import traceback

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BENCH = os.path.join(ROOT, "bench")
sys.path[:0] = [BENCH, os.path.join(ROOT, "shared"), os.path.join(ROOT, "host"),
                os.path.join(ROOT, "firmware")]

# metric -> (comparison, target, unit, what it is compared with)
TARGETS = {
    "card_loop_equivalents": ("<=", 300, "empty-loop iterations", "empty loop, same run"),
    "card_heap_bytes": ("<=", 0, "bytes/card", "gc.mem_alloc() delta over 10,000 cards"),
    "session_data_heap_peak_bytes": ("<=", 32768, "bytes", "heap after imports, same run"),
    "min_heapsize_bytes": ("<=", 131072, "bytes", "bisection of -X heapsize"),
    "code_mpy_bytes": (None, None, "bytes", "mpy-cross -march=armv6m"),
    "journal_bytes_per_deal": ("<=", 64, "bytes", "52-card deal record + framing"),
    "flash_erases_per_block_per_session": ("<=", 2, "erases", "300 deals, 1.4 MB LittleFS"),
    "sync_line_efficiency": (">=", 0.8, "of line rate", "11,520 bytes/s (115200 8N1)"),
    "sync_records_per_s_unthrottled": (None, None, "records/s", "pty, no throttle"),
    "sync_seconds_1000_records_throttled": ("<=", 15, "s", "115200 8N1"),
    "host_ingest_records_per_s": (None, None, "records/s", "100,000 records"),
    "host_ingest_vs_executemany": (">=", 0.5, "ratio", "bare executemany, same run"),
    "results_seconds_100k": (None, None, "s", "scoring 100,000 deals"),
}


class Context:
    def __init__(self, quick):
        self.quick = quick
        self.root = ROOT
        self.micropython_bin = os.path.join(os.path.dirname(sys.executable), "micropython")

    def micropython(self, script, args=(), heap="1m", timeout=600, mpy_dir=None):
        """Run a MicroPython script; return the JSON object on its last stdout line."""
        path = [os.path.join(ROOT, "shared"), os.path.join(ROOT, "firmware"), BENCH, ".frozen"]
        if mpy_dir:
            path = [mpy_dir, BENCH, ".frozen"]
        env = dict(os.environ, MICROPYPATH=os.pathsep.join(path))
        cmd = [self.micropython_bin, "-X", "heapsize=" + str(heap), script] + [str(a) for a in args]
        proc = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True,
                              timeout=timeout)
        if proc.returncode != 0:
            raise RuntimeError("%s exited %d: %s" % (os.path.basename(script), proc.returncode,
                                                     (proc.stderr or proc.stdout)[-800:]))
        return json.loads(proc.stdout.strip().splitlines()[-1])


def met(name, value):
    op, target = TARGETS.get(name, (None, None, "", ""))[:2]
    if op is None or value is None:
        return "-"
    return "yes" if (value <= target if op == "<=" else value >= target) else "NO"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--only", help="run only bench_<ONLY>.py")
    ap.add_argument("--quick", action="store_true", help="smaller sizes, for a smoke run")
    ap.add_argument("--out", default=os.path.join(BENCH, "results.json"))
    args = ap.parse_args()
    ctx = Context(args.quick)
    names = sorted(n[6:-3] for n in os.listdir(BENCH) if n.startswith("bench_") and n.endswith(".py"))
    if args.only:
        names = [n for n in names if n == args.only]
    results, errors = {}, {}
    started = time.time()
    for name in names:
        t0 = time.time()
        try:
            module = importlib.import_module("bench_" + name)
            got = module.run(ctx)
            results.update(got)
            print("  bench_%s: %.1f s" % (name, time.time() - t0), file=sys.stderr)
        except Exception as e:  # noqa: BLE001 - one failed benchmark must not hide the others
            errors[name] = "%s: %s" % (e.__class__.__name__, e)
            traceback.print_exc()
    meta = {
        "_date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
        "_machine": "%s, %s, %d cores, Python %s" % (platform.machine(),
                                                     platform.platform(terse=True),
                                                     os.cpu_count() or 0,
                                                     platform.python_version()),
        "_seconds": round(time.time() - started, 1),
    }
    if not args.only:
        with open(args.out, "w") as f:
            json.dump(dict(results, **meta), f, indent=1, sort_keys=True)
    print("%-38s %14s  %-8s %-10s %s" % ("metric", "value", "target", "met", "reference"))
    for name in list(TARGETS) + sorted(set(results) - set(TARGETS)):
        value = results.get(name)
        op, target, unit, ref = TARGETS.get(name, (None, None, "", ""))
        shown = "missing" if value is None else ("%.3f" % value if isinstance(value, float) else str(value))
        tgt = "%s %s" % (op, target) if op else ""
        print("%-38s %14s  %-8s %-10s %s (%s)" % (name, shown, tgt, met(name, value), unit, ref))
    print("measured %s on %s in %.0f s" % (meta["_date"], meta["_machine"], meta["_seconds"]))
    for name, err in errors.items():
        print("bench_%s FAILED: %s" % (name, err))
    missing = [n for n in TARGETS if n not in results]
    if errors or (missing and not args.only):
        print("missing metrics: %s" % ", ".join(missing))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
