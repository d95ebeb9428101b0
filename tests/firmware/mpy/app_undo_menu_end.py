# UNDO of a hand's end that was not the hand ending by itself brings back the tally it was
# entered with, refilled: "X went out" from the match menu (Muggins, nothing laid), Peruvian
# "Blocked" with who laid the last tile, and a Barricade. By presses on the simulated board.
# Prints RESULT JSON for tests/firmware/test_navigation.py.
#
#   micropython tests/firmware/mpy/app_undo_menu_end.py STORAGE

import sys

sys.path[:0] = ["firmware", "build/mpy-lib", "tests/firmware/mpy", "harness"]

import mpy_app_driver as d  # noqa: E402

op = d.Operator(sys.argv[1], seed=3)
NAMES = ["Ana", "Ben", "Cai", "Dee"]


def start(game, n, plays=()):
    op.app.new_match({"v": 1, "game": game, "players": NAMES[:n]})
    op.app.home()
    for ev in plays:
        op.app.record(ev)
    op.app.home()


def from_menu(end, last=None):
    op.tap("BACK")  # the table's BACK opens the match menu
    op.choose_label("End the hand")
    op.choose_label(end)
    if last is not None:
        op.choose_label(NAMES[last])  # Who laid the last tile?


def score_then_undo(pips):
    """Enter ``pips`` (a seat's value, each row the tally asks), score, UNDO on the result."""
    s = op.screen
    if not d.shows(s, "Tally"):
        raise d.Stuck("expected the tally, got %r (%r)" % (s, op.app.message))
    while s.cursor < len(s.rows()):
        p, _key, num = s.rows()[s.cursor]
        op.set_number(num, pips[p])
        op.tap("OK")
    op.tap("OK")  # Score the hand
    m = op.match()
    if not m.records:
        raise d.Stuck("not scored: %r" % (op.app.message,))
    end = m.log[-1]
    scored = len(m.records)
    op.tap("UNDO")
    s = op.screen
    got = {"end": end, "scored": scored, "records": len(m.records), "screen": d.kind(s)}
    if d.shows(s, "Tally"):
        got["out"] = s.out
        got["last"] = s.last
        got["bar"] = getattr(s, "bar", None)
        got["values"] = [[f[0], f[2].value] for f in s.rows()]
        while s.cursor < len(s.rows()):  # OK through the values as they came back
            op.tap("OK")
        op.tap("OK")  # Score the hand: the same end again
        got["again"] = op.match().log[-1] == end
    return got


r = {}
start("muggins", 2)
from_menu("Ben went out")
r["muggins_out"] = score_then_undo([12, 0])

start("peruvian", 4)
from_menu("Blocked", last=2)
r["peruvian_blocked"] = score_then_undo([10, 20, 5, 30])

start("barricade", 2, [{"k": "play", "p": 0, "t": "6-6"}])
d.Session(op).table_action("bar", 0)
r["barricade"] = score_then_undo([30, 40])
r["errors"] = op.app.errors
d.emit(r)
