'use strict';
// An emulated Raspberry Pi Pico: the real MicroPython rp2 firmware on rp2040js, with the parts
// of a Pico that rp2040js leaves out (docs/target.md). Started by dominoboard/rp2/pico.py:
//
//   node pico.cjs CONFIG_JSON      fd 0/1: control (JSON lines), fd 3: the USB CDC bytes
//
// What this adds to rp2040js 1.4.1, each because the firmware needs it:
// - flash that writes: the boot ROM's flash functions become a breakpoint served here (erase =
//   fill 0xFF, program = AND, as NOR flash does), written through to an image file at once, with
//   the chip's busy times (typical, or config.flash_times 'max') charged to the clock (a cut inside one leaves it half done);
// - a USB host that NAKs: an OUT transfer waits for host bytes (rp2040js answered each one at
//   once with 0 bytes, an interrupt every 10 us), and an IN transfer is held while the host is
//   not reading, so the device sees a full FIFO as it would on a real cable;
// - a run loop that sleeps while the core waits for an interrupt, paced to the wall clock;
// - reset that reboots (a new chip on the same flash), a unique id per board (flash RUID);
// - the buttons held high (rp2040js does not model pulls), pressed in emulated time;
// - the optional matrix keypad: a column reads low while a pressed key joins it to a row the
//   firmware drives low (keypadColumns, on every change of a row pin);
// - I2C0 with an SSD1306 at 0x3C that ACKs and reports each write transaction to the host side,
//   which decodes it with the same panel model the simulated board uses (boards/sim.py).

const fs = require('fs');
const net = require('net');
const path = require('path');

const config = JSON.parse(process.argv[2]);
// stdout is the control channel: rp2040js's own console chatter (unmodelled SIO registers and
// the like) must not reach it.
console.log = console.info = console.debug = console.warn = () => {};
const rp = require(path.join(config.rp2040js, 'dist', 'cjs', 'index.js'));

const NS_PER_MS = 1e6;
const FLASH_SIZE = 2 * 1024 * 1024; // the Pico's W25Q16
const SECTOR = 4096;
// W25Q16JV busy times (datasheet, 8.6): typical, a sector erase 45 ms and a page program
// 0.4 ms; config.flash_times "max" charges the datasheet's maximum, 400 ms and 3 ms.
const FLASH_MAX = config.flash_times === 'max';
const ERASE_NS_PER_SECTOR = (FLASH_MAX ? 400 : 45) * NS_PER_MS;
const PROGRAM_NS_PER_PAGE = (FLASH_MAX ? 3 : 0.4) * NS_PER_MS;
const HOST_BUFFER = 4096; // bytes a host may hold unread before it stops taking IN packets
const BUTTONS = config.buttons; // {name: gpio}
const ENCODER = config.encoder || []; // the knob's quadrature pins, A and B
const levels = {}; // the knob's pin levels as the host last set them (kept across a reset)
const KEYPAD = config.keypad || { rows: [], cols: [], keys: '' }; // legends row by row
const keysDown = new Set(); // the keypad's keys held, by legend
const I2C_ADDR = config.i2c_addr;

// --- control channel -------------------------------------------------------------------------

function send(obj) {
  fs.writeSync(1, JSON.stringify(obj) + '\n');
}

// --- flash image -----------------------------------------------------------------------------

let flash = new Uint8Array(FLASH_SIZE).fill(0xff); // becomes a view of the chip's flash
const imageFd = (() => {
  if (!fs.existsSync(config.flash)) fs.writeFileSync(config.flash, flash);
  const fd = fs.openSync(config.flash, 'r+');
  fs.readSync(fd, flash, 0, FLASH_SIZE, 0);
  return fd;
})();

function persist(offset, length) {
  fs.writeSync(imageFd, flash, offset, length, offset);
}

function loadUF2(file) {
  // UF2: 512-byte blocks, target address at 12, payload size at 16, payload from 32.
  const data = fs.readFileSync(file);
  let low = FLASH_SIZE;
  let high = 0;
  for (let i = 0; i + 512 <= data.length; i += 512) {
    const view = new DataView(data.buffer, data.byteOffset + i, 512);
    if (view.getUint32(0, true) !== 0x0a324655 || view.getUint32(4, true) !== 0x9e5d5157) continue;
    const offset = view.getUint32(12, true) - 0x10000000;
    const size = view.getUint32(16, true);
    flash.set(data.subarray(i + 32, i + 32 + size), offset);
    low = Math.min(low, offset);
    high = Math.max(high, offset + size);
  }
  if (high > low) persist(low, high - low);
}

if (config.uf2) loadUF2(config.uf2);

// --- the chip ----------------------------------------------------------------------------------

const bootrom = new Uint32Array(new Uint8Array(fs.readFileSync(config.bootrom)).buffer);
const ROM_CODE = (a, b) => a.charCodeAt(0) | (b.charCodeAt(0) << 8);
const FLASH_FUNCS = {
  [ROM_CODE('I', 'F')]: 'connect',
  [ROM_CODE('E', 'X')]: 'exit_xip',
  [ROM_CODE('R', 'E')]: 'erase',
  [ROM_CODE('R', 'P')]: 'program',
  [ROM_CODE('F', 'C')]: 'flush_cache',
  [ROM_CODE('C', 'X')]: 'enter_xip',
};

function patchedBootrom() {
  // Each flash function's entry becomes `BKPT #n; BX LR`: onBreak does the work, then returns.
  const rom = new Uint8Array(bootrom.slice().buffer);
  const half = (a) => rom[a] | (rom[a + 1] << 8);
  const breaks = {};
  let n = 1;
  for (let t = half(0x14); half(t) !== 0; t += 4) {
    const name = FLASH_FUNCS[half(t)];
    if (!name) continue;
    const entry = half(t + 2) & ~1; // Thumb pointer
    rom[entry] = n;
    rom[entry + 1] = 0xbe; // BKPT #n
    rom[entry + 2] = 0x70;
    rom[entry + 3] = 0x47; // BX LR
    breaks[n++] = name;
  }
  return { words: new Uint32Array(rom.buffer), breaks };
}

const ROM = patchedBootrom();
let mcu = null;
let cdc = null;
let bootCount = 0;
let busyNs = 0; // emulated time the core spent running, not waiting for an interrupt
let flashBusyNs = 0; // total time the chip spent erasing/programming (reported with each key)
let cutAtNs = null; // a scheduled power cut, in emulated ns since power-on
let cutOp = null; // or one inside a flash operation: {n: operations to let pass, part: 0..1}
let emuBaseNs = 0; // emulated time before the current chip (reset keeps time running)

function now() {
  return emuBaseNs + mcu.clock.nanos;
}

function powerCut(partial, op) {
  // The supply is gone: what is in the image file stays, nothing else happens.
  if (partial) partial();
  send({ ev: 'cut', t: now(), mid_write: Boolean(partial), op: op || null });
  process.exit(0);
}

function flashOp(name, r) {
  if (name === 'erase' || name === 'program') {
    const offset = r[0] >>> 0;
    const count = r[name === 'erase' ? 1 : 2] >>> 0;
    if (offset + count > FLASH_SIZE) throw new Error(`flash ${name} beyond 2 MiB: ${offset}+${count}`);
    const busy =
      name === 'erase'
        ? Math.ceil(count / SECTOR) * ERASE_NS_PER_SECTOR
        : Math.ceil(count / 256) * PROGRAM_NS_PER_PAGE;
    const data = name === 'program' ? readRam(r[1] >>> 0, count) : null;
    const apply = (upTo) => {
      for (let i = 0; i < upTo; i++) {
        flash[offset + i] = data ? flash[offset + i] & data[i] : 0xff;
      }
      persist(offset, count);
    };
    let done = null;
    if (cutAtNs !== null && cutAtNs < now() + busy) {
      // Cut mid-operation: the part done so far (bytes in order, as the chip works).
      done = Math.max(0, Math.floor(((cutAtNs - now()) / busy) * count));
    } else if (cutOp !== null && cutOp.n-- === 0) {
      done = Math.floor(cutOp.part * count);
    }
    if (done !== null) {
      powerCut(() => {
        apply(done);
        if (!data && done < count) {
          // An interrupted erase leaves the rest of the sector neither old nor blank.
          for (let i = done; i < count; i++) flash[offset + i] &= (i * 2654435761) >>> 24;
          persist(offset, count);
        }
      }, name);
    }
    apply(count);
    flashBusyNs += busy;
    mcu.clock.tick(busy);
    send({ ev: 'flash', op: name, offset, count, t: now() });
  }
}

function readRam(address, count) {
  const out = new Uint8Array(count);
  for (let i = 0; i < count; i++) out[i] = mcu.readUint8(address + i);
  return out;
}

// The flash's unique id (command 0x4B) through the SSI, which rp2040js leaves a stub.
function attachUniqueId(chip) {
  const ssi = chip.peripherals[0x18000];
  const uid = Buffer.from(config.uid, 'hex');
  let tx = [];
  let rx = [];
  const write = ssi.writeUint32.bind(ssi);
  const read = ssi.readUint32.bind(ssi);
  ssi.writeUint32 = (offset, value) => {
    if (offset === 0x60) {
      // DR0: one byte out, one byte back, as SPI does
      tx.push(value & 0xff);
      if (tx[0] !== 0x4b) tx = [value & 0xff];
      if (tx.length === 1) rx = []; // a new command: nothing left over from the last one
      const i = tx.length - 1;
      rx.push(tx[0] === 0x4b && i >= 5 && i < 13 ? uid[i - 5] : 0);
    }
    if (offset === 0x08 && !(value & 1)) { tx = []; rx = []; } // SSIENR off: a new transfer
    write(offset, value);
  };
  ssi.readUint32 = (offset) => {
    if (offset === 0x60 && rx.length) return rx.shift();
    if (offset === 0x24) return rx.length; // RXFLR
    return read(offset);
  };
}

// --- USB: a host that NAKs -------------------------------------------------------------------

const serial = new net.Socket({ fd: config.serial_fd, readable: true, writable: true });
const hostToDevice = [];
let inHeld = []; // IN transfers the host has not taken yet

serial.on('data', (chunk) => {
  for (const b of chunk) hostToDevice.push(b);
  if (cdc) cdc.serveRead();
  wake();
});
function releaseHeld() {
  // The host took its bytes: the IN transfers it NAKed complete now. (Checked every slice:
  // 'drain' fires only past the socket's own high-water mark, above HOST_BUFFER.)
  if (!inHeld.length || serial.writableLength > HOST_BUFFER) return;
  const held = inHeld;
  inHeld = [];
  for (const done of held) done();
}
serial.on('drain', () => {
  releaseHeld();
  wake();
});
serial.on('error', () => {});

class HostCDC extends rp.USBCDC {
  constructor(usb) {
    super(usb);
    this.pendingRead = 0;
    usb.onEndpointRead = (endpoint, size) => {
      if (endpoint !== this.outEndpoint) return;
      this.pendingRead = size; // NAK until the host has bytes
      this.serveRead();
    };
    this.onSerialData = (buffer) => serial.write(Buffer.from(buffer));
    const indicate = usb.indicateBufferReady.bind(usb);
    usb.indicateBufferReady = (endpoint, out) => {
      if (!out && endpoint === this.inEndpoint && serial.writableLength > HOST_BUFFER) {
        inHeld.push(() => indicate(endpoint, out)); // the host stopped reading: NAK
        return;
      }
      indicate(endpoint, out);
    };
  }
  serveRead() {
    if (!this.pendingRead || !hostToDevice.length) return;
    const n = Math.min(this.pendingRead, hostToDevice.length);
    this.pendingRead = 0;
    this.usb.endpointReadDone(this.outEndpoint, Uint8Array.from(hostToDevice.splice(0, n)));
  }
}

// --- I2C0: the SSD1306 ---------------------------------------------------------------------

function attachPanel(chip) {
  const i2c = chip.i2c[0];
  let bytes = null;
  i2c.onStart = () => i2c.completeStart();
  i2c.onConnect = (address, mode) => {
    const ours = address === I2C_ADDR && mode === 0; // write: the panel is write-only here
    bytes = ours ? [] : null;
    i2c.completeConnect(ours);
  };
  i2c.onWriteByte = (value) => {
    if (bytes) bytes.push(value);
    i2c.completeWrite(bytes !== null);
  };
  i2c.onReadByte = () => i2c.completeRead(0xff);
  i2c.onStop = () => {
    if (bytes && bytes.length) send({ ev: 'i2c', t: now(), data: Buffer.from(bytes).toString('hex') });
    bytes = null;
    i2c.completeStop();
  };
}

// --- boot, reset -------------------------------------------------------------------------------

function boot() {
  if (mcu) emuBaseNs += mcu.clock.nanos;
  mcu = new rp.RP2040();
  mcu.logger = quietLogger;
  mcu.loadBootrom(ROM.words);
  mcu.flash.set(flash); // loadBootrom erased the chip's copy
  flash = mcu.flash.subarray(0, FLASH_SIZE); // what the core reads through XIP
  mcu.onBreak = (code) => {
    const name = ROM.breaks[code];
    if (!name) {
      send({ ev: 'break', code, pc: mcu.core.PC });
      return;
    }
    flashOp(name, mcu.core.registers);
  };
  mcu.peripherals[0x40058].onWatchdogTrigger = () => {
    rebootPending = true;
  };
  attachUniqueId(mcu);
  attachPanel(mcu);
  if (bootCount === 0) for (const name of config.held || []) pressed.add(BUTTONS[name]); // at power-on
  for (const gpio of Object.values(BUTTONS)) mcu.gpio[gpio].setInputValue(!pressed.has(gpio));
  for (const gpio of ENCODER) mcu.gpio[gpio].setInputValue(levels[gpio] !== 0); // pulled up
  for (const gpio of KEYPAD.rows) mcu.gpio[gpio].addListener(keypadColumns);
  keypadColumns();
  cdc = new HostCDC(mcu.usbCtrl);
  inHeld = [];
  cdc.onDeviceConnected = () => send({ ev: 'usb', t: now() });
  mcu.core.PC = 0x10000000;
  bootCount++;
  send({ ev: 'boot', n: bootCount, t: now() });
}

let rebootPending = false;
// rp2040js logs every unmodelled register at Debug/Warn: only errors reach stderr.
const quietLogger = {
  debug() {},
  info() {},
  warn() {},
  error(component, message) {
    process.stderr.write(`rp2040js ${component}: ${message}\n`);
  },
};
const pressed = new Set();

// --- probes (the target bench only): the heap as the firmware's GC leaves it ------------------
// config.probes names firmware addresses (from the ELF's symbols): gc_alloc's entry counts
// each heap allocation and its size; gc_collect's entry arms a hook at its return address,
// where the heap's allocation table is read: live bytes and the largest free block after every
// collection, reported as a 'gc' event. pystack: the deepest word the Python stack reached.

const probes = config.probes || null;
const RAM = 0x20000000;
let allocCount = 0;
let allocBytes = 0;
// PC sampling (bench/profile_keys.py): the program counter every sampleEvery instructions
let sampleEvery = 0;
let sampleLeft = 0;
const samples = new Map(); // pc -> samples
let gcReturn = -1;
let heap = null; // {atb, atbLen, pool} found in mp_state_ctx once the GC is set up

function ramWord(address) {
  return mcu.sramView.getUint32(address - RAM, true);
}

function findHeap() {
  // mp_state_ctx.mem.area: gc_alloc_table_start (the heap's first byte), its length in bytes,
  // ..., gc_pool_start, gc_pool_end (4 blocks of 16 bytes per table byte).
  for (let a = probes.state; a < probes.state + 1024; a += 4) {
    if (ramWord(a) !== probes.heap_start) continue;
    const atbLen = ramWord(a + 4);
    for (let b = a + 8; b < a + 64; b += 4) {
      if (ramWord(b + 4) - ramWord(b) === atbLen * 64) return { atb: ramWord(a), atbLen, pool: ramWord(b) };
    }
  }
  return null;
}

function heapAfterCollection() {
  if (!heap) heap = findHeap();
  if (!heap) return;
  let used = 0;
  let run = 0;
  let largest = 0;
  const base = heap.atb - RAM;
  for (let i = 0; i < heap.atbLen; i++) {
    const byte = mcu.sram[base + i];
    for (let k = 0; k < 4; k++) {
      if ((byte >> (2 * k)) & 3) {
        used++;
        run = 0;
      } else if (++run > largest) largest = run;
    }
  }
  let deepest = 0; // the pystack is zeroed at boot (bss) and never cleared: its high-water mark
  if (probes.pystack) {
    for (let a = probes.pystack[0] + probes.pystack[1] - 4; a >= probes.pystack[0]; a -= 4) {
      if (ramWord(a) !== 0) {
        deepest = a + 4 - probes.pystack[0];
        break;
      }
    }
  }
  send({ ev: 'gc', t: now(), live: used * 16, largest_free: largest * 16, total: heap.atbLen * 64, pystack: deepest });
}

function probe(pc) {
  if (pc === probes.gc_alloc) {
    allocCount++;
    allocBytes += mcu.core.registers[0] >>> 0;
  } else if (pc === probes.gc_collect) {
    gcReturn = (mcu.core.LR & ~1) >>> 0;
  } else if (pc === gcReturn) {
    gcReturn = -1;
    heapAfterCollection();
  }
}

// --- run loop: paced to the wall clock, asleep while the core waits ---------------------------

const speed = config.speed; // emulated time may run this many times faster than the wall clock
const wallStart = process.hrtime.bigint();
let wakeTimer = null;
let running = false;
const timers = []; // [emulated ns, fn], sorted: button releases, replies, cuts

function wallNs() {
  return Number(process.hrtime.bigint() - wallStart);
}

function at(t, fn) {
  timers.push([t, fn]);
  timers.sort((a, b) => a[0] - b[0]);
  wake();
}

function runTimers() {
  while (timers.length && timers[0][0] <= now()) timers.shift()[1]();
}

function wake() {
  if (wakeTimer !== null) {
    clearTimeout(wakeTimer);
    wakeTimer = null;
  }
  if (!running) {
    running = true;
    setImmediate(run);
  }
}

function run() {
  running = false;
  const core = mcu.core;
  const clock = mcu.clock;
  const sliceEnd = performance.now() + 20;
  const cycleNs = 8; // 125 MHz
  for (;;) {
    if (rebootPending) {
      rebootPending = false;
      send({ ev: 'reset', t: now() });
      boot();
      continue;
    }
    runTimers();
    releaseHeld();
    const limit = wallNs() * speed; // emulated time may not pass this yet
    if (core.waiting) {
      let next = clock.nanosToNextAlarm;
      if (timers.length) next = Math.min(next || Infinity, timers[0][0] - now());
      if (cutAtNs !== null) next = Math.min(next || Infinity, cutAtNs - now());
      if (!(next > 0) || next === Infinity) next = 1e6; // nothing due: look again in 1 ms
      if (now() + next > limit) {
        // Asleep until the wall clock catches up (or host input / a command wakes us).
        const waitMs = Math.max(1, Math.ceil((now() + next - limit) / speed / 1e6));
        wakeTimer = setTimeout(() => {
          wakeTimer = null;
          wake();
        }, Math.min(waitMs, 50));
        return;
      }
      clock.tick(next);
    } else {
      const t0 = clock.nanos;
      if (probes) {
        for (let i = 0; i < 2000 && !core.waiting; i++) {
          const pc = core.PC;
          if (pc === probes.gc_alloc || pc === probes.gc_collect || pc === gcReturn) probe(pc);
          if (sampleEvery && --sampleLeft <= 0) {
            sampleLeft = sampleEvery;
            samples.set(pc, (samples.get(pc) || 0) + 1);
          }
          clock.tick(core.executeInstruction() * cycleNs);
        }
      } else {
        for (let i = 0; i < 2000 && !core.waiting; i++) clock.tick(core.executeInstruction() * cycleNs);
      }
      busyNs += clock.nanos - t0;
    }
    if (cutAtNs !== null && now() >= cutAtNs) powerCut(null);
    if (performance.now() > sliceEnd) break;
  }
  running = true;
  setImmediate(run);
}

// --- the matrix keypad --------------------------------------------------------------------------

// Each column is pulled up unless a held key joins it to a row driven low (open drain: output
// enabled, value 0). Called whenever a row pin changes and when a key is pressed or let go.
function keypadColumns() {
  const n = KEYPAD.cols.length;
  KEYPAD.cols.forEach((col, c) => {
    let low = false;
    KEYPAD.rows.forEach((row, r) => {
      const key = KEYPAD.keys[r * n + c];
      if (keysDown.has(key) && mcu.gpio[row].value === rp.GPIOPinState.Low) low = true;
    });
    mcu.gpio[col].setInputValue(!low);
  });
}

function keypadKey(name, down) {
  if (!KEYPAD.keys.includes(name)) return false;
  if (down) keysDown.add(name);
  else keysDown.delete(name);
  keypadColumns();
  return true;
}

// --- commands from the host side --------------------------------------------------------------

function command(msg) {
  const reply = (extra) =>
    send(Object.assign({ ev: 'reply', id: msg.id, t: now(), busy: busyNs, flash_ns: flashBusyNs, allocs: allocCount, alloc_bytes: allocBytes }, extra));
  switch (msg.op) {
    case 'down':
    case 'up': {
      const gpio = BUTTONS[msg.button];
      if (gpio === undefined && keypadKey(msg.button, msg.op === 'down')) return reply({});
      if (gpio === undefined) return reply({ error: `unknown button ${msg.button}` });
      if (msg.op === 'down') pressed.add(gpio);
      else pressed.delete(gpio);
      mcu.gpio[gpio].setInputValue(msg.op === 'up'); // pressed = pulled to ground
      return reply({});
    }
    case 'press': {
      // Down now, up after hold_ms, reply after gap_ms more: all in emulated time.
      const gpio = BUTTONS[msg.button];
      const t0 = now();
      if (gpio === undefined && keypadKey(msg.button, true)) {
        at(t0 + msg.hold_ms * NS_PER_MS, () => keypadKey(msg.button, false));
        return at(t0 + (msg.hold_ms + msg.gap_ms) * NS_PER_MS, () => reply({ down: t0 }));
      }
      if (gpio === undefined) return reply({ error: `unknown button ${msg.button}` });
      if (msg.cut_ms !== undefined) cutAtNs = t0 + msg.cut_ms * NS_PER_MS; // exact, in emulated time
      // or inside the cut_op-th flash erase/program from key-down, after cut_part of it
      if (msg.cut_op !== undefined) cutOp = { n: msg.cut_op, part: msg.cut_part };
      pressed.add(gpio);
      mcu.gpio[gpio].setInputValue(false);
      at(t0 + msg.hold_ms * NS_PER_MS, () => {
        pressed.delete(gpio);
        mcu.gpio[gpio].setInputValue(true);
      });
      return at(t0 + (msg.hold_ms + msg.gap_ms) * NS_PER_MS, () => {
        const uncut = cutOp !== null; // the press made fewer operations than that
        cutOp = null;
        reply({ down: t0, uncut });
      });
    }
    case 'pins': {
      // The knob: [ms from now, gpio, level] changes of its quadrature pins (the host side
      // makes the phase sequence), in emulated time; reply after_ms from now.
      const t0 = now();
      for (const [ms, gpio, level] of msg.changes) {
        if (!ENCODER.includes(gpio)) return reply({ error: `GP${gpio} is not a knob pin` });
      }
      for (const [ms, gpio, level] of msg.changes) {
        at(t0 + ms * NS_PER_MS, () => {
          levels[gpio] = level;
          mcu.gpio[gpio].setInputValue(level !== 0);
        });
      }
      return at(t0 + msg.after_ms * NS_PER_MS, () => reply({ down: t0 }));
    }
    case 'wait': // reply once emulated time has moved on by ms
      return at(now() + msg.ms * NS_PER_MS, () => reply({}));
    case 'time':
      return reply({ boots: bootCount });
    case 'cut_op': // power cut inside the n-th flash erase/program from now, after part of it
      cutOp = { n: msg.n, part: msg.part };
      return reply({});
    case 'cut': // power cut after ms of emulated time (0: now)
      cutAtNs = now() + (msg.ms || 0) * NS_PER_MS;
      return wake();
    case 'sample': // PC sampling (with probes only): every N instructions, 0 stops it
      sampleEvery = msg.every || 0;
      sampleLeft = sampleEvery;
      return reply({});
    case 'samples': { // the samples taken since the last call, as [pc, count] pairs
      const taken = Array.from(samples.entries());
      samples.clear();
      return reply({ samples: taken });
    }
    case 'quit':
      process.exit(0);
      return undefined;
    default:
      return reply({ error: `unknown op ${msg.op}` });
  }
}

let pending = '';
process.stdin.on('data', (chunk) => {
  pending += chunk.toString();
  let nl;
  while ((nl = pending.indexOf('\n')) >= 0) {
    const line = pending.slice(0, nl);
    pending = pending.slice(nl + 1);
    if (line.trim()) command(JSON.parse(line));
  }
  wake();
});
process.stdin.on('end', () => process.exit(0));

boot();
wake();
