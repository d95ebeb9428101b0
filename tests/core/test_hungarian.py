# Hungarian (booklet 003): a player lays tiles for as long as he can.
from table import end, match, play

from check import raises
from domino.errors import DominoError


def test_003_hungarian_deals_12_8_6_and_sets_the_rest_aside():
    # 003: "2 players: 12 tiles. 3 players: 8 tiles. 4 players: 6 tiles; the remaining tiles
    # are discarded."
    assert match("hungarian", 2).hand.counts == [12, 12]
    assert match("hungarian", 3).hand.counts == [8, 8, 8]
    m = match("hungarian", 4)
    assert m.hand.counts == [6] * 4 and m.hand.boneyard == 4
    play(m, 0, "6-6")
    err = raises(DominoError, m.apply, {"k": "draw", "p": 0, "n": 1})
    assert "no drawing" in str(err)


def test_003_hungarian_the_highest_double_begins_and_keeps_placing_while_he_can():
    # 003: "The player holding the highest double begins. S/he may place tiles for as long as
    # his or her tiles permit. The next player may take his or her turn thereafter."
    m = match("hungarian", 3)
    raises(DominoError, play, m, 1, "6-5")
    play(m, 1, "6-6")
    play(m, 1, "6-5", 0)
    play(m, 1, "5-3", 0)
    assert m.hand.turn == 1
    m.apply({"k": "pass", "p": 1})
    assert m.hand.turn == 2
    play(m, 2, "3-3", 0)
    m.apply({"k": "pass", "p": 2})  # ends the turn he laid in: he could lay
    m.apply({"k": "pass", "p": 0})
    m.apply({"k": "pass", "p": 1})
    assert not m.hand.blocked
    m.apply({"k": "pass", "p": 2})
    assert m.hand.blocked  # nobody can place any more


def test_003_hungarian_the_fewest_pips_score_the_opponents_pips():
    # 003: "The player with the lowest remaining tile points (or pips) is accorded the points of
    # the opponent(s)."
    m = match("hungarian", 3)
    assert end(m, [9, 4, 20])["hand"] == [0, 29, 0]
    assert end(m, [0, 4, 20], out=0)["hand"] == [24, 0, 0]
    assert end(m, [4, 4, 20])["hand"] == [0, 0, 0]  # decided: a tie scores nothing


def test_003_hungarian_first_in_excess_of_100_wins():
    # 003 (de, en, nl, it): "The player who first scores in excess of 100 points wins"
    m = match("hungarian")
    end(m, [0, 60], out=0)
    end(m, [0, 40], out=0)
    assert m.totals == [100, 0] and not m.over
    end(m, [0, 1], out=0)
    assert m.over


def test_003_hungarian_french_text_reaching_100_house_rule():
    # 003 (fr): "Le joueur atteignant en premier 100 points remporte la partie."
    m = match("hungarian", opts={"past_target": False})
    end(m, [0, 60], out=0)
    end(m, [0, 40], out=0)
    assert m.over and m.standings()["winners"] == [["P0"]]


def test_003_hungarian_he_may_place_tiles_for_as_long_as_his_tiles_permit():
    # 003: "S/he may place tiles for as long as his or her tiles permit"; "Er darf so lange
    # auslegen, wie seine Steine passen"; "Il a le droit de placer ...": he may. Ending his turn
    # after laying is no pass of a player who cannot lay: the hand goes on.
    m = match("hungarian", 2)
    play(m, 0, "6-6")
    m.apply({"k": "pass", "p": 0})  # Ana ends her turn
    m.apply({"k": "pass", "p": 1})  # Ben cannot lay
    assert not m.hand.is_over() and m.hand.turn == 0
    play(m, 0, "6-5", 0)
    m.apply({"k": "pass", "p": 0})
    m.apply({"k": "pass", "p": 1})
    m.apply({"k": "pass", "p": 0})  # now nobody can lay
    assert m.hand.blocked
