"""The emulated Pico for the target tests: the real MicroPython rp2 firmware in rp2040js.

One flash image gets the firmware by the real deploy path (`dominoboard deploy`: mpy-cross and
mpremote over the emulated USB serial) once per session; each test powers on its own copy, so
tests share the deploy but never each other's flash. Without the firmware files or Node the
tests skip and the reason says how to get them (dominoboard.rp2.HOW_TO_GET)."""

import shutil
import sys
import time
from pathlib import Path

import pytest

from dominoboard.cli import main
from dominoboard.rp2 import EmulatedPico, TargetMissing, firmware_dir, rp2040js_dir

sys.path.insert(0, str(Path(__file__).parents[1] / "host"))  # the unix-port drivers we compare with

SPEED = 8.0  # emulated time may run 8x the wall clock while the core sleeps


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


@pytest.fixture
def power_on(deployed, tmp_path):
    """Power on a Pico with its own copy of the deployed flash; returns it on its start screen.
    (A Pico left on while a test does something slow would go to sleep like a real one.)"""
    boards = []

    def on() -> EmulatedPico:
        image = tmp_path / f"flash{len(boards)}.img"  # each board its own flash
        shutil.copy(deployed[0], image)
        board = EmulatedPico(image, speed=SPEED)
        boards.append(board)
        board.boot(firmware=False)
        board.wait_drawn()
        return board

    yield on
    for board in boards:
        board.close()


@pytest.fixture
def pico(power_on):
    return power_on()
