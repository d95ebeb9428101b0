"""Hands for the press measurements: every game the core follows tile by tile, played by the
host's simulated table (``dominoboard.sim.table``) with every seat laying a uniformly random
legal tile (not the device's own ranking), written for harness/mpy_press_paths.py, which
replays them on the device's real screens and counts the fewest presses per play."""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

from domino import registry
from domino.errors import DominoError
from domino.events import dumps
from dominoboard.sim.table import Setup, Table, playable

ROOT = Path(__file__).resolve().parents[1]
HERE = Path(__file__).resolve().parent


def tile_games() -> list[str]:
    """Every registry game whose hands are played tile by tile."""
    return [k for k in registry.keys() if playable(registry.game_class(k))]


def seats(key: str) -> int:
    """A usual table: four where the game allows (Mexican Train's party), else its fewest."""
    lo, hi = registry.game_class(key).players
    return min(hi, 4) if key in ("mexican", "cardinal") else lo


def hand_lines(key: str, seed: int, players: int | None = None) -> list[str]:
    """One hand of ``key`` by random players: its setup line, then its events."""
    n = players or seats(key)
    try:
        setup = Setup(key, ["random"] * n, hands=True)
        table = Table(setup, seed)
    except DominoError:  # a partnership game: partners sit opposite
        setup = Setup(key, ["random"] * n, hands=True, teams=[[0, 2], [1, 3]])
        table = Table(setup, seed)
    table.play()
    m = table.m
    return [dumps(setup.match_setup())] + [dumps(m.log[i]) for i in range(len(m.log))]


def choices(lines: list[str]) -> list[int]:
    """For each play of a hand (``hand_lines``): how many plays the device could offer then,
    knowing no hands (``Match.legal_plays`` over every tile off the table)."""
    from domino.events import loads
    from domino.match import Match

    m = Match(loads(lines[0]))
    out = []
    for line in lines[1:]:
        ev = loads(line)
        if ev.get("k") == "play":
            out.append(len(m.legal_plays(ev["p"])))
        m.apply(ev)
    return out


def best_share(counts: list[int], keys: int, presses: int) -> float:
    """The largest share of plays any interface could enter in at most ``presses`` presses
    (the last an OK), were the ``counts[i]`` plays on offer at play i equally likely: with
    ``keys`` keys besides OK, j presses before the OK reach at most keys**j more plays."""
    reach = sum(keys**j for j in range(presses))
    return sum(min(1.0, reach / n) for n in counts) / len(counts) if counts else 1.0


def micropython() -> str:
    beside = Path(sys.executable).parent / "micropython"
    return str(beside) if beside.exists() else "micropython"


def run_json(script: Path, args: list[str], heap: str = "4M", start: str = "[") -> object:
    """Run ``script`` on the MicroPython unix port (the repository's root as its directory)
    and read the last stdout line that starts with ``start`` as JSON."""
    env = dict(os.environ, MICROPYPATH=str(ROOT / "build" / "mpy-lib"))
    r = subprocess.run(
        [micropython(), "-X", "heapsize=" + heap, str(script), *args],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=3600,
    )  # fmt: skip
    for line in reversed(r.stdout.splitlines()):
        if line.startswith(start):
            return json.loads(line)
    raise AssertionError(f"{script.name} failed:\n" + r.stdout[-3000:] + r.stderr[-3000:])


def measure(hands: dict[str, list[int]], storage: Path, heap: str = "4M") -> dict:
    """Replay ``{game: [seeds]}`` on the device's screens; per game: presses per play, the
    action bar's length at each play, duplicate entries seen, hands replayed, and the plays
    on offer at each play (``choices``)."""
    path = storage / "hands.txt"
    storage.mkdir(parents=True, exist_ok=True)
    offered: dict[str, list[int]] = {}
    with path.open("w") as f:
        for key, seeds in hands.items():
            for seed in seeds:
                f.write("#\n")
                lines = hand_lines(key, seed)
                offered.setdefault(key, []).extend(choices(lines))
                for line in lines:
                    f.write(line + "\n")
    env = dict(os.environ, MICROPYPATH=str(ROOT / "build" / "mpy-lib"))
    r = subprocess.run(
        [micropython(), "-X", "heapsize=" + heap, str(HERE / "mpy_press_paths.py"), str(path),
         str(storage / "flash")],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=3600,
    )  # fmt: skip
    for line in reversed(r.stdout.splitlines()):
        if line.startswith("{"):
            games = json.loads(line)["games"]
            for key, counts in offered.items():
                games[key]["choices"] = counts
            return games
    raise AssertionError("mpy_press_paths.py failed:\n" + r.stdout[-3000:] + r.stderr[-3000:])


def summary(presses: list[int]) -> tuple[float, int, int]:
    """Median, 95th percentile (nearest rank) and maximum."""
    xs = sorted(presses)
    p95 = xs[max(0, -(-95 * len(xs) // 100) - 1)]
    return statistics.median(xs), p95, xs[-1]
