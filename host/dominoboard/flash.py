"""`dominoboard flash`: put the scoreboard's firmware on a Pico through its boot drive.

A Pico plugged in with BOOTSEL held shows up as a USB drive, RPI-RP2. Its boot loader says what
it is in INFO_UF2.TXT at the drive's root (the UF2 format's convention: "Board-ID: RPI-RP2"
for the RP2040's ROM), and a UF2 file copied onto it is written to the flash, after which the
Pico reboots into it. This finds that drive among the mounted ones and copies the UF2 `make
firmware` built (build/firmware/dominoboard-pico.uf2, or --uf2) onto it. The UF2 writes the
firmware only: the matches, in the filesystem further up the flash, stay.
"""

import argparse
import os
import shutil
import sys
from pathlib import Path

from .errors import CliError, DeviceError

INFO = "INFO_UF2.TXT"
BOARD_ID = "RPI-RP2"  # the RP2040 boot ROM's; a Pico 2 (RP2350) says RP2350


def mount_points() -> list[Path]:
    """Where removable drives appear: every mount point (Linux), /Volumes (macOS), the drive
    letters (Windows)."""
    if sys.platform == "win32":
        return [Path(f"{letter}:\\") for letter in "DEFGHIJKLMNOPQRSTUVWXYZ"]
    if sys.platform == "darwin":
        volumes = Path("/Volumes")
        return sorted(volumes.iterdir()) if volumes.is_dir() else []
    try:
        with open("/proc/mounts", encoding="utf-8") as f:
            # fields are octal-escaped: a space in a mount point is \040
            points = [line.split()[1].encode().decode("unicode_escape") for line in f]
    except OSError:
        return []
    return [Path(p) for p in points]


def board_id(drive: Path) -> str | None:
    """The Board-ID line of a drive's INFO_UF2.TXT, or None if it has none."""
    try:
        text = (drive / INFO).read_text(encoding="ascii", errors="replace")
    except OSError:
        return None
    for line in text.splitlines():
        key, _, value = line.partition(":")
        if key.strip() == "Board-ID":
            return value.strip()
    return ""


def find_drives(points: list[Path] | None = None) -> list[Path]:
    """The mounted Pico boot drives (INFO_UF2.TXT says Board-ID: RPI-RP2)."""
    return [p for p in (mount_points() if points is None else points) if board_id(p) == BOARD_ID]


def default_uf2() -> Path:
    from .rp2 import TargetMissing, frozen_firmware

    try:
        return frozen_firmware()
    except TargetMissing as e:
        raise CliError(f"{e}; or name a UF2 with --uf2") from None


def add_parser(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser(
        "flash",
        help="copy the scoreboard's firmware (UF2) to a Pico's boot drive",
        description="Copy the scoreboard's firmware to a Pico: plug it in with BOOTSEL held "
        "(it shows up as the drive RPI-RP2), then run this. The matches on the Pico stay.",
    )
    p.add_argument(
        "--uf2",
        type=Path,
        metavar="FILE",
        help="the firmware to copy (default: build/firmware/dominoboard-pico.uf2, `make firmware`)",
    )
    p.add_argument(
        "--drive",
        type=Path,
        metavar="DIR",
        help="the Pico's boot drive (default: the one mounted drive whose INFO_UF2.TXT says "
        "Board-ID: RPI-RP2)",
    )
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    uf2 = args.uf2 or default_uf2()
    if not uf2.is_file():
        raise CliError(f"no firmware file {uf2}: `make firmware` builds it")
    if args.drive is not None:
        found = board_id(args.drive)
        if found is None:
            raise DeviceError(f"{args.drive} has no {INFO}: it is not a Pico's boot drive")
        if found != BOARD_ID:
            raise DeviceError(
                f"{args.drive} is a {found or 'UF2'} boot drive, not a Pico's ({BOARD_ID}): "
                "this firmware is for the Raspberry Pi Pico (RP2040)"
            )
        drive = args.drive
    else:
        drives = find_drives()
        if not drives:
            raise DeviceError(
                "no Pico boot drive (RPI-RP2) is mounted: unplug the Pico, hold its BOOTSEL "
                "button while plugging it in, wait for the drive to appear (mount it if your "
                "system does not), then run this again; or name it with --drive"
            )
        if len(drives) > 1:
            names = ", ".join(str(d) for d in drives)
            raise DeviceError(
                f"several Pico boot drives are mounted ({names}): name one with --drive"
            )
        (drive,) = drives
    dest = drive / uf2.name
    print(f"copying {uf2} ({uf2.stat().st_size} bytes) to {drive}", flush=True)
    with uf2.open("rb") as src, dest.open("wb") as out:
        shutil.copyfileobj(src, out)
        out.flush()
        os.fsync(out.fileno())  # all of it on the Pico before we say so
    print("done: the Pico restarts into the scoreboard (its matches are kept)")
    return 0
