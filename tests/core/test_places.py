# Places in a finished match (domino.standings.places): each game ranked its own way, the
# winners first; what the host's all-games statistics average instead of scores.
from table import end, match

from domino.standings import places


def test_places_in_a_highest_wins_game_put_the_highest_total_first():
    m = match("muggins", 3, target=50)
    end(m, [0, 20, 10], out=0)
    assert places(m) is None  # still being played
    end(m, [5, 15, 0], out=2)
    end(m, [0, 10, 15], out=0)
    assert m.over and m.totals == [55, 0, 20]
    assert places(m) == [1, 3, 2]


def test_places_in_a_lowest_wins_game_put_the_lowest_total_first():
    m = match("mexican", 4, rounds=2)
    end(m, [0, 30, 12, 31], out=0)
    end(m, [10, 0, 5, 40], out=1)
    assert m.over and m.totals == [10, 30, 17, 71]
    assert places(m) == [1, 3, 2, 4]


def test_equal_totals_share_a_place_and_the_next_place_is_skipped():
    m = match("mexican", 4, rounds=2)
    end(m, [0, 30, 12, 30], out=0)
    end(m, [5, 0, 18, 0], out=1)
    assert m.totals == [5, 30, 30, 30]
    assert places(m) == [1, 2, 2, 2]
    m = match("mexican", 4, rounds=1)
    end(m, [0, 0, 12, 30], out=0)
    assert m.totals == [0, 0, 12, 30] and places(m) == [1, 1, 3, 4]
