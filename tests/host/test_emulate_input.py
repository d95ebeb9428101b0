"""`dominoboard emulate`'s keyboard (host/dominoboard/emulate.py): every key of a burst counts,
in order; a key held down (the terminal's auto-repeat) holds the button until the repeats
stop; the panel shows blank while the screen sleeps, and the waking key does nothing else.
The end-to-end cases drive the real firmware (firmware/sim_main.py) in virtual time."""

import os
import time
from pathlib import Path

import pytest
from pty_device import wait_for

from dominoboard.emulate import (
    Emulator,
    KeyInput,
    frame_parts,
    screen_text,
    split_keys,
    status_line,
)

GOLDEN = Path(__file__).resolve().parents[1] / "golden"


def compare_golden(name: str, got: str) -> None:
    """The terminal's picture against tests/golden/NAME.txt (UPDATE_GOLDEN=1 rewrites it)."""
    path = GOLDEN / f"{name}.txt"
    if os.environ.get("UPDATE_GOLDEN") == "1" or not path.exists():
        path.write_text(got, encoding="utf-8")
    assert got == path.read_text(encoding="utf-8"), f"{name}.txt differs from tests/golden"


def terminal(frame: str, woke: bool = False) -> str:
    asleep, rows = frame_parts(frame)
    return screen_text(rows, "PORT", asleep, woke, os.terminal_size((80, 24)))


def test_every_key_of_a_burst_counts_in_order() -> None:
    assert split_keys(b"kkk") == (["UP", "UP", "UP"], b"")
    assert split_keys(b"\x1b[B" * 10) == (["DOWN"] * 10, b"")
    keys, rest = split_keys(b"\x1b[Aj\r \x7fu\x1bOB\x1b")
    assert keys == ["UP", "DOWN", "OK", "OK", "BACK", "UNDO", "DOWN", "BACK"] and rest == b""
    assert split_keys(b"x\x1b[1;5C") == ([], b"")  # no key: skipped, not misread


def test_an_escape_sequence_split_across_reads() -> None:
    keys, rest = split_keys(b"j\x1b[")
    assert keys == ["DOWN"] and rest == b"\x1b["
    k = KeyInput()
    assert k.feed(b"j\x1b[", 0) == ["press DOWN"]
    assert k.feed(b"A", 500) == ["press UP"]


def test_a_burst_is_presses_not_a_hold() -> None:
    k = KeyInput()
    assert k.feed(b"jjj", 0) == ["press DOWN"] * 3
    assert k.idle(1000) == []


def test_auto_repeat_is_a_real_hold_until_the_repeats_stop() -> None:
    k = KeyInput(repeat_ms=110)
    assert k.feed(b"k", 0) == ["press UP"]  # the key goes down: a press at once
    # the terminal's first repeat comes after its delay: as late as a second tap, and taken so
    assert k.feed(b"k", 500) == ["press UP"]
    assert k.feed(b"k", 540) == ["down UP"]  # repeats: the button is held ...
    assert k.feed(b"k", 580) == [] and k.feed(b"kk", 620) == []
    assert k.idle(700) == []
    assert k.idle(731) == ["up UP"]  # ... until they stop
    assert k.feed(b"j", 800) == ["press DOWN"]


def test_another_key_releases_the_held_one_first() -> None:
    k = KeyInput(repeat_ms=110)
    k.feed(b"k", 0)
    assert k.feed(b"k", 50) == ["down UP"]
    assert k.feed(b"\r", 80) == ["up UP", "press OK"]


def test_no_holds_from_auto_repeat_when_turned_off() -> None:
    k = KeyInput(repeat_ms=0)
    assert [c for t in range(0, 200, 40) for c in k.feed(b"k", t)] == ["press UP"] * 5


def test_h_then_a_key_holds_it_as_configured() -> None:
    k = KeyInput(hold_ms=1500)
    assert k.feed(b"H\r", 0) == ["hold OK 1500"]
    assert k.feed(b"q", 10) == [] and k.quit


def test_frames_say_when_the_screen_sleeps() -> None:
    assert frame_parts("frame 3 1200 asleep\nrows") == (True, "rows")
    assert frame_parts("frame 4 1300\nrows") == (False, "rows")
    assert "wakes" in status_line(True, False)
    assert "woke" in status_line(False, True) and status_line(False, False) == ""


@pytest.fixture
def emu(tmp_path):
    e = Emulator(str(tmp_path / "flash"), realtime=False)
    yield e
    e.stop()


def frame(e: Emulator) -> str:
    """The glass once every command sent has run: the emulator also pushes a frame after each
    display update, so the last frame is taken once frames have stopped coming."""
    e.send("frame")
    got: list[str] = []
    wait_for(lambda: bool(got.extend(e.frames()) or got))
    quiet = time.monotonic()
    while time.monotonic() - quiet < 0.5:
        time.sleep(0.05)
        more = e.frames()
        if more:
            got += more
            quiet = time.monotonic()
    return [f for f in got if f.startswith("frame ")][-1]


def test_a_burst_moves_the_real_cursor_once_per_key(emu: Emulator, tmp_path) -> None:
    start = frame(emu)
    for command in KeyInput().feed(b"jj", 0):
        emu.send(command)
    burst = frame(emu)
    other = Emulator(str(tmp_path / "flash2"), realtime=False)
    try:
        for _ in range(2):
            other.send("press DOWN")
        one_by_one = frame(other)
    finally:
        other.stop()
    assert frame_parts(burst)[1] == frame_parts(one_by_one)[1] != frame_parts(start)[1]
    compare_golden("emulator-burst", terminal(burst))


def test_asleep_the_panel_is_blank_and_the_waking_key_does_nothing_else(emu: Emulator) -> None:
    awake = frame(emu)
    emu.send("tick 121000")  # the default sleep: 120 s without a key
    sleeping = frame(emu)
    asleep, rows = frame_parts(sleeping)
    assert asleep and not rows.strip()
    emu.send("press DOWN")  # wakes the screen ...
    woke = frame(emu)
    woken, rows = frame_parts(woke)
    assert not woken and rows == frame_parts(awake)[1]  # ... and the cursor did not move
    compare_golden("emulator-asleep", terminal(sleeping))
    compare_golden("emulator-woke", terminal(woke, woke=True))
