"""The whole path a table takes, end to end: a match played only by button presses on the
emulated scoreboard (the real firmware on the MicroPython unix port, its serial on a pty), then
`dominoboard sync` into SQLite and `dominoboard export` to CSV — compared with the core's own
fold of what was synced."""

import csv

from test_sync_e2e import db_lines, expected_rows

from dominoboard.cli import main
from dominoboard.emulate import Emulator
from harness.pty_device import patient_link, port_args, wait_for

NEW_MATCH = ["press OK"] * 4  # Start → New match → Muggins → rules → names: all defaults
PLAYS = ["press OK"] * 6  # the cursor starts on the likeliest play: OK lays it, claims it
BLOCKED = [  # the match menu → End the hand → Blocked → Ana 3 pips, Ben 2 pips → score it
    "hold OK 900", "press DOWN", "press DOWN", "press DOWN", "press OK", "press OK",
    "press UP", "press UP", "press UP", "press OK", "press UP", "press UP", "press OK", "press OK",
]  # fmt: skip
NEXT_HAND = ["press OK"]


def settle(emu: Emulator) -> None:
    """Commands run in order, so once the reply to a `state` asked for last arrives, every
    press is done. (Not any frame: the emulator pushes one after each change of the glass,
    and a busy machine may show one before the last press has run.)"""
    emu.send("state")
    emu.send("frame")  # the state line is read with the frame after it
    frames: list[str] = []
    wait_for(lambda: bool(frames.extend(emu.frames()) or any("state " in f for f in frames)))


def test_a_match_by_presses_syncs_and_exports_as_the_core_folds_it(tmp_path, capsys):
    emu = Emulator(str(tmp_path / "flash"))
    try:
        # A hand whose plays the table enters can end only as the record allows (its counts
        # stand): the two scored hands are entered as points-only tables do, nothing
        # laid, and the third hand's plays are synced unfinished.
        for command in NEW_MATCH + BLOCKED + NEXT_HAND + BLOCKED + NEXT_HAND + PLAYS:
            emu.send(command)
        settle(emu)
        with patient_link(emu.port) as link:
            matches = dict(map(tuple, link.request("list")["matches"]))
        assert len(matches) == 1
        db = tmp_path / "matches.sqlite3"
        assert main(["sync", *port_args(emu.port), "--db", str(db)]) == 0
        out = tmp_path / "hands.csv"
        assert main(["export", "--db", str(db), "-o", str(out)]) == 0
    finally:
        emu.stop()
    ((match_id, lines),) = db_lines(db).items()
    assert len(lines) == matches[match_id]  # every event the device holds, once
    assert [ln for ln in lines if '"k":"end"' in ln] == [
        '{"k":"end","left":[3,2]}',  # blocked: the scorer entered 3 and 2 pips
        '{"k":"end","left":[3,2]}',
    ]
    with open(out, newline="", encoding="utf-8") as f:
        got = [
            (int(r["hand"]), r["player"], int(r["hand_points"]), int(r["total"]))
            for r in csv.DictReader(f)
        ]
    assert got == expected_rows(lines)
    assert [(h, p) for h, p, _, _ in got] == [(1, "Ana"), (1, "Ben"), (2, "Ana"), (2, "Ben")]
