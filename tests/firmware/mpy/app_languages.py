# The main screens in one language, by presses: the Language menu from the start screen, the
# setup form, a whole Muggins match (table, tile list, tally, result, winner), the Matches
# list, a score pad. Every text drawn is kept; prints RESULT JSON with them and writes the
# screens to OUT ("-": none). Run under text_fit.py, which records any text cut to fit.
#
#   micropython tests/firmware/mpy/app_languages.py LANG STORAGE OUT

import sys

sys.path[:0] = ["firmware", "build/mpy-lib", "tests/firmware/mpy", "harness"]

from scoreboard import text  # noqa: E402  # before any screen binds its draw

drawn = {}
_draw = text.draw


def draw(fb, s, x, y, c=1, scale=1):
    drawn[s] = 1
    return _draw(fb, s, x, y, c, scale)


text.draw = draw

import mpy_app_driver as d  # noqa: E402

from scoreboard import words  # noqa: E402

lang, storage, out = sys.argv[1], sys.argv[2], sys.argv[3]
out = None if out == "-" else out

op = d.Operator(storage, seed=3)
op.speak(lang)
drawn.clear()  # from here on, the chosen language's
op.snap(out, "start")
r = {"language": words.code}  # type: dict[str, object]

# the setup form, each row under the cursor (its rule's sentence on the last rows)
op.choose_label(words.NEW_MATCH)
op.choose(op.screen.keys.index("muggins"))
form = op.screen
for _i in range(len(form.fields) + 1):
    op.tap("DOWN")
op.snap(out, "form")
op.tap("BACK")
op.tap("BACK")

op.new_match("muggins", 2)
session = d.Session(op, seed=3)
session.play_match(out)
r["over"] = op.match().over

# the Matches list, from the start menu
op.tap("OK")  # the winner's OK: the start menu
op.choose_label(words.MATCHES)
op.snap(out, "matches")
op.tap("BACK")

# a score pad: a new match kept by points
op.new_match("allfives", 3, way="pad")
op.snap(out, "pad")
r["pad"] = d.kind(op.screen)
r["errors"] = op.app.errors
r["drawn"] = sorted(drawn)
d.emit(r)
