"""How long `dominoboard --help` and `dominoboard ports` take to start (goal: 0.2 s each).

Each command runs as a subprocess of the installed console script, as a user types it, RUNS
times, interleaved with a bare `python -c pass` (the interpreter's own start, which no change
of ours can remove) so that a slow stretch of the shared machine hits all three alike. The
median is the figure; the fastest and slowest runs show the spread. Results:
bench/results/startup.txt.

    python -m bench.startup_bench
"""

import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = Path(sys.executable).parent / "dominoboard"
GOAL = 0.2  # seconds
RUNS = 21
COMMANDS = {
    "dominoboard --help": [str(SCRIPT), "--help"],
    "dominoboard ports": [str(SCRIPT), "ports"],
    "python -c pass (floor)": [sys.executable, "-c", "pass"],
}


def wall_time(argv: list[str]) -> float:
    started = time.perf_counter()
    subprocess.run(argv, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - started


def main() -> None:
    if not SCRIPT.exists():
        sys.exit(f"{SCRIPT} not found: run from the project's venv (make deps)")
    times: dict[str, list[float]] = {name: [] for name in COMMANDS}
    for argv in COMMANDS.values():
        wall_time(argv)  # warm the file cache once
    for _ in range(RUNS):
        for name, argv in COMMANDS.items():
            times[name].append(wall_time(argv))
    lines = [
        "Startup benchmark (bench/startup_bench.py): wall time of the console script run as a "
        f"subprocess, {RUNS} interleaved runs each, median [fastest, slowest]"
    ]
    for name, runs in times.items():
        median = statistics.median(runs)
        verdict = ""
        if name.startswith("dominoboard"):
            verdict = f"  (goal <= {GOAL} s: {'met' if median <= GOAL else 'NOT met'})"
        lines.append(f"{name:<24} {median:.3f} s [{min(runs):.3f}, {max(runs):.3f}]{verdict}")
    text = "\n".join(lines) + "\n"
    out = Path(os.environ.get("BENCH_RESULTS", ROOT / "bench" / "results"))
    out.mkdir(parents=True, exist_ok=True)
    (out / "startup.txt").write_text(text)
    print(text, end="")


if __name__ == "__main__":
    main()
