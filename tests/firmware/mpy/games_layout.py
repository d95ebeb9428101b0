# One short match of a layout game beyond the table's own nine, entered by button presses: setup
# (house rules, players, limit), every lead, play, draw and pass, the hand ends. Bots hold real
# tiles; draws the rules owe are recorded by the device itself and dealt by the table here.
# Prints a RESULT line (JSON) for tests/firmware/test_games_ui.py.
#
#   micropython tests/firmware/mpy/games_layout.py GAME PLAYERS SEED STORAGE OUT LIMIT [OPTS]
#
# OUT is a directory for golden screens or "-"; LIMIT the points or rounds to play (0: the
# game's default); OPTS house rules as JSON.

import json
import sys

sys.path[:0] = ["firmware", "build/mpy-lib", "tests/firmware/mpy", "harness"]

import mpy_app_driver as d  # noqa: E402
import mpy_games_driver as g  # noqa: E402

game, players, seed, storage = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
out = sys.argv[5] if sys.argv[5] != "-" else None
limit = int(sys.argv[6]) or None
opts = json.loads(sys.argv[7]) if len(sys.argv) > 7 else None

op = g.Scorer(storage, seed=seed)
try:
    op.new_match(game, players, target=limit, opts=opts)
except g.Stuck:
    if not d.shows(op.screen, "TeamDraw"):
        raise
    if out:
        op.snap(out, "games-teamblock-teams")
    op.choose(1)  # the draw made Ana and Ben partners
session = g.Layout(op, seed=seed)
hands = session.play_match(out)
m = op.app.match
d.emit(
    {
        "match_id": op.app.match_id,
        "standings": m.standings(),
        "intended": session.intended,
        "hands": hands,
        "presses": op.presses,
        "play_presses": session.play_presses,
        "errors": op.app.errors,
    }
)
