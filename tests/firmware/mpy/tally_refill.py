# An earlier hand's end refills the tally when it is undone or corrected: its tiles left are
# read the way the core reads them, "6-4" as the device writes them and [6, 4] pairs as a
# match file made on the host may. Prints RESULT JSON.
#
#   micropython tests/firmware/mpy/tally_refill.py

import sys

sys.path[:0] = ["firmware", "build/mpy-lib", "tests/firmware/mpy", "harness"]

import mpy_app_driver as d  # noqa: E402

from scoreboard.screens.tally import held  # noqa: E402

dashed = held(["6-4", "0-0", "3-3"])
try:
    pairs = held([[6, 4], [0, 0], [3, 3]])
except Exception as e:  # the device must not fail on it: say what it raised
    pairs = "%s: %s" % (type(e).__name__, e)
d.emit({"dashed": dashed, "pairs": pairs})
