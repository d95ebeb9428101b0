"""The match database on the host: every event of every match synced, in SQLite.

One row per event, keyed (match, index), so a sync that is interrupted and run again can only
add what is missing. Each match row keeps how many events it holds and their CRC, the proof
the scoreboard asks for before it deletes its copy.
"""

import datetime
import json
import sqlite3
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
    synced TEXT,
    UNIQUE (device, match)
);
CREATE TABLE IF NOT EXISTS events (
    match INTEGER NOT NULL REFERENCES matches(id),
    idx INTEGER NOT NULL,
    line TEXT NOT NULL,
    PRIMARY KEY (match, idx)
) WITHOUT ROWID;
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
            raise CliError(
                f"{self.path}: not a dominoboard database ({e}); choose another file with --db"
            ) from e

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
            fields = {"count": count + len(lines), "crc": crc, "synced": _now()}
            if start == 0 and lines:
                fields.update(_setup_facts(lines[0]))
            sets = ", ".join(f"{k} = ?" for k in fields)
            self.conn.execute(f"UPDATE matches SET {sets} WHERE id = ?", (*fields.values(), row_id))
        return count + len(lines)

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
        sql = "SELECT id, device, match, game, date FROM matches WHERE count > 0"
        args: list[str] = []
        if device is not None:
            sql += " AND device = ?"
            args.append(device)
        if match is not None:
            sql += " AND match = ?"
            args.append(match)
        for row_id, dev, mid, game, date in self.conn.execute(
            sql + " ORDER BY date, device, match", args
        ).fetchall():
            lines = [
                r[0]
                for r in self.conn.execute(
                    "SELECT line FROM events WHERE match = ? ORDER BY idx", (row_id,)
                )
            ]
            yield StoredMatch(row_id, dev, mid, game, date, lines)

    def event_count(self) -> int:
        return self.conn.execute("SELECT COUNT(*) FROM events").fetchone()[0]


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
