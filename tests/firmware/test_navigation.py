"""What a scorer met at the table, by presses on the simulated board (the MicroPython unix
port; tests/firmware/mpy/app_navigation.py, app_undo_entry.py): BACK goes back one screen,
UNDO of a hand's end refills the tally (and the outcome games' entry), a finished match's
history is reachable from its result, and the names "María José" Jürgen François Tío show on
the table with their scores. Screens are compared with tests/golden/ (UPDATE_GOLDEN=1 rewrites
them)."""

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from test_app import compare_golden, run  # noqa: E402  # pyright: ignore[reportMissingImports]
from test_games_ui import compare_text  # noqa: E402  # pyright: ignore[reportMissingImports]

SCREENS = ["names-table", "undo-tally", "history-names", "names-winner", "matches-list"]


def screens_run(factory: pytest.TempPathFactory, name: str, script: str) -> tuple[dict, Path]:
    """Run a tests/firmware/mpy script with its own store; return its result and the folder
    it drew its screens into."""
    tmp = factory.mktemp(name)
    out = tmp / "screens"
    out.mkdir()
    return run(script, str(tmp / "store"), str(out)), out


@pytest.fixture(scope="module")
def walk(tmp_path_factory: pytest.TempPathFactory) -> tuple[dict, Path]:
    return screens_run(tmp_path_factory, "nav", "app_navigation.py")


def test_back_from_the_rules_form_and_the_game_list(walk) -> None:
    r, _ = walk
    assert r["form"] == "SetupForm"
    assert r["form_back"] == ["GameMenu", True]  # on the game it came from
    assert r["list_back"] == "StartMenu"
    assert r["words_dropped"]  # the rules form's words leave the heap once the match starts


def test_back_from_history_settings_and_new_match_returns_to_the_match_menu(walk) -> None:
    r, _ = walk
    assert r["menu"] == "MatchMenu"
    assert r["history_back"] == "MatchMenu"
    assert r["settings_back"] == "MatchMenu"
    assert r["new_from_menu"] == "GameMenu"
    assert r["form_back_from_menu"] == "GameMenu"
    # the parked match folds back, and its menu is where New match was chosen
    assert r["list_back_from_menu"] == ["MatchMenu", True, True]
    assert r["menu_back"] == "Table"


def test_undo_of_a_hand_end_refills_the_tally(walk) -> None:
    r, _ = walk
    assert r["undo_screen"] == "Tally"
    entered = r["entered"]
    assert any(entered)
    assert [[p, "p", entered[p]] for p, _k, _v in r["refilled"]] == r["refilled"]
    assert r["redone"]


@pytest.fixture(scope="module")
def undo_entry(tmp_path_factory: pytest.TempPathFactory) -> tuple[dict, Path]:
    return screens_run(tmp_path_factory, "undo-entry", "app_undo_entry.py")


def test_undo_of_a_hand_end_refills_every_outcome_games_entry(undo_entry) -> None:
    # Texas (tricks and count, or each side's points), Double Takes, High Fives, That's It!,
    # Poker: the entry comes back on its first step holding the undone event's values.
    r, out = undo_entry
    assert r["errors"] == 0
    games = r["games"]
    assert sorted({g["game"] for g in games}) == [
        "doubletakes", "highfives", "poker", "texas", "thatsit"
    ]  # fmt: skip
    assert len(games) == 6  # Texas twice: tricks and count, and points_entry
    for g in games:
        entered = dict(g["entered"])
        assert entered.pop("k") == "end"
        assert g["before"] == "Result" and g["records"] == 0, g["game"]
        assert g["undone"] == ["Entry", 0, entered], (g["game"], g["opts"])
    texas = games[0]
    # OK through the refilled entry scores the same hand again ...
    assert texas["rescored"] == ["Result", texas["entered"]]
    # ... the next hand's entry starts fresh, the game's first way (what paper writes), and
    # UNDO there refills the last hand's, in its own way
    assert texas["next_hand"][2] == {"bidder": 0, "points": [0, 0]}
    assert texas["undone_from_next"] == texas["undone"]
    compare_text(out, ["games-entry-texas-undone"])


def test_undo_of_an_end_from_the_menu_or_a_barricade_brings_its_tally_back(tmp_path) -> None:
    # Before: UNDO left these at the table, the values gone (only a hand that ended by itself
    # showed its tally again); now the tally it was entered with, refilled, and OK through it
    # scores the same end again.
    r = run("app_undo_menu_end.py", str(tmp_path / "store"))
    assert r["errors"] == 0
    cases = {
        "muggins_out": ("Tally", {"out": 1}),  # "Ben went out", nothing laid
        "peruvian_blocked": ("Tally", {"last": 2}),  # Blocked, Cai laid the last tile
        "barricade": ("Tally", {"bar": 0}),  # Ana barricaded with 6-6
    }
    for name, (screen, said) in cases.items():
        got = r[name]
        end = got["end"]
        assert end["k"] == "end" and got["scored"] == 1 and got["records"] == 0, name
        assert got["screen"] == screen, name
        for key, value in said.items():
            assert end[key] == value and got[key] == value, name
        assert got["values"] and all(end["left"][p] == v for p, v in got["values"]), name
        assert got["again"], name


def test_a_finished_match_shows_its_history_from_the_result(walk) -> None:
    r, _ = walk
    assert r["over"] == "Winner"
    assert r["winner_history"] == ["History", True]
    assert r["winner_back"] == "Winner"


def test_the_matches_list_names_every_player_and_the_match_number(walk) -> None:
    # No host has set the clock: the match's number stands where its day would, and every
    # player is named, each name cut to the same length to fit the row (it was
    # "Muggins María José +3", the same for any match of those players and game).
    r, _ = walk
    assert r["matches"] == ["#1 María Jürg. Fran. Tío"]


def test_history_rows_name_the_players(walk) -> None:
    r, _ = walk
    (row,) = r["history_rows"]
    for name, pts in zip(["Ma", "Jü", "Fr", "Tí"], r["totals"], strict=True):
        assert f"{name}{pts}" in row


def test_accented_names_and_scores_on_the_glass(walk) -> None:
    r, out = walk
    assert r["errors"] == 0
    compare_golden(out, SCREENS)


@pytest.fixture(scope="module")
def forms(tmp_path_factory: pytest.TempPathFactory) -> tuple[dict, Path]:
    return screens_run(tmp_path_factory, "forms", "app_rules_forms.py")


def test_every_house_rule_in_words_with_its_value(forms) -> None:
    r, out = forms
    assert r["errors"] == 0
    for game, form in r["forms"].items():
        for text in form["rows"]:
            label, value = text.rsplit(" ", 1)
            assert value and label.strip(), (game, text)
            assert "_" not in label, (game, text)  # a code name, not words
        assert form["back"] == ["GameMenu", True], game
    muggins = r["forms"]["muggins"]["rows"]
    assert any(t.startswith("Lone 5-5 counts") and t.endswith(" 20") for t in muggins)
    # Texas always plays partners: the form says so and offers nothing else
    assert r["forms"]["texas"]["teams"] == [True]
    compare_golden(out, ["rules-muggins", "rules-texas"])


def test_a_refilled_tally_reads_tiles_written_as_pairs() -> None:
    # a hand's end written by the host as [6, 4] pairs failed with AttributeError when undone
    r = run("tally_refill.py")
    assert r["dashed"] == {"p": 16, "n": 3, "d": 1, "w": 10, "z": 1}
    assert r["pairs"] == r["dashed"]
