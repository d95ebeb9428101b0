"""`dominoboard export`: the match database (or a scoreboard directly) as CSV or JSON.

CSV has one row per player per finished hand, with the match's date, game and options on every
row, so a spreadsheet can filter and pivot without lookups. Its columns and their values are
stable machine keys (``game`` is the game's key, ``went_out`` is "yes"); the language chosen
(--language) shows only in the human-readable columns (``game_name``). Every number is
recomputed from the events by the rules core: an export never copies the scoreboard's
arithmetic.

JSON is the event logs themselves: per match its setup and events, which `dominoboard replay`
reads back (a single match with --match is exactly a replayable match file).
"""

from __future__ import annotations

import argparse
import csv
import io
import sys
from collections.abc import Iterable
from typing import TYPE_CHECKING, TextIO

from domino import DominoError, Match
from domino.events import dumps
from domino.tiles import hand_pips, parse

from .errors import CliError
from .names import LANGUAGES

if TYPE_CHECKING:  # sqlite3: imported when the database is opened
    from .db import StoredMatch

COLUMNS = (
    "date",
    "device",
    "match",
    "game",
    "options",
    "target",
    "rounds",
    "hand",
    "seat",
    "player",
    "team",
    "play_points",
    "tally_points",
    "hand_points",
    "total",
    "went_out",
    "pips_left",
    "match_over",
    "won_match",
    "game_name",  # human-readable, in --language: the game as the language's booklets name it
)


def options_text(opts: dict) -> str:
    """House rules as ``key=value; ...`` (sorted, JSON values): one readable cell."""
    return "; ".join(f"{k}={dumps(opts[k])}" for k in sorted(opts))


def _pips_left(entry: object, top: int) -> int | str:
    if isinstance(entry, bool):
        return ""
    if isinstance(entry, int):
        return entry
    if isinstance(entry, list):
        return hand_pips([parse(t, top) for t in entry])
    if isinstance(entry, dict) and isinstance(entry.get("p"), int):
        return entry["p"]
    return ""


def hand_rows(stored: StoredMatch, language: str = "en") -> list[dict]:
    """The CSV rows of one match: per finished hand, per player in seating order; ``language``
    names the game in ``game_name``."""
    from .web_words import game_name

    m = Match.replay(stored.setup, stored.events)
    standing = m.standings()
    winners = set(m.winners())
    opts = options_text(m.game.opts)
    rows = []
    for record, hand in zip(m.records, standing["hands"], strict=True):
        # record.end is the log index of the hand's end event, or of the fix that corrected it
        # (None: the match ended at its target mid-hand, with no tally).
        end = None if record.end is None else m.log[record.end]
        left = end.get("left") if isinstance(end, dict) else None
        for seat, player in enumerate(m.players):
            side = m.side_of[seat]
            rows.append(
                {
                    "date": stored.date or "",
                    "device": stored.device,
                    "match": stored.match,
                    "game": m.game.key,
                    "options": opts,
                    "target": "" if m.target is None else m.target,
                    "rounds": "" if m.rounds is None else m.rounds,
                    "hand": hand["hand"],
                    "seat": seat + 1,
                    "player": player,
                    "team": "+".join(m.players[p] for p in m.sides[side]),
                    "play_points": hand["play"][side],
                    "tally_points": hand["tally"][side],
                    "hand_points": hand["points"][side],
                    "total": hand["totals"][side],
                    "went_out": "yes" if record.out == seat else "",
                    "pips_left": _pips_left(left[seat], m.game.top)
                    if isinstance(left, list) and seat < len(left)
                    else 0
                    if record.out == seat  # out: holds nothing, though no pips were asked
                    else "",
                    "match_over": "yes" if m.over else "",
                    "won_match": "yes" if side in winners else "",
                    "game_name": game_name(m.game.key, m.game.title, language),
                }
            )
    return rows


def write_csv(matches: Iterable[StoredMatch], out: TextIO, language: str = "en") -> list[str]:
    """Write the CSV (human-readable columns in ``language``); returns a message per match the
    core could not fold (skipped)."""
    writer = csv.DictWriter(out, fieldnames=COLUMNS, lineterminator="\r\n")
    writer.writeheader()
    problems = []
    for stored in matches:
        try:
            rows = hand_rows(stored, language)
            writer.writerows([{k: _cell(v) for k, v in row.items()} for row in rows])
        except (DominoError, ValueError, IndexError) as e:
            problems.append(f"match {stored.device}/{stored.match} skipped: {e}")
    return problems


def _cell(value: object) -> object:
    """A text cell a spreadsheet would run as a formula (``=``, ``+``, ``-``, ``@``, tab, CR
    first) gets a leading ``'``, which spreadsheets show as text. Numbers stay numbers."""
    if isinstance(value, str) and value[:1] in ("=", "+", "-", "@", "\t", "\r"):
        return "'" + value
    return value


def match_document(stored: StoredMatch) -> dict:
    return {
        "device": stored.device,
        "match": stored.match,
        "date": stored.date,
        "setup": stored.setup,
        "events": stored.events,
    }


def write_json(matches: Iterable[StoredMatch], out: TextIO, single: bool = False) -> None:
    docs = [dumps(match_document(s)) for s in matches]
    if single:
        out.write(docs[0] + "\n")
    else:
        out.write('{"matches":[\n' + ",\n".join(docs) + ("\n" if docs else "") + "]}\n")


def add_parser(subparsers: argparse._SubParsersAction) -> None:
    from .options import add_db_argument, add_port_argument

    p = subparsers.add_parser(
        "export",
        description="Export the match database, or with --from-device the scoreboard directly, "
        "as CSV (one row per player per finished hand) or JSON (the event logs).",
    )
    p.add_argument("--format", choices=("csv", "json"), default="csv")
    p.add_argument(
        "--language",
        choices=LANGUAGES,
        default="en",
        help="the language of the CSV's human-readable column (game_name); the other columns "
        "keep their machine keys (default: en)",
    )
    p.add_argument("-o", "--output", metavar="FILE", help="write here instead of to stdout")
    p.add_argument("--match", metavar="ID", help="only this match (its id on the scoreboard)")
    p.add_argument("--device", metavar="DEVICE", help="only matches from this scoreboard id")
    p.add_argument(
        "--from-device",
        action="store_true",
        help="read the scoreboard now instead of the database (nothing is stored)",
    )
    add_port_argument(p)
    add_db_argument(p)
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from .options import open_db, open_link
    from .sync import sync

    problems: list[str] = []
    if args.from_device:
        from .db import Database

        db = Database(":memory:")
        with open_link(args) as link:
            problems += sync(link, db).damaged  # a damaged line stops only its match
    else:
        db = open_db(args)
    with db:
        problems += db.integrity()  # SQLite's own check: a damaged page may hide a match
        matches = list(db.matches(device=args.device, match=args.match))
    problems += db.problems  # matches whose events disagree with their stored CRC
    if args.match and not matches and db.problems:
        raise CliError(db.problems[0])
    if args.match and not matches:
        raise CliError(
            f"no match {args.match} in {db.path}: `dominoboard export --format json` "
            "lists what there is (run `dominoboard sync` first?)"
        )
    buffer = io.StringIO(newline="")
    if args.format == "csv":
        problems += write_csv(matches, buffer, args.language)
    else:
        write_json(matches, buffer, single=bool(args.match) and len(matches) == 1)
    if args.output:
        with open(args.output, "w", newline="", encoding="utf-8") as f:
            f.write(buffer.getvalue())
    else:
        sys.stdout.write(buffer.getvalue())
    for p in problems:
        print("warning: " + p, file=sys.stderr)
    return 1 if problems else 0
