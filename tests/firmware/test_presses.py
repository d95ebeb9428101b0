"""Every play within ten presses, and no list with a play twice, over real hands of every game
played tile by tile. Hands come from the host's simulated table with every seat
laying a uniformly random legal tile (harness/press_hands.py); each is replayed on the
device's real screens on the MicroPython unix port, every play entered by the fewest presses
those screens allow (harness/mpy_press_paths.py). `make bench` runs more hands and
writes the distribution (bench/presses_bench.py, bench/results/presses.txt)."""

import functools
import tempfile
from pathlib import Path

import pytest

from harness import press_hands

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


def test_the_entry_screens_by_presses(tmp_path: Path) -> None:
    """The lead's and a long train's lists as the scorer sees them (golden text), entered by
    presses: Doble 12's 13 doubles and Mexican Train's 12 tiles a group of 3 first, the
    cursor on the likeliest group, each list in pip order."""
    from test_app import run
    from test_games_ui import compare_text

    out = tmp_path / "screens"
    out.mkdir()
    r = run("entry_screens.py", str(tmp_path / "store"), str(out), heap="16M", timeout=300)
    assert r["errors"] == 0
    assert r["lead"] == {"k": "play", "p": 0, "t": "4-4"}
    assert r["train"] == {"e": 0, "k": "play", "p": 1, "t": "12-5"}
    shown = {(name, k): (kind, items, cursor) for name, k, kind, items, cursor in r["seen"]}
    assert shown[("entry-doble12-lead", 2)] == (
        "Groups",
        ["0-0 .. 2-2", "3-3 .. 5-5", "6-6 .. 8-8", "9-9 .. 11-11", "12-12"],
        4,  # the highest double: the likeliest lead
    )
    assert shown[("entry-doble12-lead", 3)] == ("Tiles", ["3-3", "4-4", "5-5"], 0)
    groups = shown[("entry-mexican-train", 1)]
    assert groups[0] == "Groups" and groups[1][0] == "12-0 .. 12-2" and len(groups[1]) == 4
    assert shown[("entry-mexican-train", 2)] == ("Tiles", ["12-3", "12-4", "12-5"], 0)
    compare_text(out, sorted(f"{name}-{k}" for name, k in shown))
