"""Frames of the shoe <-> club-PC link: COBS-framed packets with a sequence number and a CRC-32.

    enc = Encoder()
    n = enc.frame(PULL, 120, b"\\x40\\x00")        # ready to write: enc.view(n)
    enc.start(DATA, 120); enc.put(record); n = enc.finish()
    dec = Decoder()
    for b in incoming:                             # or: i = dec.feed(chunk, i)
        if dec.push(b):
            handle(dec.type, dec.seq, dec.payload)  # payload: memoryview, valid until next push
    dec.bad                                         # frames dropped: bad COBS, CRC, too long

A packet is `type u8, seq u32 LE, payload, crc32 u32 LE` (the CRC, binascii.crc32, covers
type..payload). It is COBS-encoded (no 0x00 inside) and ends with one 0x00 delimiter, so a
receiver that lost bytes resyncs at the next 0x00 (hardware-facts §4). A frame on the wire is at
most MAX_FRAME = 256 bytes, so a packet is at most 253 bytes and a payload at most 244.
Noise is counted in `Decoder.bad`, never raised (style rule 10). The device keeps one Encoder
and one Decoder for the life of the link: buffers are made once, in __init__.
The message types and the sync conversation are in docs/wire.md.
"""

import binascii
import struct

from overplay_core import mac
from overplay_core.errors import ParseError
from overplay_core.mac import KEY_BYTES  # noqa: F401 - ENROLL's key (wire.KEY_BYTES)

# Message types (docs/wire.md): host -> shoe are odd, shoe -> host are even.
HELLO = 1        # host: start a sync (payload: version u8, host nonce 16)
INFO = 2         # shoe: INFO_FMT fields, shoe nonce 16, proof 16 (INFO_BYTES in all)
PULL = 3         # host: send records from seq (payload: window u16, records in flight)
BEGIN = 4        # shoe: seq = first record it will send, payload next_seq u32 (journal end)
ACK = 5          # host: cumulative, every record below seq received (flow control only)
DATA = 6         # shoe: seq = seq of the first record; payload: (len u8, record) ...
DONE = 7         # host: every record below seq is committed to the club DB
END = 8          # shoe: seq = next_seq, nothing more to send
SESSION_SET = 9  # host: seq = set-up id, payload = session.encode(...)
DONE_ACK = 10    # shoe: records below seq marked synced; the REPL interrupt is back
ENROLL = 11      # host: shoe_id u32 + record key (32 bytes) + club slip key (32 bytes)
SESSION_ACK = 12  # shoe: set-up seq stored on flash
PIN_SET = 13     # host: payload = the director's PIN file (overplay_core.pin: salted hash)
ENROLL_ACK = 14  # shoe: key stored; seq = shoe id
ERROR = 16       # shoe: seq = error code, payload = short ASCII reason
PIN_ACK = 18     # shoe: PIN stored on flash; seq echoes PIN_SET's

NAMES = {HELLO: "HELLO", INFO: "INFO", PULL: "PULL", BEGIN: "BEGIN", ACK: "ACK", DATA: "DATA",
         DONE: "DONE", END: "END", SESSION_SET: "SESSION_SET", DONE_ACK: "DONE_ACK",
         ENROLL: "ENROLL", SESSION_ACK: "SESSION_ACK", ENROLL_ACK: "ENROLL_ACK", ERROR: "ERROR",
         PIN_SET: "PIN_SET", PIN_ACK: "PIN_ACK"}

VERSION = 2  # 2: authenticated commands, stuffed host frames, journal identity in INFO
MAX_FRAME = 256            # bytes on the wire, delimiter included
MAX_PACKET = 253           # COBS adds 1 byte (a packet < 254 bytes), the delimiter 1 more
HEADER = 5                 # type u8 + seq u32
MAX_PAYLOAD = MAX_PACKET - HEADER - 4   # 244
MAX_RECORD = MAX_PAYLOAD - 1            # one length byte per record in a DATA payload

# Codes of the non-raising check (0 = a good packet).
OK = 0
E_COBS = -1    # a 0x00 inside the frame or a code byte that points past its end
E_SHORT = -2   # fewer than 9 bytes: no room for header and CRC
E_CRC = -3     # CRC-32 does not match: a flipped bit or a frame spliced from two
E_LONG = -4    # more than MAX_FRAME bytes before a delimiter
E_EMPTY = -5   # nothing between two delimiters (harmless, used to flush a receiver)
E_STUFF = -6   # a stuffed (host -> shoe) frame with a raw 0x03 or a bad escape
ERR_TEXT = {E_COBS: "bad COBS byte stuffing", E_SHORT: "frame too short",
            E_CRC: "CRC-32 mismatch", E_LONG: "frame longer than 256 bytes",
            E_EMPTY: "empty frame", E_STUFF: "bad 0x03 escape in a host frame"}

# Host -> shoe frames never hold 0x03, MicroPython's REPL interrupt character (Ctrl-C): on a
# Pico the USB CDC driver turns that byte into KeyboardInterrupt in the running program
# whenever kbd_intr(3) is in force, whatever the app is doing (hardware-facts §4). After COBS,
# the host sends each 0x03 and each ESC as ESC, byte ^ 0x20 (0x7D 0x23, 0x7D 0x5D); the shoe's
# Decoder(stuffed=True) undoes it. Shoe -> host frames are not stuffed (the PC has no REPL).
INTR = 0x03
ESC = 0x7D



def cobs_encode(src, n, dst, at=0):
    """COBS-encode src[0:n] into dst[at:]; return the bytes written (no delimiter)."""
    code_at = at
    o = at + 1
    code = 1
    for i in range(n):
        b = src[i]
        if b:
            dst[o] = b
            o += 1
            code += 1
            if code == 0xFF:  # a full block of 254 non-zero bytes carries no implied zero
                dst[code_at] = code
                code_at = o
                o += 1
                code = 1
        else:
            dst[code_at] = code
            code_at = o
            o += 1
            code = 1
    dst[code_at] = code
    return o - at


def cobs_decode(src, n, dst):
    """Decode src[0:n] (no delimiter) into dst (may be src itself); return length or E_COBS."""
    i = 0
    o = 0
    while i < n:
        code = src[i]
        if code == 0:
            return E_COBS
        i += 1
        end = i + code - 1
        if end > n:
            return E_COBS
        while i < end:
            b = src[i]
            if b == 0:
                return E_COBS
            dst[o] = b
            o += 1
            i += 1
        if code != 0xFF and i < n:
            dst[o] = 0
            o += 1
    return o


class Encoder:
    """Builds frames in buffers made once; `view(n)` is what to write to the stream."""

    def __init__(self):
        self.raw = bytearray(MAX_PACKET)
        self.out = bytearray(MAX_FRAME)
        self._out_mv = memoryview(self.out)
        self._raw_mv = memoryview(self.raw)
        self.n = 0

    def start(self, ptype, seq):
        """Begin a packet; add payload with put() / put_bytes(), then finish()."""
        struct.pack_into("<BI", self.raw, 0, ptype, seq & 0xFFFFFFFF)
        self.n = HEADER

    def room(self):
        return MAX_PACKET - 4 - self.n

    def put_bytes(self, data, n=-1):
        """Append raw payload bytes; False (nothing added) when they do not fit."""
        if n < 0:
            n = len(data)
        if n > self.room():
            return False
        self.raw[self.n:self.n + n] = data if n == len(data) else data[:n]
        self.n += n
        return True

    def put(self, record):
        """Append one length-prefixed record (a DATA payload item); False when it does not fit."""
        n = len(record)
        if n > MAX_RECORD or n + 1 > self.room():
            return False
        self.raw[self.n] = n
        self.raw[self.n + 1:self.n + 1 + n] = record
        self.n += n + 1
        return True

    def finish(self):
        """Close the packet (CRC, COBS, delimiter); return the frame length."""
        n = self.n
        struct.pack_into("<I", self.raw, n, binascii.crc32(self._raw_mv[:n]) & 0xFFFFFFFF)
        m = cobs_encode(self.raw, n + 4, self.out, 0)
        self.out[m] = 0
        return m + 1

    def frame(self, ptype, seq, payload=b""):
        """One whole frame; return its length (write `view(n)`)."""
        self.start(ptype, seq)
        if not self.put_bytes(payload):
            return 0
        return self.finish()

    def view(self, n):
        return self._out_mv[:n]


class Decoder:
    """Accumulates bytes up to a 0x00, then checks COBS and CRC. Bad frames are counted."""

    def __init__(self, stuffed=False):
        self.buf = bytearray(MAX_FRAME)
        self.mv = memoryview(self.buf)
        self.n = 0
        self.over = False
        self.stuffed = stuffed   # the shoe's decoder: frames from the host (see ESC)
        self.esc = False
        self.spoilt = False
        self.good = 0
        self.bad = 0
        self.last_error = OK
        self.type = 0
        self.seq = 0
        self.plen = 0
        self.payload = self.mv[0:0]

    def push(self, b):
        """Take one byte; True when a good packet is ready in type / seq / payload."""
        if b:
            if self.stuffed:
                if self.esc:
                    self.esc = False
                    b ^= 0x20
                    if b != INTR and b != ESC:
                        self.spoilt = True
                elif b == ESC:
                    self.esc = True
                    return False
                elif b == INTR:
                    self.spoilt = True
            if self.n < MAX_FRAME - 1:
                self.buf[self.n] = b
                self.n += 1
            else:
                self.over = True
            return False
        n = self.n
        self.n = 0
        if self.over:
            self.over = False
            self.esc = self.spoilt = False
            return self._fail(E_LONG)
        if self.spoilt or self.esc:
            self.esc = self.spoilt = False
            return self._fail(E_STUFF)
        if n == 0:
            return False  # an empty frame only flushes the receiver
        code = check(self.buf, n, self.buf)
        if code < 0:
            return self._fail(code)
        m = code
        self.type = self.buf[0]
        self.seq = self.buf[1] | (self.buf[2] << 8) | (self.buf[3] << 16) | (self.buf[4] << 24)
        self.plen = m - HEADER - 4
        self.payload = self.mv[HEADER:HEADER + self.plen]
        self.good += 1
        return True

    def _fail(self, code):
        self.bad += 1
        self.last_error = code
        return False

    def feed(self, data, start=0):
        """Push data[start:] until a packet is ready: return the index after it, or -1."""
        for i in range(start, len(data)):
            if self.push(data[i]):
                return i + 1
        return -1

    def reset(self):
        """Forget a partial frame (after a cut)."""
        self.n = 0
        self.over = False
        self.esc = self.spoilt = False


def check(src, n, dst):
    """Non-raising door: COBS-decode src[0:n] into dst and check the CRC.

    Returns the packet length (>= 9) or a negative E_* code."""
    m = cobs_decode(src, n, dst)
    if m < 0:
        return m
    if m < HEADER + 4:
        return E_SHORT
    crc = dst[m - 4] | (dst[m - 3] << 8) | (dst[m - 2] << 16) | (dst[m - 1] << 24)
    if binascii.crc32(memoryview(dst)[:m - 4]) & 0xFFFFFFFF != crc:
        return E_CRC
    return m


def stuff(frame):
    """A frame for the shoe: every 0x03 and ESC sent as ESC, byte ^ 0x20 (no 0x03 remains)."""
    out = bytearray()
    for b in frame:
        if b == INTR or b == ESC:
            out.append(ESC)
            out.append(b ^ 0x20)
        else:
            out.append(b)
    return bytes(out)


def unstuff(frame):
    """The inverse of stuff(); raises ParseError on a raw 0x03 or a bad escape."""
    out = bytearray()
    esc = False
    for b in frame:
        if esc:
            b ^= 0x20
            if b != INTR and b != ESC:
                raise ParseError("frame: %s" % ERR_TEXT[E_STUFF])
            out.append(b)
            esc = False
        elif b == ESC:
            esc = True
        elif b == INTR:
            raise ParseError("frame: %s" % ERR_TEXT[E_STUFF])
        else:
            out.append(b)
    if esc:
        raise ParseError("frame: %s" % ERR_TEXT[E_STUFF])
    return bytes(out)


def encode_frame(ptype, seq, payload=b"", stuffed=False):
    """One frame as new bytes (host and tests); raises ParseError when the payload is too big.
    stuffed=True: a host -> shoe frame, free of 0x03 (see ESC)."""
    if len(payload) > MAX_PAYLOAD:
        raise ParseError("frame payload of %d bytes: at most %d fit in one frame"
                         % (len(payload), MAX_PAYLOAD))
    enc = Encoder()
    f = bytes(enc.view(enc.frame(ptype, seq, payload)))
    return stuff(f) if stuffed else f


def decode_frame(frame, stuffed=False):
    """Raising door: one frame (with or without its 0x00) -> (type, seq, payload bytes)."""
    if stuffed:
        frame = unstuff(frame)
    n = len(frame)
    if n and frame[n - 1] == 0:
        n -= 1
    if n == 0:
        raise ParseError("frame: empty")
    if n > MAX_FRAME - 1:
        raise ParseError("frame: %d bytes before the delimiter, at most %d"
                         % (n, MAX_FRAME - 1))
    buf = bytearray(n)
    m = check(frame, n, buf)
    if m < 0:
        raise ParseError("frame: %s" % ERR_TEXT[m])
    seq = struct.unpack_from("<I", buf, 1)[0]
    return buf[0], seq, bytes(buf[HEADER:m - 4])


def split_records(payload):
    """A DATA payload -> list of record bytes; raises ParseError with the offset."""
    out = []
    i = 0
    n = len(payload)
    while i < n:
        k = payload[i]
        if k == 0 or i + 1 + k > n:
            raise ParseError("DATA payload: record length %d at offset %d runs past %d bytes"
                             % (k, i, n))
        out.append(bytes(payload[i + 1:i + 1 + k]))
        i += 1 + k
    return out


# Payloads of the small messages (struct formats, little-endian).
# INFO: version, shoe_id, enrolled (0/1), boot u16, next_seq (one past the last committed
# record), session set-up id held, journal_id (random, new each time the journal starts afresh),
# first_seq (the oldest record still held), flags (INFO_*); then the shoe's nonce (fresh for
# every HELLO) and the proof: info_proof(key, host nonce, INFO payload before the proof), or 16
# zero bytes when the shoe holds no key.
INFO_FMT = "<BIBHIIIIB"
INFO_ENROL_OPEN = 1     # flags: the shoe takes an ENROLL without a tag (never enrolled, or
                        # re-keying opened by hand at the shoe itself)
NONCE_BYTES = 16
AUTH_BYTES = 16
INFO_HEAD = struct.calcsize(INFO_FMT)               # 25
INFO_BYTES = INFO_HEAD + NONCE_BYTES + AUTH_BYTES   # 57
HELLO_BYTES = 1 + NONCE_BYTES                       # version, host nonce
ERR_AUTH = 5            # ERROR code: a command whose tag does not verify (nothing changed)
PULL_FMT = "<H"        # window: records the shoe may have in flight
BEGIN_FMT = "<I"       # next_seq: where the journal ends now
ENROLL_FMT = "<I"      # shoe id, followed by the key(s), KEY_BYTES each


# --- authentication (docs/wire.md "Who is trusted") -------------------------------------------
# DONE, SESSION_SET, PIN_SET and ENROLL of an enrolled shoe carry, as their last AUTH_BYTES of
# payload, command_tag() under the shoe's record key. The tag covers both nonces of this sync
# (the shoe's is fresh for every HELLO), so a recorded conversation replayed later fails.

def command_tag(key, shoe_nonce, host_nonce, ptype, seq, body):
    """HMAC-SHA256(key, "overplay-cmd" | shoe nonce | host nonce | type u8 | seq u32 LE | body),
    cut to AUTH_BYTES."""
    m = bytearray(b"overplay-cmd")
    m.extend(shoe_nonce)
    m.extend(host_nonce)
    m.append(ptype & 0xFF)
    m.extend(struct.pack("<I", seq & 0xFFFFFFFF))
    m.extend(body)
    return mac.hmac_sha256(key, m)[:AUTH_BYTES]


def info_proof(key, host_nonce, head):
    """The shoe's proof that it holds key: HMAC-SHA256(key, "overplay-info" | host nonce |
    the INFO payload before the proof), cut to AUTH_BYTES."""
    m = bytearray(b"overplay-info")
    m.extend(host_nonce)
    m.extend(head)
    return mac.hmac_sha256(key, m)[:AUTH_BYTES]
