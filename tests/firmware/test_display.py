"""Partial screen updates (firmware/scoreboard/display.py) on the MicroPython unix port: the
SSD1306 panel model must always show the framebuffer, and the bytes on the I2C bus are counted
(budget: 512 for a typical update). Checks in tests/firmware/mpy/check_display.py."""

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent / "mpy"))
from mpy_checks import assert_check, check_names  # noqa: E402

MODULE = "check_display"


@pytest.mark.parametrize("name", check_names(MODULE))
def test_display_on_micropython(name: str) -> None:
    assert_check(MODULE, name)
