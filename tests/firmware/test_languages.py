"""The box in each of its languages (scoreboard.words), on the real MicroPython unix port by
presses: the Language menu from the start screen, then the setup form, a whole Muggins match
(table, tile list, tally, result, winner), Matches and a score pad, each screen watched by
text_fit.py. Every text drawn fits its row whole, none is left in English, and a few screens
match golden snapshots per language (tests/golden/LANG-*; UPDATE_GOLDEN=1 rewrites them)."""

import ast
import re
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from test_app import compare_golden, run  # noqa: E402  # pyright: ignore[reportMissingImports]
from test_screen_text import watched  # noqa: E402  # pyright: ignore[reportMissingImports]

from domino import registry  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
WORDS = ROOT / "firmware" / "scoreboard" / "words"
LANGUAGES = ["es", "de", "fr", "nl", "it"]
# printed on the buttons (UP, DN, OK, BACK, UNDO), the players' default names, Muggins' call
KEPT = {"UP", "DOWN", "DN", "OK", "BACK", "UNDO", "Ana", "Ben", "Cai", "Muggins", "muggins"}
GOLDEN_SCREENS = {"form": "form", "muggins-table": "table", "muggins-tally": "tally"}


def vocabulary(code: str) -> set[str]:
    """Every word (three letters or more) the language module's strings hold; of the core's
    refusals (``CORE``, "English|said" lines) only what the language says."""
    texts = []
    for node in ast.parse((WORDS / f"{code}.py").read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Assign) and ast.unparse(node.targets[0]) == "CORE":
            texts += core_table(code).values()
            continue
        for n in ast.walk(node):
            if isinstance(n, ast.Constant) and isinstance(n.value, str):
                texts.append(n.value)
    return {w for text in texts for w in re.findall(r"[^\W\d_]{3,}", text)}


def core_table(code: str) -> dict[str, str]:
    """The language's ``CORE``: the rules core's English template -> what the language says."""
    lines = module_text(code, "CORE").splitlines()
    return dict(line.split("|", 1) for line in lines if line)


def core_templates() -> set[str]:
    """Every message template the rules core raises (DominoError) or composes (Said)."""
    found = set()
    for path in (ROOT / "firmware" / "domino").glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id in ("DominoError", "Said")
                and node.args
                and isinstance(node.args[0], ast.Constant)
                and isinstance(node.args[0].value, str)
            ):
                found.add(node.args[0].value)
    return found


def module_text(code: str, name: str) -> str:
    """The string constant ``name`` of the language module ``code``."""
    for node in ast.parse((WORDS / f"{code}.py").read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Assign) and ast.unparse(node.targets[0]) == name:
            value = ast.literal_eval(node.value)
            assert isinstance(value, str)
            return value
    raise KeyError(name)


def english_words(code: str, drawn: list[str]) -> list[str]:
    """The words of ``drawn`` that are English app words the language does not use itself;
    a game's registry title the language's booklets do not rename is a name, not a word."""
    english = vocabulary("en") - vocabulary(code) - KEPT
    renamed = {line.split("|")[0] for line in module_text(code, "GAMES").splitlines() if line}
    for key, title in registry.titles():
        if key not in renamed:
            english -= set(re.findall(r"[^\W\d_]{3,}", title))
    return sorted({w for text in drawn for w in re.findall(r"[^\W\d_]{3,}", text)} & english)


def test_the_english_check_sees_english():
    assert english_words("es", ["Pasar", "Draw  (3 left)"]) == ["Draw", "left"]
    assert english_words("de", ["Muggins! Ana", "OK Menü"]) == []  # a call, a button's name
    assert english_words("de", ["OK menu"]) == ["menu"]


def test_every_language_names_what_english_names():
    want = {
        t.id
        for n in ast.parse((WORDS / "en.py").read_text(encoding="utf-8")).body
        if isinstance(n, ast.Assign)
        for t in n.targets
        if isinstance(t, ast.Name)
    }
    for code in LANGUAGES:
        tree = ast.parse((WORDS / f"{code}.py").read_text(encoding="utf-8"))
        got = {ast.unparse(t) for n in tree.body if isinstance(n, ast.Assign) for t in n.targets}
        assert got == want, code


@pytest.mark.parametrize("code", LANGUAGES)
def test_main_screens_fit_and_speak_the_language(tmp_path: Path, code: str) -> None:
    out = tmp_path / "screens"
    out.mkdir()
    r, seen = watched("app_languages.py", [code, str(tmp_path / "store"), str(out)], 600)
    assert r["language"] == code and r["errors"] == 0 and r["over"] and r["pad"] == "Pad"
    assert seen["cuts"] == {}, "texts cut to fit a row: " + repr(seen["cuts"])
    assert seen["overflows"] == {}, "texts past the panel's edge: " + repr(seen["overflows"])
    assert english_words(code, r["drawn"]) == []
    for shot, name in GOLDEN_SCREENS.items():
        for ext in ("txt", "png"):
            (out / f"{shot}.{ext}").rename(out / f"{code}-{name}.{ext}")
    compare_golden(out, [f"{code}-{name}" for name in GOLDEN_SCREENS.values()])


@pytest.mark.parametrize("code", LANGUAGES)
def test_outcome_entries_fit_in_every_language(tmp_path: Path, code: str) -> None:
    """The five outcome games' own entries (Texas bids and trumps, That's It! melds, ...):
    their fields and values come from the core and are said in the language (words.say)."""
    args = [code, str(tmp_path / "store"), "tests/firmware/mpy/games_outcome.py"]
    r, seen = watched("speaking.py", args, 600)
    assert len(r["games"]) == 5 and r["errors"] == 0
    assert seen["cuts"] == {}, "texts cut to fit a row: " + repr(seen["cuts"])
    assert seen["overflows"] == {}, "texts past the panel's edge: " + repr(seen["overflows"])


def core_english(code: str, shown: list[str]) -> list[str]:
    """The words of ``shown`` that are English words of the core's messages (or of the app)
    the language does not use itself."""
    english = {w for t in core_templates() for w in re.findall(r"[^\W\d_]{3,}", t)}
    english = (english | vocabulary("en")) - vocabulary(code) - KEPT
    return sorted({w for text in shown for w in re.findall(r"[^\W\d_]{3,}", text)} & english)


def test_the_core_check_sees_the_core_english():
    assert core_english("de", ["nothing to undo"]) == ["nothing", "undo"]
    assert core_english("de", ["Platz 0 (Ana) hat 6 Steine, also höchstens 57 Augen"]) == []


def test_every_language_says_the_same_core_messages_with_the_same_values():
    """Each CORE line is a template the core raises (a changed English text would leave its
    translation unused), all five languages say the same ones, and each keeps the values'
    conversions in the same order (the values are put in place by position)."""
    templates = core_templates()
    keys = set(core_table("es"))
    assert keys and keys <= templates, sorted(keys - templates)
    for code in LANGUAGES:
        table = core_table(code)
        assert set(table) == keys, code
        for english, said in table.items():
            assert re.findall(r"%[sdr]", said) == re.findall(r"%[sdr]", english), (code, said)


@pytest.mark.parametrize("code", LANGUAGES)
def test_core_refusals_speak_the_language_with_the_values_in_place(tmp_path: Path, code) -> None:
    """Events the rules core refuses, recorded as the screens record them on a Muggins match
    (undo with nothing done, a lead that is not the highest double, a claim of nothing, a
    play out of turn, a draw of 99, a tally past what a hand can hold): each message the
    device shows is in the language, with the numbers the English one names."""
    english = run("app_refusals.py", "en", str(tmp_path / "en"))
    said = run("app_refusals.py", code, str(tmp_path / code))
    assert said["language"] == code and said["errors"] == 0
    assert len(said["shown"]) == len(english["shown"]) == 9 and None not in said["shown"]
    assert "so at most 57 pips, not 100" in english["shown"][-1]  # the phrase inside, too
    assert core_english(code, said["shown"]) == []
    for theirs, ours in zip(said["shown"], english["shown"], strict=True):
        assert sorted(re.findall(r"\d+", theirs)) == sorted(re.findall(r"\d+", ours)), theirs
