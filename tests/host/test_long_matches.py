"""Long matches in the Pico's heap: `dominoboard replay --micropython` (the unix port at 180K,
the core precompiled as deploy ships it) folds them and prints CPython's bytes.

Before, the core kept each finished hand as lists, dicts and objects (about 780 bytes a hand on
the 64-bit port) and the standings were made whole (a list of every hand's row, then one
string): a 150-hand Italian match ran out of memory at line 1,343 and a 60-hand Muggins match
at line 1,452, with the heap's words ("out of memory"). bench/results/longmatch.txt has the
smallest heap of each, before and after."""

import subprocess
import sys

import pytest

from dominoboard.cli import main
from harness import long_matches
from harness.pty_device import ROOT


def replay(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "dominoboard.cli", "replay", *args],
        capture_output=True,
        cwd=ROOT,
        timeout=600,
    )


@pytest.mark.parametrize("name", list(long_matches.MATCHES))
def test_a_long_match_folds_byte_identical_in_the_picos_heap(tmp_path, name):
    path = long_matches.write(name, tmp_path)
    on_cpython = replay(str(path))
    on_micropython = replay(str(path), "--micropython")
    assert on_micropython.returncode == 0, on_micropython.stderr
    assert on_cpython.returncode == 0, on_cpython.stderr
    assert on_cpython.stdout == on_micropython.stdout
    _setup, events = long_matches.match(name)
    hands = {"italian-150": 150, "mexican-8-undos": 13, "muggins-60": 60}[name]
    out = on_cpython.stdout
    assert b'"events":%d,' % len(events) in out and b'"over":true' in out
    assert out.count(b'{"hand":') + out.count(b'"declared":true,"hand":') == hands
    assert b'"hand":%d,' % hands in out and b'"hand":%d,' % (hands + 1) not in out


def test_the_standings_are_written_a_hand_at_a_time_with_dumps_bytes():
    # domino.standings.write gives what dumps(standings()) gives, without the whole text.
    from domino.events import dumps
    from domino.match import Match
    from domino.standings import write

    class Pieces:
        def __init__(self):
            self.parts: list[str] = []

        def write(self, text: str) -> None:
            self.parts.append(text)

    setup, events = long_matches.match("muggins-60")
    m = Match.replay(setup, events)
    out = Pieces()
    write(m, out)
    assert "".join(out.parts) == dumps(m.standings())
    assert max(len(p) for p in out.parts) < 400  # one hand's row at most, never the whole


def test_a_match_past_the_heap_ends_with_an_error_line_not_a_traceback(tmp_path):
    # Before: the whole standings text was copied once more to print it (``out + "\\n"``),
    # outside the fold's care: a MemoryError there was MicroPython's traceback.
    from dominoboard import replay as replay_module

    path = long_matches.write("muggins-60", tmp_path)
    core = replay_module.compiled_core()
    result = subprocess.run(
        [replay_module.micropython_command(), "-X", "heapsize=100K", "-m", "mpy_replay"]
        + [str(core), str(path)],
        capture_output=True,
        env={"MICROPYPATH": str(core)},
        timeout=600,
    )
    assert result.returncode == 1
    assert not result.stderr and b"Traceback" not in result.stdout, result
    assert result.stdout.startswith(b"error: line ") and result.stdout.count(b"\n") == 1
    assert b"out of memory after" in result.stdout


def test_running_out_while_writing_the_standings_is_said_after_what_was_written():
    from dominoboard import mpy_replay

    class Full:
        """A stream whose writing runs the heap out after a few hands."""

        def __init__(self):
            self.parts: list[str] = []

        def write(self, text: str) -> None:
            if len(self.parts) > 5:
                raise MemoryError
            self.parts.append(text)

    path = ROOT / "examples" / "muggins.jsonl"
    lines = path.read_text().splitlines(keepends=True)
    out = Full()
    ok, message = mpy_replay.fold(lines, out=out)
    assert not ok and out.parts
    assert message.startswith(
        f"out of memory writing the standings after folding all {len(lines) - 1} events"
    )


def test_replay_runs_the_core_as_deploy_compiles_it():
    from dominoboard.replay import compiled_core

    core = compiled_core()
    assert (core / "mpy_replay.mpy").is_file()
    assert {p.stem for p in (core / "domino").glob("*.mpy")} == {
        p.stem for p in (ROOT / "firmware" / "domino").glob("*.py")
    }
    assert compiled_core() == core  # made once per version of the sources
    assert main(["replay", "--micropython", str(ROOT / "examples" / "muggins.jsonl")]) == 0
