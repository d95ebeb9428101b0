"""The reply timeout is for a silent scoreboard, not a slow one: bytes of a reply arriving
restart it, and a scoreboard that stops answering is named with the request it left
unanswered. The device is a fake on a real pty; the host is the real DeviceLink."""

import json
import os
import select
import threading
import time
import tty

import pytest

from dominoboard.errors import DeviceError
from dominoboard.link import DeviceLink


class Fake:
    """Answers each request with ``answer(request)``: the reply's pieces, sent ``gap`` s
    apart, or None to stay silent."""

    def __init__(self, answer, gap: float = 0.0):
        self.answer, self.gap = answer, gap
        self.asked: list[str] = []
        self.master, self._slave = os.openpty()
        tty.setraw(self._slave)
        tty.setraw(self.master)
        self.port = os.ttyname(self._slave)
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._serve, daemon=True)
        self._thread.start()

    def _serve(self) -> None:
        buffer = b""
        while not self._stop.is_set():
            if not select.select([self.master], [], [], 0.05)[0]:
                continue
            buffer += os.read(self.master, 4096)
            while b"\n" in buffer:
                raw, buffer = buffer.split(b"\n", 1)
                if not raw.strip():
                    continue
                req = json.loads(raw)
                self.asked.append(req["op"])
                for piece in self.answer(req) or []:
                    os.write(self.master, piece)
                    time.sleep(self.gap)

    def close(self) -> None:
        self._stop.set()
        self._thread.join(timeout=10)  # before its fd can be reused by the next test's pty
        for fd in (self.master, self._slave):
            os.close(fd)


def hello(req: dict) -> bytes:
    reply = {"proto": 1, "id": req["id"], "ok": True, "device": "sim-slow", "firmware": "0.1.0"}
    return json.dumps(reply).encode() + b"\n"


def test_a_reply_slower_than_the_timeout_but_never_silent_is_waited_for():
    # 5 bytes every 0.12 s: 2 s for the reply, never 1 s without a byte. Before, the
    # timeout was for the whole reply, and this one failed "no reply within 1 s".
    def trickle(req):
        line = hello(req)
        return [line[k : k + 5] for k in range(0, len(line), 5)]

    fake = Fake(trickle, gap=0.12)
    try:
        with DeviceLink(fake.port, timeout=1.0) as link:
            assert link.request("hello")["device"] == "sim-slow"
    finally:
        fake.close()
    assert fake.asked == ["hello"]  # never asked again: it was talking


def test_a_scoreboard_that_falls_silent_is_named_with_the_unanswered_request():
    fake = Fake(lambda req: [hello(req)] if req["op"] == "hello" else None)
    try:
        with DeviceLink(fake.port, timeout=1.0) as link:
            link.request("hello")
            with pytest.raises(DeviceError) as silent:
                link.request("list")
    finally:
        fake.close()
    message = str(silent.value)
    assert message.startswith(f"no reply from the scoreboard on {fake.port} to list: ")
    assert "it said nothing for 1 s" in message
    assert "is the scoreboard app running, and is this the right port?" in message
    assert fake.asked[0] == "hello" and set(fake.asked[1:]) == {"list"}
