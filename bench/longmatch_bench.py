"""Long matches on MicroPython's unix port (a proxy for the Pico): the smallest -X heapsize in
which `dominoboard replay --micropython`'s fold completes each long match of
harness/long_matches.py with the bytes CPython prints, before and after the record keeping
in bounded memory (per-hand packed arrays, undo bookkeeping in fixed blocks, the standings
written a hand at a time).

Both sides run the same way: ``micropython -X heapsize=N -m mpy_replay CORE FILE``, the core
and mpy_replay compiled by mpy-cross as deploy compiles them. "Before" is the tree at BEFORE
(the commit this work started from), taken with `git archive` into the build folder.

Run: .venv/bin/python -m bench.longmatch_bench [BEFORE]. Writes bench/results/longmatch.txt.
The Pico itself is measured by bench/target_bench.py ("long matches").
"""

import io
import os
import subprocess
import sys
import tarfile
from pathlib import Path

from dominoboard import mpy_replay
from dominoboard.deploy import OPTIMIZE, compile_one, tool
from dominoboard.replay import HEAP, compiled_core, micropython_command
from harness import long_matches

ROOT = Path(__file__).resolve().parent.parent

RESULTS = Path(os.environ.get("BENCH_RESULTS", ROOT / "bench" / "results"))
BEFORE = "7d605a352452477113fbbeaa9c0f8059c62dab1d"  # main when this branch began
BUILD = ROOT / "build" / "longmatch"
LO_KB, HI_KB = 16, 2048


def core_at(rev: str) -> Path:
    """The core and mpy_replay of commit ``rev``, compiled as deploy compiles them."""
    out = BUILD / f"core-{rev[:12]}"
    if (out / "mpy_replay.mpy").exists():
        return out
    tar = subprocess.run(
        ["git", "archive", rev, "firmware/domino", "host/dominoboard/mpy_replay.py"],
        cwd=ROOT,
        capture_output=True,
        check=True,
    ).stdout
    src = BUILD / f"src-{rev[:12]}"
    with tarfile.open(fileobj=io.BytesIO(tar)) as t:
        t.extractall(src, filter="data")
    (out / "domino").mkdir(parents=True, exist_ok=True)
    cross = tool("mpy-cross")
    for py in sorted((src / "firmware" / "domino").glob("*.py")):
        compile_one(cross, py, out / "domino" / (py.stem + ".mpy"))
    compile_one(cross, src / "host" / "dominoboard" / "mpy_replay.py", out / "mpy_replay.mpy")
    return out


def folds(core: Path, path: Path, heap_kb: int, expected: bytes) -> bool:
    r = subprocess.run(
        [
            micropython_command(),
            "-X",
            f"heapsize={heap_kb}K",
            "-m",
            "mpy_replay",
            str(core),
            str(path),
        ],
        capture_output=True,
        env={**os.environ, "MICROPYPATH": str(core)},
        timeout=600,
    )
    return r.returncode == 0 and r.stdout.rstrip(b"\n") == expected


def smallest(core: Path, path: Path, expected: bytes) -> int | None:
    """The smallest heap (KB) the fold completes in, or None past HI_KB."""
    if not folds(core, path, HI_KB, expected):
        return None
    lo, hi = LO_KB, HI_KB
    while lo < hi:
        mid = (lo + hi) // 2
        if folds(core, path, mid, expected):
            hi = mid
        else:
            lo = mid + 1
    return lo


def main() -> int:
    before_rev = sys.argv[1] if len(sys.argv) > 1 else BEFORE
    BUILD.mkdir(parents=True, exist_ok=True)
    before, after = core_at(before_rev), compiled_core()
    rows = []
    for name in long_matches.MATCHES:
        path = long_matches.write(name, BUILD)
        lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
        ok, text = mpy_replay.fold(lines)
        assert ok, text
        expected = text.encode()
        hands = text.count('"hand":') - text.count('"current":{"hand":')
        rows.append(
            (
                name,
                len(lines) - 1,
                hands,
                smallest(before, path, expected),
                smallest(after, path, expected),
            )
        )

    def kb(v: int | None) -> str:
        return f"{v} KB" if v is not None else f"> {HI_KB} KB"

    out = [
        "Long matches, MicroPython unix port (64-bit: a proxy for the Pico, whose words and GC",
        "blocks are half the size): the smallest -X heapsize in which `replay --micropython`'s",
        "fold (mpy_replay, core precompiled by mpy-cross " + OPTIMIZE + ") prints CPython's",
        f"bytes, before ({before_rev[:12]}) -> after; replay runs at {HEAP}.",
        "The figures move a few KB with the build folder's path (qstrs) and the MicroPython build.",
        "",
        f"  {'match (harness/long_matches.py)':<36} {'events':>6} {'hands':>5}"
        f" {'before':>9} {'after':>9}",
    ]
    for name, events, hands, b, a in rows:
        out.append(f"  {name:<36} {events:>6} {hands:>5} {kb(b):>9} {kb(a):>9}")
    RESULTS.mkdir(parents=True, exist_ok=True)
    (RESULTS / "longmatch.txt").write_text("\n".join(out) + "\n")
    print("\n".join(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
