"""The simulated board for the MicroPython unix port.

Only the physical parts are simulated, and they behave like the hardware:

- `Clock`: virtual time. It moves only when the test or emulator advances
  it (and while bytes travel on the I2C bus), so every run is deterministic.
- `SimButton` (boards/sim_contacts.py): a machine.PinBase input with a
  pull-up. A press or release does not switch cleanly: the contact
  chatters for a few milliseconds (seeded pseudo-random) before it
  settles, like a real tactile switch.
- `boards.sim_encoder.SimEncoder`: the optional rotary encoder, two such
  contacts and a push switch (its own module: loaded only when fitted).
- `boards.sim_keypad.SimKeypad`: the optional matrix keypad, a bouncing
  contact per key between open-drain rows and pulled-up columns.
- `SimI2C`: the machine.I2C methods the ssd1306 driver uses. It counts the
  bytes put on the bus, costs their transfer time on the clock, and hands
  them to the devices on the bus.
- `Panel`: an SSD1306 controller model. It interprets the command and data
  bytes the way the chip does (addressing modes, column/page windows,
  display on/off, contrast, invert, remap) and keeps its own GDDRAM, so a
  test sees what the glass shows, not what the framebuffer holds.

The display itself is the real micropython-lib `ssd1306` driver talking to
`SimI2C`.
"""

import os

from boards import pins
from boards.sim_contacts import SimButton
from boards.sim_flash import RING_SECTORS, event_flash

TICKS_PERIOD = 1 << 30  # time.ticks_ms wraps here on MicroPython ports
_TICKS_MASK = TICKS_PERIOD - 1
_TICKS_HALF = TICKS_PERIOD // 2
_EIO = 5


def ticks_diff(a, b):
    """Signed a - b on the wrapping tick counter (time.ticks_diff semantics)."""
    return ((a - b + _TICKS_HALF) & _TICKS_MASK) - _TICKS_HALF


class Clock:
    """Virtual time in nanoseconds; ticks_ms() wraps like the real one.

    Pins with an edge interrupt are watched: as time passes one of their scheduled changes,
    the clock stops there and the pin runs its handler, as the chip's interrupt would."""

    def __init__(self, start_ms=0):
        self.ns = start_ms * 1_000_000
        self.watched = []  # ScheduledPin with an irq handler

    def ticks_ms(self):
        return (self.ns // 1_000_000) & _TICKS_MASK

    def ticks_us(self):
        return (self.ns // 1_000) & _TICKS_MASK

    def advance(self, ms):
        self.advance_ns(int(ms * 1_000_000))

    def advance_ns(self, ns):
        end = self.ns + ns
        while self.watched:
            first, at = None, end  # the watched pin whose next change comes first, up to end
            for pin in self.watched:
                t = pin.next_change_ns()
                if t is not None and t <= end and (first is None or t < at):
                    first, at = pin, t
            if first is None:
                break
            if at > self.ns:
                self.ns = at
            first.apply_next()
        self.ns = end


class Rand:
    """xorshift32: the same bounce on every interpreter for the same seed."""

    def __init__(self, seed):
        self.state = (seed * 2654435761 + 1) & 0xFFFFFFFF or 1

    def next(self):
        x = self.state
        x ^= (x << 13) & 0xFFFFFFFF
        x ^= x >> 17
        x ^= (x << 5) & 0xFFFFFFFF
        self.state = x
        return x

    def between(self, lo, hi):
        return lo + self.next() % (hi - lo + 1)


# SSD1306 commands that take argument bytes, and how many.
_ARGS = {
    0x20: 1, 0x21: 2, 0x22: 2, 0x26: 6, 0x27: 6, 0x29: 5, 0x2A: 5,
    0x81: 1, 0x8D: 1, 0xA3: 2, 0xA8: 1, 0xAD: 1, 0xD3: 1, 0xD5: 1,
    0xD9: 1, 0xDA: 1, 0xDB: 1,
}  # fmt: skip


class Panel:
    """SSD1306 controller + 128x64 glass, fed with the bytes of I2C writes."""

    WIDTH = 128
    PAGES = 8

    def __init__(self):
        self.errors = []  # bytes the chip would not understand
        self.power_cycle()

    def power_cycle(self):
        """Power-on reset (datasheet section 10): display off, RAM undefined."""
        self.gddram = bytearray(b"\x55" * (self.WIDTH * self.PAGES))  # stripes, not blank
        self.display_on = False
        self.charge_pump = False
        self.contrast = 0x7F
        self.inverted = False
        self.entire_on = False
        self.seg_remap = False
        self.com_reversed = False
        self.start_line = 0
        self.offset = 0
        self.mux = 63
        self.mode = 2  # page addressing
        self.col_start, self.col_end = 0, 127
        self.page_start, self.page_end = 0, 7
        self.col = 0
        self.page = 0
        self.scrolling = False
        self.data_bytes = 0
        self._cmd = None
        self._args = []

    # --- the I2C side: one transaction's bytes after the address ---
    def receive(self, *parts):
        """One I2C write transaction, its payload in one or more buffers (writevto's vector):
        read in place, byte by byte, as the chip clocks them in; nothing is copied."""
        control = True  # the next byte is a control byte
        stream = False  # Co=0 was seen: the rest of the transaction is one kind
        is_data = 0
        for part in parts:
            for b in part:
                if stream or not control:
                    self._byte(b, is_data)
                    control = not stream
                    continue
                if b & 0x3F:
                    self.errors.append("bad control byte 0x%02x" % b)
                is_data = b & 0x40
                stream = not b & 0x80  # Co=1: exactly one byte, then another control byte
                control = False

    def _byte(self, b, is_data):
        if is_data:
            self._data(b)
        else:
            self._command(b)

    def _command(self, b):
        if self._cmd is not None:
            self._args.append(b)
            if len(self._args) == _ARGS[self._cmd]:
                cmd, args = self._cmd, self._args
                self._cmd, self._args = None, []
                self._apply(cmd, args)
            return
        if b in _ARGS:
            self._cmd = b
            return
        if b < 0x10:  # page mode: lower column nibble
            self.col = (self.col & 0xF0) | b
        elif b < 0x20:
            self.col = (self.col & 0x0F) | ((b & 0x0F) << 4)
        elif b in (0x2E, 0x2F):
            self.scrolling = b == 0x2F
        elif 0x40 <= b <= 0x7F:
            self.start_line = b & 0x3F
        elif b in (0xA0, 0xA1):
            self.seg_remap = b == 0xA1
        elif b in (0xA4, 0xA5):
            self.entire_on = b == 0xA5
        elif b in (0xA6, 0xA7):
            self.inverted = b == 0xA7
        elif b in (0xAE, 0xAF):
            self.display_on = b == 0xAF
        elif 0xB0 <= b <= 0xB7:
            self.page = b & 7
        elif b in (0xC0, 0xC8):
            self.com_reversed = b == 0xC8
        elif b != 0xE3:  # E3 is NOP
            self.errors.append("unknown command 0x%02x" % b)

    def _apply(self, cmd, a):
        if cmd == 0x20:
            self.mode = a[0] & 3
        elif cmd == 0x21:
            self.col_start, self.col_end = a[0] & 0x7F, a[1] & 0x7F
            self.col = self.col_start
        elif cmd == 0x22:
            self.page_start, self.page_end = a[0] & 7, a[1] & 7
            self.page = self.page_start
        elif cmd == 0x81:
            self.contrast = a[0]
        elif cmd == 0x8D:
            self.charge_pump = bool(a[0] & 0x04)
        elif cmd == 0xA8:
            self.mux = a[0] & 0x3F
        elif cmd == 0xD3:
            self.offset = a[0] & 0x3F
        # clock, precharge, VCOMH, COM pins, IREF, scroll setup: no effect on the image

    def _data(self, b):
        if self.scrolling:
            self.errors.append("GDDRAM written while scrolling")
        self.gddram[self.page * self.WIDTH + self.col] = b
        self.data_bytes += 1
        if self.mode == 0:  # horizontal: along the page, then the next page
            if self.col >= self.col_end:
                self.col = self.col_start
                self.page = self.page_start if self.page >= self.page_end else self.page + 1
            else:
                self.col += 1
        elif self.mode == 1:  # vertical: down the column, then the next column
            if self.page >= self.page_end:
                self.page = self.page_start
                self.col = self.col_start if self.col >= self.col_end else self.col + 1
            else:
                self.page += 1
        else:  # page mode: along the page only
            self.col = (self.col + 1) & 0x7F

    def status(self):
        return 0x00 if self.display_on else 0x40

    # --- the glass side ---
    def lit(self, x, y):
        """Is the pixel at screen (x, y) glowing? Screen as seen on a module
        mounted the usual way (upright with SEG remap on and COM scan reversed,
        which is how the micropython-lib driver initialises it)."""
        if not (self.display_on and self.charge_pump):
            return False
        if self.entire_on:
            return True
        row = y if self.com_reversed else 63 - y
        if row > self.mux:
            return False
        row = (row + self.start_line + self.offset) & 63
        col = x if self.seg_remap else 127 - x
        bit = (self.gddram[(row >> 3) * self.WIDTH + col] >> (row & 7)) & 1
        return bool(bit) != self.inverted

    def image(self):
        """What the glass shows, packed like the driver's MONO_VLSB buffer."""
        out = bytearray(self.WIDTH * self.PAGES)
        for y in range(64):
            for x in range(128):
                if self.lit(x, y):
                    out[(y >> 3) * self.WIDTH + x] |= 1 << (y & 7)
        return out

    def text(self, ascii=False):
        """The glass as text: 32 lines of half blocks, or 64 lines of '#'/'.'."""
        lines = []
        if ascii:
            for y in range(64):
                lines.append("".join("#" if self.lit(x, y) else "." for x in range(128)))
        else:
            glyphs = " \u2580\u2584\u2588"  # none, upper, lower, both
            for y in range(0, 64, 2):
                lines.append(
                    "".join(
                        glyphs[self.lit(x, y) + 2 * self.lit(x, y + 1)] for x in range(128)
                    ).rstrip()
                )
        lines.append("")  # the final newline, without a second copy of the whole text
        return "\n".join(lines)

    def png(self, scale=4, on=(220, 240, 255), off=(10, 12, 18)):
        from boards import png  # only snapshots need it: not in the heap otherwise

        return png.encode_mono(128, 64, self.lit, scale, on, off)


class SimI2C:
    """machine.I2C stand-in: counts bus bytes, costs their time, feeds devices.

    A transaction costs its address byte plus the payload; each byte is 9 bit
    times (8 data + ACK) of the bus clock. Set `connected = False` to pull
    the cable: every transfer then fails with OSError(EIO) as on rp2.
    """

    def __init__(self, clock, freq=400_000):
        self.clock = clock
        self.freq = freq
        self.devices = {}
        self.connected = True
        self.bytes = 0
        self.transactions = 0

    def attach(self, addr, device):
        self.devices[addr] = device

    def reset_counters(self):
        self.bytes = 0
        self.transactions = 0

    def _bus(self, nbytes):
        self.bytes += nbytes
        self.transactions += 1
        self.clock.advance_ns(nbytes * 9 * 1_000_000_000 // self.freq)

    def _device(self, addr):
        dev = self.devices.get(addr) if self.connected else None
        if dev is None:
            self._bus(1)  # the address went out and nobody acknowledged it
            raise OSError(_EIO)
        return dev

    def scan(self):
        return sorted(self.devices) if self.connected else []

    def writeto(self, addr, buf, stop=True):
        dev = self._device(addr)
        self._bus(1 + len(buf))
        dev.receive(buf)
        return len(buf)

    def writevto(self, addr, vector, stop=True):
        dev = self._device(addr)
        n = 0
        for b in vector:
            n += len(b)
        self._bus(1 + n)
        dev.receive(*vector)  # from the caller's buffers, as rp2's writevto sends them
        return n

    def readfrom(self, addr, nbytes, stop=True):
        dev = self._device(addr)
        self._bus(1 + nbytes)
        return bytes([dev.status()]) * nbytes


class MemorySerial:
    """The USB link as two byte queues: feed() what the host sends, take() replies.

    ``ctrl_c``: like the Pico's USB stack, a raw Ctrl-C (0x03) empties what is waiting and
    raises KeyboardInterrupt in the reader instead of arriving as a byte (docs/serial.md).
    """

    def __init__(self, ctrl_c=True):
        self.incoming = bytearray()
        self.outgoing = bytearray()
        self.ctrl_c = ctrl_c
        self.dropped = 0  # memory never fills: nothing is ever dropped

    def feed(self, data):
        self.incoming += data

    def take(self):
        out = bytes(self.outgoing)
        self.outgoing = bytearray()
        return out

    def read1(self):
        if not self.incoming:
            return b""
        b = bytes(self.incoming[:1])
        self.incoming = self.incoming[1:]
        if b == b"\x03" and self.ctrl_c:
            self.incoming = bytearray()
            raise KeyboardInterrupt
        return b

    def write(self, data):
        self.outgoing += data

    def flush(self):
        pass  # memory never fills


class _Interruptible:
    """A serial whose raw Ctrl-C raises KeyboardInterrupt, as the Pico's USB stack does
    (while ``ctrl_c``: the board's serial_interrupt turns it off and on)."""

    def __init__(self, serial):
        self.serial = serial
        self.ctrl_c = True

    def read1(self):
        b = self.serial.read1()
        if b == b"\x03" and self.ctrl_c:
            raise KeyboardInterrupt
        return b

    def write(self, data):
        self.serial.write(data)

    def flush(self):
        self.serial.flush()

    @property
    def dropped(self):
        return self.serial.dropped


def _makedirs(path):
    parts = path.split("/")
    for i in range(1, len(parts) + 1):
        p = "/".join(parts[:i])
        if p:
            try:
                os.mkdir(p)
            except OSError:
                pass  # exists already


class SimBoard:
    """The board interface (see boards/__init__.py) on virtual hardware.

    serial: None for an in-memory MemorySerial, "stdio" for the process's
    stdin/stdout (the emulator runs the app on a pseudo-terminal that way), or an object
    with read1() and write().
    encoder: fit the rotary encoder (None: as pins.ENCODER_FITTED says).
    keypad: fit the matrix keypad (None: as pins.KEYPAD_FITTED says; 3: the 3x4 one).
    ring_sectors: the event ring's size in 4 KB sectors, a file ``<storage_dir>.ring`` (0: no
    ring, events go to the folder's journals as on stock MicroPython).
    flash_seed: None (the flash's id drawn at random, as on a Pico), or a seed for it (entropy).
    ctrl_c: a raw 0x03 on the serial raises KeyboardInterrupt, as on the Pico. The default
    (None) does so in memory, where tests feed the bytes, but not on stdio: the emulator's
    pty carries whatever the host sends (the link fuzzer sends 0x03) and the emulator stops
    on its control FIFO's quit; sim_main.py --ctrl-c turns the Pico behaviour on there.
    """

    BEEPS = 32  # the simulated buzzer remembers its last tones only (bounded, like a device)

    name = "sim"

    def __init__(
        self,
        seed=1,
        start_ms=0,
        storage_dir="/tmp/scoreboard-sim",
        serial=None,
        bounce_us=5000,
        oled_connected=True,
        ctrl_c=None,
        encoder=None,
        keypad=None,
        ring_sectors=RING_SECTORS,
        flash_seed=None,
    ):
        self.clock = Clock(start_ms)
        self.rand = Rand(seed)
        self._flash_rand = None if flash_seed is None else Rand(flash_seed + 7919)
        self.buttons = {}
        for name, _gpio in pins.BUTTONS:
            self.buttons[name] = SimButton(name, self.clock, self.rand, bounce_us)
        self.knob = None  # the optional rotary encoder, the part (boards/sim_encoder.py)
        self.encoder = None  # its decoder (see boards/__init__.py)
        self.pad = None  # the optional matrix keypad, the part (boards/sim_keypad.py)
        self.keypad = None  # its scanner (see boards/__init__.py)
        self._bounce_us = bounce_us
        self._wired = (encoder, keypad)  # None: as the app's setting says (fit)
        self.fit(False, False)
        self.i2c = SimI2C(self.clock, pins.OLED_FREQ)
        self.panel = Panel()
        self.i2c.attach(pins.OLED_ADDR, self.panel)
        self.i2c.connected = oled_connected
        from boards.oled import Oled  # needs framebuf: imported here so Panel runs anywhere

        self.display = Oled(pins.OLED_WIDTH, pins.OLED_HEIGHT, self.i2c, addr=pins.OLED_ADDR)
        self.storage_dir = storage_dir
        _makedirs(storage_dir)
        # The event ring's NOR flash, beside the folder that stands for littlefs (0: none, as
        # on stock MicroPython)
        self.event_flash = None
        if ring_sectors:
            self.event_flash = event_flash(storage_dir, ring_sectors)
        if serial == "stdio":
            from boards.stdio import StdioSerial

            serial = StdioSerial()
        if serial is None:
            serial = MemorySerial(ctrl_c is not False)
        elif ctrl_c:
            serial = _Interruptible(serial)
        self.serial = serial
        self.beeps = []  # (ticks_ms, freq, ms), the last BEEPS of them

    # --- board interface ---
    def fit(self, knob, keypad):
        """Read the knob and the keypad or not (the app's setting), as the Pico does; a board
        made with encoder= or keypad= True or False keeps what it was made with (a test's
        wiring), and None follows the setting (or pins.*_FITTED)."""
        encoder, pad = self._wired
        if encoder is None:
            encoder = knob or pins.ENCODER_FITTED
        if pad is None:
            pad = keypad or pins.KEYPAD_FITTED
        if encoder and self.encoder is None:
            from boards.encoder import Encoder
            from boards.sim_encoder import SimEncoder

            knob = self.knob = SimEncoder(self.clock, self.rand, switch_bounce_us=self._bounce_us)
            self.buttons[pins.ENCODER_SWITCH] = knob.switch
            # no pin interrupts here: read each poll, and the detents timed on the virtual clock
            self.encoder = Encoder(knob.a, knob.b, ticks=self.ticks_ms, diff=self.ticks_diff)
        elif not encoder and self.encoder is not None:
            self.buttons.pop(pins.ENCODER_SWITCH, None)
            self.encoder = self.knob = None
        if pad and self.keypad is None:
            from boards.keypad import Keypad
            from boards.sim_keypad import SimKeypad

            cols = 3 if pad == 3 else len(pins.KEYPAD_COLS)
            part = self.pad = SimKeypad(self.clock, self.rand, self._bounce_us, cols=cols)
            self.keypad = Keypad(part.rows, part.cols)
        elif not pad and self.keypad is not None:
            self.keypad = self.pad = None

    def ticks_ms(self):
        return self.clock.ticks_ms()

    def ticks_diff(self, a, b):
        return ticks_diff(a, b)

    def entropy(self):
        """4 bytes for the flash's random id (store.start_boot): random, as a chip draws them,
        so a wiped or damaged flash never takes the id it had (its power-ons would share
        another's clock). ``flash_seed`` makes them a stream that starts again at every
        power-on: a test that needs the same id, or the repeat a seeded draw gives."""
        if self._flash_rand is None:
            return os.urandom(4)
        x = self._flash_rand.next()
        return bytes(((x >> 24) & 0xFF, (x >> 16) & 0xFF, (x >> 8) & 0xFF, x & 0xFF))

    def seconds(self):
        """Whole seconds since power-on (virtual, never wrapping): a match's start is counted
        from its boot by this."""
        return self.clock.ns // 1_000_000_000

    def sleep_ms(self, ms):
        self.clock.advance(ms)

    def beep(self, freq, ms):
        if pins.BUZZER is not None:
            beeps = self.beeps
            if len(beeps) >= self.BEEPS:
                del beeps[0]
            beeps.append((self.ticks_ms(), freq, ms))

    def serial_read1(self):
        return self.serial.read1()

    def serial_write(self, data):
        self.serial.write(data)

    def serial_flush(self):
        self.serial.flush()

    def serial_dropped(self):
        return self.serial.dropped

    def serial_interrupt(self, on):
        """As the Pico's (micropython.kbd_intr): where this board's serial models Ctrl-C."""
        serial = self.serial
        if isinstance(serial, (MemorySerial, _Interruptible)):
            serial.ctrl_c = on

    # --- for tests and the emulator: a finger on the buttons ---
    def hold(self, name):
        """Press a button, or a key of the keypad by its legend ("4", "#")."""
        self._key(name).press()

    def release(self, name):
        self._key(name).release()

    def _key(self, name):
        if name in self.buttons or self.pad is None:
            return self.buttons[name]
        return self.pad.contact(name)

    def turn(self, detents, poll=None, ms_per_detent=40, step_ms=5.0):
        """Turn the encoder's knob by detents (negative: anticlockwise) and let it come to
        rest, polling as time passes."""
        knob = self.knob
        if knob is None:
            raise ValueError("this board has no encoder")
        self.advance(knob.turn(detents, ms_per_detent) + step_ms, poll, step_ms)

    def push(self, hold_ms=80, poll=None, after_ms=120, step_ms=5.0):
        """Press the encoder's switch for hold_ms, release, and wait after_ms."""
        knob = self.knob
        if knob is None:
            raise ValueError("this board has no encoder")
        knob.switch.press()
        self.advance(hold_ms, poll, step_ms)
        knob.switch.release()
        self.advance(after_ms, poll, step_ms)

    def advance(self, ms, poll=None, step_ms=5.0):
        """Let ms of virtual time pass, calling poll(ticks_ms) every step_ms."""
        end = self.clock.ns + int(ms * 1_000_000)
        while self.clock.ns < end:
            self.clock.advance_ns(min(int(step_ms * 1_000_000), end - self.clock.ns))
            if poll is not None:
                poll(self.clock.ticks_ms())

    def tap(self, name, hold_ms=80, poll=None, after_ms=120, step_ms=5.0):
        """Press name for hold_ms, release, and wait after_ms."""
        self.hold(name)
        self.advance(hold_ms, poll, step_ms)
        self.release(name)
        self.advance(after_ms, poll, step_ms)
