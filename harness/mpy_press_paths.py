# The fewest presses that enter each play of real hands on the device's own screens.
#
#   micropython harness/mpy_press_paths.py HANDS_FILE STORAGE
#
# HANDS_FILE holds hands played by the host's simulated table (harness/press_hands.py):
# a line "#" starts a hand, then its match setup, then its events, one JSON line each. Each
# hand is replayed on the real App (simulated board, real flash journal, the real screens):
# before every play the screen the device shows is asked for its lists (the table's action
# bar, the end's tile list, the leader list) and the shortest way to the play is taken with
# key presses (UP/DOWN to move, OK to choose) through App._button, exactly as the buttons'
# events arrive; the play the device then records must be the one the table made. Other
# events (draws, passes, the hand's end) are recorded as they are.
#
# Prints one JSON line: {"games": {key: {"presses": [...], "lists": [...], "dups": n,
# "hands": n, "missing": [plays the screens did not offer], "worst": [presses, play],
# "refresh_us": the table's refreshes before the plays, in all}}}

import gc
import json
import os
import sys
import time

sys.path[:0] = ["firmware", "build/mpy-lib"]

import scoreboard.screens.tiles as screens  # noqa: E402
from boards.sim import SimBoard  # noqa: E402
from domino.events import loads  # noqa: E402
from scoreboard.app import App  # noqa: E402
from scoreboard.buttons import DOWN, SHORT  # noqa: E402

DRAW = ("draw", None)


class Stuck(Exception):
    pass


def press(app, name):
    """One press of a button as the debounced buttons report it."""
    now = app.board.ticks_ms()
    app._button(name, DOWN if name in ("UP", "DOWN") else SHORT, now)


def dist(a, b, n):
    return min((a - b) % n, (b - a) % n)


def goto(app, screen, index, n, count):
    """Move screen's wrapping cursor to index the short way; count the presses."""
    down = (index - screen.cursor) % n
    up = (screen.cursor - index) % n
    name, k = ("DOWN", down) if down <= up else ("UP", up)
    for _ in range(k):
        press(app, name)
    if screen.cursor != index:
        raise Stuck("cursor at %d, wanted %d" % (screen.cursor, index))
    count[0] += k


def tile(x):
    if isinstance(x, str):
        a, b = x.split("-")
        x = (int(a), int(b))
    a, b = x
    return (a, b) if a >= b else (b, a)


def same_end(lay, a, b):
    if a == b:
        return True
    return a is not None and b is not None and lay.alike(a, b)


def natural(m, t, e, o):
    """o as the screens give it: None for a joker laid the natural way on end e (the bots
    name the half left open either way; the device leaves it out when the tile adds up)."""
    g = m.game
    if o is not None and g.base is not None and g.adds_up(t, m.hand.layout.arms[e].open) == o:
        return None
    return o


def tiles_index(choices, t, o):
    for k, c in enumerate(choices):
        if c.tile == t and getattr(c, "o", None) == o:
            return k
    return None


def duplicates(lay, table):
    """Entries of the action bar and of the ends' lists that repeat a play: the same tile (and
    way round) twice, or on two ends that give the same table (``Layout.alike``)."""
    seen = []
    dups = 0
    for a in table.actions:
        if a[0] == "quick":
            x = a[1]
            for y in seen:
                if y[0] == x[0] and y[2:] == x[2:] and same_end(lay, y[1], x[1]):
                    dups += 1
            seen.append(x)
    ends = list(table.ends)
    for i in range(len(ends)):
        for j in range(i):
            if same_end(lay, ends[i], ends[j]):
                dups += len(table.ends[ends[i]])
    for e in table.ends:
        got = []
        for c in table.ends[e]:
            key = (c.tile, getattr(c, "o", None))
            if key in got:
                dups += 1
            got.append(key)
    return dups


def pick_cost(table, x, k):
    """Presses from end x's entry (OK on it) to the tile at k of its list: the device's
    scoreboard.screens.tiles.pick shows a long list a group at a time."""
    cs = table.ends[x]
    start = table.start(x)
    g = screens.GROUP
    if len(cs) <= screens.LONG:
        return dist(k, start, len(cs)) + 1
    groups = (len(cs) + g - 1) // g
    inner = start - k // g * g if start // g == k // g else 0
    size = min(g, len(cs) - k // g * g)
    return dist(k // g, start // g, groups) + 1 + dist(k % g, inner, size) + 1


def choose_tile(app, t, o, count):
    """On the screens that pick a tile (the groups of a long list, the list): the tile."""
    for _ in range(2):
        s = app.screen
        k = tiles_index(s.choices, t, o)
        if k is None:
            raise Stuck("tile %r not offered" % (t,))
        if type(s).__name__ == "Groups":
            k //= screens.GROUP
        goto(app, s, k, len(s.items), count)
        press(app, "OK")
        count[0] += 1
        if type(s).__name__ != "Groups":
            return


def enter_play(app, ev, stats):
    """Enter the play ev by the fewest presses the screens allow; return the presses."""
    m = app.match
    hand = m.hand
    lay = hand.layout
    t = tile(ev["t"])
    e = ev.get("e")
    o = ev.get("o")
    table = app.screen
    t0 = time.ticks_us()
    table.refresh(app)  # what the screen does once per event (timed: a unix-port proxy)
    stats["refresh_us"] += time.ticks_diff(time.ticks_us(), t0)
    acts = table.actions
    n = len(acts)
    stats["lists"].append(n)
    stats["dups"] += duplicates(lay, table)
    best = None  # (presses, action index, then: None, or list index, or (player, list index))
    for i, a in enumerate(acts):
        kind, x = a
        if kind == "quick" and e is not None and x[0] == t and same_end(lay, x[1], e):
            if (x[2] if len(x) > 2 else None) == natural(m, t, x[1], o):
                cost = dist(i, table.cursor, n) + 1
                if best is None or cost < best[0]:
                    best = (cost, i, None)
        elif kind == "end" and e is not None and same_end(lay, x, e):
            cs = table.ends[x]
            k = tiles_index(cs, t, natural(m, t, x, o))
            if k is not None:
                cost = dist(i, table.cursor, n) + 1 + pick_cost(table, x, k)
                if best is None or cost < best[0]:
                    best = (cost, i, k)
        elif kind == "lead" and e is None:
            best = (0, i, "lead")
    if best is None:  # the screens cannot enter it: counted apart, recorded as it is
        stats["missing"].append(ev)
        app.record(ev)
        return None
    count = [0]
    _cost, i, then = best
    goto(app, table, i, n, count)
    press(app, "OK")
    count[0] += 1
    if then == "lead":
        for _ in range(3):  # who leads (when the tiles decide), the high half (its group)
            s = app.screen
            kind = type(s).__name__
            if kind.endswith("Leader"):
                k = ev["p"]
            elif kind == "HighHalf":
                k = s.index_of(t[0])
            else:
                break
            goto(app, s, k, len(s.items), count)
            press(app, "OK")
            count[0] += 1
        choose_tile(app, t, o, count)
    elif then is not None:
        choose_tile(app, t, natural(m, t, acts[i][1], o), count)
    return count[0]


def device_end(emap, ev):
    """``ev`` with its end as the device numbers it (``renumber``)."""
    if "e" in ev:
        ev["e"] = emap.get(ev["e"], ev["e"])
    return ev


def renumber(emap, ev, got):
    """The device laid play ``ev`` as ``got``, on the mirror end of a lone double: from then on
    the host's table and the device number those two arms the other way (``emap``)."""
    if got.get("e") != ev.get("e") and ev.get("e") is not None:
        host = {v: k for k, v in emap.items()}
        a, b = host.get(ev["e"], ev["e"]), host.get(got["e"], got["e"])
        emap[a], emap[b] = got["e"], ev["e"]


def recorded(app, events, i, before):
    """Check that event ``i`` was recorded (the log was ``before`` long), skip the events the
    device made by itself after it (the automatic claim, owed draws); the next event's index."""
    m = app.match
    if app.errors or len(m.log) == before:
        raise Stuck("not recorded: %r %r" % (events[i], app.message))
    i += 1
    j = before + 1
    while j < len(m.log) and i < len(events) and events[i].get("k") == m.log[j].get("k"):
        i += 1
        j += 1
    return i


def replay(storage, lines, stats):
    board = SimBoard(storage_dir=storage)
    app = App(board)
    app.new_match(loads(lines[0]))
    m = app.match
    events = [loads(x) for x in lines[1:]]
    # The device lists a play on mirrored ends once, so it may lay on the other side of a lone
    # double than the host's table did: from then on the two number those arms the other way.
    emap = {}
    i = 0
    while i < len(events):
        ev = device_end(emap, events[i])
        m = app.match
        if ev.get("k") == "end" or m.hand is None or m.hand.is_over():
            break  # the hand's end: entered on the tally, not measured here
        before = len(m.log)
        if not type(app.screen).__name__.endswith("Table"):
            app.home()
        table = app.screen
        if ev.get("k") == "play":
            # a joker laid the natural way is one play whether the half left open is named
            said = ev.get("o")
            if ev.get("e") is not None:
                said = natural(m, tile(ev["t"]), ev["e"], said)
            k = enter_play(app, ev, stats)
            if k is not None:
                stats["presses"].append(k)
                if k > stats["worst"][0]:
                    stats["worst"] = [k, ev, len(m.log)]
            got = m.log[before]
            if tile(got["t"]) != tile(ev["t"]) or got.get("o") not in (ev.get("o"), said):
                raise Stuck("recorded %r for %r" % (got, ev))
            renumber(emap, ev, got)
        elif ev.get("k") == "draw" and ev.get("p") == m.hand.turn and DRAW in table.actions:
            # through the screen, as the scorer does: the table keeps its cursor on Draw
            table.act(app, DRAW)
        else:
            app.record(ev)
        i = recorded(app, events, i, before)
    app.home()
    del app, board
    gc.collect()


def clean(path):
    try:
        for f in os.listdir(path):
            os.remove(path + "/" + f)
    except OSError:
        pass


def main():
    path, storage = sys.argv[1], sys.argv[2]
    out = {}
    hand = []
    key = None
    n = 0

    def flush():
        if hand:
            stats = out.get(key)
            if stats is None:
                stats = out[key] = {"presses": [], "lists": [], "dups": 0, "hands": 0}
                stats["missing"] = []
                stats["worst"] = [0]
                stats["refresh_us"] = 0
            where = storage + "/h%d" % n
            clean(where)
            replay(where, hand, stats)
            stats["hands"] += 1

    with open(path) as f:
        for line in f:
            line = line.strip()
            if line == "#":
                flush()
                n += 1
                hand = []
                continue
            if not hand:
                key = json.loads(line)["game"]
            hand.append(line)
    flush()
    print(json.dumps({"games": out}))


if __name__ == "__main__":  # bench/mpy_hands.py imports its paths
    main()
