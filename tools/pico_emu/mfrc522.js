'use strict';
// A register-level MFRC522 (NXP datasheet rev. 3.9) with ISO 14443A tags (NTAG213) in its
// field, for the emulated Pico's SPI bus. The firmware's own driver (firmware/drivers/
// mfrc522.py) talks to it byte by byte as to the chip: address byte (reg << 1, bit 7 = read);
// a read burst answers each address in the next byte; a write burst sends every following
// byte to one register (the FIFO). Modelled: register file and reset values, 64-byte FIFO,
// Transceive + StartSend, CalcCRC (preset from ModeReg), SoftReset, ComIrqReg/DivIrqReg
// Set1 bits, TxCRCEn/RxCRCEn, TxLastBits/RxLastBits, CollErr/CollReg, the TAuto timer (an
// answer slower than the timer is lost), Force100ASK and the antenna bits (tags hear nothing
// without both). Radio time is counted (airNanos) but answers come at once: the firmware
// does not wait for the air.

const REG = {
  Command: 0x01, ComIrq: 0x04, DivIrq: 0x05, Error: 0x06, Status1: 0x07, FIFOData: 0x09,
  FIFOLevel: 0x0a, Control: 0x0c, BitFraming: 0x0d, Coll: 0x0e, Mode: 0x11, TxMode: 0x12,
  RxMode: 0x13, TxControl: 0x14, TxASK: 0x15, CRCResultH: 0x21, CRCResultL: 0x22,
  TMode: 0x2a, TPrescaler: 0x2b, TReloadH: 0x2c, TReloadL: 0x2d, Version: 0x37,
};
// Reset values that are not 0 (datasheet section 9.2).
const RESET = [[0x01, 0x20], [0x02, 0x80], [0x04, 0x14], [0x07, 0x21], [0x0b, 0x08],
  [0x0c, 0x10], [0x0e, 0x80], [0x11, 0x3f], [0x14, 0x80], [0x16, 0x10], [0x17, 0x84],
  [0x18, 0x84], [0x19, 0x4d], [0x1c, 0x62], [0x1f, 0xeb], [0x21, 0xff], [0x22, 0xff],
  [0x24, 0x26], [0x26, 0x48], [0x27, 0x88], [0x28, 0x20], [0x29, 0x20]];
const CRC_PRESETS = [0x0000, 0x6363, 0xa671, 0xffff];

function crcA(data, n, preset = 0x6363) {
  // CRC_A (ISO 14443-3): reflected polynomial 0x1021, no final XOR
  let crc = preset;
  for (let i = 0; i < n; i++) {
    let b = (data[i] ^ (crc & 0xff)) & 0xff;
    b = (b ^ (b << 4)) & 0xff;
    crc = ((crc >> 8) ^ (b << 8) ^ (b << 3) ^ (b >> 4)) & 0xffff;
  }
  return crc;
}

const IDLE = 0, READY1 = 1, READY2 = 2, ACTIVE = 3, HALT = 4;
const NTAG213_PAGES = 45;
const VERSION_NTAG213 = [0x00, 0x04, 0x04, 0x02, 0x01, 0x00, 0x0f, 0x03];
const CC_NTAG213 = [0xe1, 0x10, 0x12, 0x00];

// One NTAG213 (cards and trays carry the same sticker): 7-byte UID, 45 pages of EEPROM.
class Tag {
  constructor(uid) {
    if (uid.length !== 7 && uid.length !== 4) throw new Error('tag UID must be 4 or 7 bytes');
    this.uid = Uint8Array.from(uid);
    this.state = IDLE;
    this.wokenFromHalt = false;
    this.resp = new Uint8Array(20);
    this.respNanos = 0;
    this.writes = 0;
    this.reads = 0;
    this.mem = new Uint8Array(NTAG213_PAGES * 4);
    const u = this.uid;
    if (u.length === 7) {
      this.mem.set([u[0], u[1], u[2], 0x88 ^ u[0] ^ u[1] ^ u[2]], 0);
      this.mem.set([u[3], u[4], u[5], u[6], u[3] ^ u[4] ^ u[5] ^ u[6], 0x48], 4);
      this.mem.set(CC_NTAG213, 12);
      this.cl = [0x88, u[0], u[1], u[2], u[3], u[4], u[5], u[6]];
    } else {
      this.cl = [u[0], u[1], u[2], u[3]];
    }
    // the UID as sent at each cascade level, with its BCC
    const l1 = this.cl.slice(0, 4), l2 = this.cl.slice(4, 8);
    this.levels = [l1.concat([l1[0] ^ l1[1] ^ l1[2] ^ l1[3]])];
    if (l2.length) this.levels.push(l2.concat([l2[0] ^ l2[1] ^ l2[2] ^ l2[3]]));
  }

  get hex() { return Buffer.from(this.uid).toString('hex'); }

  powerOff() { this.state = IDLE; this.wokenFromHalt = false; }

  back() { this.state = this.wokenFromHalt ? HALT : IDLE; return 0; }

  answered(n) { this.respNanos = (86 + n * 85) * 1000; return n * 8; }

  nak(code) { this.resp[0] = code; this.respNanos = (86 + 57) * 1000; this.back(); return 4; }

  withCrc(n) {
    const c = crcA(this.resp, n);
    this.resp[n] = c & 0xff;
    this.resp[n + 1] = c >> 8;
    return this.answered(n + 2);
  }

  // One frame from the reader; the answer's length in bits (0: silent), its bytes in resp.
  answer(frame, nbits) {
    const st = this.state;
    if (nbits === 7) {
      const cmd = frame[0] & 0x7f;
      if ((cmd === 0x26 && st === IDLE) || (cmd === 0x52 && (st === IDLE || st === HALT))) {
        this.wokenFromHalt = st === HALT;
        this.state = READY1;
        this.resp[0] = this.uid.length === 7 ? 0x44 : 0x04; // ATQA
        this.resp[1] = 0x00;
        return this.answered(2);
      }
      if (st !== IDLE && st !== HALT) return this.back();
      return 0;
    }
    if (st === IDLE || st === HALT) return 0;
    if (nbits & 7) return this.back();
    const n = nbits >> 3;
    if (st === READY1 || st === READY2) return this.anticollision(frame, n, st - READY1);
    if (n < 3 || crcA(frame, n - 2) !== (frame[n - 2] | (frame[n - 1] << 8))) return this.nak(0x1);
    const cmd = frame[0];
    if (cmd === 0x50 && n === 4 && frame[1] === 0) { // HLTA
      this.state = HALT;
      this.wokenFromHalt = true;
      return 0;
    }
    if (cmd === 0x30 && n === 4) { // READ: 4 pages, rolling over past the last
      const p = frame[1];
      if (p >= NTAG213_PAGES) return this.nak(0x0);
      this.reads++;
      for (let i = 0; i < 16; i++) this.resp[i] = this.mem[(p * 4 + i) % this.mem.length];
      return this.withCrc(16);
    }
    if (cmd === 0xa2 && n === 8) return this.write(frame[1], frame);
    if (cmd === 0x60 && n === 3) {
      this.resp.set(VERSION_NTAG213, 0);
      return this.withCrc(8);
    }
    return this.nak(0x0);
  }

  anticollision(frame, n, level) {
    const cl = this.levels[level];
    if (!cl || n < 2 || frame[0] !== [0x93, 0x95][level]) return this.back();
    const nvb = frame[1];
    if (nvb === 0x70 && n === 9) { // SELECT
      for (let i = 0; i < 5; i++) if (frame[2 + i] !== cl[i]) return this.back();
      if (crcA(frame, 7) !== (frame[7] | (frame[8] << 8))) return this.back();
      const last = level === this.levels.length - 1;
      this.state = last ? ACTIVE : READY2;
      this.resp[0] = last ? 0x00 : 0x04; // SAK: NTAG 0x00; 0x04 = UID not complete
      return this.withCrc(1);
    }
    const known = (nvb >> 4) - 2;
    if ((nvb & 0x0f) || known < 0 || known > 4 || n !== 2 + known) return 0;
    for (let i = 0; i < known; i++) if (frame[2 + i] !== cl[i]) return 0;
    for (let i = known; i < 5; i++) this.resp[i - known] = cl[i];
    return this.answered(5 - known);
  }

  write(p, frame) {
    if (p < 2 || p >= NTAG213_PAGES) return this.nak(0x0);
    for (let i = 0; i < 4; i++) {
      let b = frame[2 + i];
      if (p === 3 || (p === 2 && i >= 2)) b |= this.mem[p * 4 + i]; // lock/OTP: bits only set
      if (p === 2 && i < 2) b = this.mem[p * 4 + i]; // UID bytes of page 2: read-only
      this.mem[p * 4 + i] = b;
    }
    this.writes++;
    this.resp[0] = 0x0a; // ACK (4 bits)
    this.respNanos = (4100 + 57) * 1000; // EEPROM programming time
    return 4;
  }
}

class MFRC522 {
  constructor() {
    this.regs = new Uint8Array(64);
    this.fifo = new Uint8Array(64);
    this.level = 0;
    this.head = 0;
    this.frame = new Uint8Array(66);
    this.rx = new Uint8Array(24);
    this.field = [];
    this.onPoll = null; // called before each REQA/WUPA: the scenario's clock
    this.polls = 0;
    this.frames = 0;
    this.airNanos = 0;
    this.powered = true; // NRSTPD high
    this.reset();
  }

  reset() {
    this.regs.fill(0);
    for (const [r, v] of RESET) this.regs[r] = v;
    this.regs[REG.Version] = 0x92; // MFRC522 version 2.0
    this.level = 0;
    this.head = 0;
    for (const t of this.field) t.powerOff(); // the carrier resets off
  }

  enter(tag) { if (!this.field.includes(tag)) { tag.powerOff(); this.field.push(tag); } }

  leave(tag) {
    const i = this.field.indexOf(tag);
    if (i >= 0) { tag.powerOff(); this.field.splice(i, 1); }
  }

  clear() { for (const t of this.field.slice()) this.leave(t); }

  // --- SPI: one transfer is the bytes clocked while NSS is low
  select() { this.pos = 0; this.addr = 0; }

  transfer(mosi) {
    // the MISO byte clocked out while `mosi` is clocked in
    if (!this.powered) return 0;
    if (this.pos++ === 0) { this.addr = mosi; return 0; }
    const reg = (this.addr >> 1) & 0x3f;
    if (this.addr & 0x80) { // read burst: this byte names the next register
      const v = this.read(reg);
      this.addr = mosi | 0x80;
      return v;
    }
    this.write(reg, mosi);
    return 0;
  }

  read(reg) {
    if (reg === REG.FIFOData) {
      if (this.level === 0) return 0;
      const v = this.fifo[this.head];
      this.head = (this.head + 1) & 63;
      this.level--;
      return v;
    }
    if (reg === REG.FIFOLevel) return this.level;
    return this.regs[reg];
  }

  write(reg, v) {
    const r = this.regs;
    switch (reg) {
      case REG.FIFOData:
        if (this.level === 64) { r[REG.Error] |= 0x10; return; } // BufferOvfl
        this.fifo[(this.head + this.level) & 63] = v;
        this.level++;
        return;
      case REG.FIFOLevel:
        if (v & 0x80) { this.level = 0; this.head = 0; r[REG.Error] &= ~0x10; }
        return;
      case REG.ComIrq: case REG.DivIrq:
        if (v & 0x80) r[reg] |= v & 0x7f; else r[reg] &= ~v & 0x7f;
        return;
      case REG.Command: this.command(v); return;
      case REG.BitFraming:
        r[reg] = v & 0x7f;
        if ((v & 0x80) && (r[REG.Command] & 0x0f) === 0x0c) this.send();
        return;
      case REG.TxControl:
        r[reg] = v;
        if (!(v & 0x03)) for (const t of this.field) t.powerOff(); // carrier off
        return;
      case REG.Error: case REG.Version: case REG.Status1: return; // read-only
      default: r[reg] = v;
    }
  }

  command(v) {
    const r = this.regs;
    const cmd = v & 0x0f;
    if (cmd === 0x0f) { this.reset(); r[REG.Command] = 0x20; return; } // SoftReset
    r[REG.Command] = v & 0x3f;
    if (cmd === 0x03) { // CalcCRC over the FIFO
      let n = 0;
      while (this.level) this.frame[n++] = this.read(REG.FIFOData);
      const c = crcA(this.frame, n, CRC_PRESETS[r[REG.Mode] & 3]);
      r[REG.CRCResultH] = c >> 8;
      r[REG.CRCResultL] = c & 0xff;
      r[REG.DivIrq] |= 0x04;
      r[REG.Status1] |= 0x20;
    } else if (cmd === 0x00) {
      r[REG.ComIrq] |= 0x10; // IdleIRq
    } else if (cmd !== 0x0c && cmd !== 0x07) {
      r[REG.ComIrq] |= 0x02; // ErrIRq: a command this model does not have
      r[REG.Error] |= 0x01;
    }
  }

  send() {
    // Transceive: the FIFO goes out as a frame; the tags' answer comes into the FIFO
    const r = this.regs;
    r[REG.Error] = 0;
    let n = 0;
    while (this.level) this.frame[n++] = this.read(REG.FIFOData);
    const last = r[REG.BitFraming] & 7;
    let nbits = last === 0 ? n * 8 : (n - 1) * 8 + last;
    if (r[REG.TxMode] & 0x80) { // TxCRCEn
      const c = crcA(this.frame, n, CRC_PRESETS[r[REG.Mode] & 3]);
      this.frame[n] = c & 0xff;
      this.frame[n + 1] = c >> 8;
      n += 2;
      nbits += 16;
    }
    this.frames++;
    if (nbits === 7) {
      this.polls++;
      if (this.onPoll) this.onPoll(this);
    }
    this.airNanos += nbits * 9440;
    r[REG.ComIrq] |= 0x40; // TxIRq
    const heard = (r[REG.TxControl] & 3) && (r[REG.TxASK] & 0x40);
    let bits = 0, first = null, coll = -1, slowest = 0;
    if (heard) {
      for (const t of this.field) {
        const b = t.answer(this.frame, nbits);
        if (b === 0) continue;
        slowest = Math.max(slowest, t.respNanos);
        if (first === null) {
          first = t;
          bits = b;
          this.rx.set(t.resp.subarray(0, (b + 7) >> 3), 0);
          continue;
        }
        bits = Math.max(bits, b);
        for (let k = 0; k < (b + 7) >> 3; k++) {
          let d = this.rx[k] ^ t.resp[k];
          if (d) {
            let pos = k * 8;
            while (!(d & 1)) { d >>= 1; pos++; }
            if (coll < 0 || pos < coll) coll = pos;
            break;
          }
        }
      }
    }
    let limitNanos = -1;
    if (r[REG.TMode] & 0x80) { // TAuto: the timer starts at the frame's end
      const presc = ((r[REG.TMode] & 0x0f) << 8) | r[REG.TPrescaler];
      const reload = (r[REG.TReloadH] << 8) | r[REG.TReloadL];
      limitNanos = Math.floor((2 * presc + 1) * (reload + 1) * 1e9 / 13.56e6);
    }
    if (first === null || (limitNanos >= 0 && limitNanos < slowest)) {
      if (limitNanos >= 0) { this.airNanos += limitNanos; r[REG.ComIrq] |= 0x01; } // TimerIRq
      return;
    }
    this.airNanos += slowest;
    let nb = (bits + 7) >> 3;
    if (coll >= 0) {
      this.rx[coll >> 3] |= 1 << (coll & 7);
      this.rx[coll >> 3] &= (2 << (coll & 7)) - 1;
      for (let k = (coll >> 3) + 1; k < nb; k++) this.rx[k] = 0;
      r[REG.Error] |= 0x08; // CollErr
      r[REG.Coll] = (r[REG.Coll] & 0x80) | (coll < 32 ? (coll + 1) & 0x1f : 0x20);
      r[REG.ComIrq] |= 0x02;
    }
    if ((r[REG.RxMode] & 0x80) && nb >= 3) { // RxCRCEn: checked and stripped
      const c = crcA(this.rx, nb - 2, CRC_PRESETS[r[REG.Mode] & 3]);
      if (c !== (this.rx[nb - 2] | (this.rx[nb - 1] << 8))) r[REG.Error] |= 0x04;
      nb -= 2;
    }
    this.fifo.set(this.rx.subarray(0, nb), 0);
    this.head = 0;
    this.level = nb;
    r[REG.Control] = (r[REG.Control] & 0xf8) | (bits & 7);
    r[REG.ComIrq] |= 0x20; // RxIRq
  }
}

module.exports = { MFRC522, Tag, crcA };
