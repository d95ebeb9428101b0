"""`dominoboard stats` on a real SQLite database filled through db.py, against numbers worked
out by hand from the example matches' hand scores (their `replay` output, hand by hand)."""

import json
from pathlib import Path

import pytest

from domino.events import dumps, read_match
from dominoboard.cli import main
from dominoboard.db import Database
from dominoboard.stats import collect
from harness.pty_device import ROOT

EXAMPLES = ROOT / "examples"


def lines_of(name: str) -> list[str]:
    setup, events = read_match((EXAMPLES / f"{name}.jsonl").read_text())
    return [dumps(setup)] + [dumps(e) for e in events]


def make_db(path: Path, matches: dict[str, list[str]]) -> Path:
    with Database(path) as db:
        for match_id, lines in matches.items():
            db.add_events("sim-test", match_id, 0, lines)
    return path


@pytest.fixture
def db_path(tmp_path):
    return make_db(
        tmp_path / "matches.sqlite3",
        {
            "m0001": lines_of("muggins"),
            "m0002": lines_of("allfives"),
            "m0003": lines_of("block"),
        },
    )


def stats_json(capsys, *args: str) -> dict:
    assert main(["stats", *args, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def row(rows: list[dict], player: str) -> dict:
    (found,) = [r for r in rows if r["player"] == player]
    return found


def test_players_over_all_games(db_path, capsys):
    doc = stats_json(capsys, "--db", str(db_path))
    # Ana won the Muggins (105-35) and the All Fives (100 to Ben's 80, Cora's 55): first both
    # times. The all-games rows count results and places only, never points.
    assert row(doc["players"], "Ana") == {
        "player": "Ana",
        "matches": 2,
        "playing": 0,
        "wins": 2,
        "win_pct": 100.0,
        "avg_place": 1.0,
        "hands": 8,
    }
    # Ben: second in both; Cora: third in the All Fives, her only match.
    ben = row(doc["players"], "Ben")
    assert (ben["wins"], ben["win_pct"], ben["avg_place"], ben["hands"]) == (0, 0.0, 2.0, 8)
    cora = row(doc["players"], "Cora")
    assert (cora["matches"], cora["wins"], cora["win_pct"], cora["avg_place"]) == (1, 0, 0.0, 3.0)
    # The hand scores are per game: Ana's Muggins hands 90 (counts 20+15+20+15 = 70, then out:
    # Ben's 20 pips) and 15 (the count that took her past 100); All Fives 5, 5, 30, 35, 20, 5.
    by_game = {g["game"]: g for g in doc["games"]}
    ana = row(by_game["muggins"]["players"], "Ana")
    assert (ana["avg_hand"], ana["best_hand"], ana["avg_place"]) == ((90 + 15) / 2, 90, 1.0)
    assert row(by_game["allfives"]["players"], "Cora")["avg_hand"] == round(55 / 6, 2)
    assert by_game["muggins"]["hand_scores"] == "higher is better"


def mexican_lines(players: list[str], hands: list[tuple[list[int], int]]) -> list[str]:
    setup = {"game": "mexican", "players": players, "rounds": len(hands), "way": "pad"}
    ends = [{"k": "end", "left": left, "out": out} for left, out in hands]
    return [dumps(setup)] + [dumps(e) for e in ends]


@pytest.fixture
def mixed_db(tmp_path):
    """Muggins (the highest total wins: Ana 105, Ben 35) and Mexican Train (the lowest wins:
    Cy 3, Ana and Ben 30 each) in one database."""
    mexican = mexican_lines(["Ana", "Ben", "Cy"], [([20, 30, 0], 2), ([10, 0, 3], 1)])
    return make_db(tmp_path / "mixed.sqlite3", {"m1": lines_of("muggins"), "m2": mexican})


def test_all_games_never_average_a_lowest_wins_game_with_a_highest_wins_one(mixed_db, capsys):
    doc = stats_json(capsys, "--db", str(mixed_db))
    # Cy won the Mexican Train with 3 penalty pips, the best result in the database; averaging
    # his pips with Muggins points made him the worst "avg hand". Places rank each game its way.
    places = {r["player"]: r["avg_place"] for r in doc["players"]}
    assert places == {"Ana": 1.5, "Ben": 2.0, "Cy": 1.0}  # Ana 1st and 2nd (tied), Ben 2nd, 2nd
    assert all("avg_hand" not in r and "best_hand" not in r for r in doc["players"])
    by_game = {g["game"]: g for g in doc["games"]}
    mexican = by_game["mexican"]
    assert (mexican["lowest_wins"], mexican["hand_scores"]) == (True, "lower is better")
    cy, ana = row(mexican["players"], "Cy"), row(mexican["players"], "Ana")
    assert (cy["avg_hand"], cy["best_hand"], cy["avg_place"], cy["wins"]) == (1.5, 0, 1.0, 1)
    assert (ana["avg_hand"], ana["best_hand"], ana["avg_place"]) == (15.0, 10, 2.0)
    assert row(by_game["muggins"]["players"], "Ana")["avg_hand"] == 52.5

    assert main(["stats", "--db", str(mixed_db)]) == 0
    out = capsys.readouterr().out.splitlines()
    first_game = out.index("")
    assert "avg hand" not in "\n".join(out[:first_game])  # no points in the all-games table
    assert out[1].split() == ["player", "matches", "wins", "win", "%", "avg", "place", "hands"]
    assert out[2].split() == ["Ana", "2", "1", "50.0", "1.50", "4"]
    assert out[4].split() == ["Cy", "1", "1", "100.0", "1.00", "2"]
    assert "Mexican Train (mexican): 1 match(es), lowest total wins" in out
    assert "Muggins (muggins): 1 match(es), highest total wins" in out
    assert out.count("  hand scores: lower is better") == 1
    assert out.count("  hand scores: higher is better") == 1


def test_partners_share_their_team_hands_and_win(db_path, capsys):
    doc = stats_json(capsys, "--db", str(db_path), "--game", "block")
    (block,) = doc["games"]
    assert (block["game"], block["matches"]) == ("block", 1)
    # Jo and Lea (team 0) won 104-76 over 13 hands; their best hand was the 37 of hand 3 (Lea
    # out: Kim's 5-4 and Max's 4-4, 5-5, 6-4). Kim and Max's best was the 23 of hand 11.
    for name in ("Jo", "Lea"):
        r = row(block["players"], name)
        assert (r["wins"], r["hands"], r["avg_hand"], r["best_hand"]) == (1, 13, 8.0, 37)
    for name in ("Kim", "Max"):
        r = row(block["players"], name)
        assert (r["wins"], r["hands"], r["avg_hand"], r["best_hand"]) == (0, 13, 5.85, 23)
    assert [r["player"] for r in doc["players"]] == ["Jo", "Kim", "Lea", "Max"]


def test_per_game_rows_split_a_players_record(db_path, capsys):
    doc = stats_json(capsys, "--db", str(db_path), "--player", "Ana")
    assert [r["player"] for r in doc["players"]] == ["Ana"]
    by_game = {g["game"]: g["players"] for g in doc["games"]}
    assert set(by_game) == {"muggins", "allfives"}
    assert row(by_game["muggins"], "Ana")["avg_hand"] == (90 + 15) / 2
    assert row(by_game["muggins"], "Ana")["best_hand"] == 90
    assert row(by_game["allfives"], "Ana")["avg_hand"] == round((5 + 5 + 30 + 35 + 20 + 5) / 6, 2)
    assert row(by_game["allfives"], "Ana")["best_hand"] == 35
    assert [row(by_game[g], "Ana")["win_pct"] for g in ("muggins", "allfives")] == [100.0, 100.0]


def test_a_match_still_being_played_counts_its_hands_not_a_result(tmp_path, capsys):
    muggins = lines_of("muggins")
    # Up to and including the first hand's end event (the line that closes hand 1).
    first_end = next(i for i, x in enumerate(muggins) if '"k":"end"' in x)
    db_path = make_db(tmp_path / "db.sqlite3", {"m1": muggins[: first_end + 3]})
    doc = stats_json(capsys, "--db", str(db_path))
    ana = row(doc["players"], "Ana")
    assert (ana["matches"], ana["playing"], ana["wins"], ana["win_pct"]) == (0, 1, 0, None)
    assert (ana["avg_place"], ana["hands"]) == (None, 1)
    (muggins,) = doc["games"]
    ana = row(muggins["players"], "Ana")
    assert (ana["hands"], ana["avg_hand"], ana["best_hand"]) == (1, 90.0, 90)
    assert main(["stats", "--db", str(db_path)]) == 0
    table = capsys.readouterr().out
    assert "  Ana        0 +1     0      -          -      1     90.00         90" in table
    assert "not finished yet" in table


def test_readable_table(db_path, capsys):
    assert main(["stats", "--db", str(db_path)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "All games (results and places; hand scores are per game, below)"
    assert out[1] == "  player  matches  wins  win %  avg place  hands"
    assert out[2].split() == ["Ana", "2", "2", "100.0", "1.00", "8"]
    muggins = out.index("Muggins (muggins): 1 match(es), highest total wins")
    assert out[muggins + 1] == (
        "  player  matches  wins  win %  avg place  hands  avg hand  best hand"
    )
    assert out[muggins + 2].split() == ["Ana", "1", "1", "100.0", "1.00", "2", "52.50", "90"]
    assert out[muggins + 4] == "  hand scores: higher is better"
    assert "Block (block): 1 match(es), highest total wins" in out


def test_a_match_the_core_refuses_is_skipped_and_reported(tmp_path, capsys):
    bad = lines_of("allfives")
    bad.insert(3, '{"e":0,"k":"play","p":1,"t":"9-9"}')  # no 9-9 in a double-six set
    db_path = make_db(tmp_path / "db.sqlite3", {"good": lines_of("muggins"), "bad": bad})
    assert main(["stats", "--db", str(db_path), "--json"]) == 1
    captured = capsys.readouterr()
    doc = json.loads(captured.out)
    assert [r["player"] for r in doc["players"]] == ["Ana", "Ben"]
    assert row(doc["players"], "Ana")["hands"] == 2  # only the good match
    assert "sim-test/bad skipped: event 2:" in captured.err
    assert "9-9" in captured.err


def test_collect_is_the_core_fold_of_every_line(db_path):
    with Database(db_path) as db:
        stored = list(db.matches())
    stats = collect(stored)
    assert sorted(stats.games) == ["allfives", "block", "muggins"]
    assert stats.games["muggins"].players["Ana"].points == 90 + 15
    assert stats.games["allfives"].players["Ana"].points == 5 + 5 + 30 + 35 + 20 + 5
    assert not hasattr(stats.players["Ana"], "points")  # no sum of points across games


@pytest.mark.parametrize(
    "args, message",
    [
        (["--game", "chess"], "game 'chess': known games are muggins, allfives"),
        (["--player", "Zed"], "no matches with player 'Zed'"),
        (["--game", "mexican"], "no mexican matches in"),
        (["--game", "mexican", "--player", "Ana"], "no mexican matches in"),
    ],
)
def test_bad_filters_say_what_there_is(db_path, capsys, args, message):
    assert main(["stats", "--db", str(db_path), *args]) == 1
    err = capsys.readouterr().err
    assert message in err
    if "Zed" in args:
        assert "players there: Ana, Ben, Cora, Jo, Kim, Lea, Max" in err
    if "mexican" in args:
        assert "games there: allfives (1), block (1), muggins (1)" in err


def test_an_empty_database_says_to_sync(tmp_path, capsys):
    Database(tmp_path / "empty.sqlite3").close()
    assert main(["stats", "--db", str(tmp_path / "empty.sqlite3")]) == 1
    err = capsys.readouterr().err
    assert "no matches in" in err and "run `dominoboard sync` first" in err


@pytest.mark.parametrize(
    "command",
    [
        ["stats"],
        ["export", "--format", "csv"],
        ["plot", "--players", "--out", "chart.png"],
        ["plot", "7", "--out", "chart.png"],
    ],
)
def test_reading_a_missing_database_creates_nothing(tmp_path, capsys, monkeypatch, command):
    monkeypatch.chdir(tmp_path)
    missing = tmp_path / "sub" / "missing.sqlite3"
    assert main([*command, "--db", str(missing)]) == 1
    err = capsys.readouterr().err
    assert f"{missing}: no such match database; `dominoboard sync` creates it" in err
    assert list(tmp_path.iterdir()) == []  # no file, no folder, no chart


def test_a_domino_ended_without_pips_counts_its_hand(tmp_path, capsys):
    # Bergen (003): a domino scores 2 whatever the others hold, so its end has no ``left``
    setup = {"game": "bergen-schmidt", "players": ["Ana", "Ben"], "way": "pad"}
    events = [{"k": "end", "out": 1, "declared": 1}, {"k": "end", "out": 0, "declared": 1}]
    db_path = make_db(tmp_path / "db.sqlite3", {"m1": [dumps(setup)] + list(map(dumps, events))})
    doc = stats_json(capsys, "--db", str(db_path))
    assert doc["skipped"] == []
    ben = row(doc["games"][0]["players"], "Ben")
    assert (ben["hands"], ben["best_hand"]) == (2, 2)
