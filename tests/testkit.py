"""What the dual-interpreter tests share with both runners: an honest skip, the message of
a RuleError, a deterministic random source.

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


def rule_error(fn, *args, **kw):
    """The message of the RuleError fn(*args, **kw) raises; AssertionError when it raises none."""
    from overplay_core.errors import RuleError

    try:
        fn(*args, **kw)
    except RuleError as e:
        return str(e)
    raise AssertionError("no RuleError")


def lcg(seed):
    """A small deterministic random source, the same on both interpreters: lcg(s)(n) -> 0..n-1."""
    state = [seed]

    def nxt(n):
        state[0] = (state[0] * 1103515245 + 12345) & 0x7FFFFFFF
        return (state[0] >> 8) % n
    return nxt
