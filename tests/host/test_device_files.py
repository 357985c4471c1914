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


def run_manifest():
    """firmware/manifest.py as MicroPython's tool runs it (current folder firmware/), with
    the tool's calls recorded: (frozen .py paths as on the device, require() names). A
    package() freezes every .py under base_path/name, as the tool does."""
    frozen, required = [], []

    def package(name, base_path=".", **k):
        for folder, dirs, names in os.walk(os.path.join(base_path, name)):
            dirs[:] = [d for d in dirs if d != "__pycache__"]
            for n in names:
                if n.endswith(".py"):
                    frozen.append(os.path.relpath(os.path.join(folder, n), base_path))

    calls = {"include": lambda *a, **k: None,
             "require": lambda name, **k: required.append(name),
             "package": package,
             "module": lambda name, **k: frozen.append(name)}
    cwd = os.getcwd()
    os.chdir(os.path.join(ROOT, "firmware"))
    try:
        with open("manifest.py") as f:
            exec(f.read(), calls)
    finally:
        os.chdir(cwd)
    return frozen, required


def test_manifest_freezes_exactly_the_device_files():
    # one list (device_files.PACKAGES + main.py) makes both the frozen image and package.json
    frozen, required = run_manifest()
    wanted = sorted(dest[4:] if dest.startswith("lib/") else dest
                    for dest, _ in device_files.device_files())
    assert sorted(frozen) == wanted
    assert "main.py" in frozen and "drivers/mfrc522.py" in frozen
    assert "shoe/board_defs.py" in frozen  # the board definitions, by the same route
    assert not [f for f in frozen if f.startswith("sim/")]
    assert required == ["ssd1306"]


def test_board_defs_hold_every_board_definition_as_json():
    import json

    ns = {}
    with open(os.path.join(ROOT, "firmware", "shoe", "board_defs.py")) as f:
        assert f.read() == device_files.board_defs_source()  # make package rewrites it
    exec(device_files.board_defs_source(), ns)
    boards = os.path.join(ROOT, "hardware", "boards")
    names = sorted(n[:-5] for n in os.listdir(boards) if n.endswith(".json"))
    assert sorted(ns["BOARDS"]) == names
    with open(os.path.join(boards, "pico_ref.json")) as f:
        assert json.loads(ns["BOARDS"]["pico_ref"]) == json.load(f)


def test_unix_only_tools_are_not_installed_on_the_shoe():
    dests = [d for d, _ in device_files.flash_files()]
    assert not [d for d in dests if "/sim/" in d or d.startswith("sim/")], dests
    for tool in ("session.py", "devsim.py", "demo_table.py", "virtual_shoe.py", "tags.py",
                 "mfrc522.py", "board.py", "display.py"):
        assert "lib/sim/" + tool not in dests
    assert "lib/shoe/terminal.py" in dests and "lib/overplay_core/pin.py" in dests


def test_mip_lays_main_at_the_root_and_the_rest_in_lib():
    # mip installs each "urls" dest under its target, /lib on a Pico; the rp2 port runs
    # /main.py at boot and imports from /lib: so main.py's dest climbs out of /lib
    import json
    with open(os.path.join(ROOT, "package.json")) as f:
        urls = dict(json.load(f)["urls"])
    assert urls["../main.py"] == "firmware/main.py"
    assert urls["shoe/app.py"] == "firmware/shoe/app.py"
    assert urls["overplay_core/wire.py"] == "shared/overplay_core/wire.py"
    assert urls["shoe/board_defs.py"] == "firmware/shoe/board_defs.py"
    assert not any(d.startswith("lib/") for d in urls)  # no /lib/lib/...
    for src in urls.values():
        assert os.path.exists(os.path.join(ROOT, src)), src


def test_stage_compiles_every_module_but_main(tmp_path):
    staged = dict(device_files.stage(str(tmp_path / "dev")))
    assert "main.py" in staged and "lib/main.mpy" not in staged
    assert "lib/shoe/app.mpy" in staged and "lib/overplay_core/wire.mpy" in staged
    assert not any(d.endswith(".py") and d != "main.py" for d in staged)
    with open(tmp_path / "dev" / "lib" / "shoe" / "app.mpy", "rb") as f:
        head = f.read(4)
    assert head[:2] == b"M\x06"  # .mpy version 6, bytecode that any v1.2x port loads


def test_board_folders_never_shadow_a_module():
    """A folder on the flash named like a module (e.g. /journal beside journal.py) is found
    first at the next boot (sys.path starts with the flash root) and the app stops there."""
    import json

    modules = {d.split("/")[0].split(".")[0] for d, _ in device_files.device_files()}
    modules |= {d.split("/")[1] for d, _ in device_files.device_files() if d.startswith("lib/")}
    boards = os.path.join(ROOT, "hardware", "boards")
    for n in os.listdir(boards):
        with open(os.path.join(boards, n)) as f:
            d = json.load(f)
        for k in ("journal", "decks"):
            top = d[k].strip("/").split("/")[0]
            assert top not in modules, "%s: %s %r shadows a module" % (n, k, d[k])
