# ruff: noqa: F821 - include/require/package/module are given by MicroPython's manifest tool
# Frozen build of the Overplay shoe (MicroPython manifest; the rp2 port's FROZEN_MANIFEST).
# Frozen modules run from flash, so the code costs no heap on the Pico.
#   make firmware          # = make -C ports/rp2 BOARD=RPI_PICO FROZEN_MANIFEST=<this file>
# The tool runs this file with the current folder set to firmware/.
import os
import sys

include("$(PORT_DIR)/boards/manifest.py")  # the board's own frozen modules (asyncio, ...)

# micropython-lib: the SSD1306 display driver (a framebuf.FrameBuffer subclass).
require("ssd1306")

# The shoe's packages, from the one list firmware/package.json is made from too
# (tools/device_files.PACKAGES): overplay_core, shoe (with shoe/board_defs.py, every board
# definition) and drivers. Never firmware/sim/: the simulation runs on the unix port only.
# main.py is frozen too: a Pico flashed with this image boots the shoe app from blank flash
# (MicroPython runs a frozen main.py in preference to one on the filesystem).
sys.path.insert(0, os.path.abspath("../tools"))
import device_files  # noqa: E402

for name, top in device_files.PACKAGES:
    package(name, base_path=os.path.join(device_files.ROOT, top))
module("main.py")
