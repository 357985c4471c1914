"""tray.py's parts a dealing shoe does without, loaded on first use: the lines for people
(tray.message), reading a slip (Tray.read_slip: an overplay check), new settings (Tray.take)
and the one-call slip methods (Tray.write_board/read_board/encode/check/message), bound through
Tray.__getattr__; an original deal writes with write_slip and the shoe's own codec.

    t = tray.Tray(reader, slip_key, session=41)
    t.write_board(12, 1, 3, trump_card, handprint_bytes)   # imports this module
    ln = t.read_slip(uid, n, buf)      # the slip's bytes into buf (>= tray.SLIP_BUF bytes)
"""

from drivers import mfrc522
from overplay_core import trayslip
from shoe.tray import NO_TRAY, NOT_NTAG, OK, SLIP_BUF, SLIP_ERROR_BASE, VERIFY_FAILED, WRITE_FAILED

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


def tray_take(self, settings, record_key=None):
    """Slip key and session id from link.Settings, e.g. after the link stored a new
    enrolment or set-up (link.on_settings): the tray need not wait for a restart."""
    if settings.key is not None:
        self.key = settings.slip_key or settings.key or record_key
    if settings.setup is not None:
        self.session = settings.session_id


def tray_read_slip(self, uid=None, n=0, buf=None):
    """Read the slip bytes of the tray tag into buf (default self.data).

    Returns the slip's length from its header (capped at SLIP_BUF, 64: no slip is longer),
    the bytes read (16) when the tag holds no slip, or a negative code. The tag is halted
    after."""
    r = self._select(uid, n)
    if r != OK:
        return r
    r = self._read(16)
    ln = 16
    if r == OK and self.data[0] == trayslip.MAGIC0 and self.data[1] == trayslip.MAGIC1:
        ln = trayslip.length(self.data)
        if ln > SLIP_BUF:
            ln = SLIP_BUF  # a header claiming more: trayslip.check refuses it (BAD_AUTH)
        if ln > 16:
            r = self._read(ln)
    self.reader.halt()
    if r != OK:
        return r
    if buf is not None:
        for i in range(ln):
            buf[i] = self.data[i]
    return ln


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
