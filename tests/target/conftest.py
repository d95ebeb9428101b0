"""The emulated Pico for the target tests: the real MicroPython rp2 port in rp2040js.

Each test powers on a Pico with a blank flash and the scoreboard's own firmware (`make
firmware`: MicroPython with the app frozen in), as a maker's new Pico after the UF2 is dropped
on it; tests never share a flash. The developer's path, stock MicroPython with the scoreboard
copied on by `dominoboard deploy` (mpy-cross and mpremote over the emulated USB serial), is
made once per session for the tests that name `deployed`. Without the firmware files, Node or
the built firmware the tests skip and the reason says how to get them."""

import sys
import time
from pathlib import Path

import pytest

from dominoboard.cli import main
from dominoboard.rp2 import (
    EmulatedPico,
    TargetMissing,
    firmware_dir,
    frozen_firmware,
    rp2040js_dir,
)
from harness.target import SPEED

sys.path.insert(0, str(Path(__file__).parents[1] / "host"))  # the unix-port drivers we compare with



@pytest.fixture(scope="session")
def deployed(tmp_path_factory) -> tuple[Path, float]:
    """A flash image with MicroPython and the deployed scoreboard, and the deploy's wall time."""
    try:
        firmware_dir()
        rp2040js_dir()
    except TargetMissing as e:
        pytest.skip(f"the emulated Pico is not available here: {e}")
    image = tmp_path_factory.mktemp("deployed") / "flash.img"
    with EmulatedPico(image, speed=SPEED) as pico:
        pico.boot()
        pico.wait_event("usb")
        started = time.monotonic()
        assert main(["deploy", "--port", pico.port]) == 0
        seconds = time.monotonic() - started
        pico.wait_event("reset")  # deploy's last step resets the board ...
        pico.wait_drawn()  # ... and it boots into the scoreboard
        pico.cut()
    return image, seconds


@pytest.fixture(scope="session")
def frozen() -> Path:
    """The scoreboard's firmware UF2 (`make firmware`; `make test` builds it first)."""
    try:
        firmware_dir()
        rp2040js_dir()
        return frozen_firmware()
    except TargetMissing as e:
        pytest.skip(f"the emulated Pico is not available here: {e}")


@pytest.fixture
def power_on(frozen, tmp_path):
    """Power on a Pico with the firmware on a blank flash of its own (it formats its
    filesystem at first boot); returns it on its start screen. (A Pico left on while a test
    does something slow would go to sleep like a real one.)"""
    boards = []

    def on() -> EmulatedPico:
        image = tmp_path / f"flash{len(boards)}.img"  # each board its own flash
        board = EmulatedPico(image, speed=SPEED, uf2=frozen)
        boards.append(board)
        board.boot()
        board.wait_drawn()
        return board

    yield on
    for board in boards:
        board.close()


@pytest.fixture
def pico(power_on):
    return power_on()
