# Mexican Train with ten players on the table: the trains row shows every train whole and each
# distinguishable (a player "Mia" and the public "Mx", "Ana" and "Anna"), with markers, on as
# many rows as it needs, and the action bar names each train as the row does. Plays are random
# legal plays recorded through the app (the table's view: no hands), then the table is drawn.
# Prints RESULT JSON (the rows, and the bar's label of every train it offers, also right after
# the station, when the next player's train is still to start); writes the
# golden screen "mexican-trains" to OUT ("-": none).
#
#   micropython tests/firmware/mpy/trains_row.py STORAGE OUT

import sys

sys.path[:0] = ["firmware", "build/mpy-lib", "tests/firmware/mpy", "harness"]

from scoreboard import text  # noqa: E402  # before any screen module binds its draw

drawn = []
_draw = text.draw


def draw(fb, s, x, y, c=1, scale=1):
    drawn.append([s, x, y])
    return _draw(fb, s, x, y, c, scale)


text.draw = draw

import mpy_app_driver as d  # noqa: E402

from boards.sim import Rand  # noqa: E402

storage, out = sys.argv[1], sys.argv[2]
out = None if out == "-" else out
NAMES = ["Mia", "Max", "Marta", "Ana", "Anna", "Ben", "Bea", "Cai", "Dee", "Eve"]

op = d.Operator(storage, seed=1)
app = op.app
app.new_match({"game": "mexican", "players": NAMES})
rand = Rand(5)
m = app.match
lay = m.hand.layout
app.record({"k": "play", "p": 0, "t": "12-12"})  # the station: seat 0 holds it


def bar_of(table):
    """What the action bar says of each train it offers: (arm, label text)."""
    bar = []
    for act in table.actions:
        if act[0] == "end":
            bar.append([act[1], table.label(app, act)])
        elif act[0] == "quick":
            bar.append([act[1][1], table.label(app, act)])
    return bar


app.home()
app.redraw()  # the frame; the bar's guesses come with the idle pass after it
app.step(op.board.ticks_ms())
first_bar = bar_of(app.screen)  # seat 1 has no train yet: only a new one, off the station
for _ in range(400):
    arms = lay.arms
    if len(arms) >= len(NAMES) + 2 and sum(1 for a in arms if a.marker) >= 3:
        break
    p = m.hand.turn
    plays = m.legal_plays(p)
    new = [x for x in plays if x[1] == len(arms)]  # a new train: the row grows
    if plays and (new or rand.next() % 4):
        t, e, _o = (new or plays)[rand.next() % len(new or plays)]
        ev = {"k": "play", "p": p, "t": "%d-%d" % t}
        if e is not None:
            ev["e"] = e
        app.record(ev)
    elif m.may_draw(p):
        app.record({"k": "draw", "p": p})
        app.record({"k": "pass", "p": p})  # a marker on his train
    else:
        app.record({"k": "pass", "p": p})
app.home()
del drawn[:]
app.redraw()
app.step(op.board.ticks_ms())  # the bar
op.snap(out, "mexican-trains")
rows = {}
for s, x, y in drawn:
    if x == 0 and 8 <= y < 48 and y % 8 == 0:
        rows[y // 8] = s
r = {
    "screen": d.kind(app.screen),
    "bar": bar_of(app.screen),
    "first_bar": first_bar,
    "trains": [[a.owner, a.open, a.marker] for a in lay.arms],
    "rows": [rows[k] for k in sorted(rows)],
    "names": NAMES,
    "errors": app.errors,
}
d.emit(r)
