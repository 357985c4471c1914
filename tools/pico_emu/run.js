'use strict';
// The Overplay shoe on an emulated RP2040 (rp2040js, pinned in package-lock.json): boots the
// project's UF2 with the shoe app, an MFRC522 with NTAG213 tags on the SPI pins of the board
// definition, the USB CDC serial line as a pty, and the flash persisted to a file.
//
//   node tools/pico_emu/run.js --uf2 build/overplay-pico.uf2 --flash build/emu/flash.bin
//        [--board hardware/boards/pico_ref.json] [--bootrom ../shared/toolchain/...bin]
//        [--script scenario.json] [--quiet]
//
// Stdout: one JSON object a line ("event": "pty" with the pty's path first, then replies).
// Stdin: the control channel, one JSON command a line (the same commands a --script file
// lists, run in order):
//   {"cmd": "deal", "uids": [hex, ...], "dwell": 3, "gap": 1}  tags pass the field one by one,
//        each for `dwell` reader polls (REQA/WUPA), `gap` empty polls between; done when the
//        last has left. {"cmd": "enter"/"leave", "uid": hex}, {"cmd": "clear"}.
//   {"cmd": "press", "button": "deal"|"next"|"mode", "ms": 60}  held low for ms (emulated).
//   {"cmd": "wait_ms", "ms": N}   N emulated milliseconds.
//   {"cmd": "dump", "uid": hex}   a tag's memory (hex) and its read/write counts.
//   {"cmd": "stats"}              cycles, emulated time, reader polls, flash operations.
//   {"cmd": "screen"}             the dealer's screen (SSD1306) as 8 lines of text.
//   {"cmd": "cut", "after": N}    power cut in the middle of the N-th flash erase/program
//        from now: half of it is done, then the emulator stops (the flash file keeps it).
//   {"cmd": "stop"}               power off (the flash file is already up to date).
// A command may carry "id"; its reply {"event": "done", "id": ..., ...} comes when it ends.
// The flash file is written through on every erase and program, so killing this process at
// any moment is a power cut; the next run boots from what the flash then holds.

const fs = require('fs');
const path = require('path');
const readline = require('readline');
const { spawn } = require('child_process');
const { RP2040, USBCDC } = require('rp2040js');
const { MFRC522, Tag } = require('./mfrc522');
const { SSD1306 } = require('./ssd1306');

const ROOT = path.resolve(__dirname, '..', '..');
const FLASH_SIZE = 2 * 1024 * 1024; // RPI_PICO: W25Q16JV, 2 MiB
const CYCLE_NS = 8; // 125 MHz

function args(argv) {
  const a = {
    uf2: path.join(ROOT, 'build', 'overplay-pico.uf2'),
    flash: path.join(ROOT, 'build', 'emu', 'flash.bin'),
    board: path.join(ROOT, 'hardware', 'boards', 'pico_ref.json'),
    bootrom: path.join(ROOT, '..', 'shared', 'toolchain', 'rp2040-bootrom-b1.bin'),
    font: path.join(process.env.MICROPY_DIR || path.join(ROOT, 'build', 'micropython-1.28.0'),
      'extmod', 'font_petme128_8x8.h'),
    script: null,
    quiet: false,
  };
  for (let i = 2; i < argv.length; i++) {
    const k = argv[i].replace(/^--/, '');
    if (k === 'quiet') a.quiet = true;
    else if (k in a) a[k] = argv[++i];
    else fail(`unknown option --${k}`);
  }
  return a;
}

function fail(msg) {
  process.stderr.write(`pico_emu: ${msg}\n`);
  process.exit(2);
}

function emit(obj) { process.stdout.write(JSON.stringify(obj) + '\n'); }

const opt = args(process.argv);
for (const f of ['uf2', 'bootrom', 'board']) {
  if (!fs.existsSync(opt[f])) fail(`no ${f} file ${opt[f]} (make firmware builds the UF2)`);
}
const boardDef = JSON.parse(fs.readFileSync(opt.board, 'utf8'));
const mcu = new RP2040();
mcu.logger.currentLogLevel = 3; // errors only (a soft reset logs harmless SIO warnings)

// --- boot ROM, with the two flash-writing entries patched (emulator gap 2) -------------------
// Gap: rp2040js 1.4.1's QSPI/SSI model answers only READ_STATUS, so the boot ROM's
// flash_range_erase and flash_range_program run but change nothing (LittleFS mkfs fails with
// OSError 28). Their first instructions become `bkpt; bx lr`, and the breakpoint handler
// erases (0xFF) or programs (NOR: AND) the emulator's flash array, and the file behind it.
const BKPT_ERASE = 0x45, BKPT_PROGRAM = 0x50;
const rom = Buffer.from(fs.readFileSync(opt.bootrom));
function romFunction(code) {
  const table = rom.readUInt16LE(0x14);
  for (let p = table; ; p += 4) {
    const c = rom.readUInt16LE(p);
    if (c === 0) fail(`boot ROM has no function ${code}`);
    if (c === (code.charCodeAt(0) | (code.charCodeAt(1) << 8))) return rom.readUInt16LE(p + 2) & ~1;
  }
}
for (const [code, bkpt] of [['RE', BKPT_ERASE], ['RP', BKPT_PROGRAM]]) {
  const at = romFunction(code);
  rom.writeUInt16LE(0xbe00 | bkpt, at); // bkpt #n
  rom.writeUInt16LE(0x4770, at + 2); // bx lr
}
mcu.loadBootrom(new Uint32Array(rom.buffer, rom.byteOffset, rom.length / 4));

// --- flash: the file is the flash ----------------------------------------------------------
fs.mkdirSync(path.dirname(path.resolve(opt.flash)), { recursive: true });
const blank = !fs.existsSync(opt.flash);
if (!blank) mcu.flash.set(fs.readFileSync(opt.flash).subarray(0, FLASH_SIZE));
// The UF2 is (re)flashed at every boot, as with BOOTSEL: the filesystem behind it stays.
const uf2 = fs.readFileSync(opt.uf2);
for (let off = 0; off + 512 <= uf2.length; off += 512) {
  if (uf2.readUInt32LE(off) !== 0x0a324655 || uf2.readUInt32LE(off + 4) !== 0x9e5d5157) {
    fail(`${opt.uf2} is not a UF2 file`);
  }
  const addr = uf2.readUInt32LE(off + 12), size = uf2.readUInt32LE(off + 16);
  mcu.flash.set(uf2.subarray(off + 32, off + 32 + size), addr - 0x10000000);
}
const flashFd = fs.openSync(opt.flash, blank ? 'w+' : 'r+');
fs.writeSync(flashFd, mcu.flash, 0, FLASH_SIZE, 0);
let flashOps = 0, cutAt = -1;

function flashWrite(offset, length) {
  fs.writeSync(flashFd, mcu.flash, offset, length, offset);
}

function powerCut(what) {
  emit({ event: 'power_cut', during: what, flash_ops: flashOps, cycles: cycles() });
  fs.closeSync(flashFd);
  process.exit(0);
}

mcu.onBreak = (code) => {
  const r = mcu.core.registers;
  if (code === BKPT_ERASE) { // flash_range_erase(addr, count, block_size, block_cmd)
    const addr = r[0] & 0xffffff, count = r[1] >>> 0;
    flashOps++;
    const end = Math.min(addr + count, FLASH_SIZE);
    if (flashOps === cutAt) { // power cut half-way through the erase: half of it is blank
      const half = addr + ((end - addr) >> 1);
      mcu.flash.fill(0xff, addr, half);
      flashWrite(addr, half - addr);
      powerCut('erase');
    }
    mcu.flash.fill(0xff, addr, end);
    flashWrite(addr, end - addr);
    charge(45e6 * Math.ceil(count / 4096)); // W25Q16JV: ~45 ms a 4 KiB sector
  } else if (code === BKPT_PROGRAM) { // flash_range_program(addr, data, count)
    const addr = r[0] & 0xffffff, data = r[1] >>> 0, count = r[2] >>> 0;
    flashOps++;
    const n = flashOps === cutAt ? count >> 1 : count;
    for (let i = 0; i < n && addr + i < FLASH_SIZE; i++) {
      mcu.flash[addr + i] &= mcu.readUint8(data + i); // NOR flash: programming clears bits
    }
    flashWrite(addr, Math.min(count, FLASH_SIZE - addr));
    if (n !== count) powerCut('program');
    charge(0.7e6 * Math.ceil(count / 256)); // ~0.7 ms a 256-byte page
  } else {
    emit({ event: 'breakpoint', code, pc: mcu.core.PC });
  }
};

// The erase/program time, charged to the emulated clock (the CPU waits on a real Pico too).
let charged = 0;
function charge(nanos) { charged += nanos; }

// --- UART (emulator gap 3) -----------------------------------------------------------------
// Gap: rp2040js 1.4.1's UART raises its TX interrupt on every interrupt check (its TX FIFO
// is a TODO), so an enabled TX interrupt is always pending and machine.UART's handler spins
// for ever. Here TX is raised only after the firmware writes a byte (the FIFO then drains at
// once).
for (const uart of mcu.uart) {
  const UARTDR = 0x0, UARTTXINTR = 1 << 5;
  uart.checkInterrupts = function checkInterrupts() {
    this.rp2040.setInterrupt(this.irq, !!(this.interruptStatus & this.interruptMask));
  };
  const write = uart.writeUint32.bind(uart);
  uart.writeUint32 = (offset, value) => {
    write(offset, value);
    if (offset === UARTDR) { uart.interruptStatus |= UARTTXINTR; uart.checkInterrupts(); }
  };
  uart.onByte = () => {};
}

// --- the MFRC522 on SPI ----------------------------------------------------------------------
const rd = boardDef.reader;
const chip = new MFRC522();
const spi = mcu.spi[rd.spi];
let spiNanos = 0;
// Each byte takes its 8 bit times at the firmware's SPI clock before MISO is in the FIFO, so
// the driver's SPI work costs what it costs on the board.
const byteDone = mcu.clock.createAlarm(() => spi.completeTransmit(spiMiso));
let spiMiso = 0;
spi.onTransmit = (mosi) => {
  spiMiso = mcu.gpio[rd.cs].outputValue ? 0 : chip.transfer(mosi);
  const hz = spi.clockFrequency || rd.baudrate;
  const ns = Math.round(8e9 / hz);
  spiNanos += ns;
  byteDone.schedule(ns);
};
mcu.gpio[rd.cs].addListener((state) => { if (!mcu.gpio[rd.cs].outputValue) chip.select(); });
mcu.gpio[rd.rst].addListener(() => {
  const high = mcu.gpio[rd.rst].outputValue;
  if (high && !chip.powered) chip.reset(); // NRSTPD rising edge: hard reset
  chip.powered = high;
});

// --- the SSD1306 on I2C (its screen readable with the "screen" command) ----------------------
const dd = boardDef.display;
const i2c = mcu.i2c[dd.i2c];
const panel = new SSD1306(opt.font);
let displayBytes = 0;
i2c.onStart = () => i2c.completeStart();
i2c.onConnect = (address) => { panel.start(); i2c.completeConnect(address === dd.addr); };
i2c.onWriteByte = (b) => { displayBytes++; panel.write(b); i2c.completeWrite(true); };
i2c.onReadByte = () => i2c.completeRead(0);
i2c.onStop = () => i2c.completeStop();

// --- buttons: pull-ups, pressed = low --------------------------------------------------------
for (const name of Object.keys(boardDef.buttons)) mcu.gpio[boardDef.buttons[name]].setInputValue(true);

// --- USB CDC and the pty (emulator gap 1) ----------------------------------------------------
const cdc = new USBCDC(mcu.usbCtrl);
const toDevice = []; // chunks from the host, not yet in an OUT buffer
let heldRead = null; // the OUT buffer the device armed, held until the host has bytes
const cdcRead = mcu.usbCtrl.onEndpointRead;
// Gap: rp2040js 1.4.1's CDC host answers every OUT buffer the device arms with a zero-length
// packet at once; the interrupt storm that follows takes over half the emulated CPU. A real
// host NAKs while it has nothing to send: the armed buffer is held here until it has.
mcu.usbCtrl.onEndpointRead = (endpoint, size) => {
  if (endpoint !== cdc.outEndpoint) { cdcRead(endpoint, size); return; }
  heldRead = size;
  feedDevice();
};
function feedDevice() {
  if (heldRead === null || toDevice.length === 0) return;
  const out = [];
  while (out.length < heldRead && toDevice.length) {
    const c = toDevice[0];
    const take = Math.min(heldRead - out.length, c.length);
    for (let i = 0; i < take; i++) out.push(c[i]);
    if (take === c.length) toDevice.shift(); else toDevice[0] = c.subarray(take);
  }
  heldRead = null;
  mcu.usbCtrl.endpointReadDone(cdc.outEndpoint, Uint8Array.from(out));
}

const bridge = spawn('python3', [path.join(__dirname, 'ptybridge.py')], { stdio: ['pipe', 'pipe', 'inherit'] });
let ptyPath = null, ptyHead = Buffer.alloc(0);
bridge.stdout.on('data', (data) => {
  if (ptyPath === null) {
    ptyHead = Buffer.concat([ptyHead, data]);
    const nl = ptyHead.indexOf(10);
    if (nl < 0) return;
    ptyPath = ptyHead.subarray(0, nl).toString();
    emit({ event: 'pty', path: ptyPath });
    data = ptyHead.subarray(nl + 1);
  }
  if (data.length) { toDevice.push(Uint8Array.from(data)); feedDevice(); }
});
cdc.onSerialData = (buffer) => bridge.stdin.write(Buffer.from(buffer));
cdc.onDeviceConnected = () => emit({ event: 'usb_connected', cycles: cycles() });

// --- the scenario ----------------------------------------------------------------------------
const tags = new Map(); // hex UID -> Tag (a tag keeps its memory while the runner runs)
function tag(hex) {
  const h = String(hex).toLowerCase();
  if (!tags.has(h)) tags.set(h, new Tag(Buffer.from(h, 'hex')));
  return tags.get(h);
}

let dealer = null; // the deal in progress: {tags, i, dwell, gap, t, inField, done}
chip.onPoll = () => {
  const d = dealer;
  if (d === null) return;
  d.t++;
  if (d.inField && d.t > d.dwell) {
    chip.leave(d.inField);
    d.inField = null;
    d.t = 1;
    if (d.i >= d.tags.length) { dealer = null; d.done(); return; }
  }
  if (!d.inField && d.t > d.gap) {
    d.inField = d.tags[d.i++];
    chip.enter(d.inField);
    d.t = 1;
  }
};

function afterNanos(ns, fn) {
  const alarm = mcu.clock.createAlarm(fn);
  alarm.schedule(ns);
}

function cycles() { return busyCycles; }

function run(c, reply) {
  switch (c.cmd) {
    case 'enter': chip.enter(tag(c.uid)); return reply({});
    case 'leave': chip.leave(tag(c.uid)); return reply({});
    case 'clear': chip.clear(); return reply({});
    case 'deal': {
      const list = c.uids.map(tag);
      const start = { polls: chip.polls, cycles: cycles() };
      if (!list.length) return reply({});
      dealer = { tags: list, i: 0, dwell: c.dwell || 3, gap: c.gap === undefined ? 1 : c.gap,
        t: 0, inField: null,
        done: () => reply({ polls: chip.polls - start.polls, cycles: cycles() - start.cycles }) };
      return undefined;
    }
    case 'press': {
      const pin = mcu.gpio[typeof c.button === 'number' ? c.button : boardDef.buttons[c.button]];
      if (!pin) return reply({ error: `no button ${c.button}` });
      const ms = c.ms || 60;
      pin.setInputValue(false);
      afterNanos(ms * 1e6, () => {
        pin.setInputValue(true);
        afterNanos(ms * 1e6, () => reply({}));
      });
      return undefined;
    }
    case 'wait_ms': afterNanos(c.ms * 1e6, () => reply({})); return undefined;
    case 'dump': {
      const t = tag(c.uid);
      return reply({ mem: Buffer.from(t.mem).toString('hex'), reads: t.reads, writes: t.writes });
    }
    case 'stats':
      return reply({ cycles: cycles(), nanos: mcu.clock.nanos, polls: chip.polls,
        frames: chip.frames, air_ns: chip.airNanos, spi_ns: spiNanos, flash_ops: flashOps,
        display_bytes: displayBytes, in_field: chip.field.map((t) => t.hex) });
    case 'screen': return reply({ lines: panel.text() });
    case 'cut': cutAt = flashOps + (c.after || 1); return reply({ at: cutAt });
    case 'stop': reply({}); fs.closeSync(flashFd); process.exit(0); return undefined;
    default: return reply({ error: `unknown command ${c.cmd}` });
  }
}

const queue = [];
let busy = false;
function submit(c) { queue.push(c); pump(); }
function pump() {
  if (busy || !queue.length) return;
  const c = queue.shift();
  busy = true;
  run(c, (res) => {
    emit(Object.assign({ event: 'done', id: c.id === undefined ? null : c.id, cmd: c.cmd }, res));
    busy = false;
    setImmediate(pump);
  });
}
if (opt.script) for (const c of JSON.parse(fs.readFileSync(opt.script, 'utf8'))) submit(c);
readline.createInterface({ input: process.stdin }).on('line', (line) => {
  if (!line.trim()) return;
  let c;
  try { c = JSON.parse(line); } catch (e) { emit({ event: 'error', error: `not JSON: ${line}` }); return; }
  submit(c);
}).on('close', () => { if (!opt.script) { fs.closeSync(flashFd); process.exit(0); } });

// --- the CPU loop ----------------------------------------------------------------------------
// The CPU starts at the flash's second-stage boot loader, as the boot ROM would jump there
// (the ROM's own start waits on a WFE that nothing in the emulator wakes). `busyCycles`
// counts the cycles of executed instructions only: not WFI idle time, not flash busy time.
let busyCycles = 0;
mcu.core.PC = 0x10000000;
function step() {
  const { core, clock } = mcu;
  const stopAt = busyCycles + 2000000;
  while (busyCycles < stopAt) {
    if (charged) { // the flash was busy: time passes while the CPU waits for it
      clock.tick(charged);
      charged = 0;
    }
    if (core.waiting) {
      const ns = clock.nanosToNextAlarm;
      if (ns <= 0 || !isFinite(ns)) break;
      clock.tick(ns); // WFI: idle time is skipped
    } else {
      const c = core.executeInstruction();
      busyCycles += c;
      clock.tick(c * CYCLE_NS);
    }
  }
  setImmediate(step);
}
setImmediate(step);
