"""Simulation: bots through the core, seeded determinism for any number of workers, the
statistics, the CLI's files."""

import gc
import json
import random

import pytest

from domino.match import Match
from domino.registry import game_class, games
from dominoboard.cli import main
from dominoboard.sim import experiment
from dominoboard.sim.engines.run import play_fast_unit
from dominoboard.sim.stats import describe, summarize, wilson
from dominoboard.sim.table import Setup, Table, play_unit, playable, unit_seed

LAYOUT_GAMES = [g[0] for g in games() if playable(game_class(g[0]))]


# --- Wilson intervals -----------------------------------------------------------------------


def test_wilson_matches_published_values():
    # Newcombe (1998), table I: 0/10 → [0, 0.2775]; 5/10 → [0.2366, 0.7634]; 81/263 →
    # [0.2553, 0.3662] (the Wilson score interval without continuity correction).
    assert wilson(0, 10) == (0.0, pytest.approx(0.2775, abs=1e-4))
    lo, hi = wilson(5, 10)
    assert (round(lo, 4), round(hi, 4)) == (0.2366, 0.7634)
    lo, hi = wilson(81, 263)
    assert (round(lo, 4), round(hi, 4)) == (0.2553, 0.3662)
    assert wilson(10, 10)[1] == 1.0


def test_wilson_covers_the_true_rate_about_95_percent_of_the_time():
    rng = random.Random(4)
    p, n, reps = 0.3, 60, 3000
    hits = 0
    for _ in range(reps):
        k = sum(rng.random() < p for _ in range(n))
        lo, hi = wilson(k, n)
        hits += lo <= p <= hi
    assert 0.93 <= hits / reps <= 0.97


def test_describe_quantiles():
    d = describe([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
    assert (d["mean"], d["median"], d["min"], d["max"]) == (5.5, 5.5, 1, 10)
    assert d["sd"] == pytest.approx(3.0277, abs=1e-4)


# --- bots through the core ------------------------------------------------------------------


@pytest.mark.parametrize("game", LAYOUT_GAMES)
def test_every_layout_game_plays_to_the_end_and_the_fold_agrees(game):
    cls = game_class(game)
    n = cls.players[0] + (1 if cls.players[1] > cls.players[0] else 0)
    strategies = ["random", "greedy", "heavy", "counter"][:n] * 2
    teams = [[0, 2], [1, 3]] if game == "teamblock" else None  # partners drawn at the table
    setup = Setup(game, strategies[:n], teams=teams, rounds=3 if cls.rounds else None)
    table = Table(setup, unit_seed(3, 0))
    rec = table.play()
    m = table.m
    assert rec["over"] and m.over
    # replaying the stored events gives the same standings: the bots only made real events
    again = Match.replay(m.setup, list(m.log))
    assert again.totals == m.totals == rec["totals"]
    assert sum(h["points"][0] for h in rec["hands"]) == rec["totals"][0]
    assert rec["winners"] == m.winners() or len(m.winners()) == len(m.sides)


def test_same_seed_same_games_for_any_number_of_workers():
    for setup in (Setup("muggins", ["greedy", "counter"]),
                  Setup("block", ["random"] * 4, teams=[[0, 2], [1, 3]], engine="fast")):
        one = experiment.run(setup, 60, 42, workers=1)
        two = experiment.run(setup, 60, 42, workers=2, chunk=7)
        assert one == two
        assert gc.get_freeze_count() == 0  # the heap frozen for the workers is thawed after
        assert [r["i"] for r in two] == list(range(60))
        other = experiment.run(setup, 60, 43, workers=1)
        assert other != one


def test_packed_records_read_back_as_the_games_records():
    """Workers send games packed as ints; read back, each is the record the game itself gives
    (event fold and fast engine), numbered by its index, and a wrong index is refused."""
    for setup, play in ((Setup("muggins", ["greedy", "counter"]), play_unit),
                        (Setup("block", ["random"] * 4, teams=[[0, 2], [1, 3]],
                               engine="fast"), play_fast_unit)):
        records = experiment.run(setup, 25, 6, chunk=4)
        assert len(records) == 25
        assert list(records) == [play(setup, 6, i) for i in range(25)]
        assert records[-1] == records[24] == play(setup, 6, 24)
        with pytest.raises(IndexError, match="game 25: this experiment has 25"):
            records[25]


def test_a_game_is_the_same_whichever_chunk_plays_it():
    setup = Setup("draw", ["heavy", "random"])
    assert experiment.run(setup, 10, 9)[7] == play_unit(setup, 9, 7)


def test_strategies_are_told_apart():
    """Seeded, so deterministic: greedy and counting bots beat random play at Muggins by a
    margin the intervals resolve."""
    for bot in ("greedy", "counter"):
        setup = Setup("muggins", [bot, "random"])
        s = summarize(setup, experiment.run(setup, 300, 5))
        assert s["sides"][0]["wins"]["ci95"][0] > 0.6
        assert s["sides"][1]["wins"]["ci95"][1] < 0.4


def test_summary_counts_hold_together():
    setup = Setup("block", ["random"] * 4, teams=[[0, 2], [1, 3]], hands=True, engine="fast")
    records = experiment.run(setup, 500, 1)
    s = summarize(setup, records)
    assert s["units"] == s["hands"] == 500
    wins = sum(side["wins"]["k"] for side in s["sides"])
    assert wins + s["ties"] + s["undecided"] == 500
    blocked = sum(1 for r in records if r["hands"][0]["blocked"])
    assert s["blocked_hands"]["k"] == blocked and 0 < blocked < 500
    # a hand goes out when someone lays their last tile: at least 5 tiles laid then
    assert all(h["plays"] >= 5 for r in records for h in r["hands"] if not h["blocked"])
    assert s["first_player"]["hands"]["n"] > 400


# --- the CLI --------------------------------------------------------------------------------


def test_cli_writes_json_csv_and_plots(tmp_path, capsys):
    out = tmp_path / "res"
    code = main(["simulate", "muggins", "-s", "greedy", "-s", "random", "--matches", "40",
                 "--seed", "3", "-o", str(out), "--progress", "off"])
    assert code == 0
    summary = json.loads((out / "summary.json").read_text())
    assert summary["units"] == 40 and summary["setup"]["engine"] == "fast"
    assert summary["setup"]["strategies"] == ["greedy", "random"]
    assert [s["strategies"] for s in summary["sides"]] == [["greedy"], ["random"]]
    rows = (out / "summary.csv").read_text().splitlines()
    assert len(rows) == 3 and rows[0].startswith("entrant,strategies,wins")
    assert not (out / "games.csv").exists()  # every hand only on request (--records)
    for png in ("win_rates.png", "scores.png", "hand_lengths.png"):
        assert (out / png).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert "0: greedy wins" in capsys.readouterr().out


def test_cli_same_seed_same_files_with_two_workers(tmp_path):
    args = ["simulate", "block", "-n", "2", "-s", "heavy", "-s", "random", "--hands", "300",
            "--seed", "8", "--no-plots", "--progress", "off"]
    assert main(args + ["-o", str(tmp_path / "a"), "--records", str(tmp_path / "a.csv")]) == 0
    assert main(args + ["-o", str(tmp_path / "b"), "--records", str(tmp_path / "b.csv"),
                        "--workers", "2"]) == 0
    assert (tmp_path / "a.csv").read_text() == (tmp_path / "b.csv").read_text()
    assert (tmp_path / "a" / "summary.csv").read_text() == \
        (tmp_path / "b" / "summary.csv").read_text()
    a, b = (json.loads((tmp_path / x / "summary.json").read_text()) for x in "ab")
    assert a.pop("seconds") >= 0 and b.pop("seconds") >= 0
    assert a == b


@pytest.mark.parametrize("argv,message", [
    (["simulate", "nosuchgame"], "known games are"),
    (["simulate", "muggins", "--opt", "lone_spinner=3"], "allowed values are 1, 2"),
    (["simulate", "muggins", "--opt", "spinner"], "name=value"),
    (["simulate", "muggins", "-s", "clever"], "known strategies are"),
    (["simulate", "block", "-n", "3", "-s", "random", "-s", "heavy"], "one per seat"),
    (["simulate", "bergen", "--engine", "fast"], "no fast engine plays bergen"),
    (["simulate", "block", "-s", "counter", "--engine", "fast"],
     "the fast engine plays block with the bots random, heavy, greedy, not counter"),
    (["simulate", "texas"], "nothing for bots to play"),
    (["simulate", "bigclock", "--opt", "top=15"], "double-6, double-9, double-12"),
    (["simulate", "block", "--workers", "0"], "at least 1"),
    (["simulate", "squeeze", "--matches", "5"], "a solitaire takes --games"),
])
def test_cli_bad_input_says_what_is_allowed(argv, message, capsys, tmp_path):
    assert main(argv + ["-o", str(tmp_path / "x")]) == 1
    assert message in capsys.readouterr().err
    assert not (tmp_path / "x").exists()
