# Italian Dominoes (booklet 003): a running total; exact 30/50/70/100 score.
from table import end, match, play, snapshot

from check import raises
from domino.errors import DominoError


def lay(m, tiles, first=0):
    """Lay tiles in turn from seat ``first``; return the last play's result."""
    r = None
    for i, t in enumerate(tiles):
        r = play(m, (first + i) % len(m.players), t, None if m.hand.layout.is_empty() else 0)
    return r


def test_003_italian_5_7_calls_12_then_2_6_makes_20():
    # 003: "the opening tile 5-7 is declared to be 12. This is followed by, for instance,
    # 2-8 = 8, the sum thereof being declared out loud to be 20 (12+8)": a misprint; the French
    # has "2/6 = 8", which is what 12 + 8 = 20 needs. 5-7 needs the double-nine set.
    m = match("italian", 3, opts={"top": 9})
    assert play(m, 0, "5-7")["count"] == 12
    assert play(m, 1, "2-6", 0)["count"] == 20
    assert m.totals == [0, 0, 0]


def test_003_italian_exact_30_50_70_100_score_1_2_3_4():
    m = match("italian", 4)
    assert lay(m, ["6-6", "6-5", "4-3"])["count"] == 30
    assert m.totals == [0, 0, 1, 0]
    assert lay(m, ["6-4", "5-5"], first=3)["count"] == 50
    assert m.totals == [2, 0, 1, 0]
    assert lay(m, ["6-3", "5-4", "1-1"], first=1)["count"] == 70
    assert m.totals == [2, 0, 1, 3]
    assert lay(m, ["6-2", "5-3", "4-4", "6-0"])["count"] == 100
    assert m.totals == [2, 0, 1, 7]


def test_003_italian_a_play_that_leaves_the_total_unchanged_attains_nothing():
    # 003 Italian: "Wem es gelingt, mit seiner Auslage die Werte 30 (1), 50 (2) ... genau zu
    # erreichen"; FR "Le joueur plaçant le domino permettant d'atteindre précisément le
    # total 30"; IT "Il giocatore che riesce con la sua giocata a raggiungere in modo esatto i
    # valori 30". 0-0 laid on a total already at 30 reaches nothing: the 30 was the last
    # player's. It scored the 30 a second time.
    m = match("italian", 3)
    assert lay(m, ["6-6", "6-5", "6-1"])["scored"] == 1  # 12, 23, 30: seat 2 reaches 30
    assert m.preview(0, (0, 0), 0) == 0  # not offered as a scoring play
    r = lay(m, ["0-0"])
    assert r["count"] == 30 and r["scored"] == 0
    assert m.totals == [0, 0, 1]


def test_003_italian_an_overshot_total_scores_nothing_and_play_goes_on():
    m = match("italian", 3)
    r = lay(m, ["6-6", "6-5", "5-4"])  # 12, 23, 32: past 30
    assert r["count"] == 32 and r["scored"] == 0
    assert m.totals == [0, 0, 0] and m.hand.turn == 0


def test_003_italian_120_and_150_score_5_and_6_with_double_nine():
    m = match("italian", 3, opts={"top": 9})
    lay(m, ["9-9", "9-8", "9-7", "8-8", "9-6", "8-7", "9-5"])  # 18 35 51 67 82 97 111
    assert m.totals == [0, 0, 0]
    assert play(m, 1, "9-0", 0)["count"] == 120
    assert m.totals == [0, 5, 0]
    lay(m, ["8-6", "7-7", "1-1"], first=2)  # 134 148 150
    assert m.totals == [0, 5 + 6, 0]


def test_003_italian_120_scores_nothing_with_double_six():
    m = match("italian", 4)
    tiles = ["6-6", "6-5", "5-5", "6-4", "5-4", "6-3", "4-4", "5-3", "6-2", "4-3", "5-2", "3-3"]
    tiles += ["6-1", "4-2", "1-1"]  # 12 23 33 43 52 61 69 77 85 92 99 105 112 118 120
    assert lay(m, tiles)["count"] == 120
    assert m.totals == [0, 0, 0, 0]


def test_003_italian_game_is_51_with_double_six_81_with_double_nine_and_ends_at_once():
    assert match("italian", 3).target == 51
    assert match("italian", 3, opts={"top": 9}).target == 81
    m = match("italian", 3, target=1)
    lay(m, ["6-6", "6-5", "4-3"])  # 30 for seat 2
    assert m.over and m.standings()["winners"] == [["P2"]]


def test_003_italian_a_number_of_rounds_instead():
    m = match("italian", 3, target=None, rounds=2)
    m.hand.counts = [1, 7, 7]
    play(m, 0, "6-6")
    assert m.hand.out == 0
    assert end(m, None)["hand"] == [0, 0, 0]  # only exact totals score
    assert not m.over
    m.apply({"k": "end"})  # a hand entered as ended, no plays entered
    assert m.over


def test_003_italian_deals_seven_to_three_and_six_to_four():
    assert match("italian", 3).hand.counts == [7, 7, 7]
    assert match("italian", 4).hand.counts == [6, 6, 6, 6]
    err = raises(DominoError, match, "italian", 2)
    assert "3 to 4" in str(err)


def test_003_italian_every_tile_fits_so_nobody_passes():
    m = match("italian", 3)
    play(m, 0, "6-6")
    assert play(m, 1, "1-0", 0)["count"] == 13  # no matching needed
    before = snapshot(m)
    err = raises(DominoError, m.apply, {"k": "pass", "p": 2})
    assert "no passing" in str(err)
    raises(DominoError, m.apply, {"k": "play", "p": 2, "t": "1-0", "e": 0})  # on the table
    raises(DominoError, m.apply, {"k": "play", "p": 2, "t": "2-0", "e": 1})  # one end only
    assert snapshot(m) == before


def test_a_score_pad_hand_ends_without_asking_who_went_out():
    # 003: only an exact 30, 50, 70 or 100 scores; the booklet gives the hand's end no points,
    # so a hand kept on a score pad ends as it is: the points written during it, nobody named
    # out (the device's End the hand asks nothing)
    m = match("italian", 3, way="pad")
    m.apply({"k": "pts", "p": 1, "n": 2})
    r = m.apply({"k": "end"})
    assert r["hand"] == [0, 0, 0] and m.totals == [0, 2, 0]
    assert m.records[-1].out is None and m.hand.number == 1
