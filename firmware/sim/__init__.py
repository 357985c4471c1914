"""The simulation: everything that runs on the unix port and CPython only, never on a shoe
(tools/device_files.py installs and freezes no module of it; tests/host/test_manifest_tool.py
runs the frozen manifest through MicroPython's own tool to hold that).

    import sim.board as simboard       # the simulated board: real driver, simulated chip
    import sim.session as session      # a whole session of the app (benchmark, demo, tests)

board (simulated board, DEV_KEY, RAM or host flash), mfrc522 (the chip), tags (card and tray
tags, the scripted dealer), display (recording and console displays), session (the session
runner), devsim (the desk shoe), demo_table (make demo's tables), virtual_shoe (`overplay
virtual-shoe`).
"""
