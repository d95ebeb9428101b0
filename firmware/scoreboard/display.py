"""Screen updates that send only what changed, plus big text.

The ssd1306 driver's show() sends the whole frame: 6 commands and 1,024
data bytes, 1,044 bytes on the I2C bus, about 23 ms at 400 kHz. Most
updates change a digit or two. `Display` remembers what the panel was last
sent and, on update(), sends only the changed spans: for each, a column/page
address window (SSD1306 commands 0x21/0x22, in the horizontal addressing
mode the driver sets up) and the window's bytes, one data write per page,
all through the driver's own write_cmd/write_data.

Cost model (I2C driver): a command is its own transaction of 3 bytes
(address, control, command); a data write is 2 + n bytes. So a window of
p pages by w columns costs 18 + p * (w + 2) bytes.
"""

import micropython

_SET_COL_ADDR = 0x21
_SET_PAGE_ADDR = 0x22
_WINDOW_COST = 18  # six 3-byte command transactions
_WRITE_COST = 2  # address byte + data control byte per data write
_GAP = _WINDOW_COST + _WRITE_COST  # equal columns cheaper to resend than a second window
_FULL_FRAME = 1044
# The driver's init: 25 commands (24 in older releases) and a blank frame.
_INIT_COST = 25 * 3 + _FULL_FRAME


def window_cost(pages, width):
    return _WINDOW_COST + pages * (width + _WRITE_COST)


@micropython.viper
def _next_run(buf: ptr8, sent: ptr8, o: int, x: int, width: int, gap: int) -> int:  # noqa: F821
    """The next run of columns from x on the page at offset o where buf differs from sent,
    gaps of at most ``gap`` equal columns (cheaper to resend than a new window) bridged:
    first << 8 | last, or -1 if none. Native code: in bytecode this scan of a page was most of
    what an update cost the Pico's CPU."""
    while x < width and buf[o + x] == sent[o + x]:
        x += 1
    if x >= width:
        return -1
    first = x
    last = x
    x += 1
    while x < width:
        if buf[o + x] != sent[o + x]:
            if x - last - 1 > gap:
                break
            last = x
        x += 1
    return (first << 8) | last


class Display:
    """Wraps the ssd1306 driver; draw on .fb (the driver), then call update()."""

    def __init__(self, driver):
        self.fb = driver
        self._buf = driver.buffer
        self._width = driver.width
        self._pages = driver.pages
        # Narrow panels sit centred in the controller's 128 columns (as in the driver).
        self._col0 = (128 - driver.width) // 2
        self._sent = bytearray(len(self._buf))
        self._valid = False  # the panel's content is unknown until a full frame
        # A panel absent at boot, or one that dropped off the bus (and may have
        # been power-cycled with it), needs its init sequence again.
        self._needs_init = not getattr(driver, "ready", True)
        self._mv = memoryview(self._buf)
        self.last_cost = 0
        self.errors = 0

    def invalidate(self):
        """Forget what the panel shows; the next update sends a full frame."""
        self._valid = False

    def update(self):
        """Send the changes; return the bytes put on the bus, or -1 on a bus error.

        An I2C error (loose cable) never escapes: the next update
        re-initialises the panel and resends the whole frame, so the screen
        heals once the cable is back.
        """
        try:
            if self._valid:
                cost = self._send_changes()
            else:
                cost = self._send_all()
        except OSError:
            self._valid = False
            self._needs_init = True
            self.errors += 1
            cost = -1
        self.last_cost = cost
        return cost

    def _send_all(self):
        fb = self.fb
        cost = _FULL_FRAME
        if self._needs_init:
            drawn = bytes(self._buf)  # init_display() clears the framebuffer
            fb.init_display()
            self._buf[:] = drawn
            if not getattr(fb, "ready", True):
                raise OSError(5)
            self._needs_init = False
            cost += _INIT_COST
        fb.show()
        self._sent[:] = self._buf
        self._valid = True
        return cost

    def dirty_windows(self):
        """The windows (page0, page1, col0, col1) an update would send now."""
        width = self._width
        buf, sent = self._buf, self._sent
        windows = []
        for page in range(self._pages):
            o = page * width
            x = 0
            while True:
                # viper takes the bytearrays as ptr8 (the stubs cannot say so)
                run = _next_run(buf, sent, o, x, width, _GAP)  # pyright: ignore[reportArgumentType]
                if run < 0:
                    break
                x = (run & 0xFF) + 1
                self._add(windows, page, run >> 8, run & 0xFF)
        return windows

    def _add(self, windows, page, x0, x1):
        """Grow a window ending on the page above if that is cheaper than a new one."""
        alone = window_cost(1, x1 - x0 + 1)
        for w in windows:
            if w[1] != page - 1:
                continue
            lo = min(w[2], x0)
            hi = max(w[3], x1)
            before = window_cost(w[1] - w[0] + 1, w[3] - w[2] + 1)
            if window_cost(w[1] - w[0] + 2, hi - lo + 1) <= before + alone:
                w[1], w[2], w[3] = page, lo, hi
                return
        windows.append([page, page, x0, x1])

    def _send_changes(self):
        windows = self.dirty_windows()
        cost = 0
        for p0, p1, x0, x1 in windows:
            cost += window_cost(p1 - p0 + 1, x1 - x0 + 1)
        if cost >= _FULL_FRAME:  # most of the screen changed: one plain frame is cheaper
            return self._send_all()
        fb, mv, width, col0 = self.fb, self._mv, self._width, self._col0
        for p0, p1, x0, x1 in windows:
            for cmd in (_SET_COL_ADDR, col0 + x0, col0 + x1, _SET_PAGE_ADDR, p0, p1):
                fb.write_cmd(cmd)
            for page in range(p0, p1 + 1):
                a = page * width + x0
                b = page * width + x1 + 1
                fb.write_data(mv[a:b])
                self._sent[a:b] = mv[a:b]
        return cost

    # Panel power and contrast, with the same no-crash rule as update().
    def power(self, on):
        try:
            if on:
                self.fb.poweron()
            else:
                self.fb.poweroff()
            return True
        except OSError:
            self.errors += 1
            return False

    def contrast(self, level):
        try:
            self.fb.contrast(level)
            return True
        except OSError:
            self.errors += 1
            return False


def big_text(fb, text, x, y, scale=2, c=1):
    """The small font drawn scale times larger; returns the width drawn."""
    from scoreboard.text import W, draw

    draw(fb, text, x, y, c, scale)
    return len(text) * W * scale


def text_width(text, scale=1):
    from scoreboard.text import W

    return len(text) * W * scale
