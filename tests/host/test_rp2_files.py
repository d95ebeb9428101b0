"""Where the emulated Pico looks for the real firmware files (dominoboard.rp2.firmware_dir),
and that a missing or wrong file is reported with the folder, why that folder, and how to
point the tools at another (DOMINOBOARD_RP2_DIR). No Node, no chip."""

import hashlib
import struct
import subprocess

import pytest

from dominoboard import rp2
from dominoboard.rp2 import BOOTROM, UF2, TargetMissing, firmware_dir


def test_a_folder_without_the_files_is_named_with_how_to_set_another(tmp_path, monkeypatch):
    monkeypatch.setenv("DOMINOBOARD_RP2_DIR", str(tmp_path))
    with pytest.raises(TargetMissing) as e:
        firmware_dir()
    said = str(e.value)
    assert f"no {tmp_path / UF2} (the folder DOMINOBOARD_RP2_DIR names)" in said
    assert "set DOMINOBOARD_RP2_DIR to it" in said and BOOTROM in said


def test_the_checkouts_default_says_it_is_the_default(tmp_path, monkeypatch):
    monkeypatch.delenv("DOMINOBOARD_RP2_DIR", raising=False)
    monkeypatch.setattr(rp2, "CHECKOUT", tmp_path / "main")
    with pytest.raises(TargetMissing) as e:
        firmware_dir()
    said = str(e.value)
    assert f"no {tmp_path / 'shared' / 'rp2' / UF2} (the default in a checkout" in said
    assert "DOMINOBOARD_RP2_DIR is unset" in said and "set DOMINOBOARD_RP2_DIR to it" in said


def test_a_wrong_file_is_named_with_how_to_get_the_right_one(tmp_path, monkeypatch):
    monkeypatch.setenv("DOMINOBOARD_RP2_DIR", str(tmp_path))
    for name in (UF2, BOOTROM):
        (tmp_path / name).write_bytes(b"not the firmware")
    with pytest.raises(TargetMissing) as e:
        firmware_dir()
    said = str(e.value)
    assert f"{tmp_path / UF2} (the folder DOMINOBOARD_RP2_DIR names) is not the expected" in said
    assert "micropython.org" in said


# --- the boot ROM and the firmware for `emulate --target rp2`, without shared/rp2 ------------

ROM = b"\x00\x20\x04\x20" * 4096  # 16,384 bytes standing in for the boot ROM (its digest below)


@pytest.fixture
def places(tmp_path, monkeypatch):
    """No checkout beside shared/rp2, an empty user data directory, no variables set; the
    boot ROM's expected digest is ROM's, so the lookup is checked without the real ROM."""
    for name in ("DOMINOBOARD_RP2_DIR", "DOMINOBOARD_BOOTROM", "DOMINOBOARD_UF2"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setattr(rp2, "CHECKOUT", tmp_path / "clone")
    monkeypatch.setattr(rp2, "build_dir", lambda: tmp_path / "clone" / "build")
    monkeypatch.setitem(rp2.SHA256, BOOTROM, hashlib.sha256(ROM).hexdigest())
    return tmp_path


def rom_at(path):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(ROM)
    return path


def test_without_a_boot_rom_the_message_names_every_place_and_how_to_build_it(places):
    with pytest.raises(TargetMissing) as e:
        rp2.find_bootrom()
    said = str(e.value)
    user = places / "data" / "dominoboard" / "rp2" / BOOTROM
    assert f"no {BOOTROM} (looked in {user}, {places / 'shared' / 'rp2' / BOOTROM}" in said
    assert "--bootrom, DOMINOBOARD_BOOTROM, DOMINOBOARD_RP2_DIR not given" in said
    assert "github.com/raspberrypi/pico-bootrom (BSD-3-Clause" in said
    assert f"pass --bootrom PATH, set DOMINOBOARD_BOOTROM to its path, or copy it to {user}" in said


def test_the_boot_rom_comes_from_bootrom_then_the_variable_then_the_user_then_shared(
    places, monkeypatch
):
    shared = rom_at(places / "shared" / "rp2" / BOOTROM)
    assert rp2.find_bootrom() == shared
    user = rom_at(places / "data" / "dominoboard" / "rp2" / BOOTROM)
    assert rp2.find_bootrom() == user
    named = rom_at(places / "elsewhere" / "rom.bin")
    monkeypatch.setenv("DOMINOBOARD_BOOTROM", str(named))
    assert rp2.find_bootrom() == named
    given = rom_at(places / "given.bin")
    assert rp2.find_bootrom(given) == given


def test_a_named_boot_rom_that_is_missing_or_wrong_is_never_passed_over(places, monkeypatch):
    rom_at(places / "data" / "dominoboard" / "rp2" / BOOTROM)  # a good one in the default place
    with pytest.raises(TargetMissing, match=r"no .*nothere.bin \(named by --bootrom\)"):
        rp2.find_bootrom(places / "nothere.bin")
    wrong = places / "wrong.bin"
    wrong.write_bytes(b"\xff" * 16384)
    monkeypatch.setenv("DOMINOBOARD_BOOTROM", str(wrong))
    with pytest.raises(TargetMissing) as e:
        rp2.find_bootrom()
    said = str(e.value)
    assert f"{wrong} (named by DOMINOBOARD_BOOTROM) is not the expected file" in said
    assert "pico-bootrom" in said


def uf2(path, payload: bytes, family: int = 0xE48BFF56):
    """A UF2 file of ``payload`` in 256-byte blocks at the Pico's flash address."""
    chunks = [payload[i : i + 256].ljust(256, b"\0") for i in range(0, len(payload), 256)]
    blocks = b""
    for n, chunk in enumerate(chunks):
        head = struct.pack("<8I", 0x0A324655, 0x9E5D5157, 0x2000, 0x10000000 + 256 * n, 256, n,
                           len(chunks), family)
        blocks += head + chunk.ljust(476, b"\0") + struct.pack("<I", 0x0AB16F30)
    path.write_bytes(blocks)
    return path


def test_a_uf2_is_told_apart_from_what_is_no_pico_firmware(tmp_path):
    # The frozen names table spans a block boundary, as it may in a real build.
    frozen = b"\0" * 250 + b"domino/match.py\0scoreboard/app.py\0main.py\0"
    assert rp2.uf2_holds_scoreboard(uf2(tmp_path / "frozen.uf2", frozen))
    assert not rp2.uf2_holds_scoreboard(uf2(tmp_path / "stock.uf2", b"MicroPython v1.28.0" * 40))
    (tmp_path / "notes.txt").write_text("hello")
    cases = {
        tmp_path / "missing.uf2": "no such file; give the scoreboard's firmware (`make firmware`",
        tmp_path / "notes.txt": "not a UF2 file (5 bytes, not whole 512-byte blocks)",
        uf2(tmp_path / "pico2.uf2", b"x" * 300, family=0xE48BFF59): "a UF2 for RP2350 (ARM), "
        "not for the RP2040 the emulated Pico has",
    }
    (tmp_path / "zeros.uf2").write_bytes(b"\0" * 1024)
    cases[tmp_path / "zeros.uf2"] = "not a UF2 file (block 0 has no UF2 magic numbers)"
    for path, message in cases.items():
        with pytest.raises(TargetMissing) as e:
            rp2.uf2_holds_scoreboard(path)
        assert f"--uf2 {path}: {message}" in str(e.value), path


def test_emulate_rp2_says_which_file_is_missing_and_how_to_get_it(places, monkeypatch, capsys):
    from dominoboard.cli import main

    def emulate(*args: str) -> subprocess.CompletedProcess:
        code = main(["emulate", "--headless", *args])
        return subprocess.CompletedProcess(args, code, "", capsys.readouterr().err)

    monkeypatch.setenv("DOMINOBOARD_UF2", str(places / "build" / "firmware" / "none.uf2"))
    storage = places / "flash"
    done = emulate("--target", "rp2", "--storage", str(storage))
    assert done.returncode == 1 and "Traceback" not in done.stderr
    said = done.stderr
    assert "no firmware to boot: no " + str(places / "build" / "firmware" / "none.uf2") in said
    assert "`make firmware` builds it" in said
    assert "an official MicroPython UF2 for the Raspberry Pi Pico" in said
    assert "named with --uf2 PATH" in said and "micropython.org/download/RPI_PICO" in said
    assert not storage.exists()  # nothing made

    firmware = uf2(places / "stock.uf2", b"MicroPython" * 30)
    done = emulate("--target", "rp2", "--storage", str(storage), "--uf2", str(firmware),
                   "--bootrom", str(places / "rom.bin"))
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert f"no {places / 'rom.bin'} (named by --bootrom)" in done.stderr
    assert "raspberrypi/pico-bootrom" in done.stderr
    assert not storage.exists()

    done = emulate("--target", "rp2", "--storage", str(storage), "--uf2", str(places / "x.uf2"))
    assert done.returncode == 1 and f"--uf2 {places / 'x.uf2'}: no such file" in done.stderr

    done = emulate("--uf2", str(firmware))
    assert done.returncode == 1
    assert "--uf2 is for the emulated Pico (--target rp2)" in done.stderr


def test_each_new_flash_image_is_a_chip_with_its_own_unique_id(tmp_path):
    # Before: the id was the image path's digest, so an image made again at a path (the
    # emulator's default one, wiped) was the same chip, device id and random seed again.
    image = tmp_path / "pico-flash.img"

    def uid_of_a_board() -> str:
        with rp2.EmulatedPico(image) as pico:  # never booted: no Node, no chip running
            return pico.uid

    first = uid_of_a_board()
    image.write_bytes(b"\xff" * 4096)  # the image its first boot makes
    assert uid_of_a_board() == first  # the same chip at every boot
    image.unlink()
    (tmp_path / "pico-flash.img.uid").unlink(missing_ok=True)
    again = uid_of_a_board()
    assert again != first and len(again) == 16
    # an image from before the kept id: its board keeps the id its path gave
    old = tmp_path / "old.img"
    old.write_bytes(b"\xff" * 4096)
    with rp2.EmulatedPico(old) as pico:
        assert pico.uid == hashlib.sha256(str(old.resolve()).encode()).hexdigest()[:16]
    with rp2.EmulatedPico(old, uid="0123456789abcdef") as pico:  # a test that fixes one
        assert pico.uid == "0123456789abcdef"
