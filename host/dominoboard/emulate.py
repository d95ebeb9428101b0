"""`dominoboard emulate`: the real firmware on the MicroPython unix port, no hardware needed.

The app (firmware/sim_main.py, docs/emulator.md) runs with the simulated board; its USB serial
is a pseudo-terminal whose path is printed (and remembered, so `sync`, `export`, `names` find
it without --port). The OLED is drawn in this terminal; keys press the buttons:

    Up/Down or k/j  UP/DOWN    Enter or Space  OK    Backspace or Esc  BACK    u  UNDO
    Shift+Enter is not a terminal key: hold a button with H then the key (900 ms)    q  quit
"""

import argparse
import os
import select
import shutil
import subprocess
import sys
import tempfile
import termios
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
    b"k": "UP",
    b"\x1b[B": "DOWN",
    b"j": "DOWN",
    b"\r": "OK",
    b"\n": "OK",
    b" ": "OK",
    b"\x7f": "BACK",
    b"\x08": "BACK",
    b"\x1b": "BACK",
    b"u": "UNDO",
}


class Emulator:
    """The emulated scoreboard process with its serial pty and control/screen channels."""

    def __init__(self, storage: str, realtime: bool = True, heap: str | None = None):
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
        help="unix: the MicroPython unix port with the simulated board (fast); rp2: the real "
        "Pico firmware (MicroPython v1.28.0) in the RP2040 emulator, deployed with "
        "`dominoboard deploy` on first use (docs/target.md)",
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
            emu = TargetSession(args.storage)
        except TargetMissing as e:
            raise CliError(str(e)) from e
    else:
        emu = Emulator(args.storage, heap=args.heap)
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
            _interactive(emu)
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


def _fit(frame: str) -> str:
    """The panel as big as the terminal allows: half blocks when 130×34 fit, else braille."""
    rows = frame.split("\n")
    size = shutil.get_terminal_size((80, 24))
    if size.columns >= 130 and size.lines >= len(rows) + 2:
        return frame
    return "\n".join(braille(rows))


def _interactive(emu: "Emulator | rp2.TargetSession") -> None:
    fd = sys.stdin.fileno()
    saved = termios.tcgetattr(fd)
    tty.setcbreak(fd)
    hold = False
    try:
        emu.send("frame")
        while emu.proc.poll() is None:
            ready, _, _ = select.select([fd], [], [], 0.05)
            frames = emu.frames()
            if frames:
                sys.stdout.write(
                    "\x1b[H\x1b[2J"
                    + _fit(frames[-1].split("\n", 1)[-1])
                    + "\n"
                    + f"serial: {emu.port}   keys: arrows Enter Bksp u  H=hold  q\n"
                )
                sys.stdout.flush()
            if fd in ready:
                key = os.read(fd, 8)
                if key == b"q":
                    return
                if key == b"H":
                    hold = True
                    continue
                button = KEYS.get(key)
                if button:
                    emu.send(f"hold {button} 900" if hold else f"press {button}")
                hold = False
    finally:
        termios.tcsetattr(fd, termios.TCSADRAIN, saved)
