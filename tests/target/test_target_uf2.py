"""`emulate --target rp2` boots the UF2 it is given: the scoreboard's own (`make firmware`) or an
official MicroPython UF2 (--uf2), which gets the scoreboard deployed onto it, with the boot ROM
named by --bootrom. The reference screen is the unix-port emulator's, as in test_target.py."""

import pytest
from test_target import unix_port_screens

from dominoboard import rp2
from dominoboard.rp2 import BOOTROM, UF2, TargetMissing, TargetSession, firmware_dir, rp2040js_dir

# Each test boots a Pico of its own, for a minute or more: dealt first, on its own
# (tests/conftest.py).
pytestmark = pytest.mark.long


def test_the_built_firmware_is_told_from_stock_micropython(frozen):
    assert rp2.uf2_holds_scoreboard(frozen)
    assert not rp2.uf2_holds_scoreboard(firmware_dir() / UF2)


def test_an_official_uf2_named_with_uf2_gets_the_scoreboard_deployed_onto_it(
    tmp_path, monkeypatch
):
    try:
        files = firmware_dir()
        rp2040js_dir()
    except TargetMissing as e:
        pytest.skip(f"the emulated Pico is not available here: {e}")
    # Nothing from the usual places: the firmware and the boot ROM only as named.
    monkeypatch.delenv("DOMINOBOARD_RP2_DIR", raising=False)
    monkeypatch.setenv("DOMINOBOARD_UF2", str(tmp_path / "no-build.uf2"))
    monkeypatch.setattr(rp2, "CHECKOUT", tmp_path / "clone")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    (start,) = unix_port_screens(tmp_path, [])
    storage = tmp_path / "storage"
    session = TargetSession(
        str(storage), speed=8, uf2=files / UF2, bootrom=files / BOOTROM
    )
    try:
        assert session.pico.uf2 == files / UF2
        session.pico.wait_drawn()
        session.pico.settle()
        (frame,) = session.frames()
        assert frame.split("\n", 1)[1].rstrip("\n") == start.rstrip("\n")
    finally:
        session.stop()
    assert (storage / "pico-flash.img").exists()
