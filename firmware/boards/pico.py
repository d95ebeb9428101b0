"""The real board: Raspberry Pi Pico / Pico W / Pico 2 with the parts in hardware/.

Everything comes from boards/pins.py. The display driver is
micropython-lib's ssd1306 (`mpremote mip install ssd1306`).
"""

import os
import time

import machine
import micropython

from boards import pins
from boards.oled import Oled
from boards.stdio import StdioSerial


class PicoBoard:
    name = "pico"
    entropy = None  # the store draws the flash's id from os.urandom

    def __init__(self, storage_dir="/data"):
        self.buttons = {}
        for name, gpio in pins.BUTTONS:
            self.buttons[name] = machine.Pin(gpio, machine.Pin.IN, machine.Pin.PULL_UP)
        self.encoder = None
        self.keypad = None
        self.fit(False, False)
        self.i2c = machine.I2C(
            pins.OLED_I2C_ID,
            sda=machine.Pin(pins.OLED_SDA),
            scl=machine.Pin(pins.OLED_SCL),
            freq=pins.OLED_FREQ,
        )
        self.display = Oled(pins.OLED_WIDTH, pins.OLED_HEIGHT, self.i2c, addr=pins.OLED_ADDR)
        self._born = time.time()  # the RTC at power-on (seconds() counts from here)
        self.storage_dir = storage_dir
        try:
            os.mkdir(storage_dir)
        except OSError:
            pass  # exists already
        self.event_flash = _event_flash()
        self._pwm = None
        self._beep_timer = None
        if pins.BUZZER is not None:
            self._pwm = machine.PWM(machine.Pin(pins.BUZZER))
            self._pwm.duty_u16(0)
            self._beep_timer = machine.Timer(-1)  # a software timer
        self._serial = StdioSerial()

    def fit(self, knob, keypad):
        """Read the knob and the keypad or not (each also when boards/pins.py says it is
        fitted): the app's setting chooses, so one firmware serves every board. A decoder
        not fitted stays out of the heap; one dropped lets go of its pins."""
        up = machine.Pin.PULL_UP
        if (knob or pins.ENCODER_FITTED) and self.encoder is None:
            # its switch is a button; a quick turn outruns the app loop, so the pins'
            # interrupts step the decoder, timing each detent (its pace)
            from boards.encoder import Encoder

            a = machine.Pin(pins.ENCODER_A, machine.Pin.IN, up)
            b = machine.Pin(pins.ENCODER_B, machine.Pin.IN, up)
            self.buttons[pins.ENCODER_SWITCH] = machine.Pin(pins.ENCODER_SW, machine.Pin.IN, up)
            self.encoder = Encoder(a, b, True, time.ticks_ms, time.ticks_diff)
        elif not (knob or pins.ENCODER_FITTED) and self.encoder is not None:
            for pin in (self.encoder.a, self.encoder.b):
                pin.irq(None)
            self.buttons.pop(pins.ENCODER_SWITCH, None)
            self.encoder = None
        if (keypad or pins.KEYPAD_FITTED) and self.keypad is None:
            # its keys are buttons, scanned with them at every poll
            from boards.keypad import Keypad

            drain = machine.Pin.OPEN_DRAIN
            rows = [machine.Pin(g, drain, value=0) for g in pins.KEYPAD_ROWS]
            cols = [machine.Pin(g, machine.Pin.IN, up) for g in pins.KEYPAD_COLS]
            self.keypad = Keypad(rows, cols)
        elif not (keypad or pins.KEYPAD_FITTED) and self.keypad is not None:
            self.keypad = None  # its rows stay low: no column is read any more

    def ticks_ms(self):
        return time.ticks_ms()

    def ticks_diff(self, a, b):
        return time.ticks_diff(a, b)

    def seconds(self):
        """Whole seconds since power-on, never wrapping (ticks_ms wraps after 12 days): the
        RTC counts from the same start at every power-on and nothing here sets it."""
        return time.time() - self._born

    def sleep_ms(self, ms):
        time.sleep_ms(ms)

    def beep(self, freq, ms):
        """Start a tone; a one-shot timer silences it, so the app never waits."""
        pwm, timer = self._pwm, self._beep_timer
        if pwm is None or timer is None:
            return
        pwm.freq(freq)
        pwm.duty_u16(32768)  # square wave: loudest for a piezo
        timer.init(mode=machine.Timer.ONE_SHOT, period=ms, callback=lambda t: pwm.duty_u16(0))

    def serial_read1(self):
        return self._serial.read1()

    def serial_write(self, data):
        self._serial.write(data)

    def serial_flush(self):
        self._serial.flush()

    def serial_dropped(self):
        return self._serial.dropped

    def serial_interrupt(self, on):
        """on: a raw Ctrl-C from the host interrupts the running code (the REPL's way); off:
        the USB stack hands 0x03 to stdin like any other byte."""
        micropython.kbd_intr(3 if on else -1)


# The scoreboard's firmware (boards/DOMINOBOARD_PICO) makes its storage region RING bytes larger
# than littlefs and mounts littlefs at its end (its _boot.py), so littlefs stays where every
# earlier firmware put it and a new UF2 keeps the matches; the blocks before littlefs are the
# ring. Stock MicroPython mounts littlefs over the whole region, of another size.
RING = 64 * 1024  # DOMINOBOARD_RING_BYTES in its mpconfigboard.h (tests/test_hardware.py)
LITTLEFS = 1408 * 1024  # littlefs's size there, as in stock MicroPython for the Pico


def _event_flash():
    """The event ring's flash region and its XIP window, or None on a firmware without one.

    Told by the storage region's size, not by littlefs's: os.statvfs counts the free blocks
    too, a walk of the whole filesystem (~40 ms of a power-on with 100 matches stored)."""
    import rp2

    if (rp2.Flash().ioctl(4, 0) or 0) * 4096 != RING + LITTLEFS:
        return None  # stock MicroPython: littlefs is the whole region
    region = rp2.Flash(start=0, len=RING)
    # rp2.Flash reads as a buffer: its XIP window (ports/rp2/rp2_flash.c, get_buffer)
    return region, memoryview(region)  # pyright: ignore[reportArgumentType]
