"""Fair comparisons and bounded memory of `dominoboard simulate` (docs/simulation.md quotes
them from here). Results: bench/results/sim-fair.txt.

1. Heavy against random, both orders of `-s`, with the seats as named (`--fixed-seats`), rotated
   (the default) and with duplicate deals (`--duplicate`): Draw, where seat 0 leads every hand,
   and Block, where the lead is free. Each run is the CLI's own, seed 1.
2. The joint seat test against seat-by-seat intervals: how often each raises an alarm over four
   seats that are fair by construction (a seeded multinomial, no game).
3. Peak resident memory of one `simulate` process (`ru_maxrss`) as the hands grow, and the CPU
   time of the runs.

    python -m bench.sim_fair_bench
"""

import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from dominoboard.cli import main as cli
from dominoboard.sim.stats import equal_shares, format_p, wilson

ROOT = Path(__file__).resolve().parent.parent
MATCHES = 4000
RUN = "import sys; from dominoboard.cli import main; sys.exit(main(sys.argv[1:]))"


def simulate(out: Path, *argv: str) -> dict:
    code = cli(["simulate", *argv, "-o", str(out), "--no-plots", "--progress", "off"])
    assert code == 0
    return json.loads((out / "summary.json").read_text())


def percent(x: float) -> str:
    return f"{100 * x:.1f}%"


def orders(tmp: Path, game: str, mode: tuple[str, ...]) -> list[str]:
    lines = []
    for order in (("heavy", "random"), ("random", "heavy")):
        started = time.process_time()
        s = simulate(tmp / f"{game}{len(lines)}{mode}", game, "--matches", str(MATCHES), "-s",
                     order[0], "-s", order[1], "--seed", "1", *mode)
        cpu = time.process_time() - started
        heavy = next(x["wins"] for x in s["sides"] if x["label"] == "heavy")
        lo, hi = heavy["ci95"]
        eq = s["seat_equality"]
        lines.append(f"    -s {order[0]} -s {order[1]}: heavy wins {percent(heavy['rate'])} "
                     f"[{percent(lo)}, {percent(hi)}] of {s['units']:,} matches; seat 0 wins "
                     f"{percent(s['seats'][0]['wins']['rate'])} (seats alike? "
                     f"{format_p(eq['p'])}); {cpu:.1f} s CPU")
    return lines


def alarms(runs: int = 4000, games: int = 400, seats: int = 4) -> str:
    rng = random.Random(1)
    joint = alone = 0
    for _ in range(runs):
        wins = [0] * seats
        for _ in range(games):
            wins[rng.randrange(seats)] += 1
        joint += equal_shares(wins)["p"] < 0.05
        alone += any(not lo <= 1 / seats <= hi for lo, hi in (wilson(w, games) for w in wins))
    return (f"  {seats} fair seats, {games} games a run, {runs:,} runs (seeded): one chi-square "
            f"over the seats alarms (p < 0.05) in {percent(joint / runs)} of runs; a 95% "
            f"interval per seat missing 1/{seats} in {percent(alone / runs)}")


def peak(tmp: Path, hands: int, *extra: str) -> tuple[int, float]:
    """Peak RSS (KB) and CPU seconds (process and children) of one simulate run."""
    proc = subprocess.Popen(
        [sys.executable, "-c", RUN, "simulate", "block", "--hands", str(hands), "--no-plots",
         "--progress", "off", "-o", str(tmp / "rss"), *extra], stdout=subprocess.DEVNULL)
    _, status, usage = os.wait4(proc.pid, 0)
    assert os.waitstatus_to_exitcode(status) == 0
    return usage.ru_maxrss, usage.ru_utime + usage.ru_stime


def header(title: str) -> list[str]:
    """A results file's first lines: what it measures, the interpreter, the load now."""
    load = os.getloadavg()
    return [title, f"CPython {sys.version.split()[0]}, {os.cpu_count()} CPUs; load average "
            f"{load[0]:.1f} / {load[1]:.1f} / {load[2]:.1f} at start (CPU times move with it)",
            ""]


def main() -> None:
    lines = header("Fair comparisons and memory of `simulate` (bench/sim_fair_bench.py)") + [
        f"heavy against random, 2 players, {MATCHES:,} matches each, seed 1, fast engine; "
        "95% Wilson intervals",
    ]
    with tempfile.TemporaryDirectory() as name:
        tmp = Path(name)
        for game, what in (("draw", "Draw (seat 0 leads every hand)"),
                           ("block", "Block (the highest double leads)")):
            lines.append(f"  {what}")
            for mode, label in (((("--fixed-seats",)), "seats as named (--fixed-seats)"),
                                ((), "rotated (default)"),
                                (("--duplicate",), "duplicate deals (--duplicate)")):
                lines.append(f"   {label}")
                lines.extend(orders(tmp, game, mode))
        lines += ["", "joint seat test against seat-by-seat intervals", alarms(), ""]
        lines.append("peak resident memory of one simulate run (ru_maxrss: the largest of "
                     "the process and its workers), block, 2 players; CPU of them all")
        for bots, label in ((("-s", "random"), "random bots (one seating)"),
                            (("-s", "heavy", "-s", "random"), "heavy vs random (rotated)")):
            for hands in (10**4, 10**5, 10**6):
                kb, cpu = peak(tmp, hands, *bots, "--workers", "2")
                lines.append(f"  {label}, {hands:>9,} hands, 2 workers: {kb / 1024:.1f} MB, "
                             f"{cpu:.1f} s CPU")
    finish("sim-fair.txt", lines)


def finish(name: str, lines: list[str]) -> None:
    """The load average at the end, then ``lines`` to bench/results/``name`` (or
    $BENCH_RESULTS) and stdout."""
    load = os.getloadavg()
    lines.append(f"load average at the end {load[0]:.1f} / {load[1]:.1f} / {load[2]:.1f}")
    results = Path(os.environ.get("BENCH_RESULTS", ROOT / "bench" / "results"))
    results.mkdir(parents=True, exist_ok=True)
    (results / name).write_text("\n".join(lines) + "\n")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
