# Whole hands on the device's real screens, kept both ways: tracked (every play by the fewest
# presses the table's lists allow, harness/mpy_press_paths.py; draws and passes on the
# bar; the tally) and on a score pad (scoreboard.screens.pad: each score as it happens, in the
# game's unit, then End the hand, who went out, the tally). Run by bench/hands_bench.py.
#
#   micropython bench/mpy_hands.py HANDS_FILE STORAGE
#
# HANDS_FILE: hands played by the host's simulated table (harness/press_hands.py). Every
# press goes through App._button as the buttons' events arrive; numbers are entered on today's
# widget by taps, the short way round (a tap past an end wraps), and each is reported with its
# range so the host can count it for other inputs too. The OK that leaves a result screen for
# the next hand counts too ("next"). Prints one JSON line: a list of
# {"game", "way", "plays", "turns", "points_nav", "end_nav", "tally_ok", "next", "numbers",
# "same"}.

import gc
import json
import sys

sys.path[:0] = ["firmware", "build/mpy-lib", "harness"]

import mpy_press_paths as pp  # noqa: E402

from boards.sim import SimBoard  # noqa: E402
from domino.events import loads  # noqa: E402
from domino.match import Match  # noqa: E402
from scoreboard.app import App  # noqa: E402


def match(app) -> Match:
    m = app.match
    assert m is not None, "no match on the table"
    return m


def shown(app):
    """The screen on show: any of the screens (the app loads their modules on demand)."""
    s = app.screen
    assert s is not None, "no screen"
    return s


class Count:
    def __init__(self, game, way):
        self.out = {"game": game, "way": way, "plays": [], "turns": 0, "points_nav": 0,
                    "end_nav": 0, "tally_ok": 0, "next": 0, "numbers": [],
                    "same": False}  # fmt: skip

    def add(self, key, n):
        self.out[key] += n


def press(app, name, count, key):
    pp.press(app, name)
    count.add(key, 1)


def goto(app, screen, index, n, count, key):
    c = [0]
    pp.goto(app, screen, index, n, c)
    count.add(key, c[0])


def number(app, entry, value, count, kind, unit=1):
    """Bring the device's NumberEntry to ``value`` by taps (a unit each), the short way round;
    recorded in units, the press price comes from bench/number_presses.py."""
    lo, hi, start = entry.least(), entry.most(), entry.value
    size = (hi - lo) // unit + 1
    up = (value - start) // unit % size
    down = (start - value) // unit % size
    name, k = ("UP", up) if up <= down else ("DOWN", down)
    for _ in range(k):
        pp.press(app, name)
    if entry.value != value:
        raise pp.Stuck("entry at %d, wanted %d" % (entry.value, value))
    count.out["numbers"].append([kind, value // unit, lo // unit, hi // unit, start, unit, k])


def new_app(storage, setup, way):
    pp.clean(storage)
    app = App(SimBoard(storage_dir=storage))
    setup = dict(setup)
    setup["way"] = way
    app.new_match(setup)
    app.home()
    return app


def hand_of(lines):
    setup = loads(lines[0])
    events = [loads(x) for x in lines[1:]]
    end = None
    for i, ev in enumerate(events):
        if ev.get("k") == "end":
            end = ev
            events = events[:i]
            break
    return setup, events, end


def held(ev, p):
    from scoreboard.screens.tally import held as form  # loaded: a tally is on show

    entry = ev.get("left", [0] * (p + 1))[p]
    if isinstance(entry, list):  # the simulated table names tiles as pairs
        entry = ["%d-%d" % (t[0], t[1]) if isinstance(t, list) else t for t in entry]
    return form(entry)


def end_hand(app, end, out, last, count, from_table):
    """From the table or the pad: End the hand, who went out (or blocked), the tally."""
    s = shown(app)
    if from_table:
        if getattr(s, "seen_log", len(match(app).log)) != len(match(app).log):
            s.refresh(app)  # the table lists its actions when it is drawn
        i = s.actions.index(("hand", None))
        goto(app, s, i, len(s.actions), count, "end_nav")
        press(app, "OK", count, "end_nav")
        s = shown(app)
        if type(s).__name__ != "EndHand":  # nothing to ask (Italian): the hand has ended
            return
        goto(app, s, s.outs.index(out), len(s.items), count, "end_nav")
        press(app, "OK", count, "end_nav")
        s = shown(app)
        if type(s).__name__ == "LastTile":
            goto(app, s, last, len(s.items), count, "end_nav")
            press(app, "OK", count, "end_nav")
        if type(shown(app)).__name__ not in ("Tally", "HandOver"):
            return  # nothing to ask: scored once the end was chosen
    tally(app, end, count)


def next_hand(app, count):
    """The OK that leaves a result screen for the next hand, where one is shown: a press of
    the whole hand as much as the tally's."""
    if type(shown(app)).__name__ in ("Result", "HiddenResult"):
        press(app, "OK", count, "next")


def tally(app, end, count):
    s = shown(app)
    if type(s).__name__ == "HandOver":  # Italian: the hand's end scores nothing
        press(app, "OK", count, "tally_ok")
        return
    if not type(s).__name__.endswith("Tally"):
        raise pp.Stuck("no tally: %s" % type(s).__name__)
    while s.cursor < len(s.rows()):
        p, key, num = s.rows()[s.cursor]
        number(app, num, int(held(end, p).get(key) or 0), count, "tally")
        press(app, "OK", count, "tally_ok")
    press(app, "OK", count, "tally_ok")  # Score the hand


def tracked(storage, lines):
    setup, events, end = hand_of(lines)
    count = Count(setup["game"], "tracked")
    app = new_app(storage, setup, "tracked")
    stats = {"presses": [], "lists": [], "dups": 0, "refresh_us": 0, "missing": [],
             "worst": [0]}  # fmt: skip
    emap = {}
    i = 0
    while i < len(events):
        ev = pp.device_end(emap, events[i])
        m = match(app)
        if m.hand is None or m.hand.is_over():
            break
        before = len(m.log)
        if not type(shown(app)).__name__.endswith("Table"):
            app.home()
        table = shown(app)
        kind = ev.get("k")
        if kind == "play":
            k = pp.enter_play(app, ev, stats)
            if len(m.log) == before:  # the path pressed did not lay it: counted, and the
                count.out["unentered"] = count.out.get("unentered", 0) + 1  # hand given up
                count.out["plays"].append(k or 1)
                count.out["same"] = False
                del app
                gc.collect()
                return count.out
            if k is None:
                k = 1  # not offered on the screens (counted in presses.txt): one press
            count.out["plays"].append(k)
            pp.renumber(emap, ev, m.log[before])
        else:
            if table.seen_log != len(m.log):
                table.refresh(app)
            act = (kind, None)
            if kind in ("draw", "pass") and ev.get("p") == m.hand.turn and act in table.actions:
                if kind == "draw" and ev.get("n", 1) != 1:
                    app.record(ev)
                    count.add("turns", 1)
                else:
                    goto(app, table, table.actions.index(act), len(table.actions), count, "turns")
                    press(app, "OK", count, "turns")
            else:  # owed draws, a muggins call, a barricade ...: one press on the bar
                app.record(ev)
                count.add("turns", 1)
        i = pp.recorded(app, events, i, before)
    m = match(app)
    if end is not None and m.hand is not None:
        hand = m.hand
        app.home()
        out = hand.out if hand.out is not None else end.get("out")
        end_hand(app, end, out, end.get("last"), count, not hand.is_over())
        next_hand(app, count)
    count.out["same"] = match(app).totals == shadow(setup, events, end).totals
    del app
    gc.collect()
    return count.out


def shadow(setup, events, end):
    m = Match(setup)
    for ev in events:
        m.apply(ev)
    if end is not None and not m.over:
        m.apply(end)
    return m


def scores(setup, events):
    """What a score pad writes during the hand: (seat, points) each time a side scores."""
    m = Match(setup)
    out = []
    for ev in events:
        if m.over:
            break
        before = list(m.totals)
        m.apply(ev)
        for s, t in enumerate(m.totals):
            if t > before[s]:
                p = ev.get("p")
                out.append((p if m.side_of[p] == s else m.sides[s][0], t - before[s]))
    return m, out


def offers_result(app, blocked):
    """The score pad offers the hand's result itself (Game.result_entry) for this end."""
    s = shown(app)
    m = match(app)
    won = [a for a in getattr(s, "actions", ()) if a[0] == "won" and a[1][1] == blocked]
    return bool(won) and m.game.result_entry(m.hand, blocked)


def result_end(app, out, tally, count):
    """The pad's hand result: on its bar "<player> went out" or "Blocked, <player> won" (the
    nearest seat of the side that scores), OK, his side's points, OK
    (scoreboard.screens.pad.results, scoreboard.screens.match_menu.HandResult)."""
    m = match(app)
    s = shown(app)
    side = 0
    for i, x in enumerate(tally):
        if x > tally[side]:
            side = i
    seats = [out] if out is not None else m.sides[side]
    n = len(s.actions)
    at = [s.actions.index(("won", (p, out is None))) for p in seats]
    i = min(at, key=lambda i: min((i - s.cursor) % n, (s.cursor - i) % n))
    goto(app, s, i, n, count, "end_nav")
    press(app, "OK", count, "end_nav")
    s = shown(app)
    number(app, s.number, tally[side], count, "tally", m.game.points_unit)
    press(app, "OK", count, "tally_ok")


def pad(storage, lines, result=True):
    """The hand on the score pad, its end the way the pad opens with: the hand's result
    where offered (``result``), else End the hand and the tally."""
    setup, events, end = hand_of(lines)
    count = Count(setup["game"], "pad" if result else "padtally")
    sh, scored = scores(setup, events)
    app = new_app(storage, setup, "pad")
    unit = match(app).game.points_unit
    for p, pts in scored:
        s = shown(app)
        goto(app, s, s.actions.index(("pts", p)), len(s.actions), count, "points_nav")
        press(app, "OK", count, "points_nav")
        number(app, s.points[1], pts, count, "points", unit)
        press(app, "OK", count, "points_nav")
        if match(app).over:
            break
    m = match(app)
    final = shadow(setup, events, end)
    count.out["result"] = False
    if end is not None and not m.over and sh.hand is not None:
        out = sh.hand.out if sh.hand.out is not None else end.get("out")
        last = end.get("last", sh.hand.last)
        if result and final.records and offers_result(app, out is None):
            count.out["result"] = True
            result_end(app, out, final.records[-1].tally, count)
        else:
            end_hand(app, end, out, last, count, True)
        next_hand(app, count)
    count.out["same"] = match(app).totals == final.totals
    del app
    gc.collect()
    return count.out


def main():
    path, storage = sys.argv[1], sys.argv[2]
    results = []
    hand = []

    def flush():
        if hand:  # a fresh flash for each hand: 400 matches in one outgrew the stored index
            n = len(results)
            results.append(tracked("%s/t%d" % (storage, n), hand))
            results.append(pad("%s/p%d" % (storage, n), hand))
            if results[-1]["result"]:  # the tally's way too, to compare
                results.append(pad("%s/q%d" % (storage, n), hand, False))

    with open(path) as f:
        for line in f:
            line = line.strip()
            if line == "#":
                flush()
                hand = []
                continue
            hand.append(line)
    flush()
    print(json.dumps(results))


main()
