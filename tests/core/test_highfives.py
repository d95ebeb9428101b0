# High Fives / El Cinquillo, booklet 000 "HIGH FIVES" (Spanish: "EL
# CINQUILLO").
from table import match, snapshot

from check import raises
from domino.errors import DominoError
from domino.highfives import best, tile_points
from domino.tiles import full_set


def end(m, points, pieces):
    return m.apply({"k": "end", "points": points, "pieces": pieces})


def test_000_high_fives_tile_values_as_the_booklet_counts_them():
    # "2-3 and 1-4 each add to 5 and each is worth 1 point; 3-12 and 7-8 each add to 15, each
    # worth 3 points; 13-12 is worth 5 points. 15-15, the highest scoring piece, is worth 7
    # points: 6 points for its total of 30, and 1 more as a double."
    assert tile_points((3, 2)) == tile_points((4, 1)) == 1
    assert tile_points((12, 3)) == tile_points((8, 7)) == 3
    assert tile_points((13, 12)) == 5
    assert tile_points((15, 15)) == 7
    assert tile_points((4, 4)) == 1  # "Each double counts as 1 point"
    assert tile_points((5, 5)) == 3  # a double of total 10: 1 + 2
    assert tile_points((0, 0)) == 1 and tile_points((9, 2)) == 0


def test_000_high_fives_scoring_tiles_of_a_double_15_set_total_exactly_100():
    # "The scoring tiles total 100 points exactly."
    values = [tile_points(t) for t in full_set(15)]
    assert sum(values) == 100
    assert best(15, 136) == 100 and best(15, 1) == 7


def test_000_high_fives_the_player_with_the_most_pieces_wins_5():
    # "The player taking the most pieces wins a bonus of 5 points."
    m = match("highfives", 3)
    assert m.hand.counts == [5, 5, 5] and m.rounds == 1
    r = end(m, [41, 30, 19], [24, 30, 18])
    assert r["hand"] == [41, 35, 19] and m.over
    assert m.standings()["winners"] == [["P0"]]


def test_000_high_fives_deal_sizes_by_player_count():
    # "Each player takes five tiles ... (With 5 or more players, take only four pieces each.)"
    for n, k in ((2, 5), (4, 5), (5, 4), (8, 4)):
        assert match("highfives", n).hand.counts == [k] * n
    raises(DominoError, match, "highfives", 9)


def test_high_fives_a_tie_for_most_pieces_house_rule():
    m = match("highfives", 2)
    assert end(m, [50, 40], [40, 40])["hand"] == [50, 40]  # decided: nobody takes the bonus
    m = match("highfives", 2, opts={"tie_bonus": "each"})
    assert end(m, [50, 40], [40, 40])["hand"] == [55, 45]


def test_high_fives_impossible_outcomes_are_rejected():
    m = match("highfives", 3)
    before = snapshot(m)
    for points, pieces, why in (
        ([41, 30, 19], [23, 30, 18], "even number"),
        ([60, 30, 9], [60, 60, 18], "the set has 136"),
        ([50, 40, 11], [50, 50, 20], "the scoring tiles total 100"),
        ([13, 0, 0], [2, 0, 0], "2 pieces hold at most 12 points"),
        ([1, 0, 0], [0, 0, 0], "0 pieces hold at most 0"),
        ([101, 0, 0], [2, 0, 0], "0..100"),
    ):
        err = raises(DominoError, end, m, points, pieces)
        assert why in str(err), str(err)
        assert snapshot(m) == before


def test_000_high_fives_each_sides_points_as_paper_writes_them():
    # "The scoring tiles total 100 points exactly. The player taking the most pieces wins a
    # bonus of 5 points." Paper writes each total, the bonus in it.
    m = match("highfives", 3)
    assert [w[0] for w in m.game.entries] == ["scored", "pieces"]
    err = raises(DominoError, m.apply, {"k": "end", "points": [56, 30, 20]})
    assert str(err).startswith("points [56, 30, 20]: 106 in all; the scoring tiles total 100")
    assert "105 at most" in str(err)
    assert m.apply({"k": "end", "points": [46, 30, 19]})["hand"] == [46, 30, 19]
    each = match("highfives", 3, opts={"tie_bonus": "each"})  # three tied: 100 + 3 x 5
    assert each.apply({"k": "end", "points": [40, 40, 35]})["hand"] == [40, 40, 35]
