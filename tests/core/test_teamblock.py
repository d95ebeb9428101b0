# Team Block (booklet 003): partnerships from a 4-tile draw, then Block 003.
from table import end, match

from check import raises
from domino.errors import DominoError
from domino.teamblock import teams_from_draw


def test_003_team_block_the_two_highest_draws_form_one_team():
    # 003: "Each player draws 4 tiles. The two players with the highest tile points form a
    # team; the two with the lowest tile points form another."
    assert teams_from_draw([20, 7, 15, 9]) == [[0, 2], [1, 3]]
    assert teams_from_draw([3, 30, 4, 29]) == [[1, 3], [0, 2]]
    assert teams_from_draw([10, 10, 1, 2]) == [[0, 1], [2, 3]]  # a tie within a team is fine


def test_003_team_block_a_tie_at_the_split_draws_again():
    err = raises(DominoError, teams_from_draw, [20, 9, 9, 5])
    assert "seats 1 and 2" in str(err) and "draw again" in str(err)
    raises(DominoError, teams_from_draw, [20, 9, 15])
    raises(DominoError, teams_from_draw, [20, 9, 15, 49])


def test_003_team_block_needs_two_teams_of_two():
    err = raises(DominoError, match, "teamblock", 4)
    assert "two teams of two" in str(err)
    raises(DominoError, match, "teamblock", 4, teams=[[0], [1, 2, 3]])
    m = match("teamblock", 4, teams=teams_from_draw([20, 7, 15, 9]))
    assert m.sides == [[0, 2], [1, 3]] and m.hand.counts == [5] * 4


def test_003_team_block_the_side_out_scores_the_other_sides_pips():
    m = match("teamblock", 4, teams=[[0, 2], [1, 3]])
    assert end(m, [0, 10, 6, 8], out=0)["hand"] == [18, 0]
    # blocked: the side holding fewer pips in all scores the other side's
    assert end(m, [9, 10, 6, 8])["hand"] == [18, 0]  # 15 against 18
    assert end(m, [9, 1, 6, 8])["hand"] == [0, 15]  # 15 against 9
    assert end(m, [9, 10, 9, 8])["hand"] == [0, 0]
    assert m.rounds == 4
