# Draw and Block (000) and the double-twelve game to 100 (004).
from table import end, match, play

from check import raises
from domino.errors import DominoError


def test_004_lowest_hand_scores_the_sum_of_its_differences():
    # 004: "A tuvo 5 puntos, B 19 y C 12 ... el jugador ganador se queda con 14+7=21 puntos"
    m = match("doble12", ["A", "B", "C"])
    r = end(m, [5, 19, 12])
    assert r["hand"] == [21, 0, 0]


def test_004_nine_tiles_each_from_the_double_twelve_set_first_to_100():
    m = match("doble12", 6)
    assert m.hand.counts == [9] * 6 and m.hand.boneyard == 91 - 54
    assert m.target == 100
    err = raises(DominoError, play, m, 0, "12-11")
    assert "double" in str(err)
    raises(DominoError, match, "doble12", 7)


def test_004_match_to_100():
    m = match("doble12", ["A", "B"])
    for _ in range(3):
        end(m, [0, 30])
    assert m.totals == [90, 0] and not m.over
    end(m, [0, 30])
    assert m.over and m.totals == [120, 0]
    assert m.standings()["winners"] == [["A"]]


def test_000_draw_domino_scores_the_others_pips_without_fives():
    m = match("draw")
    m.hand.counts = [1, 7]
    assert play(m, 0, "5-0")["scored"] == 0  # 5 is not counted in Draw
    assert end(m, [0, 23])["hand"] == [23, 0]


def test_000_draw_the_chosen_leader_leads_every_hand():
    m = match("draw", 3)
    err = raises(DominoError, play, m, 1, "6-6")
    assert "P0" in str(err)
    end(m, [3, 5, 7])
    assert m.hand.turn == 0


def test_000_draw_player_must_draw_before_passing():
    m = match("draw")
    play(m, 0, "6-6")
    err = raises(DominoError, m.apply, {"k": "pass", "p": 1})
    assert "draw first" in str(err) and "14" in str(err)
    m.apply({"k": "draw", "p": 1, "n": 14})
    m.apply({"k": "pass", "p": 1})
    assert m.hand.turn == 0


def test_000_block_has_no_drawing_and_is_blocked_when_all_pass():
    m = match("block", 3, opts={"five_tiles": True})  # the Schmidt booklet's (003) deal
    assert m.hand.counts == [5, 5, 5]
    play(m, 0, "6-6")
    err = raises(DominoError, m.apply, {"k": "draw", "p": 1})
    assert "pass" in str(err)
    for p in (1, 2, 0):
        m.apply({"k": "pass", "p": p})
    assert m.hand.blocked
    r = end(m, [20, 12, 18])
    assert r["hand"] == [0, (20 - 12) + (18 - 12), 20 - 18]  # as Muggins without fives


def test_block_two_players_seven_tiles():
    assert match("block").hand.counts == [7, 7]


def test_000_block_deals_seven_as_draw_does():
    # "20 Domino Games" (000), BLOCK: "The same game as "Draw" except that excess pieces are
    # not drawn"; DRAW: "Each player draws seven pieces" (ES CIERRE: "el mismo juego que el
    # Robo"; ROBO: "Cada jugador coge siete fichas"). Dealt five to 3-4 players before (the
    # Schmidt booklet's (003) Block deal), a real 6-tile hand at the end was refused.
    for n in (2, 3, 4):
        assert match("block", n).hand.counts == [7] * n
    assert match("block", 4).hand.boneyard == 0
    m = match("block", 3)
    six = ["6-6", "5-5", "4-4", "3-3", "2-2", "1-1"]  # 42 pips in six tiles
    assert end(m, [0, six, 10], out=0)["hand"] == [42 + 10, 0, 0]
    # 003's five tiles each for three or four players: a house rule
    assert match("block", 4, opts={"five_tiles": True}).hand.counts == [5] * 4
    assert match("block", 2, opts={"five_tiles": True}).hand.counts == [7, 7]


def test_partnership_block_scores_by_side():
    m = match("block", 4, teams=[[0, 2], [1, 3]])
    m.hand.counts = [1, 5, 5, 5]
    play(m, 0, "3-3")
    r = end(m, [0, 20, 16, 22])
    assert r["hand"] == [42, 0]  # the partner's 16 pips do not count
    assert m.standings()["sides"] == [["P0", "P2"], ["P1", "P3"]]
