"""Long matches on the emulated Pico (the scoreboard's firmware, `make firmware`, in
rp2040js): each long match of harness/long_matches.py is put on a new Pico's flash by the
store's own code and copied on with mpremote, then powered on (the fold from flash), undone,
its History opened and scrolled, a play redone, and powered on again after a cut
(tests/target/test_target_long_matches.py drives the same steps and compares every screen with the
unix port's).

Per step: the GC heap after each collection the firmware ran (read from its allocation table
by the emulator's probes, as bench/target_bench.py reads it): the peak live bytes and the
smallest largest free block. Writes bench/results/longmatch-target.txt.

Run: .venv/bin/python -m bench.longmatch_target_bench (after `make firmware`).
"""

import os
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.target_bench import SPEED, probes  # noqa: E402
from dominoboard.rp2 import (  # noqa: E402
    EmulatedPico,
    TargetMissing,
    firmware_dir,
    frozen_firmware,
    rp2040js_dir,
)
from harness import long_matches  # noqa: E402

RESULTS = Path(os.environ.get("BENCH_RESULTS", ROOT / "bench" / "results"))


def measure(name: str, uf2: Path, addresses: dict, work: Path) -> list[tuple[str, list[dict]]]:
    """(step, the collections during it) for the long match ``name`` on a new Pico."""
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


def main() -> int:
    try:
        firmware_dir()
        rp2040js_dir()
        uf2 = frozen_firmware()
    except TargetMissing as e:
        print(f"long-match target bench skipped: {e}")
        return 0
    addresses = probes(uf2.with_suffix(".elf"))
    work = Path(tempfile.mkdtemp(prefix="longmatch-target-"))
    lines = [
        "# Long matches on the emulated Pico: the scoreboard's firmware (make firmware:",
        "# MicroPython v1.28.0 rp2, the app frozen in) in rp2040js; each match put on a new",
        "# Pico's flash by the store's code, copied on with mpremote",
        "# (bench/longmatch_target_bench.py).",
        "# Heap after each collection the firmware ran during the step: peak live bytes, smallest",
        "# largest free block; n = collections.",
    ]
    total = None
    with ThreadPoolExecutor(max_workers=3) as pool:  # each Pico its own emulator process
        futures = [pool.submit(measure, n, uf2, addresses, work) for n in long_matches.MATCHES]
        measured = [f.result() for f in futures]
    for name, phases in zip(long_matches.MATCHES, measured, strict=True):
        events = len(long_matches.match(name)[1])
        lines += ["", f"{name} ({events} events)"]
        lines.append(f"  {'step':<34} {'n':>4} {'peak live':>11} {'least largest free':>19}")
        for label, gcs in phases:
            if not gcs:
                lines.append(f"  {label:<34} {0:>4} {'-':>11} {'-':>19}")
                continue
            total = gcs[0]["total"]
            lines.append(
                f"  {label:<34} {len(gcs):>4} {max(g['live'] for g in gcs):>9,} B"
                f" {min(g['largest_free'] for g in gcs):>17,} B"
            )
    if total:
        lines.insert(6, f"# GC heap: {total:,} B.")
    RESULTS.mkdir(parents=True, exist_ok=True)
    (RESULTS / "longmatch-target.txt").write_text("\n".join(lines) + "\n")
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
