"""The scoreboard on the MicroPython unix port, for the emulator (docs/emulator.md).

    micropython firmware/sim_main.py --control FIFO --screen PATH [--storage DIR]
                                     [--realtime] [--push] [--seed N] [--flash-seed N]
                                     [--ctrl-c] [--mpy DIR] [--gc-peak] [--encoder] [--keypad]

- stdin/stdout are the USB serial, byte for byte as on the Pico (non-blocking reads of one
  byte after select.poll); nothing else is ever written to stdout.
- --control: a FIFO (or file) of text commands, one per line (see COMMANDS below).
- --screen: where replies go: every frame as "frame <n> <ms>[ asleep]\\n", 32 text rows,
  "end\\n" (asleep: the panel is off, its rows blank; with --push a frame also follows each
  change of the screen's sleep).
- --ctrl-c: a raw 0x03 on stdin raises KeyboardInterrupt, as the Pico's USB stack does (off by
  default: the host and the link fuzzer may send any byte to the emulator).
- --seed N: the buttons' bounces; --flash-seed N: the flash id a new or damaged boots.cfg
  draws (default: at random, as a Pico does; a replay compared byte for byte gives one).
- --mpy DIR: import the firmware from DIR first (mpy-cross output, as make deploy ships it).
- --gc-peak: collect after every control command and keep the largest live heap (`state`).
- --encoder: fit the optional rotary encoder (`turn N` turns it N detents).
- --keypad: fit the optional 4x4 matrix keypad (`press 4`, `press #`: a key by its legend).
- Virtual time by default: the clock moves only with commands (tick, press, hold);
  --realtime moves it with the wall clock as well.
"""

import gc
import select
import sys
import time

_here = __file__.rsplit("/", 1)[0] if "/" in __file__ else "."
# The firmware and the ssd1306 driver: a checkout's build/mpy-lib, the installed package's lib/.
sys.path[:0] = [_here, _here + "/../build/mpy-lib", _here + "/lib"]
if "--mpy" in sys.argv[:-1]:  # before the imports below: the precompiled firmware first
    sys.path.insert(0, sys.argv[sys.argv.index("--mpy") + 1])

from boards.sim import SimBoard  # noqa: E402
from scoreboard.app import App  # noqa: E402

USAGE = "usage: sim_main.py --control PATH --screen PATH [--storage DIR] [--realtime] [--push] [--seed N] [--flash-seed N] [--ctrl-c] [--mpy DIR] [--gc-peak] [--encoder] [--keypad]"  # noqa: E501
TAP_MS = 80  # a press: held this long ...
GAP_MS = 120  # ... then released this long
STEP_MS = 5
MAX_MS = 3_600_000  # the longest a command lets virtual time pass: an hour
MAX_DETENTS = 1000
MAX_LINE = 512  # bytes of one control command


def _ms(words, i, default):
    """words[i] as milliseconds (default when absent): a whole number 0..MAX_MS."""
    if len(words) <= i:
        return default
    try:
        ms = int(words[i])
    except ValueError:
        ms = -1
    if not 0 <= ms <= MAX_MS:
        raise ValueError("%r: milliseconds are a whole number 0..%d" % (words[i], MAX_MS))
    return ms


def parse(argv):
    opts = {
        "control": None,
        "screen": None,
        "storage": "/tmp/scoreboard-emulator",
        "realtime": False,
        "push": False,
        "seed": 1,
        "flash-seed": None,
        "ctrl-c": False,
        "mpy": None,
        "gc-peak": False,
        "encoder": False,
        "keypad": False,
    }
    i = 0
    while i < len(argv):
        a = argv[i]
        if a in ("--realtime", "--push", "--ctrl-c", "--gc-peak", "--encoder", "--keypad"):
            opts[a[2:]] = True
        elif a in ("--control", "--screen", "--storage", "--seed", "--flash-seed", "--mpy") and (
            i + 1 < len(argv)
        ):
            i += 1
            opts[a[2:]] = int(argv[i]) if a.endswith("seed") else argv[i]
        else:
            raise SystemExit(USAGE)
        i += 1
    if not opts["control"] or not opts["screen"]:
        raise SystemExit(USAGE)
    return opts


class Emulator:
    def __init__(self, opts):
        self.board = SimBoard(
            seed=opts["seed"],
            flash_seed=opts["flash-seed"],
            storage_dir=opts["storage"],
            serial="stdio",
            ctrl_c=opts["ctrl-c"],
            encoder=opts["encoder"] or None,  # None: as pins.ENCODER_FITTED says
            keypad=opts["keypad"] or None,  # None: as pins.KEYPAD_FITTED says
        )
        self.app = App(self.board)
        self.app.serve_link()  # as main.py: the link is loaded with the host's first line
        self.app.step(self.board.ticks_ms())  # the first pass draws the start screen at once
        # "r+" never blocks at open on a FIFO (Linux) and never sees end-of-file.
        self.control = open(opts["control"], "r+b")
        self.poll = select.poll()
        self.poll.register(self.control, select.POLLIN)
        self.screen = open(opts["screen"], "ab")
        self.realtime = opts["realtime"]
        self.push = opts["push"]
        self.frames = 0
        self.shown_asleep = False  # the screen's sleep as the last frame showed it
        self.sent = 0  # display updates already pushed
        self.buf = b""
        self.gc_peak = opts["gc-peak"]
        self.peak = 0  # the largest live heap after a command (--gc-peak)

    def advance(self, ms):
        self.board.advance(ms, self.app.step, STEP_MS)

    def frame(self):
        self.app.step(self.board.ticks_ms())
        self.frames += 1
        self.shown_asleep = self.app.asleep
        # "asleep": the panel is off (its rows are blank); the next key only wakes it
        head = "frame %d %d%s\n" % (
            self.frames,
            self.board.ticks_ms(),
            " asleep" if self.app.asleep else "",
        )
        self.screen.write(head.encode() + self.board.panel.text().encode() + b"end\n")
        self.screen.flush()

    def reply(self, text):
        self.screen.write(text.encode() + b"\n")
        self.screen.flush()

    def command(self, line):
        """One control command; returns False to quit. A malformed one (a word where a number
        goes, a path it cannot write) replies ``error ...`` and changes nothing: whatever is
        written to the channel, the emulated table keeps running."""
        try:
            return self._command(line)
        except Exception as e:  # noqa: BLE001 - any bad command: say so, keep running
            self.reply("error %r: %s" % (line, e))
            return True

    def _command(self, line):
        words = line.split()
        if not words:
            return True
        cmd = words[0]
        board = self.board
        button = words[1].upper() if len(words) > 1 else ""
        keys = board.pad.legends if board.pad is not None else ()
        if cmd in ("press", "down", "up", "hold") and button not in board.buttons:
            if button not in keys:
                self.reply("error unknown button %r: UP DOWN OK BACK UNDO%s"
                           % (button, " or a key " + "".join(keys) if keys else ""))  # fmt: skip
                return True
        if cmd == "press":
            board.hold(button)
            self.advance(TAP_MS)
            board.release(button)
            self.advance(GAP_MS)
        elif cmd == "down":
            board.hold(button)
            self.advance(_ms(words, 2, STEP_MS))
        elif cmd == "up":
            board.release(button)
            self.advance(_ms(words, 2, STEP_MS))
        elif cmd == "hold":
            board.hold(button)
            self.advance(_ms(words, 2, 900))
            board.release(button)
            self.advance(GAP_MS)
        elif cmd == "turn":
            if board.knob is None:
                self.reply("error no encoder: start with --encoder")
                return True
            try:
                detents = int(words[1]) if len(words) > 1 else 1
                ms = _ms(words, 2, 40)
            except ValueError:
                self.reply("error turn N [MS]: whole numbers")
                return True
            if abs(detents) > MAX_DETENTS:
                self.reply("error turn N: at most %d detents either way" % MAX_DETENTS)
                return True
            board.turn(detents, self.app.step, ms, STEP_MS)
            self.advance(GAP_MS)
        elif cmd == "tick":
            self.advance(_ms(words, 1, STEP_MS))
        elif cmd == "frame":
            self.frame()
        elif cmd == "png" and len(words) > 1:
            self.app.step(board.ticks_ms())
            with open(words[1], "wb") as f:
                f.write(board.panel.png(4))
            self.reply("png " + words[1])
        elif cmd == "state":
            a = self.app
            gc.collect()
            self.reply(
                "state screen=%s match=%s events=%d errors=%d asleep=%d heap=%d free=%d peak=%d"
                % (
                    type(a.screen).__name__,
                    a.match_id,
                    len(a.match.log) if a.match else 0,
                    a.errors,
                    a.asleep,
                    gc.mem_alloc(),
                    gc.mem_free(),
                    self.peak,
                )
            )
        elif cmd == "quit":
            return False
        else:
            self.reply("error unknown command %r" % line)
        return True

    def run(self):
        last = time.ticks_ms()
        while True:
            if self.poll.poll(STEP_MS if self.realtime else 20):
                data = self.control.read(1)  # byte-wise: a FIFO read never blocks after poll
                if data == b"\n":
                    raw, self.buf = self.buf, b""
                    try:
                        line = raw.decode()
                    except UnicodeError:
                        line = None
                    if line is None or len(raw) > MAX_LINE:
                        self.reply("error a command is a line of text, at most %d bytes" % MAX_LINE)
                        continue
                    if not self.command(line):
                        return
                    if self.gc_peak:
                        gc.collect()
                        self.peak = max(self.peak, gc.mem_alloc())
                elif data and len(self.buf) <= MAX_LINE:
                    self.buf += data  # a longer line is kept no further, then refused
                continue
            if self.realtime:
                now = time.ticks_ms()
                self.advance(time.ticks_diff(now, last))
                last = now
            else:
                self.app.step(self.board.ticks_ms())  # serial input in virtual time
            changed = self.sent != self.app.updates or self.shown_asleep != self.app.asleep
            if self.push and changed:
                self.sent = self.app.updates
                self.frame()


def main():
    Emulator(parse(sys.argv[1:])).run()


main()
