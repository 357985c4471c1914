"""What the dual-interpreter tests share with both runners: an honest skip.

    from testkit import skip
    if vfs is None:
        skip("LittleFS exists only on MicroPython")

pytest reports `unittest.SkipTest` as a skip; tests/mpy_runner.py counts any exception
class named SkipTest as skipped. A test that cannot run here says so instead of passing.
"""

try:
    from unittest import SkipTest
except ImportError:  # MicroPython has no unittest

    class SkipTest(Exception):
        pass


def skip(reason):
    raise SkipTest(reason)
