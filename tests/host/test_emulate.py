"""`dominoboard emulate`: the real app (firmware/sim_main.py) on the unix port, its serial on a
pty that the host commands use like a Pico's port."""

from dominoboard.cli import main
from dominoboard.emulate import Emulator
from harness.pty_device import patient_link, port_args, wait_for


def test_the_emulated_app_answers_the_host_and_draws_frames(tmp_path, capsys):
    emu = Emulator(str(tmp_path / "flash"))
    try:
        with patient_link(emu.port) as link:
            hello = link.request("hello")
            assert hello["device"].startswith("sim-") and hello["proto"] == 1
        assert main(["names", *port_args(emu.port), "Ana", "Ben", "Cora"]) == 0
        assert "3 name(s) stored" in capsys.readouterr().out
        with patient_link(emu.port) as link:
            assert link.request("hello")["names"] == ["Ana", "Ben", "Cora"]
        emu.send("frame")
        frames: list[str] = []
        wait_for(lambda: bool(frames.extend(emu.frames()) or frames))
        assert frames[-1].startswith("frame ")
        assert len(frames[-1].split("\n")) == 33  # the header and 32 rows of the glass
    finally:
        emu.stop()


def test_a_bad_or_too_small_heap_is_an_error_not_a_silent_exit(tmp_path):
    # `emulate --heap 180K` (the help's old example) died silently with exit 0.
    import subprocess
    import sys

    def emulate(heap: str) -> subprocess.CompletedProcess:
        cli = "import sys; from dominoboard.cli import main; sys.exit(main(sys.argv[1:]))"
        args = ["emulate", "--headless", "--storage", str(tmp_path / "flash"), "--heap", heap]
        return subprocess.run(
            [sys.executable, "-c", cli, *args],
            stdin=subprocess.DEVNULL,
            capture_output=True,
            text=True,
            timeout=60,
        )

    bad = emulate("lots")
    assert bad.returncode == 2 and "'lots': a size like 512K or 2M" in bad.stderr
    small = emulate("180K")
    assert small.returncode == 1
    assert "stopped (exit 1)" in small.stderr and "try --heap 512K" in small.stderr


def test_a_bad_control_command_is_answered_and_the_emulator_runs_on(tmp_path):
    # Before: "tick soon" (or a word for any number, a path it cannot write, bytes that are
    # not text) raised in sim_main and the emulated scoreboard died.
    import os

    emu = Emulator(str(tmp_path / "flash"))
    bad = [
        b"tick soon",
        b"down OK later",
        b"hold OK -5",
        b"tick 99999999999",
        b"press",
        b"png " + str(tmp_path / "no" / "such" / "dir.png").encode(),
        b"\xff\xfe tick",
        b"tick " + b"9" * 600,
    ]
    try:
        for command in bad:
            os.write(emu.control, command + b"\n")
        emu.send("state")
        said = b""

        def answered() -> bool:
            nonlocal said
            while chunk := os.read(emu.screen, 65536):
                said += chunk
            return b"\nstate " in said or said.startswith(b"state ")

        wait_for(answered)
        assert emu.proc.poll() is None, emu.errors()
        lines = said.decode(errors="replace").splitlines()
        errors = [line for line in lines if line.startswith("error ")]
        assert len(errors) == len(bad), errors
        assert "milliseconds are a whole number 0..3600000" in errors[0]
        assert "unknown button" in errors[4]
        assert "at most 512 bytes" in errors[-1]
        with patient_link(emu.port) as link:
            assert link.request("hello")["device"].startswith("sim-")
    finally:
        emu.stop()
