"""USB serial through stdin/stdout, shared by the Pico and by the emulator.

On rp2 the USB CDC port is also the REPL. After select.poll reports input,
only a read of one byte is safe (a larger read blocks until it is filled), so
the link reads byte by byte. A raw Ctrl-C still raises KeyboardInterrupt in
the app, which is what lets mpremote stop it and deploy.
"""

import select
import sys


class StdioSerial:
    def __init__(self, stdin=None, stdout=None):
        stdin = stdin or sys.stdin
        stdout = stdout or sys.stdout
        self._in = getattr(stdin, "buffer", stdin)
        self._out = getattr(stdout, "buffer", stdout)
        self._poll = select.poll()
        self._poll.register(stdin, select.POLLIN)

    def read1(self):
        """One byte, or b'' if nothing is waiting. Never blocks."""
        if not self._poll.poll(0):
            return b""
        b = self._in.read(1)
        if not b:
            return b""
        if isinstance(b, str):  # a text stream without .buffer
            b = b.encode()
        return b

    def write(self, data):
        self._out.write(data)
