"""The app's robustness cases (issue #10: a set-up that takes effect, the one space check,
damaged files at power-on, re-keying opened at the shoe; issue #12: the link loaded only
while a PC syncs), in tests/firmware/app_*_cases.py:
every case on CPython in process, and each file under MicroPython in a subprocess whose heap
holds the test file and the whole app with its link (not 128 KB: see those files)."""

import os
import subprocess
import sys

import pytest

import app_boot_cases
import app_link_cases
import app_movement_cases
import app_setup_cases
import app_space_cases

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MPY = os.path.join(os.path.dirname(sys.executable), "micropython")
FILES = (app_setup_cases, app_space_cases, app_boot_cases, app_movement_cases, app_link_cases)


def _cases():
    for m in FILES:
        for name in sorted(dir(m)):
            if name.startswith("test_"):
                yield pytest.param(getattr(m, name), id=m.__name__ + "::" + name)


@pytest.mark.parametrize("case", list(_cases()))
def test_case_on_cpython(case):
    case()


@pytest.mark.parametrize("module", FILES, ids=[m.__name__ for m in FILES])
def test_the_same_cases_under_micropython(module):
    env = dict(os.environ)
    env["MICROPYPATH"] = os.pathsep.join(
        [os.path.join(ROOT, "shared"), os.path.join(ROOT, "firmware"), ".frozen"])
    name = module.__name__
    count = len([n for n in dir(module) if n.startswith("test_")])
    proc = subprocess.run([MPY, "-X", "heapsize=512k", os.path.join(ROOT, "tests",
                           "mpy_runner.py"), "tests/firmware/%s.py" % name], cwd=ROOT,
                          env=env, capture_output=True, text=True, timeout=300)
    last = proc.stdout.strip().splitlines()[-1:] or [""]
    assert last[0] == "%d passed, 0 failed, 0 skipped" % count and proc.returncode == 0, \
        proc.stdout[-3000:] + proc.stderr[-2000:]
