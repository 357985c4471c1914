"""The device install lists hold every module the shoe's app may import (a missing one would
stop a real Pico at boot with an ImportError), and nothing that only runs on the unix port."""

import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "tools"))

import device_files  # noqa: E402


def test_package_json_lists_every_device_file():
    proc = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "device_files.py"),
                           "--check"], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stdout


def test_manifest_freezes_every_top_level_firmware_module_but_main():
    frozen, packages = [], []
    calls = {"include": lambda *a, **k: None, "require": lambda *a, **k: None,
             "package": lambda name, **k: packages.append(name),
             "module": lambda name, **k: frozen.append(name)}
    with open(os.path.join(ROOT, "firmware", "manifest.py")) as f:
        exec(f.read(), calls)
    wanted = sorted(dest for dest, _ in device_files.device_files()
                    if "/" not in dest and dest != "main.py")
    assert sorted(frozen) == wanted
    assert "overplay_core" in packages and "drivers" in packages


def test_unix_only_tools_are_not_installed_on_the_shoe():
    dests = [d for d, _ in device_files.device_files()]
    for tool in ("session_sim.py", "devsim.py", "demo_table.py", "virtual_shoe.py",
                 "drivers/sim_tags.py"):
        assert tool not in dests
    assert "terminal.py" in dests and "lib/overplay_core/pin.py" in dests
