"""The scoreboard on its real target: MicroPython's rp2 port in an emulated RP2040.

Each test runs the scoreboard's firmware from a blank flash (conftest.py; one runs stock
MicroPython with the scoreboard deployed, the developer's path) and checks what a table and a
host would see: the decoded OLED, the USB serial through pyserial and `dominoboard`, and the
flash image after power cuts. Where a screen is compared, the reference is the same firmware on the
MicroPython unix port with the simulated board: one app, two ports, the same pixels."""

import csv
import json
import random
import shutil

import pytest
import serial
from test_e2e_presses import BLOCKED, NEW_MATCH, NEXT_HAND, PLAYS
from test_sync_e2e import db_lines, expected_rows

from dominoboard.cli import main
from dominoboard.emulate import Emulator
from dominoboard.link import DeviceLink
from dominoboard.rp2 import EmulatedPico
from dominoboard.sync import device_matches
from harness.pty_device import wait_for
from harness.target import SPEED

# Each test boots a Pico of its own, for a minute or more: dealt first, on its own
# (tests/conftest.py).
pytestmark = pytest.mark.long
# ... but one worker deploys (the session's `deployed`, conftest.py) for the tests that use it.
DEPLOYED = pytest.mark.xdist_group("deployed")

DRAW = {"k": "draw", "n": 1, "p": 1}  # Ben draws a tile: what OK does after Ana's lead
FILESYSTEM = 0xA0000  # rp2's littlefs: the flash from here on (MICROPY_HW_FLASH_STORAGE_BYTES)

# A hand whose plays the table enters ends only as the record allows: the scored
# hands are entered as a points-only table does, nothing laid, as tests/host/test_e2e_presses.py
# drives them. HAND: a Muggins hand ended blocked by buttons (its tally, its score), then the
# next hand's lead and draws; MATCH: two hands scored so, then the third hand's plays.
HAND = NEW_MATCH + BLOCKED + NEXT_HAND + PLAYS
MATCH = NEW_MATCH + BLOCKED + NEXT_HAND + BLOCKED + NEXT_HAND + PLAYS


def unix_port_screens(tmp_path, commands: list[str]) -> list[str]:
    """The unix-port emulator's screen after each command (the reference), in virtual time:
    its clock moves only with the commands, never with the host's. Each screen is the first
    frame drawn after its command ran, told by the frame's clock (every command moves it):
    the emulator also pushes frames of its own, so the next frame to arrive may be an older
    one, more so on a busy machine."""
    emu = Emulator(str(tmp_path / "unix-flash"), realtime=False)
    screens = []
    last = -1
    try:
        for command in [None, *commands]:
            if command:
                emu.send(command)
            emu.send("frame")
            got: list[str] = []

            def arrived(got: list[str] = got, after: int = last) -> bool:
                got.extend(f for f in emu.frames() if int(f.split()[2]) > after)
                return bool(got)

            wait_for(arrived, timeout=60)
            last = int(got[0].split()[2])  # "frame <n> <ms>[ asleep]"
            screens.append(got[0].split("\n", 1)[1] + "\n")  # less the frame line
    finally:
        emu.stop()
    return screens


def enter(pico, commands: list[str]) -> None:
    """Each command once the screen before it has settled (keys pressed while the Pico is
    busy count too: test_keys_pressed_while_the_pico_is_busy_are_not_lost)."""
    for command in commands:
        pico.do(command)
        pico.settle(quiet_ms=150)


def events_on(port: str, timeout: float = 60) -> dict[str, list[str]]:
    """Every match's event lines, read over the link as sync reads them. ``timeout``: wall
    seconds a reply may take; the emulated Pico runs slower than the wall clock while its core
    is busy, more so on a loaded machine (20 s was once too short for the first request after
    a power cut, in a full `make test`)."""
    out = {}
    with DeviceLink(port, timeout=timeout) as link:
        for match, count in device_matches(link):
            lines: list[str] = []
            while len(lines) < count:
                page = link.request("events", match=match, **{"from": len(lines)})
                lines += page["lines"]
            out[match] = lines
    return out


def test_the_firmware_boots_a_blank_flash_into_the_scoreboard(pico, tmp_path):
    """A new Pico, the UF2 dropped on it: nothing on the flash, and the scoreboard starts."""
    assert pico.boots == 1
    assert pico.text() == unix_port_screens(tmp_path, [])[0]
    assert not pico.panel.errors  # every byte on the bus was a valid SSD1306 command or data


@DEPLOYED
def test_deploy_boots_into_the_scoreboard(deployed, tmp_path):
    """The developer's path: stock MicroPython, `dominoboard deploy`, reset."""
    reference = unix_port_screens(tmp_path, [])[0]
    image, _seconds = deployed  # wall time: the machine's load, not asserted
    copy = tmp_path / "deployed.img"
    shutil.copy(image, copy)
    with EmulatedPico(copy, speed=8) as pico:
        pico.boot(firmware=False)
        pico.wait_drawn()
        assert pico.text() == reference
        assert not pico.panel.errors


def test_a_firmware_update_keeps_the_matches(pico, frozen):
    """Dropping the UF2 again on a Pico that holds matches (a firmware update) writes the
    firmware only: the UF2 ends below the filesystem (littlefs at 0xA0000) and the matches
    come back after the update, event for event, on the same table."""
    blocks = frozen.read_bytes()
    end = max(
        int.from_bytes(blocks[i + 12 : i + 16], "little")
        + int.from_bytes(blocks[i + 16 : i + 20], "little")
        for i in range(0, len(blocks), 512)
    )
    assert end <= 0x10000000 + FILESYSTEM, hex(end)
    enter(pico, MATCH)
    pico.cut()
    pico.boot(firmware=False)  # a plain power cycle: the table as the flash holds it
    pico.wait_drawn()
    table = pico.text()  # before the link's slow wall seconds let the screen's sleep come
    held = events_on(pico.port)
    pico.cut()
    pico.boot()  # the UF2 written again over the flash image, as the boot loader would
    pico.wait_drawn()
    assert pico.text() == table
    assert pico.boots == 3
    assert events_on(pico.port) == held


def test_matches_kept_on_littlefs_carry_over_to_the_event_ring_firmware(deployed, frozen, tmp_path):
    """A Pico whose matches were recorded by a scoreboard without the event ring (stock
    MicroPython and `deploy`: every event a littlefs append, today's format) gets the UF2
    with the ring dropped on it: every match is there, event for event, and play goes on,
    its new events in the ring and kept across a power cut."""
    image, _seconds = deployed
    copy = tmp_path / "deployed.img"
    shutil.copy(image, copy)
    with EmulatedPico(copy, speed=8) as pico:
        pico.boot(firmware=False)
        pico.wait_drawn()
        enter(pico, NEW_MATCH + PLAYS[:4])
        held = events_on(pico.port)
        pico.cut()
        pico.uf2 = frozen
        pico.boot()  # the new UF2 written over the flash, as the boot loader would
        pico.wait_drawn()
        assert events_on(pico.port) == held
        enter(pico, ["press OK"])  # Ben draws: the first event in the ring
        ((match, now),) = events_on(pico.port).items()
        assert now[:-1] == held[match] and json.loads(now[-1]) == DRAW
        assert any(op["offset"] < FILESYSTEM for op in pico.flash_ops if op["op"] == "program")
        pico.cut()
        pico.boot(firmware=False)
        pico.wait_drawn()
        assert events_on(pico.port) == {match: now}


def test_a_muggins_hand_by_buttons_shows_what_the_unix_port_shows(power_on, tmp_path):
    reference = unix_port_screens(tmp_path, HAND)
    pico = power_on()
    for i, command in enumerate(HAND, 1):
        pico.do(command)
        pico.settle(quiet_ms=150)
        assert pico.text() == reference[i], f"after {HAND[:i]}:\n{pico.text()}"


def test_keys_pressed_while_the_pico_is_busy_are_not_lost(power_on, tmp_path):
    """A player does not wait for the screen: each key is down 80 ms and the next comes 120 ms
    later, while starting the match keeps the Pico busy ~430 ms. Polls alone lost the taps
    that came and went meanwhile; the pins' interrupts count them, so every screen on the way
    is the unix port's."""
    commands = NEW_MATCH + PLAYS
    reference = unix_port_screens(tmp_path, commands)
    pico = power_on()
    for command in commands:
        pico.do(command)
    pico.settle(quiet_ms=300)
    assert pico.text() == reference[-1], pico.text()


def test_sync_and_export_over_the_emulated_usb_match_the_core(pico, tmp_path):
    enter(pico, MATCH)
    db = tmp_path / "matches.sqlite3"
    # The emulator runs a busy core at about a third of the Pico's speed: allow for it.
    sync = ["sync", "--port", pico.port, "--db", str(db), "--timeout", "30"]
    assert main(sync) == 0
    out = tmp_path / "hands.csv"
    assert main(["export", "--db", str(db), "-o", str(out)]) == 0
    on_device = events_on(pico.port)
    ((match, lines),) = db_lines(db).items()
    assert on_device == {match: lines}  # line for line what the Pico holds
    assert [ln for ln in lines if '"k":"end"' in ln] == ['{"k":"end","left":[3,2]}'] * 2
    with open(out, newline="", encoding="utf-8") as f:
        got = [
            (int(r["hand"]), r["player"], int(r["hand_points"]), int(r["total"]))
            for r in csv.DictReader(f)
        ]
    assert got == expected_rows(lines)
    assert main(sync) == 0  # idempotent
    assert db_lines(db) == {match: lines}


def cut_inside_every_flash_operation(pico, presses: int, parts=(0.5,)) -> dict:
    """Press OK ``presses`` times from the table on show; for each press, cut the power inside
    its 1st, 2nd, ... flash erase or program (the event ring's page program, the idle erase
    after it, a fold into littlefs) and boot again from the image, until a press makes no
    more operations than that and goes through. After each cut the Pico holds the events it
    held plus what the press had committed, never a damaged or invented one, and boots into the
    same table whenever it holds the same events (the table is a fold of the log)."""
    ((match, held),) = events_on(pico.port).items()
    table = {}  # screens right after a boot, by events held
    outcomes = {"cuts": 0, "kept": 0, "lost in flight": 0, "mid-write": 0, "erase": 0}
    for press in range(presses):
        op = 0
        while True:
            part = parts[(press + op) % len(parts)]
            cut = pico.press_cut_inside("OK", op, part)
            if cut is None:
                pico.settle(quiet_ms=150)
                break
            outcomes["cuts"] += 1
            outcomes["mid-write"] += cut["mid_write"]
            outcomes["erase"] += cut["op"] == "erase"
            pico.boot(firmware=False)
            pico.wait_drawn()
            ((same, now),) = events_on(pico.port).items()
            assert same == match
            assert now[: len(held)] == held, f"a committed event changed (press {press}, op {op})"
            assert len(now) - len(held) <= 2, now[len(held) :]  # a play and its claim at most
            outcomes["kept" if len(now) > len(held) else "lost in flight"] += 1
            screen = pico.panel.text(ascii=True)
            assert table.setdefault(len(now), screen) == screen, (press, op, len(now), screen)
            held = now
            op += 1
        ((same, now),) = events_on(pico.port).items()
        assert now[: len(held)] == held
        held = now  # (its screen may differ from a rebooted one's: the draws noted in RAM)
    return outcomes


def test_power_cuts_inside_every_flash_operation_keep_exactly_the_committed_events(pico):
    """Six presses of play (draws, then a play and its claim), each cut inside every flash
    operation it makes, halfway and near the end of the operation."""
    enter(pico, NEW_MATCH + PLAYS[:4])
    pico.cut()
    pico.boot(firmware=False)
    pico.wait_drawn()
    outcomes = cut_inside_every_flash_operation(pico, 6, parts=(0.5, 0.95))
    assert outcomes["cuts"] >= 6 and outcomes["mid-write"] == outcomes["cuts"], outcomes
    assert outcomes["kept"] and outcomes["lost in flight"], outcomes


def test_a_host_that_stops_reading_never_blocks_the_scoreboard(pico, tmp_path):
    """A host asks for pages and never reads them: the USB FIFO and the host's buffer fill,
    the Pico drops what does not fit and goes on keeping score; a host that reads again gets
    answers."""
    # Two hands scored, the third's lead and every draw, then plays: ~1.3 KB of events, so the
    # 40 pages asked for below (~50 KB) far outrun the FIFO and the host's 4 KB.
    enter(pico, MATCH + ["press OK"] * 18)
    ((match, lines),) = events_on(pico.port).items()
    assert len(json.dumps(lines)) > 1000
    stuck = serial.Serial(pico.port, timeout=0)
    try:
        for i in range(40):  # 40 pages (~40 KB) asked for, none read
            stuck.write(
                json.dumps(
                    {"proto": 1, "id": i + 1, "op": "events", "match": match, "from": 0}
                ).encode()
                + b"\n"
            )
        pico.wait_ms(2000)
        # The table goes on: an ordinary 80 ms tap lays the next play. (Before the queue
        # dropped a stalled host's messages at once, each waited 50 ms: a backlog of 40
        # requests kept the buttons unread for seconds and even a 400 ms press was lost.)
        before = pico.text()
        down = pico.press("OK")["down"]
        # Not settle(): while the link waits for room on the USB the core sleeps, which
        # settle takes for an idle app. Watch the glass for the key's effect instead.
        last = down
        for _ in range(200):  # up to 10 s of emulated time
            if pico.text() != before:
                last = pico.last_display_ns()
                break
            pico.wait_ms(50)
        assert pico.text() != before, "the key was lost while the host was not reading"
        # A device that waited for the host (rp2's write blocks up to its TX timeout per
        # write, or 50 ms a message) would answer late or not at all.
        assert (last - down) / 1e6 < 1000, "the key waited for the USB host"
    finally:
        stuck.close()
    pico.settle(limit_ms=180_000)  # the backlog of requests is worked off (replies dropped)
    with serial.Serial(pico.port, timeout=1) as drain:  # what the stuck host left unread
        while drain.read(4096):
            pass
    after = events_on(pico.port, timeout=90)  # a host that reads again is answered in full
    assert after[match][: len(lines)] == lines  # nothing lost while the host was away
    with DeviceLink(pico.port, timeout=90) as link:  # and is told what was dropped
        assert link.request("hello")["dropped"] > 0


def test_emulate_target_rp2_is_the_pico_behind_the_terminal_front_end(frozen, tmp_path):
    """`dominoboard emulate --target rp2`: the same commands and frames as the unix-port
    emulator's front end, on the emulated Pico running the firmware (its flash image, new
    and blank here, kept in --storage)."""
    from dominoboard.rp2 import TargetSession

    reference = unix_port_screens(tmp_path, ["press OK"])
    storage = tmp_path / "storage"
    storage.mkdir()
    session = TargetSession(str(storage), speed=8)
    try:
        assert session.pico.uf2 == frozen
        session.pico.wait_drawn()
        session.frames()  # the start screen
        drawn = len(session.pico.i2c)
        session.send("press OK")
        wait_for(lambda: len(session.pico.i2c) > drawn, timeout=60)
        session.pico.settle()
        (frame,) = session.frames()
        assert frame.split("\n", 1)[1] + "\n" == reference[1]
        assert session.frames() == []  # nothing new until the panel changes
    finally:
        session.stop()


def shows_as(session, steps: list[tuple[str, str]]) -> None:
    """Each command sent to a TargetSession redraws the panel as ``want`` (the unix port's)."""
    for command, want in steps:
        session.frames()
        drawn = len(session.pico.i2c)
        session.send(command)
        wait_for(lambda drawn=drawn: len(session.pico.i2c) > drawn, timeout=60)
        session.pico.settle()
        frame = session.frames()[-1]
        # the session's frames drop the panel's blank bottom rows
        assert frame.split("\n", 1)[1].rstrip("\n") == want.rstrip("\n"), command


@DEPLOYED
def test_the_knob_on_the_emulated_pico_moves_like_the_down_and_up_buttons(deployed, tmp_path):
    """`emulate --target rp2 --knob`: a Pico deployed without the encoder is deployed again
    with it (pins.ENCODER_FITTED), and a detent clockwise, driven through the quadrature pins
    GP16/17 in emulated time, moves the cursor as DOWN does on the unix port; one back, as UP."""
    from dominoboard.rp2 import TargetSession

    reference = unix_port_screens(tmp_path, ["press DOWN", "press UP"])
    storage = tmp_path / "storage"
    storage.mkdir()
    shutil.copy(deployed[0], storage / "pico-flash.img")  # deployed without the knob
    session = TargetSession(str(storage), speed=8, knob=True)
    try:
        assert (storage / "pico-flash.knob").exists()
        session.pico.wait_drawn()
        shows_as(session, [("turn 1", reference[1]), ("turn -1", reference[2])])
    finally:
        session.stop()


@DEPLOYED
def test_the_keypad_on_the_emulated_pico_is_scanned_by_its_matrix_pins(deployed, tmp_path):
    """`emulate --target rp2 --keypad`: deployed again with pins.KEYPAD_FITTED, the real rp2
    firmware scans the matrix the harness models (a column reads low through a held key on a
    row the firmware drives low): B moves the cursor as DOWN does on the unix port, A as UP,
    and # opens what OK opens."""
    from dominoboard.rp2 import TargetSession

    reference = unix_port_screens(tmp_path, ["press DOWN", "press UP", "press OK"])
    storage = tmp_path / "storage"
    storage.mkdir()
    shutil.copy(deployed[0], storage / "pico-flash.img")  # deployed without the keypad
    session = TargetSession(str(storage), speed=8, keypad=True)
    try:
        assert (storage / "pico-flash.keypad").exists()
        session.pico.wait_drawn()
        shows_as(session, [("press B", reference[1]), ("press A", reference[2]),
                           ("press #", reference[3])])  # fmt: skip
    finally:
        session.stop()


def test_each_board_has_its_own_unique_id_kept_across_reboots(power_on):
    first, second = power_on(), power_on()
    with DeviceLink(first.port, timeout=60) as link:
        one = link.request("hello")["device"]
    with DeviceLink(second.port, timeout=60) as link:
        two = link.request("hello")["device"]
    assert one != two and one.startswith("pico-")
    first.cut()
    first.boot(firmware=False)
    first.wait_drawn()
    with DeviceLink(first.port, timeout=60) as link:
        assert link.request("hello")["device"] == one


def test_no_byte_the_host_sends_stops_the_scoreboard(pico, tmp_path):
    """Frames holding every byte value 0x00-0xFF, Ctrl-C (0x03), Ctrl-D (0x04) and the raw
    REPL's Ctrl-A/Ctrl-B (0x01/0x02) among them, and mpremote's own `\\r\\x03\\r\\x01`: the
    Pico still answers hello and its buttons still work as the unix port's. (Before, the first
    0x03 dropped the rp2 firmware to the REPL and the buttons stopped until a power cycle.)"""
    reference = unix_port_screens(tmp_path, ["press DOWN"])
    start = pico.text()
    rng = random.Random(27)
    frames = [bytes([b]) for b in range(256)]  # each value alone ...
    frames += [bytes([b]) + b'{"proto":1,"id":1,"op":"hello"}' for b in range(256)]  # ... in JSON
    frames += [bytes(range(256)), bytes(range(255, -1, -1)), b"\r\x03\r\x01", b"\x04", b"\r\x02"]
    frames += [bytes(rng.randrange(256) for _ in range(rng.randrange(1, 600))) for _ in range(40)]
    with serial.Serial(pico.port, timeout=0) as port:
        for data in frames:
            port.write(data.replace(b"\n", b" ") + b"\n")
            port.read(4096)  # what the Pico answered (error replies): not looked at
    pico.settle(limit_ms=120_000)
    with serial.Serial(pico.port, timeout=1) as drain:
        while drain.read(4096):
            pass
    assert pico.text() == start  # the link's errors change nothing on the table
    with DeviceLink(pico.port, timeout=60) as link:
        assert link.request("hello")["device"].startswith("pico-")
    pico.do("press DOWN")
    pico.settle(quiet_ms=150)
    assert pico.text() == reference[1], pico.text()


def test_deploy_never_takes_a_board_whose_table_is_playing(pico):
    """The app serves the link with Ctrl-C off; `deploy` asks it for the REPL first (the
    link's repl request), and a box with a match on the table answers busy: no frame a host
    sends stops a match (BACK held at power-on is the way in, the test below). The match
    plays on, and the next key records its event."""
    enter(pico, NEW_MATCH + PLAYS[:4])  # through the lead: OK now draws for Ben
    with DeviceLink(pico.port, timeout=60) as link:
        held = link.request("list")["matches"]  # the link is loaded and served
    assert main(["deploy", "--port", pico.port]) == 1
    enter(pico, ["press OK"])  # the table still takes keys
    with DeviceLink(pico.port, timeout=60) as link:
        (now,) = link.request("list")["matches"]
    assert len(held) == 1 and now[0] == held[0][0] and now[1] == held[0][1] + 1


@DEPLOYED
def test_back_held_at_power_on_leaves_the_repl_free(deployed, tmp_path):
    """The hardware fallback: BACK held while the Pico powers on starts no app, so mpremote
    takes the board even if the app could not answer (docs/serial.md)."""
    import subprocess

    from dominoboard.deploy import tool

    image = tmp_path / "flash.img"
    shutil.copy(deployed[0], image)
    from dominoboard.rp2 import EmulatedPico

    with EmulatedPico(image, speed=8.0) as pico:
        pico.boot(firmware=False)
        pico.down("BACK")
        pico.wait_drawn()  # "REPL: no app (BACK held at power-on)" in the panel's own font
        result = subprocess.run(
            [tool("mpremote"), "connect", pico.port, "exec", "print(6 * 7)"],
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert result.stdout.strip() == "42", result.stdout + result.stderr


def flash_busy_ms(pico: EmulatedPico, erase_ms: float, program_ms: float) -> float:
    """The busy time the flash operations so far cost at these times (4 KB sectors, pages)."""
    return sum(
        -(-op["count"] // 4096) * erase_ms
        if op["op"] == "erase"
        else -(-op["count"] // 256) * program_ms
        for op in pico.flash_ops
    )


def test_the_flash_charges_the_datasheets_typical_or_maximum_times(frozen, tmp_path, pico):
    # The first boot formats littlefs: erases and programs, each charged to the clock.
    typical = pico.wait_ms(0)["flash_ns"] / 1e6
    assert pico.flash_ops and typical == pytest.approx(flash_busy_ms(pico, 45, 0.4))
    with EmulatedPico(tmp_path / "max.img", speed=SPEED, uf2=frozen, flash_times="max") as worst:
        worst.boot()
        worst.wait_drawn()
        most = worst.wait_ms(0)["flash_ns"] / 1e6
        assert worst.flash_ops and most == pytest.approx(flash_busy_ms(worst, 400, 3))
    with pytest.raises(ValueError, match="typical or max"):
        EmulatedPico(tmp_path / "odd.img", flash_times="slow")
