"""The scoreboard on its target: the firmware `make firmware` builds, on a blank flash, in the
emulated Pico (the real MicroPython rp2 port in rp2040js; docs/target.md).

Writes bench/results/target.txt:
- boot: power-on of a blank flash to the start screen drawn, emulated ms;
- key -> last display byte, emulated ms, per key kind, over a session of 500+ presses played
  by buttons (Muggins hands: plays, undos, cursor moves, the match menu, hand ends), from the
  moment the key acts: UP/DOWN act when pressed; OK, BACK and UNDO when released (held, they
  mean something else), or when held long enough (600 ms) for the match menu. CPU is the
  core's time; "+bus" adds the display bytes at 400 kHz I2C (9 bit times a byte); flash busy
  time inside the window is reported apart (the emulator charges W25Q16 typical times);
  with the heap allocations each kind makes (counted at gc_alloc's entry);
- the heap as the firmware's own collections leave it, all session long (read from the GC's
  allocation table at each gc_collect's return): live bytes and the largest free block, and
  the deepest the Python stack (pystack) went;
- idle: in each screen state (the start screen, the table, the match menu), nothing pressed
  for 2 s then 5 s measured: the core's busy share and the bytes allocated.

Run: `make bench` (or .venv/bin/python -m bench.target_bench) after `make firmware`. Emulated
time is the chip's own: the figures do not depend on how fast this machine is.
"""

import os
import statistics
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from dominoboard.rp2 import (
    EmulatedPico,
    TargetMissing,
    firmware_dir,
    frozen_firmware,
    rp2040js_dir,
)

ROOT = Path(__file__).resolve().parents[1]
RESULTS = Path(os.environ.get("BENCH_RESULTS", ROOT / "bench" / "results"))
SPEED = 8.0
TAP_MS = 80  # EmulatedPico.press: down this long
LONG_MS = 600  # scoreboard.buttons: a hold this long is LONG

NEW_MATCH = ["press OK"] * 4
LEAD = ["press OK"] * 3  # who leads, the lead's high half, the tile: the next OK lays it
PLAY = "press OK"  # the likeliest move: lays it (or draws, or claims)
CURSOR = ["press DOWN", "press UP"]
UNDO_REDO = ["press UNDO", "press OK"]  # undo a play, lay it again
MENU = ["hold OK 900", "press BACK"]  # the match menu and back
# A hand's end: the core refuses tallies the record rules out, so the hand that is
# ended by the menu is one with nothing laid, as a points-only table scores it.
BLOCKED = [
    "hold OK 900", "press DOWN", "press DOWN", "press DOWN", "press OK", "press OK",
    "press UP", "press UP", "press UP", "press OK", "press UP", "press UP", "press OK",
]  # fmt: skip
SCORE = "press OK"  # the tally is entered: score the hand
NEXT = "press OK"
NEW_FROM_MENU = ["hold OK 900"] + ["press DOWN"] * 6 + ["press OK"] * 5  # menu → New match


def session(presses: int = 300) -> list[tuple[str, str]]:
    """(command, kind) for a session of about ``presses`` presses: in each match a hand ended
    by the tally, then a hand of plays (cursor moves, an undo, the menu), then a new match
    from the menu."""
    out = [(c, "menu") for c in NEW_MATCH]
    while len(out) < presses:
        out += [(c, "list" if c.split()[1] in ("UP", "DOWN") else "menu") for c in BLOCKED]
        out += [(SCORE, "hand end"), (NEXT, "menu")]
        out += [(c, "menu") for c in LEAD]
        for i in range(6):
            out.append((PLAY, "play"))
            if i == 2:
                out += [(c, "cursor") for c in CURSOR]
                out += [(UNDO_REDO[0], "undo"), (UNDO_REDO[1], "play")]
            if i == 4:
                out += [(c, "menu") for c in MENU]
        out += [(c, "menu") for c in NEW_FROM_MENU]
    return out


def game_setup(index: int, players_up: int = 0) -> list[tuple[str, str]]:
    """From the start screen of a new Pico: New match, the game at ``index`` in the list, its
    rules as the booklet sets them, ``players_up`` more players than its fewest, the names."""
    keys = ["press OK"] + ["press DOWN"] * index + ["press OK"]
    if players_up:  # the form's cursor starts on its action row; Players is 5 rows up
        keys += ["press UP"] * 5 + ["press OK"] + ["press UP"] * players_up + ["press OK"]
        keys += ["press DOWN"] * 5
    keys += ["press OK", "press OK"]  # Next, then Start match
    return [(k, "list" if k.split()[1] in ("UP", "DOWN") else "menu") for k in keys]


def tracked() -> list[tuple[str, str]]:
    """From a score pad (the way Mexican Train and Super Dominós keep hands unless told): its
    bar's *Track the tiles*, one DOWN from *End the hand*; then the table as below."""
    return [("press DOWN", "list"), ("press OK", "menu")]


def plays(n: int) -> list[tuple[str, str]]:
    """OK on the table ``n`` times: each lays the likeliest tile, or draws, or passes."""
    return [(PLAY, "play")] * n


def long_match(hands: int = 35) -> list[tuple[str, str]]:
    """A Muggins match played to ``hands`` rounds, each hand ended by the tally (a points-only
    table): the match's log grows hand by hand, as a long evening's does."""
    keys = [("press OK", "menu"), ("press OK", "menu")]  # New match, Muggins
    keys += [(c, "list") for c in ["press UP", "press UP"]] + [("press OK", "list")]  # by rounds
    keys += [("press DOWN", "list"), ("press OK", "list")]  # the number of rounds: 10 ...
    keys += [("press UP", "list")] * (hands - 10) + [("press OK", "list")]  # ... to `hands`
    keys += [("press DOWN", "list"), ("press OK", "menu"), ("press OK", "menu")]
    for _ in range(hands):
        keys += [(c, "list" if c.split()[1] in ("UP", "DOWN") else "menu") for c in BLOCKED]
        keys += [(SCORE, "hand end"), (NEXT, "menu")]
    return keys


# Each table on a new Pico (a blank flash), as (name, presses): the games the issue names; the
# outcome games are not here yet (their hand-end entry needs a script of its own).
TABLES = [
    ("Muggins, 2 players", lambda: session()),
    ("Muggins, 31-hand match", lambda: long_match(31)),
    ("Bergen, 2 players", lambda: game_setup(2) + plays(60)),
    ("Mexican Train, 4", lambda: game_setup(7, 2) + tracked() + plays(90)),
    ("Mexican Train, 8", lambda: game_setup(7, 6) + tracked() + plays(90)),
    ("Super Dominós, 4", lambda: game_setup(9, 2) + tracked() + plays(70)),
]
KINDS = ("cursor", "list", "play", "undo", "hand end", "menu")


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


def probes(elf: Path) -> dict:
    """The firmware's addresses the emulator's heap probes need, from the ELF's symbols."""
    out = subprocess.run(["arm-none-eabi-nm", "-S", str(elf)], capture_output=True, text=True)
    symbols = {}
    for line in out.stdout.splitlines():
        parts = line.split()
        if len(parts) >= 3:
            symbols[parts[-1]] = (int(parts[0], 16), int(parts[1], 16) if len(parts) == 4 else 0)
    pystack = next((v for k, v in symbols.items() if k.startswith("pystack")), None)
    return {
        "gc_alloc": symbols["gc_alloc"][0],
        "gc_collect": symbols["gc_collect"][0],
        "state": symbols["mp_state_ctx"][0],
        "heap_start": symbols["__GcHeapStart"][0],
        "pystack": list(pystack) if pystack else None,
    }


def idle(pico: EmulatedPico) -> tuple[float, float]:
    """Nothing pressed for 2 s (the loop's fast polling after a key), then 5 s measured: the
    core's busy share and the bytes allocated per second."""
    pico.wait_ms(2000)
    t0 = pico.wait_ms(0)
    t1 = pico.wait_ms(5000)
    seconds = (t1["t"] - t0["t"]) / 1e9
    busy = (t1["busy"] - t0["busy"]) / (t1["t"] - t0["t"])
    return busy, (t1["alloc_bytes"] - t0["alloc_bytes"]) / seconds


def run_table(pico: EmulatedPico, presses: list[tuple[str, str]], kinds: dict) -> None:
    """Press each key, wait until the display settles; per kind: (cpu, bus, flash, allocs,
    bytes) of every key that drew something."""
    for command, kind in presses:
        before = pico.wait_ms(0)
        down = pico.do(command)["down"]
        last = pico.settle(quiet_ms=150)
        end = pico.wait_ms(0)
        acts = down + acting_ms(command) * 1_000_000
        if last < acts:
            continue  # nothing drawn (a key with no visible effect)
        cpu = (last - acts) / 1e6
        flash = (end["flash_ns"] - before["flash_ns"]) / 1e6
        bus = pico.display_bytes_between(acts, last) * 9 / 400_000 * 1e3
        allocs = end["allocs"] - before["allocs"]
        nbytes = end["alloc_bytes"] - before["alloc_bytes"]
        kinds.setdefault(kind, []).append((cpu - min(flash, cpu), bus, flash, allocs, nbytes))


def kind_rows(kinds: dict) -> list[str]:
    out = []
    for kind in KINDS:
        rows = kinds.get(kind, [])
        if not rows:
            continue
        cpu = [r[0] for r in rows]
        with_bus = [r[0] + r[1] for r in rows]
        flash = [r[2] for r in rows]
        out.append(
            f"  {kind:<9} {len(rows):>4} {statistics.median(cpu):>8.1f} {pct(cpu, 0.95):>7.1f}"
            f" {max(cpu):>7.1f} {pct(with_bus, 0.95):>9.1f} {pct(flash, 0.95):>9.1f}"
            f" {statistics.median(r[3] for r in rows):>7.0f}"
            f" {statistics.median(r[4] for r in rows):>7.0f}"
        )
    return out


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
    lines = [
        "# The scoreboard on the emulated Pico: its firmware (make firmware: MicroPython v1.28.0",
        "# rp2 with the app frozen in, pystack) on a blank flash, in rp2040js 1.4.1",
        "",
        f"firmware: {uf2.name}, {uf2.stat().st_size} bytes; each table on a new Pico",
        "",
        "key -> last display byte, emulated ms (cursor: UP/DOWN on the table; list: UP/DOWN in",
        "menus, forms and the tally; play: OK on the table, laying the likeliest tile, drawing",
        "or passing). cpu = core time to the last byte less flash busy, MicroPython's own I2C",
        "work included; +bus = plus the display bytes at 400 kHz as if bus and core never",
        "overlapped (an upper bound); flash = erase/program busy time inside the window,",
        "typical W25Q16 times; allocs, bytes = heap allocations per key, median.",
    ]
    header = (
        f"  {'kind':<9} {'n':>4} {'cpu p50':>8} {'p95':>7} {'max':>7}"
        f" {'+bus p95':>9} {'flash p95':>9} {'allocs':>7} {'bytes':>7}"
    )
    chosen = [(n, t) for n, t in enumerate(TABLES) if not only or t[0].startswith(tuple(only))]

    def table(n: int, name: str, presses) -> tuple[dict, dict, list, float]:
        """One table on a new Pico: its key kinds, idle states, collections, boot ms."""
        kinds: dict[str, list] = {}
        states: dict[str, tuple[float, float]] = {}
        with EmulatedPico(work / f"flash{n}.img", speed=SPEED, uf2=uf2, probes=addresses) as pico:
            pico.boot()
            pico.wait_drawn()
            first = (pico.i2c[0][0] if pico.i2c else 0) / 1e6
            if n == chosen[0][0]:
                states["start screen"] = idle(pico)
            run_table(pico, presses(), kinds)
            states[f"table: {name}"] = idle(pico)
            if n == chosen[0][0]:
                pico.do("hold OK 900")
                pico.settle(quiet_ms=150)
                states["match menu"] = idle(pico)
            return kinds, states, list(pico.collections), first

    # Each table is its own emulator process: they run side by side (emulated time is each
    # chip's own, so the figures do not depend on it).
    with ThreadPoolExecutor(max_workers=3) as pool:
        futures = [pool.submit(table, n, name, presses) for n, (name, presses) in chosen]
        results = [f.result() for f in futures]
    everything: dict[str, list] = {}
    states: dict[str, tuple[float, float]] = {}
    heaps = []
    lines.insert(4, f"boot, blank flash to the start screen: {results[0][3]:.0f} ms")
    for (_n, (name, presses)), (kinds, table_states, gcs, _first) in zip(
        chosen, results, strict=True
    ):
        states.update(table_states)
        count = sum(len(v) for v in kinds.values())
        worst = max(kinds, key=lambda k: pct([r[0] for r in kinds[k]], 0.95))
        lines += ["", f"{name}: {len(presses())} presses, {count} drew; worst p95: {worst}"]
        lines += [header] + kind_rows(kinds)
        if gcs:
            live = [g["live"] for g in gcs]
            heaps.append((name, gcs))
            lines.append(
                f"  heap after each of {len(gcs)} collections: live median "
                f"{statistics.median(live):,.0f} B, peak {max(live):,} B; largest free block "
                f"at least {min(g['largest_free'] for g in gcs):,} B"
            )
        for kind, rows in kinds.items():
            everything.setdefault(kind, []).extend(rows)
    total = sum(len(v) for v in everything.values())
    lines += ["", f"all tables: {total} presses that drew", header] + kind_rows(everything)
    lines += ["", "idle, nothing pressed (5 s after 2 s quiet): core busy, heap allocated"]
    for state, (busy, per_s) in states.items():
        lines.append(f"  {state:<32} {busy * 100:5.1f}% busy, {per_s:6.1f} B/s allocated")
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
        "Not yet here: an outcome game (its hand-end entry needs a key script of its own).",
        "Goals: play/draw p95 <= 50 ms, undo/hand end p95 <= 100 ms, menu p95 <= 50,",
        "cursor p95 <= 10; idle 0 B and <= 3% busy in every screen; live heap <= 64 KB with the",
        "largest free block >= 64 KB throughout.",
    ]
    RESULTS.mkdir(parents=True, exist_ok=True)
    (RESULTS / "target.txt").write_text("\n".join(lines) + "\n")
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
