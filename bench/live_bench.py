"""What storing costs `dominoboard live`, and what going through it costs `sync`.

The device side is the MicroPython unix port running the real store and link on a
pseudo-terminal (harness/pty_device.py), as in bench/sync_bench.py; `live` is the real CLI
in its own process, storing into SQLite. Measured:

- events appended at the table (the control pipe, as fast as the device takes them) until
  `live` has stored them all, one transaction per pushed event;
- a full `sync` of the same matches into an empty database through the running `live`
  (control.ProxyLink) against the same sync straight on the port with `live` stopped.

Results: bench/results/live.txt.

    python -m bench.live_bench
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
from dominoboard.sync import sync
from harness.pty_device import PtyDevice, wait_for

ROOT = Path(__file__).resolve().parent.parent

MATCHES = 30  # held before live starts: its sync on connecting, and the syncs compared
PUSHED = 4  # matches played while live runs, event by event
RUNS = 3


def count(db_path: Path) -> int:
    with Database(db_path, create=False) as db:
        return db.event_count()


def main() -> None:
    examples = []
    for path in sorted((ROOT / "examples").glob("*.jsonl")):
        setup, events = read_match(path.read_text())
        examples.append([dumps(setup)] + [dumps(e) for e in events])
    held = {f"m{i:04d}": examples[i % len(examples)] for i in range(MATCHES)}
    before = sum(map(len, held.values()))
    played = {f"p{i:04d}": examples[i % len(examples)] for i in range(PUSHED)}
    pushed = sum(map(len, played.values()))
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["XDG_RUNTIME_DIR"] = str(Path(tmp) / "runtime")
        os.makedirs(os.environ["XDG_RUNTIME_DIR"], mode=0o700)
        device = PtyDevice(Path(tmp) / "flash")
        for match_id, lines in held.items():
            device.load(match_id, lines)
        with DeviceLink(device.port) as link:
            wait_for(lambda: len(link.request("list")["matches"]) == MATCHES, timeout=300)
        db = Path(tmp) / "live.sqlite3"
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
        wait_for(lambda: count(db) == before + pushed, timeout=300, step=0.01)
        store_time = time.perf_counter() - started
        through = []
        for run in range(RUNS):
            proxy = control.connect(device.port)
            assert proxy is not None, "no live serves the port"
            with proxy, Database(Path(tmp) / f"through{run}.sqlite3") as into:
                t0 = time.perf_counter()
                report = sync(proxy, into)
                through.append(time.perf_counter() - t0)
                assert report.new_events == before + pushed, report.summary()
        live.send_signal(signal.SIGINT)
        live.wait(60)
        direct = []
        for run in range(RUNS):
            with DeviceLink(device.port) as link, Database(Path(tmp) / f"d{run}.sqlite3") as into:
                t0 = time.perf_counter()
                report = sync(link, into)
                direct.append(time.perf_counter() - t0)
                assert report.new_events == before + pushed, report.summary()
        device.stop()
    text = (
        "Live benchmark (bench/live_bench.py): emulated scoreboard (MicroPython unix port, "
        "real store + link) over a pty -> `dominoboard live` (its own process) -> SQLite\n"
        f"stored as played: {pushed} events of {PUSHED} matches appended at the device's pace, "
        f"all in the database after {store_time:.2f} s ({pushed / store_time:.0f} events/s, "
        "one transaction each)\n"
        f"full sync of {MATCHES + PUSHED} matches, {before + pushed} events, {RUNS} runs: "
        f"through live best {min(through):.2f} s, worst {max(through):.2f} s; "
        f"straight on the port best {min(direct):.2f} s, worst {max(direct):.2f} s\n"
    )
    out = Path(os.environ.get("BENCH_RESULTS", ROOT / "bench" / "results")) / "live.txt"
    out.write_text(text)
    print(text, end="")


if __name__ == "__main__":
    main()
