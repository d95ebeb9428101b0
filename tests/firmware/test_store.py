"""The match store (firmware/scoreboard/store.py).

The cases live in tests/firmware/mpy/ as plain modules so the same code runs on the real
MicroPython unix port (through tests/mpy_run.py) and here on CPython:

- store_cases: real files; behaviour, bad input, a power cut at every byte offset of an
  append and of a compaction; on MicroPython with a Pico-sized heap (180 KB).
- store_lfs_cases: real littlefs (the unix port's VfsLfs2, Pico parameters) over a RAM flash
  chip with the power cut at every program/erase operation, plus a seeded random soak.
  MicroPython only; the RAM chip needs a larger heap than the Pico's.
"""

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CASES = ROOT / "tests" / "firmware" / "mpy"
sys.path[:0] = [str(CASES), str(ROOT / "firmware")]

import store_cases  # noqa: E402

TIMEOUT_S = 900


def micropython() -> str:
    beside = Path(sys.executable).parent / "micropython"
    return str(beside) if beside.exists() else "micropython"


def run_on_micropython(module: str, heap: str, env: dict[str, str]) -> str:
    script = "tests/firmware/mpy/" + module
    result = subprocess.run(
        [micropython(), "-X", "heapsize=" + heap, "tests/mpy_run.py", script],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=TIMEOUT_S,
        env={**os.environ, **env},
    )
    output = result.stdout + result.stderr
    summary = re.search(r"^(\d+) passed, (\d+) failed$", output, re.M)
    assert summary, "no summary line from MicroPython:\n" + output
    assert result.returncode == 0 and summary[2] == "0", output
    assert int(summary[1]) > 0, output
    return output


CPYTHON_CASES = sorted(name for name in dir(store_cases) if name.startswith("test_"))


@pytest.mark.parametrize("name", CPYTHON_CASES)
def test_store_on_cpython(name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("STORE_TEST_DIR", str(tmp_path))
    getattr(store_cases, name)()


def test_store_on_micropython_with_pico_heap(tmp_path: Path) -> None:
    output = run_on_micropython("store_cases.py", "180K", {"STORE_TEST_DIR": str(tmp_path)})
    for name in CPYTHON_CASES:  # every case ran there too
        assert "ok   store_cases." + name in output, output


def test_store_on_littlefs_with_power_cuts() -> None:
    output = run_on_micropython("store_lfs_cases.py", "8M", {})
    assert "ok   store_lfs_cases.test_cut_append_at_every_flash_operation" in output


@pytest.mark.soak
@pytest.mark.parametrize("seed", range(1, 6))
def test_store_soak_on_littlefs(seed: int) -> None:
    env = {"STORE_SOAK_STEPS": "100000", "STORE_SOAK_SEED": str(seed)}
    output = run_on_micropython("store_lfs_cases.py", "8M", env)
    assert "ok   store_lfs_cases.test_random_soak_with_power_cuts" in output
