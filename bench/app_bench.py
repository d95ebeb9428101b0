"""Scoreboard app measurements on the MicroPython unix port (make bench).

Runs tests/firmware/mpy/app_session.py (whole matches by button presses, 2,000+ events) on the
mpy-cross-compiled firmware, and writes bench/results/app.txt: peak heap, CPU time per button
event, I2C bytes per display update, and the estimated button-to-screen latency
(CPU + bytes x 22.5 us, 9 bit times per byte at 400 kHz).
"""

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
US_PER_BYTE = 22.5


BUILD = ROOT / "build" / "mpy-app"


def compile_firmware(build: Path = BUILD) -> Path:
    """The firmware as `make deploy` ships it (dominoboard.deploy.precompile: mpy-cross output
    of domino, scoreboard, boards), plus what the unix port runs in place of the Pico: the
    simulated board, micropython-lib's ssd1306 (the Pico gets it as .mpy from mip) and the
    test driver. Nothing is compiled from source inside the measured process."""
    sys.path.insert(0, str(ROOT / "host"))
    from dominoboard.deploy import precompile, tool

    precompile(build)
    cross = tool("mpy-cross")
    extra = [
        (ROOT / "firmware" / "boards" / "sim.py", build / "boards" / "sim.mpy"),
        (ROOT / "firmware" / "boards" / "png.py", build / "boards" / "png.mpy"),
        (ROOT / "build" / "mpy-lib" / "ssd1306.py", build / "ssd1306.mpy"),
        (ROOT / "tests" / "firmware" / "mpy" / "app_driver.py", build / "app_driver.mpy"),
    ]
    for src, dst in extra:
        subprocess.run([cross, "-o", str(dst), str(src)], check=True)
    return build


def main() -> None:
    results = Path(os.environ.get("BENCH_RESULTS", ROOT / "bench" / "results"))
    results.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        build = Path(tmp) / "mpy"
        compile_firmware(build)
        out = subprocess.run(
            [
                str(Path(sys.executable).parent / "micropython"),
                "-X",
                "heapsize=1M",
                "tests/firmware/mpy/app_session.py",
                str(Path(tmp) / "store"),
                "2000",
                str(build),
            ],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=3600,
        )
    line = [ln for ln in out.stdout.splitlines() if ln.startswith("RESULT ")]
    if not line:
        sys.exit("app_session.py gave no result:\n" + out.stdout[-2000:] + out.stderr[-2000:])
    r = json.loads(line[-1][7:])
    lat_med = r["key_us_median"] / 1000 + r["update_bytes_median"] * US_PER_BYTE / 1000
    lat_p95 = r["key_us_p95"] / 1000 + r["update_bytes_p95"] * US_PER_BYTE / 1000
    text = (
        "scoreboard app, MicroPython unix port (64-bit), mpy-cross compiled, heapsize=1M\n"
        f"session: {r['events']} events in {r['matches']} matches, {r['presses']} presses, {r['errors']} errors\n"  # noqa: E501
        f"peak heap, live after gc at each press: {r['peak_live'] / 1024:.0f} KB (goal <= 64 KB for the app's data;"  # noqa: E501
        " includes code, the simulated board and the test driver)\n"
        f"peak heap, allocated incl. garbage: {r['peak_alloc'] / 1024:.0f} KB\n"
        f"CPU per button event (poll that handled a key, incl. redraw into RAM): median {r['key_us_median']} us,"  # noqa: E501
        f" p95 {r['key_us_p95']} us, max {r['key_us_max']} us over {r['keys']} keys\n"
        f"I2C bytes per display update: median {r['update_bytes_median']}, p95 {r['update_bytes_p95']},"  # noqa: E501
        f" max {r['update_bytes_max']} over {r['updates']} updates (full frame 1044)\n"
        f"estimated button->screen latency: median {lat_med:.1f} ms, p95 {lat_p95:.1f} ms (goal <= 30 ms)\n"  # noqa: E501
    )
    print(text, end="")
    (results / "app.txt").write_text(text)


if __name__ == "__main__":
    main()
