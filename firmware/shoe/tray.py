"""The electronic trump slip on a duplicate tray's NTAG213 tag, through the MFRC522 driver.

    tray = Tray(reader, slip_key, session=41)   # the club's slip key, this session's id
    tray = Tray.on_board(board, settings, record_key)   # what app.py does: from the enrolment
    code = tray.write_board(board, game, dealer, trump_card, handprint_bytes)  # original deal
    code = tray.read_board()           # an overplay, at any table of the club
    if code == OK:
        tray.slip                      # {"board", "game", "dealer", "trump", "handprint", ...}
    else:
        show(screens.tray_line(code))  # one line for the dealer (shoe/screens.py)

    # or the raw transport, when the caller encodes and checks with overplay_core.trayslip:
    ln = tray.write_slip(uid, n, slip_bytes, length)   # -> length written and verified, or < 0
    ln = tray.read_slip(uid, n, buf)   # -> slip length (16 if no slip), or < 0

The slip (overplay_core.trayslip, at most 49 bytes) goes to user pages 4..16 of the tag. Writing:
page 4 (the magic) is zeroed first, the pages after it written, page 4 last; so a tray pulled
away mid-write reads as "no slip" (rewrite it), never as a tampered slip. Every page is read
back and compared, and the slip checked under the key, before OK. Not the hot path: a slip is
written once per board and read once per overplay.

Keys: slips are signed with the club's tray-slip key (one per club, from `overplay enroll`,
kept in settings.Settings' key.bin after the shoe's own record key), so a slip written at table 1
verifies at every other table; a shoe enrolled before there was a slip key signs with its
record key (a one-shoe club only: enrol it again). The session id comes with the session
set-up (session.bin); a slip of another session is OTHER_SESSION (-46).
"""

from drivers import mfrc522
from overplay_core import trayslip

OK = 0
NO_TRAY = -30  # no tag in the field
NOT_NTAG = -31  # the tag is not an NTAG (4-byte UID): not a tray tag
WRITE_FAILED = -32  # the tag refused a page or left the field during the write
VERIFY_FAILED = -33  # read back differs from what was written
SLIP_ERROR_BASE = -40  # -40 + trayslip code: NO_SLIP -41 .. OTHER_SESSION -46
OTHER_SESSION = SLIP_ERROR_BASE + trayslip.OTHER_SESSION  # -46: a slip copied from another session

FIRST_PAGE = 4  # NTAG213 user memory: pages 4..39
LAST_PAGE = 39
# A slip is at most trayslip.MAX_LEN (49) bytes and a READ returns 16 (4 pages): 4 READs, 64
# bytes, hold any slip. Not the tag's 144 user bytes: a longer slip is never written, and a
# header that claims one fails trayslip.check on its handprint length (BAD_AUTH) either way.
SLIP_BUF = 64

class Tray:
    def __init__(self, reader, key, session=0):
        self.reader = reader
        self.key = key  # the club's tray-slip key (not the shoe's record key)
        self.session = session  # the session id slips are written with and checked against
        self.uid = bytearray(10)
        self.uid_len = 0
        self.data = bytearray(SLIP_BUF)
        self._page = bytearray(16)
        self.slip = None  # the decoded slip after read_board()/write_board() returned OK

    @staticmethod
    def on_board(board, settings=None, record_key=None):
        """The shoe's tray: slip key and session id from the enrolment and set-up on flash
        (shoe.settings.Settings), else the board's (board.slip_key, board.session_id), else the
        record key (an enrolment older than the club slip key: re-enrol the shoe)."""
        t = Tray(board.reader, getattr(board, "slip_key", None) or record_key,
                 getattr(board, "session_id", 0))
        if settings is not None:
            t.take(settings, record_key)
        return t

    def _select(self, uid, n):
        """Select the tray tag (uid[:n] when given: it must be that tag). OK or a code."""
        r = -1
        for _ in range(3):
            # WUPA wakes a halted tag; a tag still selected by the shoe's own read drops back
            # to IDLE on the first WUPA (ISO 14443-3) and answers the next one
            r = self.reader.read_uid(self.uid, True)
            if r > 0 or (r < 0 and r != mfrc522.TIMEOUT and r != mfrc522.CRC_ERROR):
                break
        if r == 0:
            return NO_TRAY
        if r < 0:
            return r
        if r != 7:
            return NOT_NTAG
        if uid is not None:
            if n != r:
                return NO_TRAY
            for i in range(r):
                if self.uid[i] != uid[i]:
                    return NO_TRAY  # another tag came in: not the one the shoe saw
        self.uid_len = r
        return OK

    def _read(self, nbytes):
        """Pages 4.. into self.data, at least nbytes, 4 pages a READ."""
        got = 0
        page = FIRST_PAGE
        while got < nbytes and page <= LAST_PAGE:
            r = self.reader.read_page(page, self._page)
            if r != OK:
                return r
            for i in range(16):
                self.data[got + i] = self._page[i]
            got += 16
            page += 4
        return OK

    # --- transport: raw slip bytes (the shoe encodes and checks them with trayslip);
    def write_slip(self, uid, n, data, length):
        """Write data[:length] (an encoded slip) to the tray tag and read it back.

        Returns length, or WRITE_FAILED, VERIFY_FAILED, NO_TRAY, NOT_NTAG, a driver code.
        Page 4 holds no magic until every other page is written (see the top)."""
        if length > SLIP_BUF:
            return WRITE_FAILED  # read back into self.data to verify: no slip is longer
        r = self._select(uid, n)
        if r != OK:
            return r
        pages = (length + 3) // 4
        pg = self._page
        for i in range(4):
            pg[i] = 0
        r = self.reader.write_page(FIRST_PAGE, pg)  # no magic while the rest is written
        p = 1
        while r == OK and p <= pages:
            q = p if p < pages else 0  # page 4 (index 0) goes last
            for i in range(4):
                k = q * 4 + i
                pg[i] = data[k] if k < length else 0
            r = self.reader.write_page(FIRST_PAGE + q, pg)
            p += 1
        if r != OK:
            return WRITE_FAILED if r in (mfrc522.NAK, mfrc522.TIMEOUT) else r
        r = self._read(length)
        self.reader.halt()
        if r != OK:
            return r
        for i in range(length):
            if self.data[i] != data[i]:
                return VERIFY_FAILED
        return length

    def take(self, settings, record_key=None):
        """Slip key and session id from shoe.settings.Settings, e.g. after the link stored a new
        enrolment or set-up (link.on_settings): the tray need not wait for a restart."""
        if settings.key is not None:
            self.key = settings.slip_key or settings.key or record_key
        if settings.setup is not None:
            self.session = settings.session_id

    def read_slip(self, uid=None, n=0, buf=None):
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


    def encode(self, buf, board, game, dealer, trump_card, handprint_bytes):
        """trayslip.encode under this tray's slip key and session id."""
        return trayslip.encode(buf, board, game, dealer, trump_card, handprint_bytes,
                               self.key, self.session)

    def check(self, data):
        """trayslip.check under this tray's slip key and session id (never raises)."""
        return trayslip.check(data, self.key, self.session)

    def write_board(self, board, game, dealer, trump_card, handprint_bytes, uid=None, n=0):
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

    def read_board(self, uid=None, n=0):
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
