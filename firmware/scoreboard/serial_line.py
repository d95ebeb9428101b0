"""Lines in and out of the USB serial port, without ever blocking the app loop.

The port is also the REPL (docs/serial.md). The board gives a ``read1()`` that returns one
byte, or b'' when nothing is waiting: on rp2 only a one-byte read after ``select.poll`` is
safe, anything larger blocks until it is filled. ``LineReader.poll`` takes at most a few
bytes per loop tick into a fixed buffer and hands back the lines that completed.

Ctrl-C (0x03) never arrives here on a Pico: the USB stack turns it into KeyboardInterrupt,
which is how mpremote stops the app to deploy. Nothing here catches it (KeyboardInterrupt
is not an Exception), so it reaches the top of the app unchanged.
"""

LINE_BYTES = 512  # the longest line accepted, without its line break
TOO_LONG = "line too long: over %d bytes, discarded"
NOT_UTF8 = "line is not valid UTF-8, discarded"
_NOTHING = ()


class LineReader:
    """Turn a trickle of bytes into ``(text, None)`` lines or ``(None, error)`` results.

    Lines end at LF, CR or CR LF (a terminal's Enter sends CR); empty lines are skipped.
    A line longer than the buffer is dropped up to its line break and reported once.
    """

    __slots__ = ("_read1", "_buf", "_len", "_dropping")

    def __init__(self, read1, size=LINE_BYTES):
        self._read1 = read1
        self._buf = bytearray(size)
        self._len = 0
        self._dropping = False  # inside an oversized line, skipping to its end

    def poll(self, max_bytes=64):
        """Read up to ``max_bytes`` waiting bytes; return the results of completed lines."""
        results = None  # allocated only when a line completes
        buf = self._buf
        for _ in range(max_bytes):
            byte = self._read1()
            if not byte:
                break  # nothing waiting: back to the app loop
            b = byte[0]
            if b == 10 or b == 13:
                result = self._end_line()
                if result is not None:
                    if results is None:
                        results = []
                    results.append(result)
            elif self._dropping:
                pass
            elif self._len < len(buf):
                buf[self._len] = b
                self._len += 1
            else:
                self._dropping = True
        return _NOTHING if results is None else results

    def pending(self):
        """Bytes of an unfinished line held so far."""
        return self._len

    def _end_line(self):
        n, self._len = self._len, 0
        if self._dropping:
            self._dropping = False
            return None, TOO_LONG % len(self._buf)
        if n == 0:
            return None  # CR LF's LF, or a blank line
        try:
            return str(memoryview(self._buf)[:n], "utf-8"), None
        except UnicodeError:
            return None, NOT_UTF8


def write_line(write, text):
    """Send one line through the board's ``write(bytes)``; ``text`` is str or bytes."""
    data = text.encode() if isinstance(text, str) else bytes(text)
    if b"\n" in data or b"\r" in data:
        raise ValueError("a line must not contain CR or LF; got %d bytes" % len(data))
    write(data + b"\n")
