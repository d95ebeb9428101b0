# The match menu's End the hand offers first the ends the record allows, then every other end,
# declared by the table: after two plays of a Muggins hand (6 tiles each, 14 to draw) none is
# allowed and all are declared; with a seat down to one tile, that seat going out comes first.
# Prints a RESULT line (JSON) for tests/firmware/test_app.py.
#
#   micropython tests/firmware/mpy/app_end_menu.py STORAGE

import sys

sys.path[:0] = ["firmware", "build/mpy-lib", "tests/firmware/mpy", "harness"]

import mpy_app_driver as d  # noqa: E402


def menu_items(op):
    op.tap("BACK")  # the table's BACK opens the match menu
    op.choose_label("End the hand")
    items = list(op.screen.items)
    op.choose(0)  # the first choice: its tally
    return items, getattr(op.screen, "declared", None)


op = d.Operator(sys.argv[1], seed=3)
op.app.new_match({"v": 1, "game": "muggins", "players": ["Ana", "Ben"]})
op.app.home()
m = op.match()
for ev in ({"k": "play", "p": 0, "t": "6-4"}, {"k": "play", "p": 1, "t": "4-4", "e": 1}):
    op.app.record(ev)
op.app.home()
early = menu_items(op)
back = d.shows(op.screen, "Table")
m.hand.counts[1] = 1  # as if Ben had laid all but one tile
op.app.home()
late = menu_items(op)
d.emit({"early": early, "back": back, "late": late, "tally": d.shows(op.screen, "Tally")})
