"""`dominoboard emulate`: the real firmware on the MicroPython unix port, no hardware needed.

The app (firmware/sim_main.py, docs/emulator.md) runs with the simulated board; its USB serial
is a pseudo-terminal whose path is printed (and remembered, so `sync`, `export`, `names` find
it without --port). The OLED is drawn in this terminal; keys press the buttons:

    Up/Down or k/j  UP/DOWN    Enter or Space  OK    Backspace or Esc  BACK    u  UNDO
    Shift+Enter is not a terminal key: hold a button with H then the key (900 ms)    q  quit
    with --knob: , or <  the knob a detent anticlockwise (UP)   . or >  clockwise (DOWN)
    with --keypad: 0-9 * #  the matrix keypad's keys (digits type numbers and name tiles)

Every key of a burst counts, in order. A key held down (the terminal's auto-repeat) holds the
button until the repeats stop (KeyInput). The panel is shown as it is: blank while the screen
sleeps, and the line below it says that the next key only wakes it, as on the device. Both
targets (the unix port, `--target rp2`) take the same commands from KeyInput: press, down, up,
hold and turn.
"""

import argparse
import os
import select
import shutil
import subprocess
import sys
import tempfile
import termios
import time
import tty
from pathlib import Path
from typing import TYPE_CHECKING

from . import emulators
from .errors import CliError

if TYPE_CHECKING:
    from . import rp2
from .replay import HEAP, micropython_command
from .sources import FIRMWARE

KEYS = {
    b"\x1b[A": "UP",
    b"\x1bOA": "UP",  # the same arrow in the terminal's application-cursor mode
    b"k": "UP",
    b"\x1b[B": "DOWN",
    b"\x1bOB": "DOWN",
    b"j": "DOWN",
    b"\r": "OK",
    b"\n": "OK",
    b" ": "OK",
    b"\x7f": "BACK",
    b"\x08": "BACK",
    b"\x1b": "BACK",
    b"u": "UNDO",
    b"q": "quit",
    b"H": "hold",
    b",": "KNOB-",  # the knob a detent anticlockwise: UP (with --knob)
    b"<": "KNOB-",
    b".": "KNOB+",  # clockwise: DOWN
    b">": "KNOB+",
}
KNOB = {"KNOB-": -1, "KNOB+": 1}
PAD = "PAD "  # the keypad's keys (with --keypad): digits, * and #, pressed by their legends
for _k in b"0123456789*#":
    KEYS[bytes([_k])] = PAD + chr(_k)
REPEAT_MS = 110  # the same key again this soon, in a later read: the terminal's auto-repeat
# A terminal's first repeat comes after its repeat delay (X11 660 ms, GNOME and most others
# 250-600 ms), later than a quick second tap: the same key again this soon waits for one more
# repeat within REPEAT_MS to tell a held key from a second tap.
DELAY_MS = 700
HOLD_MS = 900  # H then a key: held this long


def split_keys(data: bytes) -> tuple[list[str], bytes]:
    """Terminal bytes as the keys they are, in order, and an unfinished escape sequence left
    for the next read. Every key of a burst counts ("kkk" is three UPs); bytes that are no
    key (other escape sequences, letters) are skipped."""
    keys = []
    i = 0
    while i < len(data):
        if data[i : i + 1] == b"\x1b" and i + 1 < len(data) and data[i + 1 : i + 2] in b"[O":
            j = i + 2
            while j < len(data) and not 0x40 <= data[j] <= 0x7E:
                j += 1
            if j >= len(data):
                return keys, data[i:]  # the rest of the sequence comes with the next read
            name = KEYS.get(data[i : j + 1])
            i = j + 1
        else:
            name = KEYS.get(data[i : i + 1])
            i += 1
        if name:
            keys.append(name)
    return keys, b""


class KeyInput:
    """Keys to the emulated board's commands, the same for both targets. A key is a press. A
    terminal sends no key-up, but a held key repeats: it sends the key, waits its repeat delay
    (up to ``delay_ms``), then repeats every few tens of ms. So:

    - the same key again within ``repeat_ms`` of the last one, in a later read, is that key
      held: the button goes down (the firmware's own hold, repeat and acceleration run) until
      the repeats stop;
    - the same key again later than that but within ``delay_ms`` is either the terminal's first
      repeat or a second tap: it waits. Another one within ``repeat_ms`` makes it a hold (the
      button goes down then, no second tap); none makes it a press, ``repeat_ms`` late.

    The first key is a press at once: whether it will repeat cannot be known yet, and a tap
    must not wait for the terminal's delay. H then a key holds it ``hold_ms``. ``repeat_ms``
    0: no holds from auto-repeat. ``knob``: the knob keys turn the rotary encoder (``turn
    1`` clockwise, ``turn -1`` anticlockwise: one command a key, auto-repeat a spin); else
    they are no keys."""

    def __init__(
        self,
        repeat_ms: int = REPEAT_MS,
        hold_ms: int = HOLD_MS,
        delay_ms: int = DELAY_MS,
        knob: bool = False,
        keypad: bool = False,
    ):
        self.repeat_ms = repeat_ms
        self.keypad = keypad
        self.hold_ms = hold_ms
        self.delay_ms = delay_ms
        self.knob = knob
        self.held: str | None = None  # the button held down by auto-repeat
        self.last: tuple[str, float] | None = None  # the last key and when its read came
        self.waiting: tuple[str, float] | None = None  # a first repeat, or a second tap?
        self.hold_next = False
        self.pending = b""
        self.quit = False

    def feed(self, data: bytes, now_ms: float) -> list[str]:
        """The commands for one read of the terminal at now_ms."""
        keys, self.pending = split_keys(self.pending + data)
        out = self._decide(now_ms)
        for n, key in enumerate(keys):
            if key == "quit":
                self.quit = True
                break
            if key == "hold":
                self.hold_next = True
                continue
            if key in KNOB:
                if self.knob:
                    out += self._flush() + self.release() + [f"turn {KNOB[key]}"]
                continue
            if key.startswith(PAD):  # a tap each: a digit held does nothing more
                if self.keypad:
                    out += self._flush() + self.release() + [f"press {key[len(PAD):]}"]
                continue
            gap = None
            if n == 0 and self.repeat_ms and self.last is not None and self.last[0] == key:
                gap = now_ms - self.last[1]
            if self.hold_next:
                out += self._flush() + self.release() + [f"hold {key} {self.hold_ms}"]
                self.hold_next = False
            elif key == self.held:
                pass  # a repeat of the key held down
            elif self.waiting is not None and self.waiting[0] == key and n == 0:
                self.waiting = None  # a steady repeat after the first: the key is held
                out += [f"down {key}"]
                self.held = key
            elif gap is not None and gap <= self.repeat_ms:
                out += self._flush() + self.release() + [f"down {key}"]
                self.held = key
            elif gap is not None and gap <= self.delay_ms and self.held is None:
                out += self._flush()
                self.waiting = (key, now_ms)  # decided by the next read, or by idle()
            else:
                out += self._flush() + self.release() + [f"press {key}"]
            self.last = (key, now_ms)
        return out

    def idle(self, now_ms: float) -> list[str]:
        """A waiting key with no repeat after it was a tap; release a held key once its
        repeats have stopped."""
        out = self._decide(now_ms)
        if self.held and self.last and now_ms - self.last[1] > self.repeat_ms:
            out += self.release()
        return out

    def _decide(self, now_ms: float) -> list[str]:
        """The waiting key is a second tap once repeat_ms passed without a repeat."""
        if self.waiting is not None and now_ms - self.waiting[1] > self.repeat_ms:
            return self._flush()
        return []

    def _flush(self) -> list[str]:
        """The waiting key as a press (another key came first, or no repeat did)."""
        if self.waiting is None:
            return []
        key, self.waiting = self.waiting[0], None
        return [f"press {key}"]

    def release(self) -> list[str]:
        if self.held is None:
            return []
        key, self.held = self.held, None
        return [f"up {key}"]


class Emulator:
    """The emulated scoreboard process with its serial pty and control/screen channels."""

    def __init__(
        self,
        storage: str,
        realtime: bool = True,
        heap: str | None = None,
        knob: bool = False,
        keypad: bool = False,
    ):
        self.flash_lock = emulators.FlashLock(storage)  # before anything starts: may refuse
        self.dir = tempfile.mkdtemp(prefix="dominoboard-emu-")
        self.control_path = os.path.join(self.dir, "control")
        self.screen_path = os.path.join(self.dir, "screen")
        os.mkfifo(self.control_path)
        # The screen channel is a plain file we follow: sim_main's append-mode writes fail
        # with EINVAL on a FIFO (MicroPython's "ab" seeks).
        Path(self.screen_path).touch()
        master, slave = os.openpty()
        tty.setraw(slave)
        cmd = [micropython_command()]
        if heap:
            cmd += ["-X", "heapsize=" + heap]
        cmd += [
            str(FIRMWARE / "sim_main.py"),
            "--control",
            self.control_path,
            "--screen",
            self.screen_path,
            "--storage",
            storage,
            "--push",
        ]
        if realtime:
            cmd.append("--realtime")
        if knob:
            cmd.append("--encoder")
        if keypad:
            cmd.append("--keypad")
        self.screen = os.open(self.screen_path, os.O_RDONLY)
        self.log_path = os.path.join(self.dir, "stderr.log")
        with open(self.log_path, "wb") as log:
            self.proc = subprocess.Popen(cmd, stdin=master, stdout=master, stderr=log)
        os.close(master)
        self.control = os.open(self.control_path, os.O_RDWR)
        self._slave = slave  # held open: the app never sees a hang-up between host commands
        self.port = os.ttyname(slave)
        self._screen_buf = b""

    def send(self, command: str) -> None:
        os.write(self.control, command.encode() + b"\n")

    def frames(self) -> list[str]:
        """Complete frames that arrived on the screen channel since the last call."""
        while chunk := os.read(self.screen, 65536):
            self._screen_buf += chunk
        out = []
        while b"\nend\n" in self._screen_buf:
            frame, self._screen_buf = self._screen_buf.split(b"\nend\n", 1)
            out.append(frame.decode(errors="replace"))
        return out

    def errors(self) -> str:
        """What the firmware printed to stderr (a traceback if it died)."""
        try:
            return Path(self.log_path).read_text(errors="replace")
        except OSError:
            return ""

    def stop(self) -> None:
        if self.proc.poll() is None:
            try:
                self.send("quit")
                self.proc.wait(timeout=3)
            except (OSError, subprocess.TimeoutExpired):
                self.proc.kill()
                self.proc.wait()
        for fd in (self.control, self.screen, self._slave):
            try:
                os.close(fd)
            except OSError:
                pass
        for path in (self.control_path, self.screen_path, self.log_path):
            Path(path).unlink(missing_ok=True)
        os.rmdir(self.dir)
        self.flash_lock.release()


def add_parser(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser(
        "emulate",
        help="run the scoreboard firmware on this computer; prints its serial port",
        description="Run the real firmware on the MicroPython unix port with the simulated "
        "board. Its serial port (a pseudo-terminal) is printed; other commands find it "
        "without --port. Keys: arrows/j/k UP/DOWN, Enter/Space OK, Backspace/Esc BACK, u UNDO, "
        "q quit.",
    )
    p.add_argument(
        "--storage",
        metavar="DIR",
        default=str(emulators.default_flash()),
        help="the emulated flash (kept between runs; default %(default)s)",
    )
    p.add_argument(
        "--heap",
        metavar="SIZE",
        type=heap_size,
        default=None,
        help="cap the MicroPython heap, e.g. 512K (default: the unix port's own; the "
        f"simulated board needs more than a Pico's {HEAP} on a 64-bit build)",
    )
    p.add_argument(
        "--target",
        choices=("unix", "rp2"),
        default="unix",
        help="unix: the MicroPython unix port with the simulated board (fast); rp2: the "
        "scoreboard's Pico firmware (`make firmware`: MicroPython v1.28.0 with the app "
        "frozen in, or --uf2) in the RP2040 emulator; needs Node.js and the RP2040 boot ROM "
        "(--bootrom; docs/target.md)",
    )
    p.add_argument(
        "--uf2",
        type=Path,
        metavar="PATH",
        help="with --target rp2: the firmware to boot (default: build/firmware/"
        "dominoboard-pico.uf2, `make firmware`); an official MicroPython UF2 for the Pico "
        "(micropython.org/download/RPI_PICO) gets the scoreboard deployed onto it",
    )
    p.add_argument(
        "--bootrom",
        type=Path,
        metavar="PATH",
        help="with --target rp2: the RP2040 B1 boot ROM, built from raspberrypi/pico-bootrom "
        "(default: $DOMINOBOARD_BOOTROM, else rp2/rp2040-bootrom-b1.bin in your user data "
        "directory, else shared/rp2 beside a checkout)",
    )
    p.add_argument(
        "--key-repeat-ms",
        type=int,
        default=REPEAT_MS,
        metavar="MS",
        help="a key repeated by the terminal this soon is a held button (down until the "
        "repeats stop: the firmware's own repeat and acceleration); 0: every key a press "
        "(default %(default)s)",
    )
    p.add_argument(
        "--key-delay-ms",
        type=int,
        default=DELAY_MS,
        metavar="MS",
        help="the terminal's auto-repeat delay at most: the same key again this soon, then "
        "repeating, is one held button, not a second tap (default %(default)s)",
    )
    p.add_argument(
        "--hold-ms",
        type=int,
        default=HOLD_MS,
        metavar="MS",
        help="how long H then a key holds the button (default %(default)s)",
    )
    p.add_argument(
        "--knob",
        action="store_true",
        help="fit the optional rotary encoder (pins.ENCODER_FITTED): , or < turns it a "
        "detent anticlockwise (UP), . or > clockwise (DOWN); with --target rp2 the "
        "scoreboard is deployed onto stock MicroPython with the encoder fitted",
    )
    p.add_argument(
        "--keypad",
        action="store_true",
        help="fit the optional matrix keypad (pins.KEYPAD_FITTED): the keys 0-9, * (BACK) "
        "and # (OK) press its keys; with --target rp2 a new flash image is deployed with "
        "the keypad fitted",
    )
    p.add_argument(
        "--headless",
        action="store_true",
        help="no screen or keys: serve the serial port until interrupted",
    )
    p.set_defaults(func=run)


def heap_size(text: str) -> str:
    """A MicroPython ``-X heapsize`` value: bytes, or a whole number of K or M."""
    digits = text[:-1] if text[-1:] in ("K", "k", "M", "m") else text
    if not digits.isdigit() or int(digits) == 0:
        raise argparse.ArgumentTypeError(f"{text!r}: a size like 512K or 2M")
    return text.upper()


def _died(emu: "Emulator | rp2.TargetSession", heap: str | None) -> CliError | None:
    """Why the emulated scoreboard stopped on its own, if it failed. (A traceback goes to the
    serial port, which is gone with the process; stderr has what the board printed there.)"""
    code = emu.proc.poll()
    if not code:
        return None
    said = emu.errors() if isinstance(emu, Emulator) else ""
    text = f"the emulated scoreboard stopped (exit {code})"
    text += "".join("\n  " + x.strip() for x in said.strip().splitlines()[-3:])
    if heap:
        text += (
            f"\nwith --heap {heap} it most likely ran out of memory: the simulated board on "
            "this 64-bit build needs more than a Pico (pointers are twice the size); try "
            "--heap 512K, or leave --heap out"
        )
    return CliError(text)


def run(args: argparse.Namespace) -> int:
    emu: Emulator | rp2.TargetSession
    if args.target == "rp2":
        from .rp2 import TargetMissing, TargetSession

        try:
            emu = TargetSession(
                args.storage, knob=args.knob, keypad=args.keypad, uf2=args.uf2,
                bootrom=args.bootrom,
            )
        except TargetMissing as e:
            raise CliError(str(e)) from e
    else:
        if args.uf2 is not None or args.bootrom is not None:
            given = "--uf2" if args.uf2 is not None else "--bootrom"
            raise CliError(
                f"{given} is for the emulated Pico (--target rp2); the unix target runs the "
                "firmware's sources on the MicroPython unix port"
            )
        emu = Emulator(args.storage, heap=args.heap, knob=args.knob, keypad=args.keypad)
    marker = None
    try:  # from here a Ctrl-C (SIGINT) is a clean stop, even one that comes with the port line
        marker = emulators.mark(emu.port)
        print(
            f"scoreboard serial port: {emu.port}   (e.g. dominoboard sync --port {emu.port})",
            flush=True,
        )
        if args.headless or not sys.stdin.isatty():
            emu.proc.wait()
        else:
            keys = KeyInput(
                args.key_repeat_ms, args.hold_ms, args.key_delay_ms, args.knob, args.keypad
            )
            _interactive(emu, keys)  # the same commands for both targets
    except KeyboardInterrupt:
        pass
    finally:
        failure = _died(emu, args.heap)
        emu.stop()
        if marker is not None:
            marker.unlink(missing_ok=True)
    if failure is not None:
        raise failure
    return 0


_HALF = {" ": (0, 0), "▀": (1, 0), "▄": (0, 1), "█": (1, 1)}
# Braille dot bits for the 2×4 pixels of one character cell, by (column, row).
_DOTS = ((0x01, 0x08), (0x02, 0x10), (0x04, 0x20), (0x40, 0x80))


def braille(rows: list[str]) -> list[str]:
    """Redraw half-block rows (1×2 pixels a character) as braille (2×4 a character): the
    128×64 panel in 64×16 characters, so the emulator fits an 80×24 terminal."""
    pixels = []
    for row in rows:
        top, bottom = [], []
        for ch in row:
            t, b = _HALF.get(ch, (0, 0))
            top.append(t)
            bottom.append(b)
        pixels += [top, bottom]
    width = max((len(r) for r in pixels), default=0)
    out = []
    for y in range(0, len(pixels), 4):
        line = []
        for x in range(0, width, 2):
            bits = 0
            for dy in range(4):
                row = pixels[y + dy] if y + dy < len(pixels) else []
                for dx in range(2):
                    if x + dx < len(row) and row[x + dx]:
                        bits |= _DOTS[dy][dx]
            line.append(chr(0x2800 + bits))
        out.append("".join(line))
    return out


def _fit(frame: str, size: os.terminal_size | None = None) -> str:
    """The panel as big as the terminal allows: half blocks when 130×34 fit, else braille."""
    rows = frame.split("\n")
    size = size or shutil.get_terminal_size((80, 24))
    if size.columns >= 130 and size.lines >= len(rows) + 2:
        return frame
    return "\n".join(braille(rows))


def screen_text(
    rows: str, port: str, asleep: bool, woke: bool, size: os.terminal_size | None = None
) -> str:
    """What the terminal shows: the panel as it is, the keys, and a line on the screen's sleep."""
    return (
        _fit(rows, size)
        + "\n"
        + f"serial: {port}   keys: arrows Enter Bksp u  H=hold  q\n"
        + status_line(asleep, woke)
        + "\n"
    )


def frame_parts(frame: str) -> tuple[bool, str]:
    """A frame from the screen channel: whether the panel is asleep, and its rows."""
    head, _, rows = frame.partition("\n")
    return "asleep" in head.split()[3:], rows


def status_line(asleep: bool, woke: bool) -> str:
    if asleep:
        return "screen asleep: the next key only wakes it"
    if woke:
        return "that key woke the screen and did nothing else (as on the device)"
    return ""


def _interactive(emu: "Emulator | rp2.TargetSession", keys: KeyInput) -> None:
    fd = sys.stdin.fileno()
    saved = termios.tcgetattr(fd)
    tty.setcbreak(fd)
    asleep = woke = False
    rows = ""
    try:
        emu.send("frame")
        while emu.proc.poll() is None:
            ready, _, _ = select.select([fd], [], [], 0.02)
            now = time.monotonic() * 1000
            frames = emu.frames()
            if frames:
                was = asleep
                asleep, rows = frame_parts(frames[-1])
                woke = was and not asleep
                sys.stdout.write("\x1b[H\x1b[2J" + screen_text(rows, emu.port, asleep, woke))
                sys.stdout.flush()
            commands = keys.idle(now)
            if fd in ready:
                commands += keys.feed(os.read(fd, 1024), now)
            for command in commands:
                emu.send(command)
            if keys.quit:
                for command in keys.release():
                    emu.send(command)
                return
    finally:
        termios.tcsetattr(fd, termios.TCSADRAIN, saved)
