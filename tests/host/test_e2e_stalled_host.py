"""A host that stops reading never stops the table, on the unix-port
emulator: the real firmware, its serial on a pty. A killed sync leaves a subscription and a
backlog of requests whose replies it never reads; they fill the pty and the device's output
queue, and the device drops what does not fit (counted: `dropped` in hello). Buttons pressed
meanwhile are answered at once, and a host that reads again is answered in full.
tests/target/test_target.py has the same test on the Pico's firmware;
tests/firmware/test_stdio_queue.py tests the queue alone."""

import json
import re

import serial
from test_e2e_presses import NEW_MATCH, settle
from test_sync_e2e import db_lines

from dominoboard.cli import main
from dominoboard.emulate import Emulator
from dominoboard.link import DeviceLink
from harness.pty_device import patient_link, port_args, wait_for

UNREAD_BYTES = 400_000  # replies the stuck host asks for: far more than a pty holds (~64 KB)


def look(emu: Emulator) -> tuple[dict[str, str], str]:
    """The emulator's `state` and the glass. (The state reply comes on the screen channel,
    ahead of the frame asked for after it; commands run in order, so both come after every
    press sent before. A device that waited for room on the port would never answer: the
    wait's failure guard ends the test.)"""
    emu.send("state")
    emu.send("frame")
    got: list[str] = []
    wait_for(lambda: bool(got.extend(emu.frames()) or any("state " in f for f in got)))
    text = "\n".join(got)
    line = next(ln for ln in text.splitlines() if ln.startswith("state "))
    glass = text.rsplit("\nframe ", 1)[-1].split("\n", 1)[1]
    return dict(re.findall(r"(\w+)=(\S+)", line)), glass


def test_a_host_that_stops_reading_never_blocks_the_scoreboard(tmp_path):
    emu = Emulator(str(tmp_path / "flash"))
    try:
        for command in NEW_MATCH + ["press OK"] * 4:  # a match, its lead laid
            emu.send(command)
        settle(emu)
        with patient_link(emu.port) as link:
            ((match, count),) = link.request("list")["matches"]
            page = link.request("events", match=match, **{"from": 0})
            assert link.request("hello")["dropped"] == 0
        # The stuck host subscribes, asks for the match again and again, reads nothing and is
        # killed (its port closed; the pty keeps what it never read).
        stuck = serial.Serial(emu.port, timeout=0, write_timeout=10)
        asks = [{"proto": 1, "id": 900_000, "op": "subscribe", "on": True}]
        asks += [
            {"proto": 1, "id": 900_001 + i, "op": "events", "match": match, "from": 0}
            for i in range(UNREAD_BYTES // len(json.dumps(page)) + 1)
        ]
        try:
            stuck.write(b"".join(json.dumps(ask).encode() + b"\n" for ask in asks))
        except serial.SerialTimeoutException:
            pass  # a device blocked on its output reads no more requests: the checks say so
        stuck.close()
        # The table goes on while the backlog is answered into a full pipe: three OKs a round
        # lay tiles and claim (each a push for the dead subscriber), the glass changes, and
        # each round is answered. (A device that waited for room on the port would read no
        # button, and no control command, until a host read again: no round would end.)
        state, glass = look(emu)
        first = int(state["events"])
        for _ in range(4):
            for _ in range(3):
                emu.send("press OK")
            state, now = look(emu)
            assert now != glass, "three OKs changed nothing while the host was away"
            glass = now
        entered = int(state["events"]) + 1  # list counts the setup line too
        assert entered > first + 1
        assert emu.proc.poll() is None
        # A host that reads again is answered: it skips the stale pages, learns what was
        # dropped, and sync gets every event, those entered while the host was away too.
        with DeviceLink(emu.port, timeout=30) as link:
            hello = link.request("hello")
            ((_, held),) = link.request("list")["matches"]
        assert hello["dropped"] > 0
        db = tmp_path / "matches.sqlite3"
        assert main(["sync", *port_args(emu.port), "--db", str(db)]) == 0
    finally:
        emu.stop()
    assert held == entered > count
    assert len(db_lines(db)[match]) == held
