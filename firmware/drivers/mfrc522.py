"""MFRC522 reader driver over SPI: ISO 14443A UIDs (4 and 7 bytes) and NTAG21x pages.

    reader = MFRC522(spi, cs, rst)      # spi built by board.py; cs/rst: Pin or callable
    n = reader.read_uid(uid_buf)        # 0 no tag, 4 or 7 = UID length, < 0 an error code
    if n > 0:
        reader.read_page(4, buf16)      # NTAG READ: 16 bytes = pages 4..7
        reader.write_page(4, buf4)      # NTAG WRITE: one page, tag answers a 4-bit ACK
        reader.halt()                   # HLTA: the tag stays silent to REQA until it leaves

read_uid allocates nothing (buffers and memoryviews are made here once, registers are const,
error codes are ints), so it runs under micropython.heap_lock(). The chip is driven through its
registers (MFRC522 datasheet section 9): a frame goes into the FIFO, Transceive + StartSend
sends it, and ComIrqReg tells when the answer or the timer came. Every wait is a bounded
loop; the chip's own timer (TAuto) ends a wait for a tag that does not answer. CRC_A comes
from the chip's CRC coprocessor. Error codes are named below; ERROR_NAMES gives a word each
(drivers/mfrc522_text.py, loaded on first use: `mfrc522.ERROR_NAMES` works as before).
"""

from overplay_core.compat import const

# --- registers (datasheet 9.2); SPI address byte = reg << 1, bit 7 set to read (8.1.2.3)
_CommandReg = const(0x01)
_ComIrqReg = const(0x04)
_DivIrqReg = const(0x05)
_ErrorReg = const(0x06)
_FIFODataReg = const(0x09)
_FIFOLevelReg = const(0x0A)
_ControlReg = const(0x0C)
_BitFramingReg = const(0x0D)
_CollReg = const(0x0E)
_ModeReg = const(0x11)
_TxModeReg = const(0x12)
_RxModeReg = const(0x13)
_TxControlReg = const(0x14)
_TxASKReg = const(0x15)
_CRCResultRegH = const(0x21)
_CRCResultRegL = const(0x22)
_TModeReg = const(0x2A)
_TPrescalerReg = const(0x2B)
_TReloadRegH = const(0x2C)
_TReloadRegL = const(0x2D)
_VersionReg = const(0x37)

# --- chip commands (datasheet 10.3)
_CMD_IDLE = const(0x00)
_CMD_CALC_CRC = const(0x03)
_CMD_TRANSCEIVE = const(0x0C)
_CMD_SOFT_RESET = const(0x0F)
_POWER_DOWN = const(0x10)  # CommandReg bit: set while the chip is (re)starting

# --- bits
_IRQ_TIMER = const(0x01)  # ComIrqReg TimerIRq: the timer ran out, no answer
_IRQ_RX_IDLE = const(0x30)  # RxIRq | IdleIRq: an answer was received
_IRQ_CRC = const(0x04)  # DivIrqReg CRCIRq
_ERR_FATAL = const(0x13)  # ErrorReg BufferOvfl | ParityErr | ProtocolErr
_ERR_COLL = const(0x08)  # ErrorReg CollErr: two tags answered different bits
_START_SEND = const(0x80)  # BitFramingReg
_FLUSH = const(0x80)  # FIFOLevelReg

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

_FRAME = const(24)  # longest frame: READ answer, 16 data bytes + CRC_A


def _pin_setter(pin):
    if pin is None:
        return None
    return pin.value if hasattr(pin, "value") else pin


class MFRC522:
    def __init__(self, spi, cs, rst=None):
        self._spi = spi
        self._cs = _pin_setter(cs)
        self._rst = _pin_setter(rst)
        self._cs(1)
        self._reg = bytearray(2)  # one register access: address byte, data byte
        self._regrx = bytearray(2)
        self.frame = bytearray(_FRAME)  # the frame sent, then the frame received
        # FIFO bursts: address byte(s) + up to _FRAME bytes, with a view of every length; a
        # read burst answers into the same buffer (machine.SPI.write_readinto allows it)
        self._btx = bytearray(_FRAME + 1)
        tx = memoryview(self._btx)
        self._btxv = [tx[:k] for k in range(_FRAME + 2)]
        self._reload = -1
        self.rx_bits = 0  # valid bits in the last byte received (0 = all 8)
        self.version = self.init()

    # --- register access (SPI mode 0, MSB first; datasheet 8.1.2)
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
        self._spi.write_readinto(b, self._regrx)
        self._cs(1)
        return self._regrx[1]

    def _fifo_write(self, n):
        tx = self._btx
        tx[0] = _FIFODataReg << 1  # a write burst: every following byte goes to the FIFO
        f = self.frame
        for i in range(n):
            tx[i + 1] = f[i]
        self._cs(0)
        self._spi.write(self._btxv[n + 1])
        self._cs(1)

    def _fifo_read(self, n):
        tx = self._btx
        for i in range(n):
            tx[i] = 0x80 | (_FIFODataReg << 1)  # a read burst: one address byte per byte
        tx[n] = 0
        v = self._btxv[n + 1]
        self._cs(0)
        self._spi.write_readinto(v, v)  # in place: byte i + 1 answers address byte i
        self._cs(1)
        f = self.frame
        for i in range(n):
            f[i] = tx[i + 1]

    # --- set-up
    def init(self):
        """Reset and configure the chip; return VersionReg (0x91/0x92), or CHIP_ERROR."""
        if self._rst is not None:
            self._rst(1)  # NRSTPD high: out of hard power-down
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
        self._wr(_ModeReg, 0x3D)  # CRC coprocessor preset 0x6363, the CRC_A of ISO 14443-3
        self._wr(_TxModeReg, 0x00)  # 106 kbit/s; CRC appended by us, per frame type
        self._wr(_RxModeReg, 0x00)
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
    def _transceive(self, n, last_bits):
        """Send frame[:n] (last byte: last_bits bits, 0 = 8); answer into frame.

        Returns the number of bytes received (rx_bits valid bits in the last), or TIMEOUT,
        COLLISION, PROTOCOL_ERROR, CHIP_ERROR. Allocates nothing."""
        self._wr(_CommandReg, _CMD_IDLE)
        self._wr(_ComIrqReg, 0x7F)  # Set1 = 0: clear every interrupt request bit
        self._wr(_FIFOLevelReg, _FLUSH)
        self._fifo_write(n)
        self._wr(_BitFramingReg, last_bits)
        self._wr(_CommandReg, _CMD_TRANSCEIVE)
        self._wr(_BitFramingReg, _START_SEND | last_bits)
        i = _POLL_LIMIT
        while True:
            irq = self._rd(_ComIrqReg)
            if irq & _IRQ_RX_IDLE:
                break
            if irq & _IRQ_TIMER:
                self._wr(_CommandReg, _CMD_IDLE)
                return TIMEOUT
            i -= 1
            if i == 0:
                self._wr(_CommandReg, _CMD_IDLE)
                return CHIP_ERROR
        self._wr(_BitFramingReg, 0)
        err = self._rd(_ErrorReg)
        if err & _ERR_FATAL:
            return PROTOCOL_ERROR
        m = self._rd(_FIFOLevelReg) & 0x7F
        self.rx_bits = self._rd(_ControlReg) & 0x07
        if m > _FRAME:
            return PROTOCOL_ERROR
        self._fifo_read(m)
        if err & _ERR_COLL:
            return COLLISION
        return m

    def _crc(self, n):
        """CRC_A of frame[:n] by the coprocessor, as an int (low byte is sent first)."""
        self._wr(_CommandReg, _CMD_IDLE)
        self._wr(_DivIrqReg, 0x04)  # clear CRCIRq
        self._wr(_FIFOLevelReg, _FLUSH)
        self._fifo_write(n)
        self._wr(_CommandReg, _CMD_CALC_CRC)
        i = _POLL_LIMIT
        while not self._rd(_DivIrqReg) & _IRQ_CRC:
            i -= 1
            if i == 0:
                return CHIP_ERROR
        self._wr(_CommandReg, _CMD_IDLE)
        return self._rd(_CRCResultRegL) | (self._rd(_CRCResultRegH) << 8)

    def _append_crc(self, n):
        """frame[n], frame[n+1] = CRC_A of frame[:n]; returns n + 2 or CHIP_ERROR."""
        c = self._crc(n)
        if c < 0:
            return c
        self.frame[n] = c & 0xFF
        self.frame[n + 1] = c >> 8
        return n + 2

    def _check_crc(self, m):
        """OK when the last two of m received bytes are the CRC_A of the others."""
        f = self.frame
        lo = f[m - 2]
        hi = f[m - 1]
        c = self._crc(m - 2)
        if c < 0:
            return c
        return OK if c == (lo | (hi << 8)) else CRC_ERROR

    def _cascade(self, sel, uid, at):
        """Anticollision + select at one cascade level; UID bytes to uid[at:]; SAK or < 0."""
        f = self.frame
        f[0] = sel
        f[1] = _NVB_ANTICOLL
        r = self._transceive(2, 0)
        if r < 0:
            return r
        if r != 5 or self.rx_bits:
            return PROTOCOL_ERROR
        if f[0] ^ f[1] ^ f[2] ^ f[3] != f[4]:
            return BCC_ERROR
        # SELECT: SEL, NVB = 0x70, the 4 UID bytes and BCC just received, CRC_A
        for i in range(4, -1, -1):
            f[i + 2] = f[i]
        f[0] = sel
        f[1] = _NVB_SELECT
        first = 2
        if f[2] == _CASCADE_TAG and sel == _SEL_CL1:
            first = 3  # CT is not part of the UID: 3 UID bytes follow it
        k = at
        for i in range(first, 6):
            uid[k] = f[i]
            k += 1
        n = self._append_crc(7)
        if n < 0:
            return n
        r = self._transceive(n, 0)
        if r < 0:
            return r
        if r != 3:
            return PROTOCOL_ERROR
        r = self._check_crc(3)
        if r < 0:
            return r
        if first == 3 and not f[0] & _SAK_CASCADE:
            return PROTOCOL_ERROR  # a CT byte promises another cascade level
        return f[0]

    def read_uid(self, uid, wake=False):
        """Find one tag and select it: 0 (no tag), 4 or 7 (bytes written to uid), or < 0.

        uid: a bytearray of at least 7 bytes. REQA wakes only tags not halted; wake=True
        sends WUPA, which wakes halted tags too. Allocates nothing."""
        self._timer(_T_UID)
        f = self.frame
        f[0] = _WUPA if wake else _REQA
        r = self._transceive(1, 7)  # a short frame: 7 bits
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
        n = self._append_crc(2)
        if n < 0:
            return n
        self._timer(_T_UID)
        r = self._transceive(n, 0)
        if r == TIMEOUT:
            return OK  # ISO 14443-3: a halted tag does not answer HLTA
        return r if r < 0 else PROTOCOL_ERROR

    def read_page(self, page, buf16):
        """NTAG READ of pages page..page+3 into buf16 (the selected tag). OK or < 0."""
        f = self.frame
        f[0] = _NTAG_READ
        f[1] = page
        n = self._append_crc(2)
        if n < 0:
            return n
        self._timer(_T_READ)
        r = self._transceive(n, 0)
        if r < 0:
            return r
        if r == 1 and self.rx_bits == 4:
            return NAK
        if r != 18:
            return PROTOCOL_ERROR
        r = self._check_crc(18)
        if r < 0:
            return r
        for i in range(16):
            buf16[i] = f[i]
        return OK

    def write_page(self, page, buf4):
        """NTAG WRITE of buf4[:4] to one page of the selected tag. OK, or NAK / < 0."""
        f = self.frame
        f[0] = _NTAG_WRITE
        f[1] = page
        for i in range(4):
            f[2 + i] = buf4[i]
        n = self._append_crc(6)
        if n < 0:
            return n
        self._timer(_T_WRITE)
        r = self._transceive(n, 0)
        if r < 0:
            return r
        if r != 1 or self.rx_bits != 4:
            return PROTOCOL_ERROR
        return OK if f[0] & 0x0F == _NTAG_ACK else NAK


def __getattr__(attr):
    # ERROR_NAMES: words for people, loaded only when an error is shown
    if attr == "ERROR_NAMES":
        from drivers.mfrc522_text import ERROR_NAMES

        globals()[attr] = ERROR_NAMES
        return ERROR_NAMES
    raise AttributeError(attr)
