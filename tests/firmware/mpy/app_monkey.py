# Monkey test: random presses (taps, long holds, repeats, several buttons at once) through
# bouncing contacts. After each press: the app caught no exception and the core's invariants
# hold; every 500 presses and at the end, the stored events fold to the same standings.
#
#   micropython tests/firmware/mpy/app_monkey.py STORAGE PRESSES SEED

import sys

sys.path[:0] = ["firmware", "build/mpy-lib", "tests/firmware/mpy", "harness"]

import mpy_app_driver as d  # noqa: E402

from boards.sim import Rand  # noqa: E402
from domino import Match  # noqa: E402
from domino.events import loads  # noqa: E402

storage, total, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
op = d.Operator(storage, seed=seed, bounce_us=8000, step_ms=10)
app = op.app
board = op.board
rand = Rand(seed)
NAMES = ("UP", "DOWN", "OK", "OK", "OK", "BACK", "UNDO")
bad = []


def invariants():
    m = app.match
    if m is None:
        return
    sums = [0] * len(m.sides)
    for r in m.records:
        for s, x in enumerate(r.points()):
            sums[s] += x
    if m.hand is not None:
        for s, x in enumerate(m.hand.points):
            sums[s] += x
        if min(m.hand.counts) < 0 or m.hand.boneyard < 0:
            bad.append("negative tile counts")
    if sums != m.totals:
        bad.append("totals %r are not the hands' sum %r" % (m.totals, sums))
    if app.store.count(app.match_id) != len(m.log) + 1:
        bad.append(
            "store holds %d lines, match %d events" % (app.store.count(app.match_id), len(m.log))
        )


def refold():
    m = app.match
    if m is None:
        return
    lines = list(app.store.read(app.match_id))
    again = Match.replay(loads(lines[0]), [loads(x) for x in lines[1:]])
    if again.standings() != m.standings():
        bad.append("stored events fold to other standings")


for i in range(total):
    name = NAMES[rand.next() % len(NAMES)]
    r = rand.next() % 20
    hold = 30 + rand.next() % 120 if r < 16 else 650 + rand.next() % 1500  # tap, or long/repeat
    board.hold(name)
    other = None
    if r == 0:  # a second finger
        other = NAMES[rand.next() % len(NAMES)]
        board.hold(other)
    board.advance(hold, app.step, 10)
    board.release(name)
    if other is not None:
        board.release(other)
    board.advance(20 + rand.next() % 200, app.step, 10)
    if rand.next() % 400 == 0:
        board.advance(130000, app.step, 1000)  # long enough for the screen to sleep
    if app.errors:
        bad.append("press %d: app caught %r" % (i, app.last_error))
        if app.last_error is not None:
            sys.print_exception(app.last_error)
        break
    invariants()
    if i % 500 == 499:
        refold()
    if bad:
        bad.append("at press %d" % i)
        break
refold()
d.emit(
    {
        "presses": total,
        "errors": app.errors,
        "bad": bad,
        "events": len(app.match.log) if app.match else 0,
        "matches": len(app.store.list()),
        "keys": app.keys,
    }
)
