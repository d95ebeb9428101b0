# French Dominoes (booklet 003): a wall of two levels; pass or draw two.
from table import end, fails, match, play, snapshot

from check import raises
from domino.errors import DominoError


def test_003_french_two_players_eight_tiles_the_rest_to_the_boneyard():
    m = match("french")
    assert m.hand.counts == [8, 8] and m.hand.boneyard == 12
    raises(DominoError, match, "french", 3)


def test_003_french_the_elder_begins_with_any_tile():
    # 003: "The elder of the two players begins by placing a random tile."
    m = match("french")
    raises(DominoError, play, m, 1, "6-6")
    play(m, 0, "5-2")
    assert m.hand.turn == 1


def test_003_french_stacked_halves_show_the_same_value_on_two_levels():
    # 003: "His or her opponent places a tile with the appropriate half above (or subsequently
    # also below) the identical half of a tile that has already been placed."
    m = match("french")
    lay = m.hand.layout
    play(m, 0, "6-4")
    assert lay.stack(0) == "above" and lay.stack(1) == "above"
    raises(DominoError, play, m, 1, "3-2", 1)  # no 4 on it
    play(m, 1, "4-2", 1)  # above the 4, the 2 reaching out
    assert lay.stack(1) == "below" and lay.ends() == [6, 2]
    play(m, 0, "2-2", 1)  # later also below
    assert lay.stack(1) == "above"
    assert lay.describe()["stack"] == ["above", "above"]
    assert lay.describe()["kind"] == "wall"


def test_003_french_cannot_place_pass_or_draw_two_his_choice():
    # 003: "If a player cannot place a tile, s/he forfeits that turn or draws 2 tiles (this
    # choice is discretionary)."
    m = match("french")
    play(m, 0, "6-6")
    m.apply({"k": "pass", "p": 1})  # forfeits: no need to draw first
    assert m.hand.turn == 0
    play(m, 0, "6-5", 0)
    before = snapshot(m)
    err = raises(DominoError, m.apply, {"k": "draw", "p": 1, "n": 3})
    assert "draw 2" in str(err)
    assert snapshot(m) == before
    m.apply({"k": "draw", "p": 1, "n": 2})
    raises(DominoError, m.apply, {"k": "draw", "p": 1, "n": 1})
    play(m, 1, "5-1", 0)  # decided: a drawn tile that fits may be laid
    assert m.hand.counts == [6, 9]


def test_003_french_first_out_wins():
    # 003: "The player who first has no further tiles to place ends the game and wins."
    m = match("french")
    m.hand.counts = [1, 8]
    play(m, 0, "3-3")
    assert end(m, [0, 27])["hand"] == [27, 0]
    assert m.rounds == 2


def test_003_french_last_two_tiles_stay_house_rule():
    # 003's general rules: "the last two tiles remain in reserve and are generally not drawn"
    m = match("french")
    play(m, 0, "6-6")
    for p, t in ((1, "6-5"), (0, "5-4"), (1, "4-3"), (0, "3-2"), (1, "2-1")):
        m.apply({"k": "draw", "p": p, "n": 2})
        play(m, p, t, 0)
    assert m.hand.boneyard == 2
    err = raises(DominoError, m.apply, {"k": "draw", "p": 0, "n": 1})
    assert "2 stay in reserve" in str(err)
    assert match("french", opts={"keep_two": False}).game.reserve == 0


def test_003_french_status_tells_the_table_where_the_next_tile_goes():
    m = match("french")
    assert m.game.status(m.hand).as_dict() == {"stack": []}
    play(m, 0, "6-4")
    play(m, 1, "4-2", 1)
    assert m.game.status(m.hand).as_dict() == {"stack": ["above", "below"]}


def test_003_general_rules_the_hand_ends_when_nobody_can_lay_and_nothing_can_be_drawn():
    # 003 general rules: "Das Spiel endet auch, wenn kein Spieler mehr anlegen kann ... und kein
    # Stein mehr nachgezogen werden kann"; "La manche est également finie si plus aucun joueur
    # ne peut placer de domino ... et qu'il n'y a plus de domino dans la pioche" (the Dutch
    # and Italian say "and" too; only the English has "or"). French: "If a player cannot
    # place a tile, s/he forfeits that turn or draws 2 tiles (this choice is discretionary)".
    m = match("french")
    play(m, 0, "6-6")
    m.apply({"k": "pass", "p": 1})
    m.apply({"k": "pass", "p": 0})  # two passes by choice, 12 tiles in the boneyard
    assert not m.hand.is_over() and m.hand.turn == 1
    m.apply({"k": "draw", "p": 1, "n": 2})
    assert m.hand.counts == [7, 10] and m.hand.boneyard == 10
    m.apply({"k": "pass", "p": 1})
    for _ in range(4):  # down to the two tiles that stay: nothing more can be drawn
        m.apply({"k": "draw", "p": m.hand.turn, "n": 2})
        m.apply({"k": "pass", "p": m.hand.turn})
    assert m.hand.boneyard == 2 and not m.hand.is_over()  # the last pass had nothing to draw
    m.apply({"k": "pass", "p": m.hand.turn})  # and neither has this one
    assert m.hand.blocked


def test_003_general_rules_end_the_hand_blocked_only_when_no_tile_can_be_drawn():
    # 003 general rules: "Das Spiel endet auch, wenn kein Spieler mehr anlegen kann (muss durch
    # Aufdecken der Steine bewiesen werden) und kein Stein mehr nachgezogen werden kann"; FR
    # "et qu'il n'y a plus de domino dans la pioche"; NL and IT "and" too. The table's End the
    # hand > Blocked was accepted with 10 tiles to draw.
    m = match("french")
    play(m, 0, "6-6")
    assert m.hand.boneyard == 12 and not m.may_block()
    held = [["0-0", "1-0", "1-1", "2-0", "2-1", "2-2", "3-0"], ["3-1", "3-2", "3-3", "4-0"]]
    held[1] += ["4-1", "4-2", "4-3", "5-0"]
    fails(m, {"k": "end", "left": held}, "blocked: 10 tile(s) can still be drawn",
          "French blocks only when nobody can draw")  # fmt: skip
    for p in (1, 0, 1, 0, 1):
        m.apply({"k": "draw", "p": p, "n": 2})
        m.apply({"k": "pass", "p": p})
    assert m.hand.boneyard == 2 and m.may_block()
    held = [["0-0", "1-0", "1-1", "2-0", "2-1", "2-2", "3-0", "3-1", "3-2", "3-3", "4-0"]]
    held.append(["4-1", "4-2", "4-3", "4-4", "5-0", "5-1", "5-2", "5-3", "5-4", "5-5", "6-0"])
    held[1] += ["6-1", "6-2", "6-3"]
    assert end(m, held)["hand"] == [101, 0]  # the lower hand scores the other's pips
