"""The reply timeout is for a silent scoreboard, not a slow one: bytes of a reply arriving
restart it, and a scoreboard that stops answering is named with the request it left
unanswered. The device is the fake of lying_device.py (honest here) on a real pty; the host
is the real DeviceLink."""

import os
import time

import pytest
from lying_device import LyingDevice

from dominoboard.errors import DeviceError
from dominoboard.link import DeviceLink
from harness.pty_device import GUARD_S


class Trickling(LyingDevice):
    """Sends each reply 5 bytes at a time, 0.12 s apart: slow, never silent for long."""

    def send(self, line: bytes) -> None:
        for k in range(0, len(line), 5):
            os.write(self.master, line[k : k + 5])
            time.sleep(0.12)


def test_a_reply_slower_than_the_timeout_but_never_silent_is_waited_for():
    # About 2.5 s for the hello, never 1 s without a byte. Before, the timeout was for the
    # whole reply, and this failed "no reply from the scoreboard ... within 1 s".
    with Trickling({}) as device, DeviceLink(device.port, timeout=1.0) as link:
        assert link.request("hello")["device"] == "sim-liar"
        assert device.ops == ["hello"]  # never asked again: it was talking


def test_a_scoreboard_that_falls_silent_is_named_with_the_unanswered_request():
    with LyingDevice({}, budget=1) as device, DeviceLink(device.port, timeout=1.0) as link:
        link.request("hello")
        with pytest.raises(DeviceError) as silent:
            link.request("list")  # past its budget: it answers nothing more
        asked = list(device.ops)
    message = str(silent.value)
    assert message.startswith(f"no reply from the scoreboard on {device.port} to list: ")
    assert "it said nothing for 1 s" in message
    assert "is the scoreboard app running, and is this the right port?" in message
    assert asked[0] == "hello" and set(asked[1:]) == {"list"}


class Forgetful(LyingDevice):
    """Drops its first reply, as the scoreboard drops one its host did not read in time."""

    def send(self, line: bytes) -> None:
        if self.ops[1:]:
            super().send(line)


def test_a_patient_link_asks_for_a_dropped_reply_after_its_own_quiet():
    # Silence is waited out for the failure guard (300 s), yet the dropped reply is asked
    # for again after 0.2 s of quiet, not after a third of the timeout.
    with Forgetful({}) as device, DeviceLink(device.port, GUARD_S, ask_after=0.2) as link:
        assert link.request("list")["matches"] == []
    assert device.ops[:2] == ["list", "list"] and set(device.ops) == {"list"}


def test_a_link_asks_again_only_after_its_quiet_even_past_the_timeout():
    # Quiet to ask again longer than the timeout: the silence is named first, the request
    # sent once (a third of the timeout would have asked it three times).
    with Forgetful({}) as device, DeviceLink(device.port, 1.0, ask_after=5.0) as link:
        with pytest.raises(DeviceError, match="it said nothing for 1 s: is the") as silent:
            link.request("list")
    assert "asked" not in str(silent.value) and device.ops == ["list"]
