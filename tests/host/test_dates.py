"""Match dates are when the match was played, or "date unknown": never the time of a sync.

The scoreboard has no clock of its own. Each match's setup records its start against the
power-on it was played in (``boot``: a count kept on flash with a random id per flash
lifetime; ``up``: seconds since that power-on); the first host to set the clock in a
power-on dates that power-on, and with it every match started in it. The emulated scoreboard
here is the real app on the MicroPython unix port with virtual time, its serial on a pty;
the host side is the real CLI, pyserial and SQLite.
"""

import csv
import json
import sqlite3
import time
import zlib
from datetime import UTC, datetime

from dominoboard.cli import main
from dominoboard.db import Database
from dominoboard.emulate import Emulator
from harness.pty_device import patient_link, port_args, wait_for

FROM_START = ["press OK"] * 4  # Start → New match → Muggins → rules → names: all defaults
FROM_TABLE = ["hold OK 900", "press UP", "press UP", "press OK"] + ["press OK"] * 3  # Menu →
# New match → Muggins → rules → names
TICK = "tick 60000"  # a minute of virtual time (the app is stepped through it: not hours)


def power_on(flash, commands: list[str]) -> Emulator:
    emu = Emulator(str(flash), realtime=False)
    try:
        for command in commands:
            emu.send(command)
        emu.send("frame")  # commands run in order: once this frame arrives, all are done
        frames: list[str] = []
        wait_for(lambda: bool(frames.extend(emu.frames()) or frames), timeout=60)
    except BaseException:
        emu.stop()  # no emulator left running behind a failed test
        raise
    return emu


def setups(db_path) -> dict[str, dict]:
    with Database(db_path) as db:
        return {m.match: m.setup for m in db.matches()}


def dates(db_path) -> dict[str, str | None]:
    with Database(db_path) as db:
        return {m.match: m.date for m in db.matches()}


def when(text: str | None) -> float:
    assert text is not None, "date unknown"
    return datetime.strptime(text, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=UTC).timestamp()


def test_matches_are_dated_by_their_power_on_never_by_the_sync(tmp_path, capsys):
    flash, db = tmp_path / "flash", tmp_path / "matches.sqlite3"
    # Power-on 1: a match with no host anywhere; the plug is pulled 2 minutes later.
    power_on(flash, FROM_START + [TICK] * 2).stop()
    # Power-on 2: another match a minute in; still no host; power cut.
    power_on(flash, [TICK] + FROM_TABLE).stop()
    # Power-on 3: a match half a minute in, then 3 minutes of play before a host comes.
    emu = power_on(flash, ["tick 30000"] + FROM_TABLE + [TICK] * 3)
    try:
        before = time.time()
        assert main(["sync", *port_args(emu.port), "--db", str(db)]) == 0
        after = time.time()
        with patient_link(emu.port) as link:
            hello = link.request("hello")
    finally:
        emu.stop()
    got = setups(db)
    assert sorted(got) == ["m0001", "m0002", "m0003"]
    boots = [got[m]["boot"] for m in sorted(got)]
    flash_id = boots[0].split(".")[0]
    assert boots == [f"{flash_id}.1", f"{flash_id}.2", f"{flash_id}.3"]
    assert hello["boot"] == f"{flash_id}.3" and hello["dating"] == 1
    (known,) = hello["boots"]  # only power-on 3 met a host
    assert known[0] == f"{flash_id}.3"
    # Before: m0001 and m0002 carried the time of this sync. Now they are unknown, and m0003
    # is dated 3 minutes (and the presses' few seconds) before the sync.
    found = dates(db)
    assert found["m0001"] is None and found["m0002"] is None
    played = when(found["m0003"])
    assert before - 3 * 60 - 30 <= played <= after - 3 * 60 + 1
    assert played == known[1] + got["m0003"]["up"]

    out = tmp_path / "hands.json"
    assert main(["export", "--db", str(db), "--format", "json", "-o", str(out)]) == 0
    docs = {d["match"]: d["date"] for d in json.loads(out.read_text())["matches"]}
    assert docs == {"m0001": None, "m0002": None, "m0003": found["m0003"]}

    # Power-on 4: a match, then the host; power-on 3's date stays, 1 and 2 stay unknown.
    emu = power_on(flash, ["tick 5000"] + FROM_TABLE + [TICK])
    try:
        assert main(["sync", *port_args(emu.port), "--db", str(db)]) == 0
    finally:
        emu.stop()
    again = dates(db)
    assert again["m0001"] is None and again["m0002"] is None
    assert again["m0003"] == found["m0003"]
    assert 60 <= time.time() - when(again["m0004"]) <= time.time() - before + 65


def test_a_match_synced_undated_gets_its_date_once_its_power_on_is_known(tmp_path):
    """A match held before its power-on's clock was known (synced by an older host, stored
    live) is dated when a later sync brings that clock; another flash lifetime's restarted
    count with the same number is not (a wiped box draws a new flash id)."""
    setup = {"game": "muggins", "players": ["Ana", "Ben"], "boot": "0badf00d.2", "up": 90}
    other = dict(setup, boot="feedbeef.2", up=30)
    with Database(tmp_path / "m.sqlite3") as db:
        db.add_events("pico-1", "m0001", 0, [json.dumps(setup)])
        db.add_events("pico-1", "m0002", 0, [json.dumps(other)])
        assert {m.match: m.date for m in db.matches()} == {"m0001": None, "m0002": None}
        assert db.learn_boots("pico-1", [("0badf00d.2", 1_750_000_000)]) == 1
        assert db.learn_boots("pico-1", [("0badf00d.1", 1_740_000_000)]) == 0
        assert {m.match: m.date for m in db.matches()} == {
            "m0001": "2025-06-15T15:08:10Z",  # 1,750,000,090
            "m0002": None,
        }
        # a match synced after its power-on's clock is known is dated as it is stored
        db.add_events("pico-1", "m0003", 0, [json.dumps(dict(setup, up=3600))])
        assert next(db.matches(match="m0003")).date == "2025-06-15T16:06:40Z"
        # another scoreboard's power-on of the same id dates nothing here
        db.add_events("pico-2", "m0001", 0, [json.dumps(setup)])
        assert next(db.matches(device="pico-2")).date is None


def test_a_database_that_dated_by_the_sync_forgets_those_dates(tmp_path):
    """A database written before match dates holds the first sync's time for a match whose
    setup had no date: opened now, that match is "date unknown"; a setup's own date stays."""
    path = tmp_path / "old.sqlite3"
    conn = sqlite3.connect(path)
    conn.executescript(
        """
        CREATE TABLE matches (id INTEGER PRIMARY KEY, device TEXT NOT NULL, match TEXT NOT NULL,
            game TEXT, date TEXT, count INTEGER NOT NULL DEFAULT 0,
            crc INTEGER NOT NULL DEFAULT 0, synced TEXT, UNIQUE (device, match));
        CREATE TABLE events (match INTEGER NOT NULL, idx INTEGER NOT NULL, line TEXT NOT NULL,
            PRIMARY KEY (match, idx)) WITHOUT ROWID;
        """
    )
    lines = {
        1: json.dumps({"game": "muggins", "players": ["Ana", "Ben"]}),
        2: json.dumps(
            {"game": "muggins", "players": ["Ana", "Ben"], "date": "2025-01-02T03:04:05Z"}
        ),
    }
    for row_id, line in lines.items():
        crc = zlib.crc32(line.encode() + b"\n")
        conn.execute(
            "INSERT INTO matches VALUES (?, 'pico-1', ?, 'muggins', '2026-11-26T20:00:00Z', 1, ?,"
            " '2026-11-26T20:00:00Z')",
            (row_id, f"m000{row_id}", crc),
        )
        conn.execute("INSERT INTO events VALUES (?, 0, ?)", (row_id, line))
    conn.commit()
    conn.close()
    assert dates(path) == {"m0001": None, "m0002": "2025-01-02T03:04:05Z"}
    out = tmp_path / "hands.csv"
    assert main(["export", "--db", str(path), "-o", str(out)]) == 0  # no finished hands: header
    with open(out, newline="", encoding="utf-8") as f:
        assert next(csv.reader(f))[0] == "date"
