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


def muggins_plays(m, plays):
    """Lay each (seat, tile, end) and claim its count, as the device does."""
    for p, t, e in plays:
        play(m, p, t, e)
        if m.hand.pending is not None:
            m.apply({"k": "claim", "p": p})


BEFORE = ((1, "5-5", None), (0, "5-0", 0), (1, "5-3", 1), (0, "0-0", 0))
MEANWHILE = ((1, "3-2", 1), (0, "6-5", 2), (1, "6-1", 2), (0, "5-4", 3), (1, "4-2", 1),
             (0, "6-0", 0))  # fmt: skip


def test_back_to_tracking_the_plays_made_meanwhile_take_the_pads_points():
    # "20 Domino Games" (000), MUGGINS: "The object is to make all ends total five or a
    # multiple of five. Each player succeeding in doing this scores the number of points the
    # pips total". Ana's 6-0 made 15, entered on the score pad as "Ana scores +15"; back on
    # Track the tiles the table enters the plays made meanwhile, and the 6-0 was counted a
    # second time: Ana 40, true 25.
    truth = match("muggins", ["Ana", "Ben"])
    muggins_plays(truth, BEFORE + MEANWHILE)
    assert truth.totals == [25, 10]
    m = match("muggins", ["Ana", "Ben"])
    muggins_plays(m, BEFORE)
    m.apply({"k": "way", "way": "pad"})
    m.apply({"k": "pts", "p": 0, "n": 15})
    m.apply({"k": "way", "way": "tracked"})
    muggins_plays(m, MEANWHILE[:-1])
    r = play(m, 0, "6-0", 0)
    assert r["scored"] == 0 and r["padded"] == 15 and m.hand.pending is None
    assert m.totals == truth.totals == [25, 10]
    again = Match.replay(m.setup, [m.log[i] for i in range(len(m.log))])
    assert again.totals == [25, 10]
    # the pad's points are used once: a later count of Ana's scores again
    m2 = match("muggins", ["Ana", "Ben"])
    muggins_plays(m2, BEFORE)
    m2.apply({"k": "way", "way": "pad"})
    m2.apply({"k": "pts", "p": 0, "n": 10})  # the table missed 5 of the 15
    m2.apply({"k": "way", "way": "tracked"})
    muggins_plays(m2, MEANWHILE)
    assert m2.totals == [25, 10]  # the play's 15: 10 from the pad, 5 claimed
    # points entered while the hand is tracked are corrections, not plays: nothing taken
    m3 = match("muggins", ["Ana", "Ben"])
    muggins_plays(m3, BEFORE)
    m3.apply({"k": "pts", "p": 0, "n": 5})
    muggins_plays(m3, MEANWHILE)
    assert m3.totals == [30, 10]
