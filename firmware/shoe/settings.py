"""What the club PC stored on this shoe: enrolment (shoe id, record key, tray-slip key), the
session set-up, the director's PIN; and the board to deal next. Read at power-on (the app),
written by the sync link (shoe/link.py) when the PC sends a new one.

    s = Settings("")                     # the files under the flash root (None: RAM only)
    s.key, s.shoe_id, s.slip_key         # None / 0 until `overplay enroll`
    s.setup, s.session_id, s.setup_id()  # the set-up bytes (overplay_core.session), or None
    s.pin                                # the PIN file (overplay_core.pin), or None
    s.bad                                # names of files found there but not usable
    s.save_key(9, key, slip_key); s.save_setup(data, session_id); s.save_pin(data)
    s.next_board(setup_id, first, last); s.save_next_board(setup_id, board)

The app keeps this object for the life of the shoe; the link, made only while a PC talks to
the shoe, is handed it and writes through it.
"""

import binascii
import errno
import os
import struct

from overplay_core import session
from overplay_core.mac import KEY_BYTES

PIN_FILE = "pin.bin"  # the scoring terminal's file (board.path("pin", "pin.bin"))
# The board a power-on deals next under the set-up in force (Settings.next_board): set-up id
# u32 LE, board u16 LE, then crc32 u32 LE of those 6 bytes
NEXT_FILE = "next.bin"

# key.bin, as the ENROLL payload that brings it (docs/wire.md): shoe id u32 LE, the shoe's
# record key, then the club's tray-slip key. One without the slip key (36 bytes: enrolled by
# an older PC) is still taken.
ENROLL_BYTES = 4 + 2 * KEY_BYTES
ENROLL_OLD_BYTES = 4 + KEY_BYTES
# SESSION_SET payload: the set-up (session.SIZE bytes), then the session id u32 LE that every
# table's set-up of one session shares (tray slips carry it). 14 bytes alone: session id 0.
SETUP_BYTES = session.SIZE + 4



class Settings:
    """Shoe id, keys, the session set-up and the director's PIN, one small file each in
    `folder` (None: RAM only).

    key.bin: shoe id u32 LE, record key (32), club tray-slip key (32); a 36-byte file (enrolled
    before the slip key existed) reads with slip_key None. session.bin: the set-up bytes, then
    the session id u32 LE (a 14-byte file: session_id 0). Each file is written whole to a
    temporary name, then renamed over the old one, so a power cut leaves the old value or the
    new one (LittleFS renames atomically): both keys change together. pin.bin: the director's
    PIN as a salted hash (overplay_core.pin, pin.SIZE bytes; None when there is none or it is
    malformed), which the scoring terminal reads (terminal.Terminal pin_data).

    A file that is there but cannot be used (a key file of the wrong length is never cut
    short to fit, a set-up that fails session.check, a PIN file of the wrong size or magic,
    a folder where the file should be) is taken as absent and its name put in `bad`, for
    the app to show and record (faults.boot); writing the new one replaces it.

    next.bin (NEXT_FILE): the board to deal next under set-up id N, written the same way
    after each deal the journal holds (App._dealt), read only when the app takes a set-up
    (next_board); one that is damaged, of another set-up or off its range is not used."""

    def __init__(self, folder):
        self.folder = folder
        self.shoe_id = 0
        self.key = None
        self.slip_key = None
        self.setup = None
        self.session_id = 0
        self.bad = []  # names of files found damaged
        d = self._read("key.bin")
        if d is not None and len(d) in (ENROLL_OLD_BYTES, ENROLL_BYTES):
            self.shoe_id = struct.unpack_from("<I", d, 0)[0]
            self.key = bytes(d[4:ENROLL_OLD_BYTES])
            if len(d) == ENROLL_BYTES:
                self.slip_key = bytes(d[ENROLL_OLD_BYTES:])
        elif d is not None:
            self.bad.append("key.bin")
        self.pin = self._read(PIN_FILE)
        if self.pin is not None:
            from overplay_core import pin  # only on a shoe that has a PIN file

            if len(self.pin) != pin.SIZE or self.pin[:2] != pin.MAGIC:
                self.pin = None  # not a PIN file
                self.bad.append(PIN_FILE)
        d = self._read("session.bin")
        if d is not None and len(d) in (session.SIZE, SETUP_BYTES) and \
                session.check(d[:session.SIZE]) == session.OK:
            self.setup = bytes(d[:session.SIZE])
            if len(d) == SETUP_BYTES:
                self.session_id = struct.unpack_from("<I", d, session.SIZE)[0]
        elif d is not None:
            self.bad.append("session.bin")

    def _path(self, name):
        return self.folder + "/" + name

    def _read(self, name):
        if self.folder is None:
            return None
        try:
            with open(self._path(name), "rb") as f:
                return f.read()
        except OSError as e:
            if e.errno != errno.ENOENT:  # there, but not a file that reads (a folder: EISDIR)
                self.bad.append(name)
            return None

    def _write(self, name, data):
        if self.folder is None:
            return
        tmp = self._path(name + ".tmp")
        with open(tmp, "wb") as f:
            f.write(data)
        try:
            os.rename(tmp, self._path(name))
        except OSError:  # an empty folder in the file's place (a damaged flash): remove it
            os.rmdir(self._path(name))
            os.rename(tmp, self._path(name))

    def save_key(self, shoe_id, key, slip_key=None):
        data = struct.pack("<I", shoe_id) + bytes(key)
        self._write("key.bin", data + bytes(slip_key) if slip_key else data)
        self.shoe_id = shoe_id
        self.key = bytes(key)
        self.slip_key = bytes(slip_key) if slip_key else None

    def save_setup(self, data, session_id=0):
        self._write("session.bin", bytes(data) + struct.pack("<I", session_id))
        self.setup = bytes(data)
        self.session_id = session_id

    def save_pin(self, data):
        """Store the PIN file the club PC sent (already checked: pin.check)."""
        self._write(PIN_FILE, bytes(data))
        self.pin = bytes(data)

    def next_board(self, setup_id, first, last):
        """The board to deal next under set-up setup_id (boards first..last): next.bin's, when
        it is of that set-up, intact and in first..last + 1 (last + 1: every board dealt, so
        none is offered again); else first. Never raises: the file is a hint, the journal
        the record."""
        if self.folder is None:
            return first
        try:
            with open(self._path(NEXT_FILE), "rb") as f:
                d = f.read(11)
        except OSError:  # none yet, or not a file that reads: start at the first board
            return first
        if len(d) != 10 or binascii.crc32(d[:6]) & 0xFFFFFFFF != \
                struct.unpack_from("<I", d, 6)[0]:
            return first  # damaged (the rename makes a torn write impossible; flash is not)
        sid, n = struct.unpack_from("<IH", d, 0)
        return n if sid == setup_id and first <= n <= last + 1 else first

    def save_next_board(self, setup_id, board):
        d = struct.pack("<IH", setup_id, board)
        self._write(NEXT_FILE, d + struct.pack("<I", binascii.crc32(d) & 0xFFFFFFFF))

    def setup_id(self):
        return struct.unpack_from("<I", self.setup, 1)[0] if self.setup else 0
