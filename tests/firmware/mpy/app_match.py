# One whole match entered by button presses: setup screens, every play, draw, pass, claim and
# tally. Prints a RESULT line (JSON) for tests/firmware/test_app.py.
#
#   micropython tests/firmware/mpy/app_match.py GAME PLAYERS SEED STORAGE [OUT] [greedy|random]

import sys

sys.path[:0] = ["firmware", "build/mpy-lib", "tests/firmware/mpy", "harness"]

import mpy_app_driver as d  # noqa: E402

game, players, seed, storage = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
out = sys.argv[5] if len(sys.argv) > 5 and sys.argv[5] != "-" else None
strategy = d.randomly if len(sys.argv) > 6 and sys.argv[6] == "random" else d.greedy

op = d.Operator(storage, seed=seed)
op.snap(out, "start")
op.new_match(game, players)
session = d.Session(op, seed=seed, strategy=strategy)
hands = session.play_match(out)
m = op.match()
d.emit(
    {
        "match_id": op.app.match_id,
        "standings": m.standings(),
        "intended": session.intended,
        "hands": hands,
        "presses": op.presses,
        "play_presses": session.play_presses,
        "draw_presses": session.draw_presses,
        "tally_presses": session.tally_presses,
        "errors": op.app.errors,
    }
)
