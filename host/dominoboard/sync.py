"""`dominoboard sync`: copy new events from the scoreboard into the match database.

Sync is "send me the events after N" for every match: each page is stored in one transaction,
so a sync cut short (unplugged, killed) leaves whole pages behind and the next one carries on
from there. Before resuming, the scoreboard checks the CRC of what we hold, so a match id that
was reused after the scoreboard was wiped is never glued onto an old copy.
"""

from __future__ import annotations

import argparse
import collections
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING

from .errors import Refused

if TYPE_CHECKING:  # serial and sqlite3: imported by the commands that open them (cli.py)
    from .db import Database
    from .link import DeviceLink


class SyncReport:
    def __init__(self, device: str):
        self.device = device
        self.matches = 0  # matches on the scoreboard
        self.new_events = 0
        self.updated: list[str] = []  # matches that got new events
        self.superseded: list[tuple[str, str]] = []  # (id, the name our old copy now has)

    def summary(self) -> str:
        text = (
            f"{self.device}: {self.matches} match(es), {self.new_events} new event(s) "
            f"in {len(self.updated)} match(es)"
        )
        for old, new in self.superseded:
            text += (
                f"\n  match {old} was restarted on the scoreboard; the old copy is kept as {new}"
            )
        return text


def device_matches(link: DeviceLink) -> list[tuple[str, int]]:
    """Every (match id, event count) on the scoreboard, page by page."""
    out: list[tuple[str, int]] = []
    after = None
    while True:
        page = link.request("list", after=after)
        out.extend((m[0], m[1]) for m in page["matches"])
        if not page["more"] or not page["matches"]:
            return out
        after = page["matches"][-1][0]


WINDOW = 3  # requests in flight: the scoreboard reads the next while we store a page


def sync(
    link: DeviceLink, db: Database, progress: Callable[[str, int, int], None] | None = None
) -> SyncReport:
    hello = link.request("hello")
    link.set_clock()
    device = hello["device"]
    db.saw_device(device, hello["firmware"])
    report = SyncReport(device)
    listed = device_matches(link)
    report.matches = len(listed)
    todo = collections.deque()
    for match, count in listed:
        held, _ = db.held(device, match)
        if held > count:  # the scoreboard holds fewer than we do: not the match we know
            report.superseded.append((match, db.supersede(device, match)))
            held = 0
        if held < count:
            todo.append((match, held))
    added: dict[str, int] = {}
    in_flight: collections.deque[tuple[int, str, int]] = collections.deque()

    def ask(match: str, held: int) -> None:
        # Proof of what we hold, once per match: later pages follow on from our own.
        have = f"{db.held(device, match)[1]:08x}" if held and match not in added else None
        in_flight.append(
            (link.send("events", match=match, have=have, **{"from": held}), match, held)
        )

    while todo or in_flight:
        while todo and len(in_flight) < WINDOW:
            ask(*todo.popleft())
        req_id, match, held = in_flight.popleft()
        try:
            page = link.reply(req_id)
        except Refused as e:
            if e.code != "diverged":
                raise
            report.superseded.append((match, db.supersede(device, match)))
            added[match] = added.get(match, 0)
            ask(match, 0)
            continue
        held = db.add_events(device, match, held, page["lines"])
        added[match] = added.get(match, 0) + len(page["lines"])
        if progress:
            progress(match, held, page["count"])
        if page["more"]:
            ask(match, held)
    for match, n in added.items():
        if n:
            report.updated.append(match)
            report.new_events += n
    return report


def add_parser(subparsers: argparse._SubParsersAction) -> None:
    from .cli import add_db_argument, add_port_argument

    p = subparsers.add_parser(
        "sync",
        description="Copy every event the database does not hold yet from "
        "the scoreboard. Safe to repeat and to interrupt.",
    )
    add_port_argument(p)
    add_db_argument(p)
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from .cli import open_db, open_link

    with open_link(args) as link, open_db(args, create=True) as db:
        report = sync(link, db)
    print(report.summary(), file=sys.stdout)
    return 0
