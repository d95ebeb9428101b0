# Power loss mid-hand: play part of a match by presses, cut the power (a new board and app on
# the same flash), and check the table is exactly where it was. Prints RESULT JSON.
#
#   micropython tests/firmware/mpy/app_resume.py STORAGE

import sys

sys.path[:0] = ["firmware", "build/mpy-lib", "tests/firmware/mpy", "harness"]

import mpy_app_driver as d  # noqa: E402

storage = sys.argv[1]
op = d.Operator(storage, seed=9)
op.new_match("muggins", 3)
session = d.Session(op, seed=9)
table = d.Table(op.match(), 9)
session.play_hand(table, None)  # one whole hand
m = op.match()


def hand_of(match):
    """The hand in progress (a Stuck once the match is over)."""
    hand = match.hand
    if hand is None:
        raise d.Stuck("the match is over")
    return hand


table.deal()
# part of the next hand: stop after six moves
moves = 0
while moves < 6 and not hand_of(m).is_over():
    session.move(table)
    moves += 1
op.tap("UNDO")  # an undo and a redo are part of what must survive
op.tap("BACK")  # the menu ...
op.choose(4)  # ... Redo
before = m.standings()
before_screen = op.board.panel.text()
before_turn = hand_of(m).turn
before_ends = hand_of(m).layout.ends()

# Power cut: nothing is closed or flushed beyond what the app already did.
op2 = d.Operator(storage, seed=6)
m2 = op2.match()
op2.app.step(op2.board.ticks_ms())
d.emit(
    {
        "same_standings": m2.standings() == before,
        "same_turn": hand_of(m2).turn == before_turn,
        "same_ends": hand_of(m2).layout.ends() == before_ends,
        "screen": type(op2.app.screen).__name__,
        # whose turn, the ends and the standings (the top six of eight text rows) are on the glass
        # again; the bottom rows hold the last announcement and the action cursor
        "same_glass": op2.board.panel.text().split("\n")[:24] == before_screen.split("\n")[:24],
        "events": len(m2.log),
        "errors": op.app.errors + op2.app.errors,
        "standings": m2.standings(),
        "match_id": op2.app.match_id,
    }
)
