# All Sevens / Cardinal (booklet 003) and Matador (booklet 000 and
# 003): touching ends add up to 7 (or 10); jokers go anywhere.
from table import end, match, snapshot

from check import raises
from domino.errors import DominoError


def play(m, p, t, e=None, o=None):
    """A play; ``o`` is the half a joker laid off-number leaves open."""
    ev = {"k": "play", "p": p, "t": t}
    if e is not None:
        ev["e"] = e
    if o is not None:
        ev["o"] = o
    return m.apply(ev)


def test_003_all_sevens_a_5_calls_for_a_2_and_a_1_for_a_6():
    # 003: "if a 5 has already been placed, a 2 must follow; if a 1 has already been placed,
    # a 6 is required"
    m = match("allsevens")
    play(m, 0, "5-3")
    err = raises(DominoError, play, m, 1, "5-4", 0)
    assert "fits ends" in str(err)
    play(m, 1, "2-4", 0)  # 5 + 2 = 7, the 4 stays open
    play(m, 0, "4-1", 1)  # 3 + 4 = 7, the 1 stays open
    play(m, 1, "6-6", 1)  # 1 + 6 = 7
    assert m.hand.layout.ends() == [4, 6]


def test_003_all_sevens_double_blank_and_tiles_totalling_7_are_jokers():
    # 003: "A double-blank and all tiles that in themselves total 7 (e.g. 3-4 or 1-6), are
    # considered jokers (cardinals) and may be placed anywhere."
    m = match("allsevens", 3)
    play(m, 0, "5-5")
    play(m, 1, "0-0", 0)  # 5 + 0 is no 7, but 0-0 goes anywhere
    play(m, 2, "4-3", 1, o=4)  # laid off-number, the 4 stays open
    assert m.hand.layout.ends() == [0, 4]
    err = raises(DominoError, play, m, 0, "6-1", 1)
    assert "say which half stays open (o): 6 or 1" in str(err)
    err = raises(DominoError, play, m, 0, "6-1", 1, o=5)
    assert "6 or 1" in str(err)
    play(m, 0, "6-1", 1, o=1)
    assert m.hand.layout.ends() == [0, 1]


def test_003_all_sevens_only_a_joker_can_follow_a_blank():
    # 003: "They are also the only means by which to place a tile adjacent to a blank tile."
    m = match("allsevens")
    play(m, 0, "3-0")
    raises(DominoError, play, m, 1, "0-1", 1)  # a blank takes no blank
    raises(DominoError, play, m, 1, "6-6", 1)
    play(m, 1, "5-2", 1, o=5)
    assert m.hand.layout.ends() == [3, 5]


def test_003_all_sevens_a_matching_tile_cannot_be_turned():
    m = match("allsevens")
    play(m, 0, "5-3")
    err = raises(DominoError, play, m, 1, "2-4", 0, o=2)
    assert "only a joker may be turned" in str(err)
    play(m, 1, "2-4", 0, o=4)
    assert m.hand.layout.ends() == [4, 3]


def test_003_all_sevens_draw_when_able_draw_until_able_two_stay():
    # 003: "a player who is in a position to place a tile may draw a tile; a player who cannot
    # take his or her turn must continue to draw tiles until s/he is in a position to place a
    # tile. Two tiles are to remain in reserve in the boneyard."
    m = match("allsevens", 4)
    assert m.hand.counts == [5, 5, 5, 5] and m.hand.boneyard == 8
    play(m, 0, "6-6")
    m.apply({"k": "draw", "p": 1, "n": 1})
    err = raises(DominoError, m.apply, {"k": "pass", "p": 1})
    assert "draw first" in str(err)
    m.apply({"k": "draw", "p": 1, "n": 5})
    err = raises(DominoError, m.apply, {"k": "draw", "p": 1, "n": 1})
    assert "2 stay in reserve" in str(err)
    m.apply({"k": "pass", "p": 1})
    assert m.hand.turn == 2


def test_003_all_sevens_winner_scores_the_opponents_pips_minus_his_own():
    # 003: "The winner shall be accorded the points of the opponent(s) from which his or her
    # own points (possibly 0) are to be deducted."
    m = match("allsevens", 3)
    m.hand.counts = [1, 5, 5]
    play(m, 0, "6-1")
    assert end(m, [0, 16, 14])["hand"] == [30, 0, 0]
    # blocked: the lowest remaining pips wins, less his own
    assert end(m, [4, 10, 7])["hand"] == [13, 0, 0]
    assert end(m, [4, 4, 7])["hand"] == [0, 0, 0]  # decided: a tie for the lowest scores nothing


def test_003_all_sevens_plays_one_round_per_player_by_default():
    m = match("allsevens", 3)
    assert m.target is None and m.rounds == 3
    m2 = match("allsevens", target=100, rounds=None)
    assert m2.target == 100 and m2.rounds is None


def test_003_all_sevens_italian_text_draw_after_play_house_rule():
    # Italian text: "Anche il giocatore che fa la sua giocata deve poi pescare una tessera".
    m = match("allsevens", opts={"draw_after_play": True})
    play(m, 0, "5-3")
    before = snapshot(m)
    err = raises(DominoError, play, m, 1, "2-4", 0)
    assert "seat 0 first draws" in str(err)
    assert snapshot(m) == before
    err = raises(DominoError, m.apply, {"k": "draw", "p": 0, "n": 2})
    assert "one tile" in str(err)
    m.apply({"k": "draw", "p": 0, "n": 1})
    assert m.hand.counts == [7, 7]
    play(m, 1, "2-4", 0)


def test_000_matador_1_1_is_playable_on_a_6_not_on_a_5():
    # 000: "Doublets are placed end wise, thus counting singly. For example, 1-1 is playable on
    # a 6, not on a 5."
    m = match("matador")
    play(m, 0, "6-5")
    err = raises(DominoError, play, m, 1, "1-1", 1)
    assert "shows 5" in str(err) and "fits ends [0]" in str(err)
    play(m, 1, "1-1", 0)
    assert m.hand.layout.ends() == [1, 5]


def test_000_matador_an_open_six_calls_for_a_1_five_for_2_four_for_3():
    m = match("matador")
    play(m, 0, "6-4")
    play(m, 1, "1-2", 0)  # 6 + 1
    play(m, 0, "3-2", 1)  # 4 + 3
    play(m, 1, "5-5", 0)  # 2 + 5
    assert m.hand.layout.ends() == [5, 2]


def test_000_matador_a_blank_takes_only_a_matador_which_goes_anywhere():
    # 000: "A blank is closed to the play of anything but a matador, one of the four bones 0-0,
    # 6-1, 5-2, 4-3. A matador may be played at any time anywhere, without regard to the
    # numbers, and with either end against the layout."
    m = match("matador")
    play(m, 0, "2-0")
    raises(DominoError, play, m, 1, "5-0", 1)
    raises(DominoError, play, m, 1, "3-3", 1)
    play(m, 1, "6-1", 1, o=6)  # against the blank, the 6 open
    play(m, 0, "4-3", 0, o=3)  # on the 2, off-number, either way round
    play(m, 1, "0-0", 1)
    assert m.hand.layout.ends() == [3, 0]
    for t in ("6-1", "5-2", "4-3", "0-0"):
        assert m.game.is_joker((int(t[0]), int(t[2])))
    assert not m.game.is_joker((3, 3)) and not m.game.is_joker((6, 4))


def test_000_matador_is_a_draw_game_scored_as_draw():
    m = match("matador", 3)
    assert m.hand.counts == [7, 7, 7] and m.target == 100
    err = raises(DominoError, play, m, 1, "6-6")
    assert "P0" in str(err)  # the chosen leader leads
    m.hand.counts = [1, 7, 7]
    play(m, 0, "6-6")
    assert end(m, [0, 26, 24])["hand"] == [50, 0, 0]
    assert end(m, [4, 10, 15])["hand"] == [6 + 11, 5, 0]  # blocked: the differences


def test_003_matador_is_all_sevens_on_10_to_200():
    # 003: "This game is based upon the number 10. All Seven rules apply in all further
    # respects, the jokers being referred to as matadors. The game encompasses 200 points."
    m = match("matador-schmidt", 3)
    assert m.game.top == 9 and m.hand.counts == [7, 7, 7] and m.target == 200
    play(m, 0, "9-3")
    play(m, 1, "1-5", 0)  # 9 + 1 = 10
    play(m, 2, "7-2", 1)  # 3 + 7 = 10
    raises(DominoError, play, m, 0, "6-6", 0)  # 5 + 6 is no 10
    play(m, 0, "8-2", 0, o=8)  # a matador: totals 10
    assert m.hand.layout.ends() == [8, 2]
    m.hand.counts = [6, 6, 1]
    play(m, 1, "2-2", 0)  # 8 + 2 = 10
    play(m, 2, "8-0", 1)  # 2 + 8 = 10, the last tile
    assert end(m, [20, 15, 0])["hand"] == [0, 0, 35]
    raises(DominoError, match, "matador-schmidt", 2)
    # with double-six, four players' 28 tiles and the 2 in reserve do not fit the 28-tile set
    err = raises(DominoError, match, "matador-schmidt", 4, opts={"top": 6})
    assert "needs 30 tiles" in str(err)
    assert match("matador-schmidt", 3, opts={"top": 6}).hand.boneyard == 7


def test_legal_plays_offer_each_play_once_in_the_sum_games():
    # All Sevens and Matador: a tile fits by its sum or as a joker either way round; the list
    # the device offers (Match.legal_plays) holds each (tile, end, o) once, through a hand
    for game, plays in (("allsevens", 2), ("matador", 3), ("matador", 4)):
        m = match(game, plays)
        for step in range(12):
            p = m.hand.turn if m.hand.turn is not None else 0
            listed = m.legal_plays(p)
            assert len(listed) == len(set(listed)), (game, step, listed)
            if not listed or m.hand.is_over():
                break
            t, e, o = listed[(step * 5) % len(listed)]
            play(m, p, "%d-%d" % t, e, o)
