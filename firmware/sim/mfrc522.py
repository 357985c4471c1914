"""A simulated MFRC522 at the SPI/register level, with virtual tags moving in its field.

    sim = SimMFRC522()
    reader = MFRC522(sim, sim.cs, sim.rst)     # the real driver; sim is the SPI bus, and
                                               # sim.cs/sim.rst the chip's NSS/NRSTPD pins
    sim.enter(card_tag(uid7(1, 5)))            # a tag comes into the field ...
    reader.read_uid(uid)                       # -> 7
    sim.leave(tag); sim.clear()                # ... and goes
    sim.enter(card_tag_int(uid7(1, 6)))        # a card as a plain int: the same answers

    dealer = ScriptedDealer(sim, tags, dwell=3, gap=1)   # cards pass one by one, by poll count
    while not dealer.done: reader.read_uid(uid) ...

The driver cannot tell it from the chip: each SPI transfer with CS low is decoded as the chip
does (address byte = reg << 1, bit 7 = read; a read burst answers each address in the next
byte; a write burst sends every following byte to the one register, e.g. the FIFO). The
register file, 64-byte FIFO, Transceive + StartSend, CalcCRC (preset from ModeReg), SoftReset,
ComIrqReg/DivIrqReg Set1 semantics, TxCRCEn/RxCRCEn, TxLastBits/RxLastBits, CollErr/CollReg,
the TAuto timer (an answer slower than the timer is lost), Force100ASK and the antenna bits are
modelled. Tags hear nothing without Force100ASK and the carrier on. Two tags answering
different bits collide (CollErr). An int card tag's state is kept here, in `st`, while it is
in the field; it answers through one flyweight Tag (sim_tags docstring). A poll (REQA/WUPA)
is the simulated clock for scripts.
Serving a transfer allocates nothing, so the driver's heap_lock() tests hold with the sim.
"""

import sim.tags as sim_tags
from sim.tags import crc_a
from overplay_core.compat import const

_CommandReg = const(0x01)
_ComIrqReg = const(0x04)
_DivIrqReg = const(0x05)
_ErrorReg = const(0x06)
_Status1Reg = const(0x07)
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

# reset values (datasheet 9.2), the ones that matter; others reset to 0
# (register, value) pairs as bytes: a tuple of 23 pairs would take ~1 KB of heap
_RESET = (b"\x01\x20\x02\x80\x04\x14\x07\x21\x0b\x08\x0c\x10\x0e\x80\x11\x3f\x14\x80\x16\x10"
          b"\x17\x84\x18\x84\x19\x4d\x1c\x62\x1f\xeb\x21\xff\x22\xff\x24\x26\x26\x48"
          b"\x27\x88\x28\x20\x29\x20\x37\x92")
_CRC_PRESETS = (0x0000, 0x6363, 0xA671, 0xFFFF)
MAX_FIELD = 8


class SimPin:
    """An output pin: callable like machine.Pin (pin(v), pin()) and with .value().

    SimPin(chip) (any non-int first argument) is a free-standing pin starting high."""

    def __init__(self, v=1, on_change=None):
        self.v = v if isinstance(v, int) else 1
        self._on_change = on_change
        self.driven = False  # set on the first write: the chip then honours this CS

    def value(self, v=None):
        if v is None:
            return self.v
        self.driven = True
        v = 1 if v else 0
        if v != self.v:
            self.v = v
            if self._on_change is not None:
                self._on_change(v)
        return None

    def __call__(self, v=None):
        return self.value(v)


class SimMFRC522:
    def __init__(self, version=0x92):
        self.regs = bytearray(64)
        self.fifo = bytearray(64)
        self.level = 0
        self.head = 0
        self.frame = bytearray(64 + 2)
        self.rx = bytearray(24)
        self.sent = bytearray(24)  # the last frame sent to the tags (first 24 bytes)
        self.sent_bits = 0
        self.field = [None] * MAX_FIELD  # Tags, or int card tags (sim_tags.card_tag_int)
        self.st = bytearray(MAX_FIELD)  # the state (Tag.s) of an int tag in the same slot
        self.fly = sim_tags.flyweight()  # answers for each int tag in turn
        self.count = 0  # tags in the field
        self.regs[_VersionReg] = version  # kept through every reset
        self.cs = SimPin(1)
        self.rst = SimPin(1, self._on_rst)
        self.script = None  # an object with on_poll(sim), called before each REQA/WUPA
        self.polls = 0
        self.frames = 0
        self.air_us = 0  # radio time spent, as the chip's timer would count it
        self.ignored = 0  # transfers made with CS high (the chip never sees them)
        self._reset()

    # --- the field
    # A tag is a Tag or an int card tag: `==` finds either (a Tag equals only itself; two
    # ints with the same UID are the same card)
    def enter(self, tag):
        """Put a tag into the field (powered: starts in IDLE)."""
        if self.in_field(tag):
            return
        if self.count == MAX_FIELD:
            raise ValueError("more than %d tags in the simulated field" % MAX_FIELD)
        self.field[self.count] = tag
        self._off(self.count)
        self.count += 1

    def leave(self, tag):
        """Take a tag out of the field (its power goes: a halted tag forgets HALT)."""
        for i in range(self.count):
            if self.field[i] == tag:
                self._off(i)
                self.count -= 1
                n = self.count
                self.field[i] = self.field[n]
                self.st[i] = self.st[n]
                self.field[n] = None
                return

    def clear(self):
        while self.count:
            self.leave(self.field[0])

    def in_field(self, tag):
        for i in range(self.count):
            if self.field[i] == tag:
                return True
        return False

    def _off(self, i):
        # the tag in slot i loses power: back to IDLE, HALT forgotten
        t = self.field[i]
        if isinstance(t, int):
            self.st[i] = 0  # IDLE, not woken from HALT
        else:
            t.power_off()

    # --- power and reset
    def _on_rst(self, v):
        if v:
            self._reset()  # NRSTPD rising edge: hard reset

    def _reset(self):
        r = self.regs
        v = r[_VersionReg]
        for i in range(64):
            r[i] = 0
        for i in range(0, len(_RESET), 2):
            r[_RESET[i]] = _RESET[i + 1]
        r[_VersionReg] = v
        self.level = 0
        self.head = 0
        for i in range(self.count):
            self._off(i)  # TxControlReg resets with the carrier off

    # --- the SPI bus as the driver sees it
    def write(self, buf):
        self.write_readinto(buf, None)

    def readinto(self, into, write=0):
        for i in range(len(into)):
            into[i] = 0

    def write_readinto(self, out, into):
        # `into` may be `out` itself (an in-place transfer): each MOSI byte is taken before
        # the MISO byte of the same position is stored; None: a write (MISO not kept)
        n = len(out)
        if (self.cs.v and self.cs.driven) or not self.rst.v:
            # CS high or chip in power-down: nobody is listening. (A driver given some other
            # pin than sim.cs leaves sim.cs undriven: the chip is then always selected.)
            self.ignored += 1
            if into is not None:
                self.readinto(into)  # MISO reads 0
            return
        a = out[0]
        reg = (a >> 1) & 0x3F
        if a & 0x80:  # read burst: each byte names the register answered in the next
            for i in range(1, n):
                nxt = out[i]
                v = self._read(reg)
                if into is not None:
                    into[i] = v
                reg = (nxt >> 1) & 0x3F
            if into is not None:
                into[0] = 0
        else:
            for i in range(1, n):
                self._write(reg, out[i])
            if into is not None:
                self.readinto(into)  # MISO reads 0 during a write burst

    def _read(self, reg):
        if reg == _FIFODataReg:
            if self.level == 0:
                return 0
            v = self.fifo[self.head]
            self.head = (self.head + 1) & 63
            self.level -= 1
            return v
        if reg == _FIFOLevelReg:
            return self.level
        return self.regs[reg]

    def _write(self, reg, v):
        r = self.regs
        if reg == _FIFODataReg:
            if self.level == 64:
                r[_ErrorReg] |= 0x10  # BufferOvfl
                return
            self.fifo[(self.head + self.level) & 63] = v
            self.level += 1
        elif reg == _FIFOLevelReg:
            if v & 0x80:
                self.level = 0
                self.head = 0
                r[_ErrorReg] &= ~0x10 & 0xFF
        elif reg == _ComIrqReg or reg == _DivIrqReg:
            if v & 0x80:
                r[reg] |= v & 0x7F  # Set1/Set2 = 1: set the marked bits
            else:
                r[reg] &= ~v & 0x7F  # ... = 0: clear them
        elif reg == _CommandReg:
            self._command(v)
        elif reg == _BitFramingReg:
            r[reg] = v & 0x7F
            if v & 0x80 and r[_CommandReg] & 0x0F == 0x0C:
                self._send()
        elif reg == _TxControlReg:
            r[reg] = v
            if not v & 0x03:
                for i in range(self.count):
                    self._off(i)  # carrier off: the tags lose power
        elif reg == _ErrorReg or reg == _VersionReg or reg == _Status1Reg:
            return  # read-only
        else:
            r[reg] = v

    def _command(self, v):
        r = self.regs
        cmd = v & 0x0F
        if cmd == 0x0F:
            self._reset()  # SoftReset: registers to reset values; ends in Idle, awake
            r[_CommandReg] = 0x20
            return
        r[_CommandReg] = v & 0x3F
        if cmd == 0x03:  # CalcCRC over the FIFO content (the FIFO is consumed)
            n = 0
            while self.level:
                self.frame[n] = self._read(_FIFODataReg)
                n += 1
            c = crc_a(self.frame, n, _CRC_PRESETS[r[_ModeReg] & 0x03])
            r[_CRCResultRegH] = c >> 8
            r[_CRCResultRegL] = c & 0xFF
            r[_DivIrqReg] |= 0x04  # CRCIRq
            r[_Status1Reg] |= 0x20  # CRCReady
        elif cmd == 0x0C or cmd == 0x00:
            if cmd == 0x00:
                r[_ComIrqReg] |= 0x10  # IdleIRq
        elif cmd != 0x07:
            r[_ComIrqReg] |= 0x02  # ErrIRq: a command the simulation does not model
            r[_ErrorReg] |= 0x01

    def _send(self):
        """Transceive: the FIFO goes out as a frame; the tags' answer comes into the FIFO."""
        r = self.regs
        r[_ErrorReg] = 0
        n = 0
        while self.level:
            self.frame[n] = self._read(_FIFODataReg)
            n += 1
        last = r[_BitFramingReg] & 0x07
        nbits = n * 8 if last == 0 else (n - 1) * 8 + last
        if r[_TxModeReg] & 0x80:  # TxCRCEn: the chip appends CRC_A
            c = crc_a(self.frame, n, _CRC_PRESETS[r[_ModeReg] & 0x03])
            self.frame[n] = c & 0xFF
            self.frame[n + 1] = c >> 8
            n += 2
            nbits += 16
        self.frames += 1
        for k in range(n if n < 24 else 24):
            self.sent[k] = self.frame[k]
        self.sent_bits = nbits
        if nbits == 7:
            self.polls += 1
            if self.script is not None:
                self.script.on_poll(self)
        self.air_us += nbits * 944 // 100
        r[_ComIrqReg] |= 0x40  # TxIRq
        heard = r[_TxControlReg] & 0x03 and r[_TxASKReg] & 0x40
        bits = 0
        first = None
        coll = -1
        slowest = 0
        fly = self.fly
        for i in range(self.count):
            if not heard:
                break
            t = self.field[i]
            if isinstance(t, int):  # an int card tag answers through the flyweight Tag
                fly.u = t
                fly.s = self.st[i]
                b = fly.answer(self.frame, nbits)
                self.st[i] = fly.s
                t = fly
            else:
                b = t.answer(self.frame, nbits)
            if b == 0:
                continue
            if t.resp_us > slowest:
                slowest = t.resp_us
            if first is None:
                first = t
                bits = b
                nb = (b + 7) >> 3
                for k in range(nb):
                    self.rx[k] = t.resp[k]
                continue
            if b > bits:
                bits = b
            for k in range((b + 7) >> 3):
                d = self.rx[k] ^ t.resp[k]
                if d:
                    pos = k * 8
                    while not d & 1:
                        d >>= 1
                        pos += 1
                    if coll < 0 or pos < coll:
                        coll = pos
                    break
        limit = -1  # no TAuto: no timeout at all (a driver would then wait forever)
        if r[_TModeReg] & 0x80:
            presc = ((r[_TModeReg] & 0x0F) << 8) | r[_TPrescalerReg]
            limit = (2 * presc + 1) * (((r[_TReloadRegH] << 8) | r[_TReloadRegL]) + 1) * 100 // 1356
        if first is None or (0 <= limit < slowest):
            self.air_us += limit if limit >= 0 else 0
            if limit >= 0:
                r[_ComIrqReg] |= 0x01  # TimerIRq: nobody answered in time
            return
        self.air_us += slowest
        nb = (bits + 7) >> 3
        if coll >= 0:
            self.rx[coll >> 3] |= 1 << (coll & 7)  # the collision bit reads as 1 ...
            self.rx[coll >> 3] &= (2 << (coll & 7)) - 1  # ... and later bits as 0
            for k in range((coll >> 3) + 1, nb):
                self.rx[k] = 0
            r[_ErrorReg] |= 0x08  # CollErr
            r[_CollReg] = (r[_CollReg] & 0x80) | ((coll + 1) & 0x1F if coll < 32 else 0x20)
            r[_ComIrqReg] |= 0x02  # ErrIRq
        if r[_RxModeReg] & 0x80 and nb >= 3:  # RxCRCEn: the chip checks and strips CRC_A
            c = crc_a(self.rx, nb - 2, _CRC_PRESETS[r[_ModeReg] & 0x03])
            if c != self.rx[nb - 2] | (self.rx[nb - 1] << 8):
                r[_ErrorReg] |= 0x04
            nb -= 2
        for k in range(nb):
            self.fifo[k] = self.rx[k]
        self.head = 0
        self.level = nb
        r[_ControlReg] = (r[_ControlReg] & 0xF8) | (bits & 7)
        r[_ComIrqReg] |= 0x20  # RxIRq
