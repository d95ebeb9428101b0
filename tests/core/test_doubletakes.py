# Double Takes, booklet 000 "DOUBLE TAKES" (Spanish: "ATRAPAR LAS DOBLES").
from table import match, snapshot

from check import raises
from domino.errors import DominoError


def end(m, tricks, doubles, **more):
    ev = {"k": "end", "tricks": tricks, "doubles": doubles}
    ev.update(more)
    return m.apply(ev)


def test_000_double_takes_four_players_two_rounds_of_17_make_50_points():
    # "Each player takes seventeen dominos for Round 1 ... Combined, the two rounds contain 50
    # points - 34 points in tricks, and 16 in doubles."
    m = match("doubletakes", 4)
    assert m.game.top == 15 and m.hand.counts == [17] * 4 and m.rounds == 2
    assert m.game.total() == 50
    end(m, [5, 4, 4, 4], [3, 2, 1, 2])
    assert m.totals == [8, 6, 5, 6] and not m.over
    end(m, [2, 6, 5, 4], [0, 4, 3, 1])
    assert m.over and sum(m.totals) == 50
    assert m.totals == [10, 16, 13, 11]
    assert m.standings()["winners"] == [["P1"]]


def test_000_double_takes_two_players_four_rounds_make_84_points():
    # "There are four rounds, each player taking 17 tiles per round ... Total number of
    # points: 84."
    m = match("doubletakes", 2)
    assert m.rounds == 4 and m.hand.counts == [17, 17] and m.game.total() == 84
    for tricks, doubles in (
        ([9, 8], [3, 1]),
        ([10, 7], [2, 2]),
        ([8, 9], [4, 0]),
        ([6, 11], [1, 3]),
    ):
        end(m, tricks, doubles)
    assert m.over and m.totals == [33 + 10, 35 + 6] and sum(m.totals) == 84


def test_000_double_takes_three_players_three_rounds_of_15_make_61_points():
    # "each player taking 15 tiles per round. (The single tile remaining after the third round
    # draw will go to the winner of the very last trick; it's worth 1 point if it's a double!)
    # ... Total number of points: 61."
    m = match("doubletakes", 3)
    assert m.rounds == 3 and m.hand.counts == [15, 15, 15] and m.game.total() == 61
    end(m, [5, 5, 5], [2, 2, 1])
    end(m, [6, 4, 5], [1, 3, 2])
    # The last trick's winner also takes the odd tile: a double here, so 16 doubles in all.
    end(m, [4, 4, 7], [1, 0, 4])
    assert m.over and sum(m.totals) == 61 and m.totals == [19, 18, 24]


def test_000_double_takes_partnership_for_four_players():
    # "Partners sit facing each other. One player on each side should keep the tricks taken."
    m = match("doubletakes", 4, teams=[[0, 2], [1, 3]])
    end(m, [9, 8], [5, 3])
    end(m, [10, 7], [6, 2])
    assert m.over and m.totals == [30, 20]


def test_000_partnership_double_takes_partners_sit_facing_each_other():
    # 000 "Partnership DOUBLETAKES for Four Players: Partners sit facing each other" (ES "Los
    # componentes de las parejas se sientan uno frente a otro"). [[0, 1], [2, 3]] seated them
    # side by side and was accepted.
    err = raises(DominoError, match, "doubletakes", 4, teams=[[0, 1], [2, 3]])
    assert "Double Takes partners are two of four players sitting opposite" in str(err)
    assert "[[0, 2], [1, 3]]" in str(err)
    err = raises(DominoError, match, "doubletakes", 3, teams=[[0, 2], [1]])
    assert "two of four players" in str(err)
    assert match("doubletakes", 4).sides == [[0], [1], [2], [3]]  # every player for himself


def test_000_double_takes_a_round_has_17_tricks_and_16_doubles_in_a_game():
    m = match("doubletakes", 4)
    before = snapshot(m)
    for tricks, doubles, why in (
        ([5, 4, 4, 5], [3, 2, 1, 2], "a round has 17 tricks"),
        ([5, 4, 4, 4], [9, 2, 4, 2], "the set has 16"),
        ([0, 5, 6, 6], [1, 2, 1, 2], "hold only 0 tiles"),
        ([1, 6, 5, 5], [5, 2, 1, 2], "hold only 4 tiles"),
        ([18, 0, 0, -1], [0, 0, 0, 0], "0..17"),
    ):
        err = raises(DominoError, end, m, tricks, doubles)
        assert why in str(err), str(err)
        assert snapshot(m) == before
    end(m, [5, 4, 4, 4], [3, 2, 1, 2])
    before = snapshot(m)
    err = raises(DominoError, end, m, [2, 6, 5, 4], [0, 4, 3, 0])  # 15 doubles in the game
    assert "by the game's last round" in str(err) and "not 16" in str(err)
    assert snapshot(m) == before


def test_000_double_takes_revoke_penalty_5_or_1_if_corrected():
    # "If players agree, take a 5-point penalty for not following suit when able ... reduced
    # to 1 point if corrected before next trick begins."
    m = match("doubletakes", 4, opts={"revoke": True})
    assert [f[0] for f in m.game.entry] == ["tricks", "doubles", "revokes", "corrected"]
    r = end(m, [5, 4, 4, 4], [3, 2, 1, 2], revokes=[1, 0, 0, 0], corrected=[0, 0, 2, 0])
    assert r["hand"] == [8 - 5, 6, 5 - 2, 6]
    err = raises(DominoError, end, m, [5, 4, 4, 4], [3, 2, 1, 2])
    assert "revokes: missing" in str(err)
    plain = match("doubletakes", 4)
    assert [f[0] for f in plain.game.entries[1][1]] == ["tricks", "doubles"]


def test_double_takes_a_correction_keeps_the_16_doubles():
    m = match("doubletakes", 4)
    end(m, [5, 4, 4, 4], [3, 2, 1, 2])
    end(m, [2, 6, 5, 4], [0, 4, 3, 1])
    err = raises(
        DominoError, m.apply, {"k": "fix", "h": 0, "tricks": [5, 4, 4, 4], "doubles": [3, 2, 1, 1]}
    )
    assert "not 16" in str(err)
    m.apply({"k": "fix", "h": 0, "tricks": [5, 4, 4, 4], "doubles": [2, 2, 2, 2]})
    assert m.totals == [9, 16, 14, 11]
    m.apply({"k": "undo"})
    assert m.totals == [10, 16, 13, 11]


def test_double_takes_has_no_layout():
    m = match("doubletakes", 2)
    err = raises(DominoError, m.apply, {"k": "play", "p": 0, "t": "15-15"})
    assert "tricks, doubles" in str(err)


def test_000_double_takes_each_sides_points_as_paper_writes_them():
    # "Count one point for each trick, and one point for each double ... Combined, the two
    # rounds contain 50 points - 34 points in tricks, and 16 in doubles."
    m = match("doubletakes", 4)
    assert [w[0] for w in m.game.entries] == ["scored", "tricks"]
    assert m.game.entry == (("points", "number", "side", 0, 33, 25),)  # 17 tricks + 16 / 2
    assert m.apply({"k": "end", "points": [8, 6, 5, 6]})["hand"] == [8, 6, 5, 6]  # 8 doubles
    err = raises(DominoError, m.apply, {"k": "end", "points": [8, 6, 5, 5]})
    assert "7 won this round and 8 before make 15, not 16" in str(err)  # the game's 16
    err = raises(DominoError, m.apply, {"k": "end", "points": [1, 2, 3, 4]})
    assert str(err).startswith("points [1, 2, 3, 4]: 10 in all; a round's 17 tricks")
    # the last round entered by tricks and doubles: the first round's 8 doubles counted
    end(m, [5, 4, 4, 4], [2, 2, 2, 2])
    assert m.over and m.totals == [15, 12, 11, 12] and sum(m.totals) == 50


def test_double_takes_revoke_asks_tricks_and_doubles():
    # penalties come off the points: the points alone cannot tell the doubles won
    m = match("doubletakes", 4, opts={"revoke": True})
    assert [w[0] for w in m.game.entries] == ["tricks"]
