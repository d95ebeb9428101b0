# Super Dominos (booklet 000, SUPER DOMINOS and its Spanish copy) and
# Dominó Doble 15 (booklet 001). Runs on CPython and MicroPython.

from table import draw, fails, hand, pas, play, status
from table import named as match

from check import raises
from domino import DominoError


def test_000_super_nine_tiles_each_from_the_double_fifteen_set():
    for game in ("super", "doble15"):
        m = match(game, 4)
        assert hand(m).counts == [9] * 4 and hand(m).boneyard == 136 - 36
    assert raises(DominoError, match, "super", 2, opts={"top": 12})


def test_000_super_the_first_player_needs_a_double_else_the_next_and_picks_in_turn():
    m = match("super", 3)
    fails(m, {"k": "play", "p": 0, "t": "6-4"}, "double")
    pas(m, 0)  # no double: pass to the next player
    draw(m, 1)  # nobody has one: "players in turn will pick one tile"
    fails(m, {"k": "draw", "p": 1, "n": 1}, "one tile")
    pas(m, 1)
    pas(m, 2)
    pas(m, 0)
    assert not hand(m).blocked
    play(m, 1, "7-7")
    assert hand(m).layout.ends() == [7] * 6  # six legs
    assert hand(m).turn == 2


def test_000_super_the_starting_player_rotates():
    m = match("super", 3)
    m.apply({"k": "end", "left": [0, {"p": 3, "n": 1}, {"p": 4, "n": 1}], "out": 0})
    assert hand(m).turn == 1


def test_000_super_a_double_on_its_own_number_or_on_a_13():
    m = match("super", 2)
    play(m, 0, "6-6")
    play(m, 1, "6-13", 0)  # a spell on leg 0
    fails(m, {"k": "play", "p": 0, "t": "9-12", "e": 0}, "does not match")
    play(m, 0, "9-9", 0)  # a double on a 13
    assert hand(m).layout.arms[0].open == 9
    assert hand(m).turn == 0  # the double ended her turn: Ben loses his
    play(m, 0, "6-2", 1)
    play(m, 1, "2-2", 1)  # a double on its own number
    fails(m, {"k": "play", "p": 1, "t": "4-4", "e": 2}, "does not match")


def test_000_super_each_time_you_leave_a_15_every_other_player_alternate_players():
    # 000: "Each time you leave a 15, every other player must immediately take another tile";
    # its Spanish copy: "un jugador impar debe coger inmediatamente otra ficha"; 001: "cada
    # segundo jugador, es decir, uno si y otro no". Every other player: alternate players.
    m = match("super", 4)
    assert m.game.opts["fifteen"] == "alternate"
    play(m, 0, "6-6")
    play(m, 1, "6-15", 0)
    assert status(m).owes == [1, 0, 1, 0]
    m = match("super", 3)
    play(m, 0, "6-6")
    play(m, 1, "6-15", 0)
    assert status(m).owes == [0, 0, 1]  # the next player; the one after him is skipped
    m = match("super", 4, opts={"fifteen": "others"})
    play(m, 0, "6-6")
    play(m, 1, "6-15", 0)
    assert status(m).owes == [1, 0, 1, 1]


def test_000_super_leaving_a_15_makes_them_draw_at_once():
    m = match("super", 3, opts={"fifteen": "others"})
    play(m, 0, "6-6")
    play(m, 1, "6-15", 0)
    assert status(m).owes == [1, 0, 1] and hand(m).turn == 2
    fails(m, {"k": "play", "p": 2, "t": "15-1", "e": 0}, "seat(s) 0, 2")
    fails(m, {"k": "pass", "p": 2}, "15")
    draw(m, 0)  # out of turn
    fails(m, {"k": "draw", "p": 2, "n": 2}, "owes 1")
    draw(m, 2)
    assert status(m).owes == [0, 0, 0] and hand(m).counts == [9, 8, 10]
    draw(m, 2, 2)  # the owed tile was not one of his turn's two
    fails(m, {"k": "draw", "p": 2, "n": 1}, "draw 2")


def test_001_a_15_makes_alternate_players_draw_uno_si_y_otro_no():
    m = match("doble15", 4)
    play(m, 0, "6-6")
    play(m, 1, "6-15", 0)
    assert status(m).owes == [1, 0, 1, 0]
    m = match("doble15", 4, opts={"fifteen": "others"})
    play(m, 0, "6-6")
    play(m, 1, "6-15", 0)
    assert status(m).owes == [1, 0, 1, 1]


def test_000_super_leaving_a_14_you_may_go_again_if_you_can():
    m = match("super", 3)
    play(m, 0, "6-6")
    play(m, 1, "6-14", 0)
    assert hand(m).turn == 1 and status(m).again
    assert not m.may_draw(1)  # what the device's table offers: Pass, not Draw
    play(m, 1, "14-2", 0)
    assert hand(m).turn == 2 and m.may_draw(2)
    play(m, 2, "6-5", 1)
    play(m, 0, "5-14", 1)
    assert not m.may_draw(0)
    fails(m, {"k": "draw", "p": 0, "n": 1}, "14")
    pas(m, 0)  # cannot go again: no drawing
    assert hand(m).turn == 1


def test_000_super_a_13_casts_a_spell_round_the_table_until_a_double_or_another_13():
    m = match("super", 3)
    play(m, 0, "6-6")
    play(m, 1, "6-13", 0)
    assert status(m).spell == 0 and hand(m).turn == 2
    fails(m, {"k": "play", "p": 2, "t": "6-5", "e": 1}, "spell", "leg 0")
    fails(m, {"k": "pass", "p": 2}, "draw 2")
    draw(m, 2, 2)
    pas(m, 2)
    assert status(m).bound == 0  # the spell goes on to the next player
    draw(m, 0, 2)
    pas(m, 0)
    fails(m, {"k": "play", "p": 1, "t": "6-5", "e": 1}, "spell")  # 000: the caster too
    play(m, 1, "13-2", 0)  # another 13 on the 13 breaks it
    assert status(m).spell is None and hand(m).turn == 2


def test_000_super_note_if_the_13_13_is_played_the_spell_continues():
    m = match("super", 3)
    play(m, 0, "6-6")
    play(m, 1, "6-13", 0)
    play(m, 2, "13-13", 0)
    st = status(m)
    assert st.spell == 0
    assert hand(m).turn == 1  # a double ended the turn: Ana loses hers
    fails(m, {"k": "play", "p": 1, "t": "6-1", "e": 1}, "spell")


def test_001_the_caster_is_exempt_and_a_breaking_double_skips_nobody():
    m = match("doble15", 3)
    play(m, 0, "6-6")
    assert hand(m).turn == 1  # the start double skips nobody
    play(m, 1, "6-13", 0)
    draw(m, 2, 2)
    pas(m, 2)
    draw(m, 0, 2)
    pas(m, 0)
    assert status(m).spell == 0 and status(m).bound is None
    play(m, 1, "6-5", 1)  # "el jugador que hizo el hechizo está exento"
    assert status(m).bound == 0
    play(m, 2, "9-9", 0)
    assert status(m).spell is None and hand(m).turn == 0


def test_001_breaking_a_spell_with_the_13_13_casts_a_new_one():
    m = match("doble15", 3)
    play(m, 0, "6-6")
    play(m, 1, "6-13", 0)
    play(m, 2, "13-13", 0)
    assert status(m).spell == 0 and hand(m).turn == 0
    assert status(m).bound == 0
    draw(m, 0, 2)
    pas(m, 0)
    fails(m, {"k": "play", "p": 1, "t": "6-1", "e": 1}, "spell")  # the old caster is bound
    play(m, 1, "13-1", 0)
    assert status(m).spell is None


def test_000_super_a_3_reverses_the_direction_except_with_two_players():
    m = match("super", 3)
    play(m, 0, "6-6")
    play(m, 1, "6-3", 0)
    assert status(m).dir == -1 and hand(m).turn == 0
    play(m, 0, "3-2", 0)
    assert hand(m).turn == 2
    m = match("doble15", 2)
    play(m, 0, "6-6")
    play(m, 1, "6-3", 0)
    assert status(m).dir == 1 and hand(m).turn == 0


def test_000_super_ending_a_turn_with_a_double_skips_the_next_player():
    for game in ("super", "doble15"):
        m = match(game, 3)
        play(m, 0, "6-6")
        assert hand(m).turn == 1
        play(m, 1, "6-9", 0)
        play(m, 2, "9-9", 0)
        assert hand(m).turn == 1, game
    m = match("doble15", 3, opts={"skip_after_start": True})
    play(m, 0, "6-6")
    assert hand(m).turn == 2


def test_000_super_cannot_play_pick_two_tiles_then_pass():
    m = match("super", 2)
    play(m, 0, "6-6")
    fails(m, {"k": "pass", "p": 1}, "draw 2")
    draw(m, 1)
    fails(m, {"k": "pass", "p": 1}, "draw 2")
    fails(m, {"k": "draw", "p": 0, "n": 1}, "seat 1")
    draw(m, 1)
    pas(m, 1)
    assert hand(m).turn == 0 and hand(m).counts == [8, 11]


def test_000_super_start_double_15_15_everyone_else_takes_a_tile():
    m = match("super", 3)
    play(m, 0, "15-15")
    assert status(m).owes == [0, 1, 1]
    m = match("doble15", 3)
    play(m, 0, "15-15")
    assert status(m).owes == [0, 0, 0]  # 001: an optional VARIANTE
    m = match("doble15", 3, opts={"start15": True})
    play(m, 0, "15-15")
    assert status(m).owes == [0, 1, 1]  # "todos los demás tomarán una ficha"


def test_000_super_start_double_14_14_another_play():
    m = match("super", 3)
    play(m, 0, "14-14")
    assert hand(m).turn == 0
    play(m, 0, "14-1", 0)
    assert hand(m).turn == 1
    m = match("doble15", 3)
    play(m, 0, "14-14")
    assert hand(m).turn == 1


def test_000_super_start_double_13_13_every_leg_started_before_any_continues():
    m = match("super", 3)
    play(m, 0, "13-13")
    assert status(m).legs_first
    play(m, 1, "13-5", 0)
    fails(m, {"k": "play", "p": 2, "t": "5-6", "e": 0}, "not open", "[1, 2, 3, 4, 5]")
    play(m, 2, "9-9", 1)  # a double starts a leg too
    play(m, 1, "13-1", 2)
    for leg, t in ((3, "13-2"), (4, "13-4"), (5, "13-6")):
        play(m, hand(m).turn, t, leg)
    play(m, hand(m).turn, "5-7", 0)  # every leg started: any may continue


def test_000_super_start_double_3_3_play_goes_the_other_way():
    m = match("super", 3)
    play(m, 0, "3-3")
    assert hand(m).turn == 2 and status(m).dir == -1
    m = match("doble15", 3)
    play(m, 0, "3-3")
    assert hand(m).turn == 1


def test_000_super_simple_scoring_a_point_per_tile_super_scoring_the_pips():
    # 000 SIMPLE SCORING: "The first player out of tiles, wins a point from each player for
    # every domino they have left." Ana out, Ben 3 tiles, Cy 4: 7 (no plays were recorded,
    # so the tiles are the table's word, not the deal's 9).
    left = [0, {"p": 30, "n": 3}, {"p": 40, "n": 4}]
    m = match("super", 3)
    assert m.target == 100
    r = m.apply({"k": "end", "left": left, "out": 0})
    assert r["hand"] == [7, 0, 0]
    m.apply({"k": "fix", "h": 0, "left": [0, {"p": 30, "n": 2}, {"p": 40, "n": 4}]})
    assert m.totals == [6, 0, 0]  # a History correction of the tiles counts
    m = match("super", 3, opts={"scoring": "super"})
    assert m.target == 1000
    r = m.apply({"k": "end", "left": left, "out": 0})
    assert r["hand"] == [70, 0, 0]
    m = match("super", 3)
    fails(m, {"k": "end", "left": [0, 30, 40], "out": 0}, "seat 1", '"n"', "tiles left")
    assert m.game.tally_fields(hand(m), True) == ("p", "n")  # blocked: pips break a tie


def test_super_simple_scoring_with_a_player_out_asks_the_tiles_alone():
    # "20 Domino Games" (000), SUPER DOMINOS, SIMPLE SCORING: "The first player out of tiles,
    # wins a point from each player for every domino they have left"; "Domino Doble 15" (001):
    # "gana un punto por cada ficha que tengan los otros jugadores". The tally asked each
    # loser's pips too, and refused 0 ("holds 4 tiles, so at least 5 pips, not 0").
    for key in ("super", "doble15"):
        m = match(key, 3)
        assert m.game.tally_fields(hand(m), False) == ("n",)
        r = m.apply({"k": "end", "left": [0, {"n": 3}, {"n": 4}], "out": 0})
        assert r["hand"] == [7, 0, 0]
        assert m.standings()["totals"] == [7, 0, 0]
    m = match("super", 3)  # the tiles are still bounded by the record
    fails(m, {"k": "end", "left": [0, {"n": 0}, {"n": 4}], "out": 0}, "Ben", "holds 1 to")
    m = match("super", 3, opts={"scoring": "super"})  # super scoring counts the pips
    assert m.game.tally_fields(hand(m), False) == ("p", "n")
    fails(m, {"k": "end", "left": [0, {"n": 3}, {"n": 4}], "out": 0}, "pips")


def test_000_super_simple_scoring_a_hand_played_out_knows_the_tiles_left():
    m = match("super", 2)
    hand(m).counts = [1, 9]
    play(m, 0, "6-6")  # Ana's last tile: the record knows Ben holds 9
    fails(m, {"k": "end", "left": [0, {"p": 50, "n": 3}]}, "Ben", "3 tile(s)", "says 9")
    assert m.apply({"k": "end", "left": [0, 50]})["hand"] == [9, 0]


def _uneven_counts(game, opts=None):
    m = match(game, 3, opts=opts or {})
    pas(m, 0)
    draw(m, 1)
    pas(m, 1)
    draw(m, 2)
    pas(m, 2)
    assert hand(m).counts == [9, 10, 10]
    return m


def _left(*pips_tiles):
    return [{"p": p, "n": n} for p, n in pips_tiles]


def test_000_super_blocked_the_fewest_tiles_wins():
    # 000: "If the game is blocked - no one can play - the winner is the one with the fewest
    # tiles left."
    m = _uneven_counts("super")
    r = m.apply({"k": "end", "left": _left((90, 9), (60, 10), (62, 10))})
    assert r["hand"] == [20, 0, 0]
    m = _uneven_counts("super", {"scoring": "super"})
    r = m.apply({"k": "end", "left": _left((90, 9), (60, 10), (62, 10))})
    assert r["hand"] == [122, 0, 0]
    m = _uneven_counts("super")
    r = m.apply({"k": "end", "left": _left((40, 9), (10, 3), (12, 4))})
    assert r["hand"] == [0, 13, 0]  # the table's counts, not the record's 9, 10, 10


def test_001_cierre_a_tie_in_tiles_goes_to_the_fewest_pips():
    # 001 CIERRE: "gana el jugador que tenga menos fichas ... (Si dos o más jugadores tienen el
    # mismo número de fichas, gana aquel cuyas fichas sumen el menor número de puntos.)"
    m = match("doble15", 3)
    r = m.apply({"k": "end", "left": _left((60, 9), (50, 9), (52, 9))})
    assert r["hand"] == [0, 18, 0]
    m = match("doble15", 3)
    r = m.apply({"k": "end", "left": _left((60, 9), (50, 9), (50, 9))})
    assert r["hand"] == [0, 0, 0]  # a tie in tiles and pips: nobody scores


def test_super_partners_score_the_opponents_tiles():
    m = match("super", 4, teams=[[0, 2], [1, 3]])
    r = m.apply({"k": "end", "left": _left((0, 0), (10, 2), (20, 3), (30, 4)), "out": 0})
    assert r["hand"] == [6, 0]


def test_super_options_are_named_and_checked():
    err = raises(DominoError, match, "doble15", 2, opts={"fifteen": "every"})
    assert "alternate" in str(err)
    err = raises(DominoError, match, "super", 2, opts={"spells": True})
    assert "caster_exempt" in str(err)
