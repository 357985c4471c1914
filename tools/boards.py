"""Board definitions (hardware/boards/*.json): check them and draw their wiring diagrams.

    python tools/boards.py --check          # make boards: every definition, exit 1 on a fault
    python tools/boards.py --svg            # make wiring: hardware/wiring_<name>.svg
    python tools/boards.py --svg --check-svg   # exit 1 when a committed diagram is out of date

The check: every role the firmware reads is present (firmware/shoe/board.py build()), no GPIO
is used twice, every pin is one the module brings out (the Pico's GP23/24/25/29 are wired on the
board; on a Pico W they belong to the CYW43 wireless chip), and each bus signal is on a pin the
RP2040 can route to that peripheral (GPIO function table, RP2040 datasheet section 2.19.2:
F1 SPI, F2 UART, F3 I2C).
"""

import json
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BOARDS = os.path.join(ROOT, "hardware", "boards")

# GPIO -> (F1 SPI, F2 UART, F3 I2C), RP2040 datasheet 2.19.2 "Function Select".
FUNCTIONS = {
    0: ("SPI0 RX", "UART0 TX", "I2C0 SDA"), 1: ("SPI0 CSn", "UART0 RX", "I2C0 SCL"),
    2: ("SPI0 SCK", "UART0 CTS", "I2C1 SDA"), 3: ("SPI0 TX", "UART0 RTS", "I2C1 SCL"),
    4: ("SPI0 RX", "UART1 TX", "I2C0 SDA"), 5: ("SPI0 CSn", "UART1 RX", "I2C0 SCL"),
    6: ("SPI0 SCK", "UART1 CTS", "I2C1 SDA"), 7: ("SPI0 TX", "UART1 RTS", "I2C1 SCL"),
    8: ("SPI1 RX", "UART1 TX", "I2C0 SDA"), 9: ("SPI1 CSn", "UART1 RX", "I2C0 SCL"),
    10: ("SPI1 SCK", "UART1 CTS", "I2C1 SDA"), 11: ("SPI1 TX", "UART1 RTS", "I2C1 SCL"),
    12: ("SPI1 RX", "UART0 TX", "I2C0 SDA"), 13: ("SPI1 CSn", "UART0 RX", "I2C0 SCL"),
    14: ("SPI1 SCK", "UART0 CTS", "I2C1 SDA"), 15: ("SPI1 TX", "UART0 RTS", "I2C1 SCL"),
    16: ("SPI0 RX", "UART0 TX", "I2C0 SDA"), 17: ("SPI0 CSn", "UART0 RX", "I2C0 SCL"),
    18: ("SPI0 SCK", "UART0 CTS", "I2C1 SDA"), 19: ("SPI0 TX", "UART0 RTS", "I2C1 SCL"),
    20: ("SPI0 RX", "UART1 TX", "I2C0 SDA"), 21: ("SPI0 CSn", "UART1 RX", "I2C0 SCL"),
    22: ("SPI0 SCK", "UART1 CTS", "I2C1 SDA"), 23: ("SPI0 TX", "UART1 RTS", "I2C1 SCL"),
    24: ("SPI1 RX", "UART1 TX", "I2C0 SDA"), 25: ("SPI1 CSn", "UART1 RX", "I2C0 SCL"),
    26: ("SPI1 SCK", "UART1 CTS", "I2C1 SDA"), 27: ("SPI1 TX", "UART1 RTS", "I2C1 SCL"),
    28: ("SPI1 RX", "UART0 TX", "I2C0 SDA"), 29: ("SPI1 CSn", "UART0 RX", "I2C0 SCL"),
}

# Physical header pin of each GPIO brought out (Pico and Pico W share the pinout).
HEADER = {0: 1, 1: 2, 2: 4, 3: 5, 4: 6, 5: 7, 6: 9, 7: 10, 8: 11, 9: 12, 10: 14, 11: 15,
          12: 16, 13: 17, 14: 19, 15: 20, 16: 21, 17: 22, 18: 24, 19: 25, 20: 26, 21: 27,
          22: 29, 26: 31, 27: 32, 28: 34}
PIN_3V3, PIN_GND = 36, 38  # 3V3(OUT) and a GND beside it

# GPIOs the module uses itself (Pico datasheet; Pico W datasheet: the CYW43439 on SPI).
MODULES = {
    "pico": {"title": "Raspberry Pi Pico",
             "internal": {23: "SMPS power-save", 24: "VBUS sense", 25: "on-board LED",
                          29: "VSYS/3 sense (ADC3)"},
             "led": 25},
    "pico_w": {"title": "Raspberry Pi Pico W",
               "internal": {23: "CYW43 WL_ON", 24: "CYW43 SPI data", 25: "CYW43 SPI CS",
                            29: "CYW43 SPI clock, VSYS/3 sense"},
               "led": "LED"},  # on the CYW43 (WL_GPIO0): machine.Pin("LED")
}

# The roles firmware/shoe/board.py build() reads; a missing one is a KeyError at boot.
REQUIRED = {"reader": ("chip", "spi", "baudrate", "sck", "mosi", "miso", "cs", "rst"),
            "display": ("chip", "i2c", "sda", "scl", "freq", "addr", "width", "height"),
            "buttons": ("deal", "next", "mode")}
MFRC522_MAX_HZ = 10000000  # MFRC522 datasheet: SPI up to 10 Mbit/s
SSD1306_ADDRS = (0x3C, 0x3D)


def load(name):
    with open(os.path.join(BOARDS, name + ".json")) as f:
        return json.load(f)


def names():
    return sorted(n[:-5] for n in os.listdir(BOARDS) if n.endswith(".json"))


def _part(d, name):
    p = d.get(name)
    return p if isinstance(p, dict) else {}


def signals(d):
    """[(part, signal, gpio)] for every GPIO the definition uses (the LED when it is a GPIO)."""
    out = []
    r, dd = _part(d, "reader"), _part(d, "display")
    for k, sig in (("sck", "SCK"), ("mosi", "MOSI"), ("miso", "MISO"), ("cs", "SDA/NSS"),
                   ("rst", "RST")):
        if k in r:
            out.append(("MFRC522 reader", sig, r[k]))
    for k, sig in (("sda", "SDA"), ("scl", "SCL")):
        if k in dd:
            out.append(("SSD1306 display", sig, dd[k]))
    for b, pin in sorted(_part(d, "buttons").items()):
        out.append(("button " + b.upper(), "switch", pin))
    u = _part(d, "uart")
    for k in ("tx", "rx"):
        if k in u:
            out.append(("UART", k.upper(), u[k]))
    led = d.get("led")
    if isinstance(led, int):
        out.append(("LED", "anode", led))
    return out


def check(d):
    """Faults of board definition `d`, one line each; [] when it is sound."""
    faults = []
    module = d.get("module", "pico")
    if module not in MODULES:
        return ["module %r: use one of %s" % (module, ", ".join(sorted(MODULES)))]
    mod = MODULES[module]
    for part, keys in REQUIRED.items():
        have = d.get(part)
        if not isinstance(have, dict):
            faults.append("%s missing (the firmware needs %s)" % (part, ", ".join(keys)))
            continue
        for k in keys:
            if k not in have:
                faults.append("%s.%s missing" % (part, k))
    used = {}
    for part, sig, pin in signals(d):
        where = "%s %s" % (part, sig)
        if not isinstance(pin, int) or isinstance(pin, bool) or pin not in FUNCTIONS:
            faults.append("%s: GP%s is no RP2040 GPIO (0-29)" % (where, pin))
            continue
        if pin in used:
            faults.append("GP%d used twice: %s and %s" % (pin, used[pin], where))
        used[pin] = where
        if pin in mod["internal"] and not (part == "LED" and pin == mod["led"]):
            faults.append("%s: GP%d is not on the %s header (%s)"
                          % (where, pin, mod["title"], mod["internal"][pin]))
    led = d.get("led")
    if led is not None and led != mod["led"] and not isinstance(led, int):
        faults.append("led %r: the %s's LED is %r" % (led, mod["title"], mod["led"]))
    if module == "pico_w" and led == 25:
        faults.append("led GP25 is the CYW43's SPI chip select on a Pico W: use \"LED\"")
    faults += _bus(_part(d, "reader"), "reader", "spi", "SPI",
                   (("sck", "SCK"), ("mosi", "TX"), ("miso", "RX")), 0)
    faults += _bus(_part(d, "display"), "display", "i2c", "I2C",
                   (("sda", "SDA"), ("scl", "SCL")), 2)
    if "uart" in d:
        faults += _bus(_part(d, "uart"), "uart", "uart", "UART", (("tx", "TX"), ("rx", "RX")), 1)
    r, dd = _part(d, "reader"), _part(d, "display")
    if isinstance(r.get("baudrate"), int) and not 0 < r["baudrate"] <= MFRC522_MAX_HZ:
        faults.append("reader.baudrate %d: the MFRC522 takes at most %d" % (r["baudrate"],
                                                                            MFRC522_MAX_HZ))
    if "addr" in dd and dd["addr"] not in SSD1306_ADDRS:
        faults.append("display.addr %r: an SSD1306 answers at 0x3C or 0x3D" % (dd["addr"],))
    return faults


def _bus(part, pname, key, kind, roles, column):
    """Each (pin key, role) of `part` must be that bus's role on its GPIO."""
    faults = []
    bus = part.get(key)
    if bus not in (0, 1):
        return ["%s.%s %r: the RP2040 has %s0 and %s1" % (pname, key, bus, kind, kind)] \
            if key in part else []
    for k, role in roles:
        pin = part.get(k)
        if pin not in FUNCTIONS:
            continue  # reported by check()
        want = "%s%d %s" % (kind, bus, role)
        can = FUNCTIONS[pin][column]
        if can != want:
            faults.append("%s.%s GP%d cannot be %s (the RP2040 routes GP%d to %s): pick a pin "
                          "with %s" % (pname, k, pin, want, pin, can, want))
    return faults


# ---------------------------------------------------------------- wiring diagram (SVG)

COLOURS = {"power": "#c0392b", "ground": "#222222", "spi": "#1f6fb2", "i2c": "#1e8449",
           "gpio": "#b9770e"}
ROW, TOP, LEFT_X, LEFT_W, RIGHT_X, RIGHT_W = 22, 92, 30, 300, 560, 250


def wires(d):
    """[(part, part terminal, pico label, colour key)] in drawing order."""
    r, dd = d["reader"], d["display"]

    def gp(pin, role=""):
        return "GP%d (pin %d)%s" % (pin, HEADER.get(pin, 0), ("  " + role) if role else "")
    rows = [("MFRC522 reader", "3.3V", "3V3(OUT) (pin %d)" % PIN_3V3, "power"),
            ("MFRC522 reader", "GND", "GND (pin %d)" % PIN_GND, "ground")]
    spi = "SPI%d " % r["spi"]
    rows += [("MFRC522 reader", "SCK", gp(r["sck"], spi + "SCK"), "spi"),
             ("MFRC522 reader", "MOSI", gp(r["mosi"], spi + "TX"), "spi"),
             ("MFRC522 reader", "MISO", gp(r["miso"], spi + "RX"), "spi"),
             ("MFRC522 reader", "SDA (NSS)", gp(r["cs"], "chip select"), "gpio"),
             ("MFRC522 reader", "RST", gp(r["rst"], "reset"), "gpio"),
             ("MFRC522 reader", "IRQ", "not connected", "gpio")]
    i2c = "I2C%d " % dd["i2c"]
    rows += [("SSD1306 display", "VCC", "3V3(OUT) (pin %d)" % PIN_3V3, "power"),
             ("SSD1306 display", "GND", "GND (pin %d)" % PIN_GND, "ground"),
             ("SSD1306 display", "SDA", gp(dd["sda"], i2c + "SDA"), "i2c"),
             ("SSD1306 display", "SCL", gp(dd["scl"], i2c + "SCL"), "i2c")]
    for b in ("deal", "next", "mode"):
        pin = d["buttons"][b]
        rows += [("button " + b.upper(), "leg 1", gp(pin, "input, pull-up"), "gpio"),
                 ("button " + b.upper(), "leg 2", "GND (pin %d)" % PIN_GND, "ground")]
    return rows


def led_note(d):
    """Where the board's LED is: it is on the module, so it has no wire."""
    mod = MODULES[d.get("module", "pico")]
    led = d.get("led")
    if led is None:
        return "LED: none"
    if isinstance(led, int):
        return "LED: GP%d, on the board" % led
    return "LED: Pin(%r), on the CYW43 (WL_GPIO0), not an RP2040 pin" % led if \
        mod["led"] == led else "LED: %r" % led


def _esc(s):
    return str(s).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def svg(name, d):
    rows = wires(d)
    mod = MODULES[d.get("module", "pico")]
    parts = []
    for part, _, _, _ in rows:
        if part not in parts:
            parts.append(part)
    # one row per wire, a gap between parts
    ys, y, last = [], TOP, None
    for part, _, _, _ in rows:
        if last is not None and part != last:
            y += ROW + 8  # room for the next part's name
        ys.append(y)
        y += ROW
        last = part
    led_y = y + 6  # the LED's line
    y += ROW
    height = y + 60
    width = RIGHT_X + RIGHT_W + 30
    out = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" '
           'viewBox="0 0 %d %d" font-family="DejaVu Sans, Arial, sans-serif" font-size="12">'
           % (width, height, width, height),
           '<rect width="100%" height="100%" fill="#ffffff"/>',
           '<text x="%d" y="28" font-size="16" font-weight="bold">Overplay shoe wiring: %s'
           '</text>' % (LEFT_X, _esc(name)),
           '<text x="%d" y="48" fill="#555555">hardware/boards/%s.json, drawn by tools/boards.py'
           ' (make wiring). Pin numbers are the %s header.</text>'
           % (LEFT_X, _esc(name), _esc(mod["title"])),
           '<rect x="%d" y="%d" width="%d" height="%d" rx="8" fill="#e8f5e9" stroke="#2e7d32"/>'
           % (LEFT_X, TOP - 26, LEFT_W, y - TOP + 30),
           '<text x="%d" y="%d" font-weight="bold">%s</text>'
           % (LEFT_X + 10, TOP - 8, _esc(mod["title"]))]
    for part in parts:
        idx = [i for i, row in enumerate(rows) if row[0] == part]
        top, bottom = ys[idx[0]], ys[idx[-1]] + ROW
        out.append('<rect x="%d" y="%d" width="%d" height="%d" rx="6" fill="#f4f6f8" '
                   'stroke="#555555"/>' % (RIGHT_X, top - 24, RIGHT_W, bottom - top + 26))
        out.append('<text x="%d" y="%d" font-weight="bold">%s</text>'
                   % (RIGHT_X + 10, top - 8, _esc(part)))
    for (part, term, label, kind), row_y in zip(rows, ys):
        cy = row_y + 10
        colour = COLOURS[kind]
        out.append('<text x="%d" y="%d">%s</text>' % (LEFT_X + 10, cy + 4, _esc(label)))
        out.append('<text x="%d" y="%d" text-anchor="end">%s</text>'
                   % (RIGHT_X + RIGHT_W - 10, cy + 4, _esc(term)))
        if label != "not connected":
            out.append('<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="%s" stroke-width="2"/>'
                       % (LEFT_X + LEFT_W, cy, RIGHT_X, cy, colour))
            out.append('<circle cx="%d" cy="%d" r="3" fill="%s"/>'
                       % (LEFT_X + LEFT_W, cy, colour))
            out.append('<circle cx="%d" cy="%d" r="3" fill="%s"/>' % (RIGHT_X, cy, colour))
    out.append('<text x="%d" y="%d" fill="#555555">%s</text>'
               % (LEFT_X + 10, led_y + 14, _esc(led_note(d))))
    legend = ", ".join("%s: %s" % (k, v) for k, v in
                      (("red", "3.3 V"), ("black", "GND"), ("blue", "SPI"), ("green", "I2C"),
                       ("orange", "GPIO")))
    out.append('<text x="%d" y="%d" fill="#555555">%s. All parts are 3.3 V: never wire the '
               'MFRC522 to 5 V (VBUS/VSYS).</text>' % (LEFT_X, height - 24, _esc(legend)))
    out.append("</svg>")
    return "\n".join(out) + "\n"


def svg_path(name):
    return os.path.join(ROOT, "hardware", "wiring_%s.svg" % name)


def main(argv):
    status = 0
    if "--check" in argv:
        for n in names():
            faults = check(load(n))
            for f in faults:
                print("hardware/boards/%s.json: %s" % (n, f))
            if faults:
                status = 1
            else:
                print("hardware/boards/%s.json: sound" % n)
    if "--svg" in argv:
        for n in names():
            d = load(n)
            if check(d):
                print("hardware/boards/%s.json has faults: make boards" % n)
                status = 1
                continue
            text = svg(n, d)
            path = svg_path(n)
            if "--check-svg" in argv:
                try:
                    with open(path) as f:
                        same = f.read() == text
                except OSError:
                    same = False
                if not same:
                    print("%s is out of date: make wiring" % os.path.relpath(path, ROOT))
                    status = 1
            else:
                with open(path, "w") as f:
                    f.write(text)
                print("wrote %s" % os.path.relpath(path, ROOT))
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
