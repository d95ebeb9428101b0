"""Several `dominoboard emulate` at once: each is found, none hides another, and one flash
directory serves one emulator. Real CLI processes, with the user's runtime and data
directories pointed into the test's own folder."""

import os
import signal
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from dominoboard import emulators
from harness.pty_device import ROOT, wait_for


@pytest.fixture
def user_dirs(tmp_path, monkeypatch):
    """XDG runtime and data directories of our own, for this process and its children."""
    for name in ("XDG_RUNTIME_DIR", "XDG_DATA_HOME"):
        folder = tmp_path / name.lower()
        folder.mkdir(mode=0o700)
        monkeypatch.setenv(name, str(folder))
    return tmp_path


def dominoboard(*args: str) -> subprocess.CompletedProcess:
    """Run the CLI to its end; in a session of its own, so that an emulator it should have
    refused to start (the failure this file looks for) is stopped with its firmware."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "dominoboard.cli", *args],
        cwd=ROOT, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        text=True, start_new_session=True,
    )
    try:
        out, err = proc.communicate(timeout=30)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        out, err = proc.communicate()
    return subprocess.CompletedProcess(proc.args, proc.returncode, out, err)


class Emulate:
    """`dominoboard emulate --headless` in its own process (stdin is not a terminal)."""

    def __init__(self, *args: str):
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "dominoboard.cli", "emulate", "--headless", *args],
            cwd=ROOT, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
            text=True,
        )
        assert self.proc.stdout is not None
        first = self.proc.stdout.readline()
        assert first.startswith("scoreboard serial port: "), first + self.proc.stderr.read()
        self.port = first.split(": ", 1)[1].split()[0]

    def stop(self) -> int:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)
        self.proc.communicate(timeout=20)
        return self.proc.returncode


def test_every_running_emulator_is_listed_and_one_stopping_hides_no_other(user_dirs):
    first = Emulate("--storage", str(user_dirs / "flash-a"))
    second = Emulate("--storage", str(user_dirs / "flash-b"))
    try:
        listed = dominoboard("ports").stdout
        assert f"emu   {first.port}" in listed and f"emu   {second.port}" in listed
        assert emulators.running() == [(first.proc.pid, first.port),
                                       (second.proc.pid, second.port)]
        two = dominoboard("sync", "--db", str(user_dirs / "m.sqlite3"))
        assert two.returncode == 3
        assert "2 emulators running" in two.stderr and "choose one with --port" in two.stderr
        assert second.stop() == 0
        assert emulators.running() == [(first.proc.pid, first.port)]
        assert f"emu   {first.port}" in dominoboard("ports").stdout
        synced = dominoboard("sync", "--db", str(user_dirs / "m.sqlite3"))  # found on its own
        assert synced.returncode == 0, synced.stderr
    finally:
        first.stop()
        second.stop()
    assert emulators.running() == []
    assert list(emulators.markers_dir().iterdir()) == []


def test_a_flash_directory_serves_one_emulator(user_dirs):
    flash = user_dirs / "flash"
    first = Emulate("--storage", str(flash))
    try:
        wait_for(flash.is_dir)  # the firmware's store made it
        wait_for((flash / "boots.cfg").exists)  # and counted its power-on: the boot is done
        before = sorted(p.name for p in flash.iterdir())
        refused = dominoboard("emulate", "--headless", "--storage", str(flash))
        assert refused.returncode == 1
        assert f"{flash} is the flash of another running emulator (pid {first.proc.pid})" in (
            refused.stderr
        )
        assert "give this one its own with --storage DIR" in refused.stderr
        assert sorted(p.name for p in flash.iterdir()) == before
        assert emulators.running() == [(first.proc.pid, first.port)]
    finally:
        assert first.stop() == 0
    again = Emulate("--storage", str(flash))  # free again once the first has stopped
    assert again.stop() == 0


def test_without_storage_the_flash_is_in_the_users_data_directory(user_dirs):
    emu = Emulate()
    try:
        flash = user_dirs / "xdg_data_home" / "dominoboard" / "emulator-flash"
        assert emulators.default_flash() == flash
        wait_for(flash.is_dir)
    finally:
        assert emu.stop() == 0


def test_a_killed_emulators_marker_is_dropped(user_dirs):
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    marker = emulators.markers_dir() / f"{dead.pid}.port"
    marker.parent.mkdir(parents=True)
    marker.write_text("/dev/pts/99\n")
    assert emulators.running() == []
    assert not marker.exists()
    assert os.listdir(emulators.markers_dir()) == []
    assert Path(emulators.markers_dir()).parent == user_dirs / "xdg_runtime_dir" / "dominoboard"


def test_the_rp2_emulator_is_refused_a_flash_the_unix_one_holds(user_dirs):
    """The lock comes before the emulated Pico is looked for: this needs neither Node nor the
    firmware files."""
    flash = user_dirs / "flash"
    first = Emulate("--storage", str(flash))
    try:
        refused = dominoboard("emulate", "--headless", "--target", "rp2", "--storage", str(flash))
        assert refused.returncode == 1
        assert f"{flash} is the flash of another running emulator (pid {first.proc.pid})" in (
            refused.stderr
        )
        assert not (flash / "pico-flash.img").exists()
        assert emulators.running() == [(first.proc.pid, first.port)]
    finally:
        assert first.stop() == 0


class _UnpoweredPico:
    """Stands in for rp2.EmulatedPico: what TargetSession does with the flash lock is all
    that is looked at here, so no chip is started."""

    def __init__(self, image, speed, uf2=None, bootrom=None):
        self.port = "/dev/null"
        self.uf2 = uf2
        self.lock = threading.Lock()

    def boot(self, firmware=False):
        assert not firmware  # the image exists: nothing to flash or deploy

    def close(self):
        pass


def test_a_flash_the_rp2_emulator_holds_is_refused_to_either_target(user_dirs, monkeypatch):
    from dominoboard import rp2

    monkeypatch.setattr(rp2, "EmulatedPico", _UnpoweredPico)
    monkeypatch.setattr(rp2, "find_bootrom", lambda path=None: Path(os.devnull))
    flash = user_dirs / "flash"
    flash.mkdir()
    (flash / "pico-flash.img").write_bytes(b"")  # a Pico deployed before
    session = rp2.TargetSession(str(flash))
    try:
        holder = f"{flash} is the flash of another running emulator (pid {os.getpid()})"
        for target in ("unix", "rp2"):
            refused = dominoboard(
                "emulate", "--headless", "--target", target, "--storage", str(flash)
            )
            assert refused.returncode == 1, target
            assert holder in refused.stderr, target
        with pytest.raises(emulators.CliError, match="pid"):
            rp2.TargetSession(str(flash))
    finally:
        session.stop()
    emulators.FlashLock(flash).release()  # free again once it has stopped
