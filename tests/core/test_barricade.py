# Barricade (booklet 003): close an end with a double and end the hand, on top of
# another game.
from table import match, play, snapshot

from check import raises
from domino.errors import DominoError


def end(m, left, bar=None, out=None, k="end", h=None):
    ev = {"k": k, "left": left}
    if bar is not None:
        ev["bar"] = bar
    if out is not None:
        ev["out"] = out
    if h is not None:
        ev["h"] = h
    return m.apply(ev)


def barricade_by_seat_1(m):
    play(m, 0, "6-4")
    m.apply({"k": "draw", "p": 0, "n": 1})
    play(m, 1, "4-4", 1)  # the double closing an end


def test_003_barricader_with_the_lowest_pips_scores_as_usual():
    # 003: "The barricading player must, however, have won the game, i.e. must have the lowest
    # number of remaining points. As before, s/he will then be accorded the points of the
    # opponent(s)."
    m = match("barricade", 3)
    barricade_by_seat_1(m)
    assert end(m, [24, 9, 20], bar=1)["hand"] == [0, 44, 0]


def test_003_barricader_beaten_loses_twice_his_pips_the_lower_opponent_takes_all():
    # 003: "If an opponent has fewer tile points (or pips), that opponent shall receive all the
    # points and the barricading player will subtract double the points from his or her
    # remaining tiles."
    m = match("barricade", 3)
    barricade_by_seat_1(m)
    assert end(m, [24, 20, 9], bar=1)["hand"] == [0, -40, 44]
    assert m.totals == [0, -40, 44]


def test_003_barricade_decisions_tie_and_two_lower_opponents():
    m = match("barricade", 3)
    assert end(m, [12, 5, 5], bar=1)["hand"] == [0, 17, 0]  # tied with the lowest: he won
    assert end(m, [4, 9, 4], bar=1)["hand"] == [0, -18, 0]  # two lower opponents tie


def test_003_barricade_is_a_double_laid_last_by_the_barricader():
    m = match("barricade", 3)
    play(m, 0, "6-4")
    before = snapshot(m)
    err = raises(DominoError, end, m, [12, 9, 5], bar=1)
    assert "seat 0 laid the last tile" in str(err)
    err = raises(DominoError, end, m, [12, 9, 5], bar=0)
    assert "6-4, is not a double" in str(err)
    err = raises(DominoError, end, m, [0, 9, 5], bar=0, out=0)
    assert "nobody went out" in str(err)
    raises(DominoError, end, m, [12, 9, 5], bar=3)
    assert snapshot(m) == before


def test_003_barricade_on_top_of_another_game_is_a_house_rule():
    # 003: "Play progresses in accordance with any of the aforementioned game variants."
    m = match("hungarian", 3)
    err = raises(DominoError, end, m, [12, 9, 5], bar=1)
    assert "barricade=false" in str(err)
    m = match("hungarian", 3, opts={"barricade": True})
    assert end(m, [12, 9, 5], bar=2)["hand"] == [0, 0, 21]
    m = match("teamblock", 4, teams=[[0, 2], [1, 3]], opts={"barricade": True})
    assert end(m, [3, 10, 6, 8], bar=0)["hand"] == [18, 0]
    assert end(m, [9, 1, 6, 8], bar=0)["hand"] == [-18, 15]  # the sides' pips compared
    m = match("allsevens", 3, opts={"barricade": True})
    assert end(m, [12, 5, 9], bar=1)["hand"] == [0, 21 - 5, 0]  # All Sevens: less his own


def test_003_barricade_correction_repeats_bar():
    m = match("barricade", 3)
    barricade_by_seat_1(m)
    end(m, [24, 9, 20], bar=1)
    r = end(m, [24, 20, 9], bar=1, k="fix", h=0)
    assert r["hand"] == [0, -40, 44] and m.totals == [0, -40, 44]
    # not a barricade after all? Then blocked, but 10 tiles could still be drawn, one after
    # every turn: the record rules that out
    err = raises(DominoError, end, m, [24, 20, 9], k="fix", h=0)
    assert "blocked: 10 tile(s) can still be drawn" in str(err) and m.totals == [0, -40, 44]


def test_003_barricade_on_a_score_pad_and_after_a_switch_to_one():
    # Schmidt booklet (003), "Barricade Dominoes" / "Sperr-Domino" / "Domino à blocage": a
    # player "may barricade any tile end with a double. This concludes the game." On a score
    # pad the record never sees that double: the table's word stands. Refused before once a
    # tile had been laid on the record (seat 0's 6-4 taken for the last tile).
    m = match("barricade", 3)
    play(m, 0, "6-4")
    m.apply({"k": "draw", "p": 0, "n": 1})
    m.apply({"k": "way", "way": "pad"})  # the rest of the hand on the score pad
    assert end(m, [24, 20, 9], bar=1)["hand"] == [0, -40, 44]
    m = match("barricade", 3)
    play(m, 0, "6-4")
    m.apply({"k": "draw", "p": 0, "n": 1})
    # a hand followed tile by tile still refuses a barricade the record rules out ...
    err = raises(DominoError, end, m, [12, 9, 5], bar=2)
    assert "seat 0 laid the last tile" in str(err)
    # ... unless the table declares the end (the device's End the hand)
    r = m.apply({"k": "end", "left": [12, 9, 5], "bar": 2, "declared": 1})
    assert r["hand"] == [0, 0, 21]
    # a match kept on the pad from the start: any seat may barricade
    m = match("barricade", 3, way="pad")
    assert end(m, [24, 9, 20], bar=2)["hand"] == [0, 24 + 20, -40]  # his own pips too
