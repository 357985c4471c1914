"""The one place that papers over CPython/MicroPython differences (style.md rule 6).

    from overplay_core.compat import const, ticks_ms, ticks_diff, ticks_add
"""

try:
    from micropython import const  # noqa: F401 - folds constants into bytecode on the device
except ImportError:  # CPython

    def const(x):
        return x

try:
    from time import ticks_add, ticks_diff, ticks_ms  # noqa: F401
except ImportError:  # CPython: emulate the 2^30 period a microcontroller has
    import time as _time

    _PERIOD = 1 << 30
    _HALF = _PERIOD >> 1

    def ticks_ms():
        return int(_time.monotonic() * 1000) & (_PERIOD - 1)

    def ticks_add(t, delta):
        return (t + delta) & (_PERIOD - 1)

    def ticks_diff(a, b):
        return ((a - b + _HALF) & (_PERIOD - 1)) - _HALF
