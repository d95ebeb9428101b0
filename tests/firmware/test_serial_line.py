"""The USB serial line endpoint (firmware/scoreboard/serial_line.py).

The cases in tests/firmware/mpy/serial_cases.py run here on CPython and on the real
MicroPython unix port with a Pico-sized heap (tests/mpy_run.py).
"""

import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT / "tests" / "firmware" / "mpy"), str(ROOT / "firmware")]

import serial_cases  # noqa: E402

CASES = sorted(name for name in dir(serial_cases) if name.startswith("test_"))


def micropython() -> str:
    beside = Path(sys.executable).parent / "micropython"
    return str(beside) if beside.exists() else "micropython"


@pytest.mark.parametrize("name", CASES)
def test_serial_line_on_cpython(name: str) -> None:
    getattr(serial_cases, name)()


def test_serial_line_on_micropython_with_pico_heap() -> None:
    result = subprocess.run(
        [
            micropython(),
            "-X",
            "heapsize=180K",
            "tests/mpy_run.py",
            "tests/firmware/mpy/serial_cases.py",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    output = result.stdout + result.stderr
    assert re.search(rf"^{len(CASES)} passed, 0 failed$", output, re.M), output
    assert result.returncode == 0, output
