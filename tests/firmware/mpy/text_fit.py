# Every text a screen draws, watched while another driver script walks the screens: a text
# cut to fit (ui.fit, a wrap that drops words) or drawn past the panel's 128x64 is recorded.
# Prints "FIT {json}" after the driver's own output.
#
#   micropython tests/firmware/mpy/text_fit.py DRIVER.py DRIVER_ARGS...

import json
import sys

sys.path[:0] = ["firmware", "build/mpy-lib", "tests/firmware/mpy"]

from scoreboard import text, ui  # noqa: E402  # before any screen module binds their names

cuts = {}
overflows = {}
_fit, _draw, _wrap = ui.fit, text.draw, ui.wrap


def fit(s, width=ui.COLS):
    if len(s) > width:
        cuts[s] = width
    return _fit(s, width)


def wrap(s, width=ui.COLS, lines=3):
    out = _wrap(s, width, lines)
    if len(" ".join(out)) < len(s):
        cuts[s] = width
    return out


def draw(fb, s, x, y, c=1, scale=1):
    if x < 0 or y < 0 or y + 8 * scale > 64 or x + len(s) * text.W * scale > 128:
        overflows[s] = (x, y, scale)
    return _draw(fb, s, x, y, c, scale)


ui.fit, ui.wrap, text.draw = fit, wrap, draw

script = sys.argv[1]
sys.argv.pop(0)  # the driver reads its own arguments
try:
    exec(open(script).read(), {"__name__": "__main__"})
finally:
    sys.stdout.write("FIT ")
    json.dump({"cuts": cuts, "overflows": overflows}, sys.stdout)
    sys.stdout.write("\n")
