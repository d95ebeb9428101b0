"""Sync frees the unfinished matches the scoreboard's flash would otherwise keep for ever
(issue 27: with one match in five abandoned after two hands, the Pico refused its 702nd match
and three syncs freed nothing). The device is the real MicroPython store and link on a pty."""

import sqlite3

import pytest
from pty_device import PtyDevice, wait_for
from test_sync_e2e import EXAMPLES, db_lines, match_lines

from domino import Match
from domino.events import ABANDONED, loads
from dominoboard.cli import main
from dominoboard.link import DeviceLink

LONG_AGO = "2020-01-01T00:00:00Z"


def on_device(port: str) -> list[str]:
    with DeviceLink(port) as link:
        return [m for m, _ in link.request("list")["matches"]]


def age(db_path, *matches: str) -> None:
    """As if the host stored their last new events long ago."""
    with sqlite3.connect(db_path) as conn:
        for match in matches:
            conn.execute("UPDATE matches SET synced = ? WHERE match = ?", (LONG_AGO, match))


def test_sync_frees_abandoned_and_long_unchanged_unfinished_matches(tmp_path, capsys):
    finished = match_lines(EXAMPLES[0])
    unfinished = match_lines(EXAMPLES[2])[:40]
    assert Match.replay(loads(finished[0]), [loads(x) for x in finished[1:]]).over
    held = {
        "m000": finished,
        "m001": unfinished,  # left: unchanged since it was synced
        "m002": unfinished + [ABANDONED],  # abandoned from the device's Matches menu
        "m003": unfinished,  # on the table
        "m004": unfinished,  # left, but played on again later
    }
    db_path = tmp_path / "db.sqlite3"
    sync = ["sync", "--port", "", "--db", str(db_path)]
    with PtyDevice(tmp_path / "flash") as device:
        sync[2] = device.port
        for match_id, lines in held.items():
            device.load(match_id, lines)
        device.play("m003")
        with DeviceLink(device.port) as link:
            wait_for(lambda: link.request("list")["matches"][-1:] == [["m004", 40]])
        # the abandoned match goes at the first sync; the others changed just now
        assert main(sync) == 0
        out = capsys.readouterr().out
        assert "freed unfinished match m002 on the scoreboard (abandoned at the table)" in out
        assert on_device(device.port) == ["m000", "m001", "m003", "m004"]
        assert db_lines(db_path) == held  # the host holds every line of it
        # 30 days (the default) and more without a change: freed, but never the one in play
        age(db_path, "m001", "m003", "m004")
        device.append("m004", '{"k":"note","text":"back at it"}')
        held["m004"] = held["m004"] + ['{"k":"note","text":"back at it"}']
        with DeviceLink(device.port) as link:
            wait_for(lambda: link.request("list")["matches"][-1:] == [["m004", 41]])
        assert main([*sync, "--free-unfinished", "never"]) == 0  # the user keeps them
        assert "freed" not in capsys.readouterr().out
        assert on_device(device.port) == ["m000", "m001", "m003", "m004"]
        age(db_path, "m001", "m003")
        assert main(sync) == 0
        out = capsys.readouterr().out
        assert "freed unfinished match m001 on the scoreboard (unchanged for " in out
        assert on_device(device.port) == ["m000", "m003", "m004"]  # m004 changed: kept
        # a shorter time, asked for: m004's change is now older than 0 days
        assert main([*sync, "--free-unfinished", "0"]) == 0
        assert on_device(device.port) == ["m000", "m003"]  # the finished one: --keep's
        assert db_lines(db_path) == held
        with pytest.raises(SystemExit) as usage:
            main([*sync, "--free-unfinished", "soon"])
        assert usage.value.code == 2
        assert "'soon': a number of days >= 0, or 'never'" in capsys.readouterr().err
