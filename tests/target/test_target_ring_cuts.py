"""Power cuts inside every flash operation of a long mixed session, on the emulated Pico.

The scoreboard's firmware is powered on with BACK held (no app: the REPL is free) and runs a
small recorder over mpremote's raw REPL: the real store of the real board (`boards.load()`:
littlefs where `_boot.py` mounts it, the event ring before it, rp2.Flash), fed the examples'
matches one event at a time, each followed by the idle passes the app makes after drawing it.
The emulator cuts the power inside an erase or a page program, the Pico boots again from its
image, and the recorder reports what the store holds; then the session goes on from there
with the next cut armed. Every event whose append was acknowledged is there, in order; nothing
else is, but possibly the one in flight; nothing is misread.

The long session (520 events of tests/firmware/mpy/ring_cases.py's seven games, one boot per
flash operation: about an hour on two idle cores) runs in `make soak`; `make test` keeps a short
one (a match's setup and first events), beside the press-by-press cuts of test_target.py."""

import binascii
import json
import os
import time
from pathlib import Path
from typing import TextIO, cast

import pytest
import serial
from mpremote.transport_serial import SerialTransport

from dominoboard.rp2 import EmulatedPico
from harness.target import SPEED

pytestmark = pytest.mark.long

EXAMPLES = Path(__file__).parents[2] / "examples"
GAMES = ("muggins", "bergen", "draw", "allfives", "doble12", "block", "bergen-schmidt")

# Runs on the Pico. Prints what the store holds ("held <id> <count> <crc32>"), then takes
# "<id> <event>" lines from the host: creates or appends, runs up to four idle passes, says
# "ok". %-formatting: MicroPython.
RECORDER = """
import binascii, sys
from boards import load
from scoreboard.event_ring import EventRing
from scoreboard.store import MatchStore
b = load()
f = b.event_flash
s = MatchStore(b.storage_dir, EventRing(f[0], f[1]))
for m in s.list():
    c = 0
    n = 0
    for line in s.read(m):
        c = binascii.crc32(line.encode() + b"\\n", c)
        n += 1
    print("held %s %d %d" % (m, n, c))
print("ready")
while True:
    got = sys.stdin.readline().rstrip("\\n")
    if not got:
        break
    m, line = got.split(" ", 1)
    if m in s.list():
        s.append(m, line)
    else:
        s.create(m, line)
    for _ in range(4):
        if not s.tidy():
            break
    print("ok")
"""


def session(limit: int) -> list[tuple[str, str]]:
    """(match id, event line) for the examples' matches one after another, ``limit`` in all."""
    out: list[tuple[str, str]] = []
    for i, game in enumerate(GAMES):
        lines = [ln.rstrip("\n") for ln in (EXAMPLES / f"{game}.jsonl").open() if ln.strip()]
        out += [(f"m{i}", line) for line in lines]
    return out[:limit]


def crc(lines: list[str]) -> int:
    c = 0
    for line in lines:
        c = binascii.crc32(line.encode() + b"\n", c)
    return c


class Recorder:
    """The recorder running on a freshly booted Pico, over mpremote's raw REPL."""

    def __init__(self, pico: EmulatedPico):
        self.pico = pico
        self.t = SerialTransport(pico.port, exclusive=False, timeout=60)
        self.t.enter_raw_repl(soft_reset=False, timeout_overall=120)
        self.t.exec_raw_no_follow(RECORDER)
        self.port = cast(serial.Serial, self.t.serial)  # pyserial's, as mpremote opened it
        self.port.timeout = 0.5  # then: a read returns to look at the power
        self.held: dict[str, tuple[int, int]] = {}
        while True:
            line = self.line()
            if line == "ready":
                break
            kind, match, count, c = line.split()
            assert kind == "held", line
            self.held[match] = (int(count), int(c))

    def line(self, timeout: float = 300) -> str:
        deadline = time.monotonic() + timeout  # a failure guard only: the emulator's pace
        got = b""
        while not got.endswith(b"\n"):
            if self.pico.proc is None or self.pico.proc.poll() is not None:
                raise EOFError("the power is off")
            if time.monotonic() > deadline:
                raise TimeoutError(f"the recorder said nothing for {timeout} s: {got!r}")
            got += self.port.read(1)
        text = got.decode().strip().lstrip("\x04").lstrip("OK")
        if text.startswith("Traceback") or "Error" in text:  # the raw REPL's OK<CTRL-D> first
            raise AssertionError(f"the recorder failed on the Pico: {text}: {self.rest()}")
        return text

    def rest(self) -> str:
        """What the Pico says after a traceback, up to the raw REPL's prompt."""
        out = b""
        while not out.endswith(b"\x04>"):
            got = self.port.read(1)
            if not got:
                break
            out += got
        return out.decode(errors="replace").replace("\r\n", " | ")

    def record(self, match: str, line: str) -> bool:
        """Send one event; True once the Pico says it is stored, False at the power cut."""
        try:
            self.port.write(f"{match} {line}\n".encode())
            return self.line() == "ok"
        except TimeoutError:
            raise  # a Pico gone silent is a failure, not a power cut
        except (EOFError, OSError):
            return False

    def close(self) -> None:
        try:
            self.t.close()
        except OSError:
            pass


def held_prefix(held: dict[str, tuple[int, int]], events: list[tuple[str, str]]) -> int:
    """How many of the session's events the store holds, checking they are exactly the
    session's first ones: every match held is a prefix of its own events, and the matches are
    filled in order."""
    by_match: dict[str, list[str]] = {}
    for match, line in events:
        by_match.setdefault(match, []).append(line)
    total = 0
    seen_short = False
    for match in sorted(by_match, key=lambda m: int(m[1:])):
        count, c = held.get(match, (0, crc([])))
        lines = by_match[match]
        assert count <= len(lines), (match, count)
        assert c == crc(lines[:count]), f"{match}: its {count} events differ from the session's"
        assert not (seen_short and count), f"{match} holds events before the one before it ended"
        seen_short = count < len(lines)
        total += count
    assert set(held) <= set(by_match), held
    return total


def cut_everywhere(
    tmp_path: Path, frozen: Path, events: int, parts=(0.5, 0.95), log: TextIO | None = None
) -> dict:
    """Record the session's first ``events`` with the power cut inside its flash operations
    one after another: after each boot the cut is armed for the k-th operation from where
    the session stands (k = 0 when the last cut moved it on, one more each time it did not,
    so an event that programs and erases several times is cut inside each of them), until
    the session ends. Returns counts."""
    script = session(events)
    image = tmp_path / "flash.img"
    pico = EmulatedPico(image, speed=SPEED, uf2=frozen)
    firmware = True
    acked = 0
    before = -1  # events held at the last boot
    k = 0
    outcome = {"cuts": 0, "mid-write": 0, "erase": 0, "kept in flight": 0, "boots": 0}
    try:
        while True:
            pico.boot(firmware=firmware, held=("BACK",))
            firmware = False
            outcome["boots"] += 1
            pico.wait_drawn()
            pico.up("BACK")
            rec = Recorder(pico)
            try:
                held = held_prefix(rec.held, script)
                assert held >= acked, f"{acked - held} acknowledged events lost"
                assert held <= acked + 1, "an event nobody recorded"
                outcome["kept in flight"] += held == acked + 1
                k = 0 if held > before else k + 1
                acked = before = held
                if held == len(script):
                    break
                pico.cut_inside(k, parts[outcome["cuts"] % len(parts)])
                for match, line in script[held:]:
                    if not rec.record(match, line):
                        break
                    acked += 1
                else:
                    pico.cut()  # the session ended before the armed operation
                    continue
                cut = pico.wait_cut()
                outcome["cuts"] += 1
                outcome["mid-write"] += bool(cut["mid_write"])
                outcome["erase"] += cut["op"] == "erase"
                if log:
                    print(json.dumps(dict(outcome, events=acked, k=k)), file=log, flush=True)
            finally:
                rec.close()
    finally:
        pico.close()
    outcome["events"] = acked
    print(json.dumps(outcome))
    return outcome


def test_cuts_inside_flash_operations_of_a_short_session_keep_exactly_the_acknowledged_events(
    frozen, tmp_path
):
    """The quick guard: a Muggins match's setup (a new file on littlefs) and its first
    events, each cut inside every flash operation it makes."""
    outcome = cut_everywhere(tmp_path, frozen, 6)
    assert outcome["events"] == 6
    assert outcome["cuts"] > 6 and outcome["mid-write"] == outcome["cuts"], outcome


@pytest.mark.soak
def test_cuts_inside_every_flash_operation_of_a_mixed_session(frozen, tmp_path):
    """Four of the examples' games, 520 events (RING_CUT_EVENTS for more: the ring folds into
    littlefs past about 700); each cut's counts go to RING_CUT_LOG if set."""
    events = int(os.getenv("RING_CUT_EVENTS") or "520")
    path = os.getenv("RING_CUT_LOG")
    with open(path or os.devnull, "a", encoding="utf-8") as log:
        outcome = cut_everywhere(tmp_path, frozen, events, log=log)
    assert outcome["events"] == events
    assert outcome["cuts"] > events and outcome["mid-write"] == outcome["cuts"], outcome
    assert outcome["erase"] > 0 and outcome["kept in flight"] > 0, outcome
