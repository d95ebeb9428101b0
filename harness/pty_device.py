"""The scoreboard's serial side on a pseudo-terminal, for host tests and the sync benchmark.

The device is the real MicroPython unix port running the real store and link
(tests/host/mpy_device.py); the host opens the pty's other end by path with pyserial, exactly
as it opens a Pico's /dev/ttyACM0. Events reach the device's store through a control pipe, the
way the app appends them after button presses.
"""

import json
import os
import subprocess
import sys
import time
import tty
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the host's link, imported by the tests that open one
    from dominoboard.link import DeviceLink

ROOT = Path(__file__).resolve().parents[1]
# The whole app on the 64-bit unix port, run from source: compiling each module on import
# costs heap that the Pico's precompiled .mpy files do not, and at 200K a lazy import could
# fail on one machine's heap layout and not another's (CI: MemoryError validating presets).
# The app's heap is measured compiled (tests/firmware/test_app.py) and on the Pico's firmware
# (bench/results/target.txt); here it is the link's behaviour that is tested.
HEAP = "256K"
# How long a wait for an event (a reply, a file, a count) may go on before the test fails: a
# guard against a hang, never a measure. A busy machine makes a wait longer, never wrong.
GUARD_S = 300.0
# A test's link waits out silence for GUARD_S, yet asks for a dropped reply again after the
# quiet a user's link waits (a third of the default 3 s timeout): a reply the scoreboard
# dropped for a busy host comes back as soon as it would for a user. A test about silence or
# asking again opens its own DeviceLink with the timeout it is about.
ASK_AFTER_S = 1.0


def micropython() -> str:
    beside = Path(sys.executable).parent / "micropython"
    return str(beside) if beside.exists() else "micropython"


class PtyDevice:
    def __init__(self, store_dir: Path | str, heap: str = HEAP):
        self.store_dir = str(store_dir)  # "lfs:N": on littlefs over N blocks of RAM flash
        self.heap = heap
        self.proc: subprocess.Popen | None = None
        self.start()

    def start(self) -> None:
        master, slave = os.openpty()
        tty.setraw(slave)  # no echo, no line editing: what pyserial would set
        tty.setraw(master)
        read_end, self._control = os.pipe()
        self.proc = subprocess.Popen(
            [
                micropython(),
                "-X",
                "heapsize=" + self.heap,
                "tests/host/mpy_device.py",
                self.store_dir,
                str(read_end),
            ],
            cwd=ROOT,
            stdin=master,
            stdout=master,
            pass_fds=[read_end],
        )
        os.close(read_end)
        os.close(master)
        self._slave = slave  # held open so the device never sees a hang-up between hosts
        self.port = os.ttyname(slave)

    def control(self, cmd: dict) -> None:
        os.write(self._control, (json.dumps(cmd) + "\n").encode())

    def create(self, match_id: str) -> None:
        self.control({"create": match_id})

    def append(self, match_id: str, line: str) -> None:
        self.control({"append": match_id, "line": line})

    def delete(self, match_id: str) -> None:
        """Delete ``match_id`` at the table (Matches -> Delete), no host asked."""
        self.control({"delete": match_id})

    def play(self, match_id: str | None) -> None:
        """Put ``match_id`` on the table (None: the start menu), as resuming it there would."""
        self.control({"playing": match_id})

    def speak(self, code: str) -> None:
        """Choose the language ``code`` at the table (the start menu's *Language*)."""
        self.control({"speak": code})

    def load(self, match_id: str, lines: list[str]) -> None:
        self.create(match_id)
        for line in lines:
            self.append(match_id, line)

    def report(self, path: Path) -> dict:
        """What the store refused so far, its free bytes and the replies the link dropped for
        a host that was not reading, once every command sent before has run (the file
        appears, renamed into place whole)."""
        path.unlink(missing_ok=True)
        self.control({"report": str(path)})
        wait_for(path.exists)
        return json.loads(path.read_text())

    def alive(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    def kill(self) -> None:
        """Pull the plug: SIGKILL, nothing flushed or closed by the device."""
        if self.proc is not None:
            self.proc.kill()
            self.proc.wait()
            self.proc = None
        self._close()

    def stop(self) -> None:
        self.kill()

    def _close(self) -> None:
        for fd in (self._control, self._slave):
            try:
                os.close(fd)
            except OSError:
                pass

    def __enter__(self) -> "PtyDevice":
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()


def patient_link(port: str) -> "DeviceLink":
    """The link a test opens to a scoreboard that answers: its silence ends only at the
    failure guard, its re-asks come at a user's pace."""
    from dominoboard.link import DeviceLink

    return DeviceLink(port, timeout=GUARD_S, ask_after=ASK_AFTER_S)


def port_args(port: str) -> list[str]:
    """A command's --port ``port`` with the same patience as ``patient_link``'s."""
    return ["--port", port, "--timeout", f"{GUARD_S:g}", "--ask-after", f"{ASK_AFTER_S:g}"]


def wait_for(predicate, timeout: float = GUARD_S, step: float = 0.05) -> None:
    """Until ``predicate()`` holds: an event looked for every ``step`` s, never a time
    waited out. ``timeout`` only ends a test that would otherwise hang."""
    guard = failure_guard(timeout)
    while not predicate():
        if guard():
            raise AssertionError(f"no sign of it after {timeout:g} s (the failure guard)")
        time.sleep(step)


def failure_guard(seconds: float = GUARD_S):
    """A function that says True once ``seconds`` have passed: the bound on a loop that
    waits for an event, so a failing test ends. Never a condition a passing test meets."""
    deadline = time.monotonic() + seconds
    return lambda: time.monotonic() > deadline
