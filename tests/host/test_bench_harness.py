"""`make bench` fails when a metric is missing or a benchmark breaks, and still writes what it got.

The harness (bench/run.py) is run on small stand-in benchmarks in a temporary folder
(--benches), so these tests take well under a second.
"""

import importlib.util
import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
RUN = os.path.join(ROOT, "bench", "run.py")
_path = list(sys.path)
_spec = importlib.util.spec_from_file_location("overplay_bench_run", RUN)
_run_module = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_run_module)
sys.path[:] = _path  # run.py puts bench/ first on the path: not for the other tests
TARGETS = _run_module.TARGETS


def _bench(folder, name, body):
    (folder / ("bench_%s.py" % name)).write_text("def run(ctx):\n" + body)


def _run(folder):
    out = folder / "results.json"
    proc = subprocess.run([sys.executable, RUN, "--benches", str(folder), "--out", str(out)],
                          capture_output=True, text=True, timeout=60)
    return proc, (json.loads(out.read_text()) if out.exists() else None)


def _all_metrics(**override):
    values = {name: 1 for name in TARGETS}
    values.update(override)
    return "    return %r\n" % values


def test_a_missing_metric_fails_the_run_and_is_named(tmp_path):
    _bench(tmp_path, "partial", "    return {'card_heap_bytes': 0}\n")
    proc, results = _run(tmp_path)
    assert proc.returncode == 1
    assert "missing metrics" in proc.stdout and "card_loop_equivalents" in proc.stdout
    assert results["card_heap_bytes"] == 0 and "_date" in results and "_machine" in results


def test_a_broken_benchmark_fails_the_run_but_not_the_others(tmp_path):
    _bench(tmp_path, "all", _all_metrics())
    _bench(tmp_path, "boom", "    raise RuntimeError('the chip caught fire')\n")
    proc, results = _run(tmp_path)
    assert proc.returncode == 1
    assert "bench_boom FAILED: RuntimeError: the chip caught fire" in proc.stdout
    assert all(results[name] == 1 for name in TARGETS)


def test_every_metric_present_passes_and_a_missed_target_shows_no(tmp_path):
    _bench(tmp_path, "all", _all_metrics(card_loop_equivalents=301, card_empty_loop_ns=15.5))
    proc, results = _run(tmp_path)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    line = [x for x in proc.stdout.splitlines() if x.startswith("card_loop_equivalents ")][0]
    assert " NO " in line and "15.500" in line  # the target missed, and its reference's value
    heap = [x for x in proc.stdout.splitlines() if x.startswith("card_heap_bytes ")][0]
    assert " NO " in heap  # 1 byte a card against a target of 0
