"""`make flash`: the UF2 image goes to a mounted RPI-RP2 drive, or the user is told how."""

import os
import struct
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "tools"))

import flash  # noqa: E402

INFO = "UF2 Bootloader v3.0\nModel: Raspberry Pi RP2\nBoard-ID: RPI-RP2\n"


def uf2(path, blocks=2, family=flash.RP2040_FAMILY):
    out = b""
    for i in range(blocks):
        head = struct.pack("<8I", 0x0A324655, 0x9E5D5157, flash.UF2_FAMILY_PRESENT,
                           0x10000000 + 256 * i, 256, i, blocks, family)
        out += head + bytes([i]) * 256 + b"\0" * (476 - 256) + struct.pack("<I", 0x0AB16F30)
    with open(path, "wb") as f:
        f.write(out)
    return str(path)


def drive(folder):
    os.makedirs(folder)
    with open(os.path.join(folder, "INFO_UF2.TXT"), "w") as f:
        f.write(INFO)
    return str(folder)


def test_make_flash_copies_the_image_to_the_drive(tmp_path):
    image = uf2(tmp_path / "firmware.uf2")
    d = drive(tmp_path / "RPI-RP2")
    proc = subprocess.run(["make", "-s", "flash", "UF2=" + image, "RP2_DRIVE=" + d], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    with open(os.path.join(d, "firmware.uf2"), "rb") as a, open(image, "rb") as b:
        assert a.read() == b.read()
    assert "restarts" in proc.stdout


def test_the_drive_is_found_among_the_mounts(tmp_path):
    image = uf2(tmp_path / "firmware.uf2")
    d = drive(tmp_path / "media" / "RPI RP2")  # a space, as /proc/mounts escapes it
    other = tmp_path / "usbstick"
    other.mkdir()
    mounts = tmp_path / "mounts"
    mounts.write_text("/dev/sda1 / ext4 rw 0 0\n/dev/sdb1 %s vfat rw 0 0\n/dev/sdc1 %s vfat "
                      "rw 0 0\n" % (str(other), d.replace(" ", "\\040")))
    assert flash.main([image, "--mounts", str(mounts)]) == 0
    assert os.path.exists(os.path.join(d, "firmware.uf2"))
    assert not os.path.exists(other / "firmware.uf2")


def test_no_drive_says_how_to_enter_bootsel(tmp_path, capsys):
    image = uf2(tmp_path / "firmware.uf2")
    mounts = tmp_path / "mounts"
    mounts.write_text("/dev/sda1 / ext4 rw 0 0\n")
    assert flash.main([image, "--mounts", str(mounts)]) == 2
    err = capsys.readouterr().err
    assert "no RPI-RP2 drive" in err and "BOOTSEL" in err and err.count("\n") == 1
    not_pico = tmp_path / "stick"
    not_pico.mkdir()
    assert flash.main([image, "--drive", str(not_pico)]) == 2
    assert "not a Pico in BOOTSEL" in capsys.readouterr().err


def test_missing_or_foreign_images_are_refused_before_copying(tmp_path, capsys):
    d = drive(tmp_path / "RPI-RP2")
    assert flash.main([str(tmp_path / "none.uf2"), "--drive", d]) == 2
    assert "make firmware" in capsys.readouterr().err
    rp2350 = uf2(tmp_path / "rp2350.uf2", family=0xE48BFF59)
    assert flash.main([rp2350, "--drive", d]) == 2
    assert "not for the RP2040" in capsys.readouterr().err
    junk = tmp_path / "junk.uf2"
    junk.write_bytes(b"x" * 512)
    assert flash.main([str(junk), "--drive", d]) == 2
    assert "not a UF2 image" in capsys.readouterr().err
    assert os.listdir(d) == ["INFO_UF2.TXT"]
