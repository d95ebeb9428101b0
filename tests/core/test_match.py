# The match fold: setup checks, undo/redo, corrections, every prefix folds, the event format.
from table import end, match, play, snapshot

from check import raises
from domino import events
from domino.errors import DominoError
from domino.match import Match


def test_setup_errors_name_the_value_and_what_is_allowed():
    err = raises(DominoError, Match, {"game": "chess", "players": ["A", "B"]})
    assert "chess" in str(err) and "muggins" in str(err)
    err = raises(DominoError, Match, {"game": "muggins", "players": ["A"]})
    assert "2 to 10" in str(err)
    err = raises(DominoError, Match, {"game": "muggins", "players": ["A", "B", "C", "D", "E"]})
    assert "5 players" in str(err) and "2 to 4" in str(err)
    err = raises(DominoError, Match, {"game": "muggins", "players": ["A", "B"], "opts": {"x": 1}})
    assert "'x'" in str(err) and "lone_spinner" in str(err)
    err = raises(
        DominoError, Match, {"game": "muggins", "players": ["A", "B"], "opts": {"lone_spinner": 3}}
    )
    assert "1, 2" in str(err)
    err = raises(DominoError, Match, {"game": "muggins", "players": ["A", "B"], "target": -5})
    assert "target" in str(err)
    err = raises(
        DominoError,
        Match,
        {"game": "block", "players": ["A", "B", "C", "D"], "teams": [[0, 1], [1, 2, 3]]},
    )
    assert "team member 1" in str(err)
    err = raises(DominoError, Match, {"game": "muggins", "players": ["A", "B"], "v": 2})
    assert "version" in str(err)


def test_undo_then_redo_restores_the_state():
    m = match("muggins")
    play(m, 0, "5-5")
    m.apply({"k": "claim", "p": 0})
    play(m, 1, "5-0", 0)
    before = snapshot(m)
    m.apply({"k": "undo"})
    assert m.hand.turn == 1 and m.totals == [10, 0] and len(m.hand.seen) == 1
    m.apply({"k": "undo"})
    assert m.totals == [0, 0] and m.hand.pending == (0, 10)
    m.apply({"k": "redo"})
    m.apply({"k": "redo"})
    assert snapshot(m) == before.replace('"events":3', '"events":7').replace(",3,3,0]", ",7,3,0]")
    raises(DominoError, m.apply, {"k": "redo"})


def test_undo_reaches_back_across_a_hand_end():
    m = match("block")
    play(m, 0, "6-6")
    end(m, [24, 30])
    assert m.totals == [6, 0] and len(m.records) == 1
    m.apply({"k": "undo"})
    assert m.totals == [0, 0] and not m.records and m.hand.layout.played == [(6, 6)]
    m.apply({"k": "undo"})
    assert m.hand.layout.is_empty()
    raises(DominoError, m.apply, {"k": "undo"})
    assert len(m.log) == 4  # the log only grows


def test_a_new_event_after_undo_clears_redo():
    m = match("muggins")
    play(m, 0, "6-6")
    m.apply({"k": "undo"})
    play(m, 0, "5-5")
    raises(DominoError, m.apply, {"k": "redo"})


def test_fix_corrects_a_past_tally_and_everything_after_recomputes():
    m = match("block", 3)
    end(m, [4, 10, 15])
    end(m, [6, 6, 6])
    assert m.totals == [17, 5, 0]
    m.apply({"k": "fix", "h": 0, "left": [10, 4, 15]})
    assert m.totals == [5, 17, 0]
    assert m.standings()["hands"][0]["points"] == [5, 17, 0]
    m.apply({"k": "undo"})
    assert m.totals == [17, 5, 0]


def test_fix_that_would_end_the_match_earlier_is_refused():
    m = match("block", 2, target=20)
    end(m, [0, 10])
    end(m, [0, 5])
    err = raises(DominoError, m.apply, {"k": "fix", "h": 0, "left": [0, 25]})
    assert "undo" in str(err)
    assert m.totals == [15, 0]


def test_a_refused_fix_counts_hands_from_1_as_the_screens_do():
    # The device's correction screen says "Fix hand 1" for h 0: the refusal names the same
    # hand (it said "hand 0"), and every other refusal of a fix counts the same way.
    m = match("block", 2, target=20)
    end(m, [0, 10])
    end(m, [0, 5])
    end(m, [0, 1])
    err = raises(DominoError, m.apply, {"k": "fix", "h": 0, "left": [0, 25]})
    assert "at hand 1;" in str(err), str(err)
    err = raises(DominoError, m.apply, {"k": "fix", "h": 1, "left": [0, 15]})
    assert "at hand 2;" in str(err), str(err)
    err = raises(DominoError, m.apply, {"k": "fix", "h": 3, "left": [0, 1]})
    assert "hands 1..3" in str(err), str(err)
    m = match("block", 2, target=20)
    err = raises(DominoError, m.apply, {"k": "fix", "h": 0, "left": [0, 1]})
    assert "no hand has finished" in str(err), str(err)
    end(m, [0, 10])
    play(m, 0, "6-6")  # the next hand has begun
    err = raises(DominoError, m.apply, {"k": "fix", "h": 0, "left": [0, 25]})
    assert "at hand 1, before the hand in progress" in str(err), str(err)
    m = match("muggins", 2, target=10)  # the match ends mid-hand, at the target: no tally
    m.apply({"k": "pts", "p": 0, "n": 10})
    assert m.over
    err = raises(DominoError, m.apply, {"k": "fix", "h": 0, "left": [0, 5]})
    assert "hand 1 ended at the target" in str(err), str(err)


def test_fix_can_reopen_a_finished_match():
    m = match("block", 2, target=20)
    end(m, [0, 25])
    assert m.over
    m.apply({"k": "fix", "h": 0, "left": [0, 15]})
    assert not m.over and m.hand is not None and m.totals == [15, 0]
    end(m, [0, 5])
    assert m.over


def test_nothing_but_undo_redo_fix_note_after_the_match():
    m = match("block", 2, target=10)
    end(m, [0, 10])
    err = raises(DominoError, play, m, 0, "6-6")
    assert "over" in str(err)
    m.apply({"k": "note", "text": "good game"})
    assert m.notes() == ["good game"]


def test_every_prefix_of_a_log_folds_and_replay_agrees():
    m = match("muggins", 3)
    log = [
        {"k": "play", "p": 0, "t": "5-5"},
        {"k": "play", "p": 1, "t": "5-0", "e": 0},
        {"k": "claim", "p": 1},
        {"k": "play", "p": 2, "t": "5-1", "e": 1},
        {"k": "undo"},
        {"k": "play", "p": 2, "t": "0-0", "e": 0},
        {"k": "mug", "p": 0},
        {"k": "note", "text": "Café con leche — ¡dominó!"},
        {"k": "draw", "p": 0, "n": 7},
        {"k": "end", "left": [93, 33, 27]},  # blocked with nothing left to draw
    ]
    for ev in log:
        m.apply(ev)
    text = events.write_match(m.setup, m.log)
    setup, evs = events.read_match(text)
    for n in range(len(evs) + 1):
        Match.replay(setup, evs[:n])
    again = Match.replay(setup, evs)
    assert events.dumps(again.standings()) == events.dumps(m.standings())
    # P0 took the 10 by Muggins; blocked: P2 (27) scores 66 + 6, P1 (33) scores 60
    assert again.totals == [10, 10 + (93 - 33), (93 - 27) + (33 - 27)]


def test_event_lines_are_canonical_and_round_trip():
    ev = {"t": "6-4", "k": "play", "p": 1, "e": 0}
    line = events.dumps(ev)
    assert line == '{"e":0,"k":"play","p":1,"t":"6-4"}'
    assert events.loads(line) == ev
    assert events.dumps({"text": 'Müller "x"\n\x03'}) == '{"text":"Müller \\"x\\"\\n\\u0003"}'
    assert events.loads(events.dumps({"s": "ñ😀"})) == {"s": "ñ😀"}
    raises(DominoError, events.loads, "[1,2]")
    raises(DominoError, events.loads, "{nope")
    raises(DominoError, events.loads, b"\xff\xfe")
    raises(DominoError, events.dumps, {"x": 1.5})


def test_match_file_as_one_json_document():
    doc = (
        '{"setup": {"game": "block", "players": ["A", "B"]},'
        ' "events": [{"k": "end", "left": [1, 2]}]}'
    )
    setup, evs = events.read_match(doc)
    assert Match.replay(setup, evs).totals == [1, 0]
    raises(DominoError, events.read_match, "")


def test_replay_names_the_bad_event():
    err = raises(
        DominoError,
        Match.replay,
        {"game": "block", "players": ["A", "B"]},
        [{"k": "end", "left": [1, 2]}, {"k": "fly"}],
    )
    assert "event 1" in str(err) and "fly" in str(err)


def test_impossible_pips_are_refused():
    m = match("block")
    err = raises(DominoError, end, m, [100, 100])
    assert "168" in str(err)
    m.hand.counts = [1, 7]
    play(m, 0, "6-6")
    err = raises(DominoError, end, m, [5, 3])
    assert "P0" in str(err) and "0 pips" in str(err)
    err = raises(DominoError, end, m, [0, ["6-6"]])
    assert "on the table" in str(err)
    err = raises(DominoError, end, m, [0, ["1-2", "2-1"]])
    assert "twice" in str(err)


def test_fix_that_ends_the_match_keeps_no_half_played_hand():
    m = match("block", 2, target=20)
    end(m, [0, 10])
    play(m, 0, "6-6")  # the next hand has begun
    err = raises(DominoError, m.apply, {"k": "fix", "h": 0, "left": [0, 25]})
    assert "in progress" in str(err) and m.totals == [10, 0]
    m.apply({"k": "undo"})  # back to an empty hand: now the correction may end the match
    m.apply({"k": "fix", "h": 0, "left": [0, 25]})
    assert m.over and m.hand is None and m.totals == [25, 0]


def test_fix_that_carries_a_side_to_the_target_mid_hand_ends_it_there():
    m = match("bergen-schmidt", 2, target=5)
    end(m, [{"p": 3, "d": 0}, {"p": 9, "d": 1}])  # P0 holds no double: 2
    play(m, 1, "1-1")  # the lowest double begins: 2
    play(m, 0, "1-4", 0)
    assert m.totals == [2, 2] and not m.over
    m.apply({"k": "pts", "p": 1, "n": 2})
    m.apply({"k": "fix", "h": 0, "left": [{"p": 9, "d": 1}, {"p": 3, "d": 0}]})  # P1 had it
    assert m.totals == [0, 6] and m.over and m.winners() == [1]


def test_preview_says_what_a_play_would_score_and_changes_nothing():
    m = match("muggins", opts={"muggins": False})
    play(m, 0, "5-5")
    before = snapshot(m)
    assert m.preview(1, (5, 0), 0) == 10  # 0 + the spinner's 10
    assert m.preview(1, (5, 1), 2) == 0  # 10 + 1 on a spinner arm: 11
    assert m.preview(1, (6, 4), 0) == 0  # does not join
    assert snapshot(m) == before
    assert play(m, 1, "5-0", 0)["scored"] == 10
    m2 = match("bergen-schmidt")
    play(m2, 0, "1-1")
    play(m2, 1, "1-4", 0)
    before = snapshot(m2)
    assert m2.preview(0, (4, 4), 0) == 2  # the highest double on the table (003)
    assert m2.preview(0, (4, 1), 0) == 3  # ends 1 and 1-1: a triple
    assert snapshot(m2) == before


def test_the_table_ends_a_hand_whose_plays_were_not_all_entered():
    # The device's "End the hand": a table that enters no plays (points only) says who went
    # out; the record cannot know their tiles, so that is the table's word...
    m = match("block", 2)
    assert end(m, [10, 0], out=1)["hand"] == [0, 10]
    # ...a hand followed tile by tile keeps its counts: only a seat holding one tile can have
    # gone out with its last play not entered, and the others hold what the record says
    m = match("block", 2)
    m.hand.counts = [7, 2]
    play(m, 0, "6-6")
    before = snapshot(m)
    err = raises(DominoError, end, m, [12, 0], out=1)
    assert "P1 holds 2 tiles on the record" in str(err) and snapshot(m) == before
    play(m, 1, "6-5", 0)
    err = raises(DominoError, end, m, [10, 0], out=1)
    assert "seat 0 (P0) holds 6 tiles, so at least 11 pips, not 10" in str(err)
    assert snapshot(m) != before and end(m, [11, 0], out=1)["hand"] == [0, 11]
    # ...but a hand the record played out is checked against it: blocked, nobody went out.
    m = match("block", 2)
    play(m, 0, "6-6")
    m.apply({"k": "pass", "p": 1})
    m.apply({"k": "pass", "p": 0})
    assert m.hand.blocked
    before = snapshot(m)
    err = raises(DominoError, end, m, [0, 10], out=1)
    assert "blocked, nobody went out" in str(err) and snapshot(m) == before


def test_an_end_is_a_whole_number_not_true():
    m = match("draw", 2)
    play(m, 0, "6-6")
    before = snapshot(m)
    err = raises(DominoError, play, m, 1, "6-5", True)
    assert "end True" in str(err) and "0..1" in str(err) and snapshot(m) == before
    play(m, 1, "6-5", 1)


def test_standings_mark_a_hand_the_table_ended_as_declared():
    m = match("draw", 2)
    m.hand.counts = [7, 1]
    play(m, 0, "6-6")
    end(m, [12, 0], out=1)  # Ben's last tile not entered: the table ended the hand
    m.hand.counts = [7, 1]
    play(m, 0, "5-5")
    play(m, 1, "5-4", 0)  # Ben's last tile: the record itself ended the hand
    end(m, [12, 0])
    hands = m.standings()["hands"]
    assert hands[0]["declared"] is True and "declared" not in hands[1]
