'use strict';
// An SSD1306 128x64 OLED on I2C, enough to read back what the dealer sees: control bytes
// (0x80/0x00 command, 0x40 data), SET_COL_ADDR / SET_PAGE_ADDR windows and horizontal
// addressing (what micropython-lib's ssd1306 driver uses), 1 KiB of display RAM. text()
// turns the RAM back into 8 lines of 16 characters with MicroPython's own 8x8 font (the
// one framebuf.text draws with), read from the MicroPython source tree.
const fs = require('fs');

class SSD1306 {
  constructor(fontPath) {
    this.ram = new Uint8Array(1024);
    this.col = 0; this.page = 0;
    this.win = [0, 127, 0, 7];
    this.glyphs = new Map();
    if (fontPath && fs.existsSync(fontPath)) {
      const bytes = (fs.readFileSync(fontPath, 'utf8').match(/0x[0-9a-fA-F]{2}/g) || []).map(Number);
      for (let c = 32; (c - 32) * 8 + 8 <= bytes.length; c++) {
        const key = Buffer.from(bytes.slice((c - 32) * 8, (c - 32) * 8 + 8)).toString('hex');
        if (!this.glyphs.has(key)) this.glyphs.set(key, String.fromCharCode(c));
      }
    }
    this.start();
  }

  start() { this.index = 0; this.mode = 'control'; this.args = []; }

  write(b) {
    if (this.mode === 'control') { this.mode = b & 0x40 ? 'data' : (b & 0x80 ? 'cmd1' : 'cmds'); return; }
    if (this.mode === 'data') { this.data(b); return; }
    this.command(b);
    if (this.mode === 'cmd1') this.mode = 'control'; // Co=1: a control byte follows
  }

  command(b) {
    if (this.pending) {
      this.args.push(b);
      if (this.args.length === 2) {
        if (this.pending === 0x21) { this.win[0] = this.args[0] & 127; this.win[1] = this.args[1] & 127; this.col = this.win[0]; }
        else { this.win[2] = this.args[0] & 7; this.win[3] = this.args[1] & 7; this.page = this.win[2]; }
        this.pending = 0; this.args = [];
      }
      return;
    }
    if (b === 0x21 || b === 0x22) this.pending = b;
  }

  data(b) {
    this.ram[this.page * 128 + this.col] = b;
    if (++this.col > this.win[1]) {
      this.col = this.win[0];
      if (++this.page > this.win[3]) this.page = this.win[2];
    }
  }

  text() {
    if (!this.glyphs.size) return null;
    const lines = [];
    for (let p = 0; p < 8; p++) {
      let s = '';
      for (let c = 0; c < 16; c++) {
        const key = Buffer.from(this.ram.subarray(p * 128 + c * 8, p * 128 + c * 8 + 8)).toString('hex');
        s += this.glyphs.get(key) || '?';
      }
      lines.push(s.replace(/\s+$/, ''));
    }
    return lines;
  }
}

module.exports = { SSD1306 };
