"""Simulation benchmark (issue 6). Results: bench/results/sim.txt.

Measured in one run, each figure against the reference measured beside it:

- the PyPI ``dominoes`` library's own game (4-player partnership Block, double-six, random
  players) — hands per second, one process — against the core's fast engine (each hand its
  own seeded deal, and whole matches), and against the full event fold (Match.apply);
- full 13-round, 4-player, double-12 Mexican Train matches, random and greedy bots: games per
  second, the core's fast engine (``domino.fasttrains``) and the event fold;
- 2 worker processes against 1 on the same experiment.

Rates use CPU time for single-process figures (other jobs on the machine slow the wall clock,
not the work); the workers' speed-up uses wall time, as a user sees it. Each figure is the best
of three rounds, reference and ours alternating. ``dominoes`` is the ``bench`` extra: install it
with ``.venv/bin/pip install dominoes``.
"""

import os
import platform
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "firmware"), str(ROOT / "host")]

from dominoboard.sim import experiment  # noqa: E402
from dominoboard.sim.fast import play_fast_unit  # noqa: E402
from dominoboard.sim.table import Setup, play_unit  # noqa: E402

OUT = Path(os.environ.get("BENCH_RESULTS", ROOT / "bench" / "results"))
ROUNDS = 3
SECONDS = 2.0

BLOCK_TEAMS = [[0, 2], [1, 3]]
HANDS = Setup("block", ["random"] * 4, teams=BLOCK_TEAMS, hands=True, engine="fast")
MATCHES = Setup("block", ["random"] * 4, teams=BLOCK_TEAMS, engine="fast")
FOLD = Setup("block", ["random"] * 4, teams=BLOCK_TEAMS, hands=True)
MEXICAN = Setup("mexican", ["random"] * 4, engine="fast")


def cpu_rate(step, seconds=SECONDS):
    """Work units per CPU second: ``step(i)`` returns how many units it did."""
    done = 0
    i = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        done += step(i)
        i += 1
    return done / (time.process_time() - start)


def reference_hand():
    try:
        import dominoes  # pyright: ignore[reportMissingImports]
        from dominoes import players  # pyright: ignore[reportMissingImports]
    except ImportError:
        return None

    def hand(_):
        g: Any = dominoes.Game.new()
        while g.result is None:
            players.random(g)
            g.make_move(*g.valid_moves[0])
        return 1

    return hand


def fast_hand(i):
    play_fast_unit(HANDS, 1, i)
    return 1


def fast_match(i):
    return len(play_fast_unit(MATCHES, 1, i)["hands"])


def fold_hand(i):
    play_unit(FOLD, 1, i)
    return 1


def mexican(strategy, engine):
    setup = Setup("mexican", [strategy] * 4, engine=engine)

    def game(i):
        rec = experiment.play_chunk(setup, 1, i, i + 1)[0]
        assert len(rec["hands"]) == 13
        return 1

    return game


def best(step, rounds=ROUNDS, seconds=SECONDS):
    return max(cpu_rate(step, seconds) for _ in range(rounds))


def workers_speedup(setup, units):
    """Wall time of one experiment on 1 and on 2 worker processes (best of three each), and
    the CPU time all processes spent (what parallel work costs beyond the games)."""
    times = {}
    cpu = {}
    for w in (1, 2):
        runs = []
        for _ in range(ROUNDS):
            before = os.times()
            t = time.perf_counter()
            experiment.run(setup, units, 5, workers=w)
            runs.append(time.perf_counter() - t)
            after = os.times()
            used = sum(getattr(after, k) - getattr(before, k)
                       for k in ("user", "system", "children_user", "children_system"))
            cpu[w] = min(cpu.get(w, used), used)
        times[w] = min(runs)
    return times, cpu


def main():
    lines = ["simulation benchmark (issue 6)",
             f"{platform.python_implementation()} {platform.python_version()}, "
             f"{os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.1f} at start"]
    ref = reference_hand()
    ref_rates, fast_rates, match_rates, fold_rates = [], [], [], []
    for _ in range(ROUNDS):  # alternate, so a busy moment hits both sides
        if ref:
            ref_rates.append(cpu_rate(ref))
        fast_rates.append(cpu_rate(fast_hand))
        match_rates.append(cpu_rate(fast_match))
        fold_rates.append(cpu_rate(fold_hand))
    fast, matches, fold = max(fast_rates), max(match_rates), max(fold_rates)
    lines.append("")
    lines.append("4-player partnership Block, double-six, random players (hands per CPU second)")
    if ref_rates:
        r = max(ref_rates)
        lines.append(f"  reference: PyPI dominoes library's Game: {r:,.0f} hands/s "
                     "(7 tiles each)")
        for label, x in (("core fast engine, each hand its own seeded deal", fast),
                         ("core fast engine, whole matches to 100", matches),
                         ("event fold (Match.apply), each hand its own deal", fold)):
            lines.append(f"  {label}: {x:,.0f} hands/s = {x / r:.1f}x the reference")
        verdict = "met" if fast / r >= 8 else "NOT met"
        lines.append(f"  goal >= 8x in one process: {verdict} ({fast / r:.1f}x; whole matches "
                     f"{matches / r:.1f}x)")
    else:
        lines.append("  reference not measured: the `dominoes` library is not installed "
                     "(.venv/bin/pip install dominoes)")
        lines.append(f"  core fast engine: {fast:,.0f} hands/s; whole matches {matches:,.0f}; "
                     f"event fold {fold:,.0f}")
    lines.append("  (Block here deals 5 tiles each to 4 players, as booklet 003 says; the "
                 "reference deals all 28)")
    lines.append("")
    lines.append("Mexican Train, 13 rounds, 4 players, double-12 (games per CPU second, one "
                 "process)")
    for s in ("random", "greedy"):
        rate = best(mexican(s, "fast"), seconds=3.0)
        fold = best(mexican(s, "fold"), rounds=1, seconds=3.0)
        verdict = "met" if rate >= 500 else "NOT met"
        lines.append(f"  {s}: core fast engine {rate:,.0f} games/s (event fold {fold:,.1f}); "
                     f"goal >= 500: {verdict}")
    lines.append("")
    lines.append("workers: one experiment on 1 and on 2 local worker processes, wall time")
    for label, setup, units in (("3,000 Block matches (fast engine)", MATCHES, 3000),
                                ("600 Mexican Train games (fast engine)", MEXICAN, 600)):
        times, cpu = workers_speedup(setup, units)
        speed = times[1] / times[2]
        lines.append(f"  {label}: 1 worker {times[1]:.2f} s, 2 workers {times[2]:.2f} s: "
                     f"{speed:.2f}x; goal >= 1.8x: {'met' if speed >= 1.8 else 'NOT met'}")
        lines.append(f"    CPU time, all processes: {cpu[1]:.2f} s with 1 worker, "
                     f"{cpu[2]:.2f} s with 2 (the speed-up two idle CPUs would give: "
                     f"{2 * cpu[1] / cpu[2]:.2f}x)")
    lines.append(f"  load average at the end {os.getloadavg()[0]:.1f} (other jobs share the "
                 "CPUs)")
    text = "\n".join(lines) + "\n"
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "sim.txt").write_text(text)
    print(text, end="")


if __name__ == "__main__":
    main()
