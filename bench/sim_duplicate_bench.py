"""Duplicate deals, read by the deal (docs/simulation.md quotes this). Results:
bench/results/sim-duplicate.txt.

1. Are the printed intervals right? 200 independent runs (seeds 1..200) of each setup, under
   --duplicate and rotated: the spread of a win rate over the runs (1.96 standard deviations)
   against the mean printed half-width; they should agree within 10%.
2. Does the seat test keep its 5%? 2,000 runs of a game whose seats are alike (the highest
   double leads), in blocks of 400: how often p < 0.05, by the deal and as if the games were
   independent, and the spread of the test statistic (1.0 when its paired variance is right).
3. `--ci 1%`: the games each needs, duplicate against rotated, over 10 seeds.

    python -m bench.sim_duplicate_bench
"""

import json
import os
import sys
import tempfile
import time
from math import copysign, sqrt
from pathlib import Path
from statistics import fmean, pstdev

from bench.sim_fair_bench import finish, header
from dominoboard.cli import main as cli
from dominoboard.sim import experiment
from dominoboard.sim.seating import Seating
from dominoboard.sim.stats import equal_shares, summarize_tally, wilson
from dominoboard.sim.table import Setup

RUNS = 200
ALARM_RUNS = 2000  # seat-test runs, in blocks of BLOCK
BLOCK = 400


def tally(setup: Setup, duplicate: bool, units: int, seed: int):
    seating = Seating(setup, duplicate=duplicate)
    with experiment.Runner(experiment.Plan([seating], seed)) as runner:
        t = runner.tally(0, seating.units(units)).tallies[0]
    return seating, t


def spread(setup: Setup, units: int, duplicate: bool) -> str:
    rates = []
    halves = []
    games = []  # Wilson's half-width, as if the games were independent
    started = time.process_time()
    for seed in range(1, RUNS + 1):
        seating, t = tally(setup, duplicate, units, seed)
        wins = summarize_tally(setup, seating, t)["sides"][0]["wins"]
        rates.append(wins["rate"])
        halves.append((wins["ci95"][1] - wins["ci95"][0]) / 2)
        lo, hi = wilson(wins["k"], wins["n"])
        games.append((hi - lo) / 2)
    measured = 1.96 * pstdev(rates)
    printed = fmean(halves)
    cpu = time.process_time() - started
    how = "duplicate" if duplicate else "rotated  "
    alone = f"; as independent games ±{100 * fmean(games):.2f}% " \
        f"({fmean(games) / measured:.3f})" if duplicate else ""
    return (f"    {how}: printed ±{100 * printed:.2f}%, measured ±{100 * measured:.2f}% "
            f"(printed/measured {printed / measured:.3f}){alone}; {cpu:.0f} s CPU")


def alarms(setup: Setup, units: int) -> list[str]:
    """The seat test's false alarms where the seats are alike: ``ALARM_RUNS`` runs in blocks of
    ``BLOCK``, each block's rate (a block's own binomial noise is ±1.1% at 5%: 1.96 of them is
    ±2.1%), all runs together with their Wilson interval, and the spread of the signed test
    statistic (z, the paired difference of the two seats over its paired standard error: 1.0
    when the variance is right)."""
    paired = []
    naive = []
    zs = []
    for seed in range(1, ALARM_RUNS + 1):
        seating, t = tally(setup, True, units, seed)
        test = summarize_tally(setup, seating, t)["seat_equality"]
        paired.append(test["p"] < 0.05)
        naive.append(equal_shares(t.seat_wins)["p"] < 0.05)
        e = len(seating.labels)  # two seats: chi2 is z squared; z's sign, the seats' order
        zs.append(copysign(sqrt(test["chi2"]), t.deal_sums[e] - t.deal_sums[e + 1]))
    name = f"{setup.game} {' vs '.join(setup.strategies)}, {units:,} hands a run, --duplicate"
    blocks = ", ".join(f"{100 * fmean(paired[b:b + BLOCK]):.1f}%"
                       for b in range(0, ALARM_RUNS, BLOCK))
    lo, hi = wilson(sum(paired), ALARM_RUNS)
    return [f"  {name}: the seat test alarms (p < 0.05), by the deal, in runs 1-{BLOCK}, "
            f"{BLOCK + 1}-{2 * BLOCK}, ...: {blocks}",
            f"    all {ALARM_RUNS} runs: {100 * fmean(paired):.2f}% [{100 * lo:.1f}%, "
            f"{100 * hi:.1f}%]; z spread (standard deviation over the runs) {pstdev(zs):.3f}; "
            f"as independent games (the old test) {100 * fmean(naive):.1f}%"]


def ci_stops(setup: Setup) -> str:
    counts = {False: [], True: []}
    with tempfile.TemporaryDirectory() as name:
        for seed in range(1, 11):
            for duplicate in (False, True):
                argv = ["simulate", setup.game, "--hands", "1000000", "--ci", "1%", "--seed",
                        str(seed), "--no-plots", "--progress", "off", "-o", name]
                for s in setup.strategies:
                    argv += ["-s", s]
                if duplicate:
                    argv.append("--duplicate")
                with open(os.devnull, "w") as quiet:
                    out = sys.stdout
                    sys.stdout = quiet
                    try:
                        assert cli(argv) == 0
                    finally:
                        sys.stdout = out
                counts[duplicate].append(json.loads((Path(name) / "summary.json").read_text())
                                         ["units"])
    rot, dup = fmean(counts[False]), fmean(counts[True])
    return (f"  {setup.game} {' vs '.join(setup.strategies)}, --ci 1%, seeds 1-10: rotated "
            f"stops at {rot:,.0f} hands, --duplicate at {dup:,.0f} ({1 - dup / rot:.0%} "
            "fewer)")


def main() -> None:
    lines = header("Duplicate deals read by the deal (bench/sim_duplicate_bench.py)") + [
        f"the first entrant's win rate: mean printed 95% half-width against 1.96 standard "
        f"deviations of the rate over {RUNS} independent runs (seeds 1..{RUNS}), fast engine",
    ]
    for setup, units in ((Setup("block", ["heavy", "random"], hands=True), 2000),
                         (Setup("muggins", ["counter", "greedy"], hands=True), 1000),
                         (Setup("draw", ["heavy", "random"], hands=True), 2000)):
        setup.engine = "fast"
        lines.append(f"  {setup.game} {' vs '.join(setup.strategies)}, {units:,} hands a run")
        for duplicate in (True, False):
            lines.append(spread(setup, units, duplicate))
            print(lines[-1], flush=True)
    lines += ["", "the seat test where the seats are alike"]
    block = Setup("block", ["heavy", "random"], hands=True, engine="fast")
    lines.extend(alarms(block, 1000))
    lines += ["", "--ci stops"]
    lines.append(ci_stops(Setup("muggins", ["counter", "greedy"], hands=True)))
    lines.append(ci_stops(Setup("block", ["heavy", "random"], hands=True)))
    finish("sim-duplicate.txt", lines)


if __name__ == "__main__":
    main()
