"""`dominoboard check`: the match database checked against the CRCs stored at sync."""

import argparse
import sys

from .db import Database
from .options import add_db_argument


def add_parser(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser(
        "check",
        description="Check the match database: SQLite's own check, then every match's events "
        "against the count and CRC-32 recorded when they were synced. Exit 1 if anything is "
        "damaged (each match named).",
    )
    add_db_argument(p)
    p.set_defaults(func=run_check)


def run_check(args: argparse.Namespace) -> int:
    with Database(args.db, create=False) as db:
        matches, events, problems = db.check()
    for problem in problems:
        print("damaged: " + problem, file=sys.stderr)
    print(f"{db.path}: {matches} match(es), {events} event(s), {len(problems)} problem(s)")
    return 1 if problems else 0
