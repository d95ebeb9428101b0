"""What `--records FILE` costs: the CPU time of one `simulate` run with every hand streamed to
CSV against the same run without (in this process, interleaved, the median of 5 pairs).
Results: bench/results/sim-records.txt.

    python -m bench.sim_records_bench
"""

import contextlib
import io
import tempfile
import time
from pathlib import Path
from statistics import median

from bench.sim_fair_bench import finish, header
from dominoboard.cli import main as cli

PAIRS = 5
RUNS = [
    ("draw", "-s", "heavy", "-s", "random", "--hands", "100000"),
    ("draw", "-s", "heavy", "-s", "random", "--hands", "100000", "--duplicate"),
    ("muggins", "-s", "counter", "-s", "greedy", "--hands", "20000"),
    ("mexican", "-n", "4", "--matches", "300"),
]


def cpu(tmp: Path, argv: tuple[str, ...], records: bool) -> float:
    extra = ["--records", str(tmp / "hands.csv")] if records else []
    started = time.process_time()
    with contextlib.redirect_stdout(io.StringIO()):
        assert cli(["simulate", *argv, "--no-plots", "--progress", "off", "-o", str(tmp),
                    *extra]) == 0
    return time.process_time() - started


def main() -> None:
    lines = header("CPU of `simulate --records` against the same run without "
                   "(bench/sim_records_bench.py)")
    lines.append(f"one process, fast engine, seed 1; median of {PAIRS} interleaved pairs")
    with tempfile.TemporaryDirectory() as name:
        tmp = Path(name)
        for argv in RUNS:
            pairs = [(cpu(tmp, argv, False), cpu(tmp, argv, True)) for _ in range(PAIRS)]
            alone = median(a for a, _ in pairs)
            kept = median(b for _, b in pairs)
            lines.append(f"  {' '.join(argv)}: {alone:.2f} s, with --records {kept:.2f} s "
                         f"({kept / alone:.2f}x)")
            print(lines[-1], flush=True)
    finish("sim-records.txt", lines)


if __name__ == "__main__":
    main()
