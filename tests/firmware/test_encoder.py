"""The optional rotary encoder (firmware/boards/encoder.py) on the MicroPython unix port, driven
through the simulated board's bouncing contacts: see tests/firmware/mpy/check_encoder.py."""

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent / "mpy"))
from mpy_checks import assert_check, check_names  # noqa: E402

MODULES = ("check_encoder", "check_encoder_app")


@pytest.mark.parametrize("module,name", [(m, n) for m in MODULES for n in check_names(m)])
def test_encoder_on_micropython(module: str, name: str) -> None:
    assert_check(module, name)
