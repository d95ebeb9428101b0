"""`make firmware` (tools/build_firmware.py): what it says without sources, the cache key that
decides whether the UF2 is rebuilt, and (make soak) that two builds give the same bytes. (The
build itself runs in `make test` before pytest; the emulated Pico's tests boot what it made.)"""

import importlib.util
import os
import shutil
import subprocess
import sys

import pytest

from harness.pty_device import ROOT

SCRIPT = ROOT / "tools" / "build_firmware.py"
spec = importlib.util.spec_from_file_location("build_firmware", SCRIPT)
assert spec and spec.loader
build_firmware = importlib.util.module_from_spec(spec)
spec.loader.exec_module(build_firmware)


def test_without_sources_it_says_what_to_get(tmp_path, monkeypatch, capsys):
    monkeypatch.delenv("MICROPY_DIR", raising=False)
    monkeypatch.setattr(build_firmware, "ARCHIVE", tmp_path / build_firmware.ARCHIVE_NAME)
    assert build_firmware.main([]) == 2
    err = capsys.readouterr().err
    assert "no MicroPython sources" in err and build_firmware.ARCHIVE_SHA256 in err
    assert "MICROPY_DIR" in err and str(tmp_path) in err


def test_a_micropy_dir_that_is_not_micropython_is_refused(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("MICROPY_DIR", str(tmp_path))
    assert build_firmware.main([]) == 2
    assert "is not a MicroPython checkout (no ports/rp2)" in capsys.readouterr().err


@pytest.fixture
def firmware_copy(tmp_path, monkeypatch):
    """The build's inputs, copied: the firmware tree (its board folder inside) and the driver."""
    firmware = tmp_path / "firmware"
    shutil.copytree(ROOT / "firmware", firmware, ignore=shutil.ignore_patterns("__pycache__"))
    lib = tmp_path / "mpy-lib"
    shutil.copytree(ROOT / "build" / "mpy-lib", lib)
    monkeypatch.setattr(build_firmware, "ROOT", tmp_path)
    monkeypatch.setattr(build_firmware, "FIRMWARE", firmware)
    monkeypatch.setattr(build_firmware, "MPY_LIB", lib)
    monkeypatch.setattr(build_firmware, "BOARD_DIR", firmware / "boards" / "DOMINOBOARD_PICO")
    return firmware


def test_the_cache_key_follows_every_frozen_file_and_nothing_else(firmware_copy, monkeypatch):
    monkeypatch.setattr(build_firmware, "__file__", str(firmware_copy / "manifest.py"))
    digest = build_firmware.inputs_digest
    before = digest("archive x")
    assert digest("archive x") == before
    (firmware_copy / "boards" / "sim.py").write_text("# the simulated board is not frozen\n")
    assert digest("archive x") == before
    assert digest("archive y") != before  # other MicroPython sources
    for frozen in ("domino/match.py", "main.py", "boards/DOMINOBOARD_PICO/mpconfigboard.h"):
        path = firmware_copy / frozen
        text = path.read_text()
        path.write_text(text + "\n")
        assert digest("archive x") != before, frozen
        path.write_text(text)
    assert digest("archive x") == before


@pytest.mark.soak
def test_two_builds_give_the_same_bytes():
    """Reproducible: built twice from scratch, the UF2 is the same file (about 12 minutes on
    two cores, hence `make soak`). Measured so by hand on the commit that added it."""
    if not os.environ.get("MICROPY_DIR") and not build_firmware.ARCHIVE.exists():
        pytest.skip(build_firmware.how_to_get())
    digests = []
    for _ in range(2):
        build_firmware.STAMP.unlink(missing_ok=True)  # build, do not take the cached one
        assert subprocess.run([sys.executable, str(SCRIPT)]).returncode == 0
        digests.append(build_firmware.sha256_file(build_firmware.UF2))
    assert digests[0] == digests[1]


def uf2_block(address: int, size: int = 256) -> bytes:
    head = (0x0A324655).to_bytes(4, "little") + (0x9E5D5157).to_bytes(4, "little")
    head += (0x2000).to_bytes(4, "little") + address.to_bytes(4, "little")
    head += size.to_bytes(4, "little") + bytes(12)
    return head + bytes(476) + (0x0AB16F30).to_bytes(4, "little")


def test_a_firmware_reaching_into_the_event_ring_is_told_by_its_end():
    """The build refuses a UF2 that writes at or past the event ring (0x90000): dropping it
    on a Pico would overwrite events not yet folded into littlefs."""
    base = build_firmware.FLASH_BASE
    below = uf2_block(base) + uf2_block(base + build_firmware.RING_START - 256)
    assert build_firmware.uf2_end(below) == build_firmware.RING_START
    into = below + uf2_block(base + build_firmware.RING_START)
    assert build_firmware.uf2_end(into) > build_firmware.RING_START
    if build_firmware.UF2.exists():  # the one `make firmware` built
        assert build_firmware.uf2_end(build_firmware.UF2.read_bytes()) <= build_firmware.RING_START
