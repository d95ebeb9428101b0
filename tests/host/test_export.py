"""`dominoboard export`: the CSV's cells come from the core's fold of the stored events."""

import csv
import io

from domino.events import dumps
from dominoboard.db import StoredMatch
from dominoboard.export import hand_rows, write_csv

SETUP = {"game": "block", "players": ["Ana", "Ben", "Cy"]}
EVENTS = [
    {"k": "end", "left": [0, 12, ["6-4", "2-1"]], "out": 0},  # pips, tiles
    {"k": "end", "left": [7, 0, {"p": 9, "n": 2}], "out": 1},  # pips and a tile count
    {"k": "fix", "h": 0, "left": [0, 15, ["6-4", "2-1"]]},  # Ben held 15, not 12
]


def stored(events: list[dict]) -> StoredMatch:
    lines = [dumps(SETUP)] + [dumps(e) for e in events]
    return StoredMatch(1, "pico-1", "m0001", "block", "2025-03-07T19:30:00Z", lines)


def test_pips_left_is_each_players_tally_in_every_form_the_end_event_takes():
    rows = hand_rows(stored(EVENTS[:2]))
    assert [(r["hand"], r["player"], r["pips_left"]) for r in rows] == [
        (1, "Ana", 0),
        (1, "Ben", 12),
        (1, "Cy", 13),  # 6-4 + 2-1
        (2, "Ana", 7),
        (2, "Ben", 0),
        (2, "Cy", 9),
    ]
    assert [r["hand_points"] for r in rows if r["went_out"]] == [25, 16]


def test_pips_left_follows_a_correction_of_the_tally():
    rows = hand_rows(stored(EVENTS))
    assert [r["pips_left"] for r in rows if r["hand"] == 1] == [0, 15, 13]
    assert rows[0]["hand_points"] == 28


def test_the_csv_column_is_filled():
    out = io.StringIO()
    assert write_csv([stored(EVENTS)], out) == []
    cells = [row["pips_left"] for row in csv.DictReader(io.StringIO(out.getvalue()))]
    assert cells == ["0", "15", "13", "7", "0", "9"]


def test_csv_cells_a_spreadsheet_would_run_as_formulas_are_neutralised():
    setup = {"game": "block", "players": ["=HYPERLINK(1)", "+Ben", "@Cy"]}
    lines = [dumps(setup)] + [dumps(e) for e in EVENTS[:2]]
    match = StoredMatch(1, "pico-1", "-m1", "block", "2025-03-07T19:30:00Z", lines)
    out = io.StringIO()
    assert write_csv([match], out) == []
    rows = list(csv.DictReader(io.StringIO(out.getvalue())))
    assert [r["player"] for r in rows[:3]] == ["'=HYPERLINK(1)", "'+Ben", "'@Cy"]
    assert {r["match"] for r in rows} == {"'-m1"}
    assert [r["hand_points"] for r in rows if r["went_out"]] == ["25", "16"]  # numbers as is


# A Bergen (003) hand the table ends by Ben's domino, then a blocked one: a domino scores 2
# whatever Ana holds, so its end carries no pips (Game.tally_fields asks nothing).
BERGEN = {"game": "bergen-schmidt", "players": ["Ana", "Ben"], "way": "pad"}
BERGEN_EVENTS = [
    {"k": "end", "out": 1, "declared": 1},
    {"k": "end", "left": [{"p": 9, "d": 0}, {"p": 4, "d": 1}]},  # Ana holds no double: 2
]


def test_a_domino_with_no_pips_leaves_the_others_pips_empty_not_zero():
    lines = [dumps(BERGEN)] + [dumps(e) for e in BERGEN_EVENTS]
    match = StoredMatch(2, "pico-1", "m0002", "bergen-schmidt", "2025-03-07T19:30:00Z", lines)
    rows = hand_rows(match)
    assert [(r["hand"], r["player"], r["pips_left"], r["hand_points"]) for r in rows] == [
        (1, "Ana", "", 0),  # not asked: unknown, not 0
        (1, "Ben", 0, 2),  # went out: holds nothing
        (2, "Ana", 9, 2),
        (2, "Ben", 4, 0),
    ]
    out = io.StringIO()
    assert write_csv([match], out) == []
    cells = [row["pips_left"] for row in csv.DictReader(io.StringIO(out.getvalue()))]
    assert cells == ["", "0", "9", "4"]


def test_the_language_shows_only_in_the_human_readable_column():
    """--language de: the game's name as booklet 003 prints it in German in game_name; every
    other column, and the header, the same bytes as the English export's."""
    english, german = io.StringIO(), io.StringIO()
    assert write_csv([stored(EVENTS)], english) == []
    assert write_csv([stored(EVENTS)], german, "de") == []
    en_rows = list(csv.DictReader(io.StringIO(english.getvalue())))
    de_rows = list(csv.DictReader(io.StringIO(german.getvalue())))
    assert {r["game_name"] for r in en_rows} == {"Block"}
    assert {r["game_name"] for r in de_rows} == {"Blockspiel"}
    assert {r["game"] for r in de_rows} == {"block"} and de_rows[0]["went_out"] == "yes"
    for en_row, de_row in zip(en_rows, de_rows, strict=True):
        assert {**de_row, "game_name": ""} == {**en_row, "game_name": ""}
    assert english.getvalue().splitlines()[0] == german.getvalue().splitlines()[0]
