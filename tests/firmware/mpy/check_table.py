# The table screen driven by presses on the simulated board (the whole app, its own process:
# the app needs the Pico-sized heap to itself). Run by tests/firmware/test_table.py through
# tests/mpy_run.py.

import sys

sys.path.append("tests/firmware/mpy")

import app_driver as d  # noqa: E402

STORAGE = "/tmp/scoreboard-sim-table"

# A Muggins hand (a random table's, seed 4115) whose last tile goes out on a count: Ben lays
# 3-2 on U, leaving L5 R3 U3 D4 = 15.
MUGGINS_HAND = [
    ("6-6", None), ("6-1", 2), ("6-0", 3), ("4-0", 3), ("6-5", 0), ("2-1", 2), ("5-0", 0),
    ("0-0", 0), ("3-0", 0), ("6-4", 1), ("2-2", 2), "claim", ("4-3", 1), "draw", ("5-3", 0),
]  # fmt: skip


def _operator(tag):
    import gc
    import os

    gc.collect()  # each check starts on a clean heap
    path = STORAGE + "-" + tag
    try:
        for f in os.listdir(path):
            os.remove(path + "/" + f)
    except OSError:
        pass
    return d.Operator(path, seed=3)


def _record(op, ev):
    """Set the table up: events recorded as the screens would (not the presses under test)."""
    app = op.app
    app.record(ev)
    app.home()
    op.tap("DOWN")
    op.tap("UP")  # the cursor where it was: the table refreshed


def _muggins_before_the_last_tile(op):
    op.new_match("muggins", 2, names=None)
    m = op.match()
    for step in MUGGINS_HAND:
        p = 0 if m.hand.turn is None else m.hand.turn  # Ana holds the 6-6 and leads
        if step == "claim":
            ev = {"k": "claim", "p": m.hand.pending[0]}
        elif step == "draw":
            ev = {"k": "draw", "p": p, "n": 1}
        else:
            ev = {"k": "play", "p": p, "t": step[0]}
            if step[1] is not None:
                ev["e"] = step[1]
        op.app.record(ev)
    ben = m.side_of[1]
    op.app.record({"k": "pts", "p": 1, "n": 70 - m.totals[ben]})  # Ben on 70, as at the table
    op.app.home()
    return m


def _lay(op, t, e):
    """Lay tile t on end e by presses, the way a scorer does: its quick entry, else the end's
    list."""
    s = op.screen
    s.refresh(op.app)
    for i, a in enumerate(s.actions):
        if a == ("quick", (t, e)):
            return op.choose(i)
    op.choose(s.actions.index(("end", e)))
    op.pick(t)


def test_the_last_tile_scores_its_count_in_muggins():
    # Ben lays his last tile and the ends make 15 (L5 R3 U3 D4): the booklet gives him the
    # 15 before the hand is tallied, 70 -> 85. The box went to the tally with no claim (70).
    op = _operator("last")
    m = _muggins_before_the_last_tile(op)
    assert m.totals[m.side_of[1]] == 70
    _lay(op, (3, 2), 2)
    assert m.hand.out == 1 or m.records, "the hand is not over"
    assert m.log[len(m.log) - 1] == {"k": "claim", "p": 1}, m.log[len(m.log) - 1]
    assert m.totals[m.side_of[1]] == 85, m.totals
    assert d.kind(op.screen) == "Tally"
    assert op.app.errors == 0


def _after_undo(op):
    """A table with a message showing: a play, then UNDO (the message stays 3 s)."""
    op.new_match("block", 2)
    m = op.match()
    op.app.record({"k": "play", "p": m.hand.turn or 0, "t": "6-6"})
    op.app.record({"k": "play", "p": m.hand.turn, "t": "6-5", "e": 0})
    op.app.home()
    op.tap("UNDO")
    assert op.app.message is not None and op.app.message[0].startswith("Undone")
    return m


def test_a_key_during_a_message_acts_as_well():
    # After UNDO the message shows for 3 s; the key pressed then dismisses it and does what it
    # does on the screen beneath: DOWN moves the cursor, OK lays the tile on it.
    op = _operator("msg")
    m = _after_undo(op)
    before = op.screen.cursor
    op.tap("DOWN")
    assert op.app.message is None
    assert op.screen.cursor == before + 1, (before, op.screen.cursor)
    op.tap("UNDO")  # another message ...
    n = len(m.log)
    op.screen.cursor = 0
    first = op.screen.actions[0]
    op.tap("OK")  # ... and OK acts on the table beneath it
    assert op.app.message is None or not op.app.message[1], op.app.message
    assert len(m.log) > n or d.kind(op.screen) != "Table", (first, d.kind(op.screen))
    assert op.app.errors == 0
