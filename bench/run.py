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

# metric -> (comparison, target, unit, what it is compared with, metric holding that
# reference's value in the same run or None)
TARGETS = {
    "card_loop_equivalents": ("<=", 300, "loop iterations", "empty loop, same run (ns)",
                              "card_empty_loop_ns"),
    "card_heap_bytes": ("<=", 0, "bytes/card", "gc.mem_alloc() delta over 10,000 cards", None),
    "session_data_heap_peak_bytes": ("<=", 32768, "bytes", "heap after imports, same run",
                                     "session_heap_code_bytes"),
    "min_heapsize_bytes": ("<=", 131072, "bytes", "bisection of -X heapsize", None),
    "code_mpy_bytes": (None, None, "bytes", "mpy-cross -march=armv6m", None),
    "journal_bytes_per_deal": ("<=", 64, "bytes", "52-card deal record + framing", None),
    "flash_erases_per_block_per_session": ("<=", 2, "erases", "300 deals, 1.4 MB LittleFS",
                                           None),
    "sync_line_efficiency": (">=", 0.8, "of line rate", "11,520 bytes/s (115200 8N1)", None),
    "sync_records_per_s_unthrottled": (None, None, "records/s", "pty, no throttle", None),
    "sync_seconds_1000_records_throttled": ("<=", 15, "s", "115200 8N1", None),
    "host_ingest_records_per_s": (None, None, "records/s", "100,000 records, DB in RAM", None),
    "host_ingest_vs_executemany": (">=", 0.5, "ratio", "bare executemany, same run (rec/s)",
                                   "host_executemany_records_per_s"),
    "results_seconds_100k": (None, None, "s", "empty loop over the rows, same run (s)",
                             "results_reference_seconds_100k"),
}

# Figures shown beside those above (breakdowns and the references themselves).
INFO = {
    "card_path_loop_equivalents": ("loop iterations", "per card: ring put/get + Shoe.on_uid"),
    "card_on_uid_loop_equivalents": ("loop iterations", "per card: Shoe.on_uid alone"),
    "card_deal_record_loop_equivalents": ("loop iterations",
                                          "per card: Shoe.end_deal / 52 (record signed, in RAM)"),
    "deal_end_heap_bytes": ("bytes/deal", "Shoe.end_deal (slow path, once a deal)"),
    "card_empty_loop_ns": ("ns", "one `for _ in range(n): pass` iteration, MicroPython"),
    "session_heap_code_bytes": ("bytes", "heap after the imports (.mpy code; flash on a board)"),
    "session_sim_world_bytes": ("bytes", "simulated chip and tags (not on a board)"),
    "min_heapsize_less_code_and_sim_bytes": ("bytes", "min heapsize - code - simulated world"),
    "session_late_modules": ("modules", "imported after the heap reference (counted as data)"),
    "flash_erases_busiest_block": ("erases", "the most-erased block, 300 deals"),
    "flash_erase_total": ("erases", "all blocks, 300 deals"),
    "sync_payload_bytes_per_record": ("bytes", "record bytes per record synced"),
    "host_ingest_records_per_s_disk": ("records/s", "the same ingest, DB on the temp disk"),
    "host_executemany_records_per_s": ("records/s", "bare executemany, same rows and schema"),
    "results_vs_reference": ("ratio", "scoring time / empty loop over the same rows"),
    "results_reference_seconds_100k": ("s", "empty loop over the 100,000 rows"),
}
for _k in ("reject_reason", "verify", "decode", "rows", "write", "sqlite_execute"):
    INFO["host_ingest_share_" + _k] = ("of ingest", "cProfile: time in %s, 10,000 records" % _k)


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
    op, target = TARGETS.get(name, (None, None))[:2]
    if op is None or value is None:
        return "-"
    return "yes" if (value <= target if op == "<=" else value >= target) else "NO"


def shown(value):
    if value is None:
        return "missing"
    if isinstance(value, float):
        return "%.3f" % value if abs(value) < 100 else "%.1f" % value
    return str(value)


def table(results):
    """The lines of the results table: every target metric, then the other figures."""
    lines = ["%-38s %12s  %-17s %-9s %-4s %s" % ("metric", "value", "unit", "target", "met",
                                                "reference")]
    for name, (op, target, unit, ref, ref_metric) in TARGETS.items():
        value = results.get(name)
        if ref_metric:
            ref = "%s = %s" % (ref, shown(results.get(ref_metric)))
        lines.append("%-38s %12s  %-17s %-9s %-4s %s" % (
            name, shown(value), unit, "%s %s" % (op, target) if op else "", met(name, value),
            ref))
    for name in sorted(set(results) - set(TARGETS)):
        if name.startswith("_"):
            continue
        unit, what = INFO.get(name, ("", ""))
        lines.append("%-38s %12s  %-17s %-9s %-4s %s" % (name, shown(results[name]), unit, "",
                                                        "", what))
    return lines


def main(argv=None):
    ap = argparse.ArgumentParser()
    ap.add_argument("--only", help="run only bench_<ONLY>.py")
    ap.add_argument("--quick", action="store_true", help="smaller sizes, for a smoke run")
    ap.add_argument("--out", default=os.path.join(BENCH, "results.json"))
    ap.add_argument("--benches", default=BENCH, help="folder of bench_*.py (tests)")
    args = ap.parse_args(argv)
    ctx = Context(args.quick)
    if args.benches not in sys.path:
        sys.path.insert(0, args.benches)
    names = sorted(n[6:-3] for n in os.listdir(args.benches)
                   if n.startswith("bench_") and n.endswith(".py"))
    if args.only:
        names = [n for n in names if n == args.only]
        if not names:
            print("no bench/bench_%s.py" % args.only)
            return 2
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
        "_machine": "%s, %s, %s, %d cores, Python %s" % (
            cpu_name(), platform.machine(), platform.platform(terse=True),
            os.cpu_count() or 0, platform.python_version()),
        "_seconds": round(time.time() - started, 1),
        "_quick": args.quick,
    }
    if not args.only:
        with open(args.out, "w") as f:
            json.dump(dict(results, **meta), f, indent=1, sort_keys=True)
    for line in table(results):
        print(line)
    print("measured %s on %s in %.0f s%s" % (meta["_date"], meta["_machine"], meta["_seconds"],
                                            " (--quick)" if args.quick else ""))
    for name, err in errors.items():
        print("bench_%s FAILED: %s" % (name, err))
    missing = [n for n in TARGETS if n not in results]
    if errors or (missing and not args.only):
        if missing and not args.only:
            print("missing metrics: %s" % ", ".join(missing))
        return 1
    return 0


def cpu_name():
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown CPU"


if __name__ == "__main__":
    sys.exit(main())
