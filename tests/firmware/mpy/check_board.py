# The simulated board on MicroPython: pins, clock, the I2C stand-in and the SSD1306 panel model
# driven by the real micropython-lib driver. Run by tests/firmware/test_board.py.

import os

import machine

from boards import pins
from boards.sim import MemorySerial, Panel, SimBoard, SimButton, ticks_diff

# The run's own folder (mpy_checks.py makes one per run), so two runs never share a flash.
STORAGE = os.getenv("CHECK_STORAGE", "/tmp") + "/scoreboard-sim-checks"


def board(**kw):
    return SimBoard(storage_dir=STORAGE, **kw)


def rotated(buf):
    """A MONO_VLSB 128x64 image turned by 180 degrees."""
    out = bytearray(len(buf))
    for y in range(64):
        for x in range(128):
            if buf[(y >> 3) * 128 + x] >> (y & 7) & 1:
                yy, xx = 63 - y, 127 - x
                out[(yy >> 3) * 128 + xx] |= 1 << (yy & 7)
    return out


def test_board_has_every_button_of_the_pin_map_idle_high():
    b = board()
    assert sorted(b.buttons) == sorted(name for name, _gpio in pins.BUTTONS)
    for pin in b.buttons.values():
        assert isinstance(pin, SimButton) and pin.value() == 1


def test_sim_buttons_are_real_pins_to_machine_signal():
    b = board(bounce_us=0)
    assert isinstance(b.buttons["OK"], machine.PinBase)
    # The stubs type Signal for Pin only; at run time any PinBase works, which is the point.
    pressed = machine.Signal(b.buttons["OK"], invert=True)  # pyright: ignore[reportArgumentType]
    assert pressed.value() == 0
    b.hold("OK")
    assert pressed.value() == 1
    b.release("OK")
    assert pressed.value() == 0


def test_contact_settles_within_the_bounce_time():
    b = board(seed=3, bounce_us=5000)
    pin = b.buttons["UP"]
    b.hold("UP")
    b.advance(5)
    for _ in range(100):
        assert pin.value() == 0
        b.advance(1)
    b.release("UP")
    b.advance(5)
    assert pin.value() == 1


def test_clock_moves_only_when_advanced_and_wraps_like_a_pico():
    b = board(start_ms=(1 << 30) - 100)  # the display's init then takes ~25 ms of bus time
    t0 = b.ticks_ms()
    assert b.ticks_ms() == t0 and t0 > (1 << 30) - 100
    b.sleep_ms(100)
    t1 = b.ticks_ms()
    assert t1 < 100 and b.ticks_diff(t1, t0) == 100 and b.ticks_diff(t0, t1) == -100
    assert ticks_diff(5, (1 << 30) - 5) == 10


def test_driver_init_goes_over_the_bus_and_lights_the_panel():
    b = board()
    # The init commands (24 or 25, by driver version) of 3 bytes each, then the
    # driver's blank show(): 1,044 bytes.
    commands = (b.i2c.bytes - 1044) // 3
    assert b.i2c.bytes == commands * 3 + 1044 and 24 <= commands <= 25, b.i2c.bytes
    assert b.panel.display_on and b.panel.charge_pump and b.panel.mode == 0
    assert b.panel.errors == []
    assert b.display.ready
    assert b.panel.image() == b.display.buffer


def test_full_show_is_1044_bytes_and_takes_their_bus_time():
    b = board()
    b.display.text("12:7", 0, 0, 1)
    b.i2c.reset_counters()
    t0 = b.clock.ns
    b.display.show()
    assert b.i2c.bytes == 1044 and b.i2c.transactions == 7
    assert b.clock.ns - t0 == 1044 * 9 * 1_000_000_000 // 400_000  # 23.49 ms at 400 kHz
    assert b.panel.image() == b.display.buffer


def test_panel_shows_only_what_was_sent():
    b = board()
    b.display.fill_rect(0, 0, 10, 10, 1)
    assert b.panel.image() != b.display.buffer  # drawn, not shown yet
    b.display.show()
    assert b.panel.image() == b.display.buffer
    assert b.panel.lit(0, 0) and b.panel.lit(9, 9) and not b.panel.lit(10, 10)


def test_panel_follows_power_contrast_invert_and_rotate():
    b = board()
    d, p = b.display, b.panel
    d.fill_rect(0, 0, 4, 4, 1)
    d.show()
    d.poweroff()
    assert not p.lit(0, 0)
    d.poweron()
    assert p.lit(0, 0)
    d.contrast(12)
    assert p.contrast == 12
    d.invert(1)
    assert not p.lit(0, 0) and p.lit(100, 50)
    d.invert(0)
    for cmd in (0xC0, 0xA0):  # what newer drivers' rotate(0) sends: upside down
        d.write_cmd(cmd)
    assert p.image() == rotated(d.buffer)
    for cmd in (0xC8, 0xA1):  # back to the driver's default orientation
        d.write_cmd(cmd)
    assert p.image() == d.buffer
    assert p.errors == []


def test_panel_model_understands_page_and_vertical_addressing():
    p = Panel()
    # Charge pump on, display on, page mode, page 2, column 0x15, two data bytes.
    p.receive(b"\x00\x8d\x14\xaf\xa1\xc8\x20\x02\xb2\x05\x11")
    p.receive(b"\x40\xff\x01")
    assert p.gddram[2 * 128 + 0x15] == 0xFF and p.gddram[2 * 128 + 0x16] == 0x01
    assert p.lit(0x15, 16) and p.lit(0x16, 16) and not p.lit(0x16, 17)
    # Vertical mode: a 2-column, 3-page window fills down the columns first.
    p.receive(b"\x00\x20\x01\x21\x00\x01\x22\x00\x02")
    p.receive(b"\x40" + bytes(range(1, 7)))
    assert [p.gddram[page * 128 + col] for col in (0, 1) for page in (0, 1, 2)] == [
        1, 2, 3, 4, 5, 6,
    ]  # fmt: skip
    assert p.errors == []


def test_panel_reports_bytes_the_chip_would_not_understand():
    p = Panel()
    p.receive(b"\x80\xff")
    p.receive(b"\x13\x00")
    assert "unknown command 0xff" in p.errors and "bad control byte 0x13" in p.errors


def test_power_cycle_forgets_the_picture():
    b = board()
    b.display.fill(0)
    b.display.show()
    b.panel.power_cycle()
    assert not b.panel.display_on and b.panel.gddram != bytearray(1024)


def test_unplugged_display_raises_eio_like_rp2_and_counts_the_address():
    b = board()
    b.i2c.connected = False
    b.i2c.reset_counters()
    try:
        b.display.show()
    except OSError as exc:
        assert exc.args[0] == 5
    else:
        raise AssertionError("no OSError")
    assert b.i2c.bytes == 1 and b.i2c.scan() == []


def test_board_boots_with_the_display_unplugged():
    b = board(oled_connected=False)
    assert not b.display.ready
    b.i2c.connected = True
    assert b.i2c.scan() == [pins.OLED_ADDR]


def test_text_render_of_the_panel():
    b = board()
    b.display.fill_rect(0, 0, 2, 1, 1)
    b.display.pixel(127, 63, 1)
    b.display.show()
    half = b.panel.text().split("\n")
    assert len(half) == 33 and half[-1] == ""
    assert half[0] == "\u2580\u2580" and half[31] == " " * 127 + "\u2584"
    full = b.panel.text(ascii=True).split("\n")
    assert full[0] == "##" + "." * 126 and full[63] == "." * 127 + "#"


def test_beeps_are_recorded_with_their_time():
    b = board()
    b.sleep_ms(40)
    b.beep(2000, 30)
    assert b.beeps == [(b.ticks_ms(), 2000, 30)]


def test_memory_serial_reads_one_byte_at_a_time_and_never_blocks():
    serial = MemorySerial()
    b = board(serial=serial)
    assert b.serial_read1() == b""
    serial.feed(b"hi\n")
    got = [b.serial_read1() for _ in range(4)]
    assert got == [b"h", b"i", b"\n", b""]
    b.serial_write(b'{"v":1}\n')
    assert serial.take() == b'{"v":1}\n' and serial.take() == b""


def test_storage_dir_is_created():
    import os

    path = STORAGE + "/nested/journal"
    SimBoard(storage_dir=path)
    assert os.stat(path)[0] & 0x4000  # a directory
