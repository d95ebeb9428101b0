"""Presses per number entered on the device (the tally's pips, a points entry in the game's
unit, a target), per input: five buttons, the rotary encoder, the keypad.

The widget measured is the device's own: ``scoreboard.numbers.NumberEntry`` (what every
number screen uses), imported from firmware/, fed the keys the App hands it; holds come from
the device's own ``scoreboard.buttons.Buttons`` (repeat delay and pace) polled every 5 ms, as
App.run polls while a key is down. Each value is reached by the fewest presses, OK included
(as bench/presses_bench.py counts a play): a tap is a press, a hold one press however long
(released on the rung the scorer aims at: each rung shows ``LADDER_MS``), a detent of the
knob one press (turned at the pace the scorer chooses: ``NumberEntry.turn`` moves it by the
pace ``boards.encoder.pace`` gives its gap; the first detent of a turn is slow), a key of the
keypad one press.

``presses_for(value, unit, lo, hi, inputs)`` and ``tile_presses(match, tile, end)`` (a play
typed on the keypad, as the table takes it) are the seams other benches import
(bench/hands_bench.py prices a hand's tallies, points and plays with them). Run as a module
it writes bench/results/numbers.txt.
"""

from __future__ import annotations

import functools
import heapq
import os
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT / "firmware") not in sys.path:
    sys.path.insert(0, str(ROOT / "firmware"))

from boards.encoder import FAST, FAST_MS, SLOW, STEADY, STEADY_MS, pace  # noqa: E402
from scoreboard.buttons import REPEAT, Buttons  # noqa: E402
from scoreboard.numbers import LADDER_MS, TURN_STEPS, NumberEntry  # noqa: E402

INPUTS = ("buttons", "encoder", "keypad")
TAP_S = 0.35  # a press and a look at the screen, for the seconds column
REACT_S = 0.25  # letting go once the aimed-at rung shows
POLL_MS = 5
MOST_RUNGS = 40
# The scorer's three ways of turning the knob, the gap between detents (ms): aimed clicks, a
# steady turn, a spin; each gap must fall in its pace on the device
GAPS = {SLOW: 300, STEADY: (FAST_MS + STEADY_MS) // 2, FAST: FAST_MS // 2}
assert all(pace(g) == p for p, g in GAPS.items())


class _Pin:
    """A button held from the start: value() 0 (pressed)."""

    def value(self) -> int:
        return 0


def repeat_times() -> list[int]:
    """When the device's Buttons repeat a held UP (ms after the press), polled every 5 ms."""
    b = Buttons({"UP": _Pin()}, 0, lambda a, b: a - b)
    b._buttons[0].down = False  # pressed after start-up, not held through it
    times = []
    for now in range(0, 30_000, POLL_MS):
        for _name, kind in b.poll(now):
            if kind == REPEAT:
                times.append(now)
    return times


REPEATS = repeat_times()


def _entry(value: int, unit: int, lo: int, hi: int) -> NumberEntry:
    return NumberEntry(value, lo, hi, unit)


def holds(value: int, unit: int, lo: int, hi: int, key: str) -> list[tuple[int, float]]:
    """A hold of ``key`` from ``value``: each value it shows on the way, and the seconds until
    the finger is off it (shown no sooner than its rung, plus the reaction)."""
    e = _entry(value, unit, lo, hi)
    e.key(key, 0)
    out = [(e.value, REACT_S)]
    for t in REPEATS:
        before = e.value
        e.key(key, t)
        if e.value != before:
            out.append((e.value, t / 1000 + REACT_S))
            if len(out) > MOST_RUNGS:
                break
        elif t > (len(out) + 2) * LADDER_MS:
            break  # at lo or hi: the hold stops there
    return out


def tap(value: int, unit: int, lo: int, hi: int, key: str) -> int:
    e = _entry(value, unit, lo, hi)
    e.key(key, 0)
    return e.value


def typed(value: int, unit: int, lo: int, hi: int, start: int) -> int | None:
    """Keys to type ``value`` on the keypad and OK it (None: the widget refuses it)."""
    if value == start:
        return 1
    e = _entry(start, unit, lo, hi)
    digits = str(value)
    if value < 0:
        return None  # no minus key: a negative value is stepped down to
    for d in digits:
        e.key(d, 0)
    if e.value != value or e.key("ok", 0) or e.refused:
        return None
    return len(digits) + 1


def turned(value: int, unit: int, lo: int, hi: int, way: int, p: int) -> int:
    e = _entry(value, unit, lo, hi)
    e.turn(way, p)
    return e.value


@functools.cache
def _turn_costs(unit: int, lo: int, hi: int, start: int) -> dict[int, tuple[int, float]]:
    """Fewest detents (then seconds) from ``start`` to every value, the push not included:
    a detent is SLOW unless it goes on a turn the same way (then any pace)."""
    best: dict[tuple[int, int], tuple[int, float]] = {(start, 0): (0, 0.0)}
    todo = [(0, 0.0, start, 0)]
    while todo:
        n, s, v, last = heapq.heappop(todo)
        if best.get((v, last), (1 << 30, 0.0)) < (n, s):
            continue
        for way in (1, -1):
            for p in (SLOW, STEADY, FAST) if way == last else (SLOW,):
                w = turned(v, unit, lo, hi, way, p)
                cost = (n + 1, s + GAPS[p] / 1000)
                if cost < best.get((w, way), (1 << 30, 0.0)):
                    best[(w, way)] = cost
                    heapq.heappush(todo, (cost[0], cost[1], w, way))
    out: dict[int, tuple[int, float]] = {}
    for (v, _way), cost in best.items():
        if cost < out.get(v, (1 << 30, 0.0)):
            out[v] = cost
    return out


@functools.cache
def _costs(unit: int, lo: int, hi: int, start: int) -> dict[int, tuple[int, float]]:
    """Fewest presses (then seconds) from ``start`` to every value, OK not included."""
    best: dict[int, tuple[int, float]] = {start: (0, 0.0)}
    todo = [(0, 0.0, start)]
    while todo:
        n, s, v = heapq.heappop(todo)
        if best.get(v, (1 << 30, 0.0)) < (n, s):
            continue
        nexts = [(tap(v, unit, lo, hi, k), TAP_S) for k in ("up", "down")]
        for k in ("up", "down"):
            nexts += holds(v, unit, lo, hi, k)
        for w, secs in nexts:
            cost = (n + 1, s + secs)
            if cost < best.get(w, (1 << 30, 0.0)):
                best[w] = cost
                heapq.heappush(todo, (cost[0], cost[1], w))
    return best


def presses_for(
    value: int, unit: int, lo: int, hi: int, inputs: str = "buttons", start: int | None = None
) -> int:
    """Fewest presses that enter ``value`` (OK included) with ``inputs``: "buttons" (the five
    buttons: taps and holds), "encoder" (detents and its push), "keypad" (the keypad beside
    the buttons: digits and #, or the buttons where they are fewer). ``start``: the value the
    entry shows first (default: the lowest on the unit, or 0 when lo is below 0)."""
    return measure(value, unit, lo, hi, inputs, start)[0]


def measure(
    value: int, unit: int, lo: int, hi: int, inputs: str = "buttons", start: int | None = None
) -> tuple[int, float]:
    """(presses, seconds) for ``presses_for``."""
    if inputs not in INPUTS:
        raise ValueError(f"inputs {inputs!r}: one of {', '.join(INPUTS)}")
    e = _entry(0, unit, lo, hi)
    if start is None:
        start = max(e.least(), 0) if e.least() <= 0 <= e.most() else e.least()
    if not (lo <= value <= hi) or value % unit:
        raise ValueError(f"{value} is not an entry of {lo}..{hi} in steps of {unit}")
    if inputs == "encoder":
        n, s = _turn_costs(unit, lo, hi, start)[value]
    else:
        n, s = _costs(unit, lo, hi, start)[value]
    best = (n + 1, s + TAP_S)
    if inputs == "keypad":
        k = typed(value, unit, lo, hi, start)
        if k is not None and (k, k * TAP_S) < best:
            best = (k, k * TAP_S)
    return best


CASES = (
    # what, values, unit, lo, hi, start
    ("pips left 0-99 (double-six tally)", range(0, 100), 1, 0, 168, 0),
    ("pips left 0-99 (double-twelve)", range(0, 100), 1, 0, 1014, 0),
    ("points in fives 5-95 (Muggins)", range(5, 100, 5), 5, -1000, 1000, 5),
    ("points 1-30", range(1, 31), 1, -1000, 1000, 1),
    ("target 50-500", range(50, 501, 50), 1, 1, 10000, 100),
)
GOAL_MEAN, GOAL_MAX, GOAL_KEYPAD, GOAL_KNOB_DETENTS = 6, 10, 3, 6


def main() -> None:
    lines = [
        "Presses per number entered (OK included), fewest presses per value, by input. The",
        "device's own widget (scoreboard.numbers.NumberEntry) and button repeat",
        "(scoreboard.buttons) on CPython (bench/number_presses.py). A hold is one press: it",
        f"climbs a rung (ten units) each {LADDER_MS} ms at most and is let go on the rung",
        "aimed at; secs: a scorer's time at 0.35 s a press plus the holds. encoder: each",
        "detent a press and its push (OK) one; a detent moves by its pace, the gap since the",
        f"one before it the same way: a unit (aimed clicks, {GAPS[SLOW]} ms; the first of a turn),",
        f"to the next multiple of {TURN_STEPS[STEADY]} units (a steady turn,"
        f" {GAPS[STEADY]} ms) or of {TURN_STEPS[FAST]} (a spin, {GAPS[FAST]} ms)",
        "(boards/encoder.py, NumberEntry.turn); detents = presses - 1. keypad: digits and #,",
        f"or the buttons where fewer. Goals (five buttons, 0-99): mean <= {GOAL_MEAN},"
        f" max <= {GOAL_MAX};",
        f"keypad mean <= {GOAL_KEYPAD}; knob 0-99 mean <= {GOAL_KNOB_DETENTS} detents.",
        "",
        f"{'entry':36s} {'input':8s} {'mean':>5s} {'p50':>4s} {'max':>4s} {'<=6':>5s} "
        f"{'secs':>5s} {'worst':>6s}",
    ]
    for what, values, unit, lo, hi, start in CASES:
        for inputs in INPUTS:
            got = [measure(v, unit, lo, hi, inputs, start) for v in values]
            ns = [g[0] for g in got]
            worst = list(values)[ns.index(max(ns))]
            lines.append(
                f"{what:36s} {inputs:8s} {statistics.mean(ns):5.2f} "
                f"{statistics.median(ns):4g} {max(ns):4d} "
                f"{sum(1 for n in ns if n <= 6) / len(ns):5.0%} "
                f"{statistics.mean(g[1] for g in got):5.2f} {worst:6d}"
            )
    lines += [
        "",
        "Before (the old entry: taps of one, a hold that sped up to a step of 10 every 40 ms",
        "and overshot): a tally of 45 took 46 presses. Before the knob's pace (a unit a",
        "detent, and one detent clockwise from 0 wrapped to the most): 0-99 cost 48.25",
        "presses (47.25 detents) on the double-six tally, max 85; points 1-30 15.50.",
    ]
    text = "\n".join(lines) + "\n"
    print(text, end="")
    out = Path(os.environ.get("BENCH_RESULTS", ROOT / "bench" / "results"))
    out.mkdir(parents=True, exist_ok=True)
    (out / "numbers.txt").write_text(text)


if __name__ == "__main__":
    main()


def tile_presses(match, tile: tuple[int, int], end: int | None, o: int | None = None) -> int:
    """Keys that enter the play of ``tile`` on ``end`` on the keypad, as the table takes them
    (scoreboard.screens.table.Table.type_tile): its pips, the shorter way round that names it
    ("#" too where the digits are also the start of a longer tile), then, when its ends differ in
    result, the digit that numbers its end; a lead the tiles decide, then the seat's digit.
    ``match``: a domino Match with the play to come in turn."""
    from scoreboard import pips as plays

    lead = 0 if match.hand.turn is None else None  # the tiles decide who leads
    best = None
    for a, b in ((tile[0], tile[1]), (tile[1], tile[0])):
        typed = ""
        got = None
        for d in f"{a}{b}":
            typed += d
            got = plays.by_pips(match, typed, lead)
            if got is None or got[0] is not None:
                break
        n = len(typed)
        if got is not None and got[0] is None:  # a whole tile and a longer one: "#" takes it
            got = plays.typed_done(match, typed, lead)
            n += 1
        if got is None or got[0] != tuple(sorted(tile, reverse=True)):
            continue
        ways = plays.differing(match, got[1])
        if lead is not None:
            n += 1  # then who laid it: the digit of the seat (screens.tiles.Leader)
        elif len(ways) > 1:
            want = plays.result(match, got[0], end, o)
            i = [plays.result(match, t, e, oo) for t, e, oo in ways].index(want)
            # the digit that numbers its end lays it (pips.end_key); past nine, the bar
            n += 1 if i < 9 else min(i, len(ways) - i) + 1
        best = n if best is None else min(best, n)
    if best is None:
        raise ValueError(f"{tile} on {end} is no play the keypad can name now")
    return best
