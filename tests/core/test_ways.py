# Two ways to keep a hand (Game.way, the setup's "way", the "way" event): tracked, every tile
# entered and the counts automatic; a score pad, only what scores (points as they happen, the
# tallies at the end). Both are events the core validates and replays; the table may switch
# at any moment, and may declare the end of a tracked hand ("declared"). Each game's default:
# test_registry.py.
from table import end, fails, match, play

from check import raises
from domino.errors import DominoError
from domino.match import Match


def test_a_score_pad_hand_is_points_and_an_end():
    m = match("muggins", way="pad")
    assert m.way == "pad" and not m.hand.tracked
    m.apply({"k": "pts", "p": 0, "n": 15})
    m.apply({"k": "pts", "p": 1, "n": 10})
    m.apply({"k": "pts", "p": 0, "n": 5})
    assert m.outs() == [0, 1] and m.may_block()
    r = end(m, [0, 23], out=0)
    assert r["totals"] == [20 + 23, 10], r
    assert m.hand.tracked is False and m.way == "pad"  # the next hand too
    again = Match.replay(m.setup, [m.log[i] for i in range(len(m.log))])
    assert again.standings() == m.standings()


def test_switching_keeps_what_was_entered():
    m = match("muggins")
    play(m, 0, "5-5")
    m.apply({"k": "claim", "p": 0})  # 10
    play(m, 1, "5-0", 0)
    scored = list(m.totals)
    m.apply({"k": "way", "way": "pad"})
    assert m.totals == scored and m.hand.layout.count() > 0  # nothing lost
    assert m.outs() == [0, 1]  # the record no longer follows the tiles
    m.apply({"k": "pts", "p": 1, "n": 5})
    r = end(m, [30, 0], out=1)  # P1 holds 6 tiles on the record: on a pad, the table's word
    assert r["hand"] == [0, 30]
    assert m.way == "pad" and not m.hand.tracked
    m.apply({"k": "way", "way": "tracked"})
    assert m.way == "tracked" and m.hand.tracked is False  # this hand started on the pad


def test_undo_brings_the_way_back_across_hands():
    m = match("block", target=500)
    play(m, 0, "6-6")
    m.apply({"k": "way", "way": "pad"})
    end(m, [0, 20], out=0)
    assert m.way == "pad" and not m.hand.tracked  # hand 2 starts on the pad
    m.apply({"k": "undo"})  # the end
    assert m.way == "pad" and not m.hand.tracked and len(m.records) == 0
    m.apply({"k": "undo"})  # the switch
    assert m.way == "tracked" and m.hand.tracked and m.hand.played == 1
    m.apply({"k": "redo"})
    assert m.way == "pad" and not m.hand.tracked
    m.apply({"k": "redo"})
    play_again = Match.replay(m.setup, [m.log[i] for i in range(len(m.log))])
    assert play_again.way == "pad" and play_again.standings() == m.standings()


def test_a_tracked_hand_may_always_be_declared_over():
    m = match("muggins")
    play(m, 0, "6-4")
    play(m, 1, "4-4", 1)
    assert m.outs() == [] and not m.may_block()  # every seat holds six tiles on the record
    fails(m, {"k": "end", "left": [0, 30], "out": 0}, "out=0: P0 holds 6 tiles")
    assert m.outs(declared=True) == [0, 1] and m.may_block(declared=True)
    lo, hi, least, most = m.end_bounds(None, declared=True)[1]
    assert (lo, least) == (1, 0) and hi > 6 and most > 59
    assert m.hand.tracked  # asking changed nothing
    fails(m, {"k": "end", "left": [0, 30], "out": 0, "declared": 2}, "declared=2")
    fails(m, {"k": "end", "left": [0, 999], "out": 0, "declared": 1}, "999 pips")
    assert m.hand.tracked  # a refused declared end leaves the hand tracked
    r = m.apply({"k": "end", "left": [0, 30], "out": 0, "declared": 1})
    assert r["hand"] == [30, 0]
    # a correction of that hand is bounded as it was ended: P0 out with five tiles unplayed
    m.apply({"k": "fix", "h": 0, "left": [0, 35]})
    assert m.totals == [35, 0]


def test_bad_ways_are_refused():
    err = raises(DominoError, match, "muggins", way="paper")
    assert "way 'paper': tracked or pad" in str(err), str(err)
    m = match("muggins")
    fails(m, {"k": "way", "way": "pen"}, "way 'pen': tracked or pad")
    fails(m, {"k": "way"}, "way None")
