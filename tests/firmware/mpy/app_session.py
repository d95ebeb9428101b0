# A long session by button presses: whole matches, Muggins and Bergen in turn, with undos and
# redos, until at least EVENTS events are stored. Run under `micropython -X heapsize=180K`
# (tests) and measured by bench/app_bench.py: live heap after each move (gc.collect first),
# CPU time per button event, I2C bytes per display update.
#
#   micropython -X heapsize=180K tests/firmware/mpy/app_session.py STORAGE EVENTS

import gc
import sys
import time

sys.path[:0] = ["firmware", "build/mpy-lib", "tests/firmware/mpy"]
if len(sys.argv) > 3:  # a folder of mpy-cross output, as deployed
    sys.path.insert(0, sys.argv[3])

import app_driver as d  # noqa: E402

storage, target = sys.argv[1], int(sys.argv[2])
op = d.Operator(storage, seed=11)
app = op.app
board = op.board
i2c = board.i2c

# Measure inside the app's own step(): CPU per poll that handled a key, bytes per update.
step = app.step
redraw = app.redraw
stats = {"peak_live": 0, "peak_alloc": 0}


class Histogram:
    """Counts per bucket: quantiles of a long run in constant memory."""

    def __init__(self, width):
        self.width = width
        self.counts = {}
        self.n = 0
        self.max = 0

    def add(self, x):
        b = x // self.width
        self.counts[b] = self.counts.get(b, 0) + 1
        self.n += 1
        if x > self.max:
            self.max = x

    def quantile(self, q):
        seen = 0
        for b in sorted(self.counts):
            seen += self.counts[b]
            if seen >= q * self.n:
                return (b + 1) * self.width
        return self.max


key_us = Histogram(50)
update_bytes = Histogram(8)


def timed_step(now):
    keys = app.keys
    t0 = time.ticks_us()
    step(now)
    dt = time.ticks_diff(time.ticks_us(), t0)
    if app.keys != keys:
        key_us.add(dt)
    a = gc.mem_alloc()
    if a > stats["peak_alloc"]:
        stats["peak_alloc"] = a


def counted_redraw():
    before = i2c.bytes
    cost = redraw()
    if cost:
        update_bytes.add(i2c.bytes - before)
    return cost


app.step = timed_step
app.redraw = counted_redraw
orig_tap = op.tap


def tap(name):
    orig_tap(name)
    gc.collect()
    live = gc.mem_alloc()
    if live > stats["peak_live"]:
        stats["peak_live"] = live


op.tap = tap

events = 0
matches = 0
games = ("muggins", "bergen")
while events < target:
    game = games[matches % 2]
    op.new_match(game, 2 + matches % 3)
    session = d.Session(op, seed=11 + matches, keep=False)
    session.play_match(None)
    # some undo and redo at the end of each match
    for _ in range(3):
        op.tap("UNDO")
    op.tap("BACK")
    for _ in range(3):
        if d.kind(op.screen) == "StartMenu":
            break
        op.choose_label("Redo") if hasattr(
            op.screen, "items"
        ) and "Redo" in op.screen.items else op.tap("UNDO")
    events += app.store.count(app.match_id)
    matches += 1
    app.home()

d.emit(
    {
        "events": events,
        "matches": matches,
        "errors": app.errors,
        "presses": op.presses,
        "peak_live": stats["peak_live"],
        "peak_alloc": stats["peak_alloc"],
        "key_us_median": key_us.quantile(0.5),
        "key_us_p95": key_us.quantile(0.95),
        "key_us_max": key_us.max,
        "keys": key_us.n,
        "update_bytes_median": update_bytes.quantile(0.5),
        "update_bytes_p95": update_bytes.quantile(0.95),
        "update_bytes_max": update_bytes.max,
        "updates": update_bytes.n,
    }
)
