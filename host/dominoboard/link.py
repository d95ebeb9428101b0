"""The host's side of the USB link (docs/protocol.md): requests out, replies matched by id.

The Pico's USB serial is also its REPL, so not every line is ours: the MicroPython banner, a
``>>>`` prompt, a traceback. Anything that is not a JSON object with our ``proto`` is skipped
(and remembered, so a timeout can say what the port was saying instead).
"""

import collections
import json
import time
import zlib
from collections.abc import Iterable
from typing import Any

import serial

from .errors import DeviceError, Refused

PROTO = 1
BAUD = 115200  # ignored by USB CDC and by a pty; set for adapters that care


def crc_of(lines: Iterable[str], crc: int = 0) -> int:
    """The CRC the scoreboard computes over events (each line as UTF-8, plus a newline)."""
    for line in lines:
        crc = zlib.crc32(line.encode() + b"\n", crc)
    return crc


class DeviceLink:
    def __init__(self, port: str, timeout: float = 3.0, port_object: Any = None):
        self.port = port
        self.timeout = timeout
        try:
            self.serial = port_object or serial.serial_for_url(port, baudrate=BAUD, timeout=0.05)
        except (serial.SerialException, OSError) as e:
            raise DeviceError(
                f"cannot open {port}: {e}. Is another program (mpremote, a "
                "terminal, `dominoboard live`) using it?"
            ) from e
        self._next_id = 1
        self._buffer = bytearray()
        self.pushes: collections.deque[dict] = collections.deque()
        self.noise: collections.deque[str] = collections.deque(maxlen=20)
        self.replies: dict[int, dict] = {}
        self.serial.reset_input_buffer()
        self._write(b"\n")  # end whatever half line the scoreboard may hold

    # -- requests ----------------------------------------------------------------------

    def send(self, op: str, **fields: Any) -> int:
        """Send one request; returns its id (collect the reply with ``reply``)."""
        req_id = self._next_id
        self._next_id += 1
        msg = {"proto": PROTO, "id": req_id, "op": op}
        msg.update({k: v for k, v in fields.items() if v is not None})
        self._write(json.dumps(msg, separators=(",", ":")).encode() + b"\n")
        return req_id

    def reply(self, req_id: int) -> dict:
        """The reply to request ``req_id``; raises Refused for an error reply."""
        deadline = time.monotonic() + self.timeout
        while req_id not in self.replies:
            msg = self._read_message(deadline)
            if msg is None:
                raise DeviceError(self._silence())
        msg = self.replies.pop(req_id)
        if msg.get("ok") is not True:
            raise Refused(str(msg.get("error")), str(msg.get("detail")))
        return msg

    def request(self, op: str, **fields: Any) -> dict:
        return self.reply(self.send(op, **fields))

    def set_clock(self) -> None:
        """Give the scoreboard this computer's time (it has no clock of its own that survives
        a power cycle): matches started from now on carry the table's date in their setup."""
        self.request("clock", time=int(time.time()))

    def next_push(self, timeout: float) -> dict | None:
        """The next pushed message (an event, for a subscribed host), or None."""
        deadline = time.monotonic() + timeout
        while not self.pushes:
            if self._read_message(deadline) is None:
                return None
        return self.pushes.popleft()

    def close(self) -> None:
        self.serial.close()

    def __enter__(self) -> "DeviceLink":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- lines -------------------------------------------------------------------------

    def _write(self, data: bytes) -> None:
        try:
            self.serial.write(data)
        except (serial.SerialException, OSError) as e:
            raise DeviceError(f"writing to {self.port} failed: {e} (unplugged?)") from e

    def _read_message(self, deadline: float) -> dict | None:
        """Read until one protocol message arrives (filed under replies or pushes)."""
        while True:
            cut = self._buffer.find(b"\n")
            if cut >= 0:
                raw = bytes(self._buffer[:cut]).strip()
                del self._buffer[: cut + 1]
                msg = self._protocol(raw)
                if msg is None:
                    continue
                if "push" in msg:
                    self.pushes.append(msg)
                elif isinstance(msg.get("id"), int):
                    self.replies[msg["id"]] = msg
                else:  # an error about a line the scoreboard could not read at all
                    self.noise.append(raw.decode(errors="replace"))
                    continue
                return msg
            if time.monotonic() > deadline:
                return None
            try:
                chunk = self.serial.read(max(1, self.serial.in_waiting))
            except (serial.SerialException, OSError) as e:
                raise DeviceError(f"reading from {self.port} failed: {e} (unplugged?)") from e
            self._buffer.extend(chunk)

    def _protocol(self, raw: bytes) -> dict | None:
        if not raw.startswith(b"{"):
            if raw:
                self.noise.append(raw.decode(errors="replace"))
            return None
        try:
            msg = json.loads(raw)
        except ValueError:
            self.noise.append(raw.decode(errors="replace"))
            return None
        if not isinstance(msg, dict) or "proto" not in msg:
            self.noise.append(raw.decode(errors="replace"))
            return None
        if msg["proto"] != PROTO:
            raise DeviceError(
                f"the scoreboard on {self.port} speaks protocol {msg['proto']}, "
                f"this dominoboard speaks {PROTO}: update the older of the two"
            )
        return msg

    def _silence(self) -> str:
        text = f"no reply from the scoreboard on {self.port} within {self.timeout:g} s"
        said = [n for n in self.noise if n]
        if any(n.startswith(">>>") or "MicroPython" in n for n in said):
            return text + (
                ": the board is at the MicroPython prompt, not running the "
                "scoreboard; reset it (Ctrl-D) or run `dominoboard deploy`"
            )
        if said:
            return text + "; it printed instead:\n  " + "\n  ".join(said[-5:])
        return text + ": is the scoreboard app running, and is this the right port?"
