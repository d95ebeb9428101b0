"""Win rates of the one-player games and the count of Domino squares (docs/simulation.md quotes
them from here).

Each solitaire and set is played DEALS times from seed 1 (deal i from its own seed, as
`dominoboard simulate SOLITAIRE --games DEALS` plays it), with its 95% Wilson interval; the
squares of booklet 003 are counted by the exhaustive search of `dominoboard simulate squares`.
Results: bench/results/solitaires.txt.

    python -m bench.solitaires_bench
"""

import os
import time
from pathlib import Path

from dominoboard.sim.solitaires import SOLITAIRES, play_many
from dominoboard.sim.squares import BOOKLET_PATTERN, count

ROOT = Path(__file__).resolve().parent.parent
DEALS = 5000
SEED = 1


def percent(x: float) -> str:
    return f"{100 * x:.2f}%"


def main() -> None:
    lines = [
        f"Solitaires (bench/solitaires_bench.py): {DEALS:,} deals each, seed {SEED}; "
        "won, 95% Wilson interval, CPU ms per deal"
    ]
    for name, solitaire in SOLITAIRES.items():
        variants = [{}] + [{key: v} for key, values in solitaire.extra for v in values[1:]]
        for top in solitaire.tops:
            for extra in variants:
                started = time.process_time()
                result = play_many(solitaire.configure({"top": top, **extra}), DEALS, SEED)
                ms = 1000 * (time.process_time() - started) / DEALS
                won = result["wins"]
                lo, hi = won["ci95"]
                label = f"{name} double-{top}" + "".join(f" {k}={v}" for k, v in extra.items())
                lines.append(
                    f"  {label:28s} won {percent(won['rate']):>7s} [{percent(lo)}, {percent(hi)}]"
                    f"  {ms:.2f} ms"
                )
    started = time.process_time()
    squares = count(BOOKLET_PATTERN)
    seconds = time.process_time() - started
    lines.append(
        f"Domino squares (003, {squares['set']}, {squares['squares']} squares on "
        f"{squares['cells']} cells): {squares['solutions']:,} solutions, "
        f"{squares['up_to_renaming_numbers']} up to renaming the numbers; {seconds:.2f} s CPU"
    )
    results = Path(os.environ.get("BENCH_RESULTS", ROOT / "bench" / "results"))
    results.mkdir(parents=True, exist_ok=True)
    (results / "solitaires.txt").write_text("\n".join(lines) + "\n")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
