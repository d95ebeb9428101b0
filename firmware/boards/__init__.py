"""Board bindings: the only code that touches hardware.

The app gets one board object, built in one place (like micro-gui's
hardware_setup.py), and never imports `machine` itself. Two boards implement
the same interface:

- `boards.pico.PicoBoard`: the real Pico (machine.Pin, machine.I2C, the
  micropython-lib `ssd1306` driver, machine.PWM).
- `boards.sim.SimBoard`: the MicroPython unix port, with a virtual clock,
  bouncing virtual buttons and an I2C stand-in that models the SSD1306 panel.

The interface (attributes and methods every board has):

    name            "pico" or "sim".
    buttons         dict: button name -> pin (names and front-panel order in
                    boards/pins.py BUTTONS); pin.value() is 0 while pressed;
                    pin.irq(handler, trigger, hard=) runs handler at its edges
                    (machine.Pin's; the sim's contacts model it).
    encoder         None, or the optional rotary encoder's decoder
                    (boards.encoder.Encoder on its A/B pins: the Pico's
                    steps on the pins' interrupts); its push switch is then
                    in ``buttons`` as pins.ENCODER_SWITCH.
    keypad          None, or the optional matrix keypad's scanner
                    (boards.keypad.Keypad on its row and column pins);
                    scoreboard.buttons.Buttons scans it and its keys are
                    buttons named by their legends.
    fit(knob, keypad)  read the knob, the keypad, or not (the app's setting
                    ``inputs``; pins.*_FITTED fit them whatever it says): fits
                    or drops ``encoder``, ``keypad`` and the knob's switch.
    display         the ssd1306 driver instance: a framebuf.FrameBuffer
                    subclass with fill/text/rect/..., show(), contrast(n),
                    poweron(), poweroff(), invert(), and write_cmd(byte) /
                    write_data(buf) used for partial updates.
    storage_dir     directory for the journal (created if missing).
    event_flash     None, or (device, memory): the raw NOR flash region of the
                    event ring (scoreboard/event_ring.py) as a block device
                    (rp2.Flash's calls) and its bytes as a memoryview.
    ticks_ms()      millisecond tick counter, wrapping like time.ticks_ms.
    ticks_diff(a, b)  signed a - b, wrap-aware like time.ticks_diff.
    seconds()       whole seconds since power-on, never wrapping (dates matches).
    entropy         None, or a function giving 4 random bytes for the flash's id
                    (the store's start_boot; None: os.urandom).
    sleep_ms(ms)    wait (on the sim: advance the virtual clock).
    beep(freq, ms)  start a tone and return at once; no-op without a buzzer.
    serial_read1()  one byte from the USB serial link, or b'' if none is
                    waiting; never blocks.
    serial_write(data)  queue one message for the USB serial link; never blocks
                    (dropped whole when the host has stopped reading).
    serial_flush()  move queued bytes to the port as far as it has room; called
                    every loop pass.
    serial_dropped()  messages dropped since power-on because the host was not
                    reading (the hello reply reports it).
    serial_interrupt(on)  on: a raw Ctrl-C (0x03) from the host raises
                    KeyboardInterrupt, the REPL's way; off: it is a byte like any
                    other (the app turns it off while it serves the link).

`load()` picks the board for the interpreter it runs on.
"""

import sys


def load():
    """The board for this interpreter: the Pico on rp2, the simulation elsewhere."""
    if sys.platform == "rp2":
        from boards.pico import PicoBoard

        return PicoBoard()
    from boards.sim import SimBoard

    return SimBoard()
