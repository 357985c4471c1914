"""tray.py's parts a dealing shoe does without, loaded on first use: the lines for people
(tray.message) and the one-call slip methods (Tray.write_board/read_board/encode/check/message,
bound through Tray.__getattr__; the shoe uses write_slip/read_slip with its own codec).

    t = tray.Tray(reader, slip_key, session=41)
    t.write_board(12, 1, 3, trump_card, handprint_bytes)   # imports this module
"""

from drivers import mfrc522
from overplay_core import trayslip
from tray import NO_TRAY, NOT_NTAG, OK, SLIP_ERROR_BASE, VERIFY_FAILED, WRITE_FAILED

_MESSAGES = {
    NO_TRAY: "no tray tag over the reader: hold the tray's tag to the reader",
    NOT_NTAG: "this tag is not a tray tag (4-byte UID): use the tray's own tag",
    WRITE_FAILED: "writing the tray tag failed: hold the tray still and write again",
    VERIFY_FAILED: "the tray tag did not keep what was written: write again or change the tag",
}


def message(code):
    """One line for the dealer about a tray code (tray, trayslip or driver code)."""
    if code == OK:
        return "trump slip OK"
    if code in _MESSAGES:
        return _MESSAGES[code]
    if SLIP_ERROR_BASE - 6 <= code <= SLIP_ERROR_BASE - 1:
        return trayslip.REASONS[code - SLIP_ERROR_BASE]
    name = mfrc522.ERROR_NAMES.get(code)
    if name:
        return "tray tag read failed (%s): hold the tray's tag to the reader again" % name
    return "tray tag error %d" % code


def tray_message(self, code):
    return message(code)


def tray_encode(self, buf, board, game, dealer, trump_card, handprint_bytes):
    """trayslip.encode under this tray's slip key and session id."""
    return trayslip.encode(buf, board, game, dealer, trump_card, handprint_bytes,
                           self.key, self.session)


def tray_check(self, data):
    """trayslip.check under this tray's slip key and session id (never raises)."""
    return trayslip.check(data, self.key, self.session)


def tray_write_board(self, board, game, dealer, trump_card, handprint_bytes, uid=None, n=0):
    """Encode, sign, write and verify the slip; OK (self.slip set) or a code.

    ValueError (from trayslip.encode) for a value that cannot be written."""
    self.slip = None
    buf = bytearray(trayslip.MAX_LEN + 3)
    ln = self.encode(buf, board, game, dealer, trump_card, handprint_bytes)
    r = self.write_slip(uid, n, buf, ln)
    if r < 0:
        return r
    self.slip = trayslip.decode(self.data, self.key, self.session)
    return OK


def tray_read_board(self, uid=None, n=0):
    """Read and check the slip under the key and session; OK (self.slip = decoded dict) or
    a code (OTHER_SESSION -46: a genuine slip of another session)."""
    self.slip = None
    r = self.read_slip(uid, n)
    if r < 0:
        return r
    code = self.check(memoryview(self.data)[:r])
    if code != trayslip.OK:
        return SLIP_ERROR_BASE + code
    self.slip = trayslip.decode(self.data, self.key, self.session)
    return OK
