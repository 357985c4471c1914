"""Every screen of the shoe to a PNG: drawn by the shoe's own code into the SSD1306's frame
buffer (MicroPython's framebuf, under the MicroPython unix port), written as PNG by CPython.

    python tools/screens_png.py                        # a scripted session -> docs/screens/
    python tools/screens_png.py --out /tmp/s --scale 6 --every-card
    python tools/screens_png.py --text "B3 dlr E    deal|12/52 QH>N||N3  E3  S3  W3" --out /tmp/s
    python tools/screens_png.py --from shoe.log --out /tmp/s    # a recorded session's screens

The pictures are exactly what the panel shows: the same 1024-byte MONO_VLSB buffer that
micropython-lib's ssd1306 driver sends to the chip, one PNG pixel block per panel pixel
(`--scale`, 4 by default), on a dark border so the panel's edge shows. A session (the default)
is sim/table_screens.py: the shoe's App at a simulated table through every kind of screen, one
PNG per kind (<name>.png; --every-card: dealing-01.png ...). --text draws rows given on the
command line ('|' between rows); --from draws each line of a file as a screen, rows separated
by ' | ' as the console display prints them (`make demo`, the desk shoe: 'shoe> ' prefix
dropped). No dependency beyond the standard library: zlib and struct make the PNG.
Run as `micropython tools/screens_png.py --dump ...` it is the half that draws (this tool
starts it); it prints `name hex-of-the-buffer` per screen.
"""

import sys

WIDTH = 128
HEIGHT = 64
BORDER = 4  # panel pixels of dark frame around the picture
ON = 255  # a lit OLED pixel
OFF = 16  # an unlit one (a little above black: the panel, not the page)
FRAME = 60  # the border


# --- the MicroPython half: draw, print the buffers -------------------------------------------

def _dump(args):
    import binascii

    from sim.display import panel_display

    every = "--every-card" in args
    if "--text" in args:
        rows = args[args.index("--text") + 1].split("|")
        screens = [("screen", rows)]
    elif "--from" in args:
        screens = _recorded(args[args.index("--from") + 1])
    else:
        screens = None
    d = panel_display()
    if screens is not None:
        for name, rows in screens:
            d.show(rows)
            print(name, binascii.hexlify(d.driver.buffer).decode())
        return
    from sim import table_screens

    count = {}
    for name, rows in table_screens.session(lambda: d, every_card=every):
        if name == "dealing" and every:
            count[name] = count.get(name, 0) + 1
            name = "dealing-%02d" % count[name]
        print(name, binascii.hexlify(d.driver.buffer).decode())


def _recorded(path):
    out = []
    with open(path) as f:
        for i, line in enumerate(f):
            line = line.rstrip("\n")
            if line.startswith("shoe> "):
                line = line[6:]
            if line:
                out.append(("screen-%03d" % (i + 1), line.split(" | ")))
    return out


# --- the CPython half: run the drawing, write the PNGs ---------------------------------------

def pixels(buf, width=WIDTH, height=HEIGHT):
    """MONO_VLSB (the SSD1306's layout: a byte is 8 pixels of a column, the low bit on top)
    to rows of 0/1."""
    return [[(buf[(y >> 3) * width + x] >> (y & 7)) & 1 for x in range(width)]
            for y in range(height)]


def png(buf, scale=4, width=WIDTH, height=HEIGHT):
    """A grey PNG of the panel's buffer: each pixel scale x scale, a BORDER-pixel frame."""
    import struct
    import zlib

    px = pixels(buf, width, height)
    w = (width + 2 * BORDER) * scale
    h = (height + 2 * BORDER) * scale
    frame_row = b"\x00" + bytes([FRAME]) * w
    raw = []
    for _ in range(BORDER * scale):
        raw.append(frame_row)
    side = bytes([FRAME]) * (BORDER * scale)
    for y in range(height):
        line = bytearray()
        for v in px[y]:
            line += bytes([ON if v else OFF]) * scale
        row = b"\x00" + side + bytes(line) + side
        for _ in range(scale):
            raw.append(row)
    for _ in range(BORDER * scale):
        raw.append(frame_row)

    def chunk(kind, data):
        c = struct.pack(">I", len(data)) + kind + data
        return c + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    ihdr = struct.pack(">IIBBBBB", w, h, 8, 0, 0, 0, 0)  # 8-bit greyscale
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr)
            + chunk(b"IDAT", zlib.compress(b"".join(raw), 9)) + chunk(b"IEND", b""))


def draw(args, root):
    """Run the MicroPython half; [(name, 1024-byte buffer)]."""
    import os
    import subprocess

    here = os.path.join(os.path.dirname(sys.executable), "micropython")
    mpy = here if os.path.exists(here) else "micropython"
    env = dict(os.environ)
    env["MICROPYPATH"] = os.pathsep.join([os.path.join(root, "shared"),
                                          os.path.join(root, "firmware"), ".frozen"])
    try:
        proc = subprocess.run([mpy, "-X", "heapsize=2m", os.path.abspath(__file__), "--dump"]
                              + args, cwd=root, env=env, capture_output=True, text=True,
                              timeout=300)
    except OSError as e:
        raise SystemExit("screens_png: cannot run MicroPython (%s): make venv installs it" % e)
    if proc.returncode != 0:
        err = (proc.stderr or proc.stdout).strip().splitlines()
        raise SystemExit("screens_png: the drawing failed: %s" % (err[-1] if err else
                                                                    proc.returncode))
    out = []
    for line in proc.stdout.splitlines():
        name, _, hx = line.partition(" ")
        if len(hx) == WIDTH * HEIGHT // 4:
            out.append((name, bytes.fromhex(hx)))
    return out


def main(argv=None):
    import argparse
    import os

    ap = argparse.ArgumentParser(description="the shoe's screens as PNGs, drawn by framebuf")
    ap.add_argument("--out", default="docs/screens", help="folder for the PNGs")
    ap.add_argument("--scale", type=int, default=4, help="PNG pixels per panel pixel")
    ap.add_argument("--every-card", action="store_true", help="a dealing screen per card")
    ap.add_argument("--text", help="one screen: its rows, '|' between them")
    ap.add_argument("--from", dest="source", help="a console log: a screen per line")
    a = ap.parse_args(argv)
    if not 1 <= a.scale <= 16:
        print("screens_png: --scale %d: give 1 to 16" % a.scale, file=sys.stderr)
        return 2
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    args = ["--every-card"] if a.every_card else []
    if a.text is not None:
        args += ["--text", a.text]
    if a.source is not None:
        if not os.path.isfile(a.source):
            print("screens_png: no file %s: give a console log of the shoe" % a.source,
                  file=sys.stderr)
            return 2
        args += ["--from", os.path.abspath(a.source)]
    try:
        screens = draw(args, root)
    except SystemExit as e:
        print(e, file=sys.stderr)
        return 2
    os.makedirs(a.out, exist_ok=True)
    seen = set()
    for name, buf in screens:
        if name in seen:
            continue
        seen.add(name)
        with open(os.path.join(a.out, name + ".png"), "wb") as f:
            f.write(png(buf, a.scale))
    print("%d screens -> %s" % (len(seen), a.out))
    return 0


if __name__ == "__main__":
    if sys.implementation.name == "micropython":
        _dump(sys.argv[1:])
    else:
        sys.exit(main())
