"""The scoreboard's fonts and text writer (firmware/scoreboard/text.py, font_*.py): the writer
on the MicroPython unix port (checks in tests/firmware/mpy/check_text.py), and the committed
fonts against a fresh run of tools/make_fonts.py (font-to-py on Debian's xfonts-base)."""

import subprocess
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent / "mpy"))
from mpy_checks import assert_check, check_names  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
MODULE = "check_text"
MISC = Path("/usr/share/fonts/X11/misc")


@pytest.mark.parametrize("name", check_names(MODULE))
def test_text_on_micropython(name: str) -> None:
    assert_check(MODULE, name)


@pytest.mark.parametrize("name", check_names("check_messages"))
def test_messages_on_micropython(name: str) -> None:
    assert_check("check_messages", name)


def test_committed_fonts_are_what_font_to_py_generates() -> None:
    if not (MISC / "5x8.pcf.gz").exists():
        pytest.skip("xfonts-base is not installed (`make deps` installs it as root)")
    tool = Path(sys.executable).parent / "font_to_py"
    assert tool.exists(), "font-to-py is missing: run `make deps`"
    out = subprocess.run(
        [sys.executable, "tools/make_fonts.py", "--check"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert out.returncode == 0, out.stdout + out.stderr
