"""`make deploy PORT=/dev/ttyACM0`: put the shoe's code on a board already running MicroPython.

    python tools/deploy.py --port /dev/ttyACM0 [--resume] [--no-reset] [--stage build/device]

The firmware is compiled on this PC (tools/device_files.py --stage: mpy-cross -march=armv6m),
so nothing is compiled on the board's heap; mpremote copies /main.py, /lib/... (modules as
.mpy, the board definitions among them) and resets the board, which then boots into the shoe.
Before the copy, every earlier copy of a shoe module is removed from /lib (a stale
shoe/app.py would shadow the new shoe/app.mpy: MicroPython prefers .py), and so are the modules
of the flat layout before issue #11. Files the shoe wrote (/journal.d, /decks, /key.bin,
/session.bin, /pin.bin) are never touched: a provisioned shoe keeps its keys and records.

--resume: no soft reset when mpremote connects (needed for the unix port, which a soft reset
ends; the tests use it); --no-reset: leave the board at its REPL afterwards.
"""

import argparse
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import device_files  # noqa: E402

ROOT = device_files.ROOT
OWN_FOLDERS = ("lib/shoe", "lib/drivers", "lib/overplay_core")  # only shoe modules live here
# The flat layout before issue #11 put every firmware module at the top of /lib, and the board
# definitions under /lib/hardware/boards: an upgrade removes them (nothing imports them now,
# and a stale definition file there would be read before shoe/board_defs.py).
LEGACY = ("app", "app_more", "board", "board_more", "board_defs", "ring", "ring_more", "shoe",
          "shoe_core", "shoe_check", "shoe_laws", "shoe_tray", "shoe_text", "shoe_text_more",
          "deck", "deck_more", "deck_text", "tray", "tray_more", "journal", "link", "terminal",
          "terminal_director", "terminal_text", "display", "display_more", "faults")


def prepare_script(staged):
    """Device code: make the folders, remove every earlier copy of a shoe module."""
    folders = set()
    for d, _ in staged:
        while "/" in d:
            d = os.path.dirname(d)
            folders.add(d)
    folders = sorted(folders)  # parents first
    tops = sorted(set(d[len("lib/"):].rsplit(".", 1)[0] for d, _ in staged
                      if d.startswith("lib/") and d.count("/") == 1 and d.endswith(".mpy"))
                  | set(LEGACY))
    return "\n".join([
        "import os",
        "def _rm(p):",
        "    try:",
        "        os.remove(p)",
        "    except OSError:",
        "        pass",
        "for _d in %r:" % (tuple("/" + f for f in OWN_FOLDERS + ("lib/hardware/boards",)),),
        "    try:",
        "        for _n in os.listdir(_d):",
        "            _rm(_d + '/' + _n)",
        "    except OSError:",
        "        pass",
        "for _m in %r:" % (tuple(tops),),
        "    _rm('/lib/' + _m + '.py')",
        "    _rm('/lib/' + _m + '.mpy')",
        "for _d in %r:" % (tuple("/" + f for f in folders),),
        "    try:",
        "        os.mkdir(_d)",
        "    except OSError:",
        "        pass",
    ])


CHECK_SCRIPT = """try:
    import ssd1306
    print('deploy: ssd1306 present')
except ImportError:
    print('deploy: ssd1306 missing')
import shoe.app as app
print('deploy: app from', app.__file__)
"""


def mpremote_args(port, stage_dir, staged, resume=False, reset=True):
    args = ["connect", port]
    if resume:
        args.append("resume")
    args += ["exec", prepare_script(staged)]
    by_folder = {}
    for dest, _ in staged:
        by_folder.setdefault(os.path.dirname(dest), []).append(dest)
    for folder in sorted(by_folder):
        srcs = [os.path.join(stage_dir, d) for d in sorted(by_folder[folder])]
        args += ["+", "fs", "cp"] + srcs + [":/" + (folder + "/" if folder else "")]
    args += ["+", "exec", CHECK_SCRIPT]
    if reset:
        args += ["+", "reset"]
    return args


def main(argv=None):
    ap = argparse.ArgumentParser(description="copy the shoe's precompiled code to a board "
                                 "running MicroPython")
    ap.add_argument("--port", required=True, help="the board's serial port, e.g. /dev/ttyACM0")
    ap.add_argument("--stage", default=os.path.join(ROOT, "build", "device"),
                    help="folder for the compiled tree (default build/device)")
    ap.add_argument("--resume", action="store_true", help="no soft reset on connecting")
    ap.add_argument("--no-reset", action="store_true", help="do not reset the board after")
    args = ap.parse_args(argv)
    if not args.port:
        print("deploy: no port: make deploy PORT=/dev/ttyACM0 (`overplay ports` lists the "
              "shoes plugged in)", file=sys.stderr)
        return 2
    staged = [(d, s) for d, s in device_files.stage(args.stage) if d != "package.json"]
    print("deploy: %d files, %d bytes compiled in %s" % (len(staged), sum(s for _, s in staged),
                                                         os.path.relpath(args.stage, ROOT)))
    cmd = [sys.executable, "-m", "mpremote"] + mpremote_args(
        args.port, args.stage, staged, resume=args.resume, reset=not args.no_reset)
    proc = subprocess.run(cmd, capture_output=True, text=True)
    if proc.returncode != 0:
        err = (proc.stderr or proc.stdout).strip().splitlines()
        print("deploy: mpremote failed on %s: %s; is the board running MicroPython (flash it: "
              "make flash) and is the port right?" % (args.port, err[-1] if err else "?"),
              file=sys.stderr)
        return 2
    if "deploy: app from /lib/" not in proc.stdout:
        where = proc.stdout.split("deploy: app from ")[-1].split("\n")[0].strip()
        print("deploy: copied, but the board imports app from %r, ahead of /lib on sys.path "
              "(frozen into its image: update with make firmware and make flash; or a copy at "
              "the root: remove it)" % where, file=sys.stderr)
        return 2
    if "deploy: ssd1306 missing" in proc.stdout:
        print("deploy: the board has no ssd1306 driver (the display stays dark; the shoe "
              "deals and records): `mpremote connect %s mip install ssd1306`" % args.port)
    print("deploy: done on %s%s" % (args.port, "" if args.no_reset else "; the board restarts"
                                    " into the shoe. Next: overplay enroll --port " + args.port))
    return 0


if __name__ == "__main__":
    sys.exit(main())
