"""tools/screens_png.py: the shoe's screens drawn by framebuf under MicroPython, written as
PNGs by CPython; the pictures read back pixel by pixel (zlib, no image library)."""

import os
import struct
import subprocess
import sys
import zlib

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TOOL = os.path.join(ROOT, "tools", "screens_png.py")
sys.path.insert(0, os.path.join(ROOT, "tools"))
import screens_png as SP  # noqa: E402
from shoe.display import SUIT_GLYPHS  # noqa: E402


def read_png(path):
    """(width, height, rows of grey bytes) of an 8-bit greyscale PNG with filter 0 rows."""
    data = open(path, "rb").read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    i = 8
    idat = b""
    w = h = None
    while i < len(data):
        n, kind = struct.unpack(">I4s", data[i:i + 8])
        body = data[i + 8:i + 8 + n]
        assert struct.unpack(">I", data[i + 8 + n:i + 12 + n])[0] == zlib.crc32(kind + body)
        if kind == b"IHDR":
            w, h, depth, color = struct.unpack(">IIBB", body[:10])
            assert (depth, color) == (8, 0)
        elif kind == b"IDAT":
            idat += body
        i += 12 + n
    raw = zlib.decompress(idat)
    rows = [raw[y * (w + 1) + 1:(y + 1) * (w + 1)] for y in range(h)]
    assert all(raw[y * (w + 1)] == 0 for y in range(h))
    return w, h, rows


def panel_pixel(rows, x, y, scale):
    """The panel pixel (x, y) of a picture: 1 lit, 0 unlit (checked uniform in its block)."""
    ox, oy = (SP.BORDER + x) * scale, (SP.BORDER + y) * scale
    block = set(rows[oy + j][ox + i] for j in range(scale) for i in range(scale))
    assert len(block) == 1
    v = block.pop()
    assert v in (SP.ON, SP.OFF)
    return 1 if v == SP.ON else 0


def run(tmp_path, *args):
    out = str(tmp_path / "png")
    proc = subprocess.run([sys.executable, TOOL, "--out", out, "--scale", "2"] + list(args),
                          capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert proc.returncode == 0, proc.stderr
    return out


def test_every_kind_of_screen_of_a_session_becomes_a_png(tmp_path):
    out = run(tmp_path)
    names = sorted(os.listdir(out))
    for kind in ("dealing", "ruling", "entry", "accept", "sync", "no-reader", "task-fault"):
        assert kind + ".png" in names
    for name in names:
        w, h, rows = read_png(os.path.join(out, name))
        assert (w, h) == ((128 + 2 * SP.BORDER) * 2, (64 + 2 * SP.BORDER) * 2)
        # nothing beyond the panel's edge: the frame around it is all frame grey
        for y in range(h):
            for x in range(w):
                inside = SP.BORDER * 2 <= x < w - SP.BORDER * 2 and \
                    SP.BORDER * 2 <= y < h - SP.BORDER * 2
                if not inside:
                    assert rows[y][x] == SP.FRAME, (name, x, y)
        # the header: a band of lit pixels across row 0 (letters cut out of it)
        lit = sum(panel_pixel(rows, x, y, 2) for y in range(8) for x in range(128))
        assert lit > 128 * 8 // 2, name


def test_a_screen_given_as_text_is_drawn_as_the_panel_draws_it(tmp_path):
    out = run(tmp_path, "--text", "B3 dlr E    deal|12/52 QH>N||N3  E3  S3  W3")
    w, h, rows = read_png(os.path.join(out, "screen.png"))
    assert panel_pixel(rows, 0, 0, 2) == 1  # the band's corner
    # the heart after Q: row 1, column 7 (8x8 cell at x 56, y 8) is the bitmap, not an 'H'
    glyph = [[panel_pixel(rows, 56 + x, 8 + y, 2) for x in range(8)] for y in range(8)]
    want = [[(SUIT_GLYPHS[16 + y] >> (7 - x)) & 1 for x in range(8)] for y in range(8)]
    assert glyph == want
    assert not any(panel_pixel(rows, x, y, 2) for y in range(16, 24) for x in range(128))


def test_a_recorded_console_log_is_drawn_screen_by_screen(tmp_path):
    log = tmp_path / "shoe.log"
    log.write_text("shoe> B1 dlr N    deal | 1/52 2C>E\nshoe> B1 dlr N    deal | 2/52 3C>S\n")
    out = run(tmp_path, "--from", str(log))
    assert sorted(os.listdir(out)) == ["screen-001.png", "screen-002.png"]


def test_a_bad_argument_is_one_line_and_exit_2(tmp_path):
    proc = subprocess.run([sys.executable, TOOL, "--from", str(tmp_path / "none.log")],
                          capture_output=True, text=True, cwd=ROOT)
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    assert len(proc.stderr.strip().splitlines()) == 1
