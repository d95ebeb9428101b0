# The app on a flash that fills, with no host to sync: real littlefs (a RAM chip of 48 x 4 KB,
# so min(352 KB, a quarter) = 48 KB and min(176 KB, an eighth) = 24 KB are the thresholds), the
# real app driven by buttons. A new match says "Flash nearly full - sync frees ..." under
# the first; under the second none starts, with words, and nothing is lost.
#
#   micropython -X heapsize=2M tests/firmware/mpy/app_flash_full.py

import os
import sys

sys.path[:0] = ["firmware", "build/mpy-lib", "tests/firmware/mpy", "harness"]

import mpy_app_driver as d  # noqa: E402
from store_flash import format_flash, mount  # noqa: E402

mount(format_flash(48), "/flash")


def free():
    fs = os.statvfs("/flash")
    return fs[1] * fs[4]


def fill_to(target, name):
    """Ballast (another program's file, say) until less than ``target`` bytes are free."""
    with open("/flash/" + name, "wb") as f:
        while free() >= target:
            f.write(b"x" * 1024)
            f.flush()


def message(app):
    return app.message[0] if app.message else None


op = d.Operator("/flash/data", seed=3)
app = op.app
out = {}
op.new_match("muggins", 2)
out["roomy"] = message(app)
fill_to(40 * 1024, "a")
op.new_match("muggins", 2)
out["low"] = message(app)
out["low_free_kb"] = free() >> 10
kept = app.store.list()
fill_to(16 * 1024, "b")
try:
    op.new_match("muggins", 2)
except d.Stuck:
    pass
out["full"] = message(app)
out["matches_kept"] = app.store.list() == kept
out["errors"] = app.errors
d.emit(out)
