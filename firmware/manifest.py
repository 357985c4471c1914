# ruff: noqa: F821 - include/require/package/module are given by the manifest tool
# Frozen build of the Overplay shoe (MicroPython manifest; used with the rp2 port's
# FROZEN_MANIFEST). Frozen modules run from flash, so the code costs no heap on the Pico.
#   make -C ports/rp2 BOARD=RPI_PICO FROZEN_MANIFEST=/path/to/overplay/firmware/manifest.py
include("$(PORT_DIR)/boards/manifest.py")

# micropython-lib: the SSD1306 display driver (a framebuf.FrameBuffer subclass).
require("ssd1306")

# shared/: cards, games, tally, findings, laws, records, trayslip, handprint, wire, session...
package("overplay_core", base_path="../shared")

# firmware/: drivers, the shoe, journal, deck, tray, link, app. Not session_sim.py or
# devsim.py (unix-port tools), nor main.py (kept as a file on flash so it can be replaced).
package("drivers", base_path=".")
# tests/host/test_device_files.py checks this list against the tree (tools/device_files.py).
for name in ("app", "app_more", "board", "board_more", "deck", "deck_more", "deck_text",
             "display", "display_more", "faults", "journal", "link", "ring", "ring_more", "shoe",
             "shoe_check", "shoe_core", "shoe_laws", "shoe_text", "shoe_text_more",
             "shoe_tray", "terminal", "terminal_director", "terminal_text", "tray", "tray_more"):
    module(name + ".py")
