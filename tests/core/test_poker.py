# Poker, booklet 000 "POKER" (Spanish: "PÓQUER").
from table import match, snapshot

from check import raises
from domino.errors import DominoError
from domino.poker import RANKS, SET, compare, describe


def test_000_poker_20_pieces_double_six_without_blanks_and_the_double_ace():
    # "20 pieces are used in this game, double-ace with all blanks removed."
    assert len(SET) == 20
    assert (1, 1) not in SET and all(b > 0 for a, b in SET)
    assert [t for t in SET if t[0] == t[1]] == [(6, 6), (5, 5), (4, 4), (3, 3), (2, 2)]
    err = raises(
        DominoError,
        compare,
        [["6-0", "5-5", "4-4", "3-3", "2-2"], ["6-6", "5-4", "4-3", "3-2", "2-1"]],
    )
    assert "6-0 is not in the poker set" in str(err)
    raises(
        DominoError,
        compare,
        [["1-1", "5-5", "4-4", "3-3", "2-2"], ["6-6", "5-4", "4-3", "3-2", "2-1"]],
    )


def test_000_poker_the_booklets_hands_by_name():
    # One pair - any two doubles; Flush - five of a suit such as six-one, six-three, six-four,
    # six-five, six-six; Three's - any three doubles; Four Straight - a sequence of fours such
    # as four-six, four-five, four-four, four-three; Full hand - six-six, three-three, two-two,
    # and two-four and two-one; Five Straight - three-one, three-two, three-three, three-four,
    # three-five; Fours - any four doubles; Six Straight - a sequence of sixes; Royal - five
    # doubles.
    assert describe(["6-6", "2-2", "5-4", "4-3", "3-1"]) == "one pair"
    assert describe(["6-1", "6-2", "6-4", "6-5", "6-6"]) == "flush"
    assert describe(["6-6", "5-5", "2-2", "4-3", "5-1"]) == "threes"
    assert describe(["4-6", "4-5", "4-4", "4-3", "2-1"]) == "four straight"
    assert describe(["6-6", "3-3", "2-2", "2-4", "2-1"]) == "full hand"
    assert describe(["3-1", "3-2", "3-3", "3-4", "3-5"]) == "five straight"
    assert describe(["6-6", "5-5", "4-4", "3-3", "2-1"]) == "fours"
    assert describe(["6-1", "6-2", "6-3", "6-4", "6-5"]) == "six straight"
    assert describe(["6-6", "5-5", "4-4", "3-3", "2-2"]) == "royal"
    assert describe(["6-5", "5-3", "4-2", "3-1", "2-2"]) == "high piece"


def test_000_poker_the_flush_example_also_holds_a_four_straight():
    # The booklet's flush, 6-1, 6-3, 6-4, 6-5, 6-6, is five of a suit, and its 6-3 .. 6-6 is a
    # sequence of four, which the booklet ranks above a flush.
    assert describe(["6-1", "6-3", "6-4", "6-5", "6-6"]) == "four straight"


def test_000_poker_hands_rank_in_the_booklets_order():
    assert RANKS == (
        "high piece",
        "one pair",
        "flush",
        "threes",
        "four straight",
        "full hand",
        "five straight",
        "fours",
        "six straight",
        "royal",
    )
    hands = [
        ["6-5", "5-3", "4-2", "3-1", "2-1"],  # high piece
        ["6-6", "2-2", "5-4", "4-3", "3-1"],  # one pair
        ["6-1", "6-2", "6-4", "6-5", "6-6"],  # flush
        ["6-6", "5-5", "2-2", "4-3", "5-1"],  # threes
        ["4-6", "4-5", "4-4", "4-3", "2-1"],  # four straight
        ["6-6", "3-3", "2-2", "2-4", "2-1"],  # full hand
        ["3-1", "3-2", "3-3", "3-4", "3-5"],  # five straight
        ["6-6", "5-5", "4-4", "3-3", "2-1"],  # fours
        ["6-1", "6-2", "6-3", "6-4", "6-5"],  # six straight
        ["6-6", "5-5", "4-4", "3-3", "2-2"],  # royal
    ]
    for i in range(len(hands) - 1):
        assert compare([hands[i], hands[i + 1]]) == [1], (i, hands[i])
        assert compare([hands[i + 1], hands[i]]) == [0]


def test_000_poker_when_none_is_held_the_highest_piece_wins():
    # "When none of the above hands are out, the best is determined by the rank of the highest
    # piece."
    a = ["6-5", "5-3", "4-2", "3-1", "2-1"]
    b = ["6-4", "5-4", "4-3", "3-2", "5-1"]
    assert compare([b, a]) == [1]
    c = ["6-5", "5-2", "4-1", "3-2", "2-2"]  # same highest piece 6-5: the next decides
    assert compare([a, c]) == [0]


def test_poker_compares_two_to_eight_hands():
    pair = ["6-6", "2-2", "5-4", "4-3", "3-1"]
    high = ["6-5", "5-3", "4-2", "3-1", "2-1"]
    assert compare([high, high, pair, high, high, high, high, high]) == [2]
    assert compare([high, high]) == [0, 1]  # the very same tiles tie
    raises(DominoError, compare, [pair])
    raises(DominoError, compare, [pair] * 9)
    err = raises(DominoError, compare, [pair, pair[:4]])
    assert "five tiles" in str(err)
    err = raises(DominoError, compare, [pair, ["6-6", "6-6", "5-4", "4-3", "3-1"]])
    assert "named twice" in str(err)


def test_poker_game_counts_showdowns_won():
    m = match("poker", ["Ann", "Bob", "Cy"])
    assert m.target == 10
    r = m.apply(
        {
            "k": "end",
            "hands": [["6-6", "5-5", "4-4", "2-3", "2-1"], [], ["6-1", "6-2", "6-3", "6-4", "6-5"]],
        }
    )
    assert r["hand"] == [0, 0, 1] and m.standings()["hands"][0]["out"] == 2
    before = snapshot(m)
    for hands, why in (
        ([[], [], []], "at least one"),
        (
            [["6-6", "5-5", "4-4", "2-3", "2-1"], ["6-6", "5-1", "4-1", "3-1", "2-2"], []],
            "6-6 is named twice",
        ),
        ([["6-6", "5-5", "4-4"], [], []], "show five"),
        ([["6-6", "5-5", "4-4", "2-3", "2-1"], []], "one entry per player"),
    ):
        err = raises(DominoError, m.apply, {"k": "end", "hands": hands})
        assert why in str(err), str(err)
        assert snapshot(m) == before
    assert m.apply({"k": "end", "hands": [[], ["6-6", "5-1", "4-1", "3-1", "2-1"], []]})[
        "hand"
    ] == [0, 1, 0]
    raises(DominoError, match, "poker", 5)  # 20 pieces: four hands of five at most


def test_000_poker_the_showdowns_winner_as_paper_writes_it():
    # "played the same as regular poker": paper notes who took the showdown; the box counts
    # showdowns won without the hands shown (they may still be entered and settled)
    m = match("poker", 3)
    assert [w[0] for w in m.game.entries] == ["winner", "hands"]
    assert m.apply({"k": "end", "winner": 2})["hand"] == [0, 0, 1]
    err = raises(DominoError, m.apply, {"k": "end", "winner": 3})
    assert str(err).startswith("winner 3: a whole number 0..2")
    assert m.totals == [0, 0, 1]
