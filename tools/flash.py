"""`make flash`: copy the firmware image to a Pico held in BOOTSEL (its RPI-RP2 drive).

    python tools/flash.py build/overplay-pico.uf2 [--drive /media/me/RPI-RP2]

With the BOOTSEL button held while it is plugged in, an RP2040 boots its ROM's USB mass
storage: a drive named RPI-RP2 holding INFO_UF2.TXT ("Board-ID: RPI-RP2"). A UF2 file copied
onto it is written to flash, and the Pico restarts into it. This finds that drive among the
mounted filesystems (or takes --drive), checks that the file is a UF2 image for the RP2040,
copies it and says what to do when there is no drive.
"""

import argparse
import os
import shutil
import struct
import sys

UF2_MAGIC = (0x0A324655, 0x9E5D5157, 0x0AB16F30)  # first, second, final magic of a block
UF2_FAMILY_PRESENT = 0x00002000
RP2040_FAMILY = 0xE48BFF56
BOARD_ID = "RPI-RP2"
HOW = ("unplug the Pico, hold its BOOTSEL button while plugging it in (a USB drive named "
       "RPI-RP2 appears; mount it if your desktop does not), then make flash again, or name "
       "the drive: make flash RP2_DRIVE=/media/$USER/RPI-RP2")


class FlashError(Exception):
    """One line: what is wrong, what to do."""


def check_uf2(path):
    """Blocks in the UF2 file at `path`; FlashError unless every block is an RP2040 block."""
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError:
        raise FlashError("%s not found: run make firmware first (or make flash UF2=FILE)"
                         % path)
    if not data or len(data) % 512:
        raise FlashError("%s is %d bytes, not whole 512-byte UF2 blocks: build it again "
                         "(make firmware)" % (path, len(data)))
    for i in range(0, len(data), 512):
        m0, m1, flags, _, _, _, _, family = struct.unpack_from("<8I", data, i)
        (m_end,) = struct.unpack_from("<I", data, i + 508)
        if (m0, m1, m_end) != UF2_MAGIC:
            raise FlashError("%s is not a UF2 image (block %d): build it with make firmware"
                             % (path, i // 512))
        if not flags & UF2_FAMILY_PRESENT or family != RP2040_FAMILY:
            raise FlashError("%s is not for the RP2040 (block %d family 0x%08x): build it "
                             "for the Pico with make firmware" % (path, i // 512, family))
    return len(data) // 512


def is_rp2_drive(folder):
    try:
        with open(os.path.join(folder, "INFO_UF2.TXT")) as f:
            return ("Board-ID: " + BOARD_ID) in f.read()
    except (OSError, UnicodeDecodeError):
        return False


def mounted_drives(mounts="/proc/mounts"):
    """Mount points that are an RP2040 boot drive (INFO_UF2.TXT names RPI-RP2)."""
    points = []
    try:
        with open(mounts) as f:
            for line in f:
                parts = line.split()
                if len(parts) > 1:
                    # /proc/mounts writes a space in a path as \040
                    points.append(parts[1].replace("\\040", " "))
    except OSError:
        pass
    points.append("/Volumes/" + BOARD_ID)  # macOS
    return [p for p in points if is_rp2_drive(p)]


def flash(uf2, drive=None, mounts="/proc/mounts"):
    """Copy `uf2` to the Pico's boot drive; returns the path written."""
    blocks = check_uf2(uf2)
    if drive:
        if not is_rp2_drive(drive):
            raise FlashError("%s is not a Pico in BOOTSEL (no INFO_UF2.TXT naming RPI-RP2): %s"
                             % (drive, HOW))
        drives = [drive]
    else:
        drives = mounted_drives(mounts)
    if not drives:
        raise FlashError("no RPI-RP2 drive mounted: " + HOW)
    if len(drives) > 1:
        raise FlashError("%d Picos in BOOTSEL (%s): name one with RP2_DRIVE=" %
                         (len(drives), ", ".join(drives)))
    dest = os.path.join(drives[0], os.path.basename(uf2))
    try:
        shutil.copyfile(uf2, dest)
        os.sync()
    except OSError as e:
        raise FlashError("copying to %s failed (%s): check the cable and flash again"
                         % (drives[0], e.strerror or e))
    return dest, blocks


def main(argv=None):
    ap = argparse.ArgumentParser(description="copy a UF2 image to a Pico held in BOOTSEL")
    ap.add_argument("uf2", help="the image (make firmware builds it under build/)")
    ap.add_argument("--drive", help="the RPI-RP2 drive's folder (default: found in the mounts)")
    ap.add_argument("--mounts", default="/proc/mounts", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    try:
        dest, blocks = flash(args.uf2, args.drive, args.mounts)
    except FlashError as e:
        print("flash: %s" % e, file=sys.stderr)
        return 2
    print("flash: %s written (%d blocks); the Pico restarts into it. Next: make deploy "
          "PORT=/dev/ttyACM0 if the image does not hold the shoe's code, then overplay enroll"
          % (dest, blocks))
    return 0


if __name__ == "__main__":
    sys.exit(main())
