"""UTF-8 end to end: one emoji in a name used to travel as a surrogate
pair that MicroPython stored as CESU-8, and every later sync, export and live died on it.

The device is the real MicroPython unix port over a pty; the damaged match is written with the
firmware's own record format, as a flash holding the old firmware's CESU-8 would be."""

import json

from test_sync_e2e import EXAMPLES, db_lines, match_lines

from dominoboard.cli import main
from dominoboard.db import Database
from dominoboard.follow import Follower, fetch
from dominoboard.sync import sync
from harness.pty_device import PtyDevice, patient_link, port_args
from scoreboard.journal import encode

CESU8_EMOJI = b"\xed\xa0\xbd\xed\xb8\x80"  # U+1F600 as MicroPython stored "\ud83d\ude00"


def test_names_refuses_an_emoji_before_sending_and_names_the_character(tmp_path, capsys):
    with PtyDevice(tmp_path / "flash") as device:
        assert main(["names", *port_args(device.port), "Ana", "Ben😀"]) == 1
        err = capsys.readouterr().err
        assert "U+1F600" in err and "nothing was sent" in err
        for bad in ("Ana\u202e", "\ud800", "Tab\there"):
            assert main(["names", *port_args(device.port), bad]) == 1
        with patient_link(device.port) as link:
            assert link.request("hello")["names"] == []


def test_names_travel_as_nfc_utf8(tmp_path):
    with PtyDevice(tmp_path / "flash") as device:
        assert main(["names", *port_args(device.port), "Jose\u0301", "Zoë", "Œdipe €"]) == 0
        with patient_link(device.port) as link:
            assert link.request("hello")["names"] == ["José", "Zoë", "Œdipe €"]


def damaged_flash(tmp_path):
    """m000 and m002 intact, m001 with a CESU-8 name in event 2."""
    flash = tmp_path / "flash"
    flash.mkdir()
    held = {}
    for i, path in enumerate(EXAMPLES[:3]):
        lines = [line.encode() for line in match_lines(path)]
        if i == 1:
            lines[2] = b'{"k":"note","text":"Ben' + CESU8_EMOJI + b'"}'
        (flash / f"m{i:03d}.jnl").write_bytes(b"".join(encode(n, x) for n, x in enumerate(lines)))
        held[f"m{i:03d}"] = [x.decode(errors="surrogateescape") for x in lines]
    return flash, held


def test_sync_stops_a_damaged_match_at_the_bad_event_and_syncs_the_others(tmp_path, capsys):
    flash, held = damaged_flash(tmp_path)
    db_path = tmp_path / "db.sqlite3"
    with PtyDevice(flash) as device:
        assert main(["sync", *port_args(device.port), "--db", str(db_path), "--keep", "all"]) == 1
        out = capsys.readouterr().out
        assert "match m001 event 2: not UTF-8 text" in out
        got = db_lines(db_path)
        assert got["m000"] == held["m000"] and got["m002"] == held["m002"]
        assert got["m001"] == held["m001"][:2]
        # again: nothing stored twice, the same warning
        with patient_link(device.port) as link, Database(db_path) as db:
            report = sync(link, db)
        assert report.new_events == 0
        assert [w.split(":")[0] for w in report.damaged] == ["match m001 event 2"]


def test_export_from_the_device_and_live_survive_a_damaged_line(tmp_path, capsys):
    flash, held = damaged_flash(tmp_path)
    with PtyDevice(flash) as device:
        code = main(["export", "--from-device", *port_args(device.port), "--format", "json"])
        captured = capsys.readouterr()
        assert code == 1
        assert "match m001 event 2" in captured.err
        doc = json.loads(captured.out)
        assert {m["match"]: len(m["events"]) + 1 for m in doc["matches"]} == {
            "m000": len(held["m000"]),
            "m001": 2,
            "m002": len(held["m002"]),
        }
        with patient_link(device.port) as link:
            f = Follower()
            fetch(link, f, "m001")
        assert f.error == "match m001 event 2: not UTF-8 text on the scoreboard's flash"
        assert len(f.lines) == len(held["m001"])


def test_bytes_the_device_cannot_decode_stop_only_their_match(tmp_path):
    # Not even MicroPython's lenient decode reads \xff: the device answers "internal" for that
    # page, and sync goes on with the other matches.
    flash, held = damaged_flash(tmp_path)
    lines = [line.encode() for line in held["m000"]]
    lines[3] = b'{"k":"note","text":"\xff\xfe"}'
    (flash / "m000.jnl").write_bytes(b"".join(encode(n, x) for n, x in enumerate(lines)))
    db_path = tmp_path / "db.sqlite3"
    with PtyDevice(flash) as device, patient_link(device.port) as link, Database(db_path) as db:
        report = sync(link, db)
    first, second = sorted(report.damaged)
    assert first.startswith("match m000 from event 3: the scoreboard could not read")
    assert second.startswith("match m001 event 2: not UTF-8 text")
    got = db_lines(db_path)
    assert got["m000"] == held["m000"][:3] and got["m002"] == held["m002"]
