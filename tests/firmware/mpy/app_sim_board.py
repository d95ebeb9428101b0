# The simulated board's serial and buzzer as the app sees them: a raw Ctrl-C raises
# KeyboardInterrupt when the flag is on (the Pico's USB stack does), never reaches the app's
# lines, and the app's loop lets it through; the buzzer's log stays bounded.
#
#   micropython tests/firmware/mpy/app_sim_board.py STORAGE

import sys

sys.path[:0] = ["firmware", "build/mpy-lib", "tests/firmware/mpy"]

import app_driver as d  # noqa: E402

from boards.sim import MemorySerial, SimBoard  # noqa: E402
from scoreboard.app import App  # noqa: E402

storage = sys.argv[1]
out = {}


class Recorder:
    """Stands in for the link: remembers the lines the app delivers."""

    def __init__(self):
        self.lines = []

    def handle(self, line):
        self.lines.append(line)
        return None


# Pico behaviour (the default in memory): 0x03 interrupts the loop and clears what waits.
serial = MemorySerial()  # ctrl_c on, as SimBoard's default in memory
board = SimBoard(storage_dir=storage + "/a", serial=serial)
app = App(board)
link = Recorder()
app.attach(link)
serial.feed(b'{"a":1}\n{"b"\x03:2}\n')
interrupted = False
try:
    for _ in range(10):
        app.step(board.ticks_ms())
except KeyboardInterrupt:
    interrupted = True
app.step(board.ticks_ms())
out["pico_interrupted"] = interrupted
out["pico_lines"] = list(link.lines)
out["pico_left"] = len(serial.incoming)
out["pico_errors"] = app.errors

# Flag off (the emulator's stdio default): 0x03 is a byte like any other.
serial = MemorySerial(ctrl_c=False)
board = SimBoard(storage_dir=storage + "/b", serial=serial)
app = App(board)
link = Recorder()
app.attach(link)
serial.feed(b"x\x03y\n")
app.step(board.ticks_ms())
out["plain_lines"] = list(link.lines)
out["plain_errors"] = app.errors

# Oversized and non-UTF-8 lines reach the link as the LineReader reports them.
serial.feed(b"q" * 600 + b"\n\xff\xfe\nok\n")
for _ in range(30):  # the app reads SERIAL_BYTES_PER_STEP (64) bytes a loop pass
    app.step(board.ticks_ms())
out["odd_lines"] = [x if x is None else (x if isinstance(x, str) else "bytes") for x in link.lines]

# A match beeps at every count; a day of matches must not grow the board's log: it keeps
# only its last BEEPS tones.
op = d.Operator(storage + "/c", seed=3)
op.new_match("muggins", 2)
d.Session(op, seed=3, keep=False).play_match(None)
out["match_beeps"] = len(op.board.beeps)
for i in range(200):
    op.board.beep(440 + i, 10)
out["beeps"] = len(op.board.beeps)
out["beep_limit"] = op.board.BEEPS
out["last_beep"] = op.board.beeps[-1][1]
d.emit(out)
