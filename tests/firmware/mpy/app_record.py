# The 2,000-event session's presses, decided here and written down for a device to replay.
#
# The bots and the scorer's choices (harness/mpy_app_driver.py) need the table's hands and read
# the app's screens from the inside: on a real Pico they are not in the device. This script runs
# them once, with the app in the same process under a big heap, and writes every button action to
# SCRIPT as sim_main.py control commands (docs/emulator.md). tests/firmware/test_app.py and
# bench/app_bench.py replay SCRIPT into sim_main.py alone under -X heapsize=180K and compare
# what the device stored with what this run stored.
#
#   micropython -X heapsize=4M tests/firmware/mpy/app_record.py STORAGE EVENTS SCRIPT [MPY]

import sys

sys.path[:0] = ["firmware", "build/mpy-lib", "tests/firmware/mpy", "harness"]
if len(sys.argv) > 4:  # a folder of mpy-cross output, as deployed
    sys.path.insert(0, sys.argv[4])

import mpy_app_driver as d  # noqa: E402

SEED = 11  # the simulated board's seeds: sim_main.py --seed SEED --flash-seed SEED
storage, target, script = sys.argv[1], int(sys.argv[2]), open(sys.argv[3], "w")


class Recorder(d.Operator):
    """The Operator's presses, each also written down as the control command that repeats
    it exactly (the same virtual-time steps, so the same bounces and the same polls)."""

    def tap(self, name):
        script.write("press %s\n" % name)  # sim_main: down 80 ms, up, 120 ms
        d.Operator.tap(self, name)

    def hold(self, name, until):
        b = self.board
        b.hold(name)
        b.advance(self.step_ms, self.app.step, self.step_ms)
        script.write("down %s %d\n" % (name, self.step_ms))
        for _ in range(3999):
            if until():
                break
            b.advance(self.step_ms, self.app.step, self.step_ms)
            script.write("tick %d\n" % self.step_ms)
        b.release(name)
        b.advance(self.gap_ms, self.app.step, self.step_ms)
        script.write("up %s %d\n" % (name, self.gap_ms))
        self.presses += 1
        self.check()


op = Recorder(storage, seed=SEED, flash_seed=SEED)
app = op.app
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

script.write("state\nquit\n")
script.close()
d.emit(
    {
        "events": events,
        "matches": matches,
        "errors": app.errors,
        "presses": op.presses,
        "screen": d.kind(app.screen),
        "match_id": app.match_id,
    }
)
