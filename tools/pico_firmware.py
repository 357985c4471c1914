"""`make firmware`: the shoe's Pico image, MicroPython v1.28.0 RPI_PICO with the shoe frozen in.

    python3 tools/pico_firmware.py            # -> build/overplay-pico.uf2 (and .bin)
    python3 tools/pico_firmware.py --check    # exit 0 if it can build here, else say why
    python3 tools/pico_firmware.py --quiet    # the build's output to build/firmware.log

The MicroPython source tree: $MICROPY_DIR if set (a checkout of tag v1.28.0 with its
submodules lib/pico-sdk lib/tinyusb lib/mbedtls lib/micropython-lib), else the pinned tarball
../shared/toolchain/micropython-1.28.0-rp2-src.tar.xz beside the checkout, unpacked under
build/, else a clone of the public repositories at v1.28.0 into build/ (needs the internet).
The frozen modules are firmware/manifest.py's. The rp2 build goes to build/pico-rp2, so a
second run rebuilds only what changed (a few seconds after editing a frozen module).
"""

import os
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BUILD = os.path.join(ROOT, "build")
VERSION = "v1.28.0"
TARBALL = os.path.join(os.path.dirname(ROOT), "shared", "toolchain",
                       "micropython-1.28.0-rp2-src.tar.xz")
UNPACKED = os.path.join(BUILD, "micropython-1.28.0")
RP2_BUILD = os.path.join(BUILD, "pico-rp2")
UF2 = os.path.join(BUILD, "overplay-pico.uf2")
BIN = os.path.join(BUILD, "overplay-pico.bin")
MANIFEST = os.path.join(ROOT, "firmware", "manifest.py")
APT = ("apt-get update && apt-get install -y gcc-arm-none-eabi libnewlib-arm-none-eabi "
       "libstdc++-arm-none-eabi-newlib cmake build-essential")


def missing_toolchain():
    """What of the ARM toolchain is missing here, as one phrase ('' when nothing is)."""
    gone = [t for t in ("arm-none-eabi-gcc", "arm-none-eabi-g++", "cmake", "make", "cc")
            if shutil.which(t) is None]
    if not gone:
        # newlib (libc.a) and libstdc++ for the ARM target: ask the compiler where they are
        for lib, pkg in (("libc.a", "libnewlib-arm-none-eabi"),
                         ("libstdc++.a", "libstdc++-arm-none-eabi-newlib")):
            p = subprocess.run(["arm-none-eabi-gcc", "-mcpu=cortex-m0plus", "-mthumb",
                                "-print-file-name=" + lib], capture_output=True, text=True)
            if not os.path.isabs(p.stdout.strip()):
                gone.append(pkg)
    return ", ".join(gone)


def source_tree():
    """The MicroPython tree to build from (see the module docstring)."""
    env = os.environ.get("MICROPY_DIR")
    if env:
        if not os.path.isdir(os.path.join(env, "ports", "rp2")):
            sys.exit("MICROPY_DIR=%s has no ports/rp2: point it at a MicroPython %s checkout"
                     % (env, VERSION))
        return os.path.abspath(env)
    stamp = os.path.join(UNPACKED, ".overplay-unpacked")
    if os.path.exists(stamp):
        return UNPACKED
    os.makedirs(BUILD, exist_ok=True)
    if os.path.exists(TARBALL):
        print("unpacking %s" % os.path.relpath(TARBALL, ROOT), flush=True)
        subprocess.run(["tar", "-xJf", TARBALL, "-C", BUILD], check=True)
    else:
        # Not testable on the project's machines (no internet): the public sources at the
        # same pins the tarball holds (docs: ../shared/toolchain/README.md).
        print("no %s: cloning MicroPython %s" % (TARBALL, VERSION), flush=True)
        shutil.rmtree(UNPACKED, ignore_errors=True)
        subprocess.run(["git", "clone", "--depth", "1", "--branch", VERSION,
                        "https://github.com/micropython/micropython.git", UNPACKED], check=True)
        subprocess.run(["git", "-C", UNPACKED, "submodule", "update", "--init", "--depth", "1",
                        "lib/pico-sdk", "lib/tinyusb", "lib/mbedtls", "lib/micropython-lib"],
                       check=True)
    with open(stamp, "w") as f:
        f.write(VERSION + "\n")
    return UNPACKED


LOG = None  # --quiet: the build's output goes to build/firmware.log


def run(cmd, **kw):
    if LOG is None:
        print("+ " + " ".join(cmd), flush=True)
        subprocess.run(cmd, check=True, **kw)
        return
    LOG.write("+ " + " ".join(cmd) + "\n")
    LOG.flush()
    kw.setdefault("stdout", LOG)
    subprocess.run(cmd, check=True, stderr=subprocess.STDOUT, **kw)


def build(jobs):
    top = source_tree()
    if not os.path.exists(os.path.join(top, "mpy-cross", "build", "mpy-cross")):
        run(["make", "-C", os.path.join(top, "mpy-cross"), "-j%d" % jobs])
    env = dict(os.environ)
    # pico-sdk 2.x would git-clone picotool (and fail offline); the UF2 is made below instead
    env["CMAKE_ARGS"] = (env.get("CMAKE_ARGS", "") + " -DPICO_NO_PICOTOOL=1").strip()
    run(["make", "-C", os.path.join(top, "ports", "rp2"), "BOARD=RPI_PICO",
         "BUILD=" + RP2_BUILD, "FROZEN_MANIFEST=" + MANIFEST, "-j%d" % jobs], env=env)
    shutil.copyfile(os.path.join(RP2_BUILD, "firmware.bin"), BIN)
    run([sys.executable, os.path.join(top, "tools", "uf2conv.py"), "-c", "-f", "RP2040",
         "-b", "0x10000000", "-o", UF2, BIN], stdout=subprocess.DEVNULL)
    print("firmware: %s (%d bytes; firmware.bin %d bytes)"
          % (os.path.relpath(UF2, ROOT), os.path.getsize(UF2), os.path.getsize(BIN)))


def main(argv):
    gone = missing_toolchain()
    if gone:
        print("missing %s (install: %s);" % (gone, APT))
        return 2
    if "--check" in argv:
        return 0
    global LOG
    if "--quiet" in argv:
        os.makedirs(BUILD, exist_ok=True)
        LOG = open(os.path.join(BUILD, "firmware.log"), "w")
    try:
        build(int(os.environ.get("JOBS", "2")))
    except subprocess.CalledProcessError as e:
        where = "build/firmware.log" if LOG is not None else "the output above"
        print("make firmware: %s failed (exit %d); see %s"
              % (os.path.basename(e.cmd[0]), e.returncode, where))
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
