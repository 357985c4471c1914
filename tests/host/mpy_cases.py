"""A cases file of tests/firmware (plain test_ functions, not collected by pytest itself) run
under MicroPython in a subprocess whose heap holds the compiler and the whole app:

    passed_under_micropython("tests/firmware/app_terminal_cases.py", app_terminal_cases)

Every test_ function of the module must pass there: the count is the module's own, so a case
added to the file is run and counted without editing a number here."""

import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MPY = os.path.join(os.path.dirname(sys.executable), "micropython")


def passed_under_micropython(path, module, heap="512k"):
    n = len([k for k in dir(module) if k.startswith("test_") and callable(getattr(module, k))])
    env = dict(os.environ)
    env["MICROPYPATH"] = os.pathsep.join(
        [os.path.join(ROOT, "shared"), os.path.join(ROOT, "firmware"), ".frozen"])
    proc = subprocess.run([MPY, "-X", "heapsize=" + heap,
                           os.path.join(ROOT, "tests", "mpy_runner.py"), path], cwd=ROOT,
                          env=env, capture_output=True, text=True, timeout=300)
    last = proc.stdout.strip().splitlines()[-1:] or [""]
    assert n and last[0] == "%d passed, 0 failed, 0 skipped" % n and proc.returncode == 0, \
        proc.stdout[-2000:] + proc.stderr[-2000:]
