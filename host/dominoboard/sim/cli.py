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

from ..errors import CliError
from .strategies import STRATEGIES


def add_parser(subparsers) -> argparse.ArgumentParser:
    from domino.registry import keys

    from .solitaires import SOLITAIRES

    p = subparsers.add_parser(
        "simulate",
        description="Bots play the booklets' games through the rules core (the device's own "
        "legality and scoring). Results go to --out as summary.json, summary.csv, games.csv, "
        "hands.csv and PNG plots. The same --seed gives the same results for any --workers.",
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
    p.add_argument("--workers", type=int, default=1, help="local worker processes (default 1)")
    p.add_argument("--dask", metavar="ADDRESS", help="run on a Dask cluster: a scheduler "
                   "address, or `local` for a LocalCluster on this machine (needs the `dask` "
                   "extra)")
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

    from .fast import fast_ok
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
    if args.engine == "fast" and not fast_ok(setup):
        raise CliError("the fast engine plays only block, draw, doble12 and mexican with "
                       "bots random, heavy or greedy, and muggins and allfives with every "
                       "bot; use --engine fold")
    setup.engine = "fast" if args.engine != "fold" and fast_ok(setup) else "fold"
    return setup


def check_counts(args):
    if args.workers < 1:
        raise CliError(f"--workers {args.workers}: at least 1")
    if args.seed < 0:
        raise CliError(f"--seed {args.seed}: a whole number, 0 or more")
    for name in ("matches", "hands", "games"):
        v = getattr(args, name)
        if v is not None and not 1 <= v <= 10**9:
            raise CliError(f"--{name} {v}: a whole number 1..1000000000")


def progress_bar(args, total: int, label: str):
    from .progress import Bar

    on = args.progress == "on" or (args.progress == "auto" and sys.stderr.isatty())
    return Bar(total, label) if on else None


def run(args) -> int:
    check_counts(args)
    if args.game == "squares":
        return run_squares(args)
    from .solitaires import SOLITAIRES

    if args.game in SOLITAIRES:
        return run_solitaire(args)
    if args.games is not None:
        raise CliError("--games is for solitaires; use --matches or --hands")
    from . import experiment
    from .report import write_all
    from .stats import summarize

    setup = build_setup(args)
    units = args.hands or args.matches or 1000
    out = args.out or Path("sim-results") / args.game
    bar = progress_bar(args, units, args.game)
    start = time.monotonic()
    if args.dask:
        records = run_on_dask(args, setup, units, bar)
    else:
        records = experiment.run(setup, units, args.seed, args.workers, bar)
    elapsed = time.monotonic() - start
    if bar:
        bar.close()
    records = list(records)  # unpacked once for the summary, the CSV files and the plots
    summary = summarize(setup, records)
    summary["seed"] = args.seed
    summary["seconds"] = round(elapsed, 3)
    paths = write_all(out, summary, records, plots=not args.no_plots)
    print_summary(summary)
    print(f"wrote {', '.join(str(p) for p in paths)}")
    return 0


def run_on_dask(args, setup, units, bar):
    try:
        from dask.distributed import (  # pyright: ignore[reportMissingImports]
            Client,
            LocalCluster,
        )
    except ImportError:
        raise CliError("--dask needs dask.distributed: pip install 'dominoboard[dask]'") from None
    from . import experiment

    if args.dask == "local":
        quiet: dict[str, Any] = {"dashboard_address": None}  # no dashboard for a local run
        with LocalCluster(n_workers=args.workers, threads_per_worker=1, processes=True,
                          **quiet) as cluster, Client(cluster) as client:
            return experiment.run_dask(setup, units, args.seed, client, progress=bar)
    with Client(args.dask) as client:
        return experiment.run_dask(setup, units, args.seed, client, progress=bar)


def print_summary(summary: dict) -> None:
    s = summary["setup"]
    unit = "matches" if s["unit"] == "match" else "hands"
    print(f"{s['game']}: {summary['units']} {unit}, {summary['hands']} hands, engine "
          f"{s['engine']}, {summary['seconds']} s")
    for i, side in enumerate(summary["sides"]):
        w = side["wins"]
        lo, hi = w["ci95"]
        mean = side["score"].get("mean", 0)
        print(f"  side {i} seats {side['seats']} {'+'.join(side['strategies'])}: wins "
              f"{w['rate']:.3f} [{lo:.3f}, {hi:.3f}], mean score {mean:.1f}")
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


def run_solitaire(args) -> int:
    from .solitaires import SOLITAIRES, play_many

    game = args.game
    for name in ("matches", "hands", "dask", "teams", "target", "rounds", "players"):
        if getattr(args, name) is not None:
            raise CliError(f"--{name} is for table games; a solitaire takes --games, --opt, "
                           "--seed, --workers and -o")
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
    result = play_many(make, games, args.seed, args.workers, bar)
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
