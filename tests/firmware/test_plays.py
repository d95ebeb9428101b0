"""The table's ranking of plays kept per match state (firmware/scoreboard/plays.py) and the
FlashLog's events kept decoded in the heap (firmware/scoreboard/app.py), on the MicroPython
unix port (checks in tests/firmware/mpy/check_plays.py)."""

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent / "mpy"))
from mpy_checks import assert_check, check_names  # noqa: E402

MODULE = "check_plays"


@pytest.mark.parametrize("name", check_names(MODULE))
def test_plays_on_micropython(name: str) -> None:
    assert_check(MODULE, name)
