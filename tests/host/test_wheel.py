"""`dominoboard` installed from its wheel, as a user gets it, works outside the checkout.

The wheel is built from this checkout (`pip wheel --no-deps`) and installed with `--no-deps`
into a new virtualenv; its dependencies come from the dev venv's site-packages through a .pth
file (a plain path: the editable install's finder is not active there), so no network is
needed. Every command runs in a temporary folder with its own cache, data and runtime folders.
"""

import json
import os
import runpy
import select
import signal
import site
import struct
import subprocess
import sys
from pathlib import Path

import pytest

from dominoboard.replay import replay_cpython
from harness.pty_device import ROOT, port_args

DEV_BIN = Path(sys.executable).parent


class Installed:
    def __init__(self, root: Path):
        self.root = root
        self.venv = root / "venv"
        self.home = root / "home"
        self.home.mkdir()
        self.env = dict(os.environ)
        self.env.update(
            PATH=os.pathsep.join([str(self.venv / "bin"), str(DEV_BIN), os.environ["PATH"]]),
            XDG_CACHE_HOME=str(root / "cache"),
            XDG_DATA_HOME=str(root / "data"),
            XDG_RUNTIME_DIR=str(root / "runtime"),
        )
        self.env.pop("PYTHONPATH", None)
        (root / "runtime").mkdir(mode=0o700)

    def run(self, *args: str, timeout: float = 60) -> subprocess.CompletedProcess:
        return subprocess.run(
            [str(self.venv / "bin" / args[0]), *args[1:]],
            cwd=self.home,
            env=self.env,
            capture_output=True,
            text=True,
            timeout=timeout,
        )

    def package(self) -> Path:
        out = self.run("python", "-c", "import dominoboard; print(dominoboard.__file__)")
        assert out.returncode == 0, out.stderr
        return Path(out.stdout.strip()).parent


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> Installed:
    root = tmp_path_factory.mktemp("wheel")
    dist = root / "dist"
    pip = [sys.executable, "-m", "pip", "--disable-pip-version-check"]
    built = subprocess.run(
        [*pip, "wheel", "--no-deps", "--quiet", "-w", str(dist), str(ROOT)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert built.returncode == 0, built.stdout + built.stderr
    (wheel,) = dist.glob("dominoboard-*.whl")
    inst = Installed(root)
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(inst.venv)], check=True)
    target = inst.venv / "bin" / "python"
    subprocess.run(
        [*pip, "--python", str(target), "install", "--no-deps", "--quiet", str(wheel)],
        check=True,
        timeout=300,
    )
    (purelib,) = inst.venv.glob("lib/python3*/site-packages")
    (purelib / "dev-deps.pth").write_text(site.getsitepackages()[0] + "\n")
    return inst


def test_only_the_core_and_the_host_are_packages(installed):
    probe = installed.run(
        "python",
        "-c",
        "import importlib.util as u, domino, dominoboard; "
        "print(domino.__file__); print(dominoboard.__file__); "
        "print(u.find_spec('scoreboard'), u.find_spec('boards'))",
    )
    assert probe.returncode == 0, probe.stderr
    core, host, others = probe.stdout.splitlines()
    assert core.startswith(str(installed.venv)) and host.startswith(str(installed.venv))
    assert others == "None None"  # no top-level scoreboard or boards in site-packages


def test_the_emulated_pico_reads_the_panel_model_from_the_shipped_firmware(installed):
    """dominoboard.rp2 decodes the display with boards.sim.Panel and wires the buttons from
    boards.pins: both come from the package's firmware tree, not from site-packages."""
    probe = installed.run(
        "python",
        "-c",
        "import sys; from dominoboard.sources import firmware_module as f; "
        "panel = f('boards.sim').Panel(); pins = f('boards.pins'); "
        "print(type(panel).__name__, sorted(dict(pins.BUTTONS))); "
        "print(sys.modules['boards'].__file__)",
    )
    assert probe.returncode == 0, probe.stderr
    names, origin = probe.stdout.splitlines()
    assert names == "Panel ['BACK', 'DOWN', 'OK', 'UNDO', 'UP']"
    assert origin.startswith(str(installed.package() / "firmware" / "boards"))


def test_deploy_dry_run_builds_the_manifest_in_the_user_cache(installed):
    package = installed.package()
    firmware = package / "firmware"
    manifest = runpy.run_path(str(firmware / "manifest.py"))
    out = installed.run("dominoboard", "deploy", "--dry-run", "--port", "/dev/ttyACM9")
    assert out.returncode == 0, out.stderr
    steps = [line[2:].split() for line in out.stdout.splitlines() if line.startswith("$ ")]
    copied = [Path(step[-2]) for step in steps if step[3:5] == ["fs", "cp"]]
    assert copied[-1] == firmware / "main.py" and copied[-1].exists()
    tree = copied[0].parent
    assert tree.is_relative_to(installed.root / "cache")  # the user cache, not the checkout
    tops = [p for p in manifest["PACKAGES"] if "/" not in p]  # scoreboard/screens, /views within
    assert sorted(copied[:-1]) == sorted(tree / p for p in ["lib", *tops])
    built = {p.relative_to(tree).as_posix() for p in tree.rglob("*") if p.is_file()}
    want = {m[: -len(".py")] + ".mpy" for m in manifest["modules"]()} | {"lib/ssd1306.mpy"}
    assert built == want
    assert steps[-1][-1] == "reset"


def test_replay_of_a_shipped_example_matches_the_checkout(installed):
    example = installed.package() / "examples" / "draw.jsonl"
    want = replay_cpython(str(ROOT / "examples" / "draw.jsonl"))
    out = installed.run("dominoboard", "replay", str(example))
    assert out.returncode == 0, out.stderr
    assert out.stdout == want
    mpy = installed.run("dominoboard", "replay", "--micropython", str(example), timeout=120)
    assert mpy.returncode == 0, mpy.stderr
    assert mpy.stdout == want  # folded by the shipped firmware on the MicroPython unix port


def test_simulate_gives_the_checkouts_results(installed, tmp_path):
    args = ["simulate", "draw", "--matches", "20", "--seed", "3", "--no-plots"]
    args += ["--progress", "off", "-o"]
    wheel, checkout = tmp_path / "wheel", tmp_path / "checkout"
    out = installed.run("dominoboard", *args, str(wheel), "--records", str(wheel / "hands.csv"))
    assert out.returncode == 0, out.stderr
    here = subprocess.run(
        [str(DEV_BIN / "dominoboard"), *args, str(checkout), "--records",
         str(checkout / "hands.csv")],
        capture_output=True,
        text=True,
        timeout=60,
    )  # fmt: skip
    assert here.returncode == 0, here.stderr
    assert (wheel / "hands.csv").read_text() == (checkout / "hands.csv").read_text()
    summary = json.loads((wheel / "summary.json").read_text())
    assert summary["units"] == 20 and summary["hands"] > 20


def test_emulate_serves_the_shipped_firmware(installed):
    emulate = subprocess.Popen(
        [str(installed.venv / "bin" / "dominoboard"), "emulate", "--headless"]
        + ["--storage", str(installed.root / "flash")],
        cwd=installed.home,
        env=installed.env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert emulate.stdout is not None
        ready, _, _ = select.select([emulate.stdout], [], [], 30)
        assert ready, "emulate printed no serial port"
        line = emulate.stdout.readline()
        assert line.startswith("scoreboard serial port: "), line
        port = line.split()[3]
        ports = installed.run("dominoboard", "ports")
        assert port in ports.stdout  # found as a Pico would be
        db = installed.root / "matches.sqlite3"
        sync = installed.run("dominoboard", "sync", *port_args(port), "--db", str(db))
        assert sync.returncode == 0, sync.stdout + sync.stderr
        assert db.exists()
    finally:
        emulate.send_signal(signal.SIGINT)
        _, err = emulate.communicate(timeout=20)
    assert emulate.returncode == 0, err


def test_emulate_rp2_from_the_wheel_says_which_files_it_needs(installed, tmp_path):
    """Installed, there is no `make firmware` and no shared/rp2: the message names the missing
    firmware and boot ROM and how to get each, and nothing is started."""
    storage = tmp_path / "pico"
    out = installed.run(
        "dominoboard", "emulate", "--headless", "--target", "rp2", "--storage", str(storage)
    )
    assert out.returncode == 1 and "Traceback" not in out.stderr
    assert "no firmware to boot" in out.stderr and "a checkout's `make firmware`" in out.stderr
    assert "--uf2 PATH" in out.stderr and "micropython.org/download/RPI_PICO" in out.stderr
    stock = installed.root / "data" / "dominoboard" / "rp2" / "micropython-v1.28.0-rpi-pico.uf2"
    assert str(stock) in out.stderr  # where to put it, in the user data directory
    firmware = tmp_path / "stock.uf2"
    block = struct.pack("<8I", 0x0A324655, 0x9E5D5157, 0x2000, 0x10000000, 256, 0, 1, 0xE48BFF56)
    firmware.write_bytes(block + b"\0" * 476 + struct.pack("<I", 0x0AB16F30))
    out = installed.run(
        "dominoboard", "emulate", "--headless", "--target", "rp2", "--storage", str(storage),
        "--uf2", str(firmware),
    )
    assert out.returncode == 1 and "Traceback" not in out.stderr
    rom = installed.root / "data" / "dominoboard" / "rp2" / "rp2040-bootrom-b1.bin"
    assert f"looked in {rom};" in out.stderr and "raspberrypi/pico-bootrom" in out.stderr
    assert not storage.exists()
