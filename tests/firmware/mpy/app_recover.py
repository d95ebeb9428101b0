# An unexpected error in the middle of a change (here the heap running out after the play was
# applied to the hand, before it was logged): the app counts it, shows it, and folds the match
# again from flash, so the table goes on from the last event it stored. Prints RESULT JSON.
#
#   micropython tests/firmware/mpy/app_recover.py STORAGE

import sys

sys.path[:0] = ["firmware", "build/mpy-lib", "tests/firmware/mpy", "harness"]

import mpy_app_driver as d  # noqa: E402

from domino.events import loads  # noqa: E402
from domino.match import Match  # noqa: E402

storage = sys.argv[1]
op = d.Operator(storage, seed=7)
op.new_match("muggins", 2)
session = d.Session(op, seed=7)
table = d.Table(op.match(), 7)
table.deal()


def from_flash():
    """The match as the core folds what is on flash."""
    lines = list(op.app.store.read(op.app.match_id))
    m = Match(loads(lines[0]))
    for line in lines[1:]:
        m.apply(loads(line))
    return m


def state(m):
    hand = m.hand
    return [m.standings(), hand.turn, hand.layout.ends(), hand.last]


for _ in range(4):
    session.move(table)
m = op.match()
p = m.hand.turn
mv = d.legal(m, table.hands[p])
t, e = mv[0]


class Failing:
    """Match.undone, run out of heap: apply() has changed the hand when it empties redo."""

    def truncate(self, n):
        raise MemoryError("memory allocation failed (injected)")


m.undone = Failing()
events = len(m.log)
caught = None
try:
    session.enter_play(t, e, False)
except d.Stuck as s:
    caught = str(s)
half = state(m)  # what the failed change left in the old fold
app = op.app
recovered = app.match
fresh = from_flash()
result = {
    "caught": caught,
    "errors": app.errors,
    "refolded": recovered is not m,
    "events": [events, len(recovered.log)],
    "same_as_flash": state(recovered) == state(fresh),
    "half_changed": half != state(fresh),
    "screen": type(app.screen).__name__,
    "message": app.message[0] if app.message else None,
}
app.errors = 0  # counted; now the table goes on
before = len(recovered.log)
session.move(table)
result["after"] = len(op.match().log) - before
result["errors_after"] = app.errors
d.emit(result)
