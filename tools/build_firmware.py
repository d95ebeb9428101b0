"""`make firmware`: the scoreboard as one UF2, MicroPython v1.28.0 for the Pico with the app frozen.

    python tools/build_firmware.py [--check]

Sources: MicroPython v1.28.0 with the pico-sdk, tinyusb, micropython-lib and picotool it pins,
the archive ../shared/rp2/micropython-src-v1.28.0.tar.xz beside the checkout (its sha256 is
checked), or a checkout of your own named by MICROPY_DIR (with its submodules and picotool, or
picotool installed). Toolchain: Debian's gcc-arm-none-eabi, libnewlib-arm-none-eabi,
libstdc++-arm-none-eabi-newlib and cmake (the Makefile installs them).

Steps: unpack the archive into build/micropython/ (a fixed path: the path is embedded in the
binary), build picotool without libusb (pico-sdk makes the UF2 with it) and mpy-cross, then
ports/rp2 with our board folder (firmware/boards/DOMINOBOARD_PICO: RPI_PICO plus the pystack)
and firmware/manifest.py as FROZEN_MANIFEST. SOURCE_DATE_EPOCH pins the banner's date: the
same inputs give the same bytes. Out: build/firmware/dominoboard-pico.uf2 (and .elf, for
symbols), rebuilt only when an input changed (a sha256 over every file the manifest freezes,
the board folder, this script and the sources).

`--check` prints whether the UF2 is up to date and exits 1 if not, building nothing.
"""

import argparse
import hashlib
import os
import runpy
import shutil
import subprocess
import sys
import tarfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BUILD = ROOT / "build"
OUT = BUILD / "firmware"
UF2 = OUT / "dominoboard-pico.uf2"
ELF = OUT / "dominoboard-pico.elf"
STAMP = OUT / "inputs.sha256"
FIRMWARE = ROOT / "firmware"
BOARD_DIR = FIRMWARE / "boards" / "DOMINOBOARD_PICO"
MPY_LIB = BUILD / "mpy-lib"

ARCHIVE_NAME = "micropython-src-v1.28.0.tar.xz"
ARCHIVE_SHA256 = "9725a8e66b3a57e5af0b2d7ef5329205f786d2a1eec3114634bdfc840063ddd2"
ARCHIVE_TOP = "micropython-v1.28.0"
ARCHIVE = ROOT.parent / "shared" / "rp2" / ARCHIVE_NAME
UNPACKED = BUILD / "micropython"  # the archive's tree goes to UNPACKED / ARCHIVE_TOP
TOOLS = UNPACKED / "tools"  # picotool, installed flat

# The date in the banner ("MicroPython v1.28.0 on 2026-01-01"): one fixed date, every build.
SOURCE_DATE_EPOCH = "1767225600"  # 2026-01-01 00:00 UTC
TOOLCHAIN = ("arm-none-eabi-gcc", "cmake", "make")
DEBIAN = "gcc-arm-none-eabi libnewlib-arm-none-eabi libstdc++-arm-none-eabi-newlib cmake"


def how_to_get() -> str:
    return (
        f"no MicroPython sources: put {ARCHIVE_NAME} (MicroPython v1.28.0 with the submodules "
        f"it pins and picotool 2.2.0, sha256 {ARCHIVE_SHA256}) in {ARCHIVE.parent}, or point "
        "MICROPY_DIR at a checkout of MicroPython v1.28.0 with its submodules "
        "(git clone -b v1.28.0 https://github.com/micropython/micropython; "
        "make -C micropython/ports/rp2 submodules)"
    )


class BuildError(Exception):
    pass


def frozen_inputs() -> list[Path]:
    """Every file the firmware's contents follow from, but the MicroPython sources."""
    listed = runpy.run_path(str(FIRMWARE / "manifest.py"))
    files = [FIRMWARE / "manifest.py", FIRMWARE / listed["MAIN"], Path(__file__).resolve()]
    files += [FIRMWARE / module for module in listed["modules"]()]
    files += [MPY_LIB / (name + ".py") for name in listed["REQUIRE"]]
    files += sorted(p for p in BOARD_DIR.iterdir() if p.is_file())
    return files


def sha256_file(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            digest.update(chunk)
    return digest.hexdigest()


def inputs_digest(source: str) -> str:
    digest = hashlib.sha256(source.encode())
    for path in frozen_inputs():
        if not path.exists():
            raise BuildError(f"no {path}: `make deps` fetches the pinned driver")
        digest.update(path.relative_to(ROOT).as_posix().encode() + b"\0")
        digest.update(path.read_bytes() + b"\0")
    return digest.hexdigest()


def source() -> tuple[Path, str]:
    """The MicroPython tree to build and a string naming it (for the inputs' digest)."""
    if os.environ.get("MICROPY_DIR"):
        tree = Path(os.environ["MICROPY_DIR"]).resolve()
        if not (tree / "ports" / "rp2" / "Makefile").exists():
            raise BuildError(f"MICROPY_DIR={tree} is not a MicroPython checkout (no ports/rp2)")
        return tree, f"MICROPY_DIR {tree}"
    if not ARCHIVE.exists():
        raise BuildError(how_to_get())
    return UNPACKED / ARCHIVE_TOP, f"archive {ARCHIVE_SHA256}"


def unpack() -> None:
    """The archive into build/micropython/, once per archive (a stamp names its sha256)."""
    stamp = UNPACKED / ".unpacked"
    if stamp.exists() and stamp.read_text() == ARCHIVE_SHA256:
        return
    got = sha256_file(ARCHIVE)
    if got != ARCHIVE_SHA256:
        raise BuildError(f"{ARCHIVE}: sha256 {got}, want {ARCHIVE_SHA256} (a damaged copy?)")
    print(f"unpacking {ARCHIVE} into {UNPACKED}", flush=True)
    shutil.rmtree(UNPACKED, ignore_errors=True)
    UNPACKED.mkdir(parents=True)
    with tarfile.open(ARCHIVE) as tar:
        tar.extractall(UNPACKED, filter="data")
    stamp.write_text(ARCHIVE_SHA256)


def run(cmd: list[str], **kwargs) -> None:
    print("$ " + " ".join(cmd), flush=True)
    if subprocess.run(cmd, **kwargs).returncode != 0:
        raise BuildError(f"`{' '.join(cmd)}` failed (its output is above)")


def jobs() -> str:
    return "-j" + str(os.cpu_count() or 1)


def picotool(tree: Path, env: dict) -> None:
    """picotool without libusb, installed into TOOLS (pico-sdk would otherwise fetch it)."""
    if shutil.which("picotool") or (TOOLS / "picotool" / "picotool").exists():
        return
    src = tree / "picotool-2.2.0"
    if not src.is_dir():
        raise BuildError(
            f"no picotool in {tree}: install picotool 2.x (github.com/raspberrypi/picotool)"
        )
    work = UNPACKED / "picotool-build"
    run(
        ["cmake", "-S", str(src), "-B", str(work), f"-DPICO_SDK_PATH={tree / 'lib' / 'pico-sdk'}",
         "-DPICOTOOL_NO_LIBUSB=1", f"-DCMAKE_INSTALL_PREFIX={TOOLS}", "-DPICOTOOL_FLAT_INSTALL=1"],
        env=env,
    )  # fmt: skip
    run(["make", jobs(), "-C", str(work), "install"], env=env)


# The flash offset where the event ring begins (mpconfigboard.h: 2 MB less littlefs's 1,408 KB
# and the ring's 64 KB): the UF2 must write nothing from here on.
RING_START = 0x90000
FLASH_BASE = 0x10000000  # the XIP address of flash offset 0


def uf2_end(uf2: bytes) -> int:
    """The flash offset just past the last byte a UF2 writes."""
    end = 0
    for at in range(0, len(uf2) - 511, 512):
        address, size = int.from_bytes(uf2[at + 12 : at + 16], "little"), int.from_bytes(
            uf2[at + 16 : at + 20], "little"
        )
        end = max(end, address + size - FLASH_BASE)
    return end


def build(tree: Path) -> None:
    missing = [tool for tool in TOOLCHAIN if not shutil.which(tool)]
    if missing:
        raise BuildError(
            f"no {', '.join(missing)}: apt-get install {DEBIAN} (`make firmware` does)"
        )
    env = dict(
        os.environ, SOURCE_DATE_EPOCH=SOURCE_DATE_EPOCH, PICOTOOL_FETCH_FROM_GIT_PATH=str(TOOLS)
    )
    # Paths compiled into the binary (assertions' __FILE__) relative to the trees, not to
    # where this checkout happens to be. CMake takes CFLAGS when it first configures.
    env["CFLAGS"] = f"-ffile-prefix-map={tree}=micropython -ffile-prefix-map={ROOT}=dominoboard"
    if tree == UNPACKED / ARCHIVE_TOP:
        # The unpacked tree has no git of its own: MicroPython's version header would take
        # this checkout's commit for its own (the banner said "MicroPython 05640f4d29-dirty").
        env["MICROPY_GIT_TAG"] = "v1.28.0"
        env["MICROPY_GIT_HASH"] = ""
    picotool(tree, env)
    if not (tree / "mpy-cross" / "build" / "mpy-cross").exists():
        run(["make", jobs(), "-C", str(tree / "mpy-cross")], env=env)
    port = tree / "ports" / "rp2"
    work = "build-dominoboard"
    shutil.rmtree(port / work, ignore_errors=True)  # a clean build: the same bytes every time
    run(
        ["make", jobs(), "-C", str(port), f"BOARD_DIR={BOARD_DIR}", f"BUILD={work}",
         f"FROZEN_MANIFEST={FIRMWARE / 'manifest.py'}"],
        env=env,
    )  # fmt: skip
    end = uf2_end((port / work / "firmware.uf2").read_bytes())
    if end > RING_START:
        raise BuildError(
            f"the firmware ends at {end:#x}, inside the event ring at {RING_START:#x}: a "
            "Pico would lose its unfolded events to this UF2 (shrink the firmware, or move "
            "the ring: mpconfigboard.h, _boot.py)"
        )
    OUT.mkdir(parents=True, exist_ok=True)
    for built, out in (("firmware.elf", ELF), ("firmware.uf2", UF2)):
        part = out.with_name(out.name + ".part")  # whole or not at all: an emulator may read it
        shutil.copyfile(port / work / built, part)
        part.replace(out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Build the scoreboard's firmware UF2.")
    parser.add_argument("--check", action="store_true", help="only say whether it is up to date")
    args = parser.parse_args(argv)
    try:
        tree, name = source()
        digest = inputs_digest(name)
        fresh = UF2.exists() and STAMP.exists() and STAMP.read_text().strip() == digest
        if args.check or fresh:
            print(f"{UF2.relative_to(ROOT)}: {'up to date' if fresh else 'out of date'}")
            return 0 if fresh else 1
        if name.startswith("archive"):
            unpack()
        STAMP.unlink(missing_ok=True)
        build(tree)
        STAMP.write_text(digest + "\n")
    except BuildError as e:
        print(f"make firmware: {e}", file=sys.stderr)
        return 2
    print(f"{UF2.relative_to(ROOT)}: {UF2.stat().st_size} bytes, sha256 {sha256_file(UF2)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
