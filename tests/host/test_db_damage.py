"""The match database when things go wrong: damaged rows, a damaged file,
a read-only file, a full disk. Each gives a message naming the file or the match and what to
do, never a traceback, and never a silent export with matches missing."""

import json
import os
import shutil
import sqlite3
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from test_sync_e2e import EXAMPLES, match_lines

from dominoboard.cli import main
from dominoboard.db import Database
from dominoboard.errors import CliError
from harness.pty_device import PtyDevice, port_args

CLI = "import sys; from dominoboard.cli import main; sys.exit(main(sys.argv[1:]))"


def filled(path, count=3):
    held = {}
    with Database(path) as db:
        for i, example in enumerate(EXAMPLES[:count]):
            held[f"m{i:03d}"] = match_lines(example)
            db.add_events("pico-1", f"m{i:03d}", 0, held[f"m{i:03d}"])
    return held


def test_a_damaged_row_is_found_by_check_and_export_says_which_match(tmp_path, capsys):
    db_path = tmp_path / "db.sqlite3"
    filled(db_path)
    assert main(["check", "--db", str(db_path)]) == 0
    assert "3 match(es)" in capsys.readouterr().out
    conn = sqlite3.connect(db_path)
    with conn:  # one event of m001 altered, one of m002 gone: counts and CRCs disagree
        conn.execute(
            "UPDATE events SET line = ? WHERE idx = 5 AND match = "
            "(SELECT id FROM matches WHERE match = 'm001')",
            ('{"k":"pass","p":1}',),
        )
        conn.execute(
            "DELETE FROM events WHERE idx = 7 AND match = "
            "(SELECT id FROM matches WHERE match = 'm002')"
        )
    conn.close()
    assert main(["check", "--db", str(db_path)]) == 1
    err = capsys.readouterr().err
    assert "damaged: match pico-1/m001: holds" in err and "match pico-1/m002" in err
    out = tmp_path / "x.csv"
    assert main(["export", "--db", str(db_path), "-o", str(out)]) == 1
    err = capsys.readouterr().err
    assert "warning: match pico-1/m001 skipped" in err and "pico-1/m002 skipped" in err
    assert {line.split(",")[2] for line in out.read_text().splitlines()[1:]} == {"m000"}


def test_a_damaged_file_is_named_without_a_traceback(tmp_path, capsys):
    db_path = tmp_path / "db.sqlite3"
    filled(db_path)
    data = bytearray(db_path.read_bytes())
    data[4096 * 2 :] = b"\xa5" * (len(data) - 4096 * 2)  # garbage after the schema
    db_path.write_bytes(bytes(data))
    for args in (["check"], ["export"], ["stats"]):
        code = main([*args, "--db", str(db_path)])
        err = capsys.readouterr().err
        assert code == 1, args
        assert str(db_path) in err and ("damaged" in err or "not a dominoboard" in err), err


def test_a_full_disk_stops_sync_with_words_and_keeps_what_was_stored(tmp_path):
    db_path = tmp_path / "db.sqlite3"
    held = filled(db_path, 1)
    with Database(db_path) as db:
        pages = db.conn.execute("PRAGMA page_count").fetchone()[0]
        db.conn.execute(f"PRAGMA max_page_count = {pages + 1}")  # the disk is full
        big = ['{"k":"note","text":"%s"}' % ("x" * 900)] * 40
        with pytest.raises(CliError, match="is full .*nothing of this page was stored"):
            db.add_events("pico-1", "m009", 0, big)
    with Database(db_path) as db:
        assert {m.match: m.lines for m in db.matches()} == held
        assert db.check()[2] == []


@pytest.mark.skipif(shutil.which("setpriv") is None or os.geteuid() != 0, reason="needs root")
@pytest.mark.parametrize("schema", ["now", "before the seal"])
def test_a_read_only_database_is_read_and_sync_says_it_is_read_only(tmp_path, schema):
    # Before: "not a dominoboard database". Root ignores permissions, so the CLI runs as
    # nobody on a folder and file it may only read. One from before the seal cannot be
    # sealed: it is read as it is. The folder is one of its own in /tmp, not under pytest's:
    # another pytest session that starts meanwhile sets pytest-of-<user> back to 0700 (a
    # full make test beside a narrow run failed with "Permission denied").
    with tempfile.TemporaryDirectory() as above:
        os.chmod(above, 0o755)
        folder = Path(above) / "ro"
        folder.mkdir()
        db_path = folder / "db.sqlite3"
        filled(db_path, 2)
        if schema == "before the seal":
            with sqlite3.connect(db_path) as conn:
                conn.execute("ALTER TABLE matches DROP COLUMN seal")
            conn.close()
        folder.chmod(0o755)
        db_path.chmod(0o644)
        read_only_database_checks(db_path, tmp_path)


def read_only_database_checks(db_path: Path, tmp_path: Path) -> None:
    def as_nobody(*args: str) -> subprocess.CompletedProcess:
        return subprocess.run(
            ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", sys.executable]
            + ["-c", CLI, *args],
            capture_output=True,
            text=True,
            timeout=60,
        )

    export = as_nobody("export", "--db", str(db_path), "--format", "json")
    assert export.returncode == 0, export.stderr
    assert export.stdout.count('"match":') == 2
    check = as_nobody("check", "--db", str(db_path))
    assert check.returncode == 0, check.stderr
    with PtyDevice(tmp_path / "flash") as device:
        os.chmod(device.port, 0o666)
        sync = as_nobody("sync", "--db", str(db_path), *port_args(device.port))
    assert sync.returncode == 1, sync.stderr
    assert "is read-only (no write permission on the file)" in sync.stderr


def test_check_finds_a_mixed_match(tmp_path, capsys):
    # A `live` that took a new match's events for the old one's continuation stored a match
    # whose CRC covered what it stored: check said 0 problems.
    from test_live_store import lines_of

    db_path = tmp_path / "db.sqlite3"
    filled(db_path)
    muggins, allfives = lines_of("muggins"), lines_of("allfives")
    with Database(db_path) as db:
        db.add_events("pico-1", "m0001", 0, muggins[:12] + allfives[12:20])
    assert main(["check", "--db", str(db_path)]) == 1
    err = capsys.readouterr().err
    assert "match pico-1/m0001: event 12 is refused by the rules core" in err
    assert "two matches were stored under one id" in err
    assert "m000" not in err.replace("m0001", "")  # the sound matches are not named


@pytest.mark.parametrize(
    "cell, value, said",
    [("date", "1999-01-01T00:00:00Z", "date cell says '1999"), ("game", "bergen", "game cell")],
)
def test_check_finds_a_changed_cell_outside_the_crc(tmp_path, capsys, cell, value, said):
    # The date and game cells are outside the CRC: changed, they changed the export silently.
    db_path = tmp_path / "db.sqlite3"
    filled(db_path)
    with sqlite3.connect(db_path) as conn:
        conn.execute(f"UPDATE matches SET {cell} = ? WHERE match = 'm001'", (value,))
    conn.close()
    assert main(["check", "--db", str(db_path)]) == 1
    err = capsys.readouterr().err
    assert f"match pico-1/m001: its {said}" in err and "m000" not in err


def test_check_takes_a_date_from_the_power_on_clock_as_sound(tmp_path):
    from test_live_store import lines_of

    muggins = lines_of("muggins")
    setup = json.loads(muggins[0])
    setup.pop("date", None)
    setup.update(boot="0badf00d.2", up=60)
    with Database(tmp_path / "db.sqlite3") as db:
        db.add_events("pico-1", "m0001", 0, [json.dumps(setup)] + muggins[1:])
        assert db.learn_boots("pico-1", [("0badf00d.2", 1_750_000_000)]) == 1
        assert db.check()[2] == []
        db.conn.execute("UPDATE matches SET date = NULL")
        assert "its date cell says None" in db.check()[2][0]


IDENTITY = {  # a cell outside the events' CRC, changed; check names the row by what it says now
    "device": ("device = 'pico-2'", "pico-2/m001"),
    "match id": ("match = 'm007'", "pico-1/m007"),
    "date": ("date = '1999-01-01T00:00:00Z'", "pico-1/m001"),
}


@pytest.mark.parametrize("cell", IDENTITY)
def test_check_and_export_find_a_changed_identity_cell(tmp_path, capsys, cell):
    # Before: the device and match id cells were read as they were, and export printed a
    # changed date; check and export exit 0 with the row moved or re-dated.
    db_path = tmp_path / "db.sqlite3"
    filled(db_path)
    change, named = IDENTITY[cell]
    with sqlite3.connect(db_path) as conn:
        conn.execute(f"UPDATE matches SET {change} WHERE match = 'm001'")
    conn.close()
    assert main(["check", "--db", str(db_path)]) == 1
    out, err = capsys.readouterr()
    assert f"damaged: match {named}: " in err and "1 problem(s)" in out, err
    csv_path = tmp_path / "x.csv"
    assert main(["export", "--db", str(db_path), "-o", str(csv_path)]) == 1
    assert f"warning: match {named} skipped: " in capsys.readouterr().err
    assert {row.split(",")[2] for row in csv_path.read_text().splitlines()[1:]} == {
        "m000",
        "m002",
    }


def test_a_database_from_before_the_seal_keeps_its_matches_and_is_sealed(tmp_path, capsys):
    db_path = tmp_path / "db.sqlite3"
    held = filled(db_path)
    with sqlite3.connect(db_path) as conn:  # the schema of the round before
        conn.execute("ALTER TABLE matches DROP COLUMN seal")
    conn.close()
    with Database(db_path) as db:
        assert {m.match: m.lines for m in db.matches()} == held and not db.problems
        assert db.check()[2] == []
    with sqlite3.connect(db_path) as conn:  # sealed on open: a change is found from now on
        conn.execute("UPDATE matches SET device = 'pico-2' WHERE match = 'm002'")
    conn.close()
    assert main(["check", "--db", str(db_path)]) == 1
    assert "damaged: match pico-2/m002: " in capsys.readouterr().err
