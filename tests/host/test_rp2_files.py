"""Where the emulated Pico looks for the real firmware files (dominoboard.rp2.firmware_dir),
and that a missing or wrong file is reported with the folder, why that folder, and how to
point the tools at another (DOMINOBOARD_RP2_DIR). No Node, no chip."""

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
