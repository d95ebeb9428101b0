"""A scoreboard that lies: replies with a field missing or of another
type gave 27 tracebacks and 2 hangs in 88 runs of sync, export --from-device, live and names,
and a `list` answering `more: true` forever looped sync and export without end. Every reply is
now checked before it is used: a clear error naming the field, exit 3, nothing stored from it.

The device is a fake on a real pty (lying_device.py); the host is the real CLI, pyserial and
SQLite. `make soak` runs many random lies (test_soak_random_lies).
"""

import json
import os
import random
import signal
import subprocess
import sys

import pytest
from lying_device import LyingDevice
from test_sync_e2e import EXAMPLES, match_lines

from dominoboard.cli import main
from dominoboard.db import Database
from harness.pty_device import ROOT

CLI = "import sys; from dominoboard.cli import main; sys.exit(main(sys.argv[1:]))"
# The fake answers at once, so the timeout only ends a host that loops past the fake's budget;
# a loaded machine can leave an honest one silent for half a second.
TIMEOUT = "5"
HELD = {f"m{i:03d}": match_lines(path) for i, path in enumerate(EXAMPLES[:2])}
USES = {  # the ops each command asks
    "sync": {"hello", "clock", "list", "events", "delete"},
    "export": {"hello", "clock", "list", "events"},
    "names": {"names", "presets"},
    "live": {"hello", "clock", "list", "events", "subscribe"},
}


def drop(field):
    def lie(req, msg):
        msg.pop(field, None)
        return msg

    return lie


def put(field, value):
    def lie(req, msg):
        msg[field] = value
        return msg

    return lie


def more_forever(req, msg):
    msg["more"] = True  # the same page again and again
    return msg


def refused_with_a_number(req, msg):
    return {"proto": 1, "id": msg["id"], "ok": False, "error": 5, "detail": None}


LIES = {  # name: (op, lie, what the error must name)
    "hello without device": ("hello", drop("device"), "'device'"),
    "hello firmware a number": ("hello", put("firmware", 7), "'firmware'"),
    "hello playing a number": ("hello", put("playing", 5), "'playing'"),
    "list without more": ("list", drop("more"), "'more'"),
    "list matches as text": ("list", put("matches", "m000"), "'matches'"),
    "list entry mistyped": ("list", put("matches", [[1, "x"]]), "lists [1, "),
    "list more forever": ("list", more_forever, "listed matches it had listed already"),
    "list without ok": ("list", drop("ok"), "has no 'ok'"),
    "events without lines": ("events", drop("lines"), "'lines'"),
    "events line a number": ("events", put("lines", [1]), "'lines'[0]"),
    "events count as text": ("events", put("count", "57"), "'count'"),
    "events more null": ("events", put("more", None), "'more'"),
    "events from elsewhere": ("events", put("from", 3), "from 0 with m00"),
    "events refused with a number": ("events", refused_with_a_number, "'error'"),
    "delete without deleted": ("delete", drop("deleted"), "'deleted'"),
    "subscribe on as text": ("subscribe", put("on", "yes"), "'on'"),
    "names count as text": ("names", put("names", "3"), "'names'"),
    "presets without presets": ("presets", drop("presets"), "'presets'"),
}


def run_command(command: str, port: str, tmp_path, capsys) -> tuple[int, str]:
    """One command against the device, in this process: a traceback fails the test."""
    if command == "live":
        return run_live(port)
    args = {
        "sync": ["sync", "--db", str(tmp_path / "db.sqlite3"), "--keep", "0"],
        "export": ["export", "--from-device", "--format", "json"],
        "names": ["names", "Ana", "Ben", "--presets", str(presets_file(tmp_path))],
    }[command]
    code = main([*args, "--port", port, "--timeout", TIMEOUT])
    return code, capsys.readouterr().err


def presets_file(tmp_path):
    path = tmp_path / "presets.json"
    path.write_text(json.dumps([{"name": "Fives 150", "game": "allfives", "target": 150}]))
    return path


def run_live(port: str) -> tuple[int, str]:
    """`live` in its own process (it runs until Ctrl-C): stopped after a while if it is
    still following, which is right when the lie is in an op it never asks."""
    proc = subprocess.Popen(
        [sys.executable, "-c", CLI, "live", "--port", port, "--timeout", TIMEOUT],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        _, err = proc.communicate(timeout=8)
    except subprocess.TimeoutExpired:
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=20)
    return proc.returncode, err


@pytest.mark.parametrize("lie", LIES)
def test_a_lying_reply_is_named_and_ends_the_command_with_exit_3(tmp_path, capsys, lie):
    op, how, named = LIES[lie]
    for command, ops in USES.items():
        if command == "live" and op not in ops:
            continue  # live would follow on until Ctrl-C: nothing to learn but time
        with LyingDevice(HELD, {op: how}) as device:
            code, err = run_command(command, device.port, tmp_path, capsys)
        assert "Traceback" not in err, (command, err)
        if op in device.ops:
            assert code == 3, (command, code, err)
            assert named in err, (command, err)
            assert f"dominoboard {command}: " in err
        else:
            assert code in (0, 130), (command, code, err)
    if op in USES["sync"] and op != "delete":  # nothing of a lying reply was stored
        db = tmp_path / "db.sqlite3"
        if db.exists():
            with Database(db) as stored:
                for m in stored.matches():
                    assert m.lines == HELD[m.match][: len(m.lines)]


def test_an_honest_fake_is_synced_whole(tmp_path, capsys):
    """The fake itself speaks the protocol: without lies every command succeeds."""
    for command in ("sync", "export", "names"):
        with LyingDevice(HELD) as device:
            code, err = run_command(command, device.port, tmp_path, capsys)
        assert code == 0, (command, err)
    with Database(tmp_path / "db.sqlite3") as db:
        assert {m.match: m.lines for m in db.matches()} == HELD


SOAK_RUNS = 300
VALUES = [None, "x", "", 1.5, -1, 2**40, True, False, [], {}, [[]], ["x"], [["m000", "1"]]]


def random_lie(rng: random.Random):
    op = rng.choice(["hello", "clock", "list", "events", "delete", "names", "presets"])

    def lie(req, msg):
        fields = [k for k in msg if k not in ("proto", "id")]
        field = rng.choice(fields)
        if rng.random() < 0.3:
            msg.pop(field)
        elif isinstance(msg[field], list) and msg[field] and rng.random() < 0.5:
            k = rng.randrange(len(msg[field]))
            msg[field] = list(msg[field])
            msg[field][k] = rng.choice(VALUES)
        else:
            msg[field] = rng.choice(VALUES)
        return msg

    return op, lie


@pytest.mark.soak
def test_soak_random_lies(tmp_path, capsys):
    rng = random.Random(int(os.environ.get("DOMINO_LIE_SEED", "27")))
    outcomes: dict[int, int] = {}
    for run in range(SOAK_RUNS):
        op, lie = random_lie(rng)
        command = rng.choice(["sync", "export", "names"] + (["live"] if run % 20 == 0 else []))
        (tmp_path / str(run)).mkdir()
        with LyingDevice(HELD, {op: lie}) as device:
            code, err = run_command(command, device.port, tmp_path / str(run), capsys)
        assert "Traceback" not in err, (run, command, op, err)
        assert code in (0, 1, 3, 4, 130), (run, command, op, code, err)
        assert "no reply" not in err, (run, command, op, err)  # never a loop that times out
        outcomes[code] = outcomes.get(code, 0) + 1
    print(f"{SOAK_RUNS} lying runs: exit codes {sorted(outcomes.items())}")


@pytest.mark.parametrize(
    "boots",
    [[[1, 2]], [["0badf00d.1", 10**20]], [["0badf00d.1", -5]], ["x"]],
    ids=["numbers", "epoch 1e20", "negative", "text"],
)
def test_a_damaged_record_of_power_on_clocks_never_blocks_a_sync(tmp_path, capsys, boots):
    # A boots.cfg with a valid CRC but a `known` entry [[1,2]] or an epoch of 1e20: every
    # hello carried it, the host refused the reply, and no sync could ever run again.
    lie = put("boots", boots + [["0badf00d.2", 1_750_000_000]])
    with LyingDevice(HELD, {"hello": lie, "clock": lie}) as device:
        code, err = run_command("sync", device.port, tmp_path, capsys)
    assert code == 0, err
    with Database(tmp_path / "db.sqlite3") as db:
        assert {m.match: m.lines for m in db.matches()} == HELD
        known = db.conn.execute("SELECT boot, epoch FROM boots").fetchall()
    assert known == [("0badf00d.2", 1_750_000_000)]  # the sound one is kept
