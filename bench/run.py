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
    # the real firmware on the emulated RP2040 (bench_pico.py): lower bounds for a real Pico
    "device_card_cycles_with_driver": ("<=", 625000, "cycles", "emulated RP2040, 125 MHz: "
                                       "MFRC522 read (SPI) + ring + Shoe.on_uid", None),
    "device_card_cycles_data_path": ("<=", 60000, "cycles", "emulated RP2040: ring + "
                                     "Shoe.on_uid (mpy_card_loop)", None),
    "device_session_min_free_heap_bytes": (">=", 204800, "bytes", "emulated RP2040: lowest "
                                           "gc.mem_free() sampled while dealing "
                                           "(device_session_deals deals)", None),
    # The memory gate (issue #11): the session with its code run in place, as a Pico runs
    # frozen code from flash; the .mpy-in-RAM figures beside it are reported, not gated.
    "min_heapsize_code_in_place_bytes": ("<=", 114688, "bytes",
                                         "bisection of -X heapsize, code run in place from "
                                         "ROMFS (as frozen on a board), image's heap share "
                                         "subtracted", None),
    "code_in_place_data_heap_peak_bytes": ("<=", 16384, "bytes", "the same run, collected "
                                           "first, above the imports and the simulated world",
                                           None),
    "session_data_heap_peak_bytes": ("<=", 16384, "bytes", "heap after imports, same run",
                                     "session_heap_code_bytes"),
    "min_heapsize_bytes": (None, None, "bytes", "bisection of -X heapsize, every .mpy loaded "
                           "into the heap (reported, not gated)", None),
    "code_heap_bytes": (None, None, "bytes", "modules a dealing shoe loads, .mpy in the heap",
                        None),
    "code_mpy_bytes": (None, None, "bytes", "mpy-cross -march=armv6m", None),
    "journal_bytes_per_deal": ("<=", 64, "bytes", "52-card deal record + framing", None),
    "flash_erases_per_block_per_session": ("<=", 2, "erases", "300 deals, 1.4 MB LittleFS",
                                           None),
    "sync_line_efficiency": (">=", 0.9, "of line rate", "11,520 bytes/s (115200 8N1)", None),
    "sync_records_per_s_unthrottled": (None, None, "records/s", "pty, no throttle", None),
    "sync_seconds_1000_records_throttled": ("<=", 15, "s", "115200 8N1", None),
    "host_ingest_records_per_s": (None, None, "records/s", "100,000 records, DB in RAM", None),
    "host_ingest_vs_executemany": (">=", 0.7, "ratio", "bare executemany, same run (rec/s)",
                                   "host_executemany_records_per_s"),
    "results_seconds_100k": (None, None, "s", "empty loop over the rows, same run (s)",
                             "results_reference_seconds_100k"),
    # issue #15: a 30-table, 30-board Mitchell evening, every output format, against a bare
    # read of the same records from SQLite in the same run
    "evening_vs_read": ("<=", 20, "ratio", "one `overplay results` run writing the 5 formats, "
                        "per format / SELECT * FROM records, same run (s)",
                        "evening_read_seconds"),
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
    "romfs_image_bytes": ("bytes", "ROMFS image of firmware/ + shared/ (bench_romfs)"),
    "code_in_place_interned_names": ("names", "qstrs interned by the in-place session; the "
                                     "pools double (20 .. 640): a 7th pool, 1,280 entries "
                                     "(~14 KB), opens at 1,261"),
    "code_in_place_qstr_pools": ("pools", "qstr pools in the heap at the end of that session"),
    "min_heapsize_less_code_and_sim_bytes": ("bytes", "min heapsize - code - simulated world"),
    "session_late_modules": ("modules", "imported after the heap reference (counted as data)"),
    "flash_erases_busiest_block": ("erases", "the most-erased block, 300 deals"),
    "flash_erase_total": ("erases", "all blocks, 300 deals"),
    "sync_payload_bytes_per_record": ("bytes", "record bytes per record synced"),
    "host_ingest_records_per_s_disk": ("records/s", "the same ingest, DB on the temp disk"),
    "host_executemany_records_per_s": ("records/s", "bare executemany, same rows and schema"),
    "results_vs_reference": ("ratio", "scoring time / empty loop over the same rows"),
    "results_reference_seconds_100k": ("s", "empty loop over the 100,000 rows"),
    "evening_seconds_all_formats": ("s", "one overplay results run, -o text csv json html pbn, "
                                    "900 table-boards (30-table Mitchell)"),
    "evening_seconds_one_format_runs": ("s", "five overplay results runs, one format each, the "
                                        "same evening"),
    "evening_one_format_run_vs_read": ("ratio", "one of those runs (mean) / the bare read"),
    "evening_read_seconds": ("s", "SELECT * FROM records of that evening, every row fetched"),
    "evening_rows": ("rows", "records of the evening in the club DB"),
}


INFO.update({
    "device_free_heap_after_boot_bytes": ("bytes", "emulated Pico: gc.mem_free() with the app "
                                          "started (tasks run 0.5 s, then collected)"),
    "device_session_min_free_heap_after_collect_bytes": (
        "bytes", "emulated Pico: lowest gc.mem_free() just after a between-hands collection"),
    "device_session_min_free_heap_live_bytes": (
        "bytes", "emulated Pico: lowest gc.mem_free() after a second collection at a deal's "
                 "end (live data only)"),
    "device_gc_pause_cycles": ("cycles", "emulated Pico: one gc.collect() of the session's "
                               "heap after a deal (the app's between-hands collection)"),
    "device_session_live_kept_bytes": (
        "bytes", "emulated Pico: live data after the session's last deal minus after its "
                 "first (collected twice each time): what dealing kept"),
    "device_session_deals": ("deals", "emulated Pico: boards dealt in the session (PICO_DEALS)"),
    "device_session_wall_s_per_deal": ("s", "wall time per emulated deal (not a device figure)"),
    "device_deal_end_cycles": ("cycles", "emulated Pico: Shoe.end_deal, no flash commit "
                               "(mpy_card_loop)"),
    "device_deal_end_commit_cycles": ("cycles", "emulated Pico: Shoe.end_deal with the journal "
                                      "commit (flash busy time charged, W25Q16JV typical)"),
    "device_card_cards_timed": ("cards", "emulated Pico: cards read through the driver"),
    "device_card_heap_bytes": ("bytes/card", "emulated Pico: mpy_card_loop's heap per card"),
    "device_sync_records": ("records", "emulated Pico: records in the timed `overplay sync`"),
    "device_sync_records_per_s": ("records/s", "emulated Pico: records per second of the "
                                  "shoe's CPU time during `overplay sync` over USB CDC"),
    "device_sync_min_free_heap_bytes": ("bytes", "emulated Pico: lowest gc.mem_free() after "
                                        "each link step of a sync (`overplay sync` of two "
                                        "deals)"),
    "device_sync_after_free_heap_bytes": ("bytes", "emulated Pico: gc.mem_free() collected "
                                          "after that sync (the link let go)"),
})


def info(name):
    """(unit, what) of a figure shown beside the targets."""
    if name.startswith("code_heap_bytes_"):
        return ("bytes", "heap of %s once imported from .mpy (unix port)" % name[16:])
    return INFO.get(name, ("", ""))


for _k in ("reject_reason", "verify", "decode", "clean_deal", "semantic", "rows", "write",
           "sqlite_execute"):
    INFO["host_ingest_share_" + _k] = ("of ingest", "cProfile: time in %s, 10,000 records" % _k)


class Context:
    def __init__(self, quick):
        self.quick = quick
        self.root = ROOT
        self.micropython_bin = os.path.join(os.path.dirname(sys.executable), "micropython")

    def micropython(self, script, args=(), heap="1m", timeout=600, mpy_dir=None, module=False,
                    own_path=False):
        """Run a MicroPython script (module=True: `-m script`, a module on the path, e.g. a
        precompiled .mpy); return the JSON object on its last stdout line. own_path: the
        script sets sys.path itself (bench/mpy_romfs_boot.py), so no MICROPYPATH is given,
        as the gate test runs it: MICROPYPATH's entries are strings in the measured heap."""
        path = [os.path.join(ROOT, "shared"), os.path.join(ROOT, "firmware"), BENCH, ".frozen"]
        cwd = ROOT
        if mpy_dir:
            # run beside the folder, which is then on the path by its short relative name: a
            # module's __file__ (interned in the measured heap) is "lib/shoe.mpy", as on a
            # board's filesystem, not this machine's temporary path
            cwd, rel = os.path.split(os.path.normpath(mpy_dir))
            path = [rel, BENCH, ".frozen"]
        env = dict(os.environ, MICROPYPATH=os.pathsep.join(path))
        if own_path:
            del env["MICROPYPATH"]
        cmd = [self.micropython_bin, "-X", "heapsize=" + str(heap)] + (["-m"] if module else [])
        cmd += [script] + [str(a) for a in args]
        proc = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True,
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
        if abs(value) >= 100:
            return "%.1f" % value
        return "%.3f" % value if abs(value) >= 0.1 or value == 0 else "%.2g" % value
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
        unit, what = info(name)
        lines.append("%-38s %12s  %-17s %-9s %-4s %s" % (name, shown(results[name]), unit, "",
                                                        "", what))
    return lines


README_HEAD = """## Benchmarks

`make bench` runs every `bench/bench_*.py` (about two minutes here, plus about 45 for the emulated Pico and its 200-deal session), writes `bench/results.json`
(metric -> number, plus `_date`, `_machine`) and prints the table below; it fails when a
metric is missing or a benchmark breaks. `.venv/bin/python bench/run.py --quick` is a smoke
run, `--only card` one benchmark (its figures replace theirs in the last full run's results),
`--readme` rewrites this section from the last results.
These machines are noisy, so each speed figure is a ratio to a reference measured in the
same run.

- **card** (MicroPython): per card, a UID already in the reader's buffer goes through the
  reader->dealing ring and `Shoe.on_uid` (deck lookup, tally seat and checks), plus
  `Shoe.end_deal` (DEAL record encoded, signed, in the journal's RAM batch) shared over the
  deal's 52 cards; divided by one iteration of `for _ in range(n): pass`. Heap: 10,000 cards
  with the collector off.
- **session** (MicroPython, from `.mpy` only): `firmware/sim/session.py`, the whole app
  dealing 200 boards on the simulated reader, every DEAL record read back and checked. Data
  heap = most in use at any step (collected first) minus the heap after the imports and the
  simulated chip and tags. Minimum `-X heapsize` by bisection (1 KiB steps). code_heap_bytes:
  bench/mpy_module_heap.py imports each device module from `.mpy` alone (dependencies first)
  and takes the heap it adds (`code_heap_bytes_<module>`; the total leaves out the features of
  shoe/__init__.py's lazy table).
- **pico** (the real firmware, `make firmware`, on the emulated RP2040 of `tools/pico_emu`;
  skipped, saying why, without the ARM toolchain and node): the `device_*` figures. Free heap
  with the app started; per card from a tag entering the field to the card in the tally, with
  the MFRC522 driver's SPI work (4 MHz bus time included, radio time not modelled) and without
  it (`mpy_card_loop.py` on the device); the deal's end; a session of `PICO_DEALS` boards
  (default 200, issue #12's session: 11-15 s of wall time a deal here, 41-50 minutes in all;
  3 with `--quick`) dealt through the buttons and the reader, lowest free heap sampled every
  2 ms, and the live data the session kept (after the last deal against after the first:
  what a leak would show); records/s of the shoe's CPU
  time during `overplay sync`. Cycles = emulated time at 125 MHz. **Lower bounds**: the
  emulator charges flash (XIP) reads as SRAM reads (no cache misses, no wait states), and
  MicroPython v1.28 runs its VM from flash.
- **journal** (MicroPython): `tests/firmware/blockdev.py measure_wear`: 300 deals committed one
  by one on LittleFS over a 1408 KB, 4 KB-block RAM flash that counts erases.
- **sync**: `bench/sync_bench.py` `run_bench`: 1,000 records from a desk shoe (MicroPython) to a
  club DB over ptys paced to 11,520 bytes/s, and again unpaced.
- **ingest**: 100,000 DEAL records through `Store.commit_batch` (500 a transaction, every check
  of the record included) against a bare `executemany` of the same rows into the same schema,
  both in RAM, batch by batch side by side (the best of two rounds per batch); profiled.
- **results**: 100,000 deals scored (duplicate whist `compare` per board, bridge whist
  `score_hand` with honours from the stored handprint) against an empty loop over the rows.
- **romfs** (MicroPython): the same session with every module executed in place from a ROMFS
  image (`mpremote romfs build`, mounted with `vfs.VfsRom`), as frozen or ROMFS code runs from
  flash on a board; the image is read into the measured heap (the unix port has no flash), so
  what it takes there (its blocks and their bits of the collector's tables,
  `bench_romfs.image_heap_bytes`) is added to every heap tried: the figure is the rest, in
  whole KiB. This is the memory gate. A run cut by the
  time-out is run again with more time when MicroPython got less than half the CPU (a busy
  machine), never counted as "does not fit".
- **code**: `tools/mpy_gate.py`, `mpy-cross -march=armv6m` over `firmware/` and `shared/`.
- **evening** (issue #15): a 30-table, 30-board Mitchell evening (900 table-boards, signed
  records merged by the store's ingest) through `overplay results` in-process: one run writing
  text, CSV, JSON, HTML and PBN (`-o` five times: the evening read and scored once), per
  format, against `SELECT * FROM records` of the same DB (best of ten); beside it the mean of
  five runs writing one format each (`evening_one_format_run_vs_read`). Every file is checked
  to be the same bytes both ways.
"""

README_NOTES = """Reading the memory figures: docs/firmware.md "Memory" (what each figure counts, why the gate is
the in-place figure and no longer the .mpy-in-RAM one, and the heap history).
card_loop_equivalents is a ratio to an empty loop timed in the same run: 134-163 over three
runs on 2026-12-02 at 16:37 UTC (the empty loop 22-25 ns); 237-271 in an earlier session's runs
(16.9 ns), before the per-card ring copies became whole slots; a busy neighbour once pushed it
to 306.7 with nothing on the card path changed.
The ingest ratio is measured with the DB in RAM: on disk the 200 fsyncs made it swing from 0.58
to 1.02 between runs."""


def readme_section(results):
    """The README's Benchmarks section for these results (markdown)."""
    again = "".join(" bench_%s measured again %s." % (k[9:], v)
                    for k, v in sorted(results.items()) if k.startswith("_updated_"))
    out = [README_HEAD, "Latest: measured %s on %s, in %s s%s.%s\n" % (
        results.get("_date", "?"), results.get("_machine", "?"), results.get("_seconds", "?"),
        " (--quick)" if results.get("_quick") else "", again),
        "| metric | value | target | met | reference |", "|---|---:|---|---|---|"]
    for name, (op, target, unit, ref, ref_metric) in TARGETS.items():
        value = results.get(name)
        if ref_metric:
            ref = "%s = %s" % (ref, shown(results.get(ref_metric)))
        out.append("| %s | %s %s | %s | %s | %s |" % (
            name, shown(value), unit, "%s %s" % (op, target) if op else "", met(name, value),
            ref))
    out += ["", "| also measured | value | what |", "|---|---:|---|"]
    for name in sorted(set(results) - set(TARGETS)):
        if not name.startswith("_"):
            unit, what = info(name)
            out.append("| %s | %s %s | %s |" % (name, shown(results[name]), unit, what))
    out += ["", README_NOTES]
    return "\n".join(out)


def write_readme(results_path, readme=os.path.join(ROOT, "README.md")):
    """Replace the README's last section, "## Benchmarks" (added when missing)."""
    with open(results_path) as f:
        results = json.load(f)
    with open(readme) as f:
        text = f.read()
    i = text.find("\n## Benchmarks\n")
    if i >= 0:
        if "\n## " in text[i + 1 + len("## Benchmarks"):]:
            raise SystemExit("README.md: a section follows ## Benchmarks; it must be the last")
        text = text[:i + 1]
    else:
        text = text.rstrip("\n") + "\n\n"
    with open(readme, "w") as f:
        f.write(text + readme_section(results))


def main(argv=None):
    ap = argparse.ArgumentParser()
    ap.add_argument("--only", help="run only bench_<ONLY>.py")
    ap.add_argument("--quick", action="store_true", help="smaller sizes, for a smoke run")
    ap.add_argument("--out", default=os.path.join(BENCH, "results.json"))
    ap.add_argument("--benches", default=BENCH, help="folder of bench_*.py (tests)")
    ap.add_argument("--readme", action="store_true",
                    help="rewrite README.md's Benchmarks section from --out; run nothing")
    args = ap.parse_args(argv)
    if args.readme:
        write_readme(args.out)
        return 0
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
    elif results and not args.quick and os.path.exists(args.out):
        # one benchmark run again: its figures replace theirs in the last full run's file,
        # which says which were measured later and when (the README table is made from it)
        with open(args.out) as f:
            merged = json.load(f)
        merged.update(results)
        merged["_updated_" + args.only] = meta["_date"]
        with open(args.out, "w") as f:
            json.dump(merged, f, indent=1, sort_keys=True)
    for line in table(results):
        print(line)
    print("measured %s on %s in %.0f s%s" % (meta["_date"], meta["_machine"], meta["_seconds"],
                                            " (--quick)" if args.quick else ""))
    for name, err in errors.items():
        print("bench_%s FAILED: %s" % (name, err))
    # the device figures need the ARM toolchain and node: bench_pico says when they are absent
    missing = [n for n in TARGETS if n not in results
               and not (n.startswith("device_") and "_device_skipped" in results)]
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
