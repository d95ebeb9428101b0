"""The USB serial's output queue (boards/stdio.py) on the MicroPython unix port, with a real
pipe as the port: a host that reads slowly gets every streamed message whole; a host that
stops reading gets messages dropped whole, never spliced, and the writer never waits long."""

import os
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent / "mpy"))
from mpy_checks import ROOT, micropython_command  # noqa: E402

WRITER = """
import sys, time
sys.path[:0] = [%(firmware)r]
from boards.stdio import StdioSerial
out = open(%(fd)d, "wb")
serial = StdioSerial(stdin=sys.stdin, stdout=out)
t0 = time.ticks_ms()
for m in range(%(messages)d):  # each message streamed in 1 KB pieces, as pages are
    body = b"%%04d:" %% m + b"x" * 1018
    for piece in range(%(pieces)d):
        serial.write(body)
    serial.write(b"end %%d\\n" %% m)
ms = time.ticks_diff(time.ticks_ms(), t0)  # the writes themselves
while serial._queue and time.ticks_diff(time.ticks_ms(), t0) < 5000:
    serial.flush()
    time.sleep_ms(1)
queued = serial._queue.count(b"\\n")
sys.stderr.write("dropped %%d ms %%d queued %%d\\n" %% (serial.dropped, ms, queued))
"""


def run_writer(messages: int, pieces: int, read_delay: float | None):
    """Start the writer on a pipe; read it (pausing read_delay s between reads, or not at all
    until it has finished when None). Returns (lines read, writer's stderr)."""
    r, w = os.pipe()
    os.set_blocking(w, False)  # a pipe that fills says so, like the USB FIFO
    script = WRITER % {"firmware": str(ROOT / "firmware"), "fd": w, "messages": messages,
                       "pieces": pieces}  # fmt: skip
    proc = subprocess.Popen(
        [micropython_command(), "-c", script],
        stdin=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        pass_fds=[w],
    )
    os.close(w)
    data = b""
    if read_delay is None:
        proc.wait(timeout=60)
    while True:
        chunk = os.read(r, 4096)
        if not chunk:
            break
        data += chunk
        if read_delay:
            time.sleep(read_delay)
    proc.wait(timeout=60)
    assert proc.stderr is not None
    return data.split(b"\n")[:-1], proc.stderr.read().decode()


def test_a_slow_host_gets_every_streamed_message_whole():
    # 10 KB messages through a 2 KB queue and a 64 KB pipe read 4 KB at a time, slowly.
    lines, report = run_writer(messages=12, pieces=10, read_delay=0.002)
    assert report.startswith("dropped 0 "), report
    assert len(lines) == 12
    for m, line in enumerate(lines):
        assert line == (b"%04d:" % m + b"x" * 1018) * 10 + b"end %d" % m


def test_a_host_that_stops_reading_gets_whole_messages_or_skippable_noise():
    lines, report = run_writer(messages=40, pieces=10, read_delay=None)
    dropped, ms, queued = (int(x) for x in report.split()[1::2])
    assert dropped > 0
    # WAIT_MS (50) once, when the host stops reading; after that a message is dropped at once
    # until the port takes bytes again (40 waits made a backlog of requests cost 2 s of keys)
    assert ms < 500, report
    whole = [ln for ln in lines if ln.endswith(b"end %d" % int(ln[:4]))] if lines else []
    assert len(whole) + dropped + queued == 40  # each arrived whole, was dropped, or waits
    for line in lines:  # anything else is one broken line the host skips, never a splice
        if line not in whole:
            assert b"end" not in line
