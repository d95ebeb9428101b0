"""`dominoboard deploy`: put the firmware on a Pico with mpremote.

1. Find the Pico and ask a running scoreboard for its REPL (the link's ``repl`` request: while
   the app serves the link a raw Ctrl-C is data, so mpremote alone could not stop it), then
   let the port go (mpremote needs it to itself; the REPL it drives is the same USB serial).
2. Precompile what the device manifest (firmware/manifest.py) lists with mpy-cross into a new
   deploy-*/ in the build folder (a checkout's build/, else the user cache directory), removed
   after (bytecode loads faster and needs less heap than compiling .py on the Pico); main.py
   stays source. Nothing else goes to the board. `--dry-run` keeps its tree (dry-run/) to look
   at.
3. Copy the ssd1306 driver (micropython-lib's, the pinned source the simulated board uses,
   precompiled: no network needed), the packages and main.py, then reset.
"""

import argparse
import runpy
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from .errors import CliError, DeviceError, Refused
from .sources import FIRMWARE, MPY_LIB, build_dir

# -O3: no line-number tables in the bytecode, about 4 KB less heap for the code the device keeps
# loaded (bench/results/app-heap.txt). The app catches every error and shows its type and text,
# never a traceback; to debug with line numbers, copy the .py sources instead.
OPTIMIZE = "-O3"


def manifest() -> dict:
    """firmware/manifest.py: MAIN, REQUIRE, PACKAGES and modules(), what goes to the Pico."""
    return runpy.run_path(str(FIRMWARE / "manifest.py"))


def tool(name: str) -> str:
    beside = Path(sys.executable).parent / name
    found = str(beside) if beside.exists() else shutil.which(name)
    if not found:
        raise CliError(f"no `{name}` command: pip install {name} (`make deps` does)")
    return found


# The Pico's core (Cortex-M0+): the firmware's few native functions (@micropython.viper, as in
# scoreboard/display.py) are compiled for it, as `make firmware` freezes them.
PICO_ARCH = "-march=armv6m"
HOST_ARCH = "-march=host"  # for the MicroPython unix port on this machine (tests, benches)


def compile_one(mpy_cross: str, src: Path, dest: Path, arch: str | None = None) -> None:
    """``src`` to a .mpy at ``dest``; ``arch``: the target's -march, needed by native code
    (none: bytecode only, which loads on any port)."""
    args = [mpy_cross, OPTIMIZE] + ([arch] if arch else []) + ["-o", str(dest), str(src)]
    result = subprocess.run(args, capture_output=True, text=True)
    if result.returncode != 0:
        raise CliError(f"mpy-cross failed on {src}:\n{result.stderr}")


ENCODER_OFF = "ENCODER_FITTED = False"
KEYPAD_OFF = "KEYPAD_FITTED = False"


def precompile(
    out: Path | None = None,
    driver: bool = True,
    encoder: bool = False,
    keypad: bool = False,
    arch: str = PICO_ARCH,
) -> list[Path]:
    """Compile the modules the manifest lists to .mpy under ``out`` (a new deploy-* folder in
    the build folder if None: two deploys at once never share one) and the ssd1306 driver into
    ``out/lib`` if `driver`; returns the folders to copy to the board's root. `encoder`: the
    board has the rotary encoder (boards/pins.py compiled with ENCODER_FITTED = True);
    `keypad`: the matrix keypad (KEYPAD_FITTED = True). `arch`: the -march native code is
    compiled for (HOST_ARCH: the unix port here runs it)."""
    fit = [line for on, line in ((encoder, ENCODER_OFF), (keypad, KEYPAD_OFF)) if on]
    if out is None:
        build_dir().mkdir(parents=True, exist_ok=True)
        out = Path(tempfile.mkdtemp(prefix="deploy-", dir=build_dir()))
    elif out.exists():
        shutil.rmtree(out)
    mpy_cross = tool("mpy-cross")
    listed = manifest()
    folders = []
    if driver:
        (out / "lib").mkdir(parents=True)
        for name in listed["REQUIRE"]:
            src = MPY_LIB / (name + ".py")
            if not src.exists():  # a checkout before `make deps`; a wheel ships it
                raise CliError(f"no {src}: `make deps` fetches micropython-lib's {name} driver")
            compile_one(mpy_cross, src, out / "lib" / (name + ".mpy"))
        folders.append(out / "lib")
    for package in sorted(listed["PACKAGES"]):
        (out / package).mkdir(parents=True, exist_ok=True)
        if "/" not in package:  # a package inside another goes with it
            folders.append(out / package)
    for module in listed["modules"]():
        src = FIRMWARE / module
        dest = out / (module[: -len(".py")] + ".mpy")
        if fit and module == "boards/pins.py":
            text = src.read_text(encoding="utf-8")
            for off in fit:
                if off not in text:
                    raise CliError(f"no `{off}` line in {src}")
                text = text.replace(off, off.replace("False", "True"))
            fitted = out / "pins.py"  # mpy-cross names the module by the file: pins, as usual
            fitted.write_text(text, "utf-8")
            compile_one(mpy_cross, fitted, dest, arch)
            fitted.unlink()
        else:
            compile_one(mpy_cross, src, dest, arch)
    return folders


def commands(port: str, folders: list[Path], mip: bool = False) -> list[list[str]]:
    mpremote = tool("mpremote")
    base = [mpremote, "connect", port]
    listed = manifest()
    out = []
    if mip:
        out += [base + ["mip", "install", name] for name in listed["REQUIRE"]]
    for folder in folders:
        out.append(base + ["fs", "cp", "-r", str(folder), ":"])
    main = listed["MAIN"]
    out.append(base + ["fs", "cp", str(FIRMWARE / main), ":" + main])
    out.append(base + ["reset"])
    return out


HANDOVER_S = 30.0  # wall seconds a busy scoreboard may take to answer (the emulated Pico is slow)


def take_repl(port: str, timeout: float = HANDOVER_S) -> str:
    """Ask the scoreboard on ``port`` to hand its REPL over; returns what happened, in words.

    A board where no app runs (fresh MicroPython, BACK held at power-on, an app that ended)
    answers with its prompt, or not at all: its REPL is free already. Firmware from before the
    ``repl`` request refuses it, and never turned Ctrl-C off."""
    from .link import DeviceLink

    with DeviceLink(port, timeout=0.5) as link:
        req = link.send("repl")
        deadline = time.monotonic() + timeout
        while True:
            try:
                link.reply(req)
                return "the scoreboard handed its REPL over"
            except Refused as e:
                if e.code == "busy":  # the table did not consent: a match is on it
                    raise CliError(
                        f"the scoreboard on {port} keeps its board: {e.detail}; then run this again"
                    ) from None
                return f"the scoreboard answered {e.code}: its Ctrl-C is the REPL's"
            except DeviceError:
                if any(n.startswith(">>>") or "MicroPython" in n for n in link.noise):
                    return "no scoreboard running: the REPL is free"
                if time.monotonic() > deadline:
                    return f"no answer in {timeout:g} s: trying the REPL anyway"


def add_parser(subparsers: argparse._SubParsersAction) -> None:
    from .options import add_port_argument

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
    p.add_argument(
        "--repl-only",
        action="store_true",
        help="only ask the running scoreboard for the REPL, then stop: mpremote can take the "
        "board (the scoreboard starts again at the next reset or power-on)",
    )
    p.add_argument(
        "--encoder",
        action="store_true",
        help="the board has the optional rotary encoder: deploy with "
        "pins.ENCODER_FITTED = True (no need to edit boards/pins.py)",
    )
    p.add_argument(
        "--keypad",
        action="store_true",
        help="the board has the optional matrix keypad: deploy with "
        "pins.KEYPAD_FITTED = True (no need to edit boards/pins.py)",
    )
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
    if not args.dry_run:
        print(f"{port}: {take_repl(port)}", flush=True)
        if getattr(args, "repl_only", False):
            return 0
    keep = build_dir() / "dry-run" if args.dry_run else None  # replaced by the next dry run
    folders = precompile(
        keep,
        driver=not args.mip,
        encoder=getattr(args, "encoder", False),
        keypad=getattr(args, "keypad", False),
    )
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
                    "(dominoboard live, a terminal) holding the port? If the scoreboard does "
                    "not let go, hold BACK while you plug it in (no app starts) and deploy again"
                )
    finally:
        if keep is None:
            shutil.rmtree(out, ignore_errors=True)
    return 0
