"""`dominoboard stats`: per player, over all games by result and place, and per game with the
hand scores — matches, wins, win %, average place, average and best hand.

Every number comes from folding the stored events with the rules core (``Match.apply`` over
``domino.events.loads`` of each line): the host adds up what the core scored, it never scores.

A player's hand score is what their side scored in that hand (in a team game both partners get
the team's points), and a win is their side being among the match's winners (a shared first
place counts as a win for each). A place is the side's place in a finished match, each game
ranked its own way (``domino.standings.places``: the lowest total first in Mexican Train and
Peruvian). Win % and average place are over finished matches; hands of a match still being
played count towards the hand averages.

Hand scores are averaged per game only, with the game's sense stated: Mexican Train's penalty
pips (lower is better) and Muggins' points (higher is better) are not one scale, and neither
are Muggins' hundred and Bergen's fifteen. The all-games view counts only what every game
shares: matches, wins, win % and average place.
"""

from __future__ import annotations

import argparse
import collections
import json
import sys
from collections.abc import Iterable
from typing import TYPE_CHECKING

from domino import DominoError, Match, registry
from domino.events import loads
from domino.standings import places

from .errors import CliError

if TYPE_CHECKING:  # sqlite3: imported when the database is opened
    from .db import StoredMatch


def fold(lines: list[str]) -> Match:
    """A stored match (setup line, then events) folded by the core; DominoError if it cannot."""
    if not lines:
        raise DominoError("no setup line")
    m = Match(loads(lines[0]))
    for i, line in enumerate(lines[1:]):
        try:
            m.apply(loads(line))
        except DominoError as e:
            raise DominoError(f"event {i}: {e}") from e
    return m


class Line:
    """One row of the all-games table: a player's results over matches of any games. Only
    what every game shares: no points, which different games count on different scales."""

    def __init__(self, player: str):
        self.player = player
        self.matches = 0  # finished matches
        self.playing = 0  # matches not finished yet
        self.wins = 0
        self.places = 0  # the sum of the player's side's places in the finished matches
        self.hands = 0

    def add_match(self, over: bool, won: bool, place: int | None) -> None:
        if over:
            self.matches += 1
            self.wins += won
            self.places += place or 0
        else:
            self.playing += 1

    def add_hand(self, points: int) -> None:
        self.hands += 1

    @property
    def win_pct(self) -> float | None:
        return 100.0 * self.wins / self.matches if self.matches else None

    @property
    def avg_place(self) -> float | None:
        return self.places / self.matches if self.matches else None

    def as_dict(self) -> dict:
        return {
            "player": self.player,
            "matches": self.matches,
            "playing": self.playing,
            "wins": self.wins,
            "win_pct": None if self.win_pct is None else round(self.win_pct, 1),
            "avg_place": None if self.avg_place is None else round(self.avg_place, 2),
            "hands": self.hands,
        }


class GameLine(Line):
    """One row of a game's table: the results, and the hand scores on that game's one scale
    (the best hand is the lowest where the lowest total wins)."""

    def __init__(self, player: str, lowest_wins: bool):
        super().__init__(player)
        self.lowest_wins = lowest_wins
        self.points = 0
        self.best: int | None = None

    def add_hand(self, points: int) -> None:
        self.hands += 1
        self.points += points
        better = min if self.lowest_wins else max
        self.best = points if self.best is None else better(self.best, points)

    @property
    def average(self) -> float | None:
        return self.points / self.hands if self.hands else None

    def as_dict(self) -> dict:
        return super().as_dict() | {
            "avg_hand": None if self.average is None else round(self.average, 2),
            "best_hand": self.best,
        }


class GameStats:
    def __init__(self, key: str, title: str, lowest_wins: bool):
        self.key = key
        self.title = title
        self.lowest_wins = lowest_wins
        self.matches = 0
        self.players: dict[str, GameLine] = {}

    @property
    def sense(self) -> str:
        """The scoring direction in words, for every table and chart of this game."""
        return "lower is better" if self.lowest_wins else "higher is better"

    def line(self, player: str) -> GameLine:
        if player not in self.players:
            self.players[player] = GameLine(player, self.lowest_wins)
        return self.players[player]


class Stats:
    def __init__(self) -> None:
        self.players: dict[str, Line] = {}
        self.games: dict[str, GameStats] = {}
        self.skipped: list[str] = []  # matches the core could not fold, and why

    def add(self, m: Match, player: str | None = None) -> None:
        """Count one folded match (only ``player``'s rows, if given)."""
        g = m.game
        game = self.games.get(g.key)
        if game is None:
            game = self.games[g.key] = GameStats(g.key, g.title, g.lowest_wins)
        game.matches += 1
        winners = set(m.winners())
        placed = places(m)
        for seat, name in enumerate(m.players):
            if player is not None and name != player:
                continue
            side = m.side_of[seat]
            overall = self.players.get(name)
            if overall is None:
                overall = self.players[name] = Line(name)
            place = None if placed is None else placed[side]
            for line in (overall, game.line(name)):
                line.add_match(m.over, side in winners, place)
                for record in m.records:
                    line.add_hand(record.points()[side])

    def as_dict(self) -> dict:
        return {
            "players": [self.players[p].as_dict() for p in sorted(self.players)],
            "games": [
                {
                    "game": g.key,
                    "title": g.title,
                    "matches": g.matches,
                    "lowest_wins": g.lowest_wins,
                    "hand_scores": g.sense,
                    "players": [g.players[p].as_dict() for p in sorted(g.players)],
                }
                for g in sorted(self.games.values(), key=lambda g: g.key)
            ],
            "skipped": self.skipped,
        }


def collect(
    matches: Iterable[StoredMatch], game: str | None = None, player: str | None = None
) -> Stats:
    """Fold every stored match with the core and add it up; ``game``/``player`` filter."""
    stats = Stats()
    for stored in matches:
        if game is not None and stored.game != game:
            continue
        try:
            m = fold(stored.lines)
        except (DominoError, ValueError) as e:
            stats.skipped.append(f"match {stored.device}/{stored.match} skipped: {e}")
            continue
        if player is not None and player not in m.players:
            continue
        stats.add(m, player)
    return stats


# -- the table ------------------------------------------------------------------------------

COLUMNS = ("player", "matches", "wins", "win %", "avg place", "hands")
GAME_COLUMNS = COLUMNS + ("avg hand", "best hand")


def _cells(line: Line) -> list[str]:
    cells = [
        line.player,
        str(line.matches) + (f" +{line.playing}" if line.playing else ""),
        str(line.wins),
        "-" if line.win_pct is None else f"{line.win_pct:.1f}",
        "-" if line.avg_place is None else f"{line.avg_place:.2f}",
        str(line.hands),
    ]
    if isinstance(line, GameLine):
        cells += [
            "-" if line.average is None else f"{line.average:.2f}",
            "-" if line.best is None else str(line.best),
        ]
    return cells


def _table(lines: list[Line], columns: tuple[str, ...] = COLUMNS) -> list[str]:
    rows = [list(columns)] + [_cells(x) for x in sorted(lines, key=lambda x: x.player)]
    widths = [max(len(r[i]) for r in rows) for i in range(len(columns))]
    out = []
    for r in rows:
        cells = [r[0].ljust(widths[0])] + [
            c.rjust(w) for c, w in zip(r[1:], widths[1:], strict=True)
        ]
        out.append("  ".join(cells).rstrip())
    return out


def render(stats: Stats) -> str:
    """The readable report: all games together by results and places, then one table per game
    with its hand scores and their sense."""
    out = ["All games (results and places; hand scores are per game, below)"]
    out += ["  " + x for x in _table(list(stats.players.values()))]
    for g in sorted(stats.games.values(), key=lambda g: g.key):
        wins = "lowest" if g.lowest_wins else "highest"
        out += ["", f"{g.title} ({g.key}): {g.matches} match(es), {wins} total wins"]
        out += ["  " + x for x in _table(list(g.players.values()), GAME_COLUMNS)]
        out += [f"  hand scores: {g.sense}"]
    out += ["", "avg place: 1 = first, each game ranked its own way; over finished matches"]
    if any(line.playing for line in stats.players.values()):
        out += ["matches +N: N more not finished yet (their hands count, not their results)"]
    return "\n".join(out) + "\n"


# -- the command ----------------------------------------------------------------------------


def add_parser(subparsers: argparse._SubParsersAction) -> None:
    from .options import add_db_argument

    p = subparsers.add_parser(
        "stats",
        description="Fold every match in the database with the rules core and sum it up per "
        "player: over all games finished matches, wins, win %, average place (each game ranked "
        "its own way) and hands; per game the same plus the average hand score (the player's "
        "side's points per hand) and best hand, with the game's sense (lower or higher is "
        "better). Hand scores are never averaged across games.",
    )
    add_db_argument(p)
    p.add_argument("--game", metavar="KEY", help="only matches of this game (e.g. allfives)")
    p.add_argument("--player", metavar="NAME", help="only this player's rows")
    p.add_argument("--json", action="store_true", help="print JSON instead of tables")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from .options import open_db

    if args.game is not None and args.game not in registry.keys():
        raise CliError(f"game {args.game!r}: known games are {', '.join(registry.keys())}")
    with open_db(args) as db:
        damaged = db.integrity()  # SQLite's own check: a damaged page may hide a match
        stored = list(db.matches())
        damaged += db.problems  # matches skipped: a cell or their events are damaged
        path = db.path
    if not stored:
        raise CliError("; ".join(damaged) or f"no matches in {path}: run `dominoboard sync` first")
    games = collections.Counter(s.game for s in stored)
    if args.game is not None and args.game not in games:
        counted = sorted(games.items(), key=lambda game_count: game_count[0] or "")
        present = ", ".join(f"{game or 'unreadable'} ({n})" for game, n in counted)
        raise CliError(f"no {args.game} matches in {path}; games there: {present}")
    stats = collect(stored, args.game, args.player)
    stats.skipped[:0] = damaged
    if not stats.players:
        wanted = " and ".join(
            x
            for x in (
                args.game and f"game {args.game}",
                args.player and f"player {args.player!r}",
            )
            if x
        )
        known = sorted(collect(stored).players)
        raise CliError(
            f"no matches with {wanted or 'a readable event log'} in {path}; "
            f"players there: {', '.join(known) or 'none'}"
        )
    if args.json:
        sys.stdout.write(json.dumps(stats.as_dict(), indent=1, ensure_ascii=False) + "\n")
    else:
        sys.stdout.write(render(stats))
    for problem in stats.skipped:
        print("warning: " + problem, file=sys.stderr)
    return 1 if stats.skipped else 0
