"""The client's memory does not grow with the games: each chunk is tallied on the worker and
the client keeps only the running totals (it used to keep a record of every hand, ~0.9 KB a
hand: 30 MB at 10^4 hands, 110 MB at 10^5)."""

import os
import subprocess
import sys

import pytest

RUN = "import sys; from dominoboard.cli import main; sys.exit(main(sys.argv[1:]))"


def peak_kb(tmp_path, hands: int, *extra: str) -> int:
    """The peak resident memory (KB) of a ``simulate`` run in its own process."""
    proc = subprocess.Popen(
        [sys.executable, "-c", RUN, "simulate", "block", "--hands", str(hands), "--no-plots",
         "--progress", "off", "-o", str(tmp_path / f"out{hands}"), *extra],
        stdout=subprocess.DEVNULL)
    _, status, usage = os.wait4(proc.pid, 0)
    assert os.waitstatus_to_exitcode(status) == 0
    return usage.ru_maxrss  # KB on Linux


def test_memory_is_flat_from_ten_thousand_to_a_hundred_thousand_hands(tmp_path):
    small = peak_kb(tmp_path, 10**4)
    large = peak_kb(tmp_path, 10**5)
    assert large - small < 4096, (small, large)  # the records would take ~80 MB more


def test_memory_is_flat_with_rotated_seats_and_records(tmp_path):
    extra = ("-s", "heavy", "-s", "random", "--records", str(tmp_path / "hands.csv"))
    small = peak_kb(tmp_path, 2000, *extra)
    large = peak_kb(tmp_path, 40000, *extra)
    assert large - small < 4096, (small, large)
    assert sum(1 for _ in (tmp_path / "hands.csv").open()) == 40001


@pytest.mark.soak
def test_memory_is_flat_at_a_million_hands(tmp_path):
    small = peak_kb(tmp_path, 10**4, "--workers", "2")
    large = peak_kb(tmp_path, 10**6, "--workers", "2")
    assert large - small < 4096, (small, large)
