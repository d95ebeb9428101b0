"""Shared pytest setup.

tests/core/ holds plain modules (no __init__.py) that run on CPython and MicroPython alike;
they import their helper as `from check import raises`, so that folder goes on sys.path here,
as tests/mpy_run.py does on MicroPython. pytest's default (prepend) import mode also puts each
test file's own folder on sys.path, so test file names must be unique across tests/.
"""

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CORE_TESTS = ROOT / "tests" / "core"

if str(CORE_TESTS) not in sys.path:
    sys.path.insert(0, str(CORE_TESTS))
