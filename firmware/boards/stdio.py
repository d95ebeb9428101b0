"""USB serial through stdin/stdout, shared by the Pico and by the emulator.

On rp2 the USB CDC port is also the REPL. After select.poll reports input,
only a read of one byte is safe (a larger read blocks until it is filled), so
the link reads byte by byte. A raw Ctrl-C still raises KeyboardInterrupt in
the app, which is what lets mpremote stop it and deploy.

Output never blocks the app for long: writes go to a bounded queue that
`flush()` moves to the port only while the port reports room (POLLOUT: the USB
FIFO has space). A message that does not fit waits up to WAIT_MS for a host
that is merely slower than us (a page is streamed in ~1 KB pieces); if there
is still no room, the host has stopped reading: the message is dropped whole
(the part of it still queued is taken back, a part already sent is ended with
a newline so the host skips it as noise), counted, and the host asks again.
Once one message was dropped, later ones are dropped at once, without the wait,
until the port takes bytes again: a backlog of requests from a host that went
away must not cost WAIT_MS each, or the buttons go unread for seconds
(docs/serial.md). rp2's own stdout write waits up to its TX timeout for room,
so the queue hands it at most CHUNK bytes at a time and only when there is room.

`ipoll` instead of `poll`: poll() returns a new list every call, and an idle
loop pass must allocate nothing (bench/results/target.txt).
"""

import select
import sys
import time

QUEUE_BYTES = 2048  # replies and pushes waiting for the host
WAIT_MS = 50  # how long a message waits for room before it is dropped
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
        self._start = 0  # where the unfinished message begins in the queue; -1: partly sent
        self._dropping = False  # the rest of a dropped message is dropped too
        self.dropped = 0  # messages dropped because the host was not reading
        self._stalled = False  # a message was dropped and the port has taken nothing since

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
        """Queue a message or a piece of one (a message ends with a newline)."""
        ends = data[-1:] == b"\n"
        if self._dropping:
            self._dropping = not ends
            return
        queue = self._queue
        if len(queue) + len(data) > QUEUE_BYTES:
            self._wait_for_room(len(data))
        if len(queue) + len(data) > QUEUE_BYTES:
            self.dropped += 1
            self._stalled = True
            if self._start >= 0:
                queue[self._start :] = b""  # not on the wire yet: take it back
            else:
                queue.extend(b"\n")  # end the partly sent line: the host skips it
            self._start = len(queue)
            self._dropping = not ends
            return
        queue.extend(data)
        if ends:
            self._start = len(queue)
        self.flush()

    def _wait_for_room(self, size):
        if self._stalled:  # the host is not reading: no wait until it takes bytes again
            self.flush()
            return
        deadline = time.ticks_add(time.ticks_ms(), WAIT_MS)
        while len(self._queue) + size > QUEUE_BYTES:
            self.flush()
            if time.ticks_diff(deadline, time.ticks_ms()) <= 0:
                return
            for _ in self._poll_out.ipoll(1):  # up to 1 ms for the host to take a packet
                pass

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
            self._stalled = False
            queue[:written] = b""  # rp2's bytearray has no slice deletion (del raises)
            self._start = self._start - written if self._start >= written else -1
