"""Which serial ports are shoes, found by their USB descriptor and a HELLO.

    find_shoes()                            # [(device, INFO)] of every shoe plugged in
    port = find_port()                      # the one shoe, or a one-line UserError

A shoe is a Pico running MicroPython's rp2 port (v1.28), whose USB device reports VID 0x2E8A
(Raspberry Pi), PID 0x0005 (ports/rp2/mpconfigport.h) and the product string "Board in FS
mode" (shared/tinyusb/tusb_config.h; pyserial lists it as `product` where the OS gives it). That
tells a MicroPython Pico from a Raspberry Pi Debug Probe (same VID, PID 0x000C), the RP2040's
BOOTSEL drive (PID 0x0003) or a USB-serial adapter; a Pico running MicroPython but not the
shoe's firmware has the same descriptor, so each candidate is then asked HELLO (sync.hello),
and only a port that answers INFO counts as a shoe. The HELLO frame holds no 0x03, so it
never interrupts a program; candidates are only ever MicroPython boards.
"""

from overplay.errors import UserError

SHOE_VID = 0x2E8A              # Raspberry Pi
SHOE_PID = 0x0005              # MicroPython's rp2 port (MICROPY_HW_USB_PID)
SHOE_PRODUCTS = ("Board in FS mode",)  # MICROPY_HW_USB_PRODUCT_FS_STRING, v1.28
PROBE_WAIT = 0.5               # seconds per HELLO try (sync.hello tries 4 times)


def comports():
    from serial.tools import list_ports
    return list(list_ports.comports())


def is_candidate(info):
    """Does this pyserial ListPortInfo look like a Pico running MicroPython?"""
    if info.vid != SHOE_VID or info.pid != SHOE_PID:
        return False
    # Some systems report no product string (None): the HELLO decides then.
    return info.product is None or info.product in SHOE_PRODUCTS


def why_not(info):
    """Why a port is not a shoe candidate, in a few words."""
    if info.vid is None:
        return "not a USB device"
    if info.vid != SHOE_VID:
        return "USB %04X:%04X is not a Raspberry Pi device" % (info.vid, info.pid or 0)
    if info.pid != SHOE_PID:
        return "USB %04X:%04X is not MicroPython (%s)" % (info.vid, info.pid or 0,
                                                          info.product or "no product name")
    return "product %r is not MicroPython's rp2 port" % info.product


def candidates(ports=None):
    """Devices whose USB descriptor is a MicroPython Pico's, in pyserial's order."""
    ports = comports() if ports is None else ports
    return [p.device for p in ports if is_candidate(p)]


def probe(device):
    """HELLO on `device`: the shoe's INFO as a dict, or None (no answer, cannot open).
    Nothing else is sent: DONE needs the shoe's key (wire v2), and the shoe closes an idle sync
    by itself after link.IDLE_MS."""
    from overplay.sync import HostLink, SyncError, hello, open_port
    try:
        ser = open_port(device)
    except UserError:
        return None
    try:
        hl = HostLink(ser)
        return hello(hl)
    except SyncError:
        return None
    finally:
        ser.close()


def find_shoes(ports=None):
    """[(device, INFO dict)] for every candidate that answers HELLO (the others are left
    out), in pyserial's order."""
    found = []
    for dev in candidates(ports):
        info = probe(dev)
        if info is not None:
            found.append((dev, info))
    return found


def describe(dev, info):
    if not info["enrolled"]:
        return "%s: shoe %d, not enrolled (overplay enroll --port %s)" % (dev, info["shoe_id"],
                                                                         dev)
    return "%s: shoe %d" % (dev, info["shoe_id"])


def find_port(ports=None):
    """The one shoe plugged in; UserError naming what was found otherwise."""
    cands = candidates(ports)
    if not cands:
        raise UserError("no shoe found (no USB serial port of a Pico running MicroPython): plug "
                        "the shoe in, or name it with --port")
    shoes = []
    for dev in cands:
        info = probe(dev)
        if info is not None:
            shoes.append((dev, info))
    if not shoes:
        raise UserError("%s answered no HELLO: is the shoe's firmware on it (make deploy "
                        "PORT=%s)? Or name the shoe with --port" % (", ".join(cands), cands[0]))
    if len(shoes) > 1:
        raise UserError("%d shoes plugged in (%s): name one with --port (overplay sync --all "
                        "syncs each)" % (len(shoes), "; ".join(describe(d, i) for d, i in shoes)))
    return shoes[0][0]
