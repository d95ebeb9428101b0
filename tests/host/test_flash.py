"""`dominoboard flash`: the scoreboard's firmware, and nothing else, onto a Pico's boot drive,
found as the UF2 boot loader says (a FAT drive whose INFO_UF2.TXT says Board-ID: RPI-RP2).

The drives here are folders holding what the RP2040's boot drive holds, listed in a mount
table written as /proc/mounts is (flash.MOUNTS) with the type each one is said to be. The UF2
files are real ones: built block by block as the format says, and the frozen firmware and
stock MicroPython where this machine has them."""

import os
import struct
from pathlib import Path

import pytest

from dominoboard import flash
from dominoboard.cli import main
from dominoboard.errors import EXIT_DEVICE, EXIT_INPUT
from dominoboard.rp2 import EVENTS, FLASH, FROZEN_MARK, RP2040, UF2_MAGIC

# What a Pico's boot drive says (the RP2040 boot ROM's INFO_UF2.TXT).
PICO_INFO = "UF2 Bootloader v3.0\nModel: Raspberry Pi RP2\nBoard-ID: RPI-RP2\n"
PICO2_INFO = "UF2 Bootloader v1.0\nModel: Raspberry Pi RP2350\nBoard-ID: RP2350\n"
ROOT = Path(__file__).resolve().parents[2]
FROZEN = ROOT / "build" / "firmware" / "dominoboard-pico.uf2"
STOCK = ROOT.parent / "shared" / "rp2" / "micropython-v1.28.0-rpi-pico.uf2"


def uf2_bytes(start: int, size: int, family: int = RP2040, payload: bytes = b"") -> bytes:
    """A UF2 writing ``size`` bytes from flash address ``start``, 256 a block, ``payload``
    at its beginning (as the UF2 format lays blocks out)."""
    data = payload.ljust(size, b"\xff")
    count = (size + 255) // 256
    out = bytearray()
    for n in range(count):
        chunk = data[n * 256 : n * 256 + 256]
        head = struct.pack(
            "<8I", UF2_MAGIC[0], UF2_MAGIC[1], 0x2000, start + n * 256, 256, n, count, family
        )
        out += head + chunk.ljust(476, b"\0") + struct.pack("<I", UF2_MAGIC[2])
    return bytes(out)


# Ours: a firmware below the filesystem with the scoreboard frozen in.
OURS = uf2_bytes(FLASH, 64 * 1024, payload=b"\0" * 300 + FROZEN_MARK)


@pytest.fixture(autouse=True)
def mount_table(tmp_path, monkeypatch):
    table = tmp_path / "mounts"
    table.write_text("proc /proc proc rw 0 0\n")
    monkeypatch.setattr(flash, "MOUNTS", str(table))
    return table


def drive(folder: Path, info: str | None = PICO_INFO, kind: str | None = "vfat") -> Path:
    """A boot drive's files in ``folder``, mounted (in the table) as ``kind`` (None: not
    mounted, a plain folder)."""
    folder.mkdir()
    (folder / "INDEX.HTM").write_text("<html>raspberrypi.com/device/RP2</html>")
    if info is not None:
        (folder / "INFO_UF2.TXT").write_text(info)
    if kind is not None:
        where = str(folder).replace(" ", "\\040")
        with open(flash.MOUNTS, "a") as table:
            table.write(f"/dev/sdz1 {where} {kind} rw,nosuid 0 0\n")
    return folder


@pytest.fixture
def uf2(tmp_path):
    path = tmp_path / "dominoboard-pico.uf2"
    path.write_bytes(OURS)
    return path


def test_flash_copies_the_uf2_to_the_one_pico_drive_mounted(tmp_path, uf2, capsys):
    others = [
        drive(tmp_path / "USB", info=None),
        drive(tmp_path / "PICO2", PICO2_INFO),
        drive(tmp_path / "STICK", kind="ext4"),  # claims RPI-RP2, but no boot ROM writes ext4
    ]
    pico = drive(tmp_path / "RPI RP2")
    assert main(["flash", "--uf2", str(uf2)]) == 0
    assert (pico / uf2.name).read_bytes() == uf2.read_bytes()
    assert not any((d / uf2.name).exists() for d in others)
    out = capsys.readouterr().out
    assert "restarts into the scoreboard" in out
    assert "a UF2 of 256 blocks for the RP2040, all below the events and matches" in out
    assert "vfat drive, INFO_UF2.TXT Board-ID: RPI-RP2" in out


def test_flash_says_how_to_mount_the_drive_when_none_is(tmp_path, uf2, capsys):
    drive(tmp_path / "USB", info=None)
    assert main(["flash", "--uf2", str(uf2)]) == EXIT_DEVICE
    err = capsys.readouterr().err
    assert "no Pico boot drive (RPI-RP2)" in err and "BOOTSEL" in err
    assert "Traceback" not in err


def test_flash_refuses_a_drive_that_is_not_a_picos(tmp_path, uf2, capsys):
    other = drive(tmp_path / "PICO2", PICO2_INFO)
    assert main(["flash", "--uf2", str(uf2), "--drive", str(other)]) == EXIT_DEVICE
    assert "RP2350 boot drive, not a Pico's (RPI-RP2)" in capsys.readouterr().err
    plain = drive(tmp_path / "STICK", info=None)
    assert main(["flash", "--uf2", str(uf2), "--drive", str(plain)]) == EXIT_DEVICE
    assert "has no INFO_UF2.TXT" in capsys.readouterr().err
    ext4 = drive(tmp_path / "FAKE", kind="ext4")
    assert main(["flash", "--uf2", str(uf2), "--drive", str(ext4)]) == EXIT_DEVICE
    assert "is a ext4 drive whose INFO_UF2.TXT says RPI-RP2" in capsys.readouterr().err
    folder = drive(tmp_path / "FOLDER", kind=None)
    assert main(["flash", "--uf2", str(uf2), "--drive", str(folder)]) == EXIT_DEVICE
    assert "is a folder, not a mounted drive" in capsys.readouterr().err
    assert not any((d / uf2.name).exists() for d in (other, plain, ext4, folder))


def test_flash_to_a_named_drive(tmp_path, uf2):
    pico = drive(tmp_path / "RPI-RP2")
    assert main(["flash", "--uf2", str(uf2), "--drive", str(pico)]) == 0
    assert (pico / uf2.name).read_bytes() == uf2.read_bytes()


def test_flash_never_writes_through_a_link_or_over_a_file(tmp_path, uf2, capsys):
    # A link planted on the drive used to be followed: the UF2 went to the file it named.
    pico = drive(tmp_path / "RPI-RP2")
    target = tmp_path / "precious.txt"
    target.write_text("keep me")
    (pico / uf2.name).symlink_to(target)
    assert main(["flash", "--uf2", str(uf2), "--drive", str(pico)]) == EXIT_DEVICE
    assert "is there already (a file or a link)" in capsys.readouterr().err
    assert target.read_text() == "keep me"
    (pico / uf2.name).unlink()
    (pico / uf2.name).symlink_to(tmp_path / "nowhere")  # a dangling link, too
    assert main(["flash", "--uf2", str(uf2), "--drive", str(pico)]) == EXIT_DEVICE
    assert not (tmp_path / "nowhere").exists()
    (pico / uf2.name).unlink()
    (pico / uf2.name).write_bytes(b"left here")
    assert main(["flash", "--uf2", str(uf2), "--drive", str(pico)]) == EXIT_DEVICE
    assert (pico / uf2.name).read_bytes() == b"left here"


# Files that are not the scoreboard's firmware, and what the refusal must call each.
NOT_OURS = {
    "flash_nuke.uf2": (uf2_bytes(FLASH, 2 << 20), "the matches, which it would overwrite"),
    "tail.uf2": (uf2_bytes(EVENTS - 256, 512, payload=FROZEN_MARK), "outside the firmware"),
    "ram.uf2": (uf2_bytes(0x20000000, 4096, payload=FROZEN_MARK), "outside the firmware"),
    "pico2.uf2": (uf2_bytes(FLASH, 4096, 0xE48BFF59, FROZEN_MARK), "a UF2 for RP2350 (ARM)"),
    "esp32.uf2": (uf2_bytes(0, 4096, 0x1C5F21B0), "a UF2 for ESP32, not for the Pico's"),
    "notes.uf2": (b"firmware notes\n" * 100, "a text file of 1500 bytes, not a UF2"),
    "empty.uf2": (b"", "an empty file"),
    "stock.uf2": (uf2_bytes(FLASH, 4096), "MicroPython without the scoreboard frozen in"),
    "damaged.uf2": (OURS[:1000] + b"\0" * 24 + OURS[1024:], "block 1 has no UF2 magic"),
    "nofamily.uf2": (
        OURS[:8] + struct.pack("<I", 0) + OURS[12:],
        "a UF2 that names no chip",
    ),
}


@pytest.mark.parametrize("name", sorted(NOT_OURS))
def test_flash_reads_the_uf2_and_copies_only_the_scoreboards_firmware(tmp_path, name, capsys):
    # Every one of these used to be copied with rc 0 and "its matches are kept": a UF2
    # covering the littlefs region left 0 of 2 matches on the emulated Pico.
    data, said = NOT_OURS[name]
    path = tmp_path / name
    path.write_bytes(data)
    pico = drive(tmp_path / "RPI-RP2")
    assert main(["flash", "--uf2", str(path), "--drive", str(pico)]) == EXIT_INPUT
    err = capsys.readouterr().err
    assert said in err and "not copied" in err, err
    assert "Traceback" not in err
    assert sorted(p.name for p in pico.iterdir()) == ["INDEX.HTM", "INFO_UF2.TXT"]


@pytest.mark.parametrize("path", [FROZEN, STOCK], ids=["frozen", "stock"])
def test_the_real_firmware_files(tmp_path, path):
    if not path.exists():
        pytest.skip(f"no {path} on this machine (`make firmware`; shared/rp2)")
    pico = drive(tmp_path / "RPI-RP2")
    done = main(["flash", "--uf2", str(path), "--drive", str(pico)])
    assert done == (0 if path == FROZEN else EXIT_INPUT)
    assert (pico / path.name).exists() == (path == FROZEN)


def test_flash_without_a_firmware_file_says_how_to_build_it(tmp_path, capsys):
    pico = drive(tmp_path / "RPI-RP2")
    missing = tmp_path / "nothing.uf2"
    assert main(["flash", "--uf2", str(missing), "--drive", str(pico)]) == EXIT_INPUT
    assert "`make firmware` builds it" in capsys.readouterr().err
    assert sorted(p.name for p in pico.iterdir()) == ["INDEX.HTM", "INFO_UF2.TXT"]


def test_the_mount_table_is_read_as_linux_writes_it(tmp_path, mount_table):
    pico = drive(tmp_path / "RPI RP2")
    assert flash.mounts()[pico] == "vfat"  # "\040" for the space
    assert flash.fs_type(pico) == "vfat"
    assert flash.fs_type(tmp_path) == ""
    os.symlink(pico, tmp_path / "link")
    assert flash.fs_type(tmp_path / "link") == "vfat"  # the drive it names


def mutated_uf2(rng, base: bytes) -> bytes:
    """``base`` with one thing wrong: bytes flipped (a header's too), cut, blocks dropped,
    repeated or shifted, or another block's address."""
    data = bytearray(base)
    how = rng.randrange(5)
    if how == 0:
        for _ in range(rng.randrange(1, 6)):
            at = rng.randrange(len(data)) if rng.random() < 0.5 else rng.randrange(32)
            data[at] = rng.randrange(256)
    elif how == 1:
        del data[rng.randrange(len(data)) :]
    elif how == 2:
        n = rng.randrange(len(data) // 512)
        data[n * 512 : n * 512] = data[n * 512 : n * 512 + 512] * rng.randrange(0, 3)
    elif how == 3:
        data[rng.randrange(len(data)) : rng.randrange(len(data))] = b""
    else:
        n = rng.randrange(len(data) // 512)
        address = rng.choice([0, FLASH, EVENTS - 128, EVENTS, 0xFFFFFF00])
        data[n * 512 + 12 : n * 512 + 16] = struct.pack(
            "<I", (address + rng.randrange(512)) & 0xFFFFFFFF
        )
    return bytes(data)


def flash_sound(data: bytes) -> bool:
    """The test's own reading: whole UF2 blocks, each RP2040's and below the matches."""
    if not data or len(data) % 512:
        return False
    for at in range(0, len(data), 512):
        m0, m1, flags, address, size, _, _, family = struct.unpack_from("<8I", data, at)
        (m2,) = struct.unpack_from("<I", data, at + 508)
        if (m0, m1, m2) != UF2_MAGIC or not flags & 0x2000 or family != RP2040:
            return False
        if address < FLASH or address + size > EVENTS:
            return False
    return True


def fuzz_uf2(tmp_path: Path, files: int, seed: int) -> dict:
    import random

    from dominoboard.errors import CliError

    rng = random.Random(seed)
    path = tmp_path / "fuzz.uf2"
    figures = {"accepted": 0, "refused": 0}
    for _ in range(files):
        data = mutated_uf2(rng, OURS)
        path.write_bytes(data)
        try:
            flash.check_firmware(path)
        except CliError as e:
            assert "not copied" in str(e)
            figures["refused"] += 1
            continue
        assert flash_sound(data) and FROZEN_MARK in data
        figures["accepted"] += 1
    return figures


def test_flash_fuzz_sample(tmp_path):
    figures = fuzz_uf2(tmp_path, 300, seed=1)
    assert figures["refused"] > 120 and figures["accepted"] > 60


@pytest.mark.soak
def test_flash_fuzz_20k_files(tmp_path):
    figures = fuzz_uf2(tmp_path, 20_000, seed=int(os.getenv("FUZZ_SEED", "2")))
    assert figures["refused"] + figures["accepted"] == 20_000
