"""`dominoboard flash`: the UF2 onto a Pico's boot drive, found as the UF2 boot loader says
(INFO_UF2.TXT, Board-ID: RPI-RP2). The drives here are folders holding what the RP2040's boot
drive holds."""

import pytest

from dominoboard import flash
from dominoboard.cli import main
from dominoboard.errors import EXIT_DEVICE, EXIT_INPUT

# What a Pico's boot drive says (the RP2040 boot ROM's INFO_UF2.TXT).
PICO_INFO = "UF2 Bootloader v3.0\nModel: Raspberry Pi RP2\nBoard-ID: RPI-RP2\n"
PICO2_INFO = "UF2 Bootloader v1.0\nModel: Raspberry Pi RP2350\nBoard-ID: RP2350\n"


def drive(folder, info: str | None = PICO_INFO):
    folder.mkdir()
    (folder / "INDEX.HTM").write_text("<html>raspberrypi.com/device/RP2</html>")
    if info is not None:
        (folder / "INFO_UF2.TXT").write_text(info)
    return folder


@pytest.fixture
def uf2(tmp_path):
    path = tmp_path / "dominoboard-pico.uf2"
    path.write_bytes(bytes(range(256)) * 8)
    return path


def test_flash_copies_the_uf2_to_the_one_pico_drive_mounted(tmp_path, uf2, monkeypatch, capsys):
    pico = drive(tmp_path / "RPI-RP2")
    others = [drive(tmp_path / "USB", info=None), drive(tmp_path / "PICO2", PICO2_INFO)]
    monkeypatch.setattr(flash, "mount_points", lambda: [tmp_path, *others, pico])
    assert main(["flash", "--uf2", str(uf2)]) == 0
    assert (pico / uf2.name).read_bytes() == uf2.read_bytes()
    assert not any((d / uf2.name).exists() for d in others)
    assert "restarts into the scoreboard" in capsys.readouterr().out


def test_flash_says_how_to_mount_the_drive_when_none_is(tmp_path, uf2, monkeypatch, capsys):
    monkeypatch.setattr(flash, "mount_points", lambda: [drive(tmp_path / "USB", info=None)])
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
    assert not (other / uf2.name).exists() and not (plain / uf2.name).exists()


def test_flash_to_a_named_drive(tmp_path, uf2):
    pico = drive(tmp_path / "RPI-RP2")
    assert main(["flash", "--uf2", str(uf2), "--drive", str(pico)]) == 0
    assert (pico / uf2.name).read_bytes() == uf2.read_bytes()


def test_flash_without_a_firmware_file_says_how_to_build_it(tmp_path, capsys):
    pico = drive(tmp_path / "RPI-RP2")
    missing = tmp_path / "nothing.uf2"
    assert main(["flash", "--uf2", str(missing), "--drive", str(pico)]) == EXIT_INPUT
    assert "`make firmware` builds it" in capsys.readouterr().err
    assert sorted(p.name for p in pico.iterdir()) == ["INDEX.HTM", "INFO_UF2.TXT"]
