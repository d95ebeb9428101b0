# Bergen: booklet 000 and booklet 003 as presets of one game.
from table import draw, end, fails, match, pas, play

from check import raises
from domino.errors import DominoError
from domino.match import Match


def test_000_highest_double_leads_and_scores_two():
    m = match("bergen")
    assert m.hand.counts == [6, 6] and m.target == 15
    err = raises(DominoError, play, m, 0, "6-5")
    assert "double" in str(err)
    assert play(m, 0, "6-6")["scored"] == 2


def test_000_double_header_two_triple_header_three():
    m = match("bergen", opts={})
    play(m, 0, "4-4")
    play(m, 1, "4-2", 0)  # ends 2 and 4-4: nothing
    assert m.totals == [2, 0]
    assert play(m, 0, "2-1", 0)["scored"] == 0
    r = play(m, 1, "1-4", 0)  # ends 4 and the double 4-4: a triple-header
    assert r["scored"] == 3
    m2 = match("bergen")
    play(m2, 0, "5-5")
    play(m2, 1, "5-3", 0)
    play(m2, 0, "5-2", 1)  # ends 3 and 2
    assert play(m2, 1, "2-3", 1)["scored"] == 2  # ends 3 and 3: a double-header


def test_000_domino_scores_one():
    m = match("bergen")
    m.hand.counts = [1, 6]
    play(m, 0, "3-3")
    assert end(m, [0, 12])["hand"] == [1, 0]


def test_000_blocked_lowest_hand_without_a_double_scores_one():
    m = match("bergen", 3)
    r = end(m, [["6-6"], ["5-4"], ["6-5"]])  # P0 lowest non-double pips but holds a double
    assert r["hand"] == [0, 1, 0]
    m = match("bergen", 2)
    r = end(m, [["1-1", "2-0"], ["3-3", "1-0"]])  # both hold doubles: lowest pips of non-doubles
    assert r["hand"] == [0, 1]
    m = match("bergen", 2, opts={"pips_without_doubles": False})
    r = end(m, [["1-1", "2-0"], ["3-3", "1-0"]])  # counting doubles: 4 against 7
    assert r["hand"] == [1, 0]


def test_000_blocked_needs_to_know_who_holds_a_double():
    m = match("bergen")
    err = raises(DominoError, end, m, [5, 7])
    assert "double" in str(err)
    r = end(m, [{"p": 5, "d": 1}, {"p": 7, "d": 0}])
    assert r["hand"] == [0, 1]


def test_003_lowest_double_begins_and_scores_two():
    m = match("bergen-schmidt")
    assert m.target == 15 and m.hand.counts == [6, 6]
    assert play(m, 0, "1-1")["scored"] == 2
    m4 = match("bergen-schmidt", 4)
    assert m4.target == 10 and m4.hand.counts == [5, 5, 5, 5]
    assert match("bergen-schmidt", 3).target == 10


def test_003_laying_the_highest_double_on_the_table_scores_two():
    m = match("bergen-schmidt")
    play(m, 0, "1-1")
    play(m, 1, "1-4", 0)  # ends 4 and 1-1
    r = play(m, 0, "4-4", 0)  # the highest double so far (2), ends 4-4 and 1-1: no triple
    assert r["scored"] == 2


def test_003_triple_and_equal_ends():
    m = match("bergen-schmidt")
    play(m, 0, "0-0")
    play(m, 1, "0-3", 0)  # ends 3 and 0-0
    r = play(m, 0, "3-3", 0)  # highest double (2) + ends 3-3 / 0-0: no triple
    assert r["scored"] == 2
    r = play(m, 1, "0-5", 1)  # ends 3-3 and 5
    assert r["scored"] == 0
    r = play(m, 0, "5-3", 1)  # ends 3-3 and 3: a triple
    assert r["scored"] == 3


def test_003_draw_one_then_pass_and_two_stay_in_the_boneyard():
    m = match("bergen-schmidt")
    play(m, 0, "0-0")
    err = raises(DominoError, m.apply, {"k": "pass", "p": 1})
    assert "draw 1" in str(err)
    m.apply({"k": "draw", "p": 1})
    raises(DominoError, m.apply, {"k": "draw", "p": 1})
    m.apply({"k": "pass", "p": 1})
    assert m.hand.turn == 0


def test_003_domino_two_and_blocked_two():
    m = match("bergen-schmidt", 3)
    r = end(m, [["6-6", "1-0"], ["5-4"], ["2-2"]])  # only P1 holds no double
    assert r["hand"] == [0, 2, 0]
    r = end(m, [["6-5"], ["1-0"], ["2-2"]])  # two hold no double: the lowest hand
    assert r["hand"] == [0, 2, 0]


def test_000_bergen_the_pips_on_all_pieces_except_doubles_determine_the_winner():
    # 000: "if both hands contain doubles, then the lowest number of remaining pips is the
    # winner. The number of pips on all pieces except doubles are what determine the winner."
    # Entered without tiles: pips, "holds a double?", and the pips without doubles (w).
    m = match("bergen")
    r = end(m, [{"p": 10, "d": 1, "w": 4}, {"p": 7, "d": 1, "w": 1}])  # 6-6 + 4-0; 6-0 + 1-0
    assert r["hand"] == [0, 1]  # 1 against 4, not 7 against 10
    m = match("bergen")
    err = raises(DominoError, end, m, [{"p": 10, "d": 1}, {"p": 7, "d": 1}])
    assert "without doubles" in str(err) and '"w"' in str(err)
    err = raises(DominoError, end, m, [{"p": 10, "d": 1, "w": 11}, {"p": 7, "d": 0}])
    assert "11 pips without doubles" in str(err)
    assert m.game.tally_fields(m.hand, True) == ("p", "d", "w")
    assert m.game.tally_fields(m.hand, False) == ()
    m = match("bergen-schmidt")
    assert m.game.tally_fields(m.hand, True) == ("p", "d")


def domino(game, players=2):
    """A hand where P0 lays his last tile (his count set to one): a domino on the record."""
    m = match(game, players)
    m.hand.counts[0] = 1
    play(m, 0, "6-6" if game == "bergen" else "0-0")
    assert m.hand.out == 0
    return m


def test_a_domino_asks_nothing_of_the_others_in_both_booklets():
    # 000: "Players going "Domino" score one point"; 003: "domino: 2 points". The others'
    # pips cannot change it, so the end needs no tally and none is invented.
    for game, pts in (("bergen", 1), ("bergen-schmidt", 2)):
        m = domino(game)
        assert m.game.tally_fields(m.hand, False) == ()
        r = m.apply({"k": "end"})
        assert r["hand"] == [pts, 0]
        at = m.records[0].end
        assert at is not None and "left" not in m.log[at]
        # given anyway, it is still checked, and scores the same
        m = domino(game)
        err = raises(DominoError, end, m, [0, 500])
        assert "500 pips" in str(err)
        assert end(m, [0, 30])["hand"] == [pts, 0]


def test_a_domino_without_a_tally_replays_undoes_and_is_corrected():
    m = match("bergen-schmidt", 3)
    play(m, 0, "0-0")
    m.apply({"k": "end", "out": 0, "declared": 1})  # the table declares P0's domino
    events = [m.log[i] for i in m.effective]
    again = Match.replay(m.setup, events)
    assert again.totals == m.totals and again.standings() == m.standings()
    m.apply({"k": "undo"})
    assert len(m.records) == 0 and m.hand.played == 1
    m.apply({"k": "redo"})
    assert len(m.records) == 1
    r = m.apply({"k": "fix", "h": 0})  # nothing to correct, and nothing invented
    assert r["hand"] == [2, 0, 0] and "left" not in m.log[-1]


def test_a_blocked_hand_still_asks_and_a_declared_domino_is_checked():
    m = match("bergen")
    err = raises(DominoError, m.apply, {"k": "end"})  # blocked: who holds a double, the pips
    assert "left" in str(err)
    # the table ends a tracked hand: only a seat holding one tile can have gone out
    m = match("bergen")
    play(m, 0, "6-6")
    err = raises(DominoError, m.apply, {"k": "end", "out": 1})
    assert "out=1" in str(err)
    m.hand.counts[1] = 1
    assert m.apply({"k": "end", "out": 1})["hand"] == [0, 1]
    # kept on a score pad, anyone may have gone out
    m = match("bergen-schmidt")
    assert m.apply({"k": "end", "out": 1, "declared": 1})["hand"] == [0, 2]


def test_003_bergen_play_goes_on_until_only_2_tiles_remain_in_reserve():
    # 003 Bergen: "Wer nicht legen kann, zieht einen Stein nach, den er ggf. spielen darf;
    # passt der Stein nicht, ist der nächste Spieler am Zug. So geht das Spiel, bis nur noch
    # 2 Steine im Vorrat liegen." "Das Spiel endet auch, wenn nur noch 2 Steine im Vorrat
    # liegen und kein Spieler mehr legen kann." (FR "jusqu'à ce qu'il ne reste plus que 2
    # dominos dans la pioche"; the English, Dutch and Italian alike.) A draw and a pass each
    # blocked the hand with 12 tiles still to draw, and a block was accepted after the lead.
    m = match("bergen-schmidt")
    play(m, 0, "1-1")
    assert m.hand.boneyard == 16 and not m.may_block()
    held = [["0-0", "1-0", "2-0", "2-1", "3-0"], ["3-1", "2-2", "4-0", "4-1", "3-2", "5-0"]]
    fails(m, {"k": "end", "left": held}, "blocked: 14 tile(s) can still be drawn")
    for _ in range(7):  # each in turn draws one, cannot lay it, passes
        for p in (1, 0):
            draw(m, p)
            assert m.may_block() == (m.hand.boneyard == 2), m.hand.boneyard
            pas(m, p)
            assert not m.hand.is_over()
    assert m.hand.boneyard == 2 and not m.hand.is_over()  # the last pass had nothing to draw
    assert m.may_block()
    pas(m, 1)  # neither can lay, nothing can be drawn
    assert m.hand.blocked


def test_000_bergen_big_digits_show_no_sum_of_the_ends():
    # "20 Domino Games" (000), BERGEN: "Object is to make the pip at each end of the line
    # alike": no sum of the ends scores, and the table's big digits showed it
    # (tests/golden/bergen-table: the hand's number now).
    for key in ("bergen", "bergen-schmidt"):
        assert not match(key).game.shows_count
    assert match("muggins").game.shows_count and match("allfives").game.shows_count
