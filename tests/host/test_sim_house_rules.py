"""No fast engine ignores a house rule: every rule of every game a fast engine plays, at each
value the game allows, is either played by the fast engine exactly as the fold plays it (its
moves replayed through ``Match.apply``, hand by hand) or refused by the engine, and then the
simulation runs on the fold."""

import json

import pytest
from test_sim_fast import check as check_line
from test_sim_fives import check as check_fives

from domino.registry import create, game_class, keys
from dominoboard.cli import main
from dominoboard.sim.engines.fives import FivesMatch
from dominoboard.sim.engines.run import ENGINES, fast_ok, why_not_fast
from dominoboard.sim.table import Setup

HANDS = 12  # per rule and value; a rule the engine ignores shows within a few hands


def engine_of(key):
    cls = game_class(key)
    game = create(key, None, cls.players[0])
    for engine in ENGINES:
        if engine.plays_flow(game):
            return engine
    return None


FAST_GAMES = [k for k in keys() if engine_of(k) is not None]


def rule_cases():
    """(game, rule, value, top) for every rule and value of every fast-engine game, at the
    game's own set and at its biggest (where deals without a double are common)."""
    for key in FAST_GAMES:
        cls = game_class(key)
        options = cls.options
        biggest = max(v for spec in options if spec[0] == "top" for v in spec[2])
        tops = [None] + ([biggest] if biggest != cls.top else [])
        for name, _default, allowed in options:
            if name == "top":
                continue
            for value in allowed:
                for top in tops:
                    yield key, name, value, top


def test_the_fast_engines_play_draw_block_doble12_mexican_muggins_allfives():
    assert set(FAST_GAMES) == {"draw", "block", "doble12", "mexican", "muggins", "allfives"}


@pytest.mark.parametrize("key,rule,value,top", list(rule_cases()))
def test_every_house_rule_is_played_as_the_fold_plays_it_or_left_to_the_fold(
        key, rule, value, top, tmp_path):
    engine = engine_of(key)
    opts = {rule: value} if top is None else {rule: value, "top": top}
    fives = engine is FivesMatch
    n = game_class(key).players[0]
    bots = (["counter", "random"] if fives else ["heavy", "random"]) * n
    setup = Setup(key, bots[:n], opts=opts, hands=True)
    if fast_ok(setup):
        check = check_fives if fives else check_line
        for i in range(HANDS):
            check(setup, 5, i)
        return
    assert why_not_fast(setup) == f"the fast engine does not play {key} with {rule}=" \
        + str(value).lower()
    assert engine.unplayed(create(key, opts, n)) is not None
    argv = ["simulate", key, "--hands", "10", "--no-plots", "-o", str(tmp_path)]
    for name, v in opts.items():
        argv += ["--opt", f"{name}={str(v).lower()}"]
    assert main(argv) == 0
    summary = json.loads((tmp_path / "summary.json").read_text())
    assert summary["setup"]["engine"] == "fold"
