"""MFRC522 reader driver over SPI: ISO 14443A UIDs (4 and 7 bytes) and NTAG21x pages.

    reader = MFRC522(spi, cs, rst)      # spi built by board.py; cs/rst: Pin or callable
    n = reader.read_uid(uid_buf)        # 0 no tag, 4 or 7 = UID length, < 0 an error code
    if n > 0:
        reader.read_page(4, buf16)      # NTAG READ: 16 bytes = pages 4..7
        reader.write_page(4, buf4)      # NTAG WRITE: one page, tag answers a 4-bit ACK
        reader.halt()                   # HLTA: the tag stays silent to REQA until it leaves

read_uid allocates nothing (buffers and memoryviews are made here once, registers are const,
error codes are ints), so it runs under micropython.heap_lock(). The chip is driven through its
registers (MFRC522 datasheet section 9): a frame goes into the FIFO, StartSend sends it under
the Transceive command, and ComIrqReg tells when the answer or the timer came. Every wait is a
bounded loop; the chip's own timer (TAuto) ends a wait for a tag that does not answer. CRC_A
is the chip's: TxCRCEn appends it to the frames that carry one, RxCRCEn checks and strips it
from a READ answer; the one-byte SAK's CRC_A is checked here.

The SPI transfers are what a card costs on the Pico (each is a few thousand CPU cycles of
MicroPython, bus time aside), so a card takes as few as the chip allows: Transceive stays the
chip's command from frame to frame and the FIFO is flushed only after an exchange that did not
end in reading the whole answer; the interrupt, error, FIFO level and last-bits registers come
in one read burst (a read burst may name a different register in every byte; a write burst
writes one register), the FIFO in another; every frame's own writes are ready-made bytes, the
rarer ones go through _wr (less code: on the unix port the code is heap). 35 transfers read a
7-byte UID and halt the tag. Error codes are named below; the words a dealer reads for each
are the shoe's (shoe/screens.py READER_ERRORS).
"""

from overplay_core.compat import const

# --- registers (datasheet 9.2); SPI address byte = reg << 1, bit 7 set to read (8.1.2.3).
# The per-frame transfers below are ready-made bytes (register address, value): ComIrqReg
# 0x04, ErrorReg 0x06, FIFODataReg 0x09, FIFOLevelReg 0x0A, ControlReg 0x0C, BitFramingReg 0x0D.
_CommandReg = const(0x01)
_FIFOLevelReg = const(0x0A)
_BitFramingReg = const(0x0D)
_CollReg = const(0x0E)
_ModeReg = const(0x11)
_TxModeReg = const(0x12)
_RxModeReg = const(0x13)
_TxControlReg = const(0x14)
_TxASKReg = const(0x15)
_TModeReg = const(0x2A)
_TPrescalerReg = const(0x2B)
_TReloadRegH = const(0x2C)
_TReloadRegL = const(0x2D)
_VersionReg = const(0x37)

# --- chip commands (datasheet 10.3): Idle 0x00, Transceive 0x0C (in the transfers below)
_CMD_SOFT_RESET = const(0x0F)
_POWER_DOWN = const(0x10)  # CommandReg bit: set while the chip is (re)starting

# --- bits
_IRQ_TIMER = const(0x01)  # ComIrqReg TimerIRq: the timer ran out, no answer
_IRQ_RX_IDLE = const(0x30)  # RxIRq | IdleIRq: an answer was received
_ERR_FATAL = const(0x13)  # ErrorReg BufferOvfl | ParityErr | ProtocolErr
_ERR_COLL = const(0x08)  # ErrorReg CollErr: two tags answered different bits
_ERR_CRC = const(0x04)  # ErrorReg CRCErr (RxCRCEn on)

# --- ISO 14443-3 and NTAG21x commands
_REQA = const(0x26)  # 7-bit short frame: tags in IDLE answer
_WUPA = const(0x52)  # 7-bit short frame: IDLE and HALT tags answer
_SEL_CL1 = const(0x93)
_SEL_CL2 = const(0x95)
_NVB_ANTICOLL = const(0x20)  # SEL + NVB only: every tag sends its whole UID part
_NVB_SELECT = const(0x70)  # SEL + NVB + 4 UID bytes + BCC (+ CRC_A)
_CASCADE_TAG = const(0x88)  # CT: first byte of CL1 when the UID has 7 bytes
_SAK_CASCADE = const(0x04)  # SAK bit: UID not complete, go to the next cascade level
_HLTA = const(0x50)
_NTAG_READ = const(0x30)
_NTAG_WRITE = const(0xA2)
_NTAG_ACK = const(0x0A)  # 4-bit ACK; any other 4-bit answer is a NAK

# --- timer: TPrescaler 169 -> 13.56 MHz / 339 = 40 kHz, one tick = 25 us (datasheet 8.5)
_PRESCALER = const(169)
_T_UID = const(80)  # 2 ms: ATQA/UID/SAK come within ~0.6 ms of the frame's end
_T_READ = const(200)  # 5 ms: NTAG READ timeout (NTAG213 datasheet)
_T_WRITE = const(400)  # 10 ms: NTAG WRITE timeout (EEPROM programming ~4.1 ms)
_POLL_LIMIT = const(3000)  # ComIrqReg reads before giving up on a silent chip

# --- results
OK = const(0)
NO_TAG = const(0)
COLLISION = const(-1)  # two or more tags in the field answered different UIDs
TIMEOUT = const(-2)  # a tag answered REQA, then fell silent (left the field mid-read)
CRC_ERROR = const(-3)  # the answer's CRC_A is wrong (noise, tag at the edge of the field)
BCC_ERROR = const(-4)  # the UID check byte is wrong
PROTOCOL_ERROR = const(-5)  # parity/framing error, or an answer of the wrong length
NAK = const(-6)  # the tag refused a READ/WRITE (bad page, locked page, EEPROM error)
CHIP_ERROR = const(-7)  # the MFRC522 does not answer on SPI (wiring, CS, power, reset)
UID_TOO_LONG = const(-8)  # a 10-byte UID (cascade level 3): not an NTAG, not supported

_FRAME = const(18)  # longest frame: a READ answer, 16 data bytes + CRC_A (longer: an error)

# --- the transfers every frame makes, as bytes literals in the code (no byte stored per call,
# no module global; on the Pico they stay in flash; the rarer writes go through _wr). A write
# is the register's address byte (reg << 1) then the value; a read burst names one register a
# byte (bit 7 set) and ends with 0x00 (datasheet 8.1.2.3):
#   08 7F  ComIrqReg: clear every bit
#   1A 80  BitFramingReg <- StartSend (REQA/WUPA's 7-bit StartSend goes through _wr)
#   88 8C 94 98 00  read ComIrqReg, ErrorReg, FIFOLevelReg, ControlReg in one burst: once the
#                   answer's interrupt is set, the three read after it are already final
_FIFO_W = const(0x12)  # FIFODataReg, write burst: every following byte goes to the FIFO
_FIFO_R = const(0x92)  # FIFODataReg, read: one address byte per FIFO byte
_AT_UID = const(2)  # anticollision: the answer lands at frame[2:7], ready for SELECT


def _pin_setter(pin):
    if pin is None:
        return None
    # a machine.Pin is callable, and calling it is cheaper than its bound .value
    return pin if callable(pin) else pin.value


class MFRC522:
    def __init__(self, spi, cs, rst=None):
        self._spi = spi
        self._cs = _pin_setter(cs)
        self._rst = _pin_setter(rst)
        self._cs(1)
        self._reg = bytearray(2)  # one register access: address byte, data byte
        self._poll = bytearray(5)  # the poll burst's answer
        # _io[0] is the FIFO's address byte, then the frame: a FIFO write burst sends
        # _io[:n + 1] as it is; a FIFO read burst answers into _io[:m + 1] (byte 0 is the
        # MISO byte clocked during the address, so it is set again before each write)
        self._io = bytearray(_FRAME + 1)
        io = memoryview(self._io)
        self.frame = io[1:]  # the frame sent, then the frame received
        # views only for the lengths the protocol has (memoryviews take heap: 16 bytes each
        # on the Pico, 32 on a 64-bit port): frames of 1, 2, 6, 7 bytes go out (REQA/WUPA, the
        # 2-byte commands, WRITE, SELECT); answers of 1, 2, 3, 16 bytes come in (ACK/NAK,
        # ATQA, SAK + CRC_A, READ with CRC_A stripped), 5 (anticollision) into _acv; any
        # other length is an error, read by no one (the FIFO is flushed before the next frame)
        self._acv = io[_AT_UID:_AT_UID + 6]  # an anticollision answer (5 bytes) to frame[2:7]
        self._pagev = io[1:17]  # a READ answer's 16 data bytes
        # read bursts: m FIFO address bytes and the closing 0x00 (_rdv[m])
        rd = bytearray(17)
        for i in range(16):
            rd[i] = _FIFO_R
        rd = memoryview(rd)
        self._iov = iov = [None] * 18  # _iov[k] = _io[:k]: a frame of k - 1 bytes out or in
        self._rdv = rdv = [None] * 17
        for k in (2, 3, 4, 7, 8, 17):
            iov[k] = io[:k]
        for m in (1, 2, 3, 5, 16):
            rdv[m] = rd[16 - m:]
        self._reload = -1
        self._ready = False  # the chip is in Transceive with an empty FIFO
        self._txcrc = False  # TxModeReg TxCRCEn as last written
        self._rxcrc = False  # RxModeReg RxCRCEn as last written
        self.rx_bits = 0  # valid bits in the last byte received (0 = all 8)
        self.version = self.init()

    # --- register access (SPI mode 0, MSB first; datasheet 8.1.2): set-up and rare paths
    def _wr(self, reg, value):
        b = self._reg
        b[0] = reg << 1
        b[1] = value
        self._cs(0)
        self._spi.write(b)
        self._cs(1)

    def _rd(self, reg):
        b = self._reg
        b[0] = 0x80 | (reg << 1)
        b[1] = 0
        self._cs(0)
        self._spi.write_readinto(b, b)  # in place: the data byte answers the address
        self._cs(1)
        return b[1]

    def _crc_mode(self, tx, rx):
        """TxCRCEn / RxCRCEn as a frame needs them; written only when they change."""
        if tx != self._txcrc:
            self._wr(_TxModeReg, 0x80 if tx else 0x00)  # TxCRCEn: the chip appends CRC_A
            self._txcrc = tx
        if rx != self._rxcrc:
            self._wr(_RxModeReg, 0x80 if rx else 0x00)  # RxCRCEn: checks and strips it
            self._rxcrc = rx

    # --- set-up
    def init(self):
        """Reset and configure the chip; return VersionReg (0x91/0x92), or CHIP_ERROR."""
        if self._rst is not None:
            self._rst(1)  # NRSTPD high: out of hard power-down
        self._ready = False
        self._wr(_CommandReg, _CMD_SOFT_RESET)
        i = _POLL_LIMIT
        while self._rd(_CommandReg) & _POWER_DOWN:  # set until the oscillator runs again
            i -= 1
            if i == 0:
                return CHIP_ERROR
        version = self._rd(_VersionReg)
        if version == 0x00 or version == 0xFF:  # MISO stuck: no chip there
            return CHIP_ERROR
        self._reload = -1
        self._wr(_TModeReg, 0x80 | (_PRESCALER >> 8))  # TAuto: timer starts when a frame ends
        self._wr(_TPrescalerReg, _PRESCALER & 0xFF)
        self._timer(_T_UID)
        self._wr(_TxASKReg, 0x40)  # Force100ASK: ISO 14443A uses 100 % ASK modulation
        self._wr(_ModeReg, 0x3D)  # CRC preset 0x6363, the CRC_A of ISO 14443-3
        self._wr(_TxModeReg, 0x00)  # 106 kbit/s; CRC_A appended by the chip per frame type
        self._wr(_RxModeReg, 0x00)
        self._txcrc = False
        self._rxcrc = False
        self._wr(_CollReg, 0x00)  # ValuesAfterColl = 0: bits after a collision read as 0
        self.antenna(True)
        return version

    def antenna(self, on):
        """Switch the 13.56 MHz carrier (TX1, TX2). Off resets every tag in the field."""
        v = self._rd(_TxControlReg)
        self._wr(_TxControlReg, (v | 0x03) if on else (v & 0xFC))

    def _timer(self, reload):
        if reload != self._reload:
            self._wr(_TReloadRegH, reload >> 8)
            self._wr(_TReloadRegL, reload & 0xFF)
            self._reload = reload

    # --- the radio
    def _stop(self, code):
        """End an exchange that did not end in a clean answer: the chip to Idle, and the next
        frame starts Transceive again on a flushed FIFO."""
        self._wr(_CommandReg, 0x00)  # Idle
        self._ready = False
        return code

    def _transceive(self, n, at=0):
        """Send frame[:n] (n = 1: REQA/WUPA, a 7-bit short frame); the answer into frame (at=_AT_UID: a 5-byte anticollision answer into frame[2:7]).

        Returns the number of bytes received (rx_bits valid bits in the last), or TIMEOUT,
        COLLISION, PROTOCOL_ERROR, CHIP_ERROR; ErrorReg stays in _poll[2]. Allocates
        nothing. Transceive stays the chip's command between frames (datasheet 10.3.1.8:
        each StartSend sends the FIFO again), and a FIFO emptied by reading the answer needs
        no flush: an exchange that ends otherwise goes through _stop."""
        spi = self._spi
        cs = self._cs
        if not self._ready:  # after init or _stop: not the common case
            self._wr(_CommandReg, 0x0C)  # Transceive
            self._wr(_FIFOLevelReg, 0x80)  # FlushBuffer
            self._ready = True
        cs(0)
        spi.write(b"\x08\x7f")
        cs(1)
        self._io[0] = _FIFO_W
        cs(0)
        spi.write(self._iov[n + 1])  # the FIFO address byte and the frame, one burst
        cs(1)
        if n == 1:
            self._wr(_BitFramingReg, 0x87)  # StartSend, 7 bits: REQA/WUPA, once a poll
        else:
            cs(0)
            spi.write(b"\x1a\x80")  # StartSend
            cs(1)
        poll = self._poll
        i = _POLL_LIMIT
        while True:
            cs(0)
            spi.write_readinto(b"\x88\x8c\x94\x98\x00", poll)
            cs(1)
            irq = poll[1]
            if irq & _IRQ_RX_IDLE:
                break
            if irq & _IRQ_TIMER:
                return self._stop(TIMEOUT)
            i -= 1
            if i == 0:
                return self._stop(CHIP_ERROR)
        err = poll[2]
        m = poll[3] & 0x7F
        self.rx_bits = poll[4] & 0x07
        if err & _ERR_FATAL:
            return self._stop(PROTOCOL_ERROR)
        if m > 16 or self._rdv[m] is None:
            into = None
        elif at:
            into = self._acv if m == 5 else None
        else:
            into = self._iov[m + 1]
        if into is None:
            if m or at:  # a length no frame answers with: left in the FIFO (flushed next time)
                return self._stop(COLLISION if err & _ERR_COLL else PROTOCOL_ERROR)
        else:
            cs(0)
            spi.write_readinto(self._rdv[m], into)  # FIFO byte i -> frame[i] (or [i + 2])
            cs(1)
        if err & _ERR_COLL:
            return COLLISION
        return m

    def _cascade(self, sel, uid, at):
        """Anticollision + select at one cascade level; UID bytes to uid[at:]; SAK or < 0."""
        f = self.frame
        f[0] = sel
        f[1] = _NVB_ANTICOLL
        if self._txcrc:
            self._crc_mode(False, False)  # anticollision frames carry no CRC_A
        r = self._transceive(2, _AT_UID)
        if r < 0:
            return r
        if self.rx_bits:
            return PROTOCOL_ERROR
        # frame: SEL, NVB, then the 4 UID bytes and BCC just received: the SELECT frame
        # (NVB = 0x70) once CRC_A is appended
        if f[2] ^ f[3] ^ f[4] ^ f[5] != f[6]:
            return BCC_ERROR
        f[1] = _NVB_SELECT
        if f[2] == _CASCADE_TAG and sel == _SEL_CL1:
            cascade = True  # CT is not part of the UID: 3 UID bytes follow it
            uid[at] = f[3]
            uid[at + 1] = f[4]
            uid[at + 2] = f[5]
        else:
            cascade = False
            uid[at] = f[2]
            uid[at + 1] = f[3]
            uid[at + 2] = f[4]
            uid[at + 3] = f[5]
        if not self._txcrc:
            self._crc_mode(True, False)
        r = self._transceive(7)
        if r < 0:
            return r
        if r != 3:
            return PROTOCOL_ERROR
        # SAK and its CRC_A (RxCRCEn stays off: the ATQA and anticollision answers have none)
        sak = f[0]
        b = sak ^ 0x63  # CRC_A of one byte from the preset 0x6363 (ISO 14443-3 annex B)
        b = (b ^ (b << 4)) & 0xFF
        if 0x63 ^ (b << 8) ^ (b << 3) ^ (b >> 4) != f[1] | (f[2] << 8):
            return CRC_ERROR
        if cascade and not sak & _SAK_CASCADE:
            return PROTOCOL_ERROR  # a CT byte promises another cascade level
        return sak

    def read_uid(self, uid, wake=False):
        """Find one tag and select it: 0 (no tag), 4 or 7 (bytes written to uid), or < 0.

        uid: a bytearray of at least 7 bytes. REQA wakes only tags not halted; wake=True
        sends WUPA, which wakes halted tags too. Allocates nothing."""
        if self._reload != _T_UID:
            self._timer(_T_UID)
        if self._txcrc or self._rxcrc:
            self._crc_mode(False, False)  # REQA and anticollision: no CRC_A either way
        self.frame[0] = _WUPA if wake else _REQA
        r = self._transceive(1)  # a short frame: 7 bits
        if r == TIMEOUT:
            return NO_TAG
        if r == COLLISION:
            pass  # ATQA bits differ between tag types: normal, anticollision sorts it out
        elif r < 0:
            return r
        elif r != 2:
            return PROTOCOL_ERROR
        sak = self._cascade(_SEL_CL1, uid, 0)
        if sak < 0:
            return sak
        if not sak & _SAK_CASCADE:
            return 4
        sak = self._cascade(_SEL_CL2, uid, 3)
        if sak < 0:
            return sak
        if sak & _SAK_CASCADE:
            return UID_TOO_LONG
        return 7

    def halt(self):
        """HLTA to the selected tag: it answers no REQA until it leaves the field. OK or < 0."""
        f = self.frame
        f[0] = _HLTA
        f[1] = 0
        if not self._txcrc:
            self._crc_mode(True, self._rxcrc)
        if self._reload != _T_UID:
            self._timer(_T_UID)
        r = self._transceive(2)
        if r == TIMEOUT:
            return OK  # ISO 14443-3: a halted tag does not answer HLTA
        return r if r < 0 else PROTOCOL_ERROR

    def read_page(self, page, buf16):
        """NTAG READ of pages page..page+3 into buf16 (the selected tag). OK or < 0."""
        f = self.frame
        f[0] = _NTAG_READ
        f[1] = page
        self._crc_mode(True, True)
        self._timer(_T_READ)
        r = self._transceive(2)
        if r < 0:
            return r
        if r <= 1 and self.rx_bits == 4:
            return NAK  # a 4-bit NAK (checked first: it has no CRC_A to check)
        if self._poll[2] & _ERR_CRC:
            return CRC_ERROR
        if r != 16:
            return PROTOCOL_ERROR
        buf16[0:16] = self._pagev
        return OK

    def write_page(self, page, buf4):
        """NTAG WRITE of buf4[:4] to one page of the selected tag. OK, or NAK / < 0."""
        f = self.frame
        f[0] = _NTAG_WRITE
        f[1] = page
        for i in range(4):
            f[2 + i] = buf4[i]
        self._crc_mode(True, False)  # the answer is a 4-bit ACK or NAK: no CRC_A
        self._timer(_T_WRITE)
        r = self._transceive(6)
        if r < 0:
            return r
        if r != 1 or self.rx_bits != 4:
            return PROTOCOL_ERROR
        return OK if f[0] & 0x0F == _NTAG_ACK else NAK

