# Tiddle-a-Wink (booklet 000): block for larger groups, a double plays again.
from table import end, match, play

from check import raises
from domino.errors import DominoError


def test_000_tiddle_tiles_are_shared_out_equally_the_rest_stay_face_down():
    # 000: "the dominos are shared out equally between the players; any remaining dominos are
    # left face down on the table"; "often played with sets of 55 or 91 dominos"
    m = match("tiddle", 4)
    assert m.game.top == 9 and m.hand.counts == [13] * 4 and m.hand.boneyard == 3
    m = match("tiddle", 10, opts={"top": 12})
    assert m.hand.counts == [9] * 10 and m.hand.boneyard == 1
    err = raises(DominoError, m.apply, {"k": "draw", "p": 0, "n": 1})
    assert "no drawing" in str(err)


def test_000_tiddle_the_highest_double_always_starts():
    m = match("tiddle", 5)
    err = raises(DominoError, play, m, 0, "9-8")
    assert "double" in str(err)
    play(m, 3, "9-9")
    assert m.hand.turn == 3  # a double: he may add another tile


def test_000_tiddle_a_player_who_plays_a_double_may_add_another_domino():
    # 000: "Any player who plays a double may add another domino if he is able"
    m = match("tiddle", 3, opts={"top": 6})
    play(m, 0, "6-6")
    play(m, 0, "6-5", 0)  # added after his double
    assert m.hand.turn == 1
    play(m, 1, "5-5", 0)
    assert m.hand.turn == 1
    m.apply({"k": "pass", "p": 1})  # not able to add: the turn moves on
    assert m.hand.turn == 2
    m.apply({"k": "pass", "p": 2})
    m.apply({"k": "pass", "p": 0})
    assert not m.hand.blocked  # Ben laid in his turn: he has not shown he cannot
    m.apply({"k": "pass", "p": 1})
    assert m.hand.blocked  # everyone passed, each unable to lay


def test_000_tiddle_first_out_calls_tiddle_a_wink_and_scores_as_block():
    m = match("tiddle", 3, opts={"top": 6})
    assert m.target == 100
    m.hand.counts = [1, 9, 9]
    r = play(m, 0, "4-4")
    assert r["out"] == 0  # "Tiddle-a-Wink", however many he could add
    assert end(m, [0, 40, 38])["hand"] == [78, 0, 0]
    assert end(m, [4, 10, 15])["hand"] == [6 + 11, 5, 0]


def test_000_tiddle_pool_three_tiles_each_six_to_nine_players_one_side_only():
    # 000: "played by six to nine players with three dominos each from a set of 28 dominos. In
    # this version, dominos are added to only one side of the starting double"
    m = match("tiddle-pool", 7)
    assert m.hand.counts == [3] * 7 and m.hand.boneyard == 7
    raises(DominoError, match, "tiddle-pool", 5)
    raises(DominoError, match, "tiddle-pool", 10)
    raises(DominoError, play, m, 0, "5-4")
    play(m, 0, "5-5")
    assert len(m.hand.layout.arms) == 1
    play(m, 0, "5-2", 0)
    err = raises(DominoError, play, m, 1, "5-1", 1)
    assert "ends 0..0" in str(err)
    play(m, 1, "2-1", 0)
    assert m.hand.layout.ends() == [1]


def test_000_tiddle_pool_the_hand_winner_takes_the_pot():
    # "bets are made as in domino pool": the scoreboard counts pots won
    m = match("tiddle-pool", 6)
    assert m.target is None and m.rounds == 6
    assert end(m, [0, 5, 6, 7, 8, 9], out=0)["hand"] == [1, 0, 0, 0, 0, 0]
    assert end(m, [3, 5, 2, 7, 8, 9])["hand"] == [0, 0, 1, 0, 0, 0]
    assert end(m, [3, 5, 3, 7, 8, 9])["hand"] == [0] * 6


def test_000_tiddle_pool_the_player_out_is_asked_nothing_of_the_others():
    # the pot goes to the player out whatever the others hold: no tally, none invented
    m = match("tiddle-pool", 6)
    assert m.game.tally_fields(m.hand, False) == () and m.game.tally_fields(m.hand, True)
    assert m.apply({"k": "end", "out": 2})["hand"] == [0, 0, 1, 0, 0, 0]
    raises(DominoError, m.apply, {"k": "end"})  # blocked: the lowest hand, so the pips


def test_000_tiddle_any_player_who_plays_a_double_may_add_another_domino_if_he_is_able():
    # 000: "Any player who plays a double may add another domino if he is able": declining is
    # the end of his turn, not a pass that blocks the hand while he can still play.
    m = match("tiddle", 2)
    play(m, 0, "9-9")
    m.apply({"k": "pass", "p": 0})  # he may add; he does not
    m.apply({"k": "pass", "p": 1})  # Ben cannot play
    assert not m.hand.is_over() and m.hand.turn == 0
    play(m, 0, "9-5", 0)  # Ana still can
    m.apply({"k": "pass", "p": 1})
    m.apply({"k": "pass", "p": 0})
    assert m.hand.blocked  # now nobody can
