"""The files a shoe needs on its flash, from the tree: writes or checks firmware/package.json.

    python tools/device_files.py            # rewrite firmware/package.json
    python tools/device_files.py --check    # exit 1 naming what package.json lacks or has extra

Every module under firmware/ and shared/overplay_core/ goes to the device, except the tools
that only run on the unix port (UNIX_ONLY); plus the board definitions that board.build()
reads. firmware/manifest.py (the frozen build) applies the same rule by listing the folder,
so neither install list can forget a module the app imports.
"""

import json
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIRMWARE = os.path.join(ROOT, "firmware")
# Run on the unix port only: simulated sessions, the desk shoe, the demo's tables, the
# virtual shoe (`overplay virtual-shoe`), the simulated reader; and the build files themselves.
UNIX_ONLY_PREFIXES = ("session_sim", "devsim", "demo_table", "virtual_shoe", "drivers/sim_",
                      "manifest")


def device_files():
    """(destination on the device, source relative to firmware/) for every file to install."""
    files = []
    for folder, dirs, names in os.walk(FIRMWARE):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        for n in sorted(names):
            rel = os.path.relpath(os.path.join(folder, n), FIRMWARE).replace(os.sep, "/")
            if n.endswith(".py") and not rel.startswith(UNIX_ONLY_PREFIXES):
                files.append((rel, rel))
    shared = os.path.join(ROOT, "shared", "overplay_core")
    for n in sorted(os.listdir(shared)):
        if n.endswith(".py"):
            files.append(("lib/overplay_core/" + n, "../shared/overplay_core/" + n))
    boards = os.path.join(ROOT, "hardware", "boards")
    for n in sorted(os.listdir(boards)):
        if n.endswith(".json"):
            files.append(("lib/hardware/boards/" + n, "../hardware/boards/" + n))
    return sorted(files)


def package_json():
    urls = ",\n".join('  ["%s", "%s"]' % pair for pair in device_files())
    return '{"urls": [\n%s\n ],\n "deps": [["ssd1306", "latest"]], "version": "0.1.0"}\n' % urls


def main(argv):
    path = os.path.join(FIRMWARE, "package.json")
    if "--check" in argv:
        with open(path) as f:
            have = set(tuple(u) for u in json.load(f)["urls"])
        want = set(device_files())
        for dest, _ in sorted(want - have):
            print("firmware/package.json lacks %s" % dest)
        for dest, _ in sorted(have - want):
            print("firmware/package.json installs %s, which is not a device file" % dest)
        if want != have:
            print("run: .venv/bin/python tools/device_files.py")
            return 1
        return 0
    with open(path, "w") as f:
        f.write(package_json())
    print("wrote %s (%d files)" % (os.path.relpath(path, ROOT), len(device_files())))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
