# Sebastopol (booklet 000 and booklet 003) and Cyprus (003): tiles
# laid round a centre double.
from table import end, match, play, snapshot

from check import raises
from domino.errors import DominoError


def test_000_sebastopol_the_6_6_is_set_and_the_turn_rotates_to_the_left():
    # 000: "Four play, and each draws seven bones. The 6-6 must be set, and the turn then
    # rotates to the left of the first player."
    m = match("sebastopol", 4)
    assert m.hand.counts == [7, 7, 7, 7] and m.hand.boneyard == 0
    err = raises(DominoError, play, m, 2, "5-5")
    assert "6-6 is set first" in str(err)
    play(m, 2, "6-6")
    assert m.hand.turn == 3
    raises(DominoError, match, "sebastopol", 3)


def test_000_sebastopol_first_four_plays_must_be_on_the_6_6():
    # 000: "The 6-6 is open four ways, and the first four plays after the set must be upon it -
    # no branches may be extended until all four have sprouted."
    m = match("sebastopol", 4)
    play(m, 0, "6-6")
    play(m, 1, "6-1", 0)
    before = snapshot(m)
    err = raises(DominoError, play, m, 2, "1-2", 0)
    assert "not open yet" in str(err) and "[1, 2, 3]" in str(err)
    assert snapshot(m) == before
    play(m, 2, "6-2", 1)
    play(m, 3, "6-3", 2)
    raises(DominoError, play, m, 0, "2-4", 1)
    play(m, 0, "6-4", 3)
    play(m, 1, "2-5", 1)  # all four sprouted: branches may grow
    assert m.hand.layout.ends() == [1, 5, 3, 4]


def test_000_sebastopol_is_scored_as_block():
    m = match("sebastopol", 4)
    assert m.target == 100
    assert end(m, [0, 10, 20, 5], out=0)["hand"] == [35, 0, 0, 0]
    # blocked: each scores the differences to every higher hand (Block as Draw as Muggins)
    assert end(m, [4, 10, 15, 30])["hand"] == [6 + 11 + 26, 5 + 20, 15, 0]


def test_003_sebastopol_all_four_ends_of_the_6_are_open():
    # 003: "The player holding the 6-6 double begins ... All 4 ends of the tile chain are open
    # for play." No rule that the first four plays go on the double: a branch may grow at once.
    m = match("sebastopol-schmidt", 4)
    play(m, 1, "6-6")
    play(m, 2, "6-1", 0)
    play(m, 3, "1-2", 0)
    assert m.hand.layout.ends() == [2, 6, 6, 6]
    assert m.target is None and m.rounds == 4


def test_003_sebastopol_french_text_first_four_on_the_double_house_rule():
    # 003, French: "Les quatre premiers dominos placés doivent donc tous avoir un 6"
    m = match("sebastopol-schmidt", 4, opts={"sprout_first": True})
    play(m, 1, "6-6")
    play(m, 2, "6-1", 0)
    raises(DominoError, play, m, 3, "1-2", 0)


def test_003_sebastopol_winner_scores_the_opponents_pips():
    m = match("sebastopol-schmidt", 4)
    assert end(m, [0, 10, 20, 5], out=0)["hand"] == [35, 0, 0, 0]
    assert end(m, [4, 10, 15, 30])["hand"] == [55, 0, 0, 0]  # blocked: the lowest hand


def test_003_cyprus_13_tiles_each_from_double_nine_the_9_9_starts():
    # 003: "4 players: 13 tiles ... Whoever has the double-9 begins."
    m = match("cyprus", 4)
    assert m.game.top == 9 and m.hand.counts == [13] * 4 and m.hand.boneyard == 3
    err = raises(DominoError, play, m, 0, "8-8")
    assert "9-9 is set first" in str(err)
    play(m, 3, "9-9")
    assert m.hand.turn == 0 and len(m.hand.layout.arms) == 9


def test_003_cyprus_9s_build_a_star_and_open_ends_are_playable_too():
    # 003: "the players place the tiles with 9 pips in such a way as to create a star-shaped
    # layout. If you don't have a 9 or don't want to play it, you can also play at the open
    # ends of the existing layout."
    m = match("cyprus", 4)
    play(m, 0, "9-9")
    play(m, 1, "9-4", 0)
    play(m, 2, "4-4", 0)  # on an open end, not a 9
    play(m, 3, "9-1", 1)
    raises(DominoError, play, m, 0, "3-2", 2)  # a new ray needs a 9
    play(m, 0, "9-3", 2)
    assert m.hand.layout.ends()[:3] == [4, 1, 3]


def test_003_cyprus_traditional_eight_way_star_house_rule():
    m = match("cyprus", 4, opts={"star": 8})
    play(m, 0, "9-9")
    assert len(m.hand.layout.arms) == 8


def test_003_cyprus_first_out_scores_the_others_pips_or_the_lowest_when_blocked():
    m = match("cyprus", 4)
    assert m.rounds == 4
    assert end(m, [0, 30, 12, 40], out=0)["hand"] == [82, 0, 0, 0]
    assert end(m, [25, 30, 12, 40])["hand"] == [0, 0, 95, 0]
    assert end(m, [12, 30, 12, 40])["hand"] == [0, 0, 0, 0]  # decided: a tie scores nothing
