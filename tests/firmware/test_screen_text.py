"""Every screen's text fits the 128x64 panel whole: no text is cut to fit a row (ui.fit, or a
wrap that drops words) and none is drawn past the panel's edge. The drivers the other tests
use walk the screens (whole matches by presses in several games, the setup menus, the
match menu, history, tallies, winners) under tests/firmware/mpy/text_fit.py, which watches
every text drawn. A text shortened before it is drawn (a plain slice, "Sebastop") is not seen
there: winner_titles.py shows the Winner of every game and names what was not drawn whole."""

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

WALKS = [
    ("app_navigation.py", []),
    ("app_rules_forms.py", []),
    ("app_match.py", ["muggins", "2", "3"]),
    ("app_match.py", ["bergen", "3", "4"]),
    ("app_match.py", ["mexican", "3", "5"]),
    ("games_outcome.py", []),
    ("games_layout.py", ["italian", "3", "1"]),
    ("games_layout.py", ["super", "3", "1"]),
    ("games_layout.py", ["peruvian", "4", "1"]),
    ("games_layout.py", ["tiddle-pool", "6", "1"]),
    ("winner_titles.py", []),
]
LIMITS = {"italian": "10", "super": "20", "peruvian": "0", "tiddle-pool": "2"}


def micropython() -> str:
    beside = Path(sys.executable).parent / "micropython"
    return str(beside) if beside.exists() else shutil.which("micropython") or "micropython"


def walk_args(script: str, args: list[str], storage: Path) -> list[str]:
    if script in ("app_navigation.py", "app_rules_forms.py"):
        return [str(storage), "-"]
    if script in ("games_outcome.py", "winner_titles.py"):
        return [str(storage)]
    if script == "games_layout.py":
        return [*args, str(storage), "-", LIMITS[args[0]]]
    return [*args, str(storage), "-"]


@pytest.mark.parametrize(
    "script,args", WALKS, ids=[f"{s[:-3]}-{a[0] if a else ''}" for s, a in WALKS]
)
def test_no_text_is_cut_or_off_the_panel(tmp_path: Path, script: str, args: list[str]) -> None:
    cmd = [micropython(), "-X", "heapsize=4M", "tests/firmware/mpy/text_fit.py"]
    cmd += ["tests/firmware/mpy/" + script, *walk_args(script, args, tmp_path / "store")]
    out = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=600)
    fit = [ln for ln in out.stdout.splitlines() if ln.startswith("FIT ")]
    assert fit, out.stdout[-2000:] + out.stderr[-2000:]
    assert "RESULT " in out.stdout, out.stdout[-2000:] + out.stderr[-2000:]
    seen = json.loads(fit[-1][4:])
    result = json.loads([ln for ln in out.stdout.splitlines() if ln.startswith("RESULT ")][-1][7:])
    assert result.get("cut_words", []) == [], "texts not drawn whole: " + repr(result["cut_words"])
    assert seen["cuts"] == {}, "texts cut to fit a row: " + repr(seen["cuts"])
    assert seen["overflows"] == {}, "texts past the panel's edge: " + repr(seen["overflows"])
