"""The device app's session on the MicroPython unix port, as tests/firmware/test_app.py and
bench/app_bench.py both run it: the firmware precompiled as `make deploy` ships it, a session
of whole matches recorded by button presses (tests/firmware/mpy/app_record.py), and the same
presses replayed into the device alone (firmware/sim_main.py) under a chosen heap."""

import json
import os
import subprocess
from pathlib import Path

from harness.pty_device import micropython

ROOT = Path(__file__).resolve().parents[1]
BUILD = ROOT / "build" / "mpy-app"


def compile_firmware(build: Path = BUILD) -> Path:
    """The firmware as `make deploy` ships it (dominoboard.deploy.precompile: mpy-cross output
    of domino, scoreboard, boards), plus what the unix port runs in place of the Pico: the
    simulated board, micropython-lib's ssd1306 (the Pico gets it as .mpy from mip) and the
    test driver. Nothing is compiled from source inside the measured process."""
    from dominoboard.deploy import HOST_ARCH, OPTIMIZE, precompile, tool

    precompile(build, arch=HOST_ARCH)  # native code for this machine's unix port
    cross = tool("mpy-cross")
    extra = [
        (ROOT / "firmware" / "boards" / "sim.py", build / "boards" / "sim.mpy"),
        (ROOT / "firmware" / "boards" / "sim_contacts.py", build / "boards" / "sim_contacts.mpy"),
        (ROOT / "firmware" / "boards" / "sim_flash.py", build / "boards" / "sim_flash.mpy"),
        (ROOT / "firmware" / "boards" / "png.py", build / "boards" / "png.mpy"),
        (ROOT / "build" / "mpy-lib" / "ssd1306.py", build / "ssd1306.mpy"),
        (ROOT / "harness" / "mpy_app_driver.py", build / "mpy_app_driver.mpy"),
    ]
    for src, dst in extra:
        subprocess.run([cross, OPTIMIZE, "-o", str(dst), str(src)], check=True)
    return build


SEED = 11  # tests/firmware/mpy/app_record.py's board seed


def record_session(build: Path, storage: Path, script: Path, events: int = 2000) -> dict:
    """The bots decide and the scorer presses, app in the same process under a big heap
    (tests/firmware/mpy/app_record.py); every button action is written to script."""
    out = subprocess.run(
        [micropython(), "-X", "heapsize=4M", "tests/firmware/mpy/app_record.py",
         str(storage), str(events), str(script), str(build)],
        cwd=ROOT, capture_output=True, text=True, timeout=1800,
    )  # fmt: skip
    line = [ln for ln in out.stdout.splitlines() if ln.startswith("RESULT ")]
    if not line:
        tail = out.stdout[-2000:] + out.stderr[-2000:]
        raise RuntimeError("app_record.py gave no result:\n" + tail)
    return json.loads(line[-1][7:])


def replay_on_device(
    build: Path, script: Path, storage: Path, heap: str, timeout: float = 1800
) -> dict:
    """The device alone: firmware/sim_main.py on the precompiled firmware, its serial on a
    pseudo-terminal, under -X heapsize=heap, fed the recorded control commands (the script
    ends with state and quit). Returns the final state's fields, the exit code and stderr."""
    import pty

    screen = script.with_suffix(".screen")
    screen.write_bytes(b"")
    master, slave = pty.openpty()
    try:
        out = subprocess.run(
            [micropython(), "-X", "heapsize=" + heap, "firmware/sim_main.py",
             "--control", str(script), "--screen", str(screen), "--storage", str(storage),
             "--seed", str(SEED), "--flash-seed", str(SEED), "--mpy", str(build), "--gc-peak"],
            cwd=ROOT, stdin=slave, stdout=slave, stderr=subprocess.PIPE, timeout=timeout,
        )  # fmt: skip
    finally:
        os.close(master)
        os.close(slave)
    state: dict = {"rc": out.returncode, "stderr": out.stderr.decode(errors="replace")[-3000:]}
    replies = screen.read_text(errors="replace").splitlines()
    last = [ln for ln in replies if ln.startswith("state ")]
    if last:
        for field in last[-1].split()[1:]:
            key, _, value = field.partition("=")
            state[key] = int(value) if value.isdigit() else value
    state["replies"] = [ln for ln in replies if ln.startswith("error")][:5]
    return state
