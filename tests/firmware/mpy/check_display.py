# Partial screen updates (scoreboard/display.py) against the SSD1306 panel model, with the real
# ssd1306 driver on the simulated I2C bus. Run by tests/firmware/test_display.py.

import os

from boards.sim import Rand, SimBoard
from scoreboard.display import Display, big_text, text_width, window_cost
from scoreboard.text import draw

# The run's own folder (mpy_checks.py makes one per run), so two runs never share a flash.
STORAGE = os.getenv("CHECK_STORAGE", "/tmp") + "/scoreboard-sim-checks"
BUDGET = 512  # I2C bytes for a typical update (the budget; a full frame is 1,044)


def rig():
    board = SimBoard(storage_dir=STORAGE)
    display = Display(board.display)
    display.update()  # the first update is a full frame: the panel's RAM is unknown
    board.i2c.reset_counters()
    return board, display


def update(board, display):
    """Update; check the panel shows the framebuffer and the cost is what went on the bus."""
    board.i2c.reset_counters()
    cost = display.update()
    assert cost == board.i2c.bytes, (cost, board.i2c.bytes)
    assert board.panel.image() == display.fb.buffer
    assert board.panel.errors == []
    return cost


def scoreboard_screen(fb, scores, turn):
    """A stand-in for the game screen: header, two big scores, whose turn."""
    fb.fill(0)
    fb.text("Muggins   hand 3", 0, 0, 1)
    fb.hline(0, 10, 128, 1)
    for i, score in enumerate(scores):
        x = 4 + i * 64
        big_text(fb, str(score), x, 24, 3)
        fb.text(("Ana", "Ben")[i], x, 52, 1)
    fb.fill_rect(turn * 64 + 56, 52, 6, 8, 1)


def test_first_update_sends_a_full_frame_and_the_panel_matches():
    board = SimBoard(storage_dir=STORAGE)
    board.panel.power_cycle()  # garbage in the panel's RAM
    board.display.init_display()
    display = Display(board.display)
    board.display.text("hello", 0, 0, 1)
    assert update(board, display) == 1044


def test_nothing_changed_sends_nothing():
    board, display = rig()
    assert update(board, display) == 0
    scoreboard_screen(display.fb, (35, 20), 0)
    update(board, display)
    scoreboard_screen(display.fb, (35, 20), 0)  # redrawn, identical
    assert update(board, display) == 0


def test_a_score_change_is_well_within_the_budget():
    board, display = rig()
    scoreboard_screen(display.fb, (35, 20), 0)
    update(board, display)
    scoreboard_screen(display.fb, (40, 20), 1)  # a play: a score and the turn marker change
    cost = update(board, display)
    print("bytes for a score change and turn marker:", cost)
    assert 0 < cost <= BUDGET, cost
    scoreboard_screen(display.fb, (40, 25), 1)  # one digit of the other score
    cost = update(board, display)
    print("bytes for one big digit:", cost)
    assert 0 < cost <= 200, cost


def test_a_one_pixel_change_costs_one_window_of_one_byte():
    board, display = rig()
    display.fb.pixel(77, 42, 1)
    assert update(board, display) == window_cost(1, 1) == 21
    assert display.dirty_windows() == []


def test_distant_changes_on_a_page_are_separate_windows_near_ones_are_bridged():
    board, display = rig()
    display.fb.pixel(0, 0, 1)
    display.fb.pixel(100, 0, 1)
    assert display.dirty_windows() == [[0, 0, 0, 0], [0, 0, 100, 100]]
    assert update(board, display) == 2 * window_cost(1, 1)
    display.fb.pixel(10, 0, 1)
    display.fb.pixel(20, 0, 1)  # a 9-column gap is cheaper to resend than a second window
    assert display.dirty_windows() == [[0, 0, 10, 20]]
    update(board, display)


def test_a_tall_change_is_one_window_over_several_pages():
    board, display = rig()
    display.fb.fill_rect(30, 5, 20, 40, 1)  # pages 0..5
    assert display.dirty_windows() == [[0, 5, 30, 49]]
    assert update(board, display) == window_cost(6, 20)


def test_random_drawing_keeps_the_panel_equal_to_the_framebuffer():
    board, display = rig()
    fb = display.fb
    rand = Rand(2024)
    worst = 0
    for step in range(300):
        op = rand.between(0, 7)
        x, y = rand.between(-10, 130), rand.between(-10, 70)
        w, h = rand.between(1, 60), rand.between(1, 40)
        c = rand.between(0, 1)
        if op == 0:
            fb.text(str(rand.next() % 1000), x, y, c)
        elif op == 1:
            fb.fill_rect(x, y, w, h, c)
        elif op == 2:
            fb.rect(x, y, w, h, c)
        elif op == 3:
            fb.pixel(x % 128, y % 64, c)
        elif op == 4:
            fb.line(x, y, w * 2, h, c)
        elif op == 5:
            big_text(fb, str(step), x, y, rand.between(2, 4), c)
        elif op == 6:
            fb.scroll(rand.between(-3, 3), rand.between(-3, 3))
        else:
            fb.fill(c)
        cost = update(board, display)  # checks panel == framebuffer and the byte count
        worst = max(worst, cost)
    assert worst == 1044, worst  # never worse than a full frame (fill() gives one)


def test_a_screenful_of_changes_falls_back_to_one_full_frame():
    board, display = rig()
    rand = Rand(7)
    buf = display.fb.buffer
    for i in range(len(buf)):
        buf[i] = rand.next() & 0xFF
    cost = update(board, display)
    assert cost == 1044 and board.panel.image() == buf


def test_a_bus_error_never_escapes_and_the_screen_heals():
    board, display = rig()
    scoreboard_screen(display.fb, (10, 5), 0)
    update(board, display)
    board.i2c.connected = False  # the cable comes loose...
    scoreboard_screen(display.fb, (15, 5), 1)
    assert display.update() == -1 and display.errors == 1
    assert display.update() == -1
    board.panel.power_cycle()  # ...and the panel lost power with it
    board.i2c.connected = True
    board.i2c.reset_counters()
    assert display.update() > 1044  # init sequence and the whole frame
    assert board.panel.display_on and board.panel.image() == display.fb.buffer
    scoreboard_screen(display.fb, (15, 10), 1)
    assert update(board, display) < BUDGET


def test_a_display_absent_at_boot_starts_working_when_plugged_in():
    board = SimBoard(storage_dir=STORAGE, oled_connected=False)
    display = Display(board.display)
    display.fb.text("ready", 0, 0, 1)
    assert display.update() == -1
    board.i2c.connected = True
    assert display.update() > 1044
    assert board.panel.display_on and board.panel.image() == display.fb.buffer


def test_power_and_contrast_survive_bus_errors():
    board, display = rig()
    assert display.contrast(40) and board.panel.contrast == 40
    assert display.power(False) and not board.panel.display_on
    board.i2c.connected = False
    assert not display.power(True) and display.errors == 1
    board.i2c.connected = True
    assert display.power(True) and board.panel.display_on


def test_big_text_is_the_small_font_scaled():
    board, display = rig()
    fb = display.fb
    draw(fb, "ñ", 0, 0, 1)
    width = big_text(fb, "ñ", 16, 0, 3)
    assert width == text_width("ñ", 3) == 15
    for y in range(8):
        for x in range(5):
            small = fb.pixel(x, y)
            for dy in range(3):
                for dx in range(3):
                    assert fb.pixel(16 + 3 * x + dx, 3 * y + dy) == small, (x, y)
    assert any(fb.pixel(x, y) for x in range(8) for y in range(8))
