"""`dominoboard emulate`'s keyboard (host/dominoboard/emulate.py): every key of a burst counts,
in order; a key held down (the terminal's auto-repeat) holds the button until the repeats
stop; the panel shows blank while the screen sleeps, and the waking key does nothing else.
The end-to-end cases drive the real firmware (firmware/sim_main.py) in virtual time."""

import os
from pathlib import Path

import pytest

from dominoboard.emulate import (
    Emulator,
    KeyInput,
    frame_parts,
    screen_text,
    split_keys,
    status_line,
)
from harness.pty_device import wait_for

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
    assert k.feed(b"k", 50) == ["down UP"]  # a repeat this soon: the button is held ...
    assert k.feed(b"k", 90) == [] and k.feed(b"kk", 130) == []
    assert k.idle(200) == []
    assert k.idle(241) == ["up UP"]  # ... until the repeats stop
    assert k.feed(b"j", 300) == ["press DOWN"]


def terminal_hold(k: KeyInput, key: bytes, delay_ms: int, rate_ms: int, repeats: int) -> list:
    """What a terminal sends while a key is held: the key, its repeat delay, then repeats at
    its rate; then nothing. The commands KeyInput makes of it, idle() polled every 20 ms as
    `dominoboard emulate` does."""
    sent = [0] + [delay_ms + i * rate_ms for i in range(repeats)]
    polls = range(0, sent[-1] + 500, 20)
    out = []
    for t, what in sorted([(t, "idle") for t in polls] + [(t, "key") for t in sent]):
        out += k.feed(key, t) if what == "key" else k.idle(t)
    return out


@pytest.mark.parametrize("delay_ms", [250, 500, 660])
def test_the_first_repeat_after_the_terminals_delay_starts_the_hold(delay_ms: int) -> None:
    # A held key is one press and then one hold: the first repeat, as late as a second tap,
    # waits for the next one, which says the key is held. It used to be a second tap.
    got = terminal_hold(KeyInput(), b"\x1b[A", delay_ms, 33, 20)
    assert got == ["press UP", "down UP", "up UP"]


def test_two_deliberate_taps_stay_two_taps() -> None:
    k = KeyInput()
    assert k.feed(b"k", 0) == ["press UP"]
    assert k.feed(b"k", 300) == []  # a second tap, or the terminal's first repeat?
    assert k.idle(400) == []
    assert k.idle(420) == ["press UP"]  # no repeat followed: a tap, 110 ms late
    assert k.feed(b"k", 1200) == ["press UP"]  # later than any repeat delay: a tap at once
    k.feed(b"k", 1400)
    assert k.feed(b"j", 1420) == ["press UP", "press DOWN"]  # another key: in order
    k.feed(b"j", 1600)
    assert k.feed(b"j", 1900) == ["press DOWN"]  # too late for a repeat of the waiting one
    assert k.idle(2100) == ["press DOWN"]
    assert terminal_hold(KeyInput(), b"\r", 400, 33, 0) == ["press OK"]


def test_the_repeat_delay_is_configurable() -> None:
    assert terminal_hold(KeyInput(delay_ms=300), b"k", 500, 33, 10) == [
        "press UP",
        "press UP",  # the first repeat came later than the delay given: a tap
        "down UP",
        "up UP",
    ]


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
    """The glass once every command sent has run and the screen is still: the emulator
    also pushes a frame after each display update, and the app may draw again in its idle
    pass, so frames are asked for (each after a `state`, the mark that it is the one asked
    for) until two in a row show the same glass."""
    last = None
    while True:
        now = asked_frame(e)
        if last is not None and glass(now) == glass(last):
            return now
        last = now


def asked_frame(e: Emulator) -> str:
    """The frame asked for now, once it has come (the state line comes just before it)."""
    e.send("state")
    e.send("frame")
    got: list[str] = []
    wait_for(lambda: bool(got.extend(e.frames()) or any("state " in f for f in got)))
    marked = next(f for f in got if "state " in f)
    return marked[marked.index("\nframe ") + 1 :]


def glass(frame_text: str) -> str:
    """A frame's rows, without its header (its number and time)."""
    return frame_text.split("\n", 1)[1]


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


# --- the knob, and the same commands on both targets -----------------------------------------


def test_knob_keys_turn_the_encoder_one_detent_a_key() -> None:
    k = KeyInput(knob=True)
    assert k.feed(b"..,", 0) == ["turn 1", "turn 1", "turn -1"]
    assert k.feed(b">", 500) == ["turn 1"] and k.feed(b">", 540) == ["turn 1"]  # a spin
    assert k.feed(b"<", 600) == ["turn -1"]
    k.feed(b"k", 700)
    assert k.feed(b"k", 740) == ["down UP"]
    assert k.feed(b".", 760) == ["up UP", "turn 1"]  # a turn lets go of the held button
    assert KeyInput().feed(b".,<>", 0) == []  # no knob fitted: no keys


@pytest.mark.parametrize("detents", [1, 3, -1, -2])
def test_the_rp2_knob_pins_step_the_firmwares_decoder(detents: int) -> None:
    # The phase sequence the emulated Pico's quadrature pins are driven with (pico.cjs "pins"),
    # fed edge by edge to the firmware's own decoder on the simulated board's contacts, as the
    # Pico's pin interrupts would. (No rp2 run: the UF2 and boot ROM are not on every machine.)
    from dominoboard.rp2 import knob_changes
    from dominoboard.sources import firmware_module

    sim = firmware_module("boards.sim_encoder")
    pins = firmware_module("boards.pins")
    encoder = firmware_module("boards.encoder")
    clock = firmware_module("boards.sim").Clock()
    rand = firmware_module("boards.sim").Rand(1)
    a, b = sim.SimContact(clock, rand, 0), sim.SimContact(clock, rand, 0)
    contact = {pins.ENCODER_A: a, pins.ENCODER_B: b}
    dec = encoder.Encoder(a, b)
    changes = knob_changes(detents, ms_per_detent=40)
    assert len(changes) == 4 * abs(detents)  # one contact at a time, a quarter apart
    assert [t for t, _, _ in changes] == [10.0 * (i + 1) for i in range(len(changes))]
    for t, gpio, level in changes:
        contact[gpio].change(int(t * 1e6), level)
        clock.ns = int(t * 1e6)
        dec.edge()
    assert (a.value(), b.value()) == (1, 1)  # at rest between detents
    assert dec.detents == detents  # clockwise positive
    codes = [dec.take() for _ in range(abs(detents) + 1)]
    assert codes == [int(detents < 0)] * abs(detents) + [-1]  # each its way, slow: no clock


def test_knob_turns_in_the_unix_emulator_move_the_cursor_like_taps(tmp_path) -> None:
    knob = Emulator(str(tmp_path / "knob"), realtime=False, knob=True)
    try:
        start = frame(knob)
        for command in KeyInput(knob=True).feed(b"...,", 0):
            knob.send(command)
        turned = frame(knob)
    finally:
        knob.stop()
    taps = Emulator(str(tmp_path / "taps"), realtime=False)
    try:
        for button in ("DOWN", "DOWN", "DOWN", "UP"):
            taps.send(f"press {button}")
        tapped = frame(taps)
    finally:
        taps.stop()
    assert frame_parts(turned)[1] == frame_parts(tapped)[1] != frame_parts(start)[1]


def test_keypad_keys_press_the_keypad_one_tap_a_key() -> None:
    k = KeyInput(keypad=True)
    assert k.feed(b"45#", 0) == ["press 4", "press 5", "press #"]
    assert k.feed(b"*", 500) == ["press *"]
    k.feed(b"k", 700)
    assert k.feed(b"k", 740) == ["down UP"]
    assert k.feed(b"7", 760) == ["up UP", "press 7"]  # a key lets go of the held button
    assert KeyInput().feed(b"0123456789*#", 0) == []  # no keypad fitted: no keys


def test_the_unix_emulator_presses_the_keypad_by_its_legends(tmp_path) -> None:
    emu = Emulator(str(tmp_path / "pad"), realtime=False, keypad=True)
    try:
        emu.send("press 4")  # a key of the keypad: taken
        emu.send("press X")  # no key: refused, naming the keypad's keys
        emu.send("frame")
        wait_for(lambda: "end" in Path(emu.screen_path).read_text())
        text = Path(emu.screen_path).read_text()
    finally:
        emu.stop()
    assert "error unknown button 'X': UP DOWN OK BACK UNDO or a key 123A456B789C*0#D" in text
    assert "'4'" not in text


def test_both_targets_take_every_command_keyinput_makes(tmp_path) -> None:
    # The rp2 session runs each command through EmulatedPico.do; it once knew press and hold
    # only, so --target rp2 had no holds from auto-repeat and no knob. A board not powered on
    # refuses a command it knows with RuntimeError (no chip to send it to), one it does not
    # know with ValueError.
    from dominoboard.rp2 import EmulatedPico

    made = []
    k = KeyInput(knob=True)
    for t, data in enumerate([b"k", b"k", b"H\r", b".", b"k"]):
        made += k.feed(data, t * 50)
    made += k.idle(1000)
    assert {c.split()[0] for c in made} == {"press", "down", "up", "hold", "turn"}
    with EmulatedPico(tmp_path / "flash.img") as pico:
        for command in made:
            with pytest.raises(RuntimeError, match="not running"):
                pico.do(command)
        with pytest.raises(ValueError, match="unknown command"):
            pico.do("spin 3")
