"""Sync frees the unfinished matches the scoreboard's flash would otherwise keep for ever
(with one match in five abandoned after two hands, the Pico refused its 702nd match
and three syncs freed nothing). The device is the real MicroPython store and link on a pty."""

import sqlite3

import pytest
from test_sync_e2e import EXAMPLES, db_lines, match_lines

from domino import Match
from domino.events import ABANDONED, loads
from dominoboard.cli import main
from dominoboard.sync import device_matches
from harness.pty_device import PtyDevice, patient_link, port_args, wait_for

LONG_AGO = "2020-01-01T00:00:00Z"


def on_device(port: str) -> list[str]:
    with patient_link(port) as link:
        return [m for m, _ in device_matches(link)]  # every page


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
        with patient_link(device.port) as link:
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
        with patient_link(device.port) as link:
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


PICO_BLOCKS = 352  # 4 KB blocks: rp2's 1,408 KB filesystem on the Pico


def fill(
    tmp_path, matches: int, blocks: int, *options: str, stop: bool = False
) -> tuple[dict, dict, list[str]]:
    """Matches played one after another on a store of ``blocks`` (littlefs over RAM flash, the
    real store and link on MicroPython), one in five left after two hands, the rest played to
    the end; every 10 matches (an evening) the real `dominoboard sync` runs, and between
    evenings a day passes (the database's times move back a day). Returns the device's
    report (what it refused), what the host must hold, and what the device holds at the end;
    ``stop``: at the first refusal."""
    played = [match_lines(p) for p in EXAMPLES]
    played = [lines for lines in played if sum('"k":"end"' in x for x in lines) >= 5]
    left = []
    for lines in played:  # up to the second hand's end
        ends = [i for i, x in enumerate(lines) if '"k":"end"' in x]
        left.append(lines[: ends[1] + 1])
    tmp_path.mkdir(exist_ok=True)
    db_path = tmp_path / "db.sqlite3"
    expected: dict[str, list[str]] = {}
    with PtyDevice(f"lfs:{blocks}", heap="8M") as device:
        # a device with an 8 MB heap on a busy machine may take seconds to answer
        sync = ["sync", *port_args(device.port), "--db", str(db_path), *options]
        for m in range(matches):
            mid = f"m{m + 1:04d}"
            lines = (left if m % 5 == 4 else played)[m % len(played)]
            expected[mid] = lines
            device.create(mid)
            device.play(mid)
            for line in lines:
                device.append(mid, line)
                if '"k":"end"' in line:
                    device.control({"compact": mid})
            if m % 10 == 9:
                so_far = device.report(tmp_path / "barrier.json")  # all played is on flash
                if so_far["refused"] and stop:
                    break
                if db_path.exists():
                    with sqlite3.connect(db_path) as conn:  # a day has passed
                        conn.execute(
                            "UPDATE matches SET synced = "
                            "strftime('%Y-%m-%dT%H:%M:%SZ', synced, '-1 day')"
                        )
                assert main(sync) == 0
        report = device.report(tmp_path / "report.json")
        held = on_device(device.port)
    return report, expected, held


def test_a_flash_with_abandoned_matches_is_freed_by_sync(tmp_path):
    """A small flash (96 blocks, 384 KB) synced every 10 matches, 2 finished kept: with the
    unfinished matches kept (what sync did before), the box refuses a new match within 200;
    freed after 4 unchanged days, it never does. (At the Pico's 352 blocks with sync's
    defaults and the unfinished kept, the 410th of these matches was refused.)"""
    options = ("--keep", "2", "--free-unfinished")
    report, _, _ = fill(tmp_path / "kept", 200, 96, *options, "never", stop=True)
    kind, _, text = report["refused"][0]
    assert kind == "create" and text.startswith("flash full"), report
    report, expected, held = fill(tmp_path / "freed", 200, 96, *options, "4")
    assert report["refused"] == [], report
    assert db_lines(tmp_path / "freed" / "db.sqlite3") == expected
    assert len(held) <= 2 + 10 + 4 * 2 + 1, held


@pytest.mark.soak
def test_a_thousand_matches_one_in_five_abandoned_never_fill_the_pico(tmp_path):
    """At the Pico's flash size the 702nd match was refused. 1,000 matches, one in
    five left after two hands, the real sync with its defaults every evening of 10."""
    report, expected, held = fill(tmp_path, 1000, PICO_BLOCKS)
    assert report["refused"] == [], report
    assert db_lines(tmp_path / "db.sqlite3") == expected  # line for line, CRC for CRC
    # on the device: the newest finished (--keep 10) and the unfinished of the last 30 days
    assert len(held) <= 10 + 30 * 2 + 1, held


def test_a_flash_full_of_unfinished_matches_is_said_with_what_frees_it(tmp_path, capsys):
    # The box said "flash full: sync to free space", and a plain sync freed none of its
    # just-synced unfinished matches for 30 days, saying nothing of it.
    from dominoboard.sync import NEARLY_FULL
    from scoreboard.store import LOW

    assert NEARLY_FULL == LOW
    unfinished = match_lines(EXAMPLES[0])[:6]
    db_path = tmp_path / "db.sqlite3"
    with PtyDevice("lfs:48", heap="8M") as device:  # 192 KB: nearly full under 48 KB free
        sync = ["sync", *port_args(device.port), "--db", str(db_path)]
        n = 0
        while True:
            n += 1
            device.load(f"m{n:04d}", unfinished)
            free = device.report(tmp_path / f"r{n}.json")["free"]
            if free < 48 * 1024 or n == 60:
                break
        assert free < 48 * 1024
        assert main(sync) == 0
        out = capsys.readouterr().out
        assert "the scoreboard's flash is nearly full" in out
        assert f"left its {n} unfinished match(es) (m0001, m0002, m0003, m0004, m0005 and" in out
        assert "`dominoboard sync --free-unfinished 0`" in out and "delete them on the box" in out
        assert main([*sync, "--free-unfinished", "0"]) == 0  # what it says works
        assert "nearly full" not in capsys.readouterr().out
        assert on_device(device.port) == []


def test_a_host_clock_far_off_the_boxs_frees_nothing_by_age(tmp_path, capsys):
    # A sync under a clock 60 days behind, then one with the right clock 2 minutes later,
    # freed an unfinished match "unchanged for 60 days". The box's own running clock (set by
    # the first host) says one of the two is wrong: nothing is freed by age then.
    import time

    unfinished = match_lines(EXAMPLES[2])[:40]
    db_path = tmp_path / "db.sqlite3"
    with PtyDevice(tmp_path / "flash") as device:
        sync = ["sync", *port_args(device.port), "--db", str(db_path)]
        device.load("m001", unfinished)
        device.load("m002", unfinished + [ABANDONED])
        with patient_link(device.port) as link:
            wait_for(lambda: len(link.request("list")["matches"]) == 2)
        assert main([*sync, "--free-unfinished", "never"]) == 0
        behind = int(time.time()) - 60 * 86400
        with patient_link(device.port) as link:  # what the sync under the wrong clock left
            link.request("clock", time=behind)
        age(db_path, "m001")  # ... and the time it stored m001's last events at
        capsys.readouterr()
        assert main(sync) == 0
        out = capsys.readouterr().out
        assert "day(s) ahead of the one a computer set on the scoreboard" in out
        assert "freed unfinished match m002 on the scoreboard (abandoned at the table)" in out
        assert on_device(device.port) == ["m001"]  # kept: its idleness is not known
        assert main(sync) == 0  # the clocks agree again; m001's idleness counts from then
        assert "freed unfinished match m001" not in capsys.readouterr().out
        assert on_device(device.port) == ["m001"]
