# Who leads when the tiles decide (Game.lead, first_lead) and who may draw (Match.may_draw).
from table import draw, match, play

from check import raises
from domino.errors import DominoError
from domino.tiles import parse


def tiles(*names):
    return [parse(x) for x in names]


def test_the_highest_double_leads_else_the_heaviest_tile():
    m = match("muggins", 3)
    hands = [tiles("6-5", "3-3"), tiles("4-4", "1-0"), tiles("6-4", "2-2")]
    assert m.first_lead(hands) == (1, (4, 4))
    hands = [tiles("6-5", "3-1"), tiles("6-4", "5-0"), tiles("5-4", "2-0")]
    assert m.first_lead(hands) == (0, (6, 5))
    hands = [tiles("6-3"), tiles("5-4"), tiles("2-0")]  # 9 pips each way: the 6 breaks the tie
    assert m.first_lead(hands) == (0, (6, 3))


def test_bergen_003_the_lowest_double_leads_else_the_lowest_tile():
    m = match("bergen-schmidt", 3)
    assert m.game.lead == "lowest"
    hands = [tiles("6-6", "3-3"), tiles("1-1", "1-0"), tiles("0-0", "6-5")]
    assert m.first_lead(hands) == (2, (0, 0))
    hands = [tiles("6-5", "3-1"), tiles("6-4", "2-1"), tiles("5-4", "3-0")]
    assert m.first_lead(hands) == (1, (2, 1))  # 3 pips, 3-0 too: the lower high half
    assert match("bergen", 2).game.lead == "highest"


def test_only_tiles_the_game_lets_lead_count():
    m = match("mexican", 3)  # hand 1 opens with the station 12-12
    assert m.first_lead([tiles("11-11"), tiles("12-0"), tiles("10-10")]) is None
    assert m.first_lead([tiles("11-11"), tiles("12-12"), tiles("10-10")]) == (1, (12, 12))
    play(m, 1, "12-12")
    assert m.first_lead([tiles("11-11"), [], []]) is None  # the hand has its lead


def test_may_draw_is_what_apply_accepts():
    m = match("muggins")  # draw until able: no limit a turn
    assert m.may_draw(0) and m.may_draw(1)  # nobody's turn yet: who holds the lead draws
    play(m, 0, "6-6")
    assert not m.may_draw(0)
    assert "seat 1" in str(raises(DominoError, draw, m, 0))
    assert m.may_draw(1)
    draw(m, 1, 14 - 1)
    assert m.may_draw(1)
    draw(m, 1)  # the boneyard is empty now
    assert not m.may_draw(1)
    assert "0 tile(s)" in str(raises(DominoError, draw, m, 1))
    raises(DominoError, m.may_draw, 2)


def test_may_draw_follows_the_games_limit_and_reserve():
    m = match("bergen-schmidt")  # one tile a turn; two stay in the boneyard
    play(m, 0, "0-0")
    assert m.may_draw(1)
    draw(m, 1)
    assert not m.may_draw(1)
    raises(DominoError, draw, m, 1)
    m = match("allfives")  # draw until able; two stay in the boneyard
    play(m, 0, "6-6")
    for _ in range(28 - 14 - 2):
        assert m.may_draw(1)
        draw(m, 1)
    assert not m.may_draw(1)  # only the reserve is left
    raises(DominoError, draw, m, 1)
