"""What a language costs on the target: the same Muggins session (bench/target_bench.py's,
about 300 presses) on the emulated Pico with the frozen firmware, once per language chosen
on the start menu's *Language* (scoreboard.words), each on a new Pico. The heap is read as the
firmware's own collections leave it (live bytes after each gc_collect), and the key latencies
as target_bench measures them.

Run: .venv/bin/python -m bench.language_bench [codes]  -> bench/results/languages.txt
(DOMINOBOARD_UF2 names another firmware: "-" for codes runs it with no language chosen, as a
firmware without the Language entry is run.)
"""

import os
import statistics
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from bench.target_bench import muggins_hands, pct, run_table
from dominoboard.rp2 import EmulatedPico, TargetMissing, firmware_dir, frozen_firmware, rp2040js_dir
from harness.target import SPEED, probes

ROOT = Path(__file__).resolve().parents[1]
RESULTS = Path(os.environ.get("BENCH_RESULTS", ROOT / "bench" / "results"))
CODES = ("en", "es", "de", "fr", "nl", "it")  # scoreboard.words.CODES, the Language menu's order


def choose(code: str) -> list[tuple[str, str]]:
    """From a new Pico's start menu (New match, Matches, Settings, Language; the cursor on the
    first): UP wraps to Language, OK, DOWN to the language, OK; the start menu again."""
    if code == "-":
        return []
    keys = ["press UP", "press OK"] + ["press DOWN"] * CODES.index(code) + ["press OK"]
    return [(k, "menu") for k in keys]


def measure(uf2: Path, addresses: dict, work: Path, code: str) -> tuple[dict, list]:
    kinds: dict[str, list] = {}
    with EmulatedPico(work / f"flash-{code}.img", speed=SPEED, uf2=uf2, probes=addresses) as pico:
        pico.boot()
        pico.wait_drawn()
        run_table(pico, choose(code) + muggins_hands(), kinds)
        return kinds, list(pico.collections)


def main() -> int:
    try:
        firmware_dir()
        rp2040js_dir()
        uf2 = frozen_firmware()
    except TargetMissing as e:
        print(f"language bench skipped: {e}")
        return 0
    codes = sys.argv[1:] or ["en", "es", "de"]
    addresses = probes(uf2.with_suffix(".elf"))
    work = Path(tempfile.mkdtemp(prefix="language-bench-"))
    with ThreadPoolExecutor(max_workers=3) as pool:
        results = list(pool.map(lambda c: measure(uf2, addresses, work, c), codes))
    lines = [
        "# One language at a time on the emulated Pico: the frozen firmware (make firmware),",
        "# a new Pico each, the language chosen on the start menu, then target_bench's Muggins",
        f"# hands ({len(muggins_hands())} presses). Heap: live bytes after each of the firmware's",
        "# own collections; play: OK on the table (a play or a draw), what the player waits for",
        "# (target_bench: key to last display byte, flash and bus included, emulated ms); all:",
        "# every key that drew, median.",
        "",
        f"firmware: {uf2.name}, {uf2.stat().st_size} bytes",
        "",
        f"  {'language':<9} {'gcs':>4} {'live median':>12} {'live peak':>10} {'play p50':>9}"
        f" {'play p95':>9} {'all p50':>8}",
    ]
    for code, (kinds, gcs) in zip(codes, results, strict=True):
        live = [g["live"] for g in gcs]
        rows = kinds.get("play", [])
        play = [r[0] for r in rows]
        every = [r[0] for kind in kinds.values() for r in kind]
        lines.append(
            f"  {code:<9} {len(gcs):>4} {statistics.median(live):>12,.0f} {max(live):>10,}"
            f" {statistics.median(play):>9.1f} {pct(play, 0.95):>9.1f}"
            f" {statistics.median(every):>8.1f}"
        )
    text = "\n".join(lines) + "\n"
    print(text, end="")
    RESULTS.mkdir(parents=True, exist_ok=True)
    name = os.environ.get("LANGUAGE_BENCH_OUT", "languages.txt")
    (RESULTS / name).write_text(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
