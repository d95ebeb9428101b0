"""The optional matrix keypad (firmware/boards/keypad.py) on the MicroPython unix port,
against the simulated board's part (a key joins its row to its column, pull-ups, chattering
contacts): tests/firmware/mpy/check_keypad.py, and the app driven by it,
tests/firmware/mpy/check_keypad_app.py."""

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent / "mpy"))
from mpy_checks import assert_check, check_names  # noqa: E402

MODULES = ("check_keypad", "check_keypad_app")


@pytest.mark.parametrize("module,name", [(m, n) for m in MODULES for n in check_names(m)])
def test_keypad_on_micropython(module: str, name: str) -> None:
    assert_check(module, name)
