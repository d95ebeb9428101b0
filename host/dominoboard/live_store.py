"""What `dominoboard live` stores: every event it receives, into the match database, as sync.

`live` already receives every event as the table plays it, so it keeps the database current
itself instead of making a club stop the board to sync. It writes nothing of its own kind:

- on connecting it runs sync (``sync.sync``, the very function `dominoboard sync` runs, with its
  count and CRC proofs), nothing freed on the scoreboard;
- then each pushed event that continues a match it has proved (held whole at that sync, by
  count and CRC, or started since at index 0) is stored with ``Database.add_events``, the
  function sync stores a page with, in its own transaction; a push of an event we hold is
  compared with ours, and one that differs (another match under that id: its setup names
  another power-on) falls back to a sync, which keeps our copy aside and reads the new one;
- anything else falls back to a sync: a gap (a push lost, or one for a match not yet proved),
  a damaged line (sync names it and keeps the events before), our copy failing its own CRC
  check (sync mends or names it).

So a `live` killed at any instant leaves what an interrupted sync leaves: each match a prefix of
the scoreboard's, and the next sync (or `live`) carries on from there.
"""

from __future__ import annotations

import queue
from typing import TYPE_CHECKING

from .follow import Keeper
from .sync import SyncReport, bad_line, sync

if TYPE_CHECKING:
    from .db import Database
    from .link import DeviceLink


class LiveStore:
    """One scoreboard's events into ``db``: ``connected`` after the link opens, ``push`` for
    each pushed event. ``report`` is the last sync's (its warnings are shown on the board)."""

    def __init__(self, db: Database):
        self.db = db
        self.device: str | None = None
        self.proven: set[str] = set()  # matches held exactly as the scoreboard holds them
        self.report: SyncReport | None = None
        self.stored = 0  # events stored from pushes since connecting
        self.syncs = 0  # syncs run (the one on connecting included)

    def connected(self, link: DeviceLink) -> SyncReport:
        """Sync everything the scoreboard holds; from then on pushes continue proved matches."""
        return self.resync(link)

    def resync(self, link: DeviceLink) -> SyncReport:
        import sqlite3

        try:
            report = sync(link, self.db)
        except sqlite3.Error as e:  # a full disk, a file damaged under us: said in words
            raise self.db.error("live's sync", e) from e
        self.syncs += 1
        self.report = report
        self.device = report.device
        damaged = {w.split()[1] for w in report.damaged if w.startswith("match ")}
        # what the scoreboard holds and we hold alike, by count and CRC: never a match of
        # ours it no longer lists (deleted at the table, freed), whose id a new one may take
        self.proven = set(report.whole) - damaged - set(report.deleted)
        return report

    def db_counts(self, device: str) -> list[tuple[str, int]]:
        return self.db.conn.execute(
            "SELECT match, count FROM matches WHERE device = ?", (device,)
        ).fetchall()

    def push(self, link: DeviceLink, match: str, index: int, line: str) -> str:
        """Store pushed event ``index`` of ``match``. Returns "stored", "old" (held already) or
        "synced" (it did not simply continue what we hold: a sync ran instead)."""
        from .db import Damaged

        if self.device is None:
            self.resync(link)
            return "synced"
        import sqlite3

        try:
            held, _ = self.db.held(self.device, match)
        except Damaged:
            self.resync(link)
            return "synced"
        except sqlite3.Error as e:
            raise self.db.error(f"reading match {match}", e) from e
        if index < held and match in self.proven:
            if self.db.event(self.device, match, index) == line:
                return "old"
            # not what we hold under this id: another match took it (its setup names
            # another power-on, its events others); sync keeps ours aside and reads it
            self.resync(link)
            return "synced"
        new_match = index == 0 and held == 0
        if index == held and (match in self.proven or new_match) and not bad_line(line):
            self.db.add_events(self.device, match, index, [line])
            self.proven.add(match)
            self.stored += 1
            return "stored"
        self.resync(link)
        return "synced"


class StoreKeeper(Keeper):
    """The board's Keeper (follow.Keeper) that stores every event and serves other programs'
    requests (control.Session, from ``sessions``) between pushes."""

    def __init__(self, db: Database, sessions: queue.Queue | None = None):
        self.store = LiveStore(db)
        self.sessions: queue.Queue = sessions if sessions is not None else queue.Queue()
        self.served = 0  # control sessions run
        self.changes = 0  # bumped whenever something was stored (the club board reads it)
        self.warnings: list[str] = []
        self.tonight: set[tuple[str, str]] = set()  # (device, match) the table played on
        self.known: set[str] = set()  # scoreboards synced once in this run (shared by a club)

    def connected(self, link: DeviceLink) -> None:
        self._synced(self.store.connected(link))

    def _synced(self, report: SyncReport) -> None:
        """After a sync: what it brought counts for tonight, except at the first sync of a
        scoreboard in this run (what it held when the evening began is history)."""
        self.warnings = list(report.damaged)
        self.changes += 1
        if report.device in self.known:
            self.tonight.update((report.device, m) for m in report.updated)
        self.known.add(report.device)

    def pushed(self, link: DeviceLink, match: str, index: int, line: str) -> None:
        done = self.store.push(link, match, index, line)
        if self.store.device is not None:
            self.tonight.add((self.store.device, match))
        if done == "synced" and self.store.report is not None:
            self._synced(self.store.report)
        elif done == "stored":
            self.changes += 1

    def between(self, link: DeviceLink) -> bool:
        """One turn for each waiting client (control.Session.serve); one with more to ask
        waits for the next turn, after the board has followed the table."""
        ran = False
        for _ in range(self.sessions.qsize()):
            try:
                session = self.sessions.get_nowait()
            except queue.Empty:
                break
            over = True
            try:
                over = session.serve(link)
            finally:
                if over:
                    self.served += 1
                    ran = True
                else:
                    self.sessions.put(session)
        if ran:  # the client may have synced, deleted, stored names: hold what it holds
            self._synced(self.store.resync(link))
        return ran

    def waiting(self) -> bool:
        return not self.sessions.empty()

    def quiet(self, link: DeviceLink) -> None:
        """A push lost on the way leaves a match one behind until the next: compare counts."""
        from .sync import device_matches

        device = self.store.device
        if device is None:
            return
        ours = dict(self.store.db_counts(device))
        listed = device_matches(link)
        self.store.proven &= {m for m, _ in listed}  # gone from the box: its id may come back
        if any(ours.get(m) != n for m, n in listed):
            self._synced(self.store.resync(link))

    def status(self, link: DeviceLink) -> str:
        parts = [f"following {link.port}", f"stored {self.store.stored} event(s) as played"]
        report = self.store.report
        if report is not None and report.dropped is not None:
            parts.append(f"{report.dropped} message(s) dropped by the scoreboard")
        if self.served:
            parts.append(f"{self.served} request session(s) served")
        text = " · ".join(parts)
        if self.warnings:
            text += " · warning: " + self.warnings[-1]
        return text
