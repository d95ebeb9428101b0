"""The benches' heap plumbing, fast: bench/heap_plan.py's boot.py (every on-demand module kept,
no product change) on the MicroPython unix port, and bench/app_bench.py's heap ladder starting
from the heap test's own HEAP."""

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from bench.app_bench import test_heap_kb as heap_kb
from bench.heap_plan import KEEP_ALL

ROOT = Path(__file__).resolve().parents[2]

MICROPYTHON = Path(sys.executable).parent / "micropython"


def test_the_ladder_starts_at_the_heap_tests_heap() -> None:
    from test_app import HEAP

    assert heap_kb() == int(HEAP.rstrip("K"))


@pytest.mark.skipif(
    not MICROPYTHON.exists() and not shutil.which("micropython"), reason="no MicroPython"
)
def test_keep_all_boot_py_keeps_every_on_demand_module(tmp_path: Path) -> None:
    script = tmp_path / "keep.py"
    script.write_text(
        'import sys\nsys.path[:0] = ["firmware", "build/mpy-lib"]\n'
        + KEEP_ALL
        + """
import json
from scoreboard import store
import scoreboard.screens.tiles
with store._Admin():
    pass
kept = [lifetimes.unload("scoreboard.screens.tiles"), lifetimes.unload("scoreboard.app_matches")]
import domino.fives
out = {
    "whens": sorted(set(w for _n, w in lifetimes.ON_DEMAND)),
    "dropped": lifetimes.drop(0xFFFF),
    "kept": kept,
    "tiles": "scoreboard.screens.tiles" in sys.modules,
    "admin": "scoreboard.store_admin" in sys.modules,
    "game": lifetimes.unload("domino.fives"),
}
print("RESULT " + json.dumps(out))
"""
    )
    exe = str(MICROPYTHON) if MICROPYTHON.exists() else "micropython"
    out = subprocess.run(
        [exe, "-X", "heapsize=2M", str(script)], cwd=ROOT, capture_output=True, text=True
    )
    line = [ln for ln in out.stdout.splitlines() if ln.startswith("RESULT ")]
    assert line, out.stdout + out.stderr
    r = json.loads(line[0][7:])
    assert r["whens"] == [0]  # every module KEPT
    assert r["dropped"] == 0 and r["kept"] == [0, 0] and r["tiles"]
    assert r["admin"]  # the store's own drop goes through the wrapped lifetimes.unload
    assert r["game"] == 1  # games still come and go one at a time
