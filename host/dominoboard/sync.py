"""`dominoboard sync`: copy new events from the scoreboard into the match database.

Sync is "send me the events after N" for every match: each page is stored in one transaction,
so a sync cut short (unplugged, killed) leaves whole pages behind and the next one carries on
from there. Before resuming, the scoreboard checks the CRC of what we hold, so a match id that
was reused after the scoreboard was wiped is never glued onto an old copy; a match we hold
whole is proved the same way (same count, same CRC), so a reused id is caught even then.

Every page is checked against its request (match, offset, count) and every line before it is
stored: a line the scoreboard holds damaged (not UTF-8, not a JSON object) stops that match at
the event before it, with a warning naming match and event, and sync goes on with the others.

With ``keep``, sync then frees the scoreboard's flash: a finished match we hold whole (its count
and CRC just proved) is deleted from the device, except the newest ``keep`` ones. With
``unfinished_days``, so is an unfinished one the table abandoned or that has not changed for
that many days (``free_unfinished``; docs/storage.md, "Unfinished matches").
"""

from __future__ import annotations

import argparse
import collections
import datetime
import json
import sys
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from .errors import BadReply, Refused

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
        self.damaged: list[str] = []  # what could not be stored, match and event named
        self.deleted: list[str] = []  # matches freed from the scoreboard's flash
        self.repaired: list[str] = []  # our damaged copies mended from the scoreboard's
        self.unfinished: list[tuple[str, str]] = []  # (unfinished match freed, why)
        self.dropped: int | None = None  # messages it dropped for a stalled host (hello)
        self.whole: list[str] = []  # matches now held exactly as the scoreboard holds them
        self.kept_unfinished: list[str] = []  # unfinished, held whole, left for their days
        self.nearly_full: tuple[int, int] | None = None  # (KB free, KB in all) when it is
        self.unset_clock: str | None = None  # this computer's clock, when not one to date by
        self.bad_boots: list[str] = []  # power-on clocks the scoreboard sent malformed
        self.clock_apart: int | None = None  # seconds this clock is off the box's, when far

    def summary(self) -> str:
        text = (
            f"{self.device}: {self.matches} match(es), {self.new_events} new event(s) "
            f"in {len(self.updated)} match(es)"
        )
        if self.bad_boots:
            text += (
                f"\n  the scoreboard's record of its power-on clocks holds "
                f"{', '.join(self.bad_boots)}, not [boot id, seconds since 1970]: ignored "
                '(the matches of those power-ons stay "date unknown"; every event synced)'
            )
        if self.unset_clock:
            text += (
                f"\n  this computer's clock says {self.unset_clock}: the scoreboard's clock was "
                'not set (matches started from now on are "date unknown" until a sync from '
                "a computer with the right time)"
            )
        if self.dropped:
            text += (
                f"\n  the scoreboard dropped {self.dropped} message(s) since power-on for a "
                "host that was not reading (each was asked for again; nothing is lost)"
            )
        for old, new in self.superseded:
            text += (
                f"\n  match {old} was restarted on the scoreboard; the old copy is kept as {new}"
            )
        if self.deleted:
            text += f"\n  freed {len(self.deleted)} finished match(es) on the scoreboard"
        for note in self.repaired:
            text += f"\n  repaired: {note}"
        if self.nearly_full:
            kept = self.kept_unfinished
            text += (
                f"\n  the scoreboard's flash is nearly full ({self.nearly_full[0]} KB free of "
                f"{self.nearly_full[1]}); this sync left its {len(kept)} unfinished match(es) "
                f"({_shortlist(kept)}), kept until unchanged for their days: free them now "
                "with `dominoboard sync --free-unfinished 0`, or abandon or delete them on the "
                "box (Matches)"
            )
        if self.clock_apart is not None:
            days = abs(self.clock_apart) / 86400
            way = "ahead of" if self.clock_apart > 0 else "behind"
            text += (
                f"\n  this computer's clock is {days:.1f} day(s) {way} the one a computer set "
                "on the scoreboard earlier in this power-on: one of them is wrong, so no "
                "unfinished match was freed for being unchanged (abandoned ones were)"
            )
        for match, why in self.unfinished:
            text += f"\n  freed unfinished match {match} on the scoreboard ({why})"
        for warning in self.damaged:
            text += f"\n  warning: {warning}"
        return text


def _shortlist(matches: list[str]) -> str:
    return ", ".join(matches[:5]) + (f" and {len(matches) - 5} more" if len(matches) > 5 else "")


def host_clock() -> str:
    """This computer's time as UTC, for saying why it was not given to the scoreboard."""
    now = time.time()
    try:
        return time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(now))
    except (ValueError, OverflowError, OSError):
        return f"{now:.0f} s since 1970"


def dropped_count(hello: dict) -> int | None:
    """The scoreboard's count of replies and pushes it dropped for a host that was not
    reading (hello's ``dropped``), or None: an older firmware, or a board that does not count."""
    n = hello.get("dropped")
    return n if isinstance(n, int) and not isinstance(n, bool) and n >= 0 else None


MAX_MATCHES = 10_000  # far more than the Pico's flash holds: a listing longer is a lie


def device_matches(link: DeviceLink) -> list[tuple[str, int]]:
    """Every (match id, event count) on the scoreboard, page by page. Each page must bring
    matches not listed before (a listing that repeats itself would never end)."""
    out: dict[str, int] = {}
    after = None
    while True:
        page = link.request("list", after=after)
        new = [(m[0], m[1]) for m in page["matches"] if m[0] not in out]
        if len(new) < len(page["matches"]) or (page["more"] and not new):
            raise BadReply(
                f"the scoreboard on {link.port} listed matches it had listed already "
                f"(after {after!r}); nothing was synced from this listing, run sync again"
            )
        out.update(new)
        if len(out) > MAX_MATCHES:
            raise BadReply(
                f"the scoreboard on {link.port} lists more than {MAX_MATCHES} matches, "
                "more than its flash can hold; nothing was synced from this listing"
            )
        if not page["more"]:
            return list(out.items())
        after = page["matches"][-1][0]


MAX_EVENTS = 200_000  # events in one match: more than the Pico's flash holds
KEEP = 10  # finished matches left on the scoreboard after a sync (`sync --keep`)
UNFINISHED_DAYS = 30.0  # an unfinished match unchanged this long is freed (`--free-unfinished`)


def bad_line(line: str) -> str | None:
    """Why an event line cannot be stored, or None: it must be UTF-8 text (the link maps
    undecodable bytes to lone surrogates) holding one JSON object."""
    try:
        line.encode()
    except UnicodeEncodeError:
        return "not UTF-8 text on the scoreboard's flash"
    try:
        value = json.loads(line)
    except ValueError:
        return "not JSON"
    return None if isinstance(value, dict) else "not a JSON object"


def check_page(page: dict, match: str, start: int) -> None:
    """A page must be the one asked for: this match, from this event, consistent counts."""
    lines = page.get("lines")
    nxt, count = page.get("next"), page.get("count")
    if (
        page.get("match") != match
        or page.get("from") != start
        or not isinstance(lines, list)
        or not isinstance(nxt, int)
        or not isinstance(count, int)
        or nxt != start + len(lines)
        or nxt > count
        or page.get("more") != (nxt < count)
        or (page["more"] and not lines)
        or count > MAX_EVENTS
    ):
        raise BadReply(
            f"the scoreboard answered events of {match} from {start} with "
            f"{page.get('match')} from {page.get('from')} (next {nxt} of {count}); "
            "nothing of it was stored, run sync again"
        )


def sync(
    link: DeviceLink,
    db: Database,
    progress: Callable[[str, int, int], None] | None = None,
    keep: int | None = None,
    unfinished_days: float | None = None,
) -> SyncReport:
    from .db import Damaged
    from .link import WINDOW

    hello = link.request("hello")
    clock = link.set_clock()
    device = hello["device"]
    db.saw_device(device, hello["firmware"])
    # the clock at the scoreboard's recent power-ons (this one included, now that it is set):
    # matches started in them are dated, those synced before as well (docs/protocol.md)
    from .link import boot_clocks

    (said, bad), (set_, bad_too) = boot_clocks(hello), boot_clocks(clock)
    db.learn_boots(device, said + set_)
    report = SyncReport(device)
    report.bad_boots = list(dict.fromkeys(bad + bad_too))
    report.dropped = dropped_count(hello)
    if not clock:  # set_clock asked nothing: this computer's clock is not one to date by
        report.unset_clock = host_clock()
    listed = device_matches(link)
    report.matches = len(listed)
    todo = collections.deque()
    for match, count in listed:
        try:
            held, _ = db.held(device, match)
        except Damaged as e:  # mend it from the scoreboard, else leave it and go on
            mended = repair(link, db, device, match, str(e), report)
            if mended is None:
                continue
            held = mended
        if held > count:  # the scoreboard holds fewer than we do: not the match we know
            report.superseded.append((match, db.supersede(device, match)))
            held = 0
        if held < count or held:  # held whole: still prove it (a reused id, same count)
            todo.append((match, held))
    added: dict[str, int] = {}
    whole: list[str] = []  # matches we now hold exactly as the scoreboard does
    in_flight: collections.deque[tuple[int, str, int]] = collections.deque()

    unreadable: set[str] = set()  # matches the device failed to page: one event at a time

    def ask(match: str, held: int) -> None:
        # Proof of what we hold, once per match: later pages follow on from our own.
        have = f"{db.held(device, match)[1]:08x}" if held and match not in added else None
        most = 1 if match in unreadable else None
        req = link.send("events", match=match, have=have, max=most, **{"from": held})
        in_flight.append((req, match, held))

    while todo or in_flight:
        while todo and len(in_flight) < WINDOW:
            ask(*todo.popleft())
        req_id, match, held = in_flight.popleft()
        try:
            page = link.reply(req_id)
        except Refused as e:
            if e.code in ("internal", "storage") and match not in unreadable:
                unreadable.add(match)  # the events before the one it cannot read, one by one
                ask(match, held)
                continue
            if e.code in ("internal", "storage"):  # it cannot read this match: the others
                report.damaged.append(
                    f"match {match} from event {held}: the scoreboard could not read it "
                    f"({e.detail}); kept events 0..{held - 1}, the rest is not synced"
                )
                continue
            if e.code != "diverged":
                raise
            report.superseded.append((match, db.supersede(device, match)))
            added[match] = added.get(match, 0)
            ask(match, 0)
            continue
        check_page(page, match, held)
        lines = page["lines"]
        for i, line in enumerate(lines):
            why = bad_line(line)
            if why:
                report.damaged.append(
                    f"match {match} event {held + i}: {why}; kept events 0..{held + i - 1}, "
                    "the rest of this match is not synced"
                )
                lines = lines[:i]
                break
        held = db.add_events(device, match, held, lines)
        added[match] = added.get(match, 0) + len(lines)
        if progress:
            progress(match, held, page["count"])
        if len(lines) < len(page["lines"]):
            continue
        if page["more"]:
            ask(match, held)
        elif held == page["count"]:
            whole.append(match)
    for match, n in added.items():
        if n:
            report.updated.append(match)
            report.new_events += n
    report.whole = [m for m, _ in listed if m in whole]
    if keep is not None:
        free_flash(link, db, device, report.whole, keep, report)
    if unfinished_days is not None:
        held = [m for m, _ in listed if m in whole and m not in report.deleted]
        by_age = clocks_agree(hello.get("clock"), report)
        free_unfinished(
            link, db, device, held, unfinished_days, report, hello.get("playing"), by_age
        )
        if report.kept_unfinished:
            report.nearly_full = nearly_full(link.request("hello").get("storage"))
    return report


CLOCKS_APART = 3600  # seconds this computer's clock and the box's may differ by


def clocks_agree(box_clock: object, report: SyncReport) -> bool:
    """Whether this computer's clock may measure how long matches have been idle: the box's
    running clock (set by a host earlier in this power-on) must agree with it. A sync under a
    clock 60 days behind, then one with the right clock, would otherwise free an unfinished
    match as "unchanged for 60 days" two minutes after it changed."""
    if type(box_clock) is not int:
        return True  # not set in this power-on: nothing to compare with
    apart = time.time() - box_clock
    if abs(apart) <= CLOCKS_APART:
        return True
    report.clock_apart = int(apart)
    return False


NEARLY_FULL = 352 * 1024  # under this free (or a quarter), the box asks for a sync (store.LOW)


def nearly_full(storage: object) -> tuple[int, int] | None:
    """(KB free, KB in all) when the scoreboard's flash is as full as it says "nearly full"
    (hello's ``storage``, as its store measures it), else None."""
    if not isinstance(storage, dict):
        return None
    free, total = storage.get("free"), storage.get("total")
    if type(free) is not int or type(total) is not int or total <= 0:
        return None
    return (free >> 10, total >> 10) if free < min(NEARLY_FULL, total // 4) else None


def repair(
    link: DeviceLink, db: Database, device: str, match: str, why: str, report: SyncReport
) -> int | None:
    """Mend our damaged copy of ``match`` from the scoreboard's (Database.repair says when it
    may); returns the events we then hold, or None (the match is left as it is, and named)."""
    theirs = fetch_all(link, match)
    refused = db.repair(device, match, theirs)
    if refused:
        report.damaged.append(
            f"match {match}: our copy is damaged ({why}) and cannot be mended from the "
            f"scoreboard ({refused}); left as it is, not synced and not deleted"
        )
        return None
    held = db.held(device, match)[0]
    report.repaired.append(
        f"match {match}: our copy was damaged ({why}); mended from the "
        f"scoreboard's ({held} event(s) proved)"
    )
    return held


def fetch_all(link: DeviceLink, match: str) -> list[str]:
    """Every event of a match the scoreboard holds, up to the first it cannot give."""
    lines: list[str] = []
    while True:
        try:
            page = link.request("events", match=match, **{"from": len(lines)})
        except Refused as e:
            if e.code in ("internal", "storage", "no_match"):
                return lines
            raise
        check_page(page, match, len(lines))
        for line in page["lines"]:
            if bad_line(line):
                return lines
            lines.append(line)
        if not page["more"]:
            return lines


def free_flash(
    link: DeviceLink, db: Database, device: str, whole: list[str], keep: int, report: SyncReport
) -> None:
    """Delete from the scoreboard the finished matches we hold whole, but the newest ``keep``
    (ids sort in the order the scoreboard made them). The device checks count and CRC again
    and never deletes the match on the table."""
    from domino import Match

    finished = []
    for match in whole:
        stored = next(db.matches(device=device, match=match), None)
        if stored is None:  # our copy disagrees with its CRC: never delete the device's
            continue
        try:
            if Match.replay(stored.setup, stored.events).over:
                finished.append(stored)
        except Exception:  # noqa: BLE001 - a match the core cannot fold is never finished
            continue
    doomed = finished[: max(0, len(finished) - keep)]
    if doomed:  # the events a delete relies on are on the disk before the first delete
        db.log_deletes(device, [stored.match for stored in doomed])
    for stored in doomed:
        count, crc = db.held(device, stored.match)
        try:
            link.request("delete", match=stored.match, count=count, crc=f"{crc:08x}")
        except Refused as e:
            if e.code in ("active", "mismatch", "no_match"):
                continue  # on the table, or changed since: the next sync tries again
            raise
        report.deleted.append(stored.match)


def free_unfinished(
    link: DeviceLink,
    db: Database,
    device: str,
    whole: list[str],
    days: float,
    report: SyncReport,
    playing: str | None = None,
    by_age: bool = True,
) -> None:
    """Delete from the scoreboard the unfinished matches we hold whole (count and CRC just
    proved) that the table abandoned (their last event is ``domino.events.ABANDONED``) or whose
    last new events we stored ``days`` or more ago (``by_age``: when this computer's clock
    agrees with the box's, clocks_agree). Never ``playing``, the match on the table
    (the device refuses it too); count and CRC are checked again by the device. The events
    are on this disk first (``Database.log_deletes``), as before free_flash's deletes."""
    from domino import Match
    from domino.events import ABANDONED

    now = datetime.datetime.now(datetime.UTC)
    chosen: list[tuple[str, str]] = []
    for match in whole:
        stored = next(db.matches(device=device, match=match), None)
        if match == playing or stored is None:  # or our copy disagrees with its CRC
            continue
        try:
            if Match.replay(stored.setup, stored.events).over:
                continue  # finished: free_flash's, by --keep
        except Exception:  # noqa: BLE001 - a match the core cannot fold is unfinished
            pass
        if stored.lines[-1] == ABANDONED:
            chosen.append((match, "abandoned at the table"))
            continue
        if not by_age:  # no clock here says how long it has been idle: it starts again now
            report.kept_unfinished.append(match)
            db.restamp(device, match)
            continue
        row = db.conn.execute(
            "SELECT synced FROM matches WHERE device = ? AND match = ?", (device, match)
        ).fetchone()
        try:
            changed = datetime.datetime.strptime(row[0], "%Y-%m-%dT%H:%M:%SZ")
        except (TypeError, ValueError):
            report.kept_unfinished.append(match)
            continue  # no time known: never freed by age
        idle = now - changed.replace(tzinfo=datetime.UTC)
        if idle >= datetime.timedelta(days=days):
            chosen.append((match, f"unchanged for {idle.days} day(s)"))
        else:
            report.kept_unfinished.append(match)
    if not chosen:
        return
    db.log_deletes(device, [match for match, _ in chosen])
    for match, why in chosen:
        count, crc = db.held(device, match)
        try:
            link.request("delete", match=match, count=count, crc=f"{crc:08x}")
        except Refused as e:
            if e.code in ("active", "mismatch", "no_match"):
                continue  # on the table, or changed since: the next sync looks again
            raise
        report.unfinished.append((match, why))


def add_parser(subparsers: argparse._SubParsersAction) -> None:
    from .options import add_db_argument, add_port_argument

    p = subparsers.add_parser(
        "sync",
        description="Copy every event the database does not hold yet from "
        "the scoreboard. Safe to repeat and to interrupt.",
    )
    p.add_argument(
        "--keep",
        type=keep_count,
        default=KEEP,
        metavar="N",
        help="after syncing, delete from the scoreboard the finished matches the database holds "
        f"whole, except the newest N (default {KEEP}; 'all' deletes nothing)",
    )
    p.add_argument(
        "--free-unfinished",
        type=days_count,
        default=UNFINISHED_DAYS,
        metavar="DAYS",
        help="also delete from the scoreboard the unfinished matches the database holds whole "
        "that the table abandoned or that have not changed for DAYS days (default "
        f"{UNFINISHED_DAYS:g}; 'never' keeps them); never the match on the table",
    )
    add_port_argument(p)
    add_db_argument(p)
    p.set_defaults(func=run)


def keep_count(text: str) -> int | None:
    if text == "all":
        return None
    if not text.isdigit():
        raise argparse.ArgumentTypeError(f"{text!r}: a whole number of matches >= 0, or 'all'")
    return int(text)


def days_count(text: str) -> float | None:
    if text == "never":
        return None
    try:
        days = float(text)
    except ValueError:
        days = -1.0
    if not days >= 0:  # also NaN
        raise argparse.ArgumentTypeError(f"{text!r}: a number of days >= 0, or 'never'")
    return days


def run(args: argparse.Namespace) -> int:
    import sqlite3

    from .options import open_db, open_link

    with open_link(args) as link, open_db(args, create=True) as db:
        try:
            report = sync(
                link, db, keep=args.keep, unfinished_days=getattr(args, "free_unfinished", None)
            )
        except sqlite3.Error as e:  # a full disk, a file damaged under us
            raise db.error("sync", e) from e
    print(report.summary(), file=sys.stdout)
    return 1 if report.damaged else 0
