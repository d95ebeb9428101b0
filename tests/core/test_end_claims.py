# What a hand's end may claim: who can be out, blocked or not, and bounds on the pips each seat
# can hold (Match.outs, may_block, end_bounds); apply refuses an end outside them, naming the
# bound, and changes nothing.
from table import draw, end, match, play, snapshot

from check import raises
from domino.errors import DominoError


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
    m = match("bergen-schmidt")  # one tile a turn, then pass: everyone passing blocks it
    play(m, 0, "1-1")
    assert m.may_block()


def test_a_hand_the_table_did_not_follow_is_bounded_by_what_a_seat_can_hold():
    m = match("draw", 2)  # 7 tiles each, 14 to draw: nothing entered yet
    bounds = m.end_bounds()
    assert [b[:2] for b in bounds] == [(1, 21), (1, 21)]  # a tile at least; at most all drawn
    assert bounds[0][2] == 0  # 0-0 alone is 0 pips
    refused(m, {"k": "end", "left": [0, 0]}, "at least 2 tiles in all, so at least 1 pips")
    assert end(m, [0, 1])["hand"] == [1, 0]
