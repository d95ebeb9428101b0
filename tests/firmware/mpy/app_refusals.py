# The rules core's refusals as the device shows them, in one language: a Muggins match (the
# house rule double_lead on) started by presses, then events the core refuses, recorded as
# the screens record them (screens.common.attempt, App.undo). Prints RESULT JSON with each
# message shown.
#
#   micropython tests/firmware/mpy/app_refusals.py LANG STORAGE

import sys

sys.path[:0] = ["firmware", "build/mpy-lib", "tests/firmware/mpy", "harness"]

import mpy_app_driver as d  # noqa: E402

from scoreboard import words  # noqa: E402
from scoreboard.screens.common import attempt  # noqa: E402

lang, storage = sys.argv[1], sys.argv[2]
op = d.Operator(storage, seed=3)
op.speak(lang)
op.new_match("muggins", 2, opts={"double_lead": True})
app = op.app
shown = []


def shows(action):
    app.message = None
    action()
    shown.append(app.message[0] if app.message else None)


def refused(ev):
    shows(lambda: attempt(app, ev))


shows(app.undo)  # nothing to undo
refused({"k": "play", "p": 0, "t": "6-4"})  # the highest double leads (house rule)
refused({"k": "claim", "p": 0})  # nothing to claim: the ends total 0
refused({"k": "mug", "p": 1})  # no unclaimed count
if attempt(app, {"k": "play", "p": 0, "t": "6-6"}) is None:
    raise d.Stuck("6-6 not laid: %r" % (app.message,))
refused({"k": "play", "p": 0, "t": "5-5", "e": 0})  # Ben's turn, not Ana's
refused({"k": "play", "p": 1, "t": "6-6", "e": 0})  # already on the table
refused({"k": "draw", "p": 1, "n": 99})  # cannot draw 99
refused({"k": "end", "declared": 1, "left": [200, 5]})  # more pips than off the table
refused({"k": "end", "declared": 1, "left": [{"p": 100, "n": 6}, 5]})  # 6 tiles: at most ...
d.emit({"language": words.code, "shown": shown, "errors": app.errors})
