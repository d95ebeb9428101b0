"""The events a delete relies on are on the disk before the scoreboard deletes its copy.

The database commits each page with ``synchronous = NORMAL`` (in WAL: no fsync). Sync must fsync
them before it sends the first ``delete``: else a power cut between the delete and the next
checkpoint loses the match on both sides. The order is read from the system calls of the real
CLI (strace), with and without another program holding the database open, since a checkpoint
never comes while one does.
"""

import re
import shutil
import sqlite3
import subprocess
import sys

import pytest
from test_sync_e2e import EXAMPLES, db_lines, loaded_device

from dominoboard.db import Database
from harness.pty_device import ROOT, port_args

STRACE = shutil.which("strace")
CLI = "import sys; from dominoboard.cli import main; sys.exit(main(sys.argv[1:]))"


def strace_works() -> bool:
    if STRACE is None:
        return False
    run = subprocess.run([STRACE, "-o", "/dev/null", "true"], capture_output=True)
    return run.returncode == 0


pytestmark = pytest.mark.skipif(
    not strace_works(),
    reason="strace is not installed or may not trace here (`make deps` installs it as root)",
)

CALL = re.compile(r"^\d+\s+(\w+)\((\d+)<([^>]*)>(.*)$")


def traced_sync(port: str, db_path, log) -> subprocess.CompletedProcess:
    return subprocess.run(
        [STRACE, "-f", "-y", "-s", "200", "-o", str(log)]
        + ["-e", "trace=fsync,fdatasync,write,pwrite64,openat"]
        + [sys.executable, "-c", CLI, "sync", *port_args(port), "--db", str(db_path)]
        + ["--keep", "0", "--timeout", "20"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )


def calls(log, db_path) -> list[tuple[str, str]]:
    """(what, file) in order: 'write' of the database or its WAL, 'sync' of either, 'delete'
    sent to the port."""
    out = []
    for line in log.read_text(errors="replace").splitlines():
        m = CALL.match(line)
        if not m:
            continue
        name, _, path, rest = m.groups()
        if path in (str(db_path), f"{db_path}-wal"):  # -shm is an index, rebuilt on open
            if name in ("fsync", "fdatasync"):
                out.append(("sync", path))
            elif name in ("write", "pwrite64"):
                out.append(("write", path))
        elif name == "write" and '\\"op\\":\\"delete\\"' in rest:
            out.append(("delete", path))
    return out


@pytest.mark.parametrize("other", ["alone", "another connection open", "another reading"])
def test_the_synced_events_are_fsynced_before_the_first_delete(tmp_path, other):
    device, held = loaded_device(tmp_path, EXAMPLES[:2])
    db_path = tmp_path / "db.sqlite3"
    Database(db_path).close()
    reader = None
    if other != "alone":
        reader = sqlite3.connect(db_path, isolation_level=None)
        reader.execute("SELECT COUNT(*) FROM events").fetchone()
        if other == "another reading":
            reader.execute("BEGIN")
            reader.execute("SELECT COUNT(*) FROM events").fetchone()
    log = tmp_path / "strace.log"
    try:
        with device:
            run = traced_sync(device.port, db_path, log)
    finally:
        if reader is not None:
            reader.close()
    assert run.returncode == 0, run.stderr
    assert "freed 2 finished match(es)" in run.stdout
    assert db_lines(db_path) == held

    seen = calls(log, db_path)
    first_delete = next(i for i, (what, _) in enumerate(seen) if what == "delete")
    before = seen[:first_delete]
    written = [i for i, (what, _) in enumerate(before) if what == "write"]
    synced = [i for i, (what, path) in enumerate(before) if what == "sync"]
    assert written, "no event was written before the delete"
    assert synced and synced[-1] > written[-1], (
        f"{other}: the database's last write before the delete was never fsynced: "
        f"{before[written[-1]:]}"
    )
    # every file written before the delete is fsynced after its last write
    for path in {path for what, path in before if what == "write"}:
        last_write = max(i for i, (w, p) in enumerate(before) if w == "write" and p == path)
        assert any(w == "sync" and p == path for w, p in before[last_write:]), path
