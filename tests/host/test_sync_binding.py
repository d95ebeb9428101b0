"""Replies bound to requests, one session per port.

The device is the real MicroPython unix port over a pty (harness/pty_device.py); the host is the
real CLI in its own process, killed with SIGKILL at random instants, or two of them at once. After
any of that a sync must leave the database equal to the device, line for line: before random
request ids, a killed sync's replies left on the wire were taken by the next session for its
own, and another match's events were stored under the wrong id.
"""

import json
import os
import random
import subprocess
import sys

import pytest
import serial
from test_sync_e2e import EXAMPLES, db_lines, events_stored, loaded_device, match_lines

from dominoboard.cli import main
from dominoboard.db import Database
from dominoboard.link import lock_holder
from dominoboard.sync import sync
from harness.pty_device import GUARD_S, ROOT, PtyDevice, patient_link, port_args, wait_for

KILLS = 50  # `make soak`: SOAK_KILLS
PAIRS = 5  # `make soak`: SOAK_PAIRS
SOAK_KILLS = 500
SOAK_PAIRS = 50
SEED = int(os.environ.get("DOMINO_SYNC_SEED", "14"))
CLI = "import sys; from dominoboard.cli import main; sys.exit(main(sys.argv[1:]))"


def cli_sync(port: str, db_path) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-c", CLI, "sync", *port_args(port)]
        + ["--db", str(db_path), "--keep", "all"],
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
    kill_and_resync(tmp_path, KILLS, SEED)


@pytest.mark.soak
def test_soak_killed_syncs(tmp_path):
    kill_and_resync(tmp_path, SOAK_KILLS, SEED + 1)


def kill_and_resync(tmp_path, kills: int, seed: int) -> None:
    rng = random.Random(seed)
    device, held = loaded_device(tmp_path, EXAMPLES * 2)  # 14 matches, ~2,000 events
    total = sum(map(len, held.values()))
    with device:
        for kill in range(kills):
            db_path = tmp_path / f"db{kill}.sqlite3"
            proc = cli_sync(device.port, db_path)
            # Killed at a seeded point of its work: once it took the port and stored a seeded
            # number of events (none: just after it took the port; pages are asked for ahead,
            # so replies are on the wire at any of them), never after a time of the host's.
            share = rng.randint(0, total)
            wait_for(lambda p=proc: p.poll() is not None or lock_holder(device.port) == str(p.pid))
            def stored_enough(p=proc, n=share, db=db_path) -> bool:
                return p.poll() is not None or events_stored(db) >= n

            wait_for(stored_enough)
            proc.kill()
            proc.communicate()
            assert_clean_prefixes(db_path, held)
            # At once, while the killed session's replies may still be on the wire.
            with patient_link(device.port) as link, Database(db_path) as db:
                report = sync(link, db)
            assert db_lines(db_path) == held, f"after kill {kill} (seed {seed})"
            assert not report.superseded


def test_a_second_program_on_the_port_is_refused_naming_the_first(tmp_path, capsys):
    device, held = loaded_device(tmp_path, [])
    with device, patient_link(device.port):
        code = main(["sync", *port_args(device.port), "--db", str(tmp_path / "db.sqlite3")])
        err = capsys.readouterr().err
    assert code == 3
    assert f"in use by process {os.getpid()}" in err
    assert not (tmp_path / "db.sqlite3").exists()


def test_two_syncs_at_once_one_refuses_and_nothing_wrong_is_stored(tmp_path):
    concurrent_pairs(tmp_path, PAIRS)


@pytest.mark.soak
def test_soak_concurrent_syncs(tmp_path):
    concurrent_pairs(tmp_path, SOAK_PAIRS)


def concurrent_pairs(tmp_path, pairs: int) -> None:
    device, held = loaded_device(tmp_path)
    refused = 0
    with device:
        for pair in range(pairs):
            db_path = tmp_path / f"db{pair}.sqlite3"
            procs = [cli_sync(device.port, db_path) for _ in range(2)]
            codes = []
            for proc in procs:
                out, err = proc.communicate(timeout=GUARD_S)
                assert proc.returncode in (0, 3), err
                if proc.returncode == 3:
                    # "by process N (...)", or "by another process" if the holder finished
                    # between the refusal and the look in /proc/locks (likely on a busy
                    # machine); the naming itself is tested above
                    assert "is in use by " in err
                codes.append(proc.returncode)
            assert 0 in codes  # never both refused
            refused += codes.count(3)
            assert_clean_prefixes(db_path, held)
            assert main(["sync", *port_args(device.port), "--db", str(db_path)]) == 0
            assert db_lines(db_path) == held
    print(f"{refused} of {pairs} pairs overlapped (one refused)")


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
        with patient_link(device.port) as link, Database(db_path) as db:
            report = sync(link, db)
        assert report.new_events == sum(map(len, held.values()))
        assert db_lines(db_path) == held


def test_sync_keep_frees_the_devices_finished_matches_the_host_holds(tmp_path, capsys):
    held = {f"m{i:03d}": match_lines(path) for i, path in enumerate(EXAMPLES)}
    held["m005"] = held["m005"][:10]  # still being played
    db_path = tmp_path / "db.sqlite3"
    with PtyDevice(tmp_path / "flash") as device:
        for match_id, lines in held.items():
            device.load(match_id, lines)
        with patient_link(device.port) as link:
            wait_for(lambda: link.request("list")["matches"][-1:] == [["m006", len(held["m006"])]])
        assert main(["sync", *port_args(device.port), "--db", str(db_path), "--keep", "2"]) == 0
        assert "freed 4 finished match(es)" in capsys.readouterr().out
        with patient_link(device.port) as link:
            on_device = [m for m, _ in link.request("list")["matches"]]
        assert on_device == ["m004", "m005", "m006"]  # the newest 2 finished, and m005
        assert db_lines(db_path) == held  # the host holds all of them
        assert main(["sync", *port_args(device.port), "--db", str(db_path)]) == 0
        assert "0 new event(s)" in capsys.readouterr().out
        assert db_lines(db_path) == held
        with pytest.raises(SystemExit) as usage:
            main(["sync", *port_args(device.port), "--keep", "some"])
        assert usage.value.code == 2
        assert "'some': a whole number of matches >= 0, or 'all'" in capsys.readouterr().err


def test_a_reused_id_with_the_same_count_is_caught_by_its_crc(tmp_path):
    db_path = tmp_path / "db.sqlite3"
    first = match_lines(EXAMPLES[0])[:12]
    second = match_lines(EXAMPLES[1])[:12]
    with PtyDevice(tmp_path / "a") as device:
        device.load("m000", first)
        with patient_link(device.port) as link, Database(db_path) as db:
            wait_for(lambda: link.request("list")["matches"] == [["m000", 12]])
            sync(link, db)
    for name in ("m000.jnl", "m000.snp"):  # wiped, and the id reused: same count, other events
        (tmp_path / "a" / name).unlink(missing_ok=True)
    with PtyDevice(tmp_path / "a") as device:
        device.load("m000", second)
        with patient_link(device.port) as link, Database(db_path) as db:
            wait_for(lambda: link.request("list")["matches"] == [["m000", 12]])
            report = sync(link, db)
    assert [old for old, _ in report.superseded] == ["m000"]
    got = db_lines(db_path)
    assert got["m000"] == second and got["m000~1"] == first


HOLD = (  # holds the port until it is killed (or its input ends)
    "import sys; from dominoboard.link import DeviceLink\n"
    "with DeviceLink(sys.argv[1]):\n"
    "    print('holding', flush=True); sys.stdin.read()\n"
)


def test_two_programs_with_different_tmpdirs_still_exclude_each_other(tmp_path):
    # Before: the lock file lay in $TMPDIR, so a second user (or a second TMPDIR) took the port
    # too, and both read each other's replies. The lock is now on the device node itself.
    device, held = loaded_device(tmp_path, EXAMPLES[:1])
    homes = [tmp_path / "tmp-a", tmp_path / "tmp-b"]
    for home in homes:
        home.mkdir()
    with device:
        holder = subprocess.Popen(
            [sys.executable, "-c", HOLD, device.port],
            cwd=ROOT,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            env={**os.environ, "TMPDIR": str(homes[0])},
        )
        try:
            assert holder.stdout is not None and holder.stdout.readline() == "holding\n"
            second = subprocess.run(
                [sys.executable, "-c", CLI, "sync", *port_args(device.port)]
                + ["--db", str(tmp_path / "db.sqlite3")],
                cwd=ROOT,
                capture_output=True,
                text=True,
                timeout=GUARD_S,
                env={**os.environ, "TMPDIR": str(homes[1])},
            )
        finally:
            holder.kill()
            holder.wait()
        assert second.returncode == 3, second.stderr
        assert f"is in use by process {holder.pid} (" in second.stderr
        assert not (tmp_path / "db.sqlite3").exists()
        assert main(["sync", *port_args(device.port), "--db", str(tmp_path / "db.sqlite3")]) == 0
