"""Debounced buttons (firmware/scoreboard/buttons.py) on the MicroPython unix port, driven
through the simulated board's bouncing contacts: see tests/firmware/mpy/check_buttons.py."""

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent / "mpy"))
from mpy_checks import assert_check, check_names  # noqa: E402

MODULE = "check_buttons"


@pytest.mark.parametrize("name", check_names(MODULE))
def test_buttons_on_micropython(name: str) -> None:
    assert_check(MODULE, name)
