"""Whole hands on the device against a paper score pad, per way of keeping a hand and per input.

Hands: the host's simulated table (dominoboard.sim.table), every seat laying a uniformly random
legal tile (harness/press_hands.py), for every game played tile by tile. Each hand is
entered on the real App on the MicroPython unix port twice (bench/mpy_hands.py): *tracked*
(every play by the fewest presses the table's lists allow, draws and passes on the bar, the
tally) and on a *score pad* (scoreboard.screens.pad: each score as it happens in the game's
unit, End the hand, who went out, the tally; the OK that leaves the result screen for the next
hand, where one is shown). Both must reach the totals the rules core folds
from the hand ("same"). The outcome games' hands (bench/outcome_hands.py) are entered on the real
App every way the game declares (bench/mpy_outcomes.py) and priced the same way; their rows
close hands.txt and make bench/results/presses-games.txt.

A paper score pad's strokes for the same hand: one per digit plus one per entry, for every
score written during play (each time a side's total grows) and every side's non-zero points
at the hand's end. The same rule everywhere.

Numbers (tallies, points) are priced per input by ``number_presses``: the number-entry bench's
``presses_for(value, unit, lo, hi, inputs)`` (bench/number_presses.py) when that module and the
widget it measures are there; else today's widget, whose taps mpy_hands.py pressed (a hold
runs past any value a person can catch after the first three, so taps are what a scorer uses;
a knob's detent is a tap), plus the OK. Writes bench/results/hands.txt.
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))
import outcome_hands  # noqa: E402

from domino.events import loads  # noqa: E402
from domino.match import Match  # noqa: E402
from harness import press_hands  # noqa: E402

SEEDS = list(range(1, 9))  # hands per game
INPUTS = ("buttons", "encoder", "keypad")
GOALS = {"pad": {"keypad": 1.0, "buttons": 2.0}, "play_median": 2, "play_max": 4,
         "tally": {"buttons": 6, "keypad": 3}}  # fmt: skip


def _presses_for():
    """The number-entry bench's seam, or None while its widget is not in this tree."""
    try:
        from number_presses import presses_for  # pyright: ignore[reportMissingImports]
    except ImportError:
        return None
    return presses_for


PRESSES_FOR = _presses_for()


def keypad_plays(lines: list[str]) -> list[int | None]:
    """Keys per play of a tracked hand on the keypad (bench/number_presses.py's ``tile_presses``:
    the tile by its pips, then its end on the bar only where the ends differ in result), in the
    order of the hand's plays; None where the keypad cannot name the play (the bar's presses,
    as with five buttons, count there)."""
    from number_presses import tile_presses  # pyright: ignore[reportMissingImports]

    m = Match(loads(lines[0]))
    out: list[int | None] = []
    for line in lines[1:]:
        ev = loads(line)
        if m.over:
            break
        if ev.get("k") == "play":
            try:
                out.append(tile_presses(m, tuple(ev["t"]), ev.get("e"), ev.get("o")))
            except Exception:  # noqa: BLE001 - a play the digits cannot name: the bar's count
                out.append(None)
        m.apply(ev)
    return out


def number_presses(entry: list, inputs: str) -> int | None:
    """Presses to enter one number, its OK included. ``entry`` as mpy_hands.py reports it:
    [kind, value in units, lo, hi, the value shown first, unit, taps on today's widget].
    None: not measurable for this input here (the keypad without the number-entry bench's
    module)."""
    _kind, value, lo, hi, start, unit, taps = entry
    if PRESSES_FOR is not None:  # from the value the entry showed first
        return PRESSES_FOR(value * unit, unit, lo * unit, hi * unit, inputs, start)
    if inputs == "keypad":
        return None
    return taps + 1


def strokes(points: int) -> int:
    return len(str(abs(points))) + 1


def paper(lines: list[str]) -> int:
    """A score pad's strokes for the hand: each score during play, each side's points at the
    end (one per digit plus one per entry)."""
    setup = loads(lines[0])
    m = Match(setup)
    total = 0
    for line in lines[1:]:
        ev = loads(line)
        if m.over:
            break
        before = list(m.totals)
        records = len(m.records)
        m.apply(ev)
        if len(m.records) > records:  # the hand's end: the points each side takes
            total += sum(strokes(x) for x in m.records[-1].tally if x)
            continue
        total += sum(strokes(t - b) for t, b in zip(m.totals, before, strict=True) if t > b)
    return total


def measure(games: list[str], storage: Path) -> tuple[list[dict], dict[tuple, int]]:
    path = storage / "hands.txt"
    storage.mkdir(parents=True, exist_ok=True)
    pads: list[int] = []
    keyed: list[list[int | None]] = []
    with path.open("w") as f:
        for key in games:
            for seed in SEEDS:
                lines = press_hands.hand_lines(key, seed)
                pads.append(paper(lines))
                keyed.append(keypad_plays(lines))
                f.write("#\n" + "".join(line + "\n" for line in lines))
    hands = press_hands.run_json(
        ROOT / "bench" / "mpy_hands.py", [str(path), str(storage / "flash")]
    )
    assert isinstance(hands, list)
    n = -1
    for h in hands:  # each hand tracked, then on the pad (and by its tally where it took a result)
        if h["way"] == "tracked":  # the keypad where it names the play, else the bar
            n += 1
            h["key_plays"] = [
                b if k is None else k for b, k in zip(h["plays"], keyed[n], strict=False)
            ]
        h["paper"] = pads[n]
    return hands, {}


def priced(h: dict, inputs: str) -> dict | None:
    """One hand's presses for an input: plays, turns (draws, passes), points, end, tallies."""
    nums = {"points": [], "tally": []}
    for e in h["numbers"]:
        n = number_presses(e, inputs)
        if n is None:
            return None
        nums[e[0]].append(n)
    plays = h.get("key_plays", h["plays"]) if inputs == "keypad" else h["plays"]
    points = h["points_nav"] - len(nums["points"]) + sum(nums["points"])
    tally = h["tally_ok"] - len(nums["tally"]) + sum(nums["tally"])
    total = sum(plays) + h["turns"] + points + h["end_nav"] + tally + h["next"]
    return {"total": total, "tally": nums["tally"], "tally_all": tally, "points": points}


def fmt(x: float | None, spec: str = "5.1f") -> str:
    return "  n/a" if x is None else format(x, spec)


def main() -> None:
    games = press_hands.tile_games()
    start = time.time()
    with tempfile.TemporaryDirectory() as tmp:
        hands, _ = measure(games, Path(tmp))
    source = "bench/number_presses.py" if PRESSES_FOR else "today's widget (taps + OK)"
    lines = [
        "Whole hands on the device vs a paper score pad (one stroke per digit, one per entry),",
        f"every tile game, {len(SEEDS)} hands each by random players, entered on the real App",
        "(MicroPython unix port, bench/mpy_hands.py) tracked and on the score pad. Numbers "
        f"priced by {source}.",
        "ratio: presses / the pad's strokes for the same hands (sum over the game's hands).",
        "play: presses per play, tracked (median / max), five buttons and keypad. tally: presses",
        "per value entered at the end, its OK included (mean). key: the keypad beside the",
        "buttons (a tile by its pips, numbers typed; bench/number_presses.py prices both).",
        "",
        f"{'game':20s} {'seats':>5s} {'pad':>5s}  {'tracked (btn)':>14s} {'score pad':>29s}"
        f"  {'play':>7s} {'tally':>17s}  same",
        f"{'':20s} {'':5s} {'strk':>5s}  {'press':>6s} {'ratio':>6s}  "
        + " ".join(f"{i[:3]:>9s}" for i in INPUTS)
        + f"  {'med/max':>8s} {'med/max':>7s} {'btn':>5s} {'enc':>5s} {'key':>5s}",
    ]
    worst = {i: 0.0 for i in INPUTS}
    tracked_all = [0, 0]  # presses (five buttons), strokes
    plays_all: list[int] = []
    key_plays_all: list[int] = []
    tracked_key = [0, 0]  # presses (keypad), strokes
    tally_all = {i: [] for i in INPUTS}
    pad_all = {i: [0, 0] for i in INPUTS}
    for key in games:
        hs = [h for h in hands if h["game"] == key]
        tr = [h for h in hs if h["way"] == "tracked"]
        pd = [h for h in hs if h["way"] == "pad"]
        strokes_sum = sum(h["paper"] for h in tr)
        same = all(h["same"] for h in hs)
        tracked = [priced(h, "buttons") for h in tr]
        t_total = sum(p["total"] for p in tracked if p)
        tracked_all[0] += t_total
        tracked_all[1] += strokes_sum
        ratios = []
        for i in INPUTS:
            ps = [priced(h, i) for h in pd]
            if None in ps:
                ratios.append(None)
                continue
            total = sum(p["total"] for p in ps if p)
            pad_all[i][0] += total
            pad_all[i][1] += strokes_sum
            ratios.append(total / strokes_sum if strokes_sum else None)
            if strokes_sum:
                worst[i] = max(worst[i], total / strokes_sum)
            for p in ps:
                if p:
                    tally_all[i] += p["tally"]
        plays = [x for h in tr for x in h["plays"]]
        plays_all += plays
        key_plays = [x for h in tr for x in h.get("key_plays", [])]
        key_plays_all += key_plays
        tracked_key[0] += sum(p["total"] for p in (priced(h, "keypad") for h in tr) if p)
        tracked_key[1] += strokes_sum
        tallies = []
        for i in INPUTS:
            ps = [priced(h, i) for h in pd]
            vals = [x for p in ps if p for x in p["tally"]]
            tallies.append(statistics.mean(vals) if vals and None not in ps else None)
        lines.append(
            f"{key:20s} {press_hands.seats(key):5d} {strokes_sum:5d}  {t_total:6d} "
            f"{t_total / strokes_sum if strokes_sum else 0:5.1f}x  "
            + " ".join(f"{fmt(r, '8.2f')}x" if r is not None else f"{'n/a':>9s}" for r in ratios)
            + f"  {statistics.median(plays) if plays else 0:3g}/{max(plays) if plays else 0:<3d}"
            + f" {statistics.median(key_plays) if key_plays else 0:3g}/"
            + f"{max(key_plays) if key_plays else 0:<3d}"
            + " "
            + " ".join(fmt(t) for t in tallies)
            + ("  yes" if same else "  NO")
        )
    lines.append("")
    lines += result_rows(hands, games)
    n = len(games) * len(SEEDS)
    lines.append(
        f"per hand ({n} hands): a paper score pad {tracked_all[1] / n:.1f} strokes; tracked, "
        f"five buttons {tracked_all[0] / n:.1f} presses ({tracked_all[0] / tracked_all[1]:.1f}x)"
        + "".join(f"; score pad, {i} {pad_all[i][0] / n:.1f}" for i in INPUTS if pad_all[i][1])
    )
    unentered = sum(h.get("unentered", 0) for h in hands)
    if unentered:
        lines.append(
            f"hands left at a play the bar's shortest path did not lay (counted to there, same:"
            f" NO): {unentered}"
        )
    for i in INPUTS:
        total, strokes_sum = pad_all[i]
        if not strokes_sum:
            lines.append(f"score pad mode, {i}: n/a (no number entry for it in this tree)")
            continue
        goal = GOALS["pad"].get(i)
        ratio = total / strokes_sum
        lines.append(
            f"score pad mode, {i}: {total} presses for {strokes_sum} strokes = {ratio:.2f}x "
            f"(worst game {worst[i]:.2f}x)"
            + (f"; goal <= {goal}x: {'met' if ratio <= goal else 'NOT met'}" if goal else "")
        )
    med = statistics.median(plays_all)
    lines.append(
        f"tracked, five buttons: {len(plays_all)} plays, median {med:g}, p95 "
        f"{press_hands.summary(plays_all)[1]}, max {max(plays_all)} presses a play; a hand "
        f"{tracked_all[0] / tracked_all[1]:.1f}x the pad"
    )
    kmed = statistics.median(key_plays_all)
    kmax = max(key_plays_all)
    goal_met = kmed <= GOALS["play_median"] and kmax <= GOALS["play_max"]
    lines.append(
        f"tracked, keypad: {len(key_plays_all)} plays, median {kmed:g}, p95 "
        f"{press_hands.summary(key_plays_all)[1]}, max {kmax} presses a play; a hand "
        f"{tracked_key[0] / tracked_key[1]:.1f}x the pad (goal median <= "
        f"{GOALS['play_median']}, max <= {GOALS['play_max']}: {'met' if goal_met else 'NOT met'})"
    )
    for i in INPUTS:
        xs = tally_all[i]
        goal = GOALS["tally"].get(i)
        if not xs:
            lines.append(f"tallies, {i}: n/a")
            continue
        mean = statistics.mean(xs)
        lines.append(
            f"tallies, {i}: {len(xs)} values, mean {mean:.1f}, max {max(xs)} presses a value"
            + (f"; goal <= {goal}: {'met' if mean <= goal else 'NOT met'}" if goal else "")
        )
    with tempfile.TemporaryDirectory() as tmp:
        outcomes = outcome_hands.measure(Path(tmp))
    games_lines = outcome_rows(outcomes)
    lines += [""] + games_lines
    lines.append(f"({time.time() - start:.0f} s)")
    text = "\n".join(lines) + "\n"
    print(text, end="")
    out = Path(os.environ.get("BENCH_RESULTS", ROOT / "bench" / "results"))
    out.mkdir(parents=True, exist_ok=True)
    (out / "hands.txt").write_text(text)
    (out / "presses-games.txt").write_text("\n".join(games_lines) + "\n")


def result_rows(hands: list[dict], games: list[str]) -> list[str]:
    """Where the score pad took the hand's result itself (Game.result_entry, the pad's first
    action), its presses beside the tally's for the same hands, five buttons and keypad."""
    out = []
    for key in games:
        hs = [h for h in hands if h["game"] == key]
        tally = [h for h in hs if h["way"] == "padtally"]
        if not tally:
            continue
        pad = [h for h in hs if h["way"] == "pad" and h["result"]]
        cells = []
        for i in ("buttons", "keypad"):
            a = sum(p["total"] for p in (priced(h, i) for h in pad) if p)
            b = sum(p["total"] for p in (priced(h, i) for h in tally) if p)
            cells.append(f"{i} {a} vs {b}")
        out.append(f"  {key:20s} {len(pad)} hands: " + ", ".join(cells))
    if out:
        out = ["score pad, the hand's result (its first action) vs End the hand and the tally, "
               "presses for the same hands:"] + out + [""]  # fmt: skip
    return out


def outcome_rows(hands: list[dict]) -> list[str]:
    """The outcome games' rows: per game, the hands entered the way the device opens with
    (its first declared way) against paper, per input; every way's presses with five buttons
    beside it (the first must be the fewest); the goal, paper + 2 a hand with five buttons."""
    lines = [
        f"Outcome games (no tiles: one entry a hand), {outcome_hands.HANDS} hands each dealt and "
        "played at random (bench/outcome_hands.py),",
        "entered on the real App (bench/mpy_outcomes.py), every way the game declares",
        "(Game.entries). pad: paper's strokes; presses from the entry to the result, the way the",
        "entry opens with; over: hands above paper + 2 with five buttons; ways: every way's",
        "presses with five buttons, summed over the hands.",
        "",
        f"{'game':12s} {'pad':>4s} {'buttons':>13s} {'encoder':>13s} {'keypad':>13s} "
        f"{'over':>5s} {'worst':>6s}  ways",
    ]
    keys = list(dict.fromkeys(h["game"] for h in hands))
    total = {i: [0, 0] for i in INPUTS}
    over_all, count = 0, 0
    worst_game = ("", 0.0)
    for key in keys:
        ways = list(dict.fromkeys(h["way"] for h in hands if h["game"] == key))
        first = [h for h in hands if h["game"] == key and h["way"] == ways[0]]
        assert all(h["same"] for h in hands if h["game"] == key), key
        strokes_sum = sum(h["paper"] for h in first)
        cells = []
        for i in INPUTS:
            n = sum(outcome_hands.priced(h, i) for h in first)
            total[i][0] += n
            total[i][1] += strokes_sum
            cells.append(f"{n:5d} {n / strokes_sum:5.2f}x")
        buttons = [outcome_hands.priced(h, "buttons") for h in first]
        over = sum(1 for h, b in zip(first, buttons, strict=True) if b > h["paper"] + 2)
        worst = max(b - h["paper"] for h, b in zip(first, buttons, strict=True))
        over_all += over
        count += len(first)
        ratio = sum(buttons) / strokes_sum
        if ratio > worst_game[1]:
            worst_game = (key, ratio)
        per_way = {
            w: sum(outcome_hands.priced(h, "buttons") for h in hands
                   if h["game"] == key and h["way"] == w)
            for w in ways
        }  # fmt: skip
        fewest = min(per_way.values()) == per_way[ways[0]]
        lines.append(
            f"{key:12s} {strokes_sum:4d} " + " ".join(cells) + f" {over:2d}/{len(first):<2d} "
            f"{worst:+5d}  " + ", ".join(f"{w} {n}" for w, n in per_way.items())
            + ("" if fewest else "  (first way NOT the fewest)")
        )
    lines.append("")
    for i in INPUTS:
        n, strokes_sum = total[i]
        lines.append(
            f"outcome games, {i}: {n} presses for {strokes_sum} strokes = {n / strokes_sum:.2f}x"
            + (f" (worst game {worst_game[0]} {worst_game[1]:.2f}x)" if i == "buttons" else "")
        )
    lines.append(
        f"outcome games, buttons: {count - over_all} of {count} hands within paper + 2; goal "
        f"every hand: {'met' if not over_all else 'NOT met'}"
    )
    return lines


if __name__ == "__main__":
    main()
