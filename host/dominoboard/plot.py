"""`dominoboard plot`: PNG charts (matplotlib, Agg) of one match's running scores, or of the
players' win % and average place (with --game: that game's average hand score, its sense
stated).

    dominoboard plot 3 --out match.png            # match with database id 3
    dominoboard plot m0003 --out match.png        # the scoreboard's match id
    dominoboard plot examples/block.jsonl --out block.png
    dominoboard plot --players --out players.png

The numbers are the core's fold (``Match.standings()``) and ``stats.collect``: nothing is
scored here. Figures are drawn on matplotlib's Agg canvas directly, without pyplot, so no GUI
backend is ever touched and the PNG is exactly --size pixels.
"""

import argparse
import re
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from domino import DominoError, Match, registry
from domino.events import dumps, read_match

from .db import Database, StoredMatch
from .errors import CliError, need_matplotlib
from .replay import read_text
from .stats import GameLine, Line, Stats, collect, fold

if TYPE_CHECKING:  # matplotlib costs half a second: imported when a figure is drawn
    from matplotlib.figure import Figure

DPI = 100


def parse_size(text: str) -> tuple[int, int]:
    m = re.fullmatch(r"(\d{2,5})x(\d{2,5})", text.strip())
    if not m or not (100 <= int(m[1]) <= 8000 and 100 <= int(m[2]) <= 8000):
        raise argparse.ArgumentTypeError(f"{text!r}: WIDTHxHEIGHT in pixels, 100..8000 each")
    return int(m[1]), int(m[2])


def _figure(size: tuple[int, int]) -> "Figure":
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    fig = Figure(figsize=(size[0] / DPI, size[1] / DPI), dpi=DPI, layout="constrained")
    FigureCanvasAgg(fig)
    return fig


def _save(fig: "Figure", out: str) -> None:
    fig.savefig(out, format="png", dpi=DPI)  # no bbox_inches="tight": keep the asked size


def match_figure(m: Match, title: str, size: tuple[int, int]) -> "Figure":
    """Running totals after each finished hand (and the hand being played), a line per side."""
    standing = m.standings()
    hands = [h["hand"] for h in standing["hands"]]
    running = [h["totals"] for h in standing["hands"]]
    current = standing.get("current")
    if current and any(current["points"]):
        hands.append(current["hand"])
        running.append(standing["totals"])
    fig = _figure(size)
    ax = fig.add_subplot()
    for s, names in enumerate(standing["sides"]):
        ys = [0] + [r[s] for r in running]
        label = " + ".join(names) + f"  ({standing['totals'][s]})"
        ax.plot([0] + hands, ys, marker="o", linewidth=2, label=label)
    if m.target is not None:
        ax.axhline(m.target, color="grey", linestyle="--", linewidth=1)
        ax.annotate(f"target {m.target}", (0, m.target), xytext=(4, 4), textcoords="offset points")
    ax.set_xlabel("hand")
    lowest = m.game.lowest_wins
    ax.set_ylabel("running score (lower is better)" if lowest else "running score")
    ax.set_xticks([0] + hands)
    ax.grid(True, alpha=0.3)
    won = ", ".join(" + ".join(w) for w in standing["winners"])
    ax.set_title(title + (f" — won by {won}" if won else "" if m.over else " — in progress"))
    # Beside the plot, not on it: scores climb to the target line in the top corners.
    ax.legend(
        loc="upper left",
        bbox_to_anchor=(1.01, 1),
        borderaxespad=0,
        title="lowest total wins" if lowest else None,
    )
    return fig


def players_figure(stats: Stats, size: tuple[int, int]) -> "Figure":
    """Two bar charts side by side, a bar per player: win %, and beside it the average hand
    score with the game's sense when the statistics hold one game, else the average place
    (each game ranked its own way): hand scores of different games are never averaged."""
    game = next(iter(stats.games.values())) if len(stats.games) == 1 else None
    per_game: list[GameLine] = (
        [] if game is None else [game.players[p] for p in sorted(game.players)]
    )
    lines: list[Line] = list(per_game) or [stats.players[p] for p in sorted(stats.players)]
    names = [x.player for x in lines]
    fig = _figure(size)
    left, right = fig.subplots(1, 2)
    wins = [x.win_pct or 0.0 for x in lines]
    bars = left.bar(names, wins, color="tab:green")
    left.bar_label(bars, labels=[f"{x.wins}/{x.matches}" for x in lines])
    left.set_ylim(0, 110)
    left.set_ylabel("win %")
    left.set_title("win % (wins / finished matches)")
    if game is not None:
        averages = [x.average or 0.0 for x in per_game]
        right.set_ylabel(f"points ({game.sense})")
        right.set_title(f"average hand score, {game.title}\n({game.sense})")
    else:
        averages = [x.avg_place or 0.0 for x in lines]
        right.set_ylabel("place (1 = first; lower is better)")
        right.set_title("average place, all games\n(each game ranked its own way)")
    bars = right.bar(names, averages, color="tab:blue")
    right.bar_label(bars, labels=[f"{a:.1f}" if a else "-" for a in averages])
    for ax in (left, right):
        ax.tick_params(axis="x", labelrotation=45 if len(names) > 6 else 0)
        ax.grid(True, axis="y", alpha=0.3)
    return fig


# -- choosing the match ---------------------------------------------------------------------


def load_match(spec: str, db_path: str | None) -> tuple[Match, str]:
    """A match file path, a database id (a number) or a scoreboard match id → (fold, title)."""
    if Path(spec).is_file():
        try:
            setup, events = read_match(read_text(spec))
            m = fold([dumps(setup)] + [dumps(e) for e in events])
        except DominoError as e:
            raise CliError(f"{spec}: {e}") from e
        return m, f"{m.game.title}: {Path(spec).name}"
    try:
        db = Database(db_path, create=False)
    except CliError as e:
        raise CliError(f"{spec}: not a match file, and {e}") from e
    with db:
        everything = list(db.matches())
        path = db.path
    if spec.isdigit():
        found = [s for s in everything if s.row_id == int(spec)]
    else:
        found = [s for s in everything if s.match == spec]
    if not found:
        known = ", ".join(f"{s.row_id} ({s.match})" for s in everything[-10:]) or "none"
        damaged = "".join(f"; {p}" for p in db.problems)  # a damaged match is never drawn
        raise CliError(
            f"{spec}: not a match file, and no intact match with that id in {path}; "
            f"give a file path, a database id or a scoreboard match id (latest: {known})" + damaged
        )
    if len(found) > 1:
        which = ", ".join(f"{s.row_id} ({s.device})" for s in found)
        raise CliError(
            f"match {spec} is on several scoreboards: give the database id, one of {which}"
        )
    return _fold_stored(found[0])


def _fold_stored(stored: StoredMatch) -> tuple[Match, str]:
    try:
        m = fold(stored.lines)
    except DominoError as e:
        raise CliError(f"match {stored.device}/{stored.match}: {e}") from e
    date = f", {stored.date[:10]}" if stored.date else ", date unknown"  # never a sync's time
    return m, f"{m.game.title}: match {stored.match}{date}"


# -- the command ----------------------------------------------------------------------------


def add_parser(subparsers: argparse._SubParsersAction) -> None:
    from .options import add_db_argument

    p = subparsers.add_parser(
        "plot",
        description="Draw a PNG: a match's running score per hand, one line per side "
        "(MATCH: a match file, a database id, or the scoreboard's match id), or with "
        "--players each player's win % and average place over all games (each game ranked "
        "its own way), or with --game KEY that game's average hand score.",
    )
    p.add_argument("match", nargs="?", metavar="MATCH", help="match file, database id or match id")
    p.add_argument("--players", action="store_true", help="plot player statistics instead")
    p.add_argument("--out", "-o", required=True, metavar="FILE.png", help="the PNG to write")
    p.add_argument(
        "--size", type=parse_size, default=(1000, 600), metavar="WxH", help="pixels (1000x600)"
    )
    p.add_argument("--game", metavar="KEY", help="with --players: only this game")
    add_db_argument(p)
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    if args.players == (args.match is not None):
        raise CliError("give either a MATCH or --players (one chart at a time)")
    if not args.out.lower().endswith(".png"):
        raise CliError(f"--out {args.out}: the chart is a PNG; name the file FILE.png")
    if args.game is not None and args.game not in registry.keys():
        raise CliError(f"game {args.game!r}: known games are {', '.join(registry.keys())}")
    need_matplotlib("plot")
    skipped: list[str] = []
    if args.players:
        with Database(args.db, create=False) as db:
            stats = collect(db.matches(), args.game)
            path = db.path
        skipped = db.problems + stats.skipped
        if not stats.players:
            raise CliError(
                "; ".join(skipped) or f"no matches to plot in {path}: run `dominoboard sync` first"
            )
        fig = players_figure(stats, args.size)
    else:
        m, title = load_match(args.match, args.db)
        fig = match_figure(m, title, args.size)
    _save(fig, args.out)
    print(f"wrote {args.out} ({args.size[0]}x{args.size[1]})")
    for problem in skipped:
        print("warning: " + problem, file=sys.stderr)
    return 1 if skipped else 0
