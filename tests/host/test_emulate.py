"""`dominoboard emulate`: the real app (firmware/sim_main.py) on the unix port, its serial on a
pty that the host commands use like a Pico's port."""

from pty_device import wait_for

from dominoboard.cli import main
from dominoboard.emulate import Emulator
from dominoboard.link import DeviceLink


def test_the_emulated_app_answers_the_host_and_draws_frames(tmp_path, capsys):
    emu = Emulator(str(tmp_path / "flash"))
    try:
        with DeviceLink(emu.port, timeout=10) as link:
            hello = link.request("hello")
            assert hello["device"].startswith("sim-") and hello["proto"] == 1
        assert main(["names", "--port", emu.port, "Ana", "Ben", "Cora"]) == 0
        assert "3 name(s) stored" in capsys.readouterr().out
        with DeviceLink(emu.port, timeout=10) as link:
            assert link.request("hello")["names"] == ["Ana", "Ben", "Cora"]
        emu.send("frame")
        frames: list[str] = []
        wait_for(lambda: bool(frames.extend(emu.frames()) or frames))
        assert frames[-1].startswith("frame ")
        assert len(frames[-1].split("\n")) == 33  # the header and 32 rows of the glass
    finally:
        emu.stop()
