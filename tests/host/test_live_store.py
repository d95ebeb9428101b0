"""`dominoboard live` keeps the database as `sync` would, and other commands go through it.

The scoreboard is the real store and link on the MicroPython unix port behind a pty
(pty_device.PtyDevice); `live` and the other commands are the real CLI in their own processes,
into a real SQLite file."""

import json
import os
import random
import signal
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from test_sync_e2e import events_stored

from domino.events import dumps, read_match
from dominoboard import control
from dominoboard.db import Database
from dominoboard.link import DeviceLink
from dominoboard.live_store import LiveStore, StoreKeeper
from dominoboard.sync import SyncReport
from harness.pty_device import GUARD_S, ROOT, PtyDevice, patient_link, port_args, wait_for


def lines_of(name: str) -> list[str]:
    setup, events = read_match((ROOT / "examples" / f"{name}.jsonl").read_text())
    return [dumps(setup)] + [dumps(e) for e in events]


def cli(*args: str, timeout: float = GUARD_S) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "dominoboard.cli", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=timeout,
    )


class Live:
    """`dominoboard live` (the terminal board, its output piped) in its own process."""

    def __init__(self, port: str, db: Path, *extra: str):
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "dominoboard.cli", "live", *port_args(port), "--db", str(db)]
            + list(extra),
            cwd=ROOT,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )

    def kill(self) -> None:
        self.proc.kill()
        self.proc.wait()

    def stop(self) -> str:
        self.proc.send_signal(signal.SIGINT)
        _, err = self.proc.communicate(timeout=GUARD_S)
        return err.decode()


def stored(db_path: Path) -> dict[str, list[str]]:
    """Every match the database holds, by id, as its event lines (one reader, closed after)."""
    if not db_path.exists():
        return {}
    with Database(db_path, create=False) as db:
        return {m.match: m.lines for m in db.matches()}


def on_device(port: str) -> dict[str, list[str]]:
    """Every match the scoreboard holds, read with the link's own requests."""
    out: dict[str, list[str]] = {}
    with patient_link(port) as link:
        for match, _ in link.request("list")["matches"]:
            lines: list[str] = []
            while True:
                page = link.request("events", match=match, **{"from": len(lines)})
                lines += page["lines"]
                if not page["more"]:
                    break
            out[match] = lines
    return out


def device_count(port: str, match: str) -> int:
    with patient_link(port) as link:
        return dict(link.request("list")["matches"]).get(match, 0)


def held(db_path: Path, match: str) -> int:
    return len(stored(db_path).get(match, []))


def test_live_stores_every_event_as_played_and_syncs_on_connecting(tmp_path):
    allfives, muggins = lines_of("allfives"), lines_of("muggins")
    db = tmp_path / "club.sqlite3"
    with PtyDevice(tmp_path / "flash") as device:
        device.load("m0001", muggins)  # played before the board was started
        device.load("m0002", allfives[:10])
        wait_for(lambda: device_count(device.port, "m0002") == 10)
        live = Live(device.port, db)
        try:
            wait_for(lambda: held(db, "m0002") == 10)  # the sync on connecting
            assert stored(db)["m0001"] == muggins
            for line in allfives[10:40]:  # the table plays on: each event stored as pushed
                device.append("m0002", line)
            wait_for(lambda: held(db, "m0002") == 40)
            device.create("m0003")  # a new match at the table
            for line in muggins[:5]:
                device.append("m0003", line)
            wait_for(lambda: held(db, "m0003") == 5)
        finally:
            live.stop()
        assert stored(db) == on_device(device.port)  # line for line, as sync would hold it


def test_sync_names_and_export_go_through_a_running_live(tmp_path):
    # They used to be refused ("in use by process N"): the board had to be stopped first.
    muggins = lines_of("muggins")
    db, other = tmp_path / "club.sqlite3", tmp_path / "mine.sqlite3"
    with PtyDevice(tmp_path / "flash") as device:
        device.load("m0001", muggins[:20])
        wait_for(lambda: device_count(device.port, "m0001") == 20)
        live = Live(device.port, db)
        try:
            wait_for(lambda: held(db, "m0001") == 20)
            done = cli("sync", *port_args(device.port), "--db", str(other))
            assert done.returncode == 0, done.stderr
            assert "1 match(es), 20 new event(s) in 1 match(es)" in done.stdout
            done = cli("names", *port_args(device.port), "Ana", "Ben", "Zoë")
            assert (done.returncode, done.stdout) == (0, "3 name(s) stored on the scoreboard\n")
            done = cli("export", "--from-device", *port_args(device.port), "--format", "json")
            assert done.returncode == 0, done.stderr
            assert '"match":"m0001"' in done.stdout.replace(" ", "")
            for line in muggins[20:25]:  # live goes on storing after serving them
                device.append("m0001", line)
            wait_for(lambda: held(db, "m0001") == 25)
        finally:
            err = live.stop()
        assert "Traceback" not in err
        with patient_link(device.port) as link:
            assert link.request("hello")["names"] == ["Ana", "Ben", "Zoë"]
        assert stored(other)["m0001"] == muggins[:20]
        assert stored(db) == on_device(device.port)


def test_the_control_channel_is_this_users_alone(tmp_path):
    with PtyDevice(tmp_path / "flash") as device:
        live = Live(device.port, tmp_path / "db.sqlite3")
        try:
            wait_for(lambda: any(control.live_dir().glob("*.sock")))
            folder = control.live_dir()
            sock = next(folder.glob("*.sock"))
            assert stat.S_IMODE(folder.stat().st_mode) == 0o700
            assert stat.S_IMODE(sock.stat().st_mode) == 0o600
            assert stat.S_ISSOCK(sock.stat().st_mode)
        finally:
            live.stop()
        assert not list(folder.glob("*.sock"))  # removed on Ctrl-C


def test_a_port_live_does_not_follow_is_opened_directly(tmp_path):
    with PtyDevice(tmp_path / "a") as a, PtyDevice(tmp_path / "b") as b:
        live = Live(a.port, tmp_path / "db.sqlite3")
        try:
            wait_for(lambda: any(control.live_dir().glob("*.sock")))
            assert control.connect(b.port) is None
            done = cli("names", *port_args(b.port), "Cy")
            assert done.returncode == 0, done.stderr
        finally:
            live.stop()


def test_sync_summary_names_the_messages_the_scoreboard_dropped():
    report = SyncReport("sim-1")
    report.dropped = 0
    assert "dropped" not in report.summary()
    report.dropped = 7
    assert "the scoreboard dropped 7 message(s) since power-on" in report.summary()


def test_sync_and_live_show_the_scoreboards_dropped_count(tmp_path):
    # A host that asked and never read: the scoreboard dropped replies (hello's `dropped`),
    # which no command showed.
    import serial

    muggins = lines_of("muggins")
    with PtyDevice(tmp_path / "flash") as device:
        device.load("m0001", muggins)
        wait_for(lambda: device_count(device.port, "m0001") == len(muggins))
        stuck = serial.Serial(device.port, timeout=0, write_timeout=10)
        asks = [
            {"proto": 1, "id": 900_000 + i, "op": "events", "match": "m0001", "from": 0}
            for i in range(400)  # 3 KB a reply: far more than the pty holds (~64 KB)
        ]
        try:
            stuck.write(b"".join((json.dumps(a) + "\n").encode() for a in asks))
        except serial.SerialTimeoutException:
            pass
        stuck.close()

        def dropped() -> int:
            with patient_link(device.port) as link:
                return link.request("hello")["dropped"]

        # the device drops replies while nobody reads (its own count, over the control pipe);
        # hello is then answered after every request before it: the backlog, all counted
        wait_for(lambda: device.report(tmp_path / "report.json")["dropped"] > 0)
        n = dropped()
        assert n > 0 and dropped() == n
        done = cli("sync", *port_args(device.port), "--db", str(tmp_path / "db.sqlite3"))
        assert done.returncode == 0, done.stderr
        assert f"the scoreboard dropped {n} message(s) since power-on" in done.stdout
        live = subprocess.Popen(
            [sys.executable, "-m", "dominoboard.cli", "live", *port_args(device.port)]
            + ["--db", str(tmp_path / "db.sqlite3")],
            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        )
        wait_for((control.live_dir() / f"{live.pid}.sock").exists)  # its control channel
        done = cli("names", *port_args(device.port), "Ana")  # a request through live: it is up
        assert done.returncode == 0, done.stderr
        live.send_signal(signal.SIGINT)
        out, err = live.communicate(timeout=GUARD_S)
    assert f"{n} message(s) dropped by the scoreboard" in out, out[-2000:]


def kill_at_random_points(tmp_path: Path, seed: int, kills: int) -> None:
    """Kill live (SIGKILL) at seeded random points while the table plays: after a seeded
    number of plays, once it has stored a seeded share of what the table holds (nothing new:
    while it starts), by the database, not by the host's clock. What it stored is always a prefix of
    each match, and a sync afterwards holds the box line for line."""
    rng = random.Random(seed)
    games = [lines_of("allfives"), lines_of("muggins"), lines_of("block")]
    db = tmp_path / "db.sqlite3"
    with PtyDevice(tmp_path / "flash") as device:
        device.load("m0001", games[0][:5])
        wait_for(lambda: device_count(device.port, "m0001") == 5)
        played = {"m0001": 5}
        plan = {"m0001": games[0], "m0002": games[1], "m0003": games[2]}
        for _ in range(kills):
            live = Live(device.port, db)
            for _ in range(rng.randint(1, 40)):
                match = rng.choice(sorted(plan))
                if match not in played:
                    device.create(match)
                    played[match] = 0
                if played[match] < len(plan[match]):
                    device.append(match, plan[match][played[match]])
                    played[match] += 1
            # from what it held (killed while it starts) to all the table holds
            share = rng.randint(events_stored(db), sum(played.values()))
            wait_for(lambda p=live.proc, n=share: p.poll() is not None or events_stored(db) >= n)
            live.kill()
            for match, lines in stored(db).items():
                assert lines == plan[match][: len(lines)], match  # a prefix, never a mix
        wait_for(lambda: device_count(device.port, "m0001") == played["m0001"])
        done = cli("sync", *port_args(device.port), "--db", str(db), "--keep", "all")
        assert done.returncode == 0, done.stderr
        assert stored(db) == on_device(device.port)
        assert {m: len(x) for m, x in on_device(device.port).items()} == played


def test_live_killed_at_random_points_leaves_a_prefix_sync_completes(tmp_path):
    kill_at_random_points(tmp_path, seed=20261129, kills=4)


@pytest.mark.soak
@pytest.mark.parametrize("seed", range(3))
def test_live_killed_many_times_soak(tmp_path, seed):
    kill_at_random_points(tmp_path, seed=seed, kills=20)


def test_stale_socket_of_a_killed_live_is_passed_over(tmp_path):
    folder = control.live_dir()
    folder.mkdir(parents=True, exist_ok=True)
    os.chmod(folder, 0o700)
    dead = subprocess.Popen(["true"])
    dead.wait()
    stale = folder / f"{dead.pid}.sock"
    import socket

    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    s.bind(str(stale))
    s.close()  # bound, never listening: what a SIGKILLed live leaves
    assert control.connect("/dev/null") is None
    assert not stale.exists()
    assert os.path.isdir(folder)


def count(link: DeviceLink, match: str) -> int:
    return dict(link.request("list")["matches"]).get(match, 0)


def test_a_gap_a_damaged_line_or_a_reused_id_falls_back_to_sync(tmp_path):
    allfives, muggins = lines_of("allfives"), lines_of("muggins")
    with PtyDevice(tmp_path / "flash") as device, Database(tmp_path / "db.sqlite3") as db:
        device.load("m0001", allfives[:20])
        wait_for(lambda: device_count(device.port, "m0001") == 20)
        with patient_link(device.port) as link:
            me = link.request("hello")["device"]
        db.add_events(me, "m0001", 0, muggins[:12])  # an older match under the same id
        store = LiveStore(db)
        with patient_link(device.port) as link:
            report = store.connected(link)  # sync's CRC proof: the old copy is kept aside
            assert report.superseded == [("m0001", "m0001~1")]
            assert {m.match: m.lines for m in db.matches()} == {
                "m0001": allfives[:20],
                "m0001~1": muggins[:12],
            }
            device.append("m0001", allfives[20])
            wait_for(lambda: count(link, "m0001") == 21)
            assert store.push(link, "m0001", 20, allfives[20]) == "stored"
            assert store.push(link, "m0001", 20, allfives[20]) == "old"
            for line in allfives[21:24]:  # 21 and 22 never pushed: a gap at 23
                device.append("m0001", line)
            wait_for(lambda: count(link, "m0001") == 24)
            assert store.push(link, "m0001", 23, allfives[23]) == "synced"
            device.append("m0001", allfives[24])
            wait_for(lambda: count(link, "m0001") == 25)
            # a push damaged on the way is never stored: sync reads the event itself
            assert store.push(link, "m0001", 24, '{"k":"pl') == "synced"
            device.create("m0002")
            device.append("m0002", muggins[0])
            wait_for(lambda: count(link, "m0002") == 1)
            assert store.push(link, "m0002", 0, muggins[0]) == "stored"  # a new match
        assert stored(tmp_path / "db.sqlite3")["m0001"] == allfives[:25]
        assert stored(tmp_path / "db.sqlite3")["m0002"] == muggins[:1]
        assert store.syncs == 3


def test_a_control_folder_others_can_reach_is_never_used(tmp_path):
    folder = control.live_dir()
    folder.mkdir(parents=True, exist_ok=True)
    os.chmod(folder, 0o777)  # another user could have put a socket there
    with PtyDevice(tmp_path / "flash") as device:
        assert control.connect(device.port) is None
        done = cli("names", *port_args(device.port), "Ana")  # straight to the port
        assert (done.returncode, done.stdout) == (0, "1 name(s) stored on the scoreboard\n")


def test_a_database_live_cannot_use_is_said_in_words(tmp_path):
    (tmp_path / "not-a-db").write_bytes(b"this is no SQLite file" * 100)
    with PtyDevice(tmp_path / "flash") as device:
        for web in ([], ["--web", "--http-port", "0"]):
            done = cli("live", *port_args(device.port), "--db", str(tmp_path / "not-a-db"), *web)
            assert done.returncode == 1
            assert "Traceback" not in done.stderr
            assert "not a dominoboard database" in done.stderr and "--db" in done.stderr
            assert not list(control.live_dir().glob("*.sock"))


def follow_pushes(link: DeviceLink, store: LiveStore) -> list[str]:
    """Hand every push to ``store`` as the board does, until 2 s pass without one; what
    store.push said of each."""
    said = []
    while True:
        push = link.next_push(2.0)
        if push is None:
            return said
        said.append(store.push(link, push["match"], push["i"], push["line"]))


def test_a_match_deleted_at_the_table_never_lends_its_events_to_the_next(tmp_path):
    # `live` ran; the table started Muggins by mistake, deleted it on the box, started
    # All Fives under the same id: the database's m0001 became Muggins' setup and events
    # followed by All Fives' (the pushes of events it held were taken as "old").
    allfives, muggins = lines_of("allfives"), lines_of("muggins")
    with PtyDevice(tmp_path / "flash") as device, Database(tmp_path / "db.sqlite3") as db:
        device.load("m0001", muggins[:12])
        store = LiveStore(db)
        with patient_link(device.port) as link:
            wait_for(lambda: count(link, "m0001") == 12)
            link.request("subscribe", on=True)
            store.connected(link)
            device.delete("m0001")
            device.load("m0001", allfives[:15])  # an older firmware: the id came back
            wait_for(lambda: count(link, "m0001") == 15)
            said = follow_pushes(link, store)
        assert "synced" in said
    assert stored(tmp_path / "db.sqlite3") == {"m0001": allfives[:15], "m0001~1": muggins[:12]}


def test_a_match_synced_and_freed_is_never_continued_by_a_new_one(tmp_path):
    # The database held m0001, synced whole and freed from the flash since; every database
    # match counted as proved, so the new m0001's pushes were appended to the old one.
    allfives, muggins = lines_of("allfives"), lines_of("muggins")
    with PtyDevice(tmp_path / "flash") as device, Database(tmp_path / "db.sqlite3") as db:
        with patient_link(device.port) as link:
            me = link.request("hello")["device"]
            db.add_events(me, "m0001", 0, muggins)  # synced and freed before tonight
            store = LiveStore(db)
            link.request("subscribe", on=True)
            store.connected(link)
            assert store.proven == set()
            device.load("m0001", allfives[: len(muggins) + 3])
            wait_for(lambda: count(link, "m0001") == len(muggins) + 3)
            said = follow_pushes(link, store)
        assert said[0] == "synced"
    assert stored(tmp_path / "db.sqlite3") == {
        "m0001": allfives[: len(muggins) + 3],
        "m0001~1": muggins,
    }


def test_a_match_gone_from_the_box_is_no_longer_proved_while_live_runs(tmp_path):
    muggins = lines_of("muggins")
    with PtyDevice(tmp_path / "flash") as device, Database(tmp_path / "db.sqlite3") as db:
        device.load("m0001", muggins[:5])
        device.load("m0002", muggins[:3])
        keeper = StoreKeeper(db)
        with patient_link(device.port) as link:
            wait_for(lambda: count(link, "m0002") == 3)
            keeper.connected(link)
            assert keeper.store.proven == {"m0001", "m0002"}
            device.delete("m0001")
            wait_for(lambda: "m0001" not in dict(link.request("list")["matches"]))
            keeper.quiet(link)
            assert keeper.store.proven == {"m0002"}
