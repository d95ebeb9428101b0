# Hand ends the record cannot check, entered by buttons on the score pad (003 Barricade's
# "<player> barricaded", Peruvian's "Who laid the last tile?"), from the start of a match kept
# on the pad and after a switch to it midway. Prints a RESULT line (JSON) for
# tests/firmware/test_app.py.
#
#   micropython tests/firmware/mpy/app_paper_ends.py STORAGE

import sys

sys.path[:0] = ["firmware", "build/mpy-lib", "tests/firmware/mpy"]

import app_driver as d  # noqa: E402


def bar_choose(op, label):
    """On a screen with an action bar (the table, the score pad): DOWN to ``label``, OK."""
    s = op.screen
    if d.shows(s, "Table"):
        op.cursor_info()  # the table lists its actions when first drawn
    for _ in range(len(s.actions)):
        if s.label(op.app, s.actions[s.cursor]) == label:
            return op.tap("OK")
        op.tap("DOWN")
    raise d.Stuck("no %r on the bar" % label)


def tally(op, pips):
    """Type each seat's pips on the tally, then Score the hand."""
    s = op.screen
    if not d.shows(s, "Tally"):
        raise d.Stuck("expected the tally, got %r (%r)" % (s, op.app.message))
    while s.cursor < len(s.rows()):
        p, key, num = s.rows()[s.cursor]
        if key == "p":
            op.set_number(num, pips[p])
        op.tap("OK")
    op.tap("OK")  # Score the hand


def last_end(op):
    m = op.match()
    ev = m.log[m.records[-1].end]
    return {k: ev[k] for k in ev if k in ("bar", "last", "declared", "out")}


r = {}
op = d.Operator(sys.argv[1], seed=5)
# Barricade kept on a score pad from its first hand (the game's own way)
op.new_match("barricade", 3, way=None)
r["opens"] = d.kind(op.screen)
bar_choose(op, "End the hand")
r["pad_items"] = list(op.screen.items)
op.choose_label("Ben barricaded")
tally(op, [24, 9, 20])
r["pad_hand"] = op.match().records[-1].points()
r["pad_end"] = last_end(op)
op.tap("OK")  # the result: on to the next hand

# a Barricade hand followed tile by tile, then kept on the pad: Cai barricades meanwhile
op.new_match("barricade", 3)
op.app.record({"k": "play", "p": 0, "t": "6-4"})
op.app.record({"k": "draw", "p": 0, "n": 1})
op.app.home()
bar_choose(op, "Keep a score pad")
bar_choose(op, "End the hand")
op.choose_label("Cai barricaded")
tally(op, [24, 20, 9])
r["switched_hand"] = op.match().records[-1].points()
r["switched_end"] = last_end(op)
op.tap("OK")

# Peruvian: two plays on the record, then the pad; the hand blocks later, Dee laid the last tile
op.new_match("peruvian", 4, opts={"draw_each_turn": False})
op.app.record({"k": "play", "p": 0, "t": "6-6"})
op.app.record({"k": "play", "p": 1, "t": "6-2", "e": 0})
op.app.home()
bar_choose(op, "Keep a score pad")
bar_choose(op, "End the hand")
op.choose_label("Blocked")
r["asked"] = d.kind(op.screen)
op.choose_label("Dee")
tally(op, [13, 28, 15, 20])
r["peruvian_hand"] = op.match().records[-1].points()
r["peruvian_end"] = last_end(op)
d.emit(r)
