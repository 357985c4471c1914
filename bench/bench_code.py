"""code_mpy_bytes: total .mpy size of firmware/ + shared/ compiled for the RP2040 (armv6m)."""

import json
import os
import subprocess
import sys


def run(ctx):
    proc = subprocess.run([sys.executable, os.path.join(ctx.root, "tools", "mpy_gate.py"),
                           "--json", "firmware", "shared"], cwd=ctx.root,
                          capture_output=True, text=True)
    if proc.returncode != 0:
        raise RuntimeError("the MicroPython gate failed: " + proc.stdout[-500:])
    sizes = json.loads(proc.stdout.splitlines()[0])
    return {"code_mpy_bytes": sizes["total"]}
