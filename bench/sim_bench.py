"""Simulation benchmark. Results: bench/results/sim.txt.

Measured in one run, each figure beside the reference it is compared with:

- the PyPI ``dominoes`` library's own game (4-player partnership, double-six, random players;
  it deals all 28 tiles, 7 each, and seat 0 leads) — hands per second, one process — against
  the core's fast engine on the same game (the core's Draw with four partners: the whole set is
  dealt, so nothing is ever drawn) and on booklet 003's Block (5 tiles each), each per hand
  (every hand its own seeded deal) and within whole matches, and the full event fold;
- full 13-round, 4-player, double-12 Mexican Train matches, random and greedy bots: games per
  second, the core's fast engine (``dominoboard.sim.engines.trains``) and the event fold;
- 1 against 2 worker processes on the same experiment, big enough that starting the workers
  is a small part of it.

Single-process rates are per CPU second of this process (``time.process_time``): other jobs on
a shared machine stretch the wall clock more than the work. Ours are measured as ``simulate``
plays, chunk by chunk (``experiment.play_chunk``: packed records, 64 games a chunk). Each
figure is the median of ``ROUNDS`` short rounds, the reference and ours measured in turn
within every round (so a busy moment hits both: the machine's speed drifts by a quarter over
seconds), and a ratio is the median of the rounds' own ratios. The workers' speed-up
is wall-clock time, as a user sees it, with the CPU time of all processes and the machine's
load average beside it. ``dominoes`` is the ``bench`` extra (``.venv/bin/pip install
dominoes``).
"""

import os
import platform
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "firmware"), str(ROOT / "host")]

from dominoboard.sim import experiment  # noqa: E402
from dominoboard.sim.records import Records  # noqa: E402
from dominoboard.sim.table import Setup  # noqa: E402

OUT = Path(os.environ.get("BENCH_RESULTS", ROOT / "bench" / "results"))
ROUNDS = 20
SECONDS = 0.25  # CPU seconds per figure and round
CHUNK = 64  # games per chunk in the single-process figures
REPEATS = 9  # pairs of runs, 1 and 2 workers, in alternating order

TEAMS = [[0, 2], [1, 3]]
RANDOM4 = ["random"] * 4
# The reference's game: 4 partners, 7 tiles each, the whole set dealt, seat 0 leads. The core's
# Draw with four players is exactly that (28 tiles dealt, none left to draw, fixed leader 0).
SAME_HANDS = Setup("draw", RANDOM4, teams=TEAMS, hands=True, engine="fast")
SAME_MATCHES = Setup("draw", RANDOM4, teams=TEAMS, engine="fast")
# Booklet 003's Block for four: 5 tiles each, 8 left face down, the highest double leads.
BLOCK_HANDS = Setup("block", RANDOM4, teams=TEAMS, hands=True, engine="fast")
BLOCK_MATCHES = Setup("block", RANDOM4, teams=TEAMS, engine="fast")
BLOCK_FOLD = Setup("block", RANDOM4, teams=TEAMS, hands=True)
MEXICAN = Setup("mexican", RANDOM4, engine="fast")
# About 2 s with one worker: long next to starting two (a few ms), short next to the drifts of
# a shared machine's speed, so that many pairs fit in a run.
WORK = (("Block matches to 100 (fast engine)", BLOCK_MATCHES, 12000),
        ("13-round Mexican Train games (fast engine)", MEXICAN, 1500))


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
    """One hand of the ``dominoes`` library's own game, or None if it is not installed."""
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


def hands_of(setup):
    """A step playing chunk ``i`` of ``setup`` as ``simulate`` does; counts its hands."""

    def step(i):
        return hands_in(experiment.play_chunk(setup, 1, i * CHUNK, (i + 1) * CHUNK))

    return step


def hands_in(chunk):
    """How many hands the games of a packed chunk hold (``records``' layout)."""
    at = hands = 0
    while at < len(chunk):
        sides, n, _, winners = chunk[at:at + 4]
        hands += n
        at += 4 + winners + sides + n * (6 + sides)
    return hands


def mexican(strategy, engine):
    setup = Setup("mexican", [strategy] * 4, engine=engine)

    def game(i):
        records = Records()
        records.add(1, experiment.play_chunk(setup, 1, i, i + 1))
        assert len(records[0]["hands"]) == 13
        return 1

    return game


def rounds(steps, n=ROUNDS, seconds=SECONDS):
    """Each step's rate in every round, the steps taken in turn within a round."""
    rates = {name: [] for name in steps}
    for _ in range(n):
        for name, step in steps.items():
            rates[name].append(cpu_rate(step, seconds))
    return rates


def median(xs):
    return statistics.median(xs)


def spread(xs):
    return f"[{min(xs):,.0f}-{max(xs):,.0f}]"


def ratio(ours, ref):
    """Median of the rounds' own ratios (a round's figures were taken side by side)."""
    return median([a / b for a, b in zip(ours, ref, strict=True)])


def load():
    one, five, fifteen = os.getloadavg()
    return f"{one:.1f} / {five:.1f} / {fifteen:.1f}"


def block_section(lines):
    ref = reference_hand()
    steps = {}
    if ref:
        steps["ref"] = ref
    steps.update({"same_hands": hands_of(SAME_HANDS), "same_matches": hands_of(SAME_MATCHES),
                  "block_hands": hands_of(BLOCK_HANDS),
                  "block_matches": hands_of(BLOCK_MATCHES), "fold": hands_of(BLOCK_FOLD)})
    rates = rounds(steps)
    lines.append("")
    lines.append("4 players in partnership, double-six, random players (hands per CPU second)")
    if not ref:
        lines.append("  reference not measured: the `dominoes` library is not installed "
                     "(.venv/bin/pip install dominoes)")
        for name in steps:
            lines.append(f"  {name}: {median(rates[name]):,.0f} hands/s")
        return
    import dominoes  # pyright: ignore[reportMissingImports]

    version = getattr(dominoes, "__version__", "") or _dist_version("dominoes")
    r = rates["ref"]
    lines.append(f"  reference: PyPI dominoes {version}, Game.new() played by players.random: "
                 f"{median(r):,.0f} hands/s {spread(r)}")

    def row(label, name):
        x = rates[name]
        lines.append(f"    {label}: {median(x):,.0f} hands/s {spread(x)} = "
                     f"{ratio(x, r):.1f}x the reference")
        return ratio(x, r)

    lines.append("  the same game as the reference: 7 tiles each, the whole set dealt, seat 0 "
                 "leads (the core's Draw with four partners: nothing is left to draw)")
    same_h = row("core fast engine, each hand its own seeded deal", "same_hands")
    same_m = row("core fast engine, within whole matches to 100", "same_matches")
    lines.append("  booklet 003's Block: 5 tiles each, 8 stay face down, the highest double "
                 "leads (shorter hands than the reference's)")
    block_h = row("core fast engine, each hand its own seeded deal", "block_hands")
    block_m = row("core fast engine, within whole matches to 100", "block_matches")
    row("event fold (Match.apply, every move an event), each hand its own deal", "fold")
    figures = (("same game per hand", same_h), ("same game in matches", same_m),
               ("Block per hand", block_h), ("Block in matches", block_m))
    met = [label for label, x in figures if x >= 8]
    lines.append("  goal >= 8x in one process: " + ", ".join(
        f"{label} {x:.1f}x" for label, x in figures) + ": "
        + ("met for " + ", ".join(met) if met else "NOT met")
        + ("" if len(met) == len(figures) else "; not met for the others"))


def _dist_version(name):
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version(name)
    except PackageNotFoundError:
        return "?"


def mexican_section(lines):
    lines.append("")
    lines.append("Mexican Train, 13 rounds, 4 players, double-12 (games per CPU second, one "
                 "process)")
    fast = rounds({s: mexican(s, "fast") for s in ("random", "greedy")})
    fold = rounds({s: mexican(s, "fold") for s in ("random", "greedy")}, n=1, seconds=2.0)
    for s in ("random", "greedy"):
        rate = median(fast[s])
        verdict = "met" if rate >= 500 else "NOT met"
        lines.append(f"  {s}: core fast engine {rate:,.0f} games/s {spread(fast[s])} (event "
                     f"fold {median(fold[s]):,.1f}); goal >= 500: {verdict}")


def machine_busy():
    """CPU seconds every process on the machine has used so far (/proc/stat: all but idle and
    I/O wait), or None where there is no /proc/stat."""
    try:
        with open("/proc/stat") as f:
            ticks = [int(x) for x in f.readline().split()[1:9]]
    except OSError:
        return None
    return (sum(ticks) - ticks[3] - ticks[4]) / os.sysconf("SC_CLK_TCK")


def measured(work):
    """Run ``work()``; its wall time, the CPU time of this process and its finished children,
    and the CPU time other processes on the machine used meanwhile (None if unknown)."""
    before, busy = os.times(), machine_busy()
    t = time.perf_counter()
    work()
    wall = time.perf_counter() - t
    after, busy_after = os.times(), machine_busy()
    own = sum(getattr(after, k) - getattr(before, k)
              for k in ("user", "system", "children_user", "children_system"))
    others = None if busy is None or busy_after is None else max(0.0, busy_after - busy - own)
    return wall, own, others


def _play_only(args):
    """Worker task of the machine check: play games, send back only how many."""
    setup, start, stop = args
    experiment.play_chunk(setup, 9, start, stop)
    return stop - start


def machine_check(setup, units):
    """What the machine gives two processes now: the same games in one process, then split
    over two (a pool of 2, results not sent back); wall-clock ratio, median of 3 pairs."""
    import multiprocessing

    half = units // 2
    ratios = []
    with multiprocessing.get_context().Pool(2) as pool:
        pool.map(_play_only, [(setup, 0, 1), (setup, 1, 2)])  # both workers started and set up
        for _ in range(3):
            one = measured(lambda: _play_only((setup, 0, 2 * half)))
            two = measured(lambda: pool.map(_play_only, [(setup, 0, half),
                                                         (setup, half, 2 * half)]))
            ratios.append(one[0] / two[0])
    return median(ratios)


def fixed_cost(setup, units):
    """What running 2 workers costs us whatever the experiment's size: the wall time of 2
    workers on one chunk each (the chunk size of an experiment of ``units`` games) beyond half
    of what 1 worker takes on both (median of 3). Pool start, setup, sending a chunk back."""
    size = experiment.chunks(units, 2)[0][1]
    extra = []
    for _ in range(3):
        one = measured(lambda: experiment.run(setup, 2 * size, 7, workers=1, chunk=size))[0]
        two = measured(lambda: experiment.run(setup, 2 * size, 7, workers=2, chunk=size))[0]
        extra.append(two - one / 2)
    return median(extra)


def workers_section(lines):
    cpus = len(os.sched_getaffinity(0))
    lines.append("")
    lines.append("workers: one experiment on 1 and on 2 local worker processes (wall clock; "
                 f"{REPEATS} pairs of runs, 1 then 2 and 2 then 1 in turn; medians, the "
                 "speed-up the median of the pairs' own)")
    for label, setup, units in WORK:
        runs = {1: [], 2: []}
        loads = [os.getloadavg()[0]]
        for k in range(REPEATS):
            for w in ((1, 2) if k % 2 == 0 else (2, 1)):
                runs[w].append(measured(lambda s=setup, u=units, w=w:
                                        experiment.run(s, u, 5, workers=w)))
                loads.append(os.getloadavg()[0])
        wall = {w: median([r[0] for r in runs[w]]) for w in runs}
        cpu = {w: median([r[1] for r in runs[w]]) for w in runs}
        speed = median([a[0] / b[0] for a, b in zip(runs[1], runs[2], strict=True)])
        verdict = "met" if speed >= 1.8 else "NOT met"
        lines.append(f"  {units:,} {label}: 1 worker {wall[1]:.2f} s, 2 workers "
                     f"{wall[2]:.2f} s: {speed:.2f}x; goal >= 1.8x: {verdict}")
        lines.append(f"    CPU time of all our processes: {cpu[1]:.2f} s with 1 worker, "
                     f"{cpu[2]:.2f} s with 2 (they kept {cpu[2] / wall[2]:.2f} of {cpus} CPUs "
                     f"busy; two CPUs of their own would give about {2 * cpu[1] / cpu[2]:.2f}x)")
        others = [r[2] / r[0] for r in runs[2] if r[2] is not None]
        if others:
            lines.append(f"    other processes on the machine used {median(others):.2f} CPUs "
                         f"meanwhile (/proc/stat); 1-minute load average {min(loads):.1f} to "
                         f"{max(loads):.1f}")
        else:
            lines.append(f"    1-minute load average {min(loads):.1f} to {max(loads):.1f}")
        check = machine_check(setup, units // 2)
        lines.append(f"    the machine's own ceiling just after: the same games split over two "
                     f"processes, nothing sent back (median of 3): {check:.2f}x")
        fixed = fixed_cost(setup, units)
        lines.append(f"    our fixed cost of 2 workers (pool start, setup, a chunk sent back; "
                     f"one chunk each): {1000 * fixed:.0f} ms = {100 * fixed / wall[2]:.1f}% of "
                     f"the 2-worker time above")


def main():
    lines = ["simulation benchmark",
             f"{platform.python_implementation()} {platform.python_version()}, "
             f"{os.cpu_count()} CPUs ({len(os.sched_getaffinity(0))} usable); load average "
             f"{load()} (1, 5, 15 min) at start",
             f"single-process figures: CPU-time rates, median of {ROUNDS} rounds [lowest-"
             "highest], ours and the reference taken in turn; ratios: median of the rounds' "
             "ratios"]
    block_section(lines)
    mexican_section(lines)
    workers_section(lines)
    lines.append("")
    lines.append(f"load average at the end {load()} (other jobs share the CPUs)")
    text = "\n".join(lines) + "\n"
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "sim.txt").write_text(text)
    print(text, end="")


if __name__ == "__main__":
    main()
