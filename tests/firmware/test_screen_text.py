"""Every screen's text fits the 128x64 panel whole: no text is cut to fit a row (ui.fit, or a
wrap that drops words) and none is drawn past the panel's edge. The drivers the other tests
use walk the screens (whole matches by presses in several games, the setup menus, the
match menu, history, tallies, winners) under tests/firmware/mpy/text_fit.py, which watches
every text drawn. A text shortened before it is drawn (a plain slice, "Sebastop") is not seen
there: winner_titles.py shows the Winner of every game and names what was not drawn whole."""

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from test_app import compare_golden  # noqa: E402  # pyright: ignore[reportMissingImports]

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


@pytest.fixture(scope="module")
def trains_row(tmp_path_factory: pytest.TempPathFactory) -> tuple[dict, dict, Path]:
    """Ten players, twelve trains (two public), markers, drawn once: the RESULT, the FIT
    record and the golden screens' directory."""
    tmp = tmp_path_factory.mktemp("trains")
    out = tmp / "screens"
    out.mkdir()
    r, seen = watched("trains_row.py", [str(tmp / "store"), str(out)], 300)
    return r, seen, out


def watched(script: str, args: list[str], timeout: int) -> tuple[dict, dict]:
    """A driver under text_fit.py: its RESULT and the FIT record of the texts it drew."""
    cmd = [micropython(), "-X", "heapsize=4M", "tests/firmware/mpy/text_fit.py"]
    cmd += ["tests/firmware/mpy/" + script, *args]
    run = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=timeout)
    lines = run.stdout.splitlines()
    results = [ln for ln in lines if ln.startswith("RESULT ")]
    assert results, run.stdout[-2000:] + run.stderr[-2000:]
    r = json.loads(results[-1][7:])
    seen = json.loads([ln for ln in lines if ln.startswith("FIT ")][-1][4:])
    return r, seen


def row_labels(r: dict) -> list[str]:
    """Each train's label as the trains row shows it (":" before the pip left out), in the
    order of the layout's arms."""
    tokens = " ".join(r["rows"]).split(" ")[: len(r["trains"])]
    labels = []
    for token in tokens:
        m = re.fullmatch(r"(.+?):?(\d+)(\*?)", token)
        assert m, token
        labels.append(m.group(1))
    return labels


def test_mexican_trains_row_shows_every_train_distinctly(trains_row) -> None:
    """Ten players, twelve trains (two public), markers: every train on the rows under the
    title, each by a label no other train has; a player "Mia" is "Mi", the public trains "Mx"
    (they were all first letters, "M" for Mia, Max, Marta and the public train alike, and
    the row ended in "..." when two rows could not hold them)."""
    r, seen, out = trains_row
    assert seen == {"cuts": {}, "overflows": {}}
    assert r["errors"] == 0 and r["screen"] == "Table"
    trains = r["trains"]
    assert len(trains) == 12 and sum(1 for t in trains if t[0] is None) == 2
    assert sum(1 for t in trains if t[2]) >= 3  # markers
    tokens = " ".join(r["rows"]).split(" ")[: len(trains)]
    labels = row_labels(r)
    for token, label, (owner, pip, marker) in zip(tokens, labels, trains, strict=True):
        m = re.fullmatch(r"(.+?):?(\d+)(\*?)", token)
        assert m, token
        assert (int(m.group(2)), m.group(3) == "*") == (pip, marker), (token, pip, marker)
        if owner is None:
            assert label.startswith("Mx"), token
        else:
            name = r["names"][owner]
            assert name.replace(" ", "").startswith(label) and not "Mx".startswith(label), token
    assert len(set(labels)) == len(labels), labels
    compare_golden(out, ["mexican-trains"])


def test_mexican_new_train_starts_off_the_station(trains_row) -> None:
    """Right after the station double 12-12, the next player has no train: the bar offers his
    new train, and names the pip it takes, the station's (``Layout.arm_index`` says so)."""
    r, _seen, _out = trains_row
    offered = [text for arm, text in r["first_bar"] if arm == 0]
    assert offered, r["first_bar"]
    for text in offered:
        m = re.fullmatch(r"Play new (\d+)  \(\d+\)", text) or re.fullmatch(
            r"(\d+)-(\d+) on new(?: \+\d+)?", text
        )
        assert m and "12" in m.groups(), text


def test_mexican_trains_bar_names_each_train_as_the_row(trains_row) -> None:
    """The action bar's plays ("Play Mi 5  (3)", "5-2 on Mx2") name the train by the row's
    label: two public trains are Mx1 and Mx2 there too (the bar said "Mx" for both, and
    "Mia" for the train the row calls "Mi")."""
    r, _seen, _out = trains_row
    labels = row_labels(r)
    bar = r["bar"]
    trains = len(r["trains"])
    named = {}  # the label the bar gives each train it offers
    for arm, text in bar:
        if arm >= trains:  # a new train off the station
            assert text.startswith("Play new ") or " on new" in text, text
            continue
        m = re.fullmatch(r"Play (\S+) (\d+)  \(\d+\)", text) or re.fullmatch(
            r"\d+-\d+ on (\S+)(?: \+\d+)?", text
        )
        assert m, text
        assert m.group(1) == labels[arm], (text, labels[arm])
        named.setdefault(arm, set()).add(m.group(1))
    public = [a for a in named if r["trains"][a][0] is None]
    assert len(public) == 2, (bar, r["trains"])  # both public trains are on the bar
    assert len({next(iter(named[a])) for a in named}) == len(named), named
