# Four-Hand Texas (42), booklet 000 "FOUR-HAND TEXAS" (Spanish: "EL JUEGO
# DE LAS CUATRO MANOS DE TEXAS").
from table import match, snapshot

from check import raises
from domino.errors import DominoError
from domino.texas import BIDS, COUNT, COUNT_TILES, HAND


def texas(**setup):
    return match("texas", ["Ann", "Bob", "Cy", "Di"], **setup)


def end(m, bidder, bid, tricks, counts, trump="fives"):
    return m.apply(
        {
            "k": "end",
            "bidder": bidder,
            "bid": bid,
            "trump": trump,
            "tricks": tricks,
            "counts": counts,
        }
    )


ALL_TO_0 = [["5-5", "6-4", "5-0", "3-2", "4-1"], []]


def test_000_texas_count_tiles_and_tricks_make_42_points_a_hand():
    # "Ten points each are given on the five-five and six-four; five-points are given on the
    # five-naught, three-two and four-one; each trick counts as a point; this makes a total of
    # forty-two possible points for each hand."
    assert COUNT[(5, 5)] == COUNT[(6, 4)] == 10
    assert COUNT[(5, 0)] == COUNT[(3, 2)] == COUNT[(4, 1)] == 5
    assert sum(COUNT.values()) + 7 == HAND == 42
    m = texas()
    r = end(m, 0, 30, [5, 2], [["5-5", "6-4", "5-0"], ["3-2", "4-1"]])  # made: 30 and 12
    hand = r["hand"]
    assert hand == [5 + 25, 2 + 10] and isinstance(hand, list) and sum(hand) == 42


def test_000_texas_partners_sit_opposite_seven_tiles_from_double_six():
    m = texas()
    assert m.sides == [[0, 2], [1, 3]]
    assert m.game.top == 6 and m.hand.counts == [7, 7, 7, 7] and m.hand.boneyard == 0
    raises(DominoError, match, "texas", 3)
    err = raises(DominoError, texas, teams=[[0, 1, 2], [3]])
    assert "two partnerships" in str(err)


def test_000_texas_opposite_players_are_partners_not_neighbours():
    # 000 FOUR-HAND TEXAS: "Opposite players are partners" (ES "Los jugadores en posicion
    # opuesta forman parejas"). Seats are in playing order, so partners are 0 and 2, 1 and 3;
    # [[0, 1], [2, 3]] seated partners side by side and was accepted.
    for teams in ([[0, 1], [2, 3]], [[0, 3], [1, 2]]):
        err = raises(DominoError, texas, teams=teams)
        assert "partners are two of four players sitting opposite" in str(err), teams
        assert "[[0, 2], [1, 3]]" in str(err)
    assert texas(teams=[[1, 3], [2, 0]]).sides == [[1, 3], [2, 0]]


def test_000_texas_each_side_scores_the_points_it_took_when_the_bid_is_made():
    # "Each side scores the number of points actually taken in unless the bidder fails"
    m = texas()
    r = end(m, 1, 30, [2, 5], [["3-2"], ["5-5", "6-4", "5-0", "4-1"]])  # Bob bids 30, takes 35
    assert r["hand"] == [7, 35]
    r = end(m, 2, 42, [7, 0], ALL_TO_0)  # a 42 made: all 42 points
    assert r["hand"] == [42, 0] and m.totals == [49, 35]


def test_000_texas_a_set_bidders_opponents_score_their_own_points_plus_the_bid():
    # "... in which case the side not bidding counts its own scores plus the amount bid."
    m = texas()
    r = end(m, 0, 35, [4, 3], [["5-5", "6-4"], ["5-0", "3-2", "4-1"]])  # Ann's side takes 24
    assert r["hand"] == [0, 18 + 35]
    r = end(m, 3, 30, [6, 1], [["5-5", "6-4", "5-0", "3-2"], ["4-1"]])  # Di's side takes 6
    assert r["hand"] == [36 + 30, 0]


def test_000_texas_bids_start_at_30_and_double_after_the_limit_42():
    # "Thirty is the lowest bid ... the second bidder after a bid of 42 is made, must bid 84 or
    # pass. The third bidder must bid 168 or pass and the fourth bidder must bid 250 or pass."
    assert BIDS == tuple(range(30, 43)) + (84, 168, 250)
    m = texas()
    before = snapshot(m)
    for bad in (29, 43, 50, 100, 251, "30", True):
        err = raises(DominoError, end, m, 0, bad, [7, 0], ALL_TO_0)
        assert "bid" in str(err) and "84" in str(err)
    assert snapshot(m) == before


def test_000_texas_a_limit_bid_made_scores_the_bid():
    # "When limit bids have been made, the winner counts the amount of his bid"
    m = texas()
    assert end(m, 1, 84, [0, 7], [[], ALL_TO_0[0]])["hand"] == [0, 84]
    assert end(m, 0, 168, [7, 0], ALL_TO_0)["hand"] == [168, 0]


def test_000_texas_a_limit_bidder_set_gives_the_bid_plus_their_points():
    # "if a limit bidder loses his bid, his opponents score the amount of his bid plus the
    # score they make."
    m = texas()
    r = end(m, 0, 84, [6, 1], [["5-5", "6-4", "5-0", "3-2"], ["4-1"]])
    assert r["hand"] == [0, 6 + 84]
    r = end(m, 1, 42, [1, 6], [["4-1"], ["5-5", "6-4", "5-0", "3-2"]])  # 36 of 42: set
    assert r["hand"] == [6 + 42, 0]


def test_000_texas_250_is_game():
    m = texas()
    end(m, 0, 168, [7, 0], ALL_TO_0)
    assert not m.over
    end(m, 0, 84, [7, 0], ALL_TO_0)
    assert m.over and m.totals == [252, 0]
    assert m.standings()["winners"] == [["Ann", "Cy"]]


def made(m, bidder, bid, points, trump="sixes"):
    return m.apply({"k": "end", "bidder": bidder, "bid": bid, "trump": trump, "made": points})


def test_000_texas_when_both_sides_go_out_the_bidder_wins_with_fewer_points():
    # "in case of a close game when both sides "go out," the bidder is always the winner even
    # though his total points over 250 may be less than his opponents."
    m = texas()
    m.apply({"k": "pts", "p": 0, "n": 220})  # points entered by hand: 220 against 240
    m.apply({"k": "pts", "p": 1, "n": 240})
    r = made(m, 0, 30, [30, 12])  # Ann bids 30 and makes it: 250 against 252
    assert r["totals"] == [250, 252] and m.over
    assert m.standings()["winners"] == [["Ann", "Cy"]]
    m.apply({"k": "undo"})
    m.apply({"k": "note", "text": "recount"})
    m.apply({"k": "undo"})
    m.apply({"k": "redo"})  # the hand is read again from its own event
    made(m, 1, 30, [12, 30])  # now Bob bids and makes it: 232 and 270, only Bob's side out
    assert m.standings()["winners"] == [["Bob", "Di"]]
    m.apply({"k": "undo"})
    made(m, 0, 30, [30, 12])
    m.apply({"k": "undo"})
    m.apply({"k": "redo"})
    assert m.over and m.standings()["winners"] == [["Ann", "Cy"]]


def test_000_texas_only_the_side_that_goes_out_wins():
    m = texas()
    m.apply({"k": "pts", "p": 0, "n": 220})
    m.apply({"k": "pts", "p": 1, "n": 240})
    made(m, 0, 30, [29, 13])  # Ann's side is set: 0 and 13 + 30
    assert m.over and m.totals == [220, 283]
    assert m.standings()["winners"] == [["Bob", "Di"]]


def test_000_texas_impossible_hands_are_rejected_and_change_nothing():
    m = texas()
    end(m, 0, 30, [7, 0], ALL_TO_0)
    before = snapshot(m)
    cases = [
        ([4, 4], [["5-5", "6-4"], ["5-0", "3-2", "4-1"]], "7 tricks"),
        ([4, 3], [["5-5", "6-4"], ["5-0", "3-2"]], "nobody took 4-1"),
        ([4, 3], [["5-5", "6-4", "5-0"], ["5-0", "3-2", "4-1"]], "5-0 is named twice"),
        ([4, 3], [["5-5", "6-6"], ["5-0", "3-2", "4-1"]], "6-6 is not allowed here"),
        ([7, 0], [["5-5", "6-4", "5-0"], ["3-2", "4-1"]], "in 0 trick(s)"),
        ([1, 6], [["5-5", "6-4", "5-0", "3-2", "4-1"], []], "a trick holds 4 tiles"),
        ([8, -1], ALL_TO_0, "0..7"),
        ([4, 3, 0], ALL_TO_0, "one entry per side"),
    ]
    for tricks, counts, why in cases:
        err = raises(DominoError, end, m, 0, 30, tricks, counts)
        assert why in str(err), str(err)
        assert snapshot(m) == before
    for ev, why in (
        ({"bidder": 4}, "0..3"),
        ({"trump": "hearts"}, "no-trump"),
        ({"made": [30, 11]}, "every hand has 42"),
        ({"made": [43, -1]}, "0..42"),
    ):
        full = {"k": "end", "bidder": 0, "bid": 30, "trump": "fives", "made": [30, 12]}
        full.update(ev)
        err = raises(DominoError, m.apply, full)
        assert why in str(err), str(err)
        assert snapshot(m) == before
    err = raises(DominoError, m.apply, {"k": "end", "bidder": 0, "bid": 30, "made": [30, 12]})
    assert "trump: missing" in str(err)
    assert snapshot(m) == before


def test_000_texas_no_line_is_built():
    # "In this game, tricks and honors are what count and there is no line built."
    m = texas()
    err = raises(DominoError, m.apply, {"k": "play", "p": 0, "t": "6-6"})
    assert "end event" in str(err) and "bidder" in str(err)
    raises(DominoError, m.apply, {"k": "pass", "p": 0})
    raises(DominoError, m.apply, {"k": "draw", "p": 0})


def test_texas_entries_describe_the_hand_end_screens():
    # what paper writes first (who bid, each side's points), then what the box scores from
    m = texas()
    assert [w[0] for w in m.game.entries] == ["scored", "tricks", "made"]
    assert [f[0] for f in m.game.entry] == ["bidder", "points"]
    tricks = m.game.entries[1][1]
    assert [f[0] for f in tricks] == ["bidder", "bid", "trump", "tricks", "counts"]
    assert tricks[4] == ("counts", "tiles", "side", 0, 5, COUNT_TILES)
    p = texas(opts={"points_entry": True})
    assert [w[0] for w in p.game.entries] == ["scored", "made", "tricks"]
    assert made(p, 1, 31, [10, 32])["hand"] == [10, 32]  # every form is read


def scored(m, bidder, points):
    return m.apply({"k": "end", "bidder": bidder, "points": points})


def test_000_texas_the_hand_as_paper_writes_it():
    # "Each side scores the number of points actually taken in unless the bidder fails to
    # make his bid, in which case the side not bidding counts its own scores plus the amount
    # bid. When limit bids have been made, the winner counts the amount of his bid"
    m = texas()
    assert scored(m, 0, [0, 49])["hand"] == [0, 49]  # 31 set: 18 + 31
    assert scored(m, 1, [12, 30])["hand"] == [12, 30]  # 30 made with 30 of 42
    assert scored(m, 2, [84, 0])["hand"] == [84, 0]  # the limit doubled, made
    for bidder, points in ((1, [12, 31]), (0, [29, 13]), (0, [0, 42]), (1, [5, 0]),
                           (0, [0, 127])):  # fmt: skip
        err = raises(DominoError, scored, m, bidder, points)
        assert str(err).startswith("points %r" % points) and "30..42" in str(err)
    assert m.totals == [96, 79]
    assert scored(m, 3, [42 + 250, 0])["hand"] == [292, 0]  # 250 set, all 42 taken
    assert m.over and m.totals == [388, 79]


def test_texas_house_rule_marks_as_paper_writes_them():
    m = texas(opts={"marks": True})
    assert [f[0] for f in m.game.entry] == ["bidder", "points"]
    assert scored(m, 0, [2, 0])["hand"] == [2, 0]
    err = raises(DominoError, scored, m, 0, [1, 1])
    assert "one side 1..4 marks" in str(err)


def test_texas_house_rule_marks_seven_marks_is_game():
    m = texas(opts={"marks": True})
    assert m.target == 7
    assert end(m, 0, 30, [7, 0], ALL_TO_0)["hand"] == [1, 0]
    assert end(m, 1, 84, [1, 6], [["4-1"], ["5-5", "6-4", "5-0", "3-2"]])["hand"] == [2, 0]
    assert made(m, 2, 168, [42, 0])["hand"] == [3, 0]
    assert m.totals == [6, 0] and not m.over
    assert made(m, 3, 250, [0, 42])["hand"] == [0, 4]
    assert made(m, 1, 35, [10, 32])["hand"] == [1, 0]
    assert m.over and m.totals == [7, 4]


def test_texas_fix_and_undo_restore_the_totals():
    m = texas()
    end(m, 0, 30, [7, 0], ALL_TO_0)
    made(m, 1, 30, [10, 32])
    assert m.totals == [52, 32]
    m.apply({"k": "fix", "h": 0, "bidder": 0, "bid": 35, "trump": "doubles", "made": [20, 22]})
    assert m.totals == [10, 22 + 35 + 32]
    m.apply({"k": "undo"})
    assert m.totals == [52, 32]
    m.apply({"k": "redo"})
    assert m.totals == [10, 89]
