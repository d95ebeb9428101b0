"""Sync and `live`: what syncing a scoreboard's matches takes (goal: 100 matches in 2 s), what
storing as the table plays costs `dominoboard live`, and what going through it costs `sync`.

The device side is the MicroPython unix port (heap 180K) running the real store and link on a
pseudo-terminal (harness/pty_device.py); the host side is `dominoboard.sync` with pyserial and
SQLite, as for a Pico, and `live` the real CLI in its own process. The matches are the bundled
examples, repeated. Measured, in this order on one device:

- `live` connected: events appended at the table (the control pipe, as fast as the device
  takes them) until `live` has stored them all, one transaction per pushed event;
- a full sync of every match into an empty database through the running `live`
  (control.ProxyLink);
- `live` stopped: the same full sync straight on the port, then a repeat with nothing new.

Results: bench/results/sync.txt.

    python -m bench.sync_bench
"""

import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from domino.events import dumps, read_match
from dominoboard import control
from dominoboard.db import Database
from dominoboard.link import DeviceLink
from dominoboard.sync import device_matches, sync
from harness.pty_device import PtyDevice, wait_for

ROOT = Path(__file__).resolve().parent.parent

MATCHES = 96  # held before live starts: its sync on connecting
PUSHED = 4  # matches played while live runs, event by event: 100 in all
RUNS = 3


def count(db_path: Path) -> int:
    with Database(db_path, create=False) as db:
        return db.event_count()


def timed_syncs(connect, folder: Path, name: str, events: int) -> list[float]:
    """Seconds of ``RUNS`` full syncs over ``connect()`` into empty databases."""
    times = []
    for run in range(RUNS):
        with connect() as link, Database(folder / f"{name}{run}.sqlite3") as into:
            started = time.perf_counter()
            report = sync(link, into)
            times.append(time.perf_counter() - started)
            assert report.new_events == events, report.summary()
    return times


def main() -> None:
    load = os.getloadavg()[0]  # wall-clock figures: what else the machine ran matters
    examples = []
    for path in sorted((ROOT / "examples").glob("*.jsonl")):
        setup, events = read_match(path.read_text())
        examples.append([dumps(setup)] + [dumps(e) for e in events])
    held = {f"m{i:04d}": examples[i % len(examples)] for i in range(MATCHES)}
    played = {f"p{i:04d}": examples[i % len(examples)] for i in range(PUSHED)}
    before = sum(map(len, held.values()))
    pushed = sum(map(len, played.values()))
    total = before + pushed
    total_bytes = sum(len(line) + 1 for m in (held, played) for ls in m.values() for line in ls)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        os.environ["XDG_RUNTIME_DIR"] = str(folder / "runtime")
        os.makedirs(os.environ["XDG_RUNTIME_DIR"], mode=0o700)
        device = PtyDevice(folder / "flash")
        for match_id, lines in held.items():
            device.load(match_id, lines)
        with DeviceLink(device.port) as link:
            loaded = lambda: sum(n == len(held[m]) for m, n in device_matches(link))  # noqa: E731
            wait_for(lambda: loaded() == MATCHES, timeout=300)
        db = folder / "live.sqlite3"
        live = subprocess.Popen(
            [sys.executable, "-m", "dominoboard.cli", "live", "--port", device.port]
            + ["--db", str(db)],
            cwd=ROOT,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        wait_for(lambda: db.exists() and count(db) == before, timeout=300, step=0.05)
        started = time.perf_counter()
        for match_id, lines in played.items():
            device.load(match_id, lines)
        wait_for(lambda: count(db) == total, timeout=300, step=0.01)
        store_time = time.perf_counter() - started

        def proxy():
            link = control.connect(device.port)
            assert link is not None, "no live serves the port"
            return link

        through = timed_syncs(proxy, folder, "through", total)
        live.send_signal(signal.SIGINT)
        live.wait(60)
        direct = timed_syncs(lambda: DeviceLink(device.port), folder, "direct", total)
        with DeviceLink(device.port) as link, Database(folder / "direct0.sqlite3") as into:
            started = time.perf_counter()
            assert sync(link, into).new_events == 0
            resync = time.perf_counter() - started
        device.stop()
    best, worst = min(direct), max(direct)
    n = MATCHES + PUSHED
    text = (
        "Sync benchmark (bench/sync_bench.py): emulated scoreboard (MicroPython unix port, "
        "heap 180K, real store + link) over a pty -> dominoboard.sync -> SQLite\n"
        f"machine: load average {load:.1f} on {os.cpu_count()} cores at the start (wall-clock "
        "seconds: under load they stretch)\n"
        f"matches: {n}, events: {total}, event bytes: {total_bytes}\n"
        f"full sync into an empty database, {RUNS} runs: best {best:.2f} s, worst {worst:.2f} s "
        f"(goal <= 2 s: {'met' if worst <= 2 else 'NOT met'})\n"
        f"throughput (best): {total / best:.0f} events/s, {total_bytes / best / 1024:.0f} KiB/s\n"
        f"repeat sync with nothing new: {resync:.2f} s\n"
        "\n"
        "`dominoboard live` (its own process) on the same port, storing into SQLite:\n"
        f"stored as played: {pushed} events of {PUSHED} matches appended at the device's pace, "
        f"all in the database after {store_time:.2f} s ({pushed / store_time:.0f} events/s, "
        "one transaction each)\n"
        f"the full sync through live, {RUNS} runs: best {min(through):.2f} s, "
        f"worst {max(through):.2f} s (straight on the port: above)\n"
    )
    out = Path(os.environ.get("BENCH_RESULTS", ROOT / "bench" / "results"))
    out.mkdir(parents=True, exist_ok=True)
    (out / "sync.txt").write_text(text)
    print(text, end="")


if __name__ == "__main__":
    main()
