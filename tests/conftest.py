"""pytest setup: the same import path the device and the MicroPython runner use."""

import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
for sub in ("shared", "firmware", "host", "tests", os.path.join("tests", "host"),
            os.path.join("tests", "shared"),
            os.path.join("tests", "firmware")):
    path = os.path.join(ROOT, sub)
    if path not in sys.path:
        sys.path.insert(0, path)
