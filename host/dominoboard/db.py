"""The match database on the host: every event of every match synced, in SQLite.

One row per event, keyed (match, index), so a sync that is interrupted and run again can only
add what is missing. Each match row keeps how many events it holds and their CRC, the proof
the scoreboard asks for before it deletes its copy.
"""

import argparse
import datetime
import json
import os
import sqlite3
import sys
import zlib
from collections.abc import Iterator
from pathlib import Path

import platformdirs

from .errors import CliError

SCHEMA = """
CREATE TABLE IF NOT EXISTS devices (
    id TEXT PRIMARY KEY,
    firmware TEXT,
    seen TEXT
);
CREATE TABLE IF NOT EXISTS matches (
    id INTEGER PRIMARY KEY,
    device TEXT NOT NULL,
    match TEXT NOT NULL,      -- the scoreboard's id; a superseded copy gets a ~N suffix
    game TEXT,
    date TEXT,                -- the setup's date, else when the first event was synced
    count INTEGER NOT NULL DEFAULT 0,
    crc INTEGER NOT NULL DEFAULT 0,
    synced TEXT,              -- when its last new events were stored
    UNIQUE (device, match)
);
CREATE TABLE IF NOT EXISTS events (
    match INTEGER NOT NULL REFERENCES matches(id),
    idx INTEGER NOT NULL,
    line TEXT NOT NULL,
    PRIMARY KEY (match, idx)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS deletes (   -- matches sync asked the scoreboard to delete
    device TEXT NOT NULL,
    match TEXT NOT NULL,
    asked TEXT NOT NULL
);
"""


def default_path() -> Path:
    return platformdirs.user_data_path("dominoboard") / "matches.sqlite3"


def _now() -> str:
    return datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


class StoredMatch:
    def __init__(
        self,
        row_id: int,
        device: str,
        match: str,
        game: str | None,
        date: str | None,
        lines: list[str],
    ):
        self.row_id = row_id
        self.device = device
        self.match = match
        self.game = game
        self.date = date
        self.lines = lines

    @property
    def setup(self) -> dict:
        return json.loads(self.lines[0])

    @property
    def events(self) -> list[dict]:
        return [json.loads(line) for line in self.lines[1:]]


class Database:
    """``create=False`` for commands that only read: a mistyped --db must not leave an empty
    database behind, so a missing file is an error there, and only sync makes one."""

    def __init__(self, path: str | Path | None = None, create: bool = True):
        self.path = str(path) if path is not None else str(default_path())
        if self.path != ":memory:" and not create and not Path(self.path).is_file():
            raise CliError(
                f"{self.path}: no such match database; `dominoboard sync` creates it, "
                "or name an existing one with --db"
            )
        self.problems: list[str] = []  # matches ``matches`` skipped: their CRC disagrees
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        try:
            self.conn = sqlite3.connect(self.path)
            # WAL: a commit per synced page costs no fsync of its own, and a crash or a kill
            # still leaves the database at its last commit (the scoreboard keeps its copy).
            self.conn.execute("PRAGMA journal_mode = WAL")
            self.conn.execute("PRAGMA synchronous = NORMAL")
            self.conn.executescript(SCHEMA)
        except sqlite3.DatabaseError as e:
            if "readonly" in str(e) and not create:
                self._open_read_only()  # export, stats, plot, check only read
            else:
                raise self._error("open", e) from e

    def _open_read_only(self) -> None:
        try:
            self.conn = sqlite3.connect(f"file:{self.path}?mode=ro", uri=True)
            self.conn.execute("SELECT count FROM matches LIMIT 1").fetchall()
        except sqlite3.DatabaseError:
            try:  # a WAL database in a folder we cannot write: read it as it is
                self.conn = sqlite3.connect(f"file:{self.path}?immutable=1", uri=True)
                self.conn.execute("SELECT count FROM matches LIMIT 1").fetchall()
            except sqlite3.DatabaseError as e:
                raise self._error("open", e) from e

    def _error(self, doing: str, e: sqlite3.Error) -> CliError:
        """What went wrong with the database file, in words a person can act on."""
        text = str(e)
        if "readonly" in text or "read-only" in text:
            return CliError(
                f"{self.path} is read-only ({_access(self.path)}): sync needs to write it; "
                "make it writable or choose another file with --db"
            )
        if "full" in text:
            return CliError(
                f"the disk holding {self.path} is full ({doing}: {text}); nothing of this "
                "page was stored: free some space and run sync again"
            )
        if "malformed" in text or "corrupt" in text:
            return CliError(
                f"{self.path} is damaged ({text}); `dominoboard check` says which matches "
                "are intact; restore a backup, or sync into a new file with --db"
            )
        return CliError(
            f"{self.path}: not a dominoboard database ({text}); choose another file with --db"
        )

    def close(self) -> None:
        self.conn.close()

    def __enter__(self) -> "Database":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- sync --------------------------------------------------------------------------

    def saw_device(self, device: str, firmware: str) -> None:
        with self.conn:
            self.conn.execute(
                "INSERT INTO devices(id, firmware, seen) VALUES (?, ?, ?) "
                "ON CONFLICT(id) DO UPDATE SET firmware = excluded.firmware, seen = excluded.seen",
                (device, firmware, _now()),
            )

    def held(self, device: str, match: str) -> tuple[int, int]:
        """(events held, their CRC) for a scoreboard's match; (0, 0) if none yet."""
        row = self.conn.execute(
            "SELECT count, crc FROM matches WHERE device = ? AND match = ?", (device, match)
        ).fetchone()
        return (row[0], row[1]) if row else (0, 0)

    def add_events(self, device: str, match: str, start: int, lines: list[str]) -> int:
        """Store events start.. of a match in one transaction; returns the new count.

        ``start`` must be the count held: a page is added whole or not at all, so nothing is
        ever stored twice or with a gap."""
        try:
            return self._add_events(device, match, start, lines)
        except sqlite3.DatabaseError as e:
            raise self._error(f"storing match {match}", e) from e

    def _add_events(self, device: str, match: str, start: int, lines: list[str]) -> int:
        with self.conn:
            row = self.conn.execute(
                "SELECT id, count, crc FROM matches WHERE device = ? AND match = ?", (device, match)
            ).fetchone()
            if row is None:
                cur = self.conn.execute(
                    "INSERT INTO matches(device, match) VALUES (?, ?)", (device, match)
                )
                row = (cur.lastrowid, 0, 0)
            row_id, count, crc = row
            if start != count:
                raise CliError(f"match {match}: got events from {start} but hold {count}")
            self.conn.executemany(
                "INSERT INTO events(match, idx, line) VALUES (?, ?, ?)",
                [(row_id, start + i, line) for i, line in enumerate(lines)],
            )
            for line in lines:
                crc = zlib.crc32(line.encode() + b"\n", crc)
            fields = {"count": count + len(lines), "crc": crc}
            if lines:  # when the match last changed: sync frees an unfinished one by it
                fields["synced"] = _now()
            if start == 0 and lines:
                fields.update(_setup_facts(lines[0]))
            sets = ", ".join(f"{k} = ?" for k in fields)
            self.conn.execute(f"UPDATE matches SET {sets} WHERE id = ?", (*fields.values(), row_id))
        return count + len(lines)

    def log_deletes(self, device: str, matches: list[str]) -> None:
        """Write down the matches sync is about to delete from the scoreboard, durably, and with
        them every commit before: the events those deletes rely on.

        Pages are committed with ``synchronous = NORMAL``: in WAL that costs no fsync, and the
        commits reach the disk at the next checkpoint, which may come after the deletes or,
        while another program holds the database open, not at all. A write transaction under
        ``synchronous = FULL`` fsyncs the WAL file at its commit, and with it every earlier
        commit; unlike a checkpoint, no reader of the database can hold it back. (It must
        change a page: SQLite writes nothing for a row updated to the value it had.)"""
        try:
            self.conn.execute("PRAGMA synchronous = FULL")
            try:
                with self.conn:
                    self.conn.executemany(
                        "INSERT INTO deletes(device, match, asked) VALUES (?, ?, ?)",
                        [(device, match, _now()) for match in matches],
                    )
            finally:
                self.conn.execute("PRAGMA synchronous = NORMAL")
        except sqlite3.DatabaseError as e:
            raise self._error("making the synced events durable", e) from e

    def supersede(self, device: str, match: str) -> str:
        """Keep our copy of a match the scoreboard no longer has as it was (its id was reused
        after a reset): rename it ``match~N`` so a fresh copy can be synced. Returns the name."""
        n = 1
        while self.held(device, f"{match}~{n}") != (0, 0):
            n += 1
        with self.conn:
            self.conn.execute(
                "UPDATE matches SET match = ? WHERE device = ? AND match = ?",
                (f"{match}~{n}", device, match),
            )
        return f"{match}~{n}"

    # -- reading -----------------------------------------------------------------------

    def matches(self, device: str | None = None, match: str | None = None) -> Iterator[StoredMatch]:
        """The stored matches whose events agree with their recorded count and CRC; the
        others are skipped and named in ``problems``."""
        try:
            yield from self._matches(device, match)
        except sqlite3.DatabaseError as e:
            raise self._error("reading", e) from e

    def _matches(self, device: str | None, match: str | None) -> Iterator[StoredMatch]:
        sql = "SELECT id, device, match, game, date, count, crc FROM matches WHERE count > 0"
        args: list[str] = []
        if device is not None:
            sql += " AND device = ?"
            args.append(device)
        if match is not None:
            sql += " AND match = ?"
            args.append(match)
        for row_id, dev, mid, game, date, count, crc in self.conn.execute(
            sql + " ORDER BY date, device, match", args
        ).fetchall():
            lines = self._lines(row_id)
            wrong = _disagrees(lines, count, crc)
            if wrong:
                self.problems.append(f"match {dev}/{mid} skipped: {wrong}")
                continue
            yield StoredMatch(row_id, dev, mid, game, date, lines)

    def _lines(self, row_id: int) -> list[str]:
        rows = self.conn.execute(
            "SELECT idx, line FROM events WHERE match = ? ORDER BY idx", (row_id,)
        ).fetchall()
        if any(idx != i for i, (idx, _) in enumerate(rows)):  # a gap: the lines up to it
            rows = rows[: next(i for i, (idx, _) in enumerate(rows) if idx != i)]
        return [line for _, line in rows]

    def event_count(self) -> int:
        return self.conn.execute("SELECT COUNT(*) FROM events").fetchone()[0]

    def integrity(self) -> list[str]:
        """SQLite's quick check of the file: [] when sound."""
        try:
            found = [r[0] for r in self.conn.execute("PRAGMA quick_check").fetchall()]
        except sqlite3.DatabaseError as e:
            raise self._error("checking", e) from e
        return [] if found == ["ok"] else [f"{self.path} is damaged: {x}" for x in found[:5]]

    def check(self) -> tuple[int, int, list[str]]:
        """(matches, events, problems): SQLite's own check, then every match's events against
        the count and CRC recorded when they were synced."""
        try:
            problems = self.integrity()
            rows = self.conn.execute(
                "SELECT id, device, match, count, crc FROM matches ORDER BY device, match"
            ).fetchall()
            events = 0
            for row_id, dev, mid, count, crc in rows:
                lines = self._lines(row_id)
                events += len(lines)
                wrong = _disagrees(lines, count, crc)
                if wrong:
                    problems.append(f"match {dev}/{mid}: {wrong}")
            stray = self.conn.execute(
                "SELECT COUNT(*) FROM events WHERE match NOT IN (SELECT id FROM matches)"
            ).fetchone()[0]
            if stray:
                problems.append(f"{stray} event(s) belong to no match")
        except sqlite3.DatabaseError as e:
            raise self._error("checking", e) from e
        return len(rows), events, problems


def _disagrees(lines: list[str], count: int, crc: int) -> str | None:
    """Why ``lines`` are not the events synced (count and CRC recorded then), or None."""
    got = 0
    for line in lines:
        got = zlib.crc32(line.encode("utf-8", "surrogateescape") + b"\n", got)
    if len(lines) == count and got == crc:
        return None
    return (
        f"holds {len(lines)} event(s) (crc {got:08x}) but {count} (crc {crc:08x}) were synced; "
        "damaged: sync it again into a new --db, or restore a backup"
    )


def _access(path: str) -> str:
    if os.path.exists(path) and not os.access(path, os.W_OK):
        return "no write permission on the file"
    if not os.access(os.path.dirname(os.path.abspath(path)), os.W_OK):
        return "no write permission on its folder"
    return "opened read-only"


def add_parser(subparsers: argparse._SubParsersAction) -> None:
    from .cli import add_db_argument

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


def _setup_facts(line: str) -> dict:
    try:
        setup = json.loads(line)
    except ValueError:
        setup = {}
    if not isinstance(setup, dict):
        setup = {}
    date = setup.get("date")
    game = setup.get("game")
    return {
        "game": game if isinstance(game, str) else None,
        "date": date if isinstance(date, str) else _now(),
    }
