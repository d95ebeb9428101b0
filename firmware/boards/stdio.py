"""USB serial through stdin/stdout, shared by the Pico and by the emulator.

On rp2 the USB CDC port is also the REPL. After select.poll reports input,
only a read of one byte is safe (a larger read blocks until it is filled), so
the link reads byte by byte. A raw Ctrl-C still raises KeyboardInterrupt in
the app, which is what lets mpremote stop it and deploy.

Output never blocks the app: writes go to a bounded queue that `flush()`
moves to the port only while the port reports room (POLLOUT: the USB FIFO has
space). A host that stops reading fills the queue; what does not fit then is
dropped whole and counted, and the host asks again (docs/serial.md). rp2's
stdout write waits up to its TX timeout for room, so the queue hands it at most
CHUNK bytes at a time and only when the FIFO has room.

`ipoll` instead of `poll`: poll() returns a new list every call, and an idle
loop pass must allocate nothing (bench/results/target.txt).
"""

import select
import sys

QUEUE_BYTES = 2048  # replies and pushes waiting for the host; beyond this they are dropped
CHUNK = 64  # one USB full-speed packet


class StdioSerial:
    def __init__(self, stdin=None, stdout=None):
        stdin = stdin or sys.stdin
        stdout = stdout or sys.stdout
        self._in = getattr(stdin, "buffer", stdin)
        self._out = getattr(stdout, "buffer", stdout)
        self._poll_in = select.poll()
        self._poll_in.register(stdin, select.POLLIN)
        self._poll_out = select.poll()
        self._poll_out.register(stdout, select.POLLOUT)
        self._queue = bytearray()
        self.dropped = 0  # messages dropped because the host was not reading

    def read1(self):
        """One byte, or b'' if nothing is waiting. Never blocks."""
        for _ in self._poll_in.ipoll(0):
            b = self._in.read(1)
            if not b:
                return b""
            if isinstance(b, str):  # a text stream without .buffer
                b = b.encode()
            return b
        return b""

    def write(self, data):
        """Queue one message (a whole line); dropped whole if the queue has no room for it."""
        if len(self._queue) + len(data) > QUEUE_BYTES:
            self.dropped += 1
            return
        self._queue.extend(data)
        self.flush()

    def flush(self):
        """Hand the port what it has room for now; returns at once when it has none."""
        queue = self._queue
        while queue:
            ready = False
            for _ in self._poll_out.ipoll(0):
                ready = True
            if not ready:
                return
            n = min(len(queue), CHUNK)
            # any buffer will do for MicroPython's stream write (the stubs say bytes)
            written = self._out.write(queue[:n])  # pyright: ignore[reportCallIssue, reportArgumentType]
            if written is None:  # rp2's stdio write returns None once it has taken it all
                written = n
            if not written:
                return
            queue[:written] = b""  # rp2's bytearray has no slice deletion (del raises)
