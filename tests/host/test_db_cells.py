"""Every stored cell type- and CRC-checked on read.

One flipped bit in a match row (its count 32 -> 0) used to hide that match from export and
stats, exit 0, and make every later sync fail "not a dominoboard database (UNIQUE constraint
failed...)". A cell of the wrong type (a BLOB event line, a text or real CRC, a text count, a
BLOB date) gave tracebacks, or exports that exit 0 with rows that differ from the undamaged
database's. Now a damaged match is named and skipped, the others are read as ever, and sync
mends the copy from the scoreboard when the scoreboard proves what was synced.
"""

import json
import os
import shutil
import sqlite3
import subprocess
import sys

import pytest
from test_db_damage import CLI, filled
from test_sync_e2e import EXAMPLES, db_lines, loaded_device

from dominoboard.cli import main
from harness.pty_device import PtyDevice, port_args

DAMAGE = {  # (SQL, what the warning says); each hits match m001 only
    "count 32 -> 0": ("UPDATE matches SET count = 0 WHERE match = 'm001'", "but 0 (crc"),
    "count is text": (
        "UPDATE matches SET count = 'thirty' WHERE match = 'm001'",
        "its count is text ('thirty'), not a whole number",
    ),
    "crc is text": (
        "UPDATE matches SET crc = 'c0ffee' WHERE match = 'm001'",
        "its crc is text ('c0ffee'), not a whole number",
    ),
    "crc is real": (
        "UPDATE matches SET crc = crc + 0.5 WHERE match = 'm001'",
        "its crc is a real number",
    ),
    "date is a blob": (
        "UPDATE matches SET date = CAST(date AS BLOB) WHERE match = 'm001'",
        "its date is a BLOB, not text",
    ),
    "game is a blob": (
        "UPDATE matches SET game = x'07' WHERE match = 'm001'",
        "its game is a BLOB, not text",
    ),
    "an event line is a blob": (
        "UPDATE events SET line = CAST(line AS BLOB) WHERE idx = 3 AND match = "
        "(SELECT id FROM matches WHERE match = 'm001')",
        "event 3 is a BLOB, not text",
    ),
    "an event index is text": (
        "UPDATE events SET idx = 'x' WHERE idx = 5 AND match = "
        "(SELECT id FROM matches WHERE match = 'm001')",
        "event 5 is missing",
    ),
}


def damage(db_path, sql: str) -> None:
    conn = sqlite3.connect(db_path)
    with conn:
        conn.execute(sql)
    conn.close()


def run(capsys, *args: str) -> tuple[int, str, str]:
    code = main(list(args))  # a traceback here fails the test
    out, err = capsys.readouterr()
    return code, out, err


def csv_rows(text: str, leave_out: str = "") -> list[str]:
    return [row for row in text.splitlines()[1:] if row.split(",")[2] != leave_out]


@pytest.mark.parametrize("kind", DAMAGE)
def test_a_damaged_cell_names_its_match_and_every_other_is_read_as_ever(tmp_path, capsys, kind):
    db_path = tmp_path / "db.sqlite3"
    filled(db_path)
    db = str(db_path)
    code, whole_csv, _ = run(capsys, "export", "--db", db)
    assert code == 0
    _, whole_json, _ = run(capsys, "export", "--db", db, "--format", "json")
    _, whole_stats, _ = run(capsys, "stats", "--db", db, "--json")

    sql, says = DAMAGE[kind]
    damage(db_path, sql)
    named = "match pico-1/m001"

    code, out, err = run(capsys, "export", "--db", db)
    assert code == 1 and f"warning: {named} skipped: " in err and says in err, err
    assert csv_rows(out) == csv_rows(whole_csv, leave_out="m001")

    code, out, err = run(capsys, "export", "--db", db, "--format", "json")
    assert code == 1 and named in err
    assert [m["match"] for m in json.loads(out)["matches"]] == [
        m["match"] for m in json.loads(whole_json)["matches"] if m["match"] != "m001"
    ]

    code, out, err = run(capsys, "stats", "--db", db, "--json")
    assert code == 1 and f"warning: {named} skipped: " in err and says in err, err
    assert json.loads(out)["players"] != json.loads(whole_stats)["players"]  # m001 left out

    code, out, err = run(capsys, "check", "--db", db)
    assert code == 1 and f"damaged: {named}: " in err and says in err, err
    assert "1 problem(s)" in out

    code, out, err = run(capsys, "plot", "--players", "--db", db, "--out", str(tmp_path / "p.png"))
    assert code == 1 and f"warning: {named} skipped" in err, err


@pytest.mark.parametrize("kind", ["count 32 -> 0", "crc is text", "an event line is a blob"])
def test_sync_mends_a_damaged_copy_from_the_scoreboard_and_syncs_the_rest(tmp_path, capsys, kind):
    device, held = loaded_device(tmp_path, EXAMPLES[:3])
    db_path = tmp_path / "db.sqlite3"
    with device:
        assert main(["sync", *port_args(device.port), "--db", str(db_path), "--keep", "all"]) == 0
        capsys.readouterr()
        damage(db_path, DAMAGE[kind][0].replace("'m001'", "'m000'"))
        extra = '{"k":"note","text":"after the damage"}'
        device.append("m002", extra)  # the others still sync
        held["m002"].append(extra)
        code, out, err = run(capsys, "sync", *port_args(device.port), "--db", str(db_path))
        assert code == 0, err
        assert "repaired: match m000: our copy was damaged (" in out, out
        assert "1 new event(s) in 1 match(es)" in out
        code, out, err = run(capsys, "sync", *port_args(device.port), "--db", str(db_path))
        assert code == 0 and "repaired" not in out and "0 new event(s)" in out
    assert db_lines(db_path) == held
    assert main(["check", "--db", str(db_path)]) == 0


def test_a_copy_the_scoreboard_cannot_vouch_for_is_named_and_the_others_sync(tmp_path, capsys):
    device, held = loaded_device(tmp_path, EXAMPLES[:3])
    db_path = tmp_path / "db.sqlite3"
    with device:
        assert main(["sync", *port_args(device.port), "--db", str(db_path), "--keep", "all"]) == 0
        capsys.readouterr()
        # A line and the count both damaged: neither our events nor the record prove them.
        damage(db_path, DAMAGE["an event line is a blob"][0].replace("'m001'", "'m000'"))
        damage(db_path, "UPDATE matches SET count = 3 WHERE match = 'm000'")
        before = sqlite3.connect(db_path).execute("SELECT * FROM events").fetchall()
        extra = '{"k":"note","text":"after the damage"}'
        device.append("m002", extra)
        held["m002"].append(extra)
        code, out, err = run(capsys, "sync", *port_args(device.port), "--db", str(db_path))
        assert code == 1, err
        assert "warning: match m000: our copy is damaged (" in out
        assert "left as it is, not synced and not deleted" in out
        assert "1 new event(s) in 1 match(es)" in out
    lines = db_lines(db_path)
    assert lines == {k: v for k, v in held.items() if k != "m000"}
    after = sqlite3.connect(db_path).execute("SELECT * FROM events").fetchall()
    assert [r for r in after if r in before] == before  # nothing of m000 removed


@pytest.mark.skipif(shutil.which("unshare") is None, reason="needs unshare to mount a file system")
def test_a_valid_database_on_a_read_only_disk_is_read(tmp_path):
    db_path = tmp_path / "db.sqlite3"
    filled(db_path, 2)
    script = (
        'set -e; mnt="$1"; shift; mount -t tmpfs tmpfs "$mnt"; cp "$DB" "$mnt/db.sqlite3"; '
        'mount -o remount,ro "$mnt"; exec "$@"'
    )
    mnt = tmp_path / "mnt"
    mnt.mkdir()

    def on_read_only_disk(*args: str) -> subprocess.CompletedProcess:
        return subprocess.run(
            ["unshare", "-rm", "sh", "-c", script, "sh", str(mnt), sys.executable, "-c", CLI]
            + [*args, "--db", str(mnt / "db.sqlite3")],
            capture_output=True,
            text=True,
            timeout=60,
            env={**os.environ, "DB": str(db_path)},
        )

    probe = on_read_only_disk("check")
    if "mount" in probe.stderr and probe.returncode != 0 and "dominoboard" not in probe.stderr:
        pytest.skip(f"cannot mount here: {probe.stderr.strip()}")
    assert probe.returncode == 0, probe.stderr
    assert "2 match(es)" in probe.stdout
    export = on_read_only_disk("export", "--format", "json")
    assert export.returncode == 0, export.stderr
    assert export.stdout.count('"match":') == 2
    stats = on_read_only_disk("stats")
    assert stats.returncode == 0, stats.stderr
    with PtyDevice(tmp_path / "flash") as device:
        sync = on_read_only_disk("sync", *port_args(device.port))
    assert sync.returncode == 1, sync.stderr
    assert "is read-only (on a read-only file system): sync needs to write it" in sync.stderr


def test_sync_mends_a_changed_date_cell_from_the_scoreboard(tmp_path, capsys):
    # The date cell is outside the events' CRC: its seal finds the change, and the scoreboard,
    # proving the events, gives the date back.
    device, held = loaded_device(tmp_path, EXAMPLES[:2])
    db_path = tmp_path / "db.sqlite3"
    with device:
        assert main(["sync", *port_args(device.port), "--db", str(db_path), "--keep", "all"]) == 0
        dated = dict(sqlite3.connect(db_path).execute("SELECT match, date FROM matches"))
        capsys.readouterr()
        damage(db_path, "UPDATE matches SET date = '1999-01-01T00:00:00Z' WHERE match = 'm001'")
        assert main(["check", "--db", str(db_path)]) == 1
        code, out, err = run(capsys, "sync", *port_args(device.port), "--db", str(db_path))
        assert code == 0, err
        assert "repaired: match m001: our copy was damaged (its date cell says '1999" in out, out
    assert dict(sqlite3.connect(db_path).execute("SELECT match, date FROM matches")) == dated
    assert db_lines(db_path) == held
    assert main(["check", "--db", str(db_path)]) == 0
