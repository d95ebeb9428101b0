# Peruvian (booklet 003): Block 003 with a four-fold penalty, seven secret rounds.
from table import match, play, snapshot

from check import raises
from domino.errors import DominoError


def end(m, left, out=None, last=None):
    ev = {"k": "end", "left": left}
    if out is not None:
        ev["out"] = out
    if last is not None:
        ev["last"] = last
    return m.apply(ev)


def draw(m, p):
    return m.apply({"k": "draw", "p": p, "n": 1})


def test_003_peruvian_four_players_five_tiles():
    m = match("peruvian", 4)
    assert m.hand.counts == [5] * 4 and m.hand.boneyard == 8
    assert m.rounds == 7 and m.target is None
    raises(DominoError, match, "peruvian", 3)
    err = raises(DominoError, match, "peruvian", 4, teams=[[0, 2], [1, 3]])
    assert "not in teams" in str(err)


def test_003_peruvian_the_last_placer_not_lowest_counts_four_times():
    # 003: "each player writes down any remaining points. If the player who placed the last
    # tile does not have the lowest score, his or her points are quadrupled."
    m = match("peruvian", 4, opts={"draw_each_turn": False})
    play(m, 0, "6-6")
    play(m, 1, "6-2", 0)
    for p in (2, 3, 0, 1):
        m.apply({"k": "pass", "p": p})
    assert m.hand.blocked and m.hand.last == 1
    assert end(m, [13, 28, 15, 20])["hand"] == [13, 112, 15, 20]


def test_003_peruvian_the_last_placer_with_the_lowest_counts_once():
    m = match("peruvian", 4)
    assert end(m, [3, 8, 5, 10], last=0)["hand"] == [3, 8, 5, 10]
    assert end(m, [3, 3, 5, 10], last=1)["hand"] == [3, 3, 5, 10]  # tied lowest is lowest
    assert end(m, [0, 8, 5, 10], out=0)["hand"] == [0, 8, 5, 10]  # out: he laid the last tile


def test_003_peruvian_without_plays_the_end_names_the_last_placer():
    m = match("peruvian", 4)
    before = snapshot(m)
    err = raises(DominoError, end, m, [3, 8, 5, 10])
    assert "last" in str(err)
    err = raises(DominoError, end, m, [3, 8, 5, 10], last=4)
    assert "0..3" in str(err)
    assert snapshot(m) == before


def test_003_peruvian_seven_rounds_lowest_total_wins():
    # 003: "Seven rounds are played ... The player with the least points after the 7th round
    # is the winner."
    m = match("peruvian", 4)
    for _ in range(6):
        end(m, [1, 2, 3, 4], last=0)
    assert not m.over
    end(m, [5, 2, 3, 4], last=3)
    assert m.over and m.totals == [6 + 5, 12 + 2, 18 + 3, 24 + 4 * 4]
    assert m.standings()["winners"] == [["P0"]]


def test_003_peruvian_points_stay_secret_until_announced_before_the_last_round():
    # 003: "points are noted down without being disclosed. Before the last round, the points
    # are tallied and declared."
    m = match("peruvian", 4)
    hidden = []
    for _ in range(7):
        hidden.append(m.game.hidden_standings(m))
        end(m, [1, 2, 3, 4], last=0)
    assert hidden == [True] * 6 + [False]
    assert m.over and not m.game.hidden_standings(m)
    assert not match("peruvian", 4, opts={"secret": False}).game.hidden_standings(m)
    assert not match("block", 4).game.hidden_standings(m)


def test_003_peruvian_block_draws_a_tile_at_the_end_of_each_turn():
    # 003 Block: "Tiles are drawn following each turn taken, irrespective of whether or not
    # tiles have been placed."
    m = match("peruvian", 4)
    play(m, 0, "6-6")
    before = snapshot(m)
    err = raises(DominoError, play, m, 1, "6-5", 0)
    assert "seat 0 first draws" in str(err)
    raises(DominoError, draw, m, 1)
    assert snapshot(m) == before
    draw(m, 0)
    m.apply({"k": "pass", "p": 1})
    raises(DominoError, m.apply, {"k": "pass", "p": 2})
    draw(m, 1)
    assert m.hand.counts == [5, 6, 5, 5] and m.hand.boneyard == 6
    err = raises(DominoError, draw, m, 2)
    assert "end of a turn" in str(err)


def test_003_peruvian_passing_blocks_only_once_the_boneyard_is_down_to_its_reserve():
    m = match("peruvian", 4)
    play(m, 0, "6-6")
    draw(m, 0)
    p = 1
    while m.hand.boneyard > 2:
        m.apply({"k": "pass", "p": p})
        draw(m, p)
        p = (p + 1) % 4
    assert not m.hand.blocked and m.hand.owed is None  # pyright: ignore[reportAttributeAccessIssue]
    for _ in range(4):
        m.apply({"k": "pass", "p": p})
        p = (p + 1) % 4
    assert m.hand.blocked


def test_003_peruvian_dutch_text_quadruples_the_next_player_house_rule():
    # 003 (nl): "Wanneer de speler die de laatste steen niet meer kon leggen, niet de laagste
    # punten heeft, tellen zijn punten vier keer."
    m = match("peruvian", 4, opts={"quadruple": "next"})
    assert end(m, [3, 8, 5, 10], last=1)["hand"] == [3, 8, 20, 10]


def test_003_peruvian_status_names_the_seat_owing_its_tile():
    m = match("peruvian", 4)
    play(m, 0, "6-6")
    assert m.game.status(m.hand).as_dict() == {"owes_draw": 0}
    draw(m, 0)
    assert m.game.status(m.hand).as_dict() == {}


def test_003_peruvian_after_a_switch_to_the_score_pad_the_table_names_the_last_placer():
    # Schmidt booklet (003), "Peruvian Dominoes" / "Peruanisches Domino" / "Domino péruvien":
    # "If the player who placed the last tile does not have the lowest score, his or her
    # points are quadrupled." Once the hand goes on on a score pad the record's last play
    # (seat 1's 6-2 here) is not the last tile: the ×4 went to seat 1, and the table's word
    # was refused.
    m = match("peruvian", 4, opts={"draw_each_turn": False})
    play(m, 0, "6-6")
    play(m, 1, "6-2", 0)
    m.apply({"k": "way", "way": "pad"})
    assert m.game.asks_last(m.hand, None)
    before = snapshot(m)
    err = raises(DominoError, end, m, [13, 28, 15, 20])
    assert "say who laid the last tile" in str(err)
    assert snapshot(m) == before
    assert end(m, [13, 28, 15, 20], last=3)["hand"] == [13, 28, 15, 80]
    # a hand followed tile by tile knows it, and refuses another word
    m = match("peruvian", 4, opts={"draw_each_turn": False})
    play(m, 1, "6-6")
    assert not m.game.asks_last(m.hand, None)
    err = raises(DominoError, end, m, [13, 28, 15, 20], last=3)
    assert "seat 1 laid the last tile" in str(err)
    # an end the table declares: the record cannot know who laid last
    assert m.game.asks_last(m.hand, None, True)
    r = m.apply({"k": "end", "left": [13, 28, 15, 20], "last": 2, "declared": 1})
    assert r["hand"] == [13, 28, 60, 20]
    # who went out laid the last tile
    err = raises(DominoError, end, m, [0, 8, 5, 10], out=0, last=1)
    assert "went out" in str(err)
