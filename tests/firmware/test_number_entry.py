"""Numbers typed, not climbed (scoreboard/numbers.py, the one widget every number screen
uses): presses per value 0-99 with five buttons, the knob and the keypad, counted as
bench/number_presses.py counts them (the device's own widget and button repeat); a hold that
never overshoots; the value's unit from the core. The app-level checks (a hold on the real
app, the keypad typing a tally) are in tests/firmware/mpy/check_keypad_app.py."""

import statistics
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "bench"))
import number_presses as bench  # noqa: E402  # pyright: ignore[reportMissingImports]

from domino import registry  # noqa: E402
from scoreboard.numbers import LADDER_MS, NumberEntry  # noqa: E402

TALLY = (1, 0, 168)  # unit, lo, hi: a double-six tally's pips


def presses(inputs: str, values=range(100), unit=1, lo=0, hi=168) -> list[int]:
    return [bench.presses_for(v, unit, lo, hi, inputs) for v in values]


def test_any_value_0_to_99_with_five_buttons_mean_6_max_10() -> None:
    got = presses("buttons")
    assert statistics.mean(got) <= 6 and max(got) <= 10, (statistics.mean(got), max(got))


def test_the_keypad_types_any_value_in_3_presses_at_most() -> None:
    got = presses("keypad")
    assert max(got) <= 3 and statistics.mean(got) <= 3
    assert bench.presses_for(45, 1, 0, 168, "keypad") == 3  # "4" "5" "#"


def test_muggins_points_step_by_the_unit_the_core_declares() -> None:
    unit = registry.create("muggins", {}, 2).points_unit
    assert unit == 5 and registry.create("allfives", {}, 2).points_unit == 5
    assert registry.create("bergen", {}, 2).points_unit == 1
    e = NumberEntry(5, -1000, 1000, unit)
    e.key("up", 0)
    assert e.value == 10
    got = presses("buttons", range(5, 100, 5), unit, -1000, 1000)
    assert max(got) <= 7


def test_a_hold_shows_every_rung_for_the_ladder_time_and_stops_at_the_end() -> None:
    # before, a hold sped up to a step of 10 every 40 ms: aiming at 45 landed on 150
    shown = bench.holds(0, 1, 0, 168, "up")
    values = [v for v, _s in shown]
    assert values[:4] == [1, 10, 20, 30]
    assert values[-1] == 168 and values == sorted(values)  # no wrap at the end of a hold
    times = [s for _v, s in shown[1:]]
    gaps = [round(b - a, 6) for a, b in zip(times, times[1:], strict=False)]
    assert min(gaps) >= LADDER_MS / 1000, gaps


def test_a_tap_wraps_a_hold_does_not() -> None:
    e = NumberEntry(168, 0, 168)
    e.key("up", 0)
    assert e.value == 0
    e.key("down", 0)
    assert e.value == 168
    e.key("up", 5000)  # held: stays at the end
    assert e.value == 168


@pytest.mark.parametrize(
    "digits,value,refused",
    [("45", 45, ""), ("13", 5, "13: allowed -1000 to 1000 in fives"), ("0", 0, "")],
)
def test_typed_digits_and_a_refused_value(digits: str, value: int, refused: str) -> None:
    e = NumberEntry(5, -1000, 1000, 5 if refused else 1)
    for d in digits:
        assert e.key(d, 0)
    used = e.key("ok", 0)
    assert e.value == value and e.refused == refused and used == bool(refused)


def test_back_takes_a_typed_digit_off_and_a_digit_past_the_top_starts_again() -> None:
    e = NumberEntry(0, 0, 59)
    e.key("4", 0)
    e.key("7", 0)
    assert e.value == 47
    assert e.key("back", 0) and e.value == 4
    e.key("8", 0)  # 48
    e.key("3", 0)  # 483 is past 59: the 3 starts a new number
    assert e.value == 3
    assert e.key("back", 0) and e.value == 0  # no digit left: the value before the typing
    assert not e.key("back", 0)  # nothing typed: BACK is the screen's


def test_the_bench_writes_its_table(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("BENCH_RESULTS", str(tmp_path))
    monkeypatch.setattr(bench, "CASES", bench.CASES[:1])
    bench.main()
    text = (tmp_path / "numbers.txt").read_text()
    assert "pips left 0-99" in text and "keypad" in text


def test_a_play_on_the_keypad_costs_its_pips_and_the_end_only_where_ends_differ() -> None:
    # bench.tile_presses prices a play as the table takes it (hands_bench uses it)
    from domino.match import Match

    m = Match({"game": "draw", "players": ["A", "B"]})
    m.apply({"k": "play", "p": 0, "t": "6-6"})
    m.apply({"k": "play", "p": 1, "t": "6-5", "e": 0})
    m.apply({"k": "play", "p": 0, "t": "5-3", "e": 0})  # ends 3 and 6
    assert bench.tile_presses(m, (6, 2), 1) == 2  # fits the 6 only: "6" "2"
    assert bench.tile_presses(m, (6, 3), 0) == 3  # ends differ: "6" "3" "1"
    assert bench.tile_presses(m, (6, 3), 1) == 3  # "6" "3" "2" (was DOWN "#": 4)
    lead = Match({"game": "muggins", "players": ["A", "B"]})  # the tiles decide who leads
    assert bench.tile_presses(lead, (5, 5), None) == 3  # "5" "5", then the seat's digit
    m = Match({"game": "doble12", "players": ["A", "B"]})
    m.apply({"k": "play", "p": 0, "t": "12-12"})
    m.apply({"k": "play", "p": 1, "t": "12-1", "e": 0})
    assert bench.tile_presses(m, (12, 3), 0) == 3  # "1" "2" "3"
    assert bench.tile_presses(m, (2, 1), 1) == 3  # "2" "1" is also the start of 2-12: "#"


def test_the_knob_turns_by_pace_and_stops_at_the_ends() -> None:
    # NumberEntry.turn, as a detent of each pace moves it (boards/encoder.py times them)
    from scoreboard.numbers import NumberEntry

    e = NumberEntry(0, 0, 153)
    e.turn(1, 0)
    assert e.value == 1  # one detent clockwise from 0 (it wrapped to 153)
    e.turn(1, 2)
    assert e.value == 25  # a fast one: to the next multiple of 25, no further
    e.turn(1, 1)
    e.turn(1, 1)
    assert e.value == 35  # steady: fives
    e.turn(-1, 2)
    assert e.value == 25
    e.turn(-1, 2)
    e.turn(-1, 2)
    assert e.value == 0  # the least stops the knob
    e.value = 150
    e.turn(1, 2)
    assert e.value == 153  # and so does the most
    fives = NumberEntry(5, -1000, 1000, 5)
    fives.turn(1, 1)
    assert fives.value == 25  # in the game's unit: 5 units of 5


def test_the_bench_prices_the_knob_by_its_paces() -> None:
    assert bench.presses_for(1, 1, 0, 168, "encoder") == 2  # a click and the push
    assert bench.presses_for(47, 1, 0, 168, "encoder") == 7  # 1, 25, 50 spun; 3 clicks back
    assert bench.presses_for(0, 1, 0, 168, "encoder") == 1
