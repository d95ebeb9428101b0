"""Shared pytest setup.

tests/core/ holds plain modules (no __init__.py) that run on CPython and MicroPython alike;
they import their helper as `from check import raises`, so that folder goes on sys.path here,
as tests/mpy_run.py does on MicroPython. pytest's default (prepend) import mode also puts each
test file's own folder on sys.path, so test file names must be unique across tests/.

`make pytest` runs the tests on parallel workers (pytest-xdist, docs/development.md), so a
test keeps to its own folders, ports and flashes: tmp_path, port 0, and the user directories
below.
"""

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CORE_TESTS = ROOT / "tests" / "core"

if str(CORE_TESTS) not in sys.path:
    sys.path.insert(0, str(CORE_TESTS))


@pytest.fixture(autouse=True)
def own_user_dirs(tmp_path_factory, monkeypatch):
    """The match database `live` stores into and the runtime folder its control channel and
    the emulators' markers live in are the test's, never this user's (nor another test's
    running beside it on another worker, nor another test run's on the same computer)."""
    base = tmp_path_factory.mktemp("user")
    for name in ("XDG_DATA_HOME", "XDG_RUNTIME_DIR"):
        (base / name.lower()).mkdir(mode=0o700)
        monkeypatch.setenv(name, str(base / name.lower()))


@pytest.hookimpl(tryfirst=True)  # before pytest-xdist's own, which reads the groups
def pytest_collection_modifyitems(items):
    """`make pytest` deals the tests to its workers by xdist group (--dist loadgroup), in the
    order collected (--no-loadscope-reorder). A file's tests go to one worker together, so its
    module fixtures and the MicroPython runs it caches are made once. A test marked `long` (it
    runs for minutes and shares nothing costly with its file: the emulated Pico's) is dealt on
    its own, unless it names its group, and first: started last, one would be the run's tail.
    tests/test_scheduling.py checks the dealing on a small suite of its own."""
    for item in items:
        if item.get_closest_marker("xdist_group") or item.get_closest_marker("long"):
            continue
        item.add_marker(pytest.mark.xdist_group(item.nodeid.partition("::")[0]))
    items.sort(key=lambda item: item.get_closest_marker("long") is None)  # stable: long first
