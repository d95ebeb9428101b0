# Super Dominos after a 14: the player who left it plays again if he can, else passes (no
# drawing). The table's bar must offer what the core allows: Draw exactly when
# Match.may_draw, else Pass. Plays are recorded through the app (the table's view: no hands);
# the last pass is entered by presses on the bar. Prints RESULT JSON.
#
#   micropython tests/firmware/mpy/super_again.py STORAGE

import sys

sys.path[:0] = ["firmware", "build/mpy-lib", "tests/firmware/mpy", "harness"]

import mpy_app_driver as d  # noqa: E402

op = d.Operator(sys.argv[1], seed=1)
app = op.app
app.new_match({"game": "super", "players": ["Ana", "Ben", "Cal"]})
m = app.match
steps = []


def look():
    app.home()
    table = app.screen
    if table.seen_log != len(m.log):
        table.refresh(app)
    p = m.hand.turn
    steps.append(
        {
            "turn": p,
            "again": bool(m.game.status(m.hand).again),
            "may_draw": m.may_draw(p),
            "may_pass": m.may_pass(p),
            "kinds": [a[0] for a in table.actions],
        }
    )
    return table


look()
for p, t, e in ((0, "6-6", None), (1, "6-14", 0), (1, "14-2", 0), (2, "6-5", 1), (0, "5-14", 1)):
    ev = {"k": "play", "p": p, "t": t}
    if e is not None:
        ev["e"] = e
    app.record(ev)
    table = look()
op.goto(table.actions.index(("pass", None)))  # Ana cannot go again: she passes
op.tap("OK")
look()
d.emit({"steps": steps, "last": m.log[-1], "errors": app.errors, "message": app.message})
