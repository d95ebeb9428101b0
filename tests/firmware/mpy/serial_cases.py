# The serial line endpoint: framing, bad bytes, split reads, bounded memory.
# Runs on MicroPython (tests/mpy_run.py, Pico-sized heap) and on CPython (test_serial_line.py).
# ruff: noqa: UP031  (runs on MicroPython: %-formatting everywhere, as in firmware/)

import gc
import random

from check import raises
from scoreboard.serial_line import LINE_BYTES, NOT_UTF8, TOO_LONG, LineReader, write_line


class Source:
    """The board's read1(): one byte per call from what the host sent, b'' when empty."""

    def __init__(self, data=b""):
        self.data = bytes(data)
        self.pos = 0
        self.calls = 0

    def send(self, data):
        self.data = self.data[self.pos :] + bytes(data)
        self.pos = 0

    def read1(self):
        self.calls += 1
        if self.pos >= len(self.data):
            return b""
        self.pos += 1
        return self.data[self.pos - 1 : self.pos]


def drain(reader, source, max_bytes=64):
    out = []
    while True:
        got = reader.poll(max_bytes)
        out.extend(got)
        if not got and source.pos >= len(source.data):
            return out


def lines_of(data, max_bytes=64):
    source = Source(data)
    return drain(LineReader(source.read1), source, max_bytes)


def reference(data):
    """What the reader must produce, computed the obvious (unbounded) way."""
    out = []
    for chunk in data.replace(b"\r\n", b"\n").replace(b"\r", b"\n").split(b"\n")[:-1]:
        if len(chunk) > LINE_BYTES:
            out.append((None, TOO_LONG % LINE_BYTES))
        elif chunk:
            try:
                out.append((str(chunk, "utf-8"), None))
            except UnicodeError:
                out.append((None, NOT_UTF8))
    return out


def test_lf_crlf_and_cr_all_end_a_line():
    data = b'{"op":"hello"}\n{"op":"list"}\r\nfrom a terminal\r\r\n\nlast\n'
    assert lines_of(data) == [
        ('{"op":"hello"}', None),
        ('{"op":"list"}', None),
        ("from a terminal", None),
        ("last", None),
    ]


def test_unfinished_line_waits_for_its_end():
    source = Source(b'{"op":"hel')
    reader = LineReader(source.read1)
    assert reader.poll() == () and reader.pending() == 10
    source.send(b'lo"}\n')
    assert reader.poll() == [('{"op":"hello"}', None)] and reader.pending() == 0


def test_longest_line_accepted_one_more_byte_refused_then_recovers():
    exact = b"x" * LINE_BYTES
    assert lines_of(exact + b"\n") == [("x" * LINE_BYTES, None)]
    got = lines_of(exact + b"y" * 5000 + b"\r\nok\n")
    assert got == [(None, TOO_LONG % LINE_BYTES), ("ok", None)]
    assert "512" in got[0][1]


def test_bad_utf8_is_an_error_result_not_an_exception():
    got = lines_of(b"caf\xc3\xa9\n\xff\xfe\nab\xc3\nfine\n")
    assert got == [("caf\u00e9", None), (None, NOT_UTF8), (None, NOT_UTF8), ("fine", None)]


def test_poll_reads_a_bounded_number_of_bytes():
    source = Source(b"a" * 100 + b"\n")
    reader = LineReader(source.read1)
    assert reader.poll(8) == () and source.pos == 8 and source.calls == 8
    idle = Source()
    reader = LineReader(idle.read1)
    assert reader.poll(64) == () and idle.calls == 1  # nothing waiting: returns at once


def test_split_reads_give_the_same_lines():
    data = b'{"op":"a"}\r\n' + b"z" * 700 + b'\n\xff\n{"op":"\xc3\xa9"}\rtail\n'
    whole = reference(data)
    for max_bytes in (1, 2, 3, 7, 64, 1000):
        assert lines_of(data, max_bytes) == whole, max_bytes
    # the host's writes arrive in arbitrary pieces between polls
    random.seed(3)
    source = Source()
    reader = LineReader(source.read1)
    got = []
    pos = 0
    while pos < len(data):
        step = 1 + random.getrandbits(5)
        source.send(data[pos : pos + step])
        pos += step
        got.extend(reader.poll(1 + random.getrandbits(4)))
    got.extend(drain(reader, source))
    assert got == whole


def test_random_garbage_never_raises_and_memory_stays_bounded():
    random.seed(7)
    alphabet = b'\n\r\x00\x03\x1b\xc3\xa9\xff{}":ab '
    for round_ in range(100):  # a few KB each: the test's own copies must fit a Pico heap too
        gc.collect()
        parts = []
        for _ in range(60):
            roll = random.getrandbits(3)
            if roll == 0:
                parts.append(bytes(random.getrandbits(8) for _ in range(random.getrandbits(6))))
            elif roll == 1:
                parts.append(b"q" * random.getrandbits(10))  # often oversized
            else:
                n = random.getrandbits(4)
                pick = [alphabet[random.getrandbits(8) % len(alphabet)] for _ in range(n)]
                parts.append(bytes(pick))
        data = b"".join(parts)
        source = Source(data)
        reader = LineReader(source.read1)
        buffer = reader._buf
        got = []
        while source.pos < len(data):
            got.extend(reader.poll(1 + random.getrandbits(7)))
            assert reader.pending() <= LINE_BYTES
            assert reader._buf is buffer and len(buffer) == LINE_BYTES  # never grows
        assert got == reference(data), round_
        for text, error in got:
            assert (text is None) != (error is None)
            assert text is None or ("\n" not in text and "\r" not in text)


def test_keyboard_interrupt_passes_through():
    state = {"n": 0}

    def read1():
        state["n"] += 1
        if state["n"] == 3:
            raise KeyboardInterrupt  # what the Pico's USB stack raises on Ctrl-C
        return b"a" if state["n"] < 6 else b""

    reader = LineReader(read1)
    interrupted = False
    try:
        reader.poll()
    except KeyboardInterrupt:
        interrupted = True
    assert interrupted
    assert reader.poll() == () and reader.pending() == 4  # and reading goes on afterwards


def test_write_line_frames_one_line():
    sent = []
    write_line(sent.append, '{"ok":true}')
    write_line(sent.append, b"raw \xc3\xa9")
    write_line(sent.append, "caf\u00e9")
    assert sent == [b'{"ok":true}\n', b"raw \xc3\xa9\n", b"caf\xc3\xa9\n"]
    assert "CR or LF" in str(raises(ValueError, write_line, sent.append, "two\nlines"))
    raises(ValueError, write_line, sent.append, "cr\r")
    assert len(sent) == 3  # nothing half-sent
