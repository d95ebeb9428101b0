# Mexican Train (booklet 002) and Cardinal Mexican Train (booklet 000, CARDINAL MEXICAN TRAIN
# and its Spanish copy). Runs on CPython and MicroPython.

from table import draw, fails, hand, pas, play, status
from table import named as match

from check import raises
from domino import DominoError
from domino.tiles import full_set, name

# --- 002: Mexican Train ---------------------------------------------------------------------


def test_002_deal_12_up_to_six_players_10_for_seven_or_eight_8_for_nine_or_ten():
    for n, tiles in ((2, 12), (6, 12), (7, 10), (8, 10), (9, 8), (10, 8)):
        m = match("mexican", n)
        assert hand(m).counts == [tiles] * n
        assert hand(m).boneyard == 91 - n * tiles


def test_002_session_of_13_hands_from_12_12_down_to_0_0():
    m = match("mexican", 3)
    g = m.game
    assert [name(g.station(k)) for k in range(13)] == ["%d-%d" % (k, k) for k in range(12, -1, -1)]
    assert m.rounds == 13 and m.target is None and g.lowest_wins
    fails(m, {"k": "play", "p": 0, "t": "11-11"}, "11-11", "12-12")
    m.apply({"k": "end", "left": [5, 0, 9], "out": 1})
    assert status(m).station == "11-11"
    fails(m, {"k": "play", "p": 0, "t": "12-12"}, "11-11")
    play(m, 2, "11-11")


def test_002_whoever_holds_the_station_lays_it_and_play_goes_clockwise():
    m = match("mexican", 3)
    assert hand(m).turn is None
    draw(m, 0)  # nobody has 12-12 yet: anyone draws, looking for it
    draw(m, 2)
    fails(m, {"k": "pass", "p": 1}, "12-12")
    play(m, 1, "12-12")
    assert hand(m).turn == 2


def test_002_first_round_own_train_only_then_mexican_trains():
    m = match("mexican", 3)
    play(m, 0, "12-12")
    play(m, 1, "12-5", 0)  # Ben's first tile off the station is his own train
    assert status(m).trains == [[5, 1, False, 1]]
    fails(m, {"k": "play", "p": 2, "t": "5-4", "e": 0}, "first round", "[1]")
    play(m, 2, "12-3", 1)
    fails(m, {"k": "play", "p": 0, "t": "3-6", "e": 1}, "first round")
    play(m, 0, "12-7", 2)
    assert m.game.open_to(hand(m), 1) == [0, 3]  # round over: his train, or a new Mexican train
    play(m, 1, "12-8", 3)
    assert status(m).trains[3] == [8, None, False, 1]
    play(m, 2, "8-1", 3)  # anybody plays on a Mexican train
    fails(m, {"k": "play", "p": 0, "t": "5-9", "e": 0}, "seat 1's own", "no marker")


def test_002_cannot_play_draw_one_then_pass_and_a_coin_opens_the_train():
    m = match("mexican", 2)
    play(m, 0, "12-12")
    play(m, 1, "12-5", 0)
    play(m, 0, "12-7", 1)
    fails(m, {"k": "pass", "p": 1}, "draw 1")
    draw(m, 1)
    fails(m, {"k": "draw", "p": 1, "n": 1}, "draw 1 tile")
    pas(m, 1)
    assert status(m).trains[0] == [5, 1, True, 1]
    assert 0 in m.game.open_to(hand(m), 0)
    play(m, 0, "5-9", 0)  # Ana plays on Ben's marked train
    play(m, 1, "9-4", 0)  # Ben plays on his own train: the coin comes off
    assert status(m).trains[0] == [4, 1, False, 3]
    fails(m, {"k": "play", "p": 0, "t": "4-2", "e": 0}, "no marker")


def test_002_house_rule_draw_to_start_debe_seguir_sacando_fichas_hasta_que_obtenga_un_12():
    # 002: "Cualquier jugador que no tenga un tren propio debe seguir sacando fichas hasta que
    # obtenga un 12 (vagón) o poner una ficha en un tren mexicano que comenzó otro jugador."
    # Read by default as one tile on each of his turns (the booklet's turn rule: "debe sacar
    # una ficha. Si no puede colocar esta ficha ... es el turno de la siguiente persona"); with
    # draw_to_start he draws on within the turn, and passes only when nothing is left.
    m = match("mexican", 2)
    play(m, 0, "12-12")
    draw(m, 1)
    fails(m, {"k": "draw", "p": 1, "n": 1}, "draw 1 tile")  # the default: one a turn
    m = match("mexican", 2, opts={"draw_to_start": True})
    play(m, 0, "12-12")
    for _ in range(3):
        draw(m, 1)  # no train yet: he draws on
    fails(m, {"k": "pass", "p": 1}, "draw first: 64 tile(s) can still be drawn",
          "house rule draw_to_start")  # fmt: skip
    play(m, 1, "12-3", 0)  # a 12 came: his own train
    assert status(m).trains == [[3, 1, False, 1]] and hand(m).turn == 0  # his own
    play(m, 0, "12-9", 1)
    draw(m, 1)  # with a train of his own: one tile, then pass
    fails(m, {"k": "draw", "p": 1, "n": 1}, "draw 1 tile")
    pas(m, 1)
    err = raises(DominoError, match, "cardinal", 2, opts={"draw_to_start": True})
    assert "known options are top, double_blank" in str(err)  # 000: "draw once"


def test_002_example_train_12_5_0_1_with_the_double_one_then_1_3():
    # 002: "si tienes el siguiente tren: 12-12, 12-5, 5-0, 0-1, 1-3 ... Coloca el doble uno
    # entre la ficha 0-1 y la 1-3". Laid in that order the double is played on the 1 (the
    # player goes again) and 1-3 follows it; once 1-3 is down, 1-1 no longer fits there.
    m = match("mexican", 2)
    play(m, 0, "12-12")
    for mine, hers in (("12-5", "12-4"), ("5-0", "4-6"), ("0-1", "6-7")):
        play(m, 1, mine, 0)
        play(m, 0, hers, 1)
    play(m, 1, "1-1", 0)
    assert hand(m).turn == 1  # a double: Ben plays again
    play(m, 1, "1-3", 0)
    assert hand(m).turn == 0
    assert status(m).trains[0] == [3, 1, False, 5]
    err = raises(DominoError, play, m, 0, "2-2", 0)
    assert "does not match" in str(err)


def test_002_a_double_left_open_must_be_satisfied_next_even_on_a_personal_train():
    m = match("mexican", 2)
    play(m, 0, "12-12")
    play(m, 1, "12-5", 0)
    play(m, 0, "12-7", 1)
    play(m, 1, "5-5", 0)  # plays again, anywhere
    play(m, 1, "12-9", 2)  # a Mexican train; the 5-5 is still open when his turn ends
    assert status(m).double == 0
    fails(m, {"k": "play", "p": 0, "t": "7-3", "e": 1}, "5-5", "train 0", "[0]")
    play(m, 0, "5-8", 0)  # "sin importar que sea un tren personal"
    assert status(m).double is None and hand(m).turn == 1


def test_002_several_open_doubles_are_satisfied_in_the_order_they_were_laid():
    m = match("mexican", 3)
    play(m, 0, "12-12")
    play(m, 1, "12-5", 0)
    play(m, 2, "12-4", 1)
    play(m, 0, "12-6", 2)
    play(m, 1, "12-7", 3)  # a Mexican train
    play(m, 2, "4-3", 1)
    play(m, 0, "6-2", 2)
    play(m, 1, "5-5", 0)
    play(m, 1, "7-7", 3)
    draw(m, 1)
    pas(m, 1)
    st = status(m)
    assert st.owed == [0, 3] and st.double == 0 and st.turn == 2
    assert st.trains[0][2]  # Ben could not play after his doubles: a coin
    fails(m, {"k": "play", "p": 2, "t": "7-8", "e": 3}, "5-5")
    play(m, 2, "5-8", 0)
    assert status(m).owed == [3]
    fails(m, {"k": "play", "p": 0, "t": "2-9", "e": 2}, "7-7", "train 3")
    play(m, 0, "7-9", 3)
    assert status(m).owed == []


def test_002_the_duty_to_satisfy_a_double_passes_on_with_a_coin_each():
    m = match("mexican", 2)
    play(m, 0, "12-12")
    play(m, 1, "12-5", 0)
    play(m, 0, "12-7", 1)
    play(m, 1, "5-5", 0)
    draw(m, 1)
    pas(m, 1)
    draw(m, 0)
    pas(m, 0)
    st = status(m)
    assert st.trains[0][2] and st.trains[1][2] and st.double == 0
    play(m, 1, "5-10", 0)
    assert status(m).trains[0][2] is False  # his own train: the coin comes off


def test_002_hand_blocks_only_when_nobody_can_play_nor_draw():
    m = match("mexican", 10)  # 8 tiles each, 11 in the boneyard
    play(m, 0, "12-12")
    p = 1
    for _ in range(11):
        draw(m, p)
        pas(m, p)
        p = (p + 1) % 10
    assert hand(m).boneyard == 0 and not hand(m).blocked
    for _ in range(9):
        assert not hand(m).blocked
        pas(m, p)
        p = (p + 1) % 10
    assert hand(m).blocked and hand(m).turn is None


def test_002_each_player_adds_the_pips_left_and_the_lowest_total_wins():
    m = match("mexican", 3)
    for k in range(13):
        assert not m.over
        m.apply({"k": "end", "left": [0, 10 + k, 5], "out": 0})
    assert m.over
    assert m.totals == [0, sum(10 + k for k in range(13)), 65]
    assert m.standings()["winners"] == [["Ana"]]
    fails_over = raises(DominoError, m.apply, {"k": "play", "p": 0, "t": "0-0"})
    assert "over" in str(fails_over)


def test_002_double_blank_house_rule():
    tiles = [t for t in full_set(12) if t != (12, 12)]
    ana = [name(t) for t in tiles[:12]]
    ben = [name(t) for t in tiles[12:23]] + ["0-0"]
    assert raises(DominoError, match, "mexican", 2, opts={"double_blank": 30})
    for value in (0, 25, 50):
        m = match("mexican", 2, opts={"double_blank": value})
        m.apply({"k": "end", "left": [ana, ben]})
        pips = sum(a + b for a, b in tiles[12:23])
        assert m.records[-1].tally == [sum(a + b for a, b in tiles[:12]), pips + value]
    m = match("mexican", 2, opts={"double_blank": 25})
    fails(m, {"k": "end", "left": [40, 50]}, "tiles left", "25")


def test_002_cada_jugador_suma_los_puntos_holding_0_0_is_a_yes_or_no():
    # 002: "Cada jugador suma los puntos de las fichas que se quedaron en su mano (por lo que
    # el jugador que se quedó sin fichas no sumará puntos en contra en esa ronda)". With the
    # double_blank house rule the table says who holds 0-0; the player out is not asked.
    for game in ("mexican", "cardinal"):
        m = match(game, 3, opts={"double_blank": 50})
        left = [0, {"p": 30, "z": 1}, {"p": 20, "z": 0}]
        r = m.apply({"k": "end", "left": left, "out": 0})  # no plays recorded
        assert r["hand"] == [0, 80, 20], game
        assert m.game.tally_fields(hand(m), False) == ("p", "z")
        fails(m, {"k": "end", "left": [0, 30, 20], "out": 0}, "seat 1", "0-0", "50")
        fails(m, {"k": "end", "left": [0, {"p": 3, "z": 1}, {"p": 2, "z": 1}], "out": 0},
              "Ben and Cy both hold 0-0")  # fmt: skip
        fails(m, {"k": "end", "left": [0, {"p": 3, "z": 2}, {"p": 2, "z": 0}], "out": 0},
              "Ben: z=2: 1 (yes) or 0 (no)")  # fmt: skip
    m = match("mexican", 2, opts={"double_blank": 25})
    m.hand.counts = [1, 12]
    m.apply({"k": "play", "p": 0, "t": "12-12"})  # not 0-0: the question stays
    assert m.game.tally_fields(hand(m), False) == ("p", "z")
    assert match("mexican", 2).game.tally_fields(hand(m), False) == ("p",)


def test_002_end_lists_must_match_the_tiles_left_when_the_record_played_the_hand_out():
    m = match("mexican", 2)
    hand(m).counts = [1, 12]
    play(m, 0, "12-12")  # Ana's last tile: every play is on the record
    fails(m, {"k": "end", "left": [[], ["2-2"]]}, "Ben", "1 tile(s) left", "record says 12")
    fails(m, {"k": "end", "left": [0, {"p": 40, "n": 11}]}, "Ben", "11 tile(s)", "says 12")
    m = match("mexican", 2)
    play(m, 0, "12-12")  # followed tile by tile: the counts stand in an end the table declares
    fails(m, {"k": "end", "left": [["1-1"], ["2-2"]]}, "seat 0 (Ana) holds 11 tiles, not 1")
    m = match("mexican", 2)
    m.apply({"k": "end", "left": [["1-1"], ["2-2"]]})  # nothing laid on the record: its word
    assert m.totals == [2, 4]


# --- 000: Cardinal Mexican Train -------------------------------------------------------------


def test_000_cardinal_deal_15_for_two_to_four_12_for_five_or_six_11_for_seven_or_eight():
    for n, tiles in ((2, 15), (4, 15), (5, 12), (6, 12), (7, 11), (8, 11)):
        assert hand(match("cardinal", n)).counts == [tiles] * n
    err = raises(DominoError, match, "cardinal", 9)
    assert "2 to 8" in str(err)
    m = match("cardinal", 3)
    assert m.rounds == 13 and m.target is None and m.game.lowest_wins


def test_000_cardinal_the_starting_player_rotates_left_each_round():
    m = match("cardinal", 3)
    assert hand(m).turn == 0
    fails(m, {"k": "play", "p": 1, "t": "9-9"}, "turn")
    m.apply({"k": "end", "left": [3, 0, 4], "out": 1})
    assert hand(m).turn == 1
    m.apply({"k": "end", "left": [3, 0, 4], "out": 1})
    assert hand(m).turn == 2


def test_000_cardinal_highest_double_opens_else_the_next_player():
    m = match("cardinal", 3)
    fails(m, {"k": "play", "p": 0, "t": "12-11"}, "highest double")
    pas(m, 0)  # no double
    draw(m, 1)  # "draw in turn until one is found"
    pas(m, 1)
    pas(m, 2)
    pas(m, 0)
    assert not hand(m).blocked
    play(m, 1, "9-9")
    assert hand(m).turn == 1  # the opener goes on to begin his train


def test_000_cardinal_series_on_your_own_train_the_turn_you_start_it():
    m = match("cardinal", 2)
    play(m, 0, "12-12")
    play(m, 0, "12-3", 0)
    play(m, 0, "3-4", 0)
    play(m, 0, "4-6", 0)
    assert hand(m).turn == 0 and status(m).series
    fails(m, {"k": "play", "p": 0, "t": "12-8", "e": 1}, "series")
    pas(m, 0)  # no more matches: no draw, no marker
    assert hand(m).boneyard == 91 - 30 and status(m).trains[0][2] is False
    play(m, 1, "12-5", 1)
    play(m, 1, "5-6", 1)
    pas(m, 1)
    play(m, 0, "12-8", 2)  # a public siding; after the series one tile a turn
    assert hand(m).turn == 1 and status(m).trains[2][1] is None
    play(m, 1, "8-1", 2)
    assert hand(m).turn == 0


def _cardinal_after_series():
    m = match("cardinal", 2)
    play(m, 0, "12-12")
    play(m, 0, "12-3", 0)
    play(m, 0, "3-4", 0)
    pas(m, 0)
    play(m, 1, "12-5", 1)
    pas(m, 1)
    return m


def test_000_cardinal_play_on_your_double_else_draw_else_marker_and_the_next_must():
    m = _cardinal_after_series()
    play(m, 0, "4-4", 0)
    assert hand(m).turn == 0 and status(m).double == 0
    fails(m, {"k": "play", "p": 0, "t": "5-9", "e": 1}, "4-4", "train 0")
    fails(m, {"k": "pass", "p": 0}, "draw 1")
    draw(m, 0)
    pas(m, 0)
    assert status(m).trains[0][2] and hand(m).turn == 1 and status(m).double == 0
    draw(m, 1)
    pas(m, 1)  # "that player's train also gets a marker"
    assert status(m).trains[1][2]
    play(m, 0, "4-9", 0)  # satisfied, and his own marker comes off
    st = status(m)
    assert st.double is None and st.trains[0][2] is False and hand(m).turn == 1
    assert st.trains[1][2] and 1 in m.game.open_to(hand(m), 0)


def test_000_cardinal_exception_2_a_double_lifting_your_marker_owes_nothing():
    m = _cardinal_after_series()
    play(m, 0, "4-6", 0)
    draw(m, 1)
    pas(m, 1)
    assert status(m).trains[1][2]
    play(m, 0, "6-1", 0)
    play(m, 1, "5-5", 1)  # on his own marked train
    st = status(m)
    assert st.double is None and st.trains[1][2] is False and hand(m).turn == 0


def test_000_cardinal_exception_1_the_last_double_of_its_number_owes_nothing():
    m = match("cardinal", 2)
    play(m, 0, "12-12")
    for t in ("12-0", "0-1", "1-2", "2-0", "0-3", "3-4", "4-0"):
        play(m, 0, t, 0)
    pas(m, 0)
    for t in ("12-5", "5-0", "0-6", "6-7", "7-0", "0-8", "8-9", "9-0"):
        play(m, 1, t, 1)
    pas(m, 1)
    play(m, 0, "12-10", 2)
    play(m, 1, "10-0", 2)
    play(m, 0, "12-11", 3)
    play(m, 1, "11-0", 3)  # every 0 but 0-0 is down
    play(m, 0, "0-0", 0)
    assert status(m).double is None and hand(m).turn == 1


def test_000_cardinal_exception_3_a_double_as_your_last_tile_ends_the_hand():
    m = match("cardinal", 2)
    play(m, 0, "12-12")
    for t in (
        "12-0",
        "0-1",
        "1-2",
        "2-3",
        "3-4",
        "4-5",
        "5-6",
        "6-7",
        "7-8",
        "8-9",
        "9-10",
        "10-11",
        "11-0",
    ):
        play(m, 0, t, 0)
    r = play(m, 0, "0-0", 0)
    assert r["out"] == 0 and hand(m).is_over()
    r = m.apply({"k": "end", "left": [0, 80]})
    assert r["hand"] == [0, 80]


def test_000_cardinal_lowest_total_after_the_agreed_rounds_wins():
    m = match("cardinal", 2, rounds=3)
    for left in ([0, 20], [15, 0], [10, 0]):
        m.apply({"k": "end", "left": left, "out": left.index(0)})
    assert m.over and m.totals == [25, 20]
    assert m.standings()["winners"] == [["Ben"]]


def test_trains_addressing_rejects_unknown_trains_with_the_allowed_range():
    m = match("mexican", 2)
    fails(m, {"k": "play", "p": 0, "t": "12-12", "e": 0}, "without an end")
    play(m, 0, "12-12")
    fails(m, {"k": "play", "p": 1, "t": "12-5", "e": 3}, "0 starts the first")
    play(m, 1, "12-5", 0)
    fails(m, {"k": "play", "p": 0, "t": "12-7", "e": 5}, "0..0", "1 starts a new train")
    fails(m, {"k": "play", "p": 0, "t": "12-7", "e": True}, "train True")
    fails(m, {"k": "play", "p": 0, "t": "11-7", "e": 1}, "does not match")
    d = hand(m).layout.describe()
    assert d["kind"] == "trains" and d["station"] == 12 and d["ends"] == [[5, False, 1, 1, False]]


def test_002_a_tally_fixed_later_moves_the_double_blank_to_its_real_holder():
    tiles = [t for t in full_set(12) if t != (12, 12)]
    ana = [name(t) for t in tiles[:11]]
    ben = [name(t) for t in tiles[12:23]]
    m = match("mexican", 2, opts={"double_blank": 50})
    play(m, 0, "12-12")
    hand(m).boneyard = 0  # as if drawn dry: only then may a hand block
    m.apply({"k": "end", "left": [ana, ben + ["0-0"]]})
    ana_pips = sum(a + b for a, b in tiles[:11])
    ben_pips = sum(a + b for a, b in tiles[12:23])
    assert m.totals == [ana_pips, ben_pips + 50]
    m.apply({"k": "fix", "h": 0, "left": [ana, ben + [name(tiles[23])]]})
    assert m.totals == [ana_pips, ben_pips + tiles[23][0] + tiles[23][1]]
