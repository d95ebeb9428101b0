"""The simulator against its peers, side by side in one run. Results: bench/results/sim-peers.txt.

Peers, installed from PyPI as the ``bench`` extra (never copied into this repository):

- ``dominoes`` (``Game.new()`` played by ``players.random``): 4 partners, double-six, all 28
  tiles dealt, seat 0 leads — against the core's Draw with four partners on the fast engine
  (the same game: nothing is left to draw), a hand each;
- OpenSpiel's Python games (``open_spiel``): ``python_team_dominoes`` (the same 4-partner game)
  and ``python_block_dominoes`` (2 players, 7 tiles each, 14 face down, no drawing) against the
  core's Block for two (booklet 003: the same deal, the highest double leads), a hand each,
  every chance and player node played by a uniform random choice;
- mexican-train-simulator (github.com/cudabu/mexican-train-simulator) has no licence and is not
  on PyPI, so it is never copied here: with ``MTS_DIR`` naming a checkout of it, its own game
  (4 random players, double-12, 13 rounds, 12 tiles each) is run beside ours, each in its turn
  within a run like every other figure; without it, only the issue's figure (90 games/s) is
  named in words.

And our own engines against each other: Muggins and All Fives on the fast engine
(``engines.fives``) against the event fold (``table``, every move through ``Match.apply``), per bot;
full 13-round Mexican Train games per CPU second.

How: ``RUNS`` runs; in each, every figure is taken for ``SECONDS`` CPU seconds
(``time.process_time``), one after the other, so a ratio is of figures taken side by side in
one run; the file gives each ratio's median over the runs and its lowest and highest. Ours are
played as ``simulate`` plays them (``experiment.play_chunk``, 64 games a chunk). On a shared
machine rates move with the load; ratios of figures taken together move less; instruction
counts (valgrind's cachegrind, when valgrind is installed; ``SIM_PEERS_VALGRIND=0`` skips them)
do not move with the load at all: each figure's instructions per unit is the difference of two
runs of the same figure (``2 * k`` and ``k`` steps), so interpreter start and imports cancel.
"""

import os
import platform
import random
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "firmware"), str(ROOT / "host"), str(ROOT)]

from dominoboard.sim import experiment  # noqa: E402
from dominoboard.sim.records import Records  # noqa: E402
from dominoboard.sim.table import Setup  # noqa: E402

OUT = Path(os.environ.get("BENCH_RESULTS", ROOT / "bench" / "results"))
RUNS = int(os.environ.get("SIM_PEERS_RUNS", "7"))
SECONDS = 0.4  # CPU seconds per figure and run
CHUNK = 64  # games per chunk, as ``simulate`` plays them

TEAMS = [[0, 2], [1, 3]]
SAME4 = Setup("draw", ["random"] * 4, teams=TEAMS, hands=True, engine="fast")
BLOCK2 = Setup("block", ["random"] * 2, hands=True, engine="fast")
MEXICAN = Setup("mexican", ["random"] * 4, engine="fast")
COUNTING = [(game, bot) for game in ("muggins", "allfives") for bot in ("random", "greedy",
                                                                        "counter")]
GOALS = {"dominoes": 8.0, "block": 30.0, "mexican": 450.0, "muggins": 10.0, "mts": 5.0}
MTS = 90  # mexican-train-simulator's games/s, as the issue measured it (without MTS_DIR)
MTS_DIR = os.environ.get("MTS_DIR")  # a checkout of cudabu/mexican-train-simulator


def counting(game, bot, engine):
    return Setup(game, [bot] * 2, hands=True, engine=engine)


def chunks(setup):
    """A step playing chunk ``i`` of ``setup`` as ``simulate`` does; how many hands."""

    def step(i):
        chunk = experiment.play_chunk(setup, 1, i * CHUNK, (i + 1) * CHUNK)
        at = hands = 0
        while at < len(chunk):  # the packed records' layout (``records``)
            sides, n, _, winners = chunk[at:at + 4]
            hands += n
            at += 4 + winners + sides + n * (6 + sides)
        return hands

    return step


def mexican_games(i):
    records = Records()
    records.add(1, experiment.play_chunk(MEXICAN, 1, i, i + 1))
    assert len(records[0]["hands"]) == 13
    return 1


def mts_game():
    """mexican-train-simulator's own game (``MTS_DIR``), a game a step (None without it). Its
    modules are imported by their bare names, one of them ``domino`` like the core's package:
    the core's is set aside while they are imported (they keep what they imported), then put
    back."""
    if not MTS_DIR or not Path(MTS_DIR, "simulation.py").is_file():
        return None
    ours = {k: sys.modules.pop(k) for k in list(sys.modules)
            if k == "domino" or k.startswith("domino.")}
    sys.path.insert(0, MTS_DIR)
    try:
        from simulation import run_simulation  # pyright: ignore[reportMissingImports]
        from strategies import RandomStrategy  # pyright: ignore[reportMissingImports]
    finally:
        sys.path.remove(MTS_DIR)
        sys.modules.pop("domino", None)
        sys.modules.update(ours)
    players = [RandomStrategy() for _ in range(4)]

    def game(_):
        run_simulation(players, num_games=1, max_pip=12, verbose=False)
        return 1

    return game


def dominoes_hand():
    """The ``dominoes`` library's own game, a hand a step (None if it is not installed)."""
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


def openspiel_hand(name):
    """A hand of OpenSpiel's game ``name`` a step, every node a uniform random choice (None if
    OpenSpiel is not installed)."""
    try:
        import pyspiel  # pyright: ignore[reportMissingImports]
        from open_spiel.python import games  # noqa: F401  # pyright: ignore[reportMissingImports]
    except ImportError:
        return None
    game = pyspiel.load_game(name)
    rng = random.Random(1)
    choice = rng.choice

    def hand(_):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(choice(state.chance_outcomes())[0])
            else:
                state.apply_action(choice(state.legal_actions()))
        return 1

    return hand


def makers():
    """Every figure, by name: what makes its step, a function playing units and returning
    how many (or None: the peer is not installed)."""
    out = {
        "dominoes": dominoes_hand,
        "draw4 fast": lambda: chunks(SAME4),
        "openspiel team": lambda: openspiel_hand("python_team_dominoes"),
        "openspiel block": lambda: openspiel_hand("python_block_dominoes"),
        "block2 fast": lambda: chunks(BLOCK2),
        "mexican fast": lambda: mexican_games,
        "mts": mts_game,
    }
    for game, bot in COUNTING:
        for engine in ("fast", "fold"):
            out[f"{game} {bot} {engine}"] = (
                lambda g=game, b=bot, e=engine: chunks(counting(g, b, e)))
    return out


def steps():
    return {name: make() for name, make in makers().items()}


def cpu_rate(step, seconds, start_at):
    """Units per CPU second; steps ``start_at``, ``start_at + 1``, ... (fresh deals each)."""
    done = 0
    i = start_at
    start = time.process_time()
    while time.process_time() - start < seconds:
        done += step(i)
        i += 1
    return done / (time.process_time() - start), i


def measure(figures):
    """Each figure's rate in every run, the figures taken one after the other within a run."""
    rates = {name: [] for name in figures}
    at = dict.fromkeys(figures, 0)
    for _ in range(RUNS):
        for name, step in figures.items():
            rate, at[name] = cpu_rate(step, SECONDS, at[name])
            rates[name].append(rate)
    return rates


# --- instruction counts -------------------------------------------------------------------------

# Steps per valgrind run (the second run takes twice as many): about 0.1 s of work natively.
COUNT_STEPS = {"dominoes": 200, "draw4 fast": 40, "openspiel team": 20, "openspiel block": 30,
               "block2 fast": 40, "mexican fast": 40, "mts": 10}
COUNT_STEPS.update({f"{g} {b} fast": 4 for g, b in COUNTING})
COUNT_STEPS.update({f"{g} {b} fold": 1 for g, b in COUNTING})
COUNTED = ("dominoes", "draw4 fast", "openspiel team", "openspiel block", "block2 fast",
           "mexican fast", "mts", "muggins random fast", "muggins random fold",
           "muggins counter fast", "muggins counter fold")


def count_child(name, k):
    """Under valgrind: one step to warm up (imports, tables), then ``k`` steps; prints the
    units played in those ``k``."""
    step = makers()[name]()
    assert step is not None
    step(10 ** 6)
    print(sum(step(i) for i in range(k)))


def instructions(name):
    """Instructions a unit of figure ``name`` takes: two runs under cachegrind, of ``k`` and
    ``2 * k`` steps, differenced. None when valgrind cannot run."""
    k = COUNT_STEPS[name]
    got = []
    for steps_ in (k, 2 * k):
        cmd = ["valgrind", "--tool=cachegrind", "--cache-sim=no",
               "--cachegrind-out-file=/dev/null", sys.executable, __file__, "--count", name,
               str(steps_)]
        try:
            run = subprocess.run(cmd, capture_output=True, text=True, timeout=900, check=True)
        except (OSError, subprocess.SubprocessError):
            return None
        refs = re.search(r"I\s+refs:\s+([\d,]+)", run.stderr)
        if refs is None:
            return None
        got.append((int(run.stdout.split()[-1]), int(refs.group(1).replace(",", ""))))
    (u1, i1), (u2, i2) = got
    return (i2 - i1) / (u2 - u1)


# --- the report ---------------------------------------------------------------------------------


def spread_of(xs, fmt="{:,.0f}"):
    return f"{fmt.format(statistics.median(xs))} [{fmt.format(min(xs))}-{fmt.format(max(xs))}]"


def ratios(rates, ours, theirs):
    return [a / b for a, b in zip(rates[ours], rates[theirs], strict=True)]


def verdict(x, goal):
    return "met" if x >= goal else "NOT met"


def version(dist):
    from importlib.metadata import PackageNotFoundError
    from importlib.metadata import version as v

    try:
        return v(dist)
    except PackageNotFoundError:
        return None


def main():
    figures = {name: step for name, step in steps().items() if step is not None}
    one, five, fifteen = os.getloadavg()
    lines = ["simulator against its peers (bench/sim_peers.py)",
             f"CPython {platform.python_version()}, {os.cpu_count()} CPUs; load average "
             f"{one:.1f} / {five:.1f} / {fifteen:.1f} (1, 5, 15 min) at start",
             f"{RUNS} runs; in each every figure is taken for {SECONDS} CPU s, one after the "
             "other; a ratio is ours / theirs within a run: median [lowest-highest] of the runs",
             f"peers from PyPI: dominoes {version('dominoes') or 'not installed'}, open_spiel "
             f"{version('open_spiel') or 'not installed'}"]
    rates = measure(figures)

    def rate(name):
        return spread_of(rates[name])

    def ratio(ours, theirs):
        return spread_of(ratios(rates, ours, theirs), "{:.1f}x")

    def med(ours, theirs):
        return statistics.median(ratios(rates, ours, theirs))

    lines.append("")
    lines.append("Against dominoes (4 partners, double-six, all 28 dealt, seat 0 leads; random "
                 "players; hands per CPU second)")
    if "dominoes" in rates:
        lines.append(f"  dominoes Game.new() + players.random: {rate('dominoes')} hands/s")
        lines.append(f"  ours, the core's Draw with four partners, fast engine: "
                     f"{rate('draw4 fast')} hands/s = {ratio('draw4 fast', 'dominoes')} "
                     f"dominoes; goal >= {GOALS['dominoes']:.0f}x: "
                     f"{verdict(med('draw4 fast', 'dominoes'), GOALS['dominoes'])}")
    else:
        lines.append("  not measured: dominoes is not installed (the bench extra)")
    lines.append("")
    lines.append("Against OpenSpiel's Python games (every chance and player node a uniform "
                 "random choice; hands per CPU second)")
    if "openspiel block" in rates:
        lines.append(f"  python_team_dominoes (4 partners, 7 each, seat 0 leads): "
                     f"{rate('openspiel team')} hands/s; ours (Draw, 4 partners) "
                     f"{ratio('draw4 fast', 'openspiel team')} it")
        lines.append(f"  python_block_dominoes (2 players, 7 each, 14 face down, seat 0 leads "
                     f"any tile): {rate('openspiel block')} hands/s")
        lines.append(f"  ours, booklet 003's Block for two (7 each, 14 face down, the highest "
                     f"double leads), fast engine: {rate('block2 fast')} hands/s = "
                     f"{ratio('block2 fast', 'openspiel block')} OpenSpiel's Block; goal >= "
                     f"{GOALS['block']:.0f}x: "
                     f"{verdict(med('block2 fast', 'openspiel block'), GOALS['block'])}")
    else:
        lines.append("  not measured: open_spiel is not installed (the bench extra)")
    lines.append("")
    lines.append("Mexican Train, 13 rounds, 4 players, double-12, random bots (games per CPU "
                 "second, one process)")
    mx = statistics.median(rates["mexican fast"])
    lines.append(f"  ours, fast engine: {rate('mexican fast')} games/s; goal >= "
                 f"{GOALS['mexican']:.0f}: {verdict(mx, GOALS['mexican'])} (an absolute rate: "
                 "it moves with the machine's load)")
    if "mts" in rates:
        lines.append(f"  mexican-train-simulator (MTS_DIR; its own game: 4 random players, "
                     f"double-12, 13 rounds, 12 tiles each): {rate('mts')} games/s; ours "
                     f"{ratio('mexican fast', 'mts')} it; goal >= {GOALS['mts']:.0f}x: "
                     f"{verdict(med('mexican fast', 'mts'), GOALS['mts'])}")
    else:
        lines.append(f"  mexican-train-simulator is not run here (no licence, not on PyPI; "
                     f"MTS_DIR names a checkout to run it): the issue measured it at {MTS} "
                     f"games/s; this run's median is {mx / MTS:.1f}x that figure, taken on "
                     "another occasion, so only a rough comparison")
    lines.append("")
    lines.append("Muggins and All Fives, 2 players, single hands: the fast engine against the "
                 "event fold (hands per CPU second)")
    for game, bot in COUNTING:
        fast, fold = f"{game} {bot} fast", f"{game} {bot} fold"
        line = (f"  {game} {bot}: fast {rate(fast)}, fold {rate(fold)}: "
                f"{ratio(fast, fold)}")
        if game == "muggins":
            line += f"; goal >= {GOALS['muggins']:.0f}x: {verdict(med(fast, fold), 10)}"
        lines.append(line)
    if os.environ.get("SIM_PEERS_VALGRIND", "1") != "0":
        lines.append("")
        lines.append("Instructions per unit (valgrind cachegrind, runs of k and 2k steps "
                     "differenced; independent of the machine's load)")
        counted = {}
        for name in COUNTED:
            if name in figures:
                counted[name] = instructions(name)
        if all(x is None for x in counted.values()):
            lines.append("  not measured: valgrind is not available")
        else:
            for name, x in counted.items():
                lines.append(f"  {name}: " + ("not measured" if x is None
                                              else f"{x / 1e3:,.0f} thousand"))
            for ours, theirs, goal in (
                    ("draw4 fast", "dominoes", GOALS["dominoes"]),
                    ("draw4 fast", "openspiel team", None),
                    ("block2 fast", "openspiel block", GOALS["block"]),
                    ("mexican fast", "mts", GOALS["mts"]),
                    ("muggins random fast", "muggins random fold", GOALS["muggins"]),
                    ("muggins counter fast", "muggins counter fold", GOALS["muggins"])):
                a, b = counted.get(ours), counted.get(theirs)
                if a and b:
                    lines.append(f"  {ours} against {theirs}: {b / a:.1f}x fewer instructions"
                                 + ("" if goal is None else
                                    f"; goal >= {goal:.0f}x: {verdict(b / a, goal)}"))
    one, five, fifteen = os.getloadavg()
    lines.append("")
    lines.append(f"load average at the end {one:.1f} / {five:.1f} / {fifteen:.1f} (other jobs "
                 "share the CPUs)")
    text = "\n".join(lines) + "\n"
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "sim-peers.txt").write_text(text)
    print(text, end="")


if __name__ == "__main__":
    if len(sys.argv) == 4 and sys.argv[1] == "--count":
        count_child(sys.argv[2], int(sys.argv[3]))
    else:
        main()
