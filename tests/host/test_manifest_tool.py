"""firmware/manifest.py through MicroPython's own manifest tool (tools/manifestfile.py of the
pinned v1.28.0 tree, freeze mode, as `make firmware` runs it): it resolves offline, freezes
the shoe's modules, micropython-lib's ssd1306 and the board definitions, and no simulation
module (the simulated reader, tags, sessions, desk shoe or demo tables) goes into the image."""

import os
import subprocess
import sys
import tarfile

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "tools"))

import device_files  # noqa: E402
import pico_firmware  # noqa: E402

SIMULATION = "sim/"  # firmware/sim: the simulated board, chip, tags, sessions, desk shoe, demo


@pytest.fixture(scope="module")
def micropython_tree(tmp_path_factory):
    """The MicroPython tree: $MICROPY_DIR, the one make firmware unpacked, or the pinned
    tarball's tools, port manifests and micropython-lib unpacked here."""
    for top in (os.environ.get("MICROPY_DIR"), pico_firmware.UNPACKED):
        if top and os.path.exists(os.path.join(top, "tools", "manifestfile.py")):
            return top
    if not os.path.exists(pico_firmware.TARBALL):
        pytest.skip("no MicroPython v1.28.0 tree (MICROPY_DIR) nor %s" % pico_firmware.TARBALL)
    dest = str(tmp_path_factory.mktemp("mpy"))
    wanted = ("micropython-1.28.0/tools/", "micropython-1.28.0/ports/rp2/boards/manifest.py",
              "micropython-1.28.0/ports/rp2/modules/", "micropython-1.28.0/extmod/asyncio/",
              "micropython-1.28.0/lib/micropython-lib/")
    with tarfile.open(pico_firmware.TARBALL) as tf:
        members = [m for m in tf.getmembers() if m.name.startswith(wanted)]
        tf.extractall(dest, members=members, filter="data")
    return os.path.join(dest, "micropython-1.28.0")


def frozen_files(top):
    p = subprocess.run([sys.executable, os.path.join(top, "tools", "manifestfile.py"), "--freeze",
                        "--port", os.path.join(top, "ports", "rp2"), "--top", top,
                        "--lib", os.path.join(top, "lib", "micropython-lib"),
                        os.path.join(ROOT, "firmware", "manifest.py")],
                       capture_output=True, text=True)
    assert p.returncode == 0, p.stderr
    # lines after the metadata: ManifestOutput(file_type, full_path, target_path, ...)
    return [line for line in p.stdout.splitlines() if line.startswith("ManifestOutput")]


def target(line):
    return line.split("target_path='")[1].split("'")[0]


def test_no_simulation_module_is_frozen(micropython_tree):
    targets = [target(line) for line in frozen_files(micropython_tree)]
    assert not [t for t in targets if t.startswith(SIMULATION)], targets
    for t in ("main.py", "shoe/app.py", "shoe/board.py", "shoe/board_defs.py",
              "drivers/mfrc522.py", "overplay_core/records.py", "ssd1306.py", "asyncio/core.py"):
        assert t in targets, t


def test_the_frozen_shoe_is_the_installed_shoe(micropython_tree):
    # what the manifest tool freezes of ours is what package.json installs: one list
    ours = ("main.py", "shoe/", "drivers/", "overplay_core/")
    targets = sorted(t for t in (target(line) for line in frozen_files(micropython_tree))
                     if t.startswith(ours))
    wanted = sorted(d[4:] if d.startswith("lib/") else d
                    for d, _ in device_files.device_files())
    assert targets == wanted
