# ruff: noqa: F821 - include/require/module are given by MicroPython's manifest tool
# Frozen build of the Overplay shoe (MicroPython manifest; the rp2 port's FROZEN_MANIFEST).
# Frozen modules run from flash, so the code costs no heap on the Pico.
#   make firmware          # = make -C ports/rp2 BOARD=RPI_PICO FROZEN_MANIFEST=<this file>
# The tool runs this file with the current folder set to firmware/.
import os
import sys

include("$(PORT_DIR)/boards/manifest.py")  # the board's own frozen modules (asyncio, ...)

# micropython-lib: the SSD1306 display driver (a framebuf.FrameBuffer subclass).
require("ssd1306")

# The same files as firmware/package.json (the mip install), by the same rule: every module
# of firmware/ and shared/overplay_core/ but the unix-port tools (session_sim*, devsim,
# demo_table, drivers/sim_*); the board definitions go in as data (board_defs, below).
# main.py is frozen too: a Pico flashed with this image boots the shoe app from blank flash
# (MicroPython runs a frozen main.py in preference to one on the filesystem).
sys.path.insert(0, os.path.abspath("../tools"))
import device_files  # noqa: E402

for dest, src in device_files.device_files():
    if not dest.endswith(".py"):
        continue
    if dest.startswith("lib/"):  # lib/overplay_core/x.py is the package overplay_core
        module(dest[4:], base_path="../shared")
    else:
        module(dest)

# hardware/boards/*.json as one generated module, board_defs.BOARDS {name: JSON text}, which
# board.build() reads when no definition file is on the flash.
module("board_defs.py", base_path=device_files.write_board_defs())
