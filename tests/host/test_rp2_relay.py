"""The emulated Pico's USB cable (dominoboard.rp2.EmulatedPico._relay) across power cuts and
boots. No Node needed: the chip's end of the link is a plain socket here.

Before the fix, bytes the host wrote just as a boot connected the new link were dropped: the
relay sent them to the link it had read before waiting, None while the power was off (this
test failed 3 times in 3). The relay also ended for good if a cut closed the link between
its reading the link and select(); that window was not hit here, and the relay now carries on
with the next link instead."""

import os
import socket
import time

from dominoboard.rp2 import EmulatedPico


def read_line(fd: int, limit_s: float = 5) -> bytes:
    os.set_blocking(fd, False)
    deadline = time.monotonic() + limit_s
    got = b""
    while not got.endswith(b"\n") and time.monotonic() < deadline:
        try:
            got += os.read(fd, 4096)
        except BlockingIOError:
            time.sleep(0.01)
    return got


def test_the_cable_carries_the_first_bytes_after_each_boot(tmp_path) -> None:
    pico = EmulatedPico(tmp_path / "flash.img")
    host = os.open(pico.port, os.O_RDWR | os.O_NOCTTY)
    try:
        for k in range(20):
            chip, usb = socket.socketpair()
            pico._link = usb  # a boot connects the new chip ...
            os.write(host, b'{"n":%d}\n' % k)  # ... and the host's request comes at once
            chip.settimeout(5)
            got = b""
            while not got.endswith(b"\n"):
                got += chip.recv(4096)  # socket.timeout here: the bytes were dropped
            assert got == b'{"n":%d}\n' % k
            chip.sendall(b'{"ok":%d}\n' % k)
            assert read_line(host) == b'{"ok":%d}\n' % k
            chip.close()  # a power cut: the chip's end goes, cut() drops the link
            pico._drop_link()
    finally:
        os.close(host)
        pico.close()
