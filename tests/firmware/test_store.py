"""The match store (firmware/scoreboard/store.py).

The cases live in tests/firmware/mpy/ as plain modules so the same code runs on the real
MicroPython unix port (through tests/mpy_run.py) and here on CPython:

- store_cases: real files; behaviour, bad input, a power cut at every byte offset of an
  append and of a compaction; on MicroPython with a Pico-sized heap (180 KB).
- store_lfs_cases: real littlefs (the unix port's VfsLfs2, Pico parameters) over a RAM flash
  chip with the power cut at every program/erase operation, plus a seeded random soak.
  MicroPython only; the RAM chip needs a larger heap than the Pico's.
- ring_cases: the event ring and littlefs on one NOR chip, the power cut inside every
  program and erase of a session of mixed games.
- store_fill: matches played one after another at the Pico's flash size with a host syncing
  (and deleting, keep 10) every 10 matches, then no host until the flash is full.
"""

import json
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


def test_event_ring_and_littlefs_keep_every_committed_event_through_power_cuts() -> None:
    """520 events of seven games' matches on one NOR chip (a 4-sector ring, so it wraps and
    folds into littlefs several times), the power cut inside every program and erase."""
    output = run_on_micropython("ring_cases.py", "8M", {})
    assert "ok   ring_cases.test_cut_at_every_flash_operation_of_a_mixed_session" in output
    # the cuts one after another in one session: a fold once torn heads used up every sector
    assert "ok   ring_cases.test_cuts_one_after_another_in_one_session" in output


def fill(matches: int) -> dict:
    result = subprocess.run(
        [micropython(), "-X", "heapsize=8M", "tests/firmware/mpy/store_fill.py"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=TIMEOUT_S,
        env={**os.environ, "FILL_MATCHES": str(matches)},
    )
    assert result.returncode == 0, result.stdout + result.stderr
    return json.loads(result.stdout.splitlines()[-1])


def check_fill(got: dict, matches: int) -> None:
    assert got["refused"] == 0, got  # the box never refused an event
    assert got["host_holds"] == matches, got  # the host holds every match, CRC for CRC
    assert got["on_device"] == 10, got  # keep 10
    # With no host the device warns first, then refuses new matches with words, and the
    # match already started is recorded to the end of a 13-round Mexican Train.
    assert 0 < got["warned_at"] < got["no_host_matches"], got
    assert got["refusal"].startswith("flash full") and "sync to free space" in got["refusal"]
    assert got["recorded_after_refusal"] == 1300, got


def test_a_flash_synced_every_10_matches_never_fills() -> None:
    # 200 matches, 27,000 events: past the 21,370 that filled the Pico's flash before.
    check_fill(fill(200), 200)


@pytest.mark.soak
def test_a_thousand_matches_at_the_picos_flash_size() -> None:
    check_fill(fill(1000), 1000)


@pytest.mark.soak
@pytest.mark.parametrize("seed", range(1, 6))
def test_store_soak_on_littlefs(seed: int) -> None:
    env = {"STORE_SOAK_STEPS": "100000", "STORE_SOAK_SEED": str(seed)}
    output = run_on_micropython("store_lfs_cases.py", "8M", env)
    assert "ok   store_lfs_cases.test_random_soak_with_power_cuts" in output
