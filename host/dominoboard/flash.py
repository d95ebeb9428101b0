"""`dominoboard flash`: put the scoreboard's firmware on a Pico through its boot drive.

A Pico plugged in with BOOTSEL held shows up as a USB drive, RPI-RP2. Its boot loader says what
it is in INFO_UF2.TXT at the drive's root (the UF2 format's convention: "Board-ID: RPI-RP2"
for the RP2040's ROM), and a UF2 file copied onto it is written to the flash, after which the
Pico reboots into it. The boot loader writes whatever a UF2 says, matches included, so this
reads the file first and copies only the scoreboard's own firmware (`make firmware`,
build/firmware/dominoboard-pico.uf2, or --uf2):

- a UF2 whose every block is for the RP2040 (family) and lies in the flash below the event
  ring and littlefs, where the events and matches live (rp2.EVENTS), with the scoreboard
  frozen in (the marker rp2.uf2_holds_scoreboard looks for); anything else is refused;
- onto a drive that is a UF2 boot drive: FAT (as the boot ROM's is), INFO_UF2.TXT saying
  RPI-RP2; the file is created there, never written through a link or over a file.
"""

import argparse
import os
import struct
import subprocess
import sys
from pathlib import Path

from .errors import CliError, DeviceError

INFO = "INFO_UF2.TXT"
BOARD_ID = "RPI-RP2"  # the RP2040 boot ROM's; a Pico 2 (RP2350) says RP2350
FAT = ("vfat", "msdos", "fat", "fat16", "fat32")  # the boot ROM's drive, as systems name it
MOUNTS = "/proc/mounts"
# Other chips' UF2 families a file may be for (the UF2 format's table; rp2.FAMILIES has Pi's).
OTHER_FAMILIES = {
    0x1C5F21B0: "ESP32",
    0xBFDD4EEE: "ESP32-S2",
    0xC47E5767: "ESP32-S3",
    0xD42BA06C: "ESP32-C3",
    0x68ED2B88: "SAMD21",
    0x55114460: "SAMD51",
    0xADA52840: "nRF52840",
    0x57755A57: "STM32F4",
}


def mounts() -> dict[Path, str | None]:
    """Every mount point and its filesystem's type (None where the system does not say):
    /proc/mounts (Linux), `mount` (macOS), the drive letters (Windows)."""
    if sys.platform == "win32":
        return {Path(f"{letter}:\\"): None for letter in "DEFGHIJKLMNOPQRSTUVWXYZ"}
    if sys.platform == "darwin":
        try:
            said = subprocess.run(["mount"], capture_output=True, text=True, check=True).stdout
        except (OSError, subprocess.CalledProcessError):
            return {}
        found: dict[Path, str | None] = {}
        for line in said.splitlines():  # "/dev/disk4s1 on /Volumes/RPI-RP2 (msdos, local, ...)"
            where, _, kind = line.partition(" on ")[2].rpartition(" (")
            if where:
                found[Path(where)] = kind.split(",")[0]
        return found
    try:
        with open(MOUNTS, encoding="utf-8") as f:
            # fields are octal-escaped: a space in a mount point is \040
            rows = [line.split() for line in f]
    except OSError:
        return {}
    return {Path(row[1].encode().decode("unicode_escape")): row[2] for row in rows if len(row) > 2}


def fs_type(drive: Path) -> str | None:
    """The type of the filesystem mounted at ``drive`` ("" if no filesystem is mounted
    there: a folder, not a drive; None where the system does not say)."""
    table = mounts()
    real = Path(os.path.realpath(drive))
    if real in table:
        return table[real]
    return None if sys.platform == "win32" else ""


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
    """The mounted Pico boot drives (FAT, INFO_UF2.TXT says Board-ID: RPI-RP2)."""
    if points is None:
        points = [p for p, kind in mounts().items() if kind is None or kind in FAT]
    return [p for p in points if board_id(p) == BOARD_ID]


def boot_drive(drive: Path) -> str:
    """What makes ``drive`` a Pico's boot drive (for the message); DeviceError if it is not."""
    found = board_id(drive)
    if found is None:
        raise DeviceError(f"{drive} has no {INFO}: it is not a Pico's boot drive")
    if found != BOARD_ID:
        raise DeviceError(
            f"{drive} is a {found or 'UF2'} boot drive, not a Pico's ({BOARD_ID}): "
            "this firmware is for the Raspberry Pi Pico (RP2040)"
        )
    kind = fs_type(drive)
    if kind == "":
        raise DeviceError(
            f"{drive} is a folder, not a mounted drive: a Pico's boot drive is the drive "
            f"{BOARD_ID} itself"
        )
    if kind is not None and kind not in FAT:
        raise DeviceError(
            f"{drive} is a {kind} drive whose {INFO} says {BOARD_ID}: a Pico's boot drive is "
            "FAT, so this is not one (nothing copied)"
        )
    return f"{drive}: {kind or 'a'} drive, {INFO} Board-ID: {BOARD_ID}"


def firmware_problem(data: bytes) -> str | None:
    """What ``data`` is when it is not the scoreboard's firmware for a Pico; None when it is
    a UF2 of RP2040 blocks, all below the event ring and littlefs (rp2.EVENTS)."""
    from .rp2 import EVENTS, FAMILIES, FLASH, RP2040, UF2_FAMILY_FLAG, UF2_MAGIC

    if not data:
        return "an empty file"
    if len(data) % 512 or data[:4] != struct.pack("<I", UF2_MAGIC[0]):
        try:
            data.decode("utf-8")
            what = "a text file"
        except UnicodeDecodeError:
            what = "a file"
        return f"{what} of {len(data)} bytes, not a UF2 (whole 512-byte blocks)"
    for at in range(0, len(data), 512):
        block = data[at : at + 512]
        magic = (*struct.unpack_from("<II", block, 0), *struct.unpack_from("<I", block, 508))
        if magic != UF2_MAGIC:
            return f"a damaged UF2: block {at // 512} has no UF2 magic numbers"
        flags, address, size, _no, _count, family = struct.unpack_from("<6I", block, 8)
        if not flags & UF2_FAMILY_FLAG:
            return f"a UF2 that names no chip (block {at // 512} has no family)"
        if family != RP2040:
            chip = FAMILIES.get(family) or OTHER_FAMILIES.get(family) or f"family 0x{family:08X}"
            return f"a UF2 for {chip}, not for the Pico's RP2040"
        if not (FLASH <= address and address + size <= EVENTS):
            return (
                f"a UF2 that writes 0x{address:08X}..0x{address + size:08X}, outside the "
                f"firmware's part of the flash (0x{FLASH:08X}..0x{EVENTS:08X}); from "
                f"0x{EVENTS:08X} on are the events and the matches, which it would overwrite "
                "(as a flash_nuke.uf2 does)"
            )
    return None


def check_firmware(uf2: Path) -> str:
    """What was checked of ``uf2`` (for the message); CliError naming what it is when it is
    not the scoreboard's firmware for a Pico."""
    from .rp2 import EVENTS, TargetMissing, uf2_holds_scoreboard

    try:
        data = uf2.read_bytes()
    except OSError as e:
        raise CliError(f"cannot read {uf2}: {e.strerror or e}") from None
    why = firmware_problem(data)
    refused = "not copied: `dominoboard flash` copies only the scoreboard's firmware"
    if why:
        raise CliError(f"{uf2} is {why}; {refused} (`make firmware` builds it)")
    try:
        ours = uf2_holds_scoreboard(uf2)
    except TargetMissing as e:
        raise CliError(f"{e}; {refused}") from None
    if not ours:
        raise CliError(
            f"{uf2} is MicroPython without the scoreboard frozen in (stock firmware?); "
            f"{refused} (`make firmware` builds it); `dominoboard deploy` puts the scoreboard "
            "onto stock MicroPython"
        )
    blocks = len(data) // 512
    return (
        f"{uf2}: a UF2 of {blocks} blocks for the RP2040, all below the events and matches "
        f"(the event ring from 0x{EVENTS:08X}, then littlefs), the scoreboard frozen in"
    )


def copy_new(uf2: Path, dest: Path) -> None:
    """Create ``dest`` (never through a link, never over a file) with ``uf2``'s bytes."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)
    try:
        fd = os.open(dest, flags, 0o644)
    except FileExistsError:
        raise DeviceError(
            f"{dest} is there already (a file or a link): a Pico's boot drive holds only "
            f"INDEX.HTM and {INFO}, so this is not one fresh from BOOTSEL; nothing copied"
        ) from None
    except OSError as e:
        raise DeviceError(f"cannot create {dest}: {e.strerror or e}") from None
    with os.fdopen(fd, "wb") as out:
        out.write(uf2.read_bytes())
        out.flush()
        os.fsync(out.fileno())  # all of it on the Pico before we say so


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
    firmware = check_firmware(uf2)
    if args.drive is not None:
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
    where = boot_drive(drive)
    print(f"checked {firmware}", flush=True)
    print(f"checked {where}", flush=True)
    dest = drive / uf2.name
    print(f"copying {uf2} ({uf2.stat().st_size} bytes) to {drive}", flush=True)
    copy_new(uf2, dest)
    print(
        "done: the Pico restarts into the scoreboard; its matches are kept (the firmware "
        "ends below them)"
    )
    return 0
