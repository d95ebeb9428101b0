"""Replies bound to requests, one session per port (issue 14, findings 1 and 2).

The device is the real MicroPython unix port over a pty (pty_device.py); the host is the real
CLI in its own process, killed with SIGKILL at random instants, or two of them at once. After
any of that a sync must leave the database equal to the device, line for line: before random
request ids, a killed sync's replies left on the wire were taken by the next session for its
own, and another match's events were stored under the wrong id.
"""

import json
import os
import random
import subprocess
import sys
import time

import serial
from pty_device import ROOT
from test_sync_e2e import EXAMPLES, db_lines, loaded_device

from dominoboard.cli import main
from dominoboard.db import Database
from dominoboard.link import DeviceLink
from dominoboard.sync import sync

KILLS = int(os.environ.get("DOMINO_SYNC_KILLS", "50"))  # `make soak` asks for more
PAIRS = int(os.environ.get("DOMINO_SYNC_PAIRS", "5"))
SEED = int(os.environ.get("DOMINO_SYNC_SEED", "14"))
CLI = "import sys; from dominoboard.cli import main; sys.exit(main(sys.argv[1:]))"


def cli_sync(port: str, db_path) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-c", CLI, "sync", "--port", port, "--db", str(db_path), "--keep", "all"],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def assert_clean_prefixes(db_path, held) -> None:
    """Whatever a database holds is the start of the device's match of the same id."""
    if not db_path.exists():
        return
    for match_id, lines in db_lines(db_path).items():
        assert match_id in held, f"{match_id}: a copy the device never had"
        assert lines == held[match_id][: len(lines)], f"{match_id}: not the device's events"


def test_syncs_killed_at_random_instants_then_resynced_equal_the_device(tmp_path):
    rng = random.Random(SEED)
    device, held = loaded_device(tmp_path, EXAMPLES * 2)  # 14 matches, ~1,900 events
    with device:
        for kill in range(KILLS):
            db_path = tmp_path / f"db{kill}.sqlite3"
            proc = cli_sync(device.port, db_path)
            time.sleep(rng.uniform(0.03, 0.2))  # the whole sync takes about 0.2 s here
            proc.kill()
            proc.communicate()
            assert_clean_prefixes(db_path, held)
            # At once, while the killed session's replies may still be on the wire.
            with DeviceLink(device.port) as link, Database(db_path) as db:
                report = sync(link, db)
            assert db_lines(db_path) == held, f"after kill {kill} (seed {SEED})"
            assert not report.superseded


def test_a_second_program_on_the_port_is_refused_naming_the_first(tmp_path, capsys):
    device, held = loaded_device(tmp_path, [])
    with device, DeviceLink(device.port):
        code = main(["sync", "--port", device.port, "--db", str(tmp_path / "db.sqlite3")])
        err = capsys.readouterr().err
    assert code == 3
    assert f"in use by process {os.getpid()}" in err
    assert not (tmp_path / "db.sqlite3").exists()


def test_two_syncs_at_once_one_refuses_and_nothing_wrong_is_stored(tmp_path):
    device, held = loaded_device(tmp_path)
    refused = 0
    with device:
        for pair in range(PAIRS):
            db_path = tmp_path / f"db{pair}.sqlite3"
            procs = [cli_sync(device.port, db_path) for _ in range(2)]
            for proc in procs:
                out, err = proc.communicate(timeout=60)
                assert proc.returncode in (0, 3), err
                if proc.returncode == 3:
                    assert "is in use by process" in err
                    refused += 1
            assert_clean_prefixes(db_path, held)
            assert main(["sync", "--port", device.port, "--db", str(db_path)]) == 0
            assert db_lines(db_path) == held
    assert refused <= PAIRS  # at most one of each pair


def test_stale_replies_on_the_wire_are_ignored(tmp_path):
    device, held = loaded_device(tmp_path)
    ids = sorted(held)
    with device:
        # An earlier session's requests, numbered as every session used to number them: their
        # replies are still coming when the next session starts.
        raw = serial.serial_for_url(device.port, timeout=0.05)
        for i in range(1, 25):
            match_id = ids[i % len(ids)]
            request = {"proto": 1, "id": i, "op": "events", "match": match_id, "from": 0}
            raw.write(json.dumps(request).encode() + b"\n")
        raw.close()
        db_path = tmp_path / "db.sqlite3"
        with DeviceLink(device.port) as link, Database(db_path) as db:
            report = sync(link, db)
        assert report.new_events == sum(map(len, held.values()))
        assert db_lines(db_path) == held
