"""The match database on the host: every event of every match synced, in SQLite.

One row per event, keyed (match, index), so a sync that is interrupted and run again can only
add what is missing. Each match row keeps how many events it holds and their CRC, the proof
the scoreboard asks for before it deletes its copy, and a seal: the CRC of the row's cells the
events do not prove (device, match id, game, date, power-on), so no cell changes unseen.
"""

import datetime
import json
import os
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
    date TEXT,                -- when the match started (UTC); NULL: date unknown
    count INTEGER NOT NULL DEFAULT 0,
    crc INTEGER NOT NULL DEFAULT 0,
    synced TEXT,              -- when its last new events were stored
    boot TEXT,                -- the scoreboard's power-on the match started in (its setup)
    up INTEGER,               -- seconds after that power-on it started
    seal INTEGER,             -- CRC-32 of device .. up (cells_seal): what crc does not cover
    UNIQUE (device, match)
);
CREATE TABLE IF NOT EXISTS boots (     -- the host's clock at a scoreboard's power-on
    device TEXT NOT NULL,
    boot TEXT NOT NULL,               -- <flash id>.<power-on count>, as the scoreboard says
    epoch INTEGER NOT NULL,           -- seconds since 1970 (UTC) at that power-on
    PRIMARY KEY (device, boot)
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


COLUMNS = "id, device, match, game, date, count, crc, boot, up, seal"  # _read's, in order
ROW_OF_M = ", ".join(f"m.{c}" for c in COLUMNS.split(", "))  # the same, of ``matches m``
REPAIR = (
    "damaged: `dominoboard sync` mends it while the scoreboard still holds the match, "
    "else restore a backup"
)


class Damaged(Exception):
    """Our copy of a match disagrees with itself (the message says how)."""


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
        self.columns, self.sealed = COLUMNS, True  # an old read-only file: _read_as_it_is
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        try:
            self.conn = sqlite3.connect(self.path)
            # WAL: a commit per synced page costs no fsync of its own, and a crash or a kill
            # still leaves the database at its last commit (the scoreboard keeps its copy).
            self.conn.execute("PRAGMA journal_mode = WAL")
            self.conn.execute("PRAGMA synchronous = NORMAL")
            self.conn.executescript(SCHEMA)
            self._add_dating()
            self._add_seal()
        except sqlite3.DatabaseError as e:
            if not create and ("readonly" in str(e) or _read_only(self.path)):
                self._open_read_only()  # export, stats, plot, check only read
                self._read_as_it_is()
            else:
                raise self.error("open", e) from e

    def _add_dating(self) -> None:
        """A database from before match dates: add the boot columns, and date every match
        again from its setup line alone. Such a database dated a match whose setup has no date
        by its first sync, a time the match was not played: that becomes "date unknown",
        until a sync learns the clock of the match's power-on."""
        columns = [r[1] for r in self.conn.execute("PRAGMA table_info(matches)")]
        if "boot" in columns:
            return
        with self.conn:
            self.conn.execute("ALTER TABLE matches ADD COLUMN boot TEXT")
            self.conn.execute("ALTER TABLE matches ADD COLUMN up INTEGER")
            rows = self.conn.execute(
                "SELECT m.id, e.line FROM matches m JOIN events e ON e.match = m.id AND e.idx = 0"
            ).fetchall()
            for row_id, line in rows:
                facts = _setup_facts(line) if isinstance(line, str) else {}
                facts.pop("game", None)
                self.conn.execute(
                    "UPDATE matches SET date = ?, boot = ?, up = ? WHERE id = ?",
                    (facts.get("date"), facts.get("boot"), facts.get("up"), row_id),
                )

    def _add_seal(self) -> None:
        """A database from before the seal: seal every match row as it stands. Its game and
        date are still held to the setup by ``check``; its device and match id are taken as
        they are, the only record of them."""
        columns = [r[1] for r in self.conn.execute("PRAGMA table_info(matches)")]
        if "seal" in columns:
            return
        with self.conn:
            self.conn.execute("ALTER TABLE matches ADD COLUMN seal INTEGER")
            for row in self.conn.execute(f"SELECT {self.columns} FROM matches").fetchall():
                self._reseal(row[0])

    def _reseal(self, row_id: int | None) -> None:
        """Seal a match row's cells as they now are: only after writing them from what the
        scoreboard proved (a setup line, a power-on's clock), never over a damaged row."""
        self.conn.execute(
            "UPDATE matches SET seal = ? WHERE id = ?", (self._seal_of_row(row_id), row_id)
        )

    def _seal_of_row(self, row_id: int | None) -> int:
        row = self.conn.execute(f"SELECT {self.columns} FROM matches WHERE id = ?", (row_id,))
        return cells_seal(row.fetchone())

    def _open_read_only(self) -> None:
        try:
            self.conn = sqlite3.connect(f"file:{self.path}?mode=ro", uri=True)
            self.conn.execute("SELECT count FROM matches LIMIT 1").fetchall()
        except sqlite3.DatabaseError:
            try:  # a WAL database in a folder we cannot write: read it as it is
                self.conn = sqlite3.connect(f"file:{self.path}?immutable=1", uri=True)
                self.conn.execute("SELECT count FROM matches LIMIT 1").fetchall()
            except sqlite3.DatabaseError as e:
                raise self.error("open", e) from e

    def _read_as_it_is(self) -> None:
        """An older database we may not migrate: its missing cells read as NULL, and its rows,
        never sealed, are not held to a seal (``check`` still holds game and date to the
        setup)."""
        have = {r[1] for r in self.conn.execute("PRAGMA table_info(matches)")}
        self.columns = ", ".join(c if c in have else f"NULL AS {c}" for c in COLUMNS.split(", "))
        self.sealed = "seal" in have

    def error(self, doing: str, e: sqlite3.Error) -> CliError:
        """What went wrong with the database file, in words a person can act on."""
        text = str(e)
        if "readonly" in text or "read-only" in text or _read_only(self.path):
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

    def learn_boots(self, device: str, boots: list[tuple[str, int]]) -> int:
        """Keep the clock of the scoreboard's power-ons (``[boot, epoch at power-on]``, from
        hello and the clock reply) and date the matches we hold that started in one of them
        and had no date. Returns how many matches got their date."""
        try:
            with self.conn:
                self.conn.executemany(
                    "INSERT OR IGNORE INTO boots(device, boot, epoch) VALUES (?, ?, ?)",
                    [(device, boot, epoch) for boot, epoch in boots],
                )
                return self._date_matches(device)
        except sqlite3.DatabaseError as e:
            raise self.error("storing the scoreboard's clock", e) from e

    def _date_matches(self, device: str) -> int:
        """Date the undated matches of ``device`` whose power-on's clock we know (never a row
        whose seal is broken: its power-on cells may be the damage)."""
        rows = self.conn.execute(
            f"SELECT {ROW_OF_M}, strftime('%Y-%m-%dT%H:%M:%SZ', b.epoch + m.up, 'unixepoch') "
            "FROM matches m JOIN boots b ON b.device = m.device AND b.boot = m.boot "
            "WHERE m.device = ? AND m.date IS NULL AND m.up IS NOT NULL",
            (device,),
        ).fetchall()
        dated = 0
        for *row, date in rows:
            if row[-1] == cells_seal(row):
                self.conn.execute("UPDATE matches SET date = ? WHERE id = ?", (date, row[0]))
                self._reseal(row[0])
                dated += 1
        return dated

    def held(self, device: str, match: str) -> tuple[int, int]:
        """(events held, their CRC) for a scoreboard's match; (0, 0) if none yet. Raises
        Damaged when our copy disagrees with itself (a cell of the wrong type, events that are
        not the count and CRC recorded at sync): sync must not add to it."""
        row = self.conn.execute(
            f"SELECT {self.columns} FROM matches WHERE device = ? AND match = ?", (device, match)
        ).fetchone()
        if row is None:
            return (0, 0)
        stored, why = self._read(row)
        if why:
            raise Damaged(why)
        return (len(stored.lines), row[6]) if stored else (0, 0)

    def event(self, device: str, match: str, index: int) -> str | None:
        """Event ``index`` of a scoreboard's match as we hold it, or None."""
        row = self.conn.execute(
            "SELECT line FROM events JOIN matches ON events.match = matches.id "
            "WHERE device = ? AND matches.match = ? AND idx = ?",
            (device, match, index),
        ).fetchone()
        return row[0] if row is not None and isinstance(row[0], str) else None

    def repair(self, device: str, match: str, theirs: list[str]) -> str | None:
        """Mend our damaged copy of a match from the scoreboard's events ``theirs``, if they
        prove what we synced: their first ``count`` events have the CRC recorded at sync (our
        events were damaged), or our events, intact and in order, are the start of theirs
        (the count or the CRC cell was damaged). Our copy becomes those events, nothing more:
        sync then adds the rest as usual. Returns None when mended, else why not (unchanged)."""
        try:
            with self.conn:
                return self._repair(device, match, theirs)
        except sqlite3.DatabaseError as e:
            raise self.error(f"repairing match {match}", e) from e

    def _repair(self, device: str, match: str, theirs: list[str]) -> str | None:
        row = self.conn.execute(
            f"SELECT {self.columns} FROM matches WHERE device = ? AND match = ?", (device, match)
        ).fetchone()
        if row is None:
            return "no copy to repair"
        row_id, count, crc = row[0], row[5], row[6]
        held = self.conn.execute("SELECT COUNT(*) FROM events WHERE match = ?", (row_id,))
        ours = self._intact_start(row_id)
        proven = _is_int(count) and _is_int(crc) and count <= len(theirs)
        if proven and crc_of(theirs[:count]) == crc:
            ours = theirs[:count]
        elif len(ours) != held.fetchone()[0] or ours != theirs[: len(ours)]:
            return "the scoreboard's events are not the ones synced"
        self.conn.execute("DELETE FROM events WHERE match = ?", (row_id,))
        self.conn.executemany(
            "INSERT INTO events(match, idx, line) VALUES (?, ?, ?)",
            [(row_id, i, line) for i, line in enumerate(ours)],
        )
        # the scoreboard proved the events under this device and id: every other cell is
        # what they say (a damaged date, game or power-on cell is mended here)
        fields = {"count": len(ours), "crc": crc_of(ours), **self._cells_from(device, ours)}
        sets = ", ".join(f"{k} = ?" for k in fields)
        self.conn.execute(f"UPDATE matches SET {sets} WHERE id = ?", (*fields.values(), row_id))
        self._reseal(row_id)
        return None

    def add_events(self, device: str, match: str, start: int, lines: list[str]) -> int:
        """Store events start.. of a match in one transaction; returns the new count.

        ``start`` must be the count held: a page is added whole or not at all, so nothing is
        ever stored twice or with a gap."""
        try:
            return self._add_events(device, match, start, lines)
        except sqlite3.DatabaseError as e:
            raise self.error(f"storing match {match}", e) from e

    def _add_events(self, device: str, match: str, start: int, lines: list[str]) -> int:
        with self.conn:
            row = self.conn.execute(
                "SELECT id, count, crc FROM matches WHERE device = ? AND match = ?", (device, match)
            ).fetchone()
            if row is None:
                cur = self.conn.execute(
                    "INSERT INTO matches(device, match) VALUES (?, ?)", (device, match)
                )
                row = (cur.lastrowid, 0, 0)  # sealed with its setup, its first event
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
            if start == 0 and lines:  # every cell the seal covers is the setup's now; and
                self._reseal(row_id)  # started in a power-on whose clock we know: dated now
                self._date_matches(device)
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
            raise self.error("making the synced events durable", e) from e

    def _cells_from(self, device: str, lines: list[str]) -> dict:
        """The game, date and power-on cells a match's events give: its setup's, the date its
        own or else its power-on's clock (the boots table), else None ("date unknown")."""
        if not lines:
            return {"game": None, "date": None, "boot": None, "up": None}
        facts = _setup_facts(lines[0])
        if facts["date"] is None and facts["boot"] is not None:
            row = self.conn.execute(
                "SELECT strftime('%Y-%m-%dT%H:%M:%SZ', epoch + ?, 'unixepoch') FROM boots "
                "WHERE device = ? AND boot = ?",
                (facts["up"], device, facts["boot"]),
            ).fetchone()
            facts["date"] = row[0] if row is not None else None
        return facts

    def _cells_disagree(self, stored: StoredMatch) -> str | None:
        """Why the game and date cells (outside the CRC) are not what the match's setup and
        its power-on's clock give, or None. Exports print those cells."""
        want = self._cells_from(stored.device, stored.lines)
        for name, cell in (("game", stored.game), ("date", stored.date)):
            if cell != want[name]:
                return (
                    f"its {name} cell says {cell!r}, its setup {want[name]!r} (a cell outside "
                    f"the CRC changed); {REPAIR}"
                )
        return None

    def restamp(self, device: str, match: str) -> None:
        """Count a match's idleness from now: its ``synced`` time was taken by a clock that
        disagrees with the scoreboard's (sync.clocks_agree), so it measures nothing."""
        try:
            with self.conn:
                self.conn.execute(
                    "UPDATE matches SET synced = ? WHERE device = ? AND match = ?",
                    (_now(), device, match),
                )
        except sqlite3.Error as e:
            raise self.error(f"storing match {match}", e) from e

    def supersede(self, device: str, match: str) -> str:
        """Keep our copy of a match the scoreboard no longer has as it was (its id was reused
        after a reset): rename it ``match~N`` so a fresh copy can be synced. Returns the name.
        Its seal follows the new name only when it held for the old one."""
        n = 1
        while self.conn.execute(
            "SELECT 1 FROM matches WHERE device = ? AND match = ?", (device, f"{match}~{n}")
        ).fetchone():
            n += 1
        row = self.conn.execute(
            f"SELECT {self.columns} FROM matches WHERE device = ? AND match = ?", (device, match)
        ).fetchone()
        with self.conn:
            self.conn.execute("UPDATE matches SET match = ? WHERE id = ?", (f"{match}~{n}", row[0]))
            if row[-1] == cells_seal(row):
                self._reseal(row[0])
        return f"{match}~{n}"

    # -- reading -----------------------------------------------------------------------

    def matches(self, device: str | None = None, match: str | None = None) -> Iterator[StoredMatch]:
        """The stored matches whose events agree with their recorded count and CRC; the
        others are skipped and named in ``problems``."""
        try:
            yield from self._matches(device, match)
        except sqlite3.DatabaseError as e:
            raise self.error("reading", e) from e

    def _matches(self, device: str | None, match: str | None) -> Iterator[StoredMatch]:
        sql = f"SELECT {self.columns} FROM matches WHERE 1"
        args: list[str] = []
        if device is not None:
            sql += " AND device = ?"
            args.append(device)
        if match is not None:
            sql += " AND match = ?"
            args.append(match)
        for row in self.conn.execute(sql + " ORDER BY date, device, match", args).fetchall():
            stored, why = self._read(row)
            if why:
                self.problems.append(f"match {_name(row)} skipped: {why}")
            elif stored:
                yield stored

    def _read(self, row: tuple) -> tuple[StoredMatch | None, str | None]:
        """A match row and its events, every cell type-checked and the events checked against
        the count and CRC recorded at sync: (the match, None), or (None, why it is damaged).
        (None, None) for a row that holds no events and says so (a match whose first line the
        scoreboard could not give)."""
        row_id, dev, mid, game, date, count, crc, _, _, seal = row
        for column, value, allowed in (
            ("device", dev, str),
            ("match", mid, str),
            ("game", game, str | None),
            ("date", date, str | None),
        ):
            if not isinstance(value, allowed):
                return None, f"its {column} is {_kind(value)}, not text; {REPAIR}"
        for column, value in (("count", count), ("crc", crc)):
            if not _is_int(value):
                return None, f"its {column} is {_kind(value)}, not a whole number; {REPAIR}"
        rows = self.conn.execute(
            "SELECT idx, line FROM events WHERE match = ? ORDER BY idx", (row_id,)
        ).fetchall()
        for i, (idx, line) in enumerate(rows):
            if idx != i or not _is_int(idx):
                return None, (
                    f"event {i} is missing (holds {len(rows)}, {count} were synced); {REPAIR}"
                )
            if not isinstance(line, str):
                return None, f"event {i} is {_kind(line)}, not text; {REPAIR}"
        lines = [line for _, line in rows]
        wrong = _disagrees(lines, count, crc)
        if wrong:
            return None, wrong
        if not lines:
            return None, None
        stored = StoredMatch(row_id, dev, mid, game, date, lines)
        if self.sealed and seal != cells_seal(row):
            return None, self._cells_disagree(stored) or (
                "its device, match id or power-on cell changed after sync (the cells disagree "
                f"with their seal); {REPAIR}"
            )
        return stored, None

    def _intact_start(self, row_id: int) -> list[str]:
        """Our events of a match up to the first one missing or not text."""
        lines = []
        for i, (idx, line) in enumerate(
            self.conn.execute(
                "SELECT idx, line FROM events WHERE match = ? ORDER BY idx", (row_id,)
            ).fetchall()
        ):
            if idx != i or not _is_int(idx) or not isinstance(line, str):
                break
            lines.append(line)
        return lines

    def event_count(self) -> int:
        return self.conn.execute("SELECT COUNT(*) FROM events").fetchone()[0]

    def integrity(self) -> list[str]:
        """SQLite's quick check of the file: [] when sound."""
        try:
            found = [r[0] for r in self.conn.execute("PRAGMA quick_check").fetchall()]
        except sqlite3.DatabaseError as e:
            raise self.error("checking", e) from e
        return [] if found == ["ok"] else [f"{self.path} is damaged: {x}" for x in found[:5]]

    def check(self) -> tuple[int, int, list[str]]:
        """(matches, events, problems): SQLite's own check, then every match's events against
        the count and CRC recorded when they were synced, then folded by the rules core (a
        mixed match, events of two under one id, is refused where the second begins)."""
        try:
            problems = self.integrity()
            rows = self.conn.execute(
                f"SELECT {self.columns} FROM matches ORDER BY device, match"
            ).fetchall()
            events = 0
            for row in rows:
                stored, why = self._read(row)
                events += len(stored.lines) if stored else 0
                if why:
                    problems.append(f"match {_name(row)}: {why}")
                elif stored and stored.lines:
                    why = self._cells_disagree(stored) or _refused_by_core(stored.lines)
                    if why:
                        problems.append(f"match {_name(row)}: {why}")
            stray = self.conn.execute(
                "SELECT COUNT(*) FROM events WHERE match NOT IN (SELECT id FROM matches)"
            ).fetchone()[0]
            if stray:
                problems.append(f"{stray} event(s) belong to no match")
        except sqlite3.DatabaseError as e:
            raise self.error("checking", e) from e
        return len(rows), events, problems


def _refused_by_core(lines: list[str]) -> str | None:
    """Where the rules core refuses a match's events, or None. A setup this host's core does
    not know (a newer firmware's game) says nothing of its events: None as well."""
    from domino import DominoError, Match
    from domino.events import loads

    try:
        match = Match(loads(lines[0]))
    except (DominoError, ValueError, TypeError):
        return None
    for i, line in enumerate(lines[1:], 1):
        try:
            match.apply(loads(line))
        except (DominoError, ValueError, TypeError) as e:
            return (
                f"event {i} is refused by the rules core ({e}): it does not continue events "
                f"0..{i - 1}, as if two matches were stored under one id; export the match to "
                "see where, and sync again while the scoreboard still holds it"
            )
    return None


def _disagrees(lines: list[str], count: int, crc: int) -> str | None:
    """Why ``lines`` are not the events synced (count and CRC recorded then), or None."""
    got = crc_of(lines)
    if len(lines) == count and got == crc:
        return None
    return (
        f"holds {len(lines)} event(s) (crc {got:08x}) but {count} (crc {crc & 0xFFFFFFFF:08x}) "
        f"were synced; {REPAIR}"
    )


def cells_seal(row: tuple | list) -> int:
    """The seal of a match row (COLUMNS): the CRC-32 of the cells its events' CRC does not
    cover, whatever they hold (a damaged cell changes the seal, never raises)."""
    _, device, match, game, date, _, _, boot, up, _ = row
    cells = json.dumps([device, match, game, date, boot, up], default=repr)
    return zlib.crc32(cells.encode("utf-8", "surrogateescape"))


def crc_of(lines: list[str]) -> int:
    """The CRC-32 of events as the scoreboard computes it (each line as UTF-8, then a newline)."""
    crc = 0
    for line in lines:
        crc = zlib.crc32(line.encode("utf-8", "surrogateescape") + b"\n", crc)
    return crc


def _is_int(value: object) -> bool:
    return type(value) is int and 0 <= value <= 0xFFFFFFFF


def _kind(value: object) -> str:
    """What a cell holds, in SQLite's words."""
    if value is None:
        return "NULL"
    if isinstance(value, bytes):
        return "a BLOB"
    if isinstance(value, float):
        return f"a real number ({value!r})"
    if isinstance(value, int):
        return f"{value} (out of range)"
    return f"text ({str(value)[:20]!r})"


def _name(row: tuple) -> str:
    """A match row's device/match, readable whatever its cells hold."""
    return "/".join(v if isinstance(v, str) else _kind(v) for v in row[1:3])


def _read_only(path: str) -> bool:
    """An existing database we may not write: the file, its folder (SQLite makes its -wal and
    -shm files there) or the whole file system."""
    folder = os.path.dirname(os.path.abspath(path))
    return os.path.isfile(path) and not (os.access(path, os.W_OK) and os.access(folder, os.W_OK))


def _access(path: str) -> str:
    folder = os.path.dirname(os.path.abspath(path))
    try:
        if os.statvfs(folder).f_flag & os.ST_RDONLY:
            return "on a read-only file system"
    except OSError:
        pass
    if os.path.exists(path) and not os.access(path, os.W_OK):
        return "no write permission on the file"
    if not os.access(os.path.dirname(os.path.abspath(path)), os.W_OK):
        return "no write permission on its folder"
    return "opened read-only"


def _setup_facts(line: str) -> dict:
    try:
        setup = json.loads(line)
    except ValueError:
        setup = {}
    if not isinstance(setup, dict):
        setup = {}
    date = setup.get("date")
    game = setup.get("game")
    boot, up = setup.get("boot"), setup.get("up")
    known = isinstance(boot, str) and type(up) is int and 0 <= up < 2**31
    return {
        "game": game if isinstance(game, str) else None,
        # never the time of a sync: a match without a date is "date unknown" until the clock
        # of its power-on is known (Database.learn_boots)
        "date": date if isinstance(date, str) else None,
        "boot": boot if known else None,
        "up": up if known else None,
    }
