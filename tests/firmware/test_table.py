"""The table screen by presses on the MicroPython unix port (the whole app on the simulated
board): see tests/firmware/mpy/check_table.py."""

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent / "mpy"))
from mpy_checks import assert_check, check_names  # noqa: E402

MODULE = "check_table"


@pytest.mark.parametrize("name", check_names(MODULE))
def test_table_on_micropython(name: str) -> None:
    assert_check(MODULE, name)
