"""The MicroPython gate names the file that uses CPython-only code (issue: foundation)."""

import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
GATE = os.path.join(ROOT, "tools", "mpy_gate.py")


def _gate(tmp_path, source):
    pkg = tmp_path / "shared" / "pkg"
    pkg.mkdir(parents=True)
    (pkg / "ok.py").write_text("X = 1\n")
    bad = pkg / "bad.py"
    bad.write_text(source)
    proc = subprocess.run([sys.executable, GATE, str(tmp_path / "shared")],
                          capture_output=True, text=True)
    return proc, str(bad)


def test_match_statement_is_rejected_by_mpy_cross_and_named(tmp_path):
    proc, bad = _gate(tmp_path, "def f(x):\n    match x:\n        case 1:\n            return 2\n")
    assert proc.returncode == 1
    assert bad in proc.stdout and "mpy-cross rejects" in proc.stdout


def test_cpython_only_import_is_named(tmp_path):
    proc, bad = _gate(tmp_path, "import dataclasses\n")
    assert proc.returncode == 1
    assert bad + ":1: imports 'dataclasses'" in proc.stdout


def test_cpython_only_str_method_is_named(tmp_path):
    proc, bad = _gate(tmp_path, "def f(n):\n    return str(n).zfill(3)\n")
    assert proc.returncode == 1
    assert bad + ":2:" in proc.stdout and "zfill" in proc.stdout


def test_clean_modules_pass_and_report_sizes(tmp_path):
    proc, bad = _gate(tmp_path, "def f(n):\n    return '%03d' % n\n")
    assert proc.returncode == 0, proc.stdout
    assert "total .mpy bytes" in proc.stdout


def test_mpy_runner_refuses_to_pass_with_zero_tests(tmp_path):
    empty = tmp_path / "test_empty.py"
    empty.write_text("X = 1\n")
    proc = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "run_mpy_tests.py"),
                           str(empty)], capture_output=True, text=True)
    assert proc.returncode == 1
    assert "micropython: 0 passed, 0 failed, 0 skipped" in proc.stdout


def test_mpy_runner_fails_on_a_failing_test_and_names_it(tmp_path):
    f = tmp_path / "test_fails.py"
    f.write_text("def test_ok():\n    pass\n\ndef test_broken():\n    assert 1 == 2\n")
    proc = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "run_mpy_tests.py"),
                           str(f)], capture_output=True, text=True)
    assert proc.returncode == 1
    assert "test_broken" in proc.stdout and "1 passed, 1 failed" in proc.stdout


def test_mpy_runner_runs_the_device_code_precompiled_as_a_device_does(tmp_path):
    # The MicroPython leg runs shared/ and firmware/ as .mpy from mpy-cross, in place from a
    # ROMFS image as a Pico runs frozen code (the compiler's parse of the modules and their
    # bytecode do not share the test's 128k heap); --ram loads the .mpy into the heap;
    # --from-source keeps .py.
    f = tmp_path / "test_where.py"
    f.write_text("from overplay_core import cards\nimport shoe.ring as ring\n\n"
                 "def test_mpy():\n    assert cards.__file__.endswith('.mpy'), cards.__file__\n"
                 "    assert ring.__file__.endswith('.mpy'), ring.__file__\n"
                 "    assert ring.__file__.startswith('/rom/'), ring.__file__\n")
    run = [sys.executable, os.path.join(ROOT, "tools", "run_mpy_tests.py")]
    proc = subprocess.run(run + [str(f)], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stdout
    assert "micropython: 1 passed, 0 failed" in proc.stdout
    assert "run in place from ROMFS" in proc.stdout
    proc = subprocess.run(run + ["--ram", str(f)], capture_output=True, text=True)
    assert proc.returncode == 1 and "shoe/ring.mpy" in proc.stdout  # loaded, not in /rom
    proc = subprocess.run(run + ["--from-source", str(f)], capture_output=True, text=True)
    assert proc.returncode == 1 and "cards.py" in proc.stdout
