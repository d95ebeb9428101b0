# A long session by button presses: whole matches, Muggins and Bergen in turn, with undos and
# redos, until at least EVENTS events are stored. Run under `micropython -X heapsize=180K`
# (tests) and measured by bench/app_bench.py: live heap after each move (gc.collect first),
# CPU time per button event, I2C bytes per display update.
#
#   micropython -X heapsize=180K tests/firmware/mpy/app_session.py STORAGE EVENTS

import gc
import sys
import time
from array import array

sys.path[:0] = ["firmware", "build/mpy-lib", "tests/firmware/mpy", "harness"]
if len(sys.argv) > 3:  # a folder of mpy-cross output, as deployed
    sys.path.insert(0, sys.argv[3])

gc.collect()
heap0 = gc.mem_alloc()
import boards.sim  # noqa: E402, F401  (the simulated board's code, measured apart)

gc.collect()
heap_sim = gc.mem_alloc()
import mpy_app_driver as d  # noqa: E402

gc.collect()
heap_code = gc.mem_alloc()  # + the app, the core and the test driver, before any object

storage, target = sys.argv[1], int(sys.argv[2])
op = d.Operator(storage, seed=11)
gc.collect()
heap_ready = gc.mem_alloc()  # + the board's and the app's objects, the start screen's code
app = op.app
board = op.board
i2c = board.i2c

# Measure inside the app's own step(): CPU per poll that handled a key, bytes per update.
step = app.step
redraw = app.redraw
stats = {"peak_live": 0, "peak_alloc": 0}


class Histogram:
    """Counts per bucket in a fixed array (values past the last bucket count in it): quantiles
    of a long run in constant memory, allocated once, before the session."""

    def __init__(self, width, buckets):
        self.width = width
        self.counts = array("H", bytes(2 * buckets))  # a session has far fewer than 65,536 keys
        self.n = 0
        self.max = 0

    def add(self, x):
        b = min(x // self.width, len(self.counts) - 1)
        self.counts[b] += 1
        self.n += 1
        if x > self.max:
            self.max = x

    def quantile(self, q):
        seen = 0
        for b in range(len(self.counts)):
            seen += self.counts[b]
            if seen >= q * self.n:
                return min((b + 1) * self.width, self.max)
        return self.max


key_us = Histogram(100, 600)  # to 60 ms
latency_us = Histogram(100, 600)
store_us = Histogram(100, 600)
update_bytes = Histogram(8, 140)  # to 1,120 bytes
US_PER_BYTE = 22.5  # 9 bit times at 400 kHz: the bus time the Pico waits per byte
model = {"us": 0}  # host CPU spent in the simulated panel (on a Pico that is the bus wait)
panel = board.panel
receive = panel.receive


def timed_receive(*parts):
    t0 = time.ticks_us()
    receive(*parts)
    model["us"] += time.ticks_diff(time.ticks_us(), t0)


panel.receive = timed_receive
flash = {"us": 0}  # host time in the store's flash writes (fsync on the unix port)


class TimedStore:
    """The app's MatchStore, its writes timed."""

    def __init__(self, store):
        self._store = store

    def __getattr__(self, name):
        return getattr(self._store, name)

    def append(self, match_id, line):
        t0 = time.ticks_us()
        try:
            return self._store.append(match_id, line)
        finally:
            flash["us"] += time.ticks_diff(time.ticks_us(), t0)

    def compact(self, match_id):
        t0 = time.ticks_us()
        try:
            return self._store.compact(match_id)
        finally:
            flash["us"] += time.ticks_diff(time.ticks_us(), t0)


app.store = TimedStore(app.store)  # pyright: ignore[reportAttributeAccessIssue]


def timed_step(now):
    """One loop pass that handled a key: the app's CPU (the panel model's time taken out, the
    bus is counted in bytes), and the latency button -> glass: that CPU plus the bytes this
    pass put on the bus at 400 kHz."""
    keys = app.keys
    model["us"] = 0
    flash["us"] = 0
    sent = i2c.bytes
    t0 = time.ticks_us()
    step(now)
    dt = time.ticks_diff(time.ticks_us(), t0) - model["us"]
    if app.keys != keys:
        key_us.add(dt)
        store_us.add(flash["us"])
        latency_us.add(int(dt + (i2c.bytes - sent) * US_PER_BYTE))
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
        "base": heap0,
        "ready": heap_ready - heap_code,
        "sim_code": heap_sim - heap0,
        "app_code": heap_code - heap_sim,
        "peak_alloc": stats["peak_alloc"],
        "key_us_median": key_us.quantile(0.5),
        "key_us_p95": key_us.quantile(0.95),
        "key_us_max": key_us.max,
        "keys": key_us.n,
        "latency_us_median": latency_us.quantile(0.5),
        "latency_us_p95": latency_us.quantile(0.95),
        "latency_us_max": latency_us.max,
        "store_us_median": store_us.quantile(0.5),
        "store_us_p95": store_us.quantile(0.95),
        "update_bytes_median": update_bytes.quantile(0.5),
        "update_bytes_p95": update_bytes.quantile(0.95),
        "update_bytes_max": update_bytes.max,
        "updates": update_bytes.n,
    }
)
