"""Where a play's, a draw's and an undo's time goes on the emulated Pico (docs/target.md).

Deploys firmware onto a fresh emulated Pico (`dominoboard deploy`, as the target bench does),
then runs bench/mpy_profile.py on it with `mpremote exec`: a match played by keys sent
straight to the app, each press timed with time.ticks_us (emulated time), with --spans the
hot functions wrapped. `--base REV` first measures the firmware of git revision REV on the
same kind of board, for a before/after in one run. Quicker than bench/target_bench.py (the
bench stays the judge: it times key to last display byte through the buttons).

Run: .venv/bin/python -m bench.profile_target [--base REV] [session options, e.g.
     --presses 150 --game mexican --players 4 --spans]
"""

import shutil
import subprocess
import sys
import tarfile
import tempfile
from io import BytesIO
from pathlib import Path

from dominoboard import deploy
from dominoboard.cli import main as cli
from dominoboard.rp2 import EmulatedPico
from harness.target import SPEED

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "bench" / "mpy_profile.py"


def checkout(rev: str, into: Path) -> Path:
    """The firmware folder of git revision ``rev``, unpacked under ``into``."""
    tar = subprocess.run(
        ["git", "-C", str(ROOT), "archive", rev, "firmware"], capture_output=True, check=True
    ).stdout
    tarfile.open(fileobj=BytesIO(tar)).extractall(into)
    return into / "firmware"


def measure(firmware: Path, args: list[str], work: Path) -> str:
    deploy.FIRMWARE = firmware  # what precompile and the copy read
    with EmulatedPico(work / "flash.img", speed=SPEED) as pico:
        pico.boot()
        pico.wait_event("usb")
        assert cli(["deploy", "--port", pico.port]) == 0
        pico.wait_event("reset")
        pico.wait_drawn()
        text = "ARGS = %r\n" % (["profile"] + args) + SCRIPT.read_text()
        ops = len(pico.flash_ops)
        result = subprocess.run(
            [str(Path(sys.executable).parent / "mpremote"), "connect", pico.port, "exec", text],
            capture_output=True,
            text=True,
            timeout=3600,
        )
        session = pico.flash_ops[ops:]
        erases = [op for op in session if op.get("op") == "erase"]
        events = sum(
            1
            for line in result.stdout.splitlines()
            if line.startswith("press ") and line.split()[2] not in ("menu", "cursor")
        )
        kb = sum(op["count"] for op in erases) // 1024
        programs = sum(1 for op in session if op.get("op") == "program")
        flash = (
            f"flash in the session: {len(erases)} sector erases ({kb} KB), {programs} programs;"
            f" {events} presses recorded events"
        )
        return result.stdout + result.stderr + flash + "\n"


def main() -> int:
    args = sys.argv[1:]
    base = None
    if "--base" in args:
        i = args.index("--base")
        base = args[i + 1]
        del args[i : i + 2]
    work = Path(tempfile.mkdtemp(prefix="profile-target-"))
    runs = []
    if base:
        runs.append((f"before ({base})", checkout(base, work / "base")))
    here = work / "here" / "firmware"  # as it is now: editing on while the runs go is safe
    shutil.copytree(ROOT / "firmware", here, ignore=shutil.ignore_patterns("__pycache__"))
    runs.append(("after (this checkout)" if base else "this checkout", here))
    for name, firmware in runs:
        (work / name[:5]).mkdir()
        out = measure(firmware, args, work / name[:5])
        print(f"== {name}")
        print("\n".join(line for line in out.splitlines() if not line.startswith("press ")))
        (work / name[:5] / "presses.txt").write_text(out)
    print(f"(per-press lines in {work}/*/presses.txt)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
