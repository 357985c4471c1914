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
    dests = [d for d, _ in device_files.flash_files()]
    for tool in ("session_sim.py", "devsim.py", "demo_table.py", "drivers/sim_tags.py"):
        assert "lib/" + tool not in dests and tool not in dests
    assert "lib/terminal.py" in dests and "lib/overplay_core/pin.py" in dests


def test_mip_lays_main_at_the_root_and_the_rest_in_lib():
    # mip installs each "urls" dest under its target, /lib on a Pico; the rp2 port runs
    # /main.py at boot and imports from /lib: so main.py's dest climbs out of /lib
    import json
    with open(os.path.join(ROOT, "package.json")) as f:
        urls = dict(json.load(f)["urls"])
    assert urls["../main.py"] == "firmware/main.py"
    assert urls["app.py"] == "firmware/app.py"
    assert urls["overplay_core/wire.py"] == "shared/overplay_core/wire.py"
    assert urls["hardware/boards/pico_ref.json"] == "hardware/boards/pico_ref.json"
    assert not any(d.startswith("lib/") for d in urls)  # no /lib/lib/...
    for src in urls.values():
        assert os.path.exists(os.path.join(ROOT, src)), src


def test_stage_compiles_every_module_but_main(tmp_path):
    staged = dict(device_files.stage(str(tmp_path / "dev")))
    assert "main.py" in staged and "lib/main.mpy" not in staged
    assert "lib/app.mpy" in staged and "lib/overplay_core/wire.mpy" in staged
    assert not any(d.endswith(".py") and d != "main.py" for d in staged)
    with open(tmp_path / "dev" / "lib" / "app.mpy", "rb") as f:
        head = f.read(4)
    assert head[:2] == b"M\x06"  # .mpy version 6, bytecode that any v1.2x port loads
