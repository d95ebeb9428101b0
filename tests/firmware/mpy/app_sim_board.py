# The simulated board's serial and buzzer as the app sees them: a raw Ctrl-C raises
# KeyboardInterrupt when the flag is on (the Pico's USB stack does), but while the app serves
# the link it is a byte like any other (no byte the host sends stops the table); once the host
# asked for the REPL (the link's repl request) Ctrl-C interrupts again and run() returns. The
# buzzer's log stays bounded.
#
#   micropython tests/firmware/mpy/app_sim_board.py STORAGE

import json
import sys

sys.path[:0] = ["firmware", "build/mpy-lib", "tests/firmware/mpy", "harness"]

import mpy_app_driver as d  # noqa: E402

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

    def on_event(self, match_id, index, line):
        pass  # no match is played here


# Pico behaviour (the default in memory), the app serving the link: 0x03 is data.
serial = MemorySerial()  # ctrl_c on, as SimBoard's default in memory
board = SimBoard(storage_dir=storage + "/a", serial=serial)
app = App(board)
link = Recorder()
app.attach(link)
serial.feed(b'{"a":1}\n{"b"\x03:2}\n\x03\x04\x01\x02\n')
for _ in range(10):
    app.step(board.ticks_ms())
out["served_lines"] = list(link.lines)
out["served_errors"] = app.errors
# The host asked for the REPL: Ctrl-C interrupts again, and clears what waits with it.
app.hand_over()
serial.feed(b'{"c"\x03:3}\n')
interrupted = False
try:
    for _ in range(10):
        app.step(board.ticks_ms())
except KeyboardInterrupt:
    interrupted = True
app.step(board.ticks_ms())
out["pico_interrupted"] = interrupted
out["pico_lines"] = list(link.lines[len(out["served_lines"]) :])
out["pico_left"] = len(serial.incoming)
out["pico_errors"] = app.errors
app.run()  # returns at once: the loop ends once the REPL is handed over
out["run_returned"] = True

# The real link: the repl request is answered, then the app hands the REPL over.
serial = MemorySerial()
board = SimBoard(storage_dir=storage + "/r", serial=serial)
app = App(board)
app.serve_link()
serial.feed(b'{"proto":1,"id":9,"op":"hello"}\n\x03\n{"proto":1,"id":7,"op":"repl"}\n')
for _ in range(20):
    app.step(board.ticks_ms())
replies = [json.loads(x) for x in serial.take().decode().splitlines()]
out["repl_replies"] = [(r["id"], r["ok"], r.get("repl")) for r in replies]
out["handed_over"] = app.handed_over
out["handover_message"] = app.message[0] if app.message else None

# Mid-match the table does not consent: busy, the match plays on, Ctrl-C stays data.
serial = MemorySerial()
board = SimBoard(storage_dir=storage + "/m", serial=serial)
app = App(board)
app.serve_link()
app.new_match({"game": "muggins", "players": ["Ana", "Ben"]})
serial.feed(b'{"proto":1,"id":8,"op":"repl"}\n\x03\n')
for _ in range(20):
    app.step(board.ticks_ms())
reply = json.loads(serial.take().decode().splitlines()[0])
out["repl_mid_match"] = [reply["ok"], reply.get("error"), app.handed_over, app.match_id]

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
