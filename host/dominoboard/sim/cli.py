"""``dominoboard simulate``: bots play a game of the booklets, or a solitaire, many times.

    dominoboard simulate block -n 4 --teams 0,2/1,3 --matches 10000 --workers 2
    dominoboard simulate muggins -s greedy -s counter --opt lone_spinner=2 --hands 5000
    dominoboard simulate bigclock --opt top=9 --games 20000
    dominoboard simulate squares
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

from ..errors import CliError, need_matplotlib
from .strategies import STRATEGIES


def add_parser(subparsers) -> argparse.ArgumentParser:
    from domino.registry import keys

    from .solitaires import SOLITAIRES

    p = subparsers.add_parser(
        "simulate",
        description="Bots play the booklets' games through the rules core (the device's own "
        "legality and scoring). Results go to --out as summary.json, summary.csv and PNG "
        "plots (every hand with --records). Bots that differ rotate round the table. The "
        "same --seed gives the same results for any --workers and on Dask.",
        epilog="games: " + ", ".join(keys()) + "; solitaires: " + ", ".join(SOLITAIRES)
        + "; squares (count the Domino squares solutions). strategies: "
        + "; ".join(f"{k}: {s.help}" for k, s in STRATEGIES.items()),
    )
    p.add_argument("game", help="game key (as `dominoboard replay` knows them), a solitaire, "
                   "or `squares`")
    p.add_argument("--opt", action="append", default=[], metavar="NAME=VALUE",
                   help="house rule, e.g. --opt lone_spinner=2 --opt muggins=false "
                   "(solitaires: --opt top=9)")
    p.add_argument("-n", "--players", type=int, help="number of players (default: one per "
                   "--strategy, else the game's fewest)")
    p.add_argument("-s", "--strategy", action="append", default=[], metavar="NAME",
                   help="the bot of each seat in order; one name sets every seat (default "
                   "random)")
    p.add_argument("--teams", metavar="0,2/1,3", help="partnerships: seats joined by commas, "
                   "teams by slashes")
    unit = p.add_mutually_exclusive_group()
    unit.add_argument("--matches", type=int, help="whole matches to play (default 1000)")
    unit.add_argument("--hands", type=int, help="single hands to play instead of matches")
    unit.add_argument("--games", type=int, help="solitaire deals to play (default 10000)")
    p.add_argument("--target", type=int, help="points that win a match (default the game's)")
    p.add_argument("--rounds", type=int, help="hands in a match (games played by rounds)")
    p.add_argument("--seed", type=int, default=1, help="experiment seed, 0 or more (default 1)")
    p.add_argument("--workers", type=int, help="local worker processes, or the workers of "
                   "--dask local (default 1)")
    p.add_argument("--dask", metavar="ADDRESS", help="run on a Dask cluster: a scheduler "
                   "address (tcp://host:8786), or `local` for a LocalCluster on this machine "
                   "(needs the `dask` extra)")
    p.add_argument("--fixed-seats", action="store_true", help="play every game with the bots "
                   "in the seats as named (default: when the bots differ they rotate round "
                   "the table, so the order they are named in cannot change the answer)")
    p.add_argument("--duplicate", action="store_true", help="duplicate deals: each deal "
                   "played once with every seating of the bots, as in duplicate bridge")
    p.add_argument("--compare", metavar="NAME=A,B", help="play the same deals under each "
                   "value of a house rule and report the differences with paired intervals, "
                   "e.g. --compare lone_spinner=1,2")
    p.add_argument("--ci", metavar="WIDTH", help="play until every win rate's 95%% interval "
                   "is within ±WIDTH (e.g. 0.5%%, or 0.005); --matches/--hands then caps the "
                   "run (default 10000000)")
    p.add_argument("--records", type=Path, metavar="FILE", help="also stream every hand to "
                   "this CSV file as it is played (nothing is kept in memory)")
    p.add_argument("--engine", choices=("auto", "fold", "fast"), default="auto",
                   help="fold: every move through Match.apply; fast: the core's fast engine "
                   "(block, draw, doble12, mexican: bots random/heavy/greedy; muggins, "
                   "allfives: every bot); auto: fast when it can (default)")
    p.add_argument("-o", "--out", type=Path, help="output directory (default "
                   "sim-results/GAME)")
    p.add_argument("--no-plots", action="store_true", help="skip the PNG plots")
    p.add_argument("--progress", choices=("auto", "on", "off"), default="auto",
                   help="progress bar on stderr (auto: when it is a terminal)")
    p.set_defaults(func=run)
    return p


def parse_value(text: str):
    low = text.lower()
    if low in ("true", "yes", "on"):
        return True
    if low in ("false", "no", "off"):
        return False
    if low in ("none", "null"):
        return None
    try:
        return int(text)
    except ValueError:
        return text


def parse_opts(items: list[str]) -> dict:
    opts = {}
    for item in items:
        name, sep, value = item.partition("=")
        if not sep or not name:
            raise CliError(f"--opt {item!r}: write it as name=value, e.g. --opt muggins=false")
        opts[name.strip()] = parse_value(value.strip())
    return opts


def parse_teams(text: str | None):
    if text is None:
        return None
    try:
        return [[int(x) for x in team.split(",")] for team in text.split("/")]
    except ValueError:
        raise CliError(f"--teams {text!r}: seats joined by commas, teams by slashes, "
                       "e.g. 0,2/1,3") from None


def build_setup(args):
    """The experiment's Setup, checked by the core itself (game, options, seats, teams)."""
    from domino.errors import DominoError
    from domino.match import Match
    from domino.registry import game_class

    from .engines.run import why_not_fast
    from .table import Setup, playable

    try:
        cls = game_class(args.game)
    except DominoError as e:
        raise CliError(str(e)) from None
    if not playable(cls):
        raise CliError(f"{args.game} is scored from each hand's outcome (bids, tricks): the "
                       "core sees no tiles laid, so there is nothing for bots to play")
    strategies = args.strategy or ["random"]
    for s in strategies:
        if s not in STRATEGIES:
            raise CliError(f"strategy {s!r}: known strategies are {', '.join(STRATEGIES)}")
    n = args.players or (len(strategies) if len(strategies) > 1 else cls.players[0])
    if len(strategies) == 1:
        strategies = strategies * n
    if len(strategies) != n:
        raise CliError(f"{len(strategies)} strategies for {n} players: give one per seat, or "
                       "one for all")
    setup = Setup(args.game, strategies, opts=parse_opts(args.opt), teams=parse_teams(args.teams),
                  target=args.target, rounds=args.rounds, hands=args.hands is not None)
    try:
        Match(setup.match_setup())
    except DominoError as e:
        raise CliError(str(e)) from None
    why = why_not_fast(setup)
    if args.engine == "fast" and why is not None:
        raise CliError(f"{why}; use --engine fold (it plays every game, house rule and bot)")
    setup.engine = "fast" if args.engine != "fold" and why is None else "fold"
    return setup


def check_counts(args):
    if args.workers is not None and args.workers < 1:
        raise CliError(f"--workers {args.workers}: at least 1")
    if args.seed < 0:
        raise CliError(f"--seed {args.seed}: a whole number, 0 or more")
    for name in ("matches", "hands", "games"):
        v = getattr(args, name)
        if v is not None and not 1 <= v <= 10**9:
            raise CliError(f"--{name} {v}: a whole number 1..1000000000")


def check_conflicts(args) -> None:
    """Options that cannot go together are refused, not silently ignored."""
    if args.dask and args.dask != "local" and args.workers is not None:
        raise CliError(f"--workers with --dask {args.dask}: a cluster's workers are its own "
                       "(start them with `dask worker`); drop --workers, or use --dask local "
                       "--workers N")
    if args.fixed_seats and args.duplicate:
        raise CliError("--duplicate plays each deal with every seating; --fixed-seats keeps "
                       "one: choose one of them")


def parse_ci(text: str | None) -> float | None:
    """``--ci 0.5%`` or ``--ci 0.005``: the half-width the 95% intervals must reach."""
    if text is None:
        return None
    t = text.strip()
    try:
        value = float(t[:-1]) / 100 if t.endswith("%") else float(t)
    except ValueError:
        value = -1.0
    if not 0.0005 <= value <= 0.25:
        raise CliError(f"--ci {text!r}: a half-width between 0.05% and 25%, as a percentage "
                       "(0.5%) or a fraction (0.005)")
    return value


def parse_compare(text: str | None, opts: dict) -> tuple[str, list] | None:
    if text is None:
        return None
    name, sep, values = text.partition("=")
    name = name.strip()
    items = [v.strip() for v in values.split(",")]
    if not sep or not name or len(items) < 2 or not all(items):
        raise CliError(f"--compare {text!r}: a house rule and two or more values, e.g. "
                       "--compare lone_spinner=1,2")
    if name in opts:
        raise CliError(f"--compare {name} and --opt {name}: a rule is either compared or set, "
                       "not both")
    parsed = [parse_value(v) for v in items]
    if len(set(map(repr, parsed))) != len(parsed):
        raise CliError(f"--compare {text!r}: each value once")
    return name, parsed


def build_variants(args, setup, compare):
    """One Setup per compared value (the same bots, seats and engine), each checked by the
    core; or the setup alone."""
    from domino.errors import DominoError
    from domino.match import Match

    from .engines.run import why_not_fast
    from .table import Setup

    if compare is None:
        return [setup]
    name, values = compare
    out = []
    for value in values:
        opts = dict(setup.opts)
        opts[name] = value
        v = Setup(setup.game, setup.strategies, opts=opts, teams=setup.teams,
                  target=setup.target, rounds=setup.rounds, hands=setup.hands)
        try:
            Match(v.match_setup())
        except DominoError as e:
            raise CliError(f"--compare {name}={value}: {e}") from None
        out.append(v)
    # the engine deals and chooses its own way: every variant plays on the same one
    why = [w for w in map(why_not_fast, out) if w is not None]
    fast = args.engine != "fold" and not why
    if args.engine == "fast" and why:
        raise CliError(f"--compare {name}: {why[0]}; use --engine fold")
    for v in out:
        v.engine = "fast" if fast else "fold"
    return out


def progress_bar(args, total: int, label: str):
    from .progress import Bar

    on = args.progress == "on" or (args.progress == "auto" and sys.stderr.isatty())
    return Bar(total, label) if on else None


DEFAULT_CAP = 10**7  # --ci without --matches/--hands: at most this many
FIRST_STAGE = 1000  # --ci: the first precision check after this many games


def run(args) -> int:
    check_counts(args)
    if args.game == "squares":
        return run_squares(args)
    from .solitaires import SOLITAIRES

    if args.game in SOLITAIRES:
        return run_solitaire(args)
    if args.games is not None:
        raise CliError("--games is for solitaires; use --matches or --hands")
    check_conflicts(args)
    from . import experiment
    from .report import write_all
    from .seating import Seating
    from .stats import compare_paired, summarize_tally

    ci = parse_ci(args.ci)
    setup = build_setup(args)
    if not args.no_plots:  # before the games are played, not after
        need_matplotlib("simulate's PNG plots (--no-plots skips them)")
    compare = parse_compare(args.compare, setup.opts)
    variants = build_variants(args, setup, compare)
    setup = variants[0] if compare else setup
    seatings = [Seating(v, rotate=not args.fixed_seats, duplicate=args.duplicate)
                for v in variants]
    seating = seatings[0]
    asked = args.hands or args.matches
    cap = seating.units(asked or (DEFAULT_CAP if ci else 1000))
    out = args.out or Path("sim-results") / args.game
    plan = experiment.Plan(seatings, args.seed, records=args.records is not None)
    sink = None
    if args.records is not None:
        from .records import CsvSink

        labels = [str(v) for v in compare[1]] if compare else [""]
        try:
            args.records.parent.mkdir(parents=True, exist_ok=True)
            sink = CsvSink(args.records, [(lab, s.setups) for lab, s in zip(
                labels, seatings, strict=True)], len(seating.sides))
        except OSError as e:
            raise CliError(f"--records {args.records}: cannot write it ({e.strerror}); give "
                           "a file in a writable directory") from None
    bar = progress_bar(args, cap, args.game)
    start = time.monotonic()
    try:
        with _Runner(args, plan) as runner:
            total = None
            done = 0
            stop = cap if ci is None else min(cap, seating.units(FIRST_STAGE))
            while True:
                total = runner.tally(done, stop, total, bar, sink)
                done = stop
                if ci is None or done >= cap:
                    break
                need = _needed(total, ci, compare is not None)
                if need <= done:
                    break
                stop = min(cap, seating.units(max(need, done + FIRST_STAGE)))
    finally:
        if sink is not None:
            sink.close()
    elapsed = time.monotonic() - start
    if bar:
        bar.close()
    if compare:
        per_value = [summarize_tally(v, s, t) for v, s, t in zip(variants, seatings,
                                                                  total.tallies, strict=True)]
        summary = dict(per_value[0])
        names = _entrant_names(seating)
        summary["compare"] = {"option": compare[0], "values": compare[1],
                              "per_value": per_value,
                              "differences": compare_paired(total, names, compare[1],
                                                            compare[0],
                                                            "hand" if setup.hands else "match")}
    else:
        summary = summarize_tally(setup, seating, total.tallies[0])
    summary["seed"] = args.seed
    summary["seconds"] = round(elapsed, 3)
    if ci is not None:
        summary["precision"] = {"ci": ci, "reached": _widest(summary) <= ci, "cap": cap}
    paths = write_all(out, summary, total.tallies, seating.asked, plots=not args.no_plots)
    if args.records is not None:
        paths.append(args.records)
    print_summary(summary)
    print(f"wrote {', '.join(str(p) for p in paths)}")
    return 0


def _entrant_names(seating) -> list[str]:
    """Canonical entrants' names: the label, numbered when several share it."""
    names = []
    for e, lab in enumerate(seating.labels):
        same = [x for x in range(len(seating.labels)) if seating.labels[x] == lab]
        names.append(lab if len(same) == 1 else f"{lab} #{same.index(e) + 1}")
    return names


def _half_widths(total, compare: bool) -> list[float]:
    """The half-widths ``--ci`` watches: each entrant's win rate (Wilson; by the deal under
    --duplicate), or with --compare each entrant's paired difference in win rate."""
    from .stats import paired_mean, win_rates

    if compare:
        n = total.units
        out = []
        for sums, squares in zip(total.sums, total.squares, strict=True):
            for i in range(len(total.tallies[0].wins)):
                lo, hi = paired_mean(sums[i], squares[i], n)["ci95"]
                out.append((hi - lo) / 2 if lo is not None else 1.0)
        return out
    return [(r["ci95"][1] - r["ci95"][0]) / 2 for r in win_rates(total.tallies[0])]


def _needed(total, ci: float, compare: bool) -> int:
    """Games the widest interval needs to reach ±ci: it narrows with the square root of the
    games, so n · (width / ci)², a tenth more for the estimate's own error. A function of the
    tally alone, so the stages (and the output) are the same for any number of workers."""
    widest = max(_half_widths(total, compare))
    if widest <= ci:
        return 0
    return int(total.units * (widest / ci) ** 2 * 1.1) + 1


def _widest(summary: dict) -> float:
    if "compare" in summary:
        widths = [(d["ci95"][1] - d["ci95"][0]) / 2
                  for c in summary["compare"]["differences"]
                  for k, d in c["differences"].items() if k.endswith("win rate")
                  and d["ci95"][0] is not None]
    else:
        widths = [(s["wins"]["ci95"][1] - s["wins"]["ci95"][0]) / 2 for s in summary["sides"]]
    return max(widths)


class _Runner:
    """The experiment's Runner on this machine or on Dask; the cluster is checked first."""

    def __init__(self, args, plan):
        self.args = args
        self.plan = plan
        self.stack = None

    def __enter__(self):
        from contextlib import ExitStack

        from . import experiment

        args = self.args
        self.stack = ExitStack()
        if not args.dask:
            return self.stack.enter_context(experiment.Runner(self.plan, args.workers or 1))
        try:
            from dask.distributed import (  # pyright: ignore[reportMissingImports]
                Client,
                LocalCluster,
            )
        except ImportError:
            self.stack.close()
            raise CliError("--dask needs dask.distributed: pip install 'dominoboard[dask]'") \
                from None
        try:
            if args.dask == "local":
                quiet: dict[str, Any] = {"dashboard_address": None}  # no dashboard here
                cluster = self.stack.enter_context(LocalCluster(
                    n_workers=args.workers or 1, threads_per_worker=1, processes=True,
                    **quiet))
                client = self.stack.enter_context(Client(cluster))
            else:
                try:
                    client = self.stack.enter_context(Client(args.dask, timeout=10))
                except OSError as e:
                    raise CliError(f"--dask {args.dask}: no scheduler answered ({e}); start "
                                   "one with `dask scheduler`") from None
            experiment.check_workers(client)
            return self.stack.enter_context(experiment.Runner(self.plan, client=client))
        except BaseException:
            self.stack.close()
            raise

    def __exit__(self, *exc):
        assert self.stack is not None
        self.stack.close()


def print_summary(summary: dict) -> None:
    from .stats import format_p

    s = summary["setup"]
    seating = summary["seating"]
    unit = "matches" if s["unit"] == "match" else "hands"
    print(f"{s['game']}: {summary['units']} {unit}, {summary['hands']} hands, engine "
          f"{s['engine']}, {summary['seconds']} s")
    if seating["rotated"]:
        how = "duplicate deals" if seating["duplicate"] else "rotated"
        print(f"  seats {how}: {seating['seatings']} seatings, each in "
              f"{summary['units'] // seating['seatings']} {unit}")
    for side in summary["sides"]:
        w = side["wins"]
        lo, hi = w["ci95"]
        mean = side["score"].get("mean", 0)
        print(f"  {side['entrant']}: {'+'.join(side['strategies'])} wins {w['rate']:.3f} "
              f"[{lo:.3f}, {hi:.3f}], mean score {mean:.1f}")
    if len(summary["strategies"]) > 2:
        print("  ranked: " + ", ".join(f"{r['strategy']} {r['wins']['rate']:.3f}"
                                       for r in summary["strategies"]))
        for a, row in summary["head_to_head"].items():
            ahead = ", ".join(f"{b} {x['ahead']['rate']:.3f}" for b, x in row.items() if b != a)
            print(f"  {a} finished ahead of: {ahead}")
    eq = summary["seat_equality"]
    if eq["df"]:
        seats = ", ".join(f"{x['wins']['rate']:.3f}" for x in summary["seats"])
        print(f"  by seat: {seats}; all seats alike? chi-square {eq['chi2']:.1f} "
              f"({eq['df']} df), {format_p(eq['p'])}")
    dup = summary.get("duplicate")
    if dup:
        print(f"  duplicate: {dup['fewer']:.0%} fewer games for ±{dup['width']:.0%} "
              f"({dup['games']:,} {unit} where independent deals need "
              f"{dup['independent']:,}; intervals and tests by the deal)")
    fp = summary["first_player"]
    for key in ("matches", "hands"):
        r = fp[key]
        if r["n"]:
            print(f"  first player's side wins {r['rate']:.3f} of {key} [{r['ci95'][0]:.3f}, "
                  f"{r['ci95'][1]:.3f}] (even share {fp['fair']:.3f})")
    b = summary["blocked_hands"]
    if b["n"]:
        print(f"  blocked hands {b['rate']:.3f}; tiles laid per hand "
              f"{summary['hand_length']['plays']['mean']:.1f}")
    c = summary.get("compare")
    if c:
        for per in c["differences"]:
            print(f"  {c['option']}={per['value']} against {per['against']}, same deals "
                  "(paired 95% intervals):")
            for line in per["verdicts"]:
                print(f"    {line}")
    p = summary.get("precision")
    if p:
        state = "reached" if p["reached"] else f"not reached within {p['cap']} {unit}"
        print(f"  precision ±{p['ci']:.4g}: {state}")


def run_solitaire(args) -> int:
    from .solitaires import SOLITAIRES, play_many

    game = args.game
    for name in ("matches", "hands", "dask", "teams", "target", "rounds", "players", "compare",
                 "ci", "records"):
        if getattr(args, name) is not None:
            raise CliError(f"--{name} is for table games; a solitaire takes --games, --opt, "
                           "--seed, --workers and -o")
    if args.fixed_seats or args.duplicate:
        raise CliError("a solitaire has one seat: drop --fixed-seats and --duplicate")
    if args.strategy:
        raise CliError("a solitaire plays its own policy (see docs/simulation.md); drop -s")
    opts = parse_opts(args.opt)
    try:
        spec = SOLITAIRES[game]
        make = spec.configure(opts)
    except ValueError as e:
        raise CliError(str(e)) from None
    games = args.games or 10000
    bar = progress_bar(args, games, game)
    result = play_many(make, games, args.seed, args.workers or 1, bar)
    if bar:
        bar.close()
    out = args.out or Path("sim-results") / game
    out.mkdir(parents=True, exist_ok=True)
    result["solitaire"] = game
    result["opts"] = opts
    result["seed"] = args.seed
    (out / "summary.json").write_text(json.dumps(result, indent=2, sort_keys=True) + "\n")
    w = result["wins"]
    print(f"{game} {opts or ''}: won {w['k']} of {w['n']} = {w['rate']:.4f} "
          f"[{w['ci95'][0]:.4f}, {w['ci95'][1]:.4f}]; tiles left: mean "
          f"{result['left']['mean']:.2f}")
    print(f"wrote {out / 'summary.json'}")
    return 0


def run_squares(args) -> int:
    from .squares import BOOKLET_PATTERN, count

    start = time.monotonic()
    result = count(BOOKLET_PATTERN)
    result["seconds"] = round(time.monotonic() - start, 3)
    print(json.dumps(result, indent=2, sort_keys=True))
    return 0
