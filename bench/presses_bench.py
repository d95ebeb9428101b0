"""Presses per play on the device's real screens, for every game played tile by tile.

Hands: the host's simulated table (dominoboard.sim.table) with every seat laying a uniformly
random legal tile, not the device's own ranking (harness/press_hands.py). Each hand is
replayed on the MicroPython unix port through the real App, and each play is entered by the
fewest presses the screens it shows allow (the table's action bar, an end's tile list or its
groups, the lead's high half), computed over the screens' real lists and then pressed
(harness/mpy_press_paths.py); OK counts as a press. Goals: median <= 2,
p95 <= 6, max <= 10 per game. Writes bench/results/presses.txt.
"""

import os
import statistics
import tempfile
import time
from pathlib import Path

from harness import press_hands

ROOT = Path(__file__).resolve().parent.parent

SEEDS = list(range(1, 21))  # hands per game
GOALS = (2, 6, 10)


def share(presses: list[int], most: int) -> float:
    return sum(1 for x in presses if x <= most) / len(presses)


def main() -> None:
    games = press_hands.tile_games()
    start = time.time()
    with tempfile.TemporaryDirectory() as tmp:
        got = press_hands.measure({g: SEEDS for g in games}, Path(tmp))
    lines = [
        "Presses per play on the device's screens (OK included), whole hands of every tile",
        f"game, {len(SEEDS)} hands each, every seat laying a uniformly random legal tile.",
        "Shortest paths over the real screens' lists on the MicroPython unix port, then pressed",
        f"(bench/presses_bench.py). Goals: median <= {GOALS[0]}, p95 <= {GOALS[1]}, "
        f"max <= {GOALS[2]}.",
        "",
        f"{'game':20s} {'seats':>5s} {'plays':>6s} {'median':>6s} {'p95':>4s} {'max':>4s} "
        f"{'mean':>5s} {'bar':>4s} {'dups':>4s} {'us':>5s} {'offer':>5s} {'<=2':>4s} "
        f"{'list':>4s} {'any':>4s}  goals",
    ]
    everything = []
    for key in games:
        st = got[key]
        xs = st["presses"]
        everything += xs
        med, p95, top = press_hands.summary(xs)
        met = [med <= GOALS[0], p95 <= GOALS[1], top <= GOALS[2]]
        lines.append(
            f"{key:20s} {press_hands.seats(key):5d} {len(xs):6d} {med:6g} {p95:4d} {top:4d} "
            f"{statistics.mean(xs):5.2f} {statistics.median(st['lists']):4g} {st['dups']:4d} "
            f"{st['refresh_us'] // max(1, len(st['lists'])):5d} "
            f"{statistics.median(st['choices']):5g} {share(xs, 2):4.0%} "
            f"{press_hands.best_share(st['choices'], 2, 2):4.0%} "
            f"{press_hands.best_share(st['choices'], 4, 2):4.0%}  "
            + " ".join("ok" if m else "--" for m in met)
            + (f"  missing={len(st['missing'])}" if st["missing"] else "")
        )
    med, p95, top = press_hands.summary(everything)
    lines += [
        "",
        f"all games: {len(everything)} plays, median {med:g}, p95 {p95}, max {top}, mean "
        f"{statistics.mean(everything):.2f}",
        "bar: median length of the table's action bar at a play. us: mean Table.refresh before",
        "a play, microseconds on the unix port (a proxy, not the Pico). goals: median, p95, max.",
        "offer: median number of plays the device could be told at a play (Match.legal_plays,",
        "no hands known). <=2: share of plays entered in at most 2 presses. The most any",
        "interface could enter in 2 presses were the plays on offer equally likely (the device",
        "sees no hands): list, with UP and DOWN before the OK (3 plays); any, with all four other",
        "keys as choices (5 plays). A median <= 2 needs 50%: out of reach where 'any' is below.",
        f"({time.time() - start:.0f} s)",
    ]
    text = "\n".join(lines) + "\n"
    print(text, end="")
    out = Path(os.environ.get("BENCH_RESULTS", ROOT / "bench" / "results"))
    out.mkdir(parents=True, exist_ok=True)
    (out / "presses.txt").write_text(text)


if __name__ == "__main__":
    main()
