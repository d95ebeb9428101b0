"""What a player waits for on the scoreboard's target: the firmware `make firmware` builds, on a
blank flash, in the emulated Pico (the real MicroPython rp2 port in rp2040js; docs/target.md).

Writes bench/results/target.txt:
- boot: power-on of a blank flash to the start screen drawn, emulated ms;
- per key, what the player waits for: from the moment the key acts (UP/DOWN when pressed; OK,
  BACK and UNDO when released, or held 600 ms for the match menu) to the display's last byte,
  emulated ms, everything in between included: the core, the flash's busy time (the emulator
  charges the W25Q16's typical times, 45 ms a sector erase and 0.4 ms a page program; the
  core stalls through them), and the display's bytes on the 400 kHz I2C bus (9 bit times a
  byte, added: the emulated bus takes no time, the real one holds the core);
- every key classified by what it did, not by its script: the events it recorded, read from
  the event ring on the flash image after each key (a play, a draw or pass, a hand's end, an
  undo or redo), else what the script line says it is (a menu key, a cursor move on the
  table, a tally digit) once it recorded nothing. A key that did not do what its line says
  fails the bench, naming the table and the key: a script out of step measures nothing;
- the same tables again with the datasheet's maximum flash times (400 ms an erase, 3 ms a
  page program: ``EmulatedPico(flash_times="max")``);
- flash: erases and page programs per recorded event, and a heavy user's flash lifetime;
- a store of 100 matches: power-on to the current match's table (resume; the first power-on
  after the copy apart, which draws the flash's id once), and *Matches*;
- the long matches of harness/long_matches.py, each put on a new Pico's flash by the store's
  own code and copied on with mpremote, then powered on (the fold from flash), undone, its
  History opened and scrolled, a play redone, and powered on again after a cut
  (tests/target/test_target_long_matches.py drives the same steps and compares every screen
  with the unix port's): the heap after each collection during each step;
- the heap as the firmware's own collections leave it (read from the GC's allocation table
  at each gc_collect's return): live bytes, the largest free block, the deepest pystack;
- idle: nothing pressed for 2 s, then 5 s measured: the core's busy share and the bytes
  allocated.

Run: `make bench` (or .venv/bin/python -m bench.target_bench [TABLE-PREFIX ...]) after `make
firmware`. Emulated time is the chip's own: the figures do not depend on how fast this
machine is.
"""

import json
import os
import statistics
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from domino.events import dumps
from dominoboard.rp2 import (
    EmulatedPico,
    TargetMissing,
    firmware_dir,
    frozen_firmware,
    rp2040js_dir,
)
from dominoboard.sources import firmware_module
from harness.target import SPEED, probes

ROOT = Path(__file__).resolve().parents[1]
RESULTS = Path(os.environ.get("BENCH_RESULTS", ROOT / "bench" / "results"))
TAP_MS = 80  # EmulatedPico.press: down this long
LONG_MS = 600  # scoreboard.buttons: a hold this long is LONG
BUS_MS_PER_BYTE = 9 / 400_000 * 1e3  # I2C at 400 kHz: 8 bits and the ACK
# One screen update's transactions follow each other within a few hundred microseconds of
# core time; the next update (the table's guesses, drawn in an idle pass) comes after at
# least a loop period (5 ms). A pause this long between two transactions ends a frame.
FRAME_GAP_NS = 3_000_000

# The flash (W25Q16, 2 MiB): the board's storage region is littlefs's 1,408 KB at the end and
# the event ring's 64 KB just below it (boards/DOMINOBOARD_PICO/mpconfigboard.h).
FLASH_BYTES = 2 * 1024 * 1024
LITTLEFS_BLOCKS = 1408 // 4
RING_BYTES = 64 * 1024
RING_START = FLASH_BYTES - LITTLEFS_BLOCKS * 4096 - RING_BYTES
CYCLES = 100_000  # the W25Q16's rated erase cycles per sector
HEAVY_DAY = 3 * 400  # events a heavy user records a day: 3 matches of 400 events
BUSY_MS = {"typical": (45, 0.4), "max": (400, 3)}  # (an erase, a page program), datasheet 8.6

# What a script line says its key does. A key that records events is known by them: "move"
# is a play or a draw or pass (the table's OK lays the likeliest tile, or draws, or passes);
# the others name one kind. A key that records nothing is what its line says.
EVENT_KINDS = ("play", "draw/pass", "hand end", "undo")
QUIET_KINDS = ("menu", "cursor", "tally digit")
KINDS = ("play", "draw/pass", "hand end", "undo", "menu", "cursor", "tally digit")


def keys(kind: str, *commands: str) -> list[tuple[str, str]]:
    return [(c, kind) for c in commands]


def menu_keys(*commands: str) -> list[tuple[str, str]]:
    return keys("menu", *commands)


NEW_MATCH = menu_keys(*["press OK"] * 4)  # Start → New match → Muggins → rules → names
LEAD = menu_keys(*["press OK"] * 3)  # who leads, the lead's high half, the tile: OK lays it
MOVE = ("press OK", "move")  # the likeliest move: lays it, or draws, or passes
CURSOR = keys("cursor", "press DOWN", "press UP")
MENU = menu_keys("hold OK 900", "press BACK")  # the match menu and back
# A Muggins hand's end by the match menu, as a points-only table scores it (the core refuses
# tallies the record rules out, so the hand ended is one with nothing laid): End the hand,
# Blocked, Ana 3 pips, Ben 2, score it (tests/host/test_e2e_presses.py's BLOCKED).
BLOCKED = (
    menu_keys("hold OK 900", "press DOWN", "press DOWN", "press DOWN", "press OK", "press OK")
    + keys("tally digit", "press UP", "press UP", "press UP")
    + menu_keys("press OK")
    + keys("tally digit", "press UP", "press UP")
    + menu_keys("press OK")
    + [("press OK", "hand end")]
)
NEXT = menu_keys("press OK")  # the hand's result: on to the next
# The match menu's New match (its 7th row), then Muggins, its rules, the names
NEW_FROM_MENU = menu_keys("hold OK 900", *["press DOWN"] * 6, *["press OK"] * 4)


def muggins_hands(matches: int = 4) -> list[tuple[str, str]]:
    """Muggins by buttons: in each match a hand ended by its tally (typed digits), then a hand
    of plays with cursor moves, an undo, the match menu, then a new match."""
    out = list(NEW_MATCH)
    for n in range(matches):
        out += BLOCKED + NEXT + LEAD
        for i in range(8):
            out.append(MOVE)
            if i == 2:
                out += CURSOR + [("press UNDO", "undo"), MOVE]  # undo, then the likeliest
            if i == 5:
                out += MENU
        if n < matches - 1:
            out += NEW_FROM_MENU
    return out


def game_setup(index: int, players_up: int = 0) -> list[tuple[str, str]]:
    """From the start screen of a new Pico: New match, the game at ``index`` in the list, its
    rules as the booklet sets them, ``players_up`` more players than its fewest, the names."""
    out = menu_keys("press OK", *["press DOWN"] * index, "press OK")
    if players_up:  # the form's cursor starts on its action row; Players is 5 rows up
        out += menu_keys(*["press UP"] * 5, "press OK", *["press UP"] * players_up, "press OK")
        out += menu_keys(*["press DOWN"] * 5)
    return out + menu_keys("press OK", "press OK")  # Next, then Start match


# A score pad's bar: End the hand, Track the tiles (one DOWN), Menu; then who leads, and the
# lead's double: the next OK lays it
TRACKED = menu_keys("press DOWN", "press OK", "press OK", "press OK")


def tracked_past_results(players: int) -> list[tuple[str, str]]:
    """Where the game takes a hand's result itself (Game.result_entry), the bar opens on one
    "<player> went out" a seat, then Track the tiles (screens/pad.py)."""
    return menu_keys(*["press DOWN"] * (players - 1)) + TRACKED


def moves(n: int) -> list[tuple[str, str]]:
    """OK on the table ``n`` times: each lays the likeliest tile, or draws, or passes."""
    return [MOVE] * n


def pad_hands(players: int, hands: int) -> list[tuple[str, str]]:
    """Hands kept on the score pad: End the hand, Blocked (the first offered), each player's
    pips typed in digits and OK'd (the last player's left at 0), Score the hand."""
    out: list[tuple[str, str]] = []
    for _ in range(hands):
        out += menu_keys("press OK", "press OK")
        for _p in range(players - 1):
            out += keys("tally digit", "press UP", "press UP", "press UP") + menu_keys("press OK")
        # the last at 0; the pad comes back on its own, the points flashed (screens/tally.py)
        out += menu_keys("press OK") + [("press OK", "hand end")]
    return out


def texas_hands(hands: int) -> list[tuple[str, str]]:
    """Four-Hand Texas, each hand as paper writes it (the entry's first way): Ben bid; Ana and
    Cai scored 4; Ben and Dee the rest of the hand's 42, which their step starts at: OK there
    records the hand's end."""
    out: list[tuple[str, str]] = []
    for _ in range(hands):
        out += menu_keys("press DOWN", "press OK")  # Ben bid
        out += keys("tally digit", *["press UP"] * 4) + menu_keys("press OK")
        out += [("press OK", "hand end")] + NEXT
    return out


# Each table on a new Pico (a blank flash), as (name, script). Game indices are the game
# menu's rows (the registry's order).
TABLES = [
    ("Muggins, 2 players", lambda: muggins_hands()),
    ("Mexican Train, 4, tracked", lambda: game_setup(7, 2) + TRACKED + moves(90)),
    # 8 players: the 30th move blocks the hand (the table's likeliest is to draw or pass); its
    # tally would have every seat's pips typed in
    ("Mexican Train, 8, tracked", lambda: game_setup(7, 6) + TRACKED + moves(30)),
    ("Super Dominós, 4, tracked", lambda: game_setup(9, 2) + tracked_past_results(4) + moves(70)),
    ("Mexican Train, 4, score pad", lambda: game_setup(7, 2) + pad_hands(4, 4)),
    ("Four-Hand Texas", lambda: game_setup(11) + texas_hands(3)),
]
MAX_TABLES = ("Muggins, 2 players", "Mexican Train, 4, tracked")  # rerun at max flash times


class ScriptOutOfStep(AssertionError):
    """A key did not do what its script line says: the figures after it would be of other
    keys than the table's name says."""


def acting_ms(command: str) -> float:
    """When a key acts, after it goes down: buttons.py's SHORT on release, LONG at 600 ms."""
    words = command.split()
    if words[1] in ("UP", "DOWN"):
        return 0
    if words[0] == "hold":
        return LONG_MS
    return TAP_MS


def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(round(q * (len(values) - 1))))]


# --- what a key did: the events on the flash image -----------------------------------------


class _Sectors:
    """The ring's block device as far as reading it goes: its number of 4 KB sectors."""

    def __init__(self, n: int):
        self.n = n

    def ioctl(self, op: int, arg: int) -> int:
        return self.n


def ring_events(image: Path) -> dict[tuple[str, int], str]:
    """Every event record in the event ring on the flash image, folded or not: {(match,
    index): line}, read by the firmware's own ring (scoreboard.event_ring)."""
    ring_module = firmware_module("scoreboard.event_ring")
    with image.open("rb") as f:
        f.seek(RING_START)
        data = f.read(RING_BYTES)
    ring = ring_module.EventRing(_Sectors(RING_BYTES // ring_module.SECTOR), data)
    out = {}
    for s in range(ring.n):
        if ring.seq[s] < 0:
            continue
        for _at, kind, start, end in ring._records(s, ring_module.HEADER):
            if kind != ring_module.EVENT:
                continue
            n = data[start]  # the body: id length, match id, index u32, the event's line
            index = int.from_bytes(data[start + 1 + n : start + 5 + n], "little")
            out[(data[start + 1 : start + 1 + n].decode(), index)] = data[
                start + 5 + n : end
            ].decode()
    return out


def kind_of(lines: list[str]) -> str:
    """What a key did, by the events it recorded."""
    ks = {json.loads(line).get("k") for line in lines}
    if ks <= {"way", "note"}:  # a choice made in a menu: the way hands are kept, a note
        return "menu"
    if "end" in ks:
        return "hand end"
    if ks & {"undo", "redo"}:
        return "undo"
    if "play" in ks:
        return "play"
    if ks & {"draw", "pass"}:
        return "draw/pass"
    return "events " + "+".join(sorted(str(k) for k in ks))


def fits(said: str, did: str) -> bool:
    if said == "move":
        return did in ("play", "draw/pass")
    return said == did


class Table:
    """One table on one Pico: each key's wait, its kind, the flash it cost."""

    def __init__(self, name: str, pico: EmulatedPico, times: str):
        self.name = name
        self.pico = pico
        self.erase_ms, self.program_ms = BUSY_MS[times]
        # kind: (wait, flash, erases, first frame)
        self.rows: dict[str, list[tuple[float, float, int, float]]] = {}
        self.seen = set(ring_events(pico.flash))
        self.events = 0
        self.record_bytes = 0  # the ring's records of those events
        self.undrawn = 0
        self.ops_from = len(pico.flash_ops)

    def press(self, n: int, command: str, said: str) -> None:
        """Press one key, wait for the display to settle; check and file what it did."""
        pico = self.pico
        ops_before = len(pico.flash_ops)
        down = pico.do(command)["down"]
        last = pico.settle(quiet_ms=150)
        now = ring_events(pico.flash)
        new = sorted(k for k in now if k not in self.seen)
        self.seen.update(now)
        self.events += len(new)
        # a record: kind, length, id length, id, index, the line, its CRC
        self.record_bytes += sum(12 + len(k[0].encode()) + len(now[k].encode()) for k in new)
        did = kind_of([now[k] for k in new]) if new else None
        if did is None and said in QUIET_KINDS:
            did = said
        if did is None or not fits(said, did):
            shot = pico.flash.with_suffix(".png")
            shot.write_bytes(pico.png())
            raise ScriptOutOfStep(
                f"{self.name}: key {n + 1} ({command!r}) should have been a {said} but "
                f"{'recorded ' + ', '.join(now[k] for k in new) if new else 'recorded nothing'};"
                f" the screen after it: {shot}"
            )
        acts = down + acting_ms(command) * 1_000_000
        if last < acts:
            self.undrawn += 1  # nothing drawn (a key at the end of a list)
            return
        ops = [op for op in pico.flash_ops[ops_before:] if acts <= op["t"] <= last]
        erases = sum(1 for op in ops if op["op"] == "erase")
        flash = sum(
            -(-op["count"] // 4096) * self.erase_ms
            if op["op"] == "erase"
            else -(-op["count"] // 256) * self.program_ms
            for op in ops
        )
        wait = (last - acts) / 1e6 + pico.display_bytes_between(acts, last) * BUS_MS_PER_BYTE
        self.rows.setdefault(did, []).append((wait, flash, erases, first_frame(pico, acts, last)))

    def flash(self) -> tuple[int, int, int]:
        """(ring erases, littlefs erases, page programs) since the table's first key."""
        ops = self.pico.flash_ops[self.ops_from :]
        ring = sum(1 for op in ops if op["op"] == "erase" and op["offset"] < RING_START + RING_BYTES
                   and op["offset"] >= RING_START)  # fmt: skip
        lfs = sum(1 for op in ops if op["op"] == "erase") - ring
        return ring, lfs, sum(1 for op in ops if op["op"] == "program")


def first_frame(pico: EmulatedPico, acts: int, last: int) -> float:
    """From the moment a key acts to the last byte of the first screen update after it (the
    frame that confirms the key; the wait runs on to the last update), ms as the wait is
    counted: the core's time and that frame's bytes on the bus."""
    with pico.lock:
        sent = [(t, n) for t, n in pico.i2c if acts <= t <= last]
    end = sent[-1][0]
    nbytes = 0
    for i, (t, n) in enumerate(sent):
        nbytes += n
        if i + 1 < len(sent) and sent[i + 1][0] - t >= FRAME_GAP_NS:
            end = t
            break
    return (end - acts) / 1e6 + nbytes * BUS_MS_PER_BYTE


def run_table(pico: EmulatedPico, presses: list[tuple[str, str]], kinds: dict) -> None:
    """Press each key, wait until the display settles, and file its wait (ms, as ``Table``
    counts it) under the kind its script line says, unchecked: for bench/heap_plan.py, whose
    stock-MicroPython boards have no event ring to check keys by."""
    for command, said in presses:
        down = pico.do(command)["down"]
        last = pico.settle(quiet_ms=150)
        acts = down + acting_ms(command) * 1_000_000
        if last >= acts:
            wait = (last - acts) / 1e6 + pico.display_bytes_between(acts, last) * BUS_MS_PER_BYTE
            kinds.setdefault("play" if said == "move" else said, []).append((wait,))


def idle(pico: EmulatedPico) -> tuple[float, float]:
    """Nothing pressed for 2 s (the loop's fast polling after a key), then 5 s measured: the
    core's busy share and the bytes allocated per second."""
    pico.wait_ms(2000)
    t0 = pico.wait_ms(0)
    t1 = pico.wait_ms(5000)
    seconds = (t1["t"] - t0["t"]) / 1e9
    busy = (t1["busy"] - t0["busy"]) / (t1["t"] - t0["t"])
    return busy, (t1["alloc_bytes"] - t0["alloc_bytes"]) / seconds


HEADER = (
    f"  {'kind':<11} {'n':>4} {'wait p50':>8} {'p95':>6} {'max':>6} {'flash p95':>9} {'erases':>6}"
    f" {'frame p50':>9} {'p95':>6}"
)


def kind_rows(rows: dict[str, list[tuple[float, float, int, float]]]) -> list[str]:
    out = []
    for kind in KINDS:
        got = rows.get(kind, [])
        if not got:
            continue
        wait = [r[0] for r in got]
        frame = [r[3] for r in got]
        out.append(
            f"  {kind:<11} {len(got):>4} {statistics.median(wait):>8.1f} {pct(wait, 0.95):>6.1f}"
            f" {max(wait):>6.1f} {pct([r[1] for r in got], 0.95):>9.1f}"
            f" {sum(r[2] for r in got):>6}"
            f" {statistics.median(frame):>9.1f} {pct(frame, 0.95):>6.1f}"
        )
    return out


# --- a store of 100 matches ----------------------------------------------------------------


def hundred_matches(folder: Path, compacted: bool = True) -> list[Path]:
    """100 Muggins matches, each a hand scored and four moves of the next (so none is over:
    "a hand and a half"), written by the store's own code, the last the match on the table;
    the files. ``compacted``: a snapshot at the hand's end beside the journal, as the device
    writes them without a ring; else the journal alone, as the event ring's fold leaves it."""
    from dominoboard.sim.table import Setup
    from dominoboard.sim.table import Table as SimTable

    store = firmware_module("scoreboard.store").MatchStore(str(folder))
    for n in range(100):
        table = SimTable(Setup("muggins", ["random"] * 2, rounds=2, target=10000), n)
        table.play()
        match_id = f"m{n + 1:04d}"
        store.create(match_id, dumps(table.m.setup))
        log = list(table.m.log)
        first_end = min(i for i, ev in enumerate(log) if ev.get("k") == "end")
        for ev in log[: first_end + 5]:  # the second hand's first four moves: it goes on
            store.append(match_id, dumps(ev))
            if compacted and ev.get("k") == "end":
                store.compact(match_id)
    store.save_settings({"current": "m0100"})
    store.close()
    return sorted(p for p in folder.iterdir() if p.is_file())


def store_of_100(uf2: Path, work: Path, compacted: bool) -> list[str]:
    """Power-on to the current match's table with 100 stored; then *Matches* opened."""
    from harness.long_matches import copy_onto

    name = "hundred" if compacted else "hundred-journals"
    folder = work / name
    folder.mkdir()
    files = hundred_matches(folder, compacted)
    with EmulatedPico(work / f"{name}.img", speed=SPEED, uf2=uf2) as pico:
        copy_onto(pico, files)
        pico.boot(firmware=False)
        first = pico.settle(quiet_ms=300, limit_ms=600_000) / 1e6
        pico.cut()  # and on again: the power-on of a Pico that has been on before
        pico.boot(firmware=False)
        resume = pico.settle(quiet_ms=300, limit_ms=600_000) / 1e6
        table = Table("100 matches stored", pico, "typical")
        for n, (command, said) in enumerate(menu_keys("hold OK 900", *["press DOWN"] * 7)):
            table.press(n, command, said)
        table.rows.clear()
        table.press(8, "press OK", "menu")
        (matches,) = table.rows["menu"]
    files_are = "a snapshot and a journal each" if compacted else "journals alone (the ring's)"
    return [
        f"100 matches stored (Muggins, a hand and a half each, {files_are}; copied on):",
        f"  power-on to the current match's table {resume:.0f} ms (MicroPython's start included);",
        f"  the first power-on after the copy {first:.0f} ms (no boot record among the files:",
        "  it draws the flash's id, once in the flash's life, reading every match's setup);",
        f"  *Matches* (OK on the match menu's row): {matches[0]:.0f} ms",
    ]


# --- long matches ---------------------------------------------------------------------------


def long_match(name: str, uf2: Path, addresses: dict, work: Path) -> list[tuple[str, list]]:
    """(step, the collections during it) for the long match ``name`` on a new Pico."""
    from harness import long_matches

    store = work / name
    store.mkdir()
    files = long_matches.stored(name, store)
    phases: list[tuple[str, list[dict]]] = []
    with EmulatedPico(work / f"{name}.img", speed=SPEED, uf2=uf2, probes=addresses) as pico:
        long_matches.copy_onto(pico, files)
        first = len(pico.collections)
        long_matches.power_on(pico)
        phases.append(("power on: the fold from flash", pico.collections[first:]))
        mark = [len(pico.collections)]

        def step(label: str) -> None:
            phases.append((label, pico.collections[mark[0] :]))
            mark[0] = len(pico.collections)

        long_matches.steps(pico, step)
        pico.cut()
        first = len(pico.collections)
        long_matches.power_on(pico)
        phases.append(("power on again after the steps", pico.collections[first:]))
    return phases


def long_match_rows(name: str, phases: list[tuple[str, list]]) -> list[str]:
    from harness import long_matches

    events = len(long_matches.match(name)[1])
    lines = [f"  {name} ({events} events)"]
    lines.append(f"    {'step':<34} {'n':>4} {'peak live':>11} {'least largest free':>19}")
    for label, gcs in phases:
        if not gcs:
            lines.append(f"    {label:<34} {0:>4} {'-':>11} {'-':>19}")
            continue
        lines.append(
            f"    {label:<34} {len(gcs):>4} {max(g['live'] for g in gcs):>9,} B"
            f" {min(g['largest_free'] for g in gcs):>17,} B"
        )
    return lines


def main() -> int:
    try:
        firmware_dir()
        rp2040js_dir()
        uf2 = frozen_firmware()
    except TargetMissing as e:
        print(f"target bench skipped: {e}")
        return 0
    addresses = probes(uf2.with_suffix(".elf"))
    work = Path(tempfile.mkdtemp(prefix="target-bench-"))
    only = sys.argv[1:]  # table names to run (a prefix each), for a quick look
    chosen = [(n, t) for n, t in enumerate(TABLES) if not only or t[0].startswith(tuple(only))]
    if not chosen:
        names = ", ".join(repr(t[0]) for t in TABLES)
        sys.exit(f"target_bench: no table is named {' or '.join(only)!r}; the tables: {names}")
    runs = [(n, name, script, "typical") for n, (name, script) in chosen]
    runs += [(n + 100, name, script, "max") for n, name, script, _ in runs if name in MAX_TABLES]

    def table(n: int, name: str, script, times: str) -> tuple:
        """One table on a new Pico: its rows, flash, idle states, collections, boot ms."""
        states: dict[str, tuple[float, float]] = {}
        image = work / f"flash{n}.img"
        with EmulatedPico(image, speed=SPEED, uf2=uf2, probes=addresses, flash_times=times) as pico:
            pico.boot()
            pico.wait_drawn()
            first = (pico.i2c[-1][0] if pico.i2c else 0) / 1e6
            if n == runs[0][0]:
                states["start screen"] = idle(pico)
            t = Table(name, pico, times)
            for i, (command, said) in enumerate(script()):
                t.press(i, command, said)
            if times == "typical":
                states[f"table: {name}"] = idle(pico)
            return t, (*t.flash(), t.record_bytes), states, list(pico.collections), first

    from harness.long_matches import MATCHES

    longs = [] if only else list(MATCHES)
    with ThreadPoolExecutor(max_workers=3) as pool:
        futures = [pool.submit(table, *run) for run in runs]
        stores = [] if only else [pool.submit(store_of_100, uf2, work, c) for c in (True, False)]
        long_futures = [pool.submit(long_match, n, uf2, addresses, work) for n in longs]
        results = [f.result() for f in futures]
        store_lines = [line for f in stores for line in f.result()]
        measured = [f.result() for f in long_futures]
    lines = [
        "# What a player waits for on the emulated Pico: the scoreboard's firmware (make",
        "# firmware: MicroPython v1.28.0 rp2, the app frozen in, the event ring) in rp2040js",
        "# 1.4.1, each table on a new Pico with a blank flash (bench/target_bench.py)",
        "",
        f"firmware: {uf2.name}, {uf2.stat().st_size} bytes",
        f"boot, blank flash to the start screen: {results[0][4]:.0f} ms",
        "",
        "wait = from the moment a key acts (UP/DOWN pressed; OK, BACK, UNDO released; a hold at",
        "600 ms) to the display's last byte, emulated ms: the core, the flash's busy time inside",
        "(W25Q16 typical: 45 ms a sector erase, 0.4 ms a page program) and the display's bytes",
        "at 400 kHz I2C. flash p95 = busy time inside the wait; erases = sector erases inside",
        "the waits, all keys of the kind. frame = to the last byte of the first screen update",
        "after the key (the frame that confirms it; the table's guesses come in a later one),",
        "counted the same way. Kinds by what each key recorded (the event ring read",
        "from the flash image after each key); menu, cursor and tally digit: keys that recorded",
        "nothing, checked against their script line.",
    ]
    everything: dict[str, list] = {}
    states: dict[str, tuple[float, float]] = {}
    heaps = []
    flash_rows = []
    at_max: dict[str, list] = {}
    for (_n, name, _script, times), (t, flash, table_states, gcs, _first) in zip(
        runs, results, strict=True
    ):
        if times == "max":
            for kind, rows in t.rows.items():
                at_max.setdefault(kind, []).extend(rows)
            continue
        states.update(table_states)
        count = sum(len(v) for v in t.rows.values())
        lines += ["", f"{name}: {count} keys that drew, {t.undrawn} drew nothing; {t.events} "
                  f"events recorded"]  # fmt: skip
        lines += [HEADER] + kind_rows(t.rows)
        if gcs:
            live = [g["live"] for g in gcs]
            heaps.append((name, gcs))
            lines.append(
                f"  heap after each of {len(gcs)} collections: live median "
                f"{statistics.median(live):,.0f} B, peak {max(live):,} B; largest free block "
                f"at least {min(g['largest_free'] for g in gcs):,} B"
            )
        flash_rows.append((name, t.events, *flash))
        for kind, rows in t.rows.items():
            everything.setdefault(kind, []).extend(rows)
    total = sum(len(v) for v in everything.values())
    lines += ["", f"all tables: {total} keys that drew", HEADER] + kind_rows(everything)
    if at_max:
        lines += [
            "",
            "the datasheet's maximum flash times (400 ms a sector erase, 3 ms a page program):",
            "  " + ", ".join(n for n in MAX_TABLES if any(n == r[1] for r in runs)),
            HEADER,
        ] + kind_rows(at_max)
    lines += ["", "flash per recorded event, whole tables (idle work included):",
              f"  {'table':<30} {'events':>6} {'ring erases':>11} {'littlefs':>8}"
              f" {'programs':>8} {'erases/event':>12}"]  # fmt: skip
    events = ring = lfs = record_bytes = 0
    for name, ev, r, lf, programs, nbytes in flash_rows:
        per = (r + lf) / ev if ev else 0
        lines.append(f"  {name:<30} {ev:>6} {r:>11} {lf:>8} {programs:>8} {per:>12.3f}")
        events, ring, lfs = events + ev, ring + r, lfs + lf
        record_bytes += nbytes
    if events:
        # No table here fills a sector of the ring: once it wraps, each sector's worth of
        # records costs one erase (the sector ahead of the head, in idle time).
        steady = record_bytes / events / (4096 - 16)
        ring_day = steady * HEAVY_DAY / (RING_BYTES // 4096)
        lfs_day = lfs / events * HEAVY_DAY / LITTLEFS_BLOCKS
        lines += [
            f"  all: {(ring + lfs) / events:.3f} erases per event; once the ring wraps, its"
            f" records ({record_bytes / events:.0f} B an event) add {steady:.3f}",
            "  (no table fills half the ring, so no fold into littlefs is counted: a fold",
            "  appends each match's pending events with one flush, once per ~32 KB of records)",
            f"a heavy user ({HEAVY_DAY} events a day: 3 matches of 400), erases spread evenly:",
            f"  ring, {RING_BYTES // 4096} sectors, erased once per 4 KB of records: "
            f"{ring_day:.2f} erases a sector a day, "
            f"{CYCLES / ring_day / 365 if ring_day else float('inf'):,.0f} years to "
            f"{CYCLES:,} cycles",
            f"  littlefs, {LITTLEFS_BLOCKS} blocks: {lfs_day:.2f} erases a block a day, "
            f"{CYCLES / lfs_day / 365 if lfs_day else float('inf'):,.0f} years to "
            f"{CYCLES:,} cycles",
        ]
    if store_lines:
        lines += [""] + store_lines
    if longs:
        lines += [
            "",
            "long matches, each on a new Pico's flash (harness/long_matches.py): the heap after",
            "each collection during each step, peak live bytes, smallest largest free block;",
            "n = collections",
        ]
        for name, phases in zip(longs, measured, strict=True):
            lines += long_match_rows(name, phases)
    lines += ["", "idle, nothing pressed (5 s after 2 s quiet): core busy, heap allocated"]
    for state, (busy, per_s) in states.items():
        lines.append(f"  {state:<36} {busy * 100:5.1f}% busy, {per_s:6.1f} B/s allocated")
    if heaps:
        every = [g for _name, gcs in heaps for g in gcs]
        lines += [
            "",
            f"heap after every collection, all tables ({len(every)} collections; GC heap "
            f"{every[0]['total']:,} B):",
            f"  live: median {statistics.median(g['live'] for g in every):,.0f} B, peak "
            f"{max(g['live'] for g in every):,} B",
            f"  largest free block: smallest {min(g['largest_free'] for g in every):,} B",
            f"  pystack: deepest {max(g['pystack'] for g in every):,} B of "
            f"{(addresses.get('pystack') or [0, 0])[1]:,}",
        ]
    lines += [
        "",
        "Goals (issue: the box answers at once): wait p95 play and draw <= 50 ms, undo and a",
        "hand's end <= 100, menu <= 50, cursor <= 10, tally digit <= 15; a play <= 80 at the",
        "maximum flash times; Matches with 100 stored <= 300, resume <= 200; blank flash to the",
        "start screen <= 150; erases per event <= 0.05.",
    ]
    RESULTS.mkdir(parents=True, exist_ok=True)
    (RESULTS / "target.txt").write_text("\n".join(lines) + "\n")
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
