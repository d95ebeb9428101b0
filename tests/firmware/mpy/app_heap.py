# What each module's code costs in the heap: imported one by one, dependencies first, with
# gc.collect() around each import, so the difference of gc.mem_alloc() is that module alone
# (its bytecode, constants, function and class objects, interned names, its globals dict).
#
#   micropython tests/firmware/mpy/app_heap.py BUILD   (a folder of mpy-cross output)
#
# Prints a RESULT line of JSON: [[module, bytes], ...] in import order.

import gc
import json
import sys

sys.path[:0] = [sys.argv[1], "build/mpy-lib"]

from scoreboard import lifetimes  # noqa: E402  (the one table of what loads when)

# dependencies before the modules that import them: the always loaded, the loaded on demand,
# three of the games (one is in the heap at a time); the unix port has no machine module, so
# the simulated board stands for the Pico's
ON_UNIX = {"boards.pico": "boards.sim"}
MODULES = (
    tuple(ON_UNIX.get(n, n) for n in lifetimes.ALWAYS)
    + tuple(n for n, _when in lifetimes.ON_DEMAND)
    + ("domino.fives", "domino.bergen", "domino.mexican")
)

sizes = []
del sys.modules["scoreboard.lifetimes"]  # measured in its turn, as the others
del sys.modules["scoreboard"]
gc.collect()
before = gc.mem_alloc()
for name in MODULES:
    __import__(name)
    if name == "domino.match" and not hasattr(sys.modules["domino"], "Match"):
        # an empty domino/__init__ (see bench/app_bench.py): what the real one exports
        package = sys.modules["domino"]
        package.Match = sys.modules["domino.match"].Match
        package.DominoError = sys.modules["domino.errors"].DominoError
    gc.collect()
    after = gc.mem_alloc()
    sizes.append([name, after - before])
    before = after

sys.stdout.write("RESULT ")
json.dump(sizes, sys.stdout)
sys.stdout.write("\n")
