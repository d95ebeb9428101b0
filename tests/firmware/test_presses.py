"""Every play within ten presses, and no list with a play twice, over real hands of every game
played tile by tile (issue 13). Hands come from the host's simulated table with every seat
laying a uniformly random legal tile (tests/firmware/press_hands.py); each is replayed on the
device's real screens on the MicroPython unix port, every play entered by the fewest presses
those screens allow (tests/firmware/mpy/press_paths.py). `make bench` runs more hands and
writes the distribution (bench/presses_bench.py, bench/results/presses.txt)."""

import functools
import sys
import tempfile
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
import press_hands  # noqa: E402

GAMES = press_hands.tile_games()
SEEDS = [101, 102]
BOUND = 10  # presses per play, OK included


@functools.cache
def measured() -> dict:
    with tempfile.TemporaryDirectory() as tmp:
        return press_hands.measure({g: SEEDS for g in GAMES}, Path(tmp))


def test_every_tile_game_is_measured() -> None:
    assert len(GAMES) >= 20 and "muggins" in GAMES and "mexican" in GAMES
    assert set(measured()) == set(GAMES)


@pytest.mark.parametrize("game", GAMES)
def test_every_play_is_entered_within_the_bound(game: str) -> None:
    stats = measured()[game]
    assert stats["hands"] == len(SEEDS)
    assert stats["missing"] == [], "plays the screens do not offer"
    assert len(stats["presses"]) >= 5
    assert max(stats["presses"]) <= BOUND, stats["worst"]


@pytest.mark.parametrize("game", GAMES)
def test_no_list_offers_a_play_twice(game: str) -> None:
    assert measured()[game]["dups"] == 0
