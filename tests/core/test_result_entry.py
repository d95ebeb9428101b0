# A hand's result entered as the result itself, where paper writes one (Game.result_entry):
# who scores and how much, bounded as a tally is. Runs on CPython and MicroPython.
from table import fails, match, play

from domino.match import Match


def result(m, won, n, **more):
    ev = {"k": "end", "won": won, "n": n}
    ev.update(more)
    return m.apply(ev)


def test_schmidt_the_winner_scores_the_opponents_pips_one_number_a_hand():
    # Schmidt booklet (003), general rules: "The winner of a round is accorded the points
    # of his/her opponent(s)" -- what a score pad writes: one total a hand.
    m = match("teamblock", 4, teams=[[0, 2], [1, 3]])
    assert m.game.result_entry(m.hand, True) and m.game.result_entry(m.hand, False)
    assert result(m, 1, 23, out=3)["hand"] == [0, 23]
    assert result(m, 2, 17)["hand"] == [17, 0]  # blocked: the lower side
    assert m.totals == [17, 23]
    again = Match.replay(m.setup, [m.log[i] for i in range(len(m.log))])
    assert again.totals == [17, 23]
    # a correction may give the result too
    assert m.apply({"k": "fix", "h": 0, "won": 3, "n": 25, "out": 3})["totals"] == [17, 25]


def test_super_dominos_simple_scoring_the_winner_writes_the_tiles():
    # "20 Domino Games" (000), SUPER DOMINOS: "The first player out of tiles, wins a point
    # from each player for every domino they have left".
    m = match("super", 3)
    assert result(m, 0, 7, out=0)["hand"] == [7, 0, 0]
    # the others hold at most the deal and what they could draw: tiles, not pips
    fails(m, {"k": "end", "won": 0, "n": 500, "out": 0}, "tiles")


def test_draw_domino_takes_all_blocked_is_a_tally():
    # 000 DRAW: the player going domino scores the others' pips; blocked, "each player count
    # his pips" and several score: no single result.
    m = match("draw", 3)
    assert m.game.result_entry(m.hand, False) and not m.game.result_entry(m.hand, True)
    assert result(m, 1, 30, out=1)["hand"] == [0, 30, 0]
    fails(m, {"k": "end", "won": 1, "n": 30}, "scores this hand from what each player holds")


def test_draw_blocked_between_two_the_lower_hand_writes_the_difference():
    # 000 DRAW, blocked: each scores the difference to every higher hand; of two, only the
    # lower one scores: Ana 12 pips, Ben 20, Ana 8 -- the tally and the result agree
    m = match("draw", 2)
    assert m.game.result_entry(m.hand, True)
    by_tally = match("draw", 2)
    assert by_tally.apply({"k": "end", "left": [12, 20]})["hand"] == [8, 0]
    assert result(m, 0, 8)["hand"] == [8, 0]


def test_doble12_the_lowest_hand_writes_its_differences():
    # 004: "the lowest hand wins and scores the sum of its differences to the others": who
    # went out (no pips) takes every pip; blocked among three several may tie: a tally
    m = match("doble12", 3)
    assert m.game.result_entry(m.hand, False) and not m.game.result_entry(m.hand, True)
    assert result(m, 2, 31, out=2)["hand"] == [0, 0, 31]
    two = match("doble12", 2)
    assert two.game.result_entry(two.hand, True)
    assert result(two, 1, 14)["hand"] == [0, 14]  # blocked: B 5 pips, A 19


def test_a_result_is_bounded_and_refused_where_it_cannot_be():
    m = match("teamblock", 4, teams=[[0, 2], [1, 3]])
    fails(m, {"k": "end", "won": 0, "n": 30, "out": 1}, "went out, so his side takes")
    fails(m, {"k": "end", "won": 4, "n": 3}, "won=4")
    fails(m, {"k": "end", "won": 0, "n": -1}, "n=-1")
    fails(m, {"k": "end", "won": 0, "n": 3, "left": [0, 1, 2, 3]}, "without left")
    fails(m, {"k": "end", "won": 0, "n": 3, "bar": 0}, "without bar")
    # the other side holds at most 2 x 5 tiles and what it drew: no more pips than those
    fails(m, {"k": "end", "won": 0, "n": 169}, "at most")
    # games where every seat scores its own pips take tallies only
    for key, n in (("peruvian", 4), ("mexican", 2), ("muggins", 2), ("bergen", 2)):
        g = match(key, n)
        fails(g, {"k": "end", "won": 0, "n": 3}, "enter left")
    # a tracked hand's record bounds who went out
    m = match("draw", 2, way="tracked")
    play(m, 0, "6-6")
    fails(m, {"k": "end", "won": 1, "n": 3, "out": 1}, "out=1")


def test_the_least_a_result_can_be_is_a_tile_each_where_tiles_score():
    # 000 SUPER DOMINOS, simple scoring: "a point from each player for every domino they have
    # left": each player who did not go out holds a tile at least, so the result of a
    # three-player hand is at least 2 (the device's entry starts there); where pips or a
    # difference score (Draw: a 0-0 is no pips; Block blocked), nothing bounds it from below.
    m = match("super", 3, way="pad")
    assert [m.result_least(w, w) for w in range(3)] == [2, 2, 2]
    assert m.result_least(0, None) == 0
    two = match("super", 2, way="pad")
    assert two.result_least(1, 1) == 1
    assert result(two, 1, 1, out=1)["hand"] == [0, 1]
    assert match("draw", 2, way="pad").result_least(0, 0) == 0
    assert match("block", 2, way="pad").result_least(1, None) == 0
