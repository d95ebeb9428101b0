# That's It!, booklet 000 "THAT'S IT!" (Spanish: "¡YA ESTÁ!").
from table import match, snapshot

from check import raises
from domino.errors import DominoError
from domino.thatsit import hand_points, meld_points, meld_suit
from domino.tiles import parse


def meld(*names):
    return [parse(n) for n in names]


def end(m, winner, melds):
    return m.apply({"k": "end", "winner": winner, "melds": melds})


def test_000_thats_it_melds_of_a_number_or_of_doubles():
    # "3-6, 3-12, 3-14 is a meld of 3's; 4-4, 6-6, 13-13 is a meld of doubles."
    assert meld_suit(meld("3-6", "3-12", "3-14")) == 3
    assert meld_suit(meld("4-4", "6-6", "13-13")) == "doubles"
    err = raises(DominoError, meld_suit, meld("3-6", "4-12", "3-14"))
    assert "three or four tiles of one number" in str(err)


def test_000_thats_it_a_meld_without_consecutive_tiles_scores_1():
    # "2-9, 2-11, 2-14 = 1 point (no bonus)"
    assert meld_points(meld("2-9", "2-11", "2-14")) == 1


def test_000_thats_it_two_consecutive_tiles_add_1():
    # "2-9, 2-13, 2-14 = 2 points"
    assert meld_points(meld("2-9", "2-13", "2-14")) == 2


def test_000_thats_it_tiles_in_sequence_twice_add_2():
    # "5-4, 5-5, 5-12, 5-13 = 3 points (add 2 points for dominos in sequence twice)"
    assert meld_points(meld("5-4", "5-5", "5-12", "5-13")) == 3


def test_000_thats_it_all_consecutive_adds_2_per_domino():
    # "2-12, 2-13, 2-14 add 6 points; 4-4, 5-5, 6-6 add 6 points; 10-blank, 10-1, 10-2, 10-3
    # add 8 points."
    assert meld_points(meld("2-12", "2-13", "2-14")) == 1 + 6
    assert meld_points(meld("4-4", "5-5", "6-6")) == 1 + 6
    assert meld_points(meld("10-0", "10-1", "10-2", "10-3")) == 1 + 8


def test_000_thats_it_three_in_sequence_and_one_apart_add_2_removing_it_adds_6():
    # "For 10-blank, 10-1, 10-2, 10-7, add only 2 bonus points for 2 dominos added in a
    # sequence. But, remove the 10-7 and the bonus is 6 points"
    assert meld_points(meld("10-0", "10-1", "10-2", "10-7")) == 1 + 2
    assert meld_points(meld("10-0", "10-1", "10-2")) == 1 + 6


def test_000_thats_it_a_winning_hand_with_no_bonus_scores_2():
    # "Each meld scores 1 point for the winner. A winning hand with no bonuses scores 2."
    m = match("thatsit", 2)
    assert m.hand.counts == [7, 7] and m.target == 25
    r = end(m, 1, [["3-6", "3-12", "3-14"], ["4-4", "6-6", "13-13", "9-9"]])
    assert r["hand"] == [0, 2]  # "Only the winning hand scores."
    assert m.standings()["hands"][0]["out"] == 1


def test_000_thats_it_both_melds_in_one_suit_double_the_score():
    # "If both melds are in the same suit, double your score."
    melds = [meld("2-9", "2-13", "2-14"), meld("2-0", "2-4", "2-6", "2-11")]
    assert hand_points(melds) == (2 + 1) * 2
    # Decided: two melds of doubles are one suit. 2-2, 3-3, 4-4 in sequence twice: 3.
    doubles = [meld("1-1", "5-5", "8-8"), meld("2-2", "3-3", "4-4", "12-12")]
    assert hand_points(doubles) == (1 + 3) * 2


def test_000_thats_it_play_to_25():
    m = match("thatsit", 3)
    best = [["2-12", "2-13", "2-14"], ["10-0", "10-1", "10-2", "10-3"]]  # 7 + 9 = 16
    assert end(m, 2, best)["hand"] == [0, 0, 16]
    assert not m.over
    assert end(m, 2, [["4-4", "5-5", "6-6"], ["7-1", "7-3", "7-5", "7-9"]])["hand"] == [0, 0, 8]
    assert not m.over and m.totals == [0, 0, 24]
    assert end(m, 0, [["3-6", "3-12", "3-14"], ["4-4", "6-6", "13-13", "9-9"]])["hand"] == [2, 0, 0]
    end(m, 2, [["3-6", "3-12", "3-14"], ["4-4", "6-6", "13-13", "9-9"]])
    assert m.over and m.totals == [2, 0, 26] and m.standings()["winners"] == [["P2"]]


def test_000_thats_it_ten_domino_version_three_melds():
    # "Each player takes 10 tiles, not 7. A winning hand must consist of 3 melds (a meld of 4,
    # and two melds of 3)."
    m = match("thatsit", 2, opts={"ten": True})
    assert m.hand.counts == [10, 10]
    r = end(m, 0, [["3-6", "3-12", "3-14"], ["4-4", "6-6", "13-13"], ["9-0", "9-2", "9-4", "9-6"]])
    assert r["hand"] == [3, 0]
    err = raises(DominoError, end, m, 0, [["3-6", "3-12", "3-14"], ["4-4", "6-6", "13-13", "9-9"]])
    assert "3 groups" in str(err)


def test_thats_it_impossible_hands_are_rejected():
    m = match("thatsit", 2)
    before = snapshot(m)
    for melds, why in (
        ([["3-6", "3-12", "3-14"], ["4-4", "6-6", "13-13"]], "all 7 tiles"),
        ([["3-6", "3-12"], ["4-4", "6-6", "13-13", "9-9", "1-1"]], "3 to 4 tiles"),
        ([["3-6", "3-12", "3-14"], ["3-6", "6-6", "13-13", "9-9"]], "6-3 is named twice"),
        ([["3-6", "4-12", "3-14"], ["4-4", "6-6", "13-13", "9-9"]], "one number"),
        ([["3-6", "3-12", "3-16"], ["4-4", "6-6", "13-13", "9-9"]], "0..15"),
    ):
        err = raises(DominoError, end, m, 0, melds)
        assert why in str(err), str(err)
        assert snapshot(m) == before
    err = raises(DominoError, end, m, 2, [["3-6", "3-12", "3-14"], ["4-4", "6-6", "13-13", "9-9"]])
    assert "winner 2" in str(err)
    assert snapshot(m) == before


def test_000_thats_it_the_winners_points_as_paper_writes_them():
    # "Each meld scores 1 point for the winner. A winning hand with no bonuses scores 2."
    # 2-12, 2-13, 2-14 (1 + 6) with 4-4, 5-5, 6-6, 9-9 (1 + 2): 10, entered as the number
    m = match("thatsit", 2)
    assert [w[0] for w in m.game.entries] == ["scored", "melds"]
    assert m.apply({"k": "end", "winner": 1, "points": 10})["hand"] == [0, 10]
    assert m.apply({"k": "end", "winner": 0, "points": 2})["hand"] == [2, 0]
    # no two melds score 7: 3 tiles make 1, 2 or 7, 4 tiles 1, 2, 3 or 9, one suit doubles
    err = raises(DominoError, m.apply, {"k": "end", "winner": 0, "points": 7})
    assert str(err).startswith("points 7: a winning hand scores 2, 3, 4, 5, 6, 8, 9, 10, 11, 16")
    assert m.totals == [2, 10]


def test_000_thats_it_ten_tiles_score_three_melds():
    # "A winning hand must consist of 3 melds (a meld of 4, and two melds of 3)": 3 at least
    m = match("thatsit", 2, opts={"ten": True})
    assert m.game.entry[1] == ("points", "number", "one", 3, 46)  # (9 + 7 + 7) x 2
    raises(DominoError, m.apply, {"k": "end", "winner": 0, "points": 2})
    assert m.apply({"k": "end", "winner": 0, "points": 23})["hand"] == [23, 0]
