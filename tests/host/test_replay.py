"""`dominoboard replay`: the same bytes from CPython and from the MicroPython unix port."""

import subprocess
import sys

import pytest

from dominoboard.cli import main
from harness.pty_device import ROOT

EXAMPLES = sorted((ROOT / "examples").glob("*.jsonl"))
GAMES = {"muggins", "allfives", "bergen", "bergen-schmidt", "draw", "block", "doble12"}


def replay(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "dominoboard.cli", "replay", *args],
        capture_output=True,
        cwd=ROOT,
        timeout=600,
    )


def test_there_is_a_finished_example_for_every_game():
    assert {p.stem for p in EXAMPLES} == GAMES


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_example_replays_byte_identical_on_both_interpreters(path):
    on_cpython = replay(str(path))
    on_micropython = replay(str(path), "--micropython")
    assert on_cpython.returncode == 0, on_cpython.stderr
    assert on_micropython.returncode == 0, on_micropython.stderr
    assert on_cpython.stdout == on_micropython.stdout
    assert b'"over":true' in on_cpython.stdout
    assert b'"winners":[[' in on_cpython.stdout


def test_the_object_form_replays_like_json_lines(tmp_path, capsys):
    from domino.events import dumps, read_match

    setup, events = read_match(EXAMPLES[0].read_text())
    doc = tmp_path / "match.json"
    doc.write_text(dumps({"setup": setup, "events": events}))
    assert main(["replay", str(doc)]) == 0
    as_object = capsys.readouterr().out
    assert main(["replay", str(EXAMPLES[0])]) == 0
    assert capsys.readouterr().out == as_object


def test_a_bad_event_is_reported_the_same_on_both_interpreters(tmp_path):
    lines = EXAMPLES[0].read_text().splitlines()
    lines.insert(3, '{"k":"play","p":0,"t":"9-9","e":0}')
    bad = tmp_path / "bad.jsonl"
    bad.write_text("\n".join(lines) + "\n")
    on_cpython = replay(str(bad))
    on_micropython = replay(str(bad), "--micropython")
    assert on_cpython.returncode == on_micropython.returncode == 1
    assert on_cpython.stderr == on_micropython.stderr
    assert b"line 4:" in on_cpython.stderr and b"9-9" in on_cpython.stderr


def test_missing_and_binary_files_are_input_errors(tmp_path, capsys):
    assert main(["replay", str(tmp_path / "nope.jsonl")]) == 1
    assert "cannot read" in capsys.readouterr().err
    binary = tmp_path / "b.jsonl"
    binary.write_bytes(b"\xff\xfe\x00")
    assert main(["replay", str(binary)]) == 1
    assert "not UTF-8" in capsys.readouterr().err


def test_a_13_round_mexican_train_replays_in_the_picos_heap(tmp_path):
    # 1,300+ events: before, the core's in-memory log ran MicroPython's 180 KB heap out at
    # ~500 events (MemoryError traceback). Now the log stays in the file (mpy_replay.FileLog).
    from domino.events import dumps
    from dominoboard.sim.table import Setup, Table

    table = Table(Setup("mexican", ["random"] * 4), 5)
    table.play()
    events = list(table.m.log)
    assert len(events) >= 1254 and table.m.over
    path = tmp_path / "mexican.jsonl"
    path.write_text("".join(dumps(e) + "\n" for e in [table.m.setup, *events]))
    on_cpython = replay(str(path))
    on_micropython = replay(str(path), "--micropython")
    assert on_micropython.returncode == 0, on_micropython.stderr
    assert on_cpython.stdout == on_micropython.stdout
    assert b'"events":%d' % len(events) in on_cpython.stdout


@pytest.mark.parametrize("end", ["true", "false", "0.0", '"0"'])
def test_an_end_that_is_not_a_whole_number_is_refused_alike_on_both(tmp_path, end):
    # CPython took "e": true as end 1 where MicroPython refused it.
    path = tmp_path / "e.jsonl"
    play = '{"k":"play","p":1,"t":"6-5","e":' + end + "}\n"
    path.write_text('{"game":"muggins","players":["A","B"]}\n{"k":"play","p":0,"t":"6-6"}\n' + play)
    on_cpython = replay(str(path))
    on_micropython = replay(str(path), "--micropython")
    assert on_cpython.returncode == on_micropython.returncode == 1
    assert b"line 3: end " in on_cpython.stderr
    assert on_cpython.stderr == on_micropython.stderr


def test_a_match_too_long_for_the_picos_heap_is_said_in_words(tmp_path, capsys):
    # Before: 10^6 events died with MicroPython's own traceback (MemoryError).
    big = tmp_path / "big.jsonl"
    with big.open("w") as f:
        f.write('{"game":"allfives","players":["Ana","Ben"]}\n')
        f.write('{"k":"note","text":"x"}\n' * 10**6)
    assert main(["replay", "--micropython", str(big)]) == 1
    err = capsys.readouterr().err
    assert "Traceback" not in err and "MemoryError" not in err, err
    # Its lines are counted before the fold (one block for their offsets): too many, said so.
    assert f"dominoboard replay: {big}: 1000001 lines: too long a match" in err
    assert "replay it without --micropython" in err


def test_a_fold_past_its_time_limit_is_said_in_words(capsys, monkeypatch):
    # Before: an uncaught subprocess.TimeoutExpired.
    from dominoboard import replay as replay_module

    monkeypatch.setattr(replay_module, "FOLD_SECONDS", 0.001)
    assert main(["replay", "--micropython", str(EXAMPLES[0])]) == 1
    err = capsys.readouterr().err
    assert "took longer than 0.001 s and was stopped" in err, err
