"""Time to sync 100 matches from the emulated scoreboard into an empty database (goal: 2 s).

The device side is the MicroPython unix port (heap 180K) running the real store and link on a
pseudo-terminal; the host side is `dominoboard.sync` with pyserial and SQLite, as for a Pico.
The matches are the seven bundled examples, repeated. Results: bench/results/sync.txt.

    python -m bench.sync_bench
"""

import os
import tempfile
import time
from pathlib import Path

from domino.events import dumps, read_match
from dominoboard.db import Database
from dominoboard.link import DeviceLink
from dominoboard.sync import sync
from harness.pty_device import PtyDevice, wait_for

ROOT = Path(__file__).resolve().parent.parent

MATCHES = 100
RUNS = 3


def main() -> None:
    examples = []
    for path in sorted((ROOT / "examples").glob("*.jsonl")):
        setup, events = read_match(path.read_text())
        examples.append([dumps(setup)] + [dumps(e) for e in events])
    held = {f"m{i:04d}": examples[i % len(examples)] for i in range(MATCHES)}
    total_events = sum(map(len, held.values()))
    total_bytes = sum(len(line) + 1 for lines in held.values() for line in lines)
    with tempfile.TemporaryDirectory() as tmp:
        device = PtyDevice(Path(tmp) / "flash")
        for match_id, lines in held.items():
            device.load(match_id, lines)
        with DeviceLink(device.port) as link:
            wait_for(lambda: sum(n == len(held[m]) for m, n in _all(link)) == MATCHES, timeout=300)
        times = []
        for run in range(RUNS):
            db_path = Path(tmp) / f"db{run}.sqlite3"
            with DeviceLink(device.port) as link, Database(db_path) as db:
                started = time.perf_counter()
                report = sync(link, db)
                times.append(time.perf_counter() - started)
                assert report.new_events == total_events, report.summary()
        with DeviceLink(device.port) as link, Database(Path(tmp) / "db0.sqlite3") as db:
            started = time.perf_counter()
            assert sync(link, db).new_events == 0
            resync = time.perf_counter() - started
        device.stop()
    best, worst = min(times), max(times)
    text = (
        "Sync benchmark (bench/sync_bench.py): emulated scoreboard (MicroPython unix port, "
        "heap 180K, real store + link) over a pty -> dominoboard.sync -> SQLite\n"
        f"matches: {MATCHES}, events: {total_events}, event bytes: {total_bytes}\n"
        f"full sync into an empty database, {RUNS} runs: best {best:.2f} s, worst {worst:.2f} s "
        f"(goal <= 2 s: {'met' if worst <= 2 else 'NOT met'})\n"
        f"throughput (best): {total_events / best:.0f} events/s, "
        f"{total_bytes / best / 1024:.0f} KiB/s\n"
        f"repeat sync with nothing new: {resync:.2f} s\n"
    )
    out = Path(os.environ.get("BENCH_RESULTS", ROOT / "bench" / "results"))
    out.mkdir(parents=True, exist_ok=True)
    (out / "sync.txt").write_text(text)
    print(text, end="")


def _all(link: DeviceLink) -> list:
    from dominoboard.sync import device_matches

    return device_matches(link)


if __name__ == "__main__":
    main()
