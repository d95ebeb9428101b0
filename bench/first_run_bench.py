"""A newcomer's first `make run`: from a fresh clone to the scoreboard's first screen (goal 60 s).

Clones this checkout's committed branch into a temporary folder (nothing of the checkout's
.venv, typings or build/ comes along), then runs `make run` there in an 80×24 pseudo-terminal,
as a person at a terminal does, with its own user data, cache and runtime folders. The time is
from starting `make` to the first frame of the OLED drawn in the terminal (a braille dot after
the emulator printed its serial port); then `q` quits. A second `make run` in the same clone
times a later start. The size of the clone's .venv and the packages in it are recorded too.
pip's own cache is left as it is (warm on a developer's machine, as it was for the figure
this replaces). Results: bench/results/first-run.txt.

    python -m bench.first_run_bench
"""

import fcntl
import os
import pty
import select
import shutil
import signal
import struct
import subprocess
import sys
import tempfile
import termios
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GOAL = 60.0  # seconds to the first screen on a fresh clone
TIMEOUT = 900.0


def first_screen(clone: Path, home: Path) -> tuple[float, str]:
    """`make run` in a pseudo-terminal: seconds to the first drawn frame, and the output."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("VIRTUAL_ENV", "PYTHON"))}
    env.update(
        XDG_DATA_HOME=str(home / "data"),
        XDG_CACHE_HOME=str(home / "cache"),
        XDG_RUNTIME_DIR=str(home / "runtime"),
        TERM="xterm",
        PATH=os.pathsep.join(
            p for p in env.get("PATH", "").split(os.pathsep) if ".venv" not in p
        ),
    )
    (home / "runtime").mkdir(mode=0o700, exist_ok=True)
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    started = time.perf_counter()
    proc = subprocess.Popen(
        ["make", "run"],
        cwd=clone,
        env=env,
        stdin=slave,
        stdout=slave,
        stderr=slave,
        start_new_session=True,
    )
    os.close(slave)
    out = b""
    seen = None
    try:
        while time.perf_counter() - started < TIMEOUT:
            ready, _, _ = select.select([master], [], [], 1.0)
            if not ready:
                if proc.poll() is not None:
                    break
                continue
            try:
                chunk = os.read(master, 65536)
            except OSError:
                break
            out += chunk
            text = out.decode("utf-8", "replace")
            port = text.find("scoreboard serial port:")
            if port >= 0 and any("\u2801" <= ch <= "\u28ff" for ch in text[port:]):
                seen = time.perf_counter() - started
                break
        if seen is not None:
            os.write(master, b"q")
            try:
                proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                pass
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGTERM)
            proc.wait(timeout=30)
        os.close(master)
    text = out.decode("utf-8", "replace")
    if seen is None:
        sys.exit(f"no first screen within {TIMEOUT:.0f} s; make run said:\n{text[-3000:]}")
    return seen, text


def size_of(folder: Path) -> int:
    """Bytes on disk under ``folder`` (allocated blocks, as `du` counts them)."""
    total = 0
    for dirpath, _, files in os.walk(folder):
        for name in files:
            st = os.lstat(os.path.join(dirpath, name))
            total += st.st_blocks * 512
    return total


def main() -> None:
    branch = subprocess.run(
        ["git", "rev-parse", "--abbrev-ref", "HEAD"],
        cwd=ROOT, capture_output=True, text=True, check=True,
    ).stdout.strip()
    commit = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"],
        cwd=ROOT, capture_output=True, text=True, check=True,
    ).stdout.strip()
    work = Path(tempfile.mkdtemp(prefix="first-run-"))
    try:
        clone = work / "clone"
        subprocess.run(
            ["git", "clone", "--quiet", "--branch", branch, str(ROOT), str(clone)], check=True
        )
        home = work / "home"
        home.mkdir()
        first, said = first_screen(clone, home)
        venv = size_of(clone / ".venv")
        packages = subprocess.run(
            [str(clone / ".venv" / "bin" / "python"), "-m", "pip", "list", "--format=freeze",
             "--exclude-editable"],
            capture_output=True, text=True, check=True,
        ).stdout.split()
        later = [first_screen(clone, home)[0] for _ in range(3)]
    finally:
        shutil.rmtree(work, ignore_errors=True)
    heavy = [p for p in packages if p.split("==")[0].lower().startswith(
        ("pyright", "dask", "distributed", "matplotlib", "numpy", "pytest", "hypothesis",
         "nodejs", "micropython-") )]
    lines = [
        "First `make run` (bench/first_run_bench.py): a fresh `git clone` of branch "
        f"{branch} ({commit}), `make run` in an 80x24 pseudo-terminal until the OLED's first "
        "frame is drawn; pip's cache as the machine has it; wall time",
        f"fresh clone to the first screen   {first:.1f} s  (goal <= {GOAL:.0f} s: "
        f"{'met' if first <= GOAL else 'NOT met'})",
        "later starts (the same clone)     "
        + ", ".join(f"{t:.2f}" for t in later) + " s",
        f".venv after `make run`           {venv / 1e6:.0f} MB, {len(packages)} packages "
        "besides dominoboard",
        "test-only packages in it         " + (", ".join(heavy) or "none"),
        "packages                         " + " ".join(sorted(packages)),
    ]
    text = "\n".join(lines) + "\n"
    out = Path(os.environ.get("BENCH_RESULTS", ROOT / "bench" / "results"))
    out.mkdir(parents=True, exist_ok=True)
    (out / "first-run.txt").write_text(text)
    print(text, end="")


if __name__ == "__main__":
    main()
