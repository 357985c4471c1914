"""Overplay core: the part of Overplay that runs on both the shoe (MicroPython) and the club PC.

Layers build upward and never the reverse:
    cards -> games / laws / scoring -> records / wire codec -> (firmware, host)

Everything here is written in the subset that CPython and MicroPython both run
(see docs/toolchain.md): int constants and tuples, no enum, dataclasses or typing at run time.
"""
