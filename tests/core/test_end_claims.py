# What a hand's end may claim: who can be out, blocked or not, and bounds on the pips each seat
# can hold (Match.outs, may_block, end_bounds); apply refuses an end outside them, naming the
# bound, and changes nothing.
from table import draw, end, match, play, snapshot

from check import raises
from domino.errors import DominoError
from domino.match import Match


def refused(m, ev, *words):
    before = snapshot(m)
    err = raises(DominoError, m.apply, ev)
    for w in words:
        assert w in str(err), (w, str(err))
    assert snapshot(m) == before
    return err


def test_after_two_plays_each_seat_holds_six_tiles():
    m = match("muggins")
    play(m, 0, "6-4")
    play(m, 1, "4-4", 1)
    # 6-4 and 4-4 on the table: the six lightest tiles left are 0-0 1-0 1-1 2-0 2-1 3-0
    assert m.end_bounds() == [(6, 6, 11, 59), (6, 6, 11, 59)]
    refused(m, {"k": "end", "left": [0, 0]}, "left: seat 0 (P0) holds 6 tiles, so at least 11 pips")
    refused(m, {"k": "end", "left": [11, 60]}, "seat 1 (P1) holds 6 tiles, so at most 59 pips")
    refused(m, {"k": "end", "left": [11, 11]}, "at least 12 tiles in all, so at least 38 pips")
    refused(m, {"k": "end", "left": [20, {"p": 20, "n": 5}]}, "seat 1 (P1) holds 6 tiles, not 5")


def test_who_can_be_out():
    m = match("muggins", 3)
    assert m.outs() == [0, 1, 2]  # nothing laid on the record: the table's word
    m.hand.counts = [1, 2, 7]
    play(m, 0, "6-4")  # his last tile: out on the record
    assert m.outs() == [0] and not m.may_block()
    m = match("muggins", 3)
    m.hand.counts = [2, 1, 7]
    play(m, 0, "6-4")
    assert m.outs() == [0, 1]  # each holds one tile: his last play may not be entered
    refused(m, {"k": "end", "left": [20, 20, 0], "out": 2}, "out=2: P2 holds 7 tiles",
            "(P0, P1)")  # fmt: skip
    assert m.end_bounds(out=1)[1] == (0, 0, 0, 0)  # 0 pips only for a seat holding no tiles
    assert end(m, [4, 0, 30], out=1)["hand"] == [0, 34, 0]


def test_blocked_only_when_the_game_allows_it():
    m = match("mexican", 2)
    play(m, 0, "12-12")
    draw(m, 1)
    assert not m.may_block()
    refused(m, {"k": "end", "left": [100, 100]}, "blocked: 66 tile(s) can still be drawn",
            "Mexican Train blocks only when nobody can draw")  # fmt: skip
    m = match("peruvian", 4)  # a tile drawn after every turn: blocked only when none is left
    play(m, 0, "6-6")
    refused(m, {"k": "end", "left": [25, 25, 25, 25], "last": 0}, "blocked: ")
    m = match("block", 2)  # no drawing: a block may come at any time
    play(m, 0, "6-6")
    assert m.may_block()
    m = match("bergen-schmidt")  # one tile a turn, then pass: blocked once 2 are left
    play(m, 0, "1-1")
    assert not m.may_block()
    m.hand.boneyard = 2  # as if the others had been drawn
    assert m.may_block()


def test_a_hand_the_table_did_not_follow_is_bounded_by_what_a_seat_can_hold():
    m = match("draw", 2)  # 7 tiles each, 14 to draw: nothing entered yet
    bounds = m.end_bounds()
    assert [b[:2] for b in bounds] == [(1, 21), (1, 21)]  # a tile at least; at most all drawn
    assert bounds[0][2] == 0  # 0-0 alone is 0 pips
    refused(m, {"k": "end", "left": [0, 0]}, "at least 2 tiles in all, so at least 1 pips")
    assert end(m, [0, 1])["hand"] == [1, 0]


def test_000_block_excess_pieces_are_not_drawn_so_a_seat_holds_at_most_its_deal():
    # 000 BLOCK: "excess pieces are not drawn when a player cannot play"; 003 Hungarian: "Der
    # Rest der Steine scheidet aus"; 000 TIDDLE-A-WINK: "any remaining dominos are left face
    # down on the table"; 003 Cyprus and Italian deal without a boneyard to draw from. A tally
    # of 7 tiles for a 5-tile hand was accepted, as if the boneyard could be drawn.
    for game, n, deal in (("block", 3, 7), ("hungarian", 4, 6), ("cyprus", 4, 13),
                          ("italian", 3, 7), ("tiddle", 4, 13)):  # fmt: skip
        m = match(game, n)
        assert m.end_bounds()[0][:2] == (1, deal), game
        left = [{"p": 20, "n": deal + 2}] + [20] * (n - 1)
        refused(m, {"k": "end", "left": left}, "seat 0 (P0) holds 1 to %d tiles, not %d"
                % (deal, deal + 2))  # fmt: skip
    m = match("draw", 3)  # a draw game: what the seat was dealt and the boneyard it can draw
    assert m.end_bounds()[0][:2] == (1, 7 + 7)


def test_an_entered_tile_count_bounds_the_pips():
    # At most 52 pips in 5 tiles of double-six (6-6 6-5 5-5 6-4 5-4), at least 8 (0-0 1-0
    # 1-1 2-0 2-1): 61 in 5 tiles was accepted.
    m = match("muggins")
    refused(m, {"k": "end", "left": [{"p": 61, "n": 5}, 30]},
            "left: seat 0 (P0) holds 5 tiles, so at most 52 pips, not 61")  # fmt: skip
    refused(m, {"k": "end", "left": [{"p": 7, "n": 5}, 30]},
            "left: seat 0 (P0) holds 5 tiles, so at least 8 pips, not 7")  # fmt: skip
    assert end(m, [{"p": 52, "n": 5}, 30])["hand"] == [0, 22]


def test_a_setup_with_one_player_names_the_count_given():
    err = raises(DominoError, Match, {"game": "block", "players": ["Ana"]})
    assert str(err) == "players: 1 name given; give a list of 2 to 10 names"
    err = raises(DominoError, Match, {"game": "block", "players": ["P%d" % i for i in range(11)]})
    assert str(err) == "players: 11 names given; give a list of 2 to 10 names"
