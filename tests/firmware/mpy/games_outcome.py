# The five outcome games (Texas, Double Takes, High Fives, That's It!, Poker), each a short
# match entered by button presses through the generic hand-end entry, each of its ways.
# Prints a RESULT line.
#
#   micropython tests/firmware/mpy/games_outcome.py STORAGE [OUT]

import sys

sys.path[:0] = ["firmware", "build/mpy-lib", "tests/firmware/mpy", "harness"]

import mpy_app_driver as d  # noqa: E402
import mpy_games_driver as g  # noqa: E402

from domino.outcome import entry_of  # noqa: E402
from scoreboard import words  # noqa: E402

storage = sys.argv[1]
out = sys.argv[2] if len(sys.argv) > 2 and sys.argv[2] != "-" else None

TEXAS = [
    {"bidder": 0, "bid": 31, "trump": "fives", "tricks": [4, 3],
     "counts": [["5-5", "6-4"], ["5-0", "3-2", "4-1"]]},
    {"bidder": 1, "bid": 30, "trump": "doubles", "tricks": [2, 5],
     "counts": [["6-4"], ["5-5", "5-0", "3-2", "4-1"]]},
]  # fmt: skip
# each hand in the way its fields name (Game.entries): what paper writes, the device's first
# way, and the tricks, melds or hands the box scores from, chosen under End the hand
GAMES = [
    ("texas", 4, {}, TEXAS + [{"bidder": 2, "points": [0, 61]}]),
    ("doubletakes", 4, {}, [
        {"tricks": [5, 4, 4, 4], "doubles": [3, 2, 1, 2]},
        {"points": [6, 7, 6, 6]},
    ]),
    ("highfives", 3, {}, [{"points": [41, 30, 19], "pieces": [24, 30, 18]}]),
    ("thatsit", 2, {}, [
        {"winner": 1, "melds": [["2-12", "2-13", "2-14"], ["4-4", "5-5", "6-6", "9-9"]]},
        {"winner": 0, "melds": [["10-0", "10-1", "10-2", "10-3"], ["3-3", "7-7", "11-11"]]},
        {"winner": 1, "points": 4},
    ]),
    ("poker", 3, {}, [
        {"hands": [["6-6", "5-5", "4-4", "2-3", "2-1"], [], ["6-1", "6-3", "6-4", "6-5", "6-2"]]},
        {"hands": [["5-1", "5-2", "5-3", "5-4", "6-5"], ["6-6", "5-5", "4-4", "3-3", "2-2"], []]},
        {"winner": 0},
    ]),
]  # fmt: skip


op = g.Scorer(storage, seed=3)
results = []
for key, players, opts, hands in GAMES:
    if d.shows(op.screen, "Winner"):
        op.tap("OK")  # the winner's OK opens the start menu
    op.new_match(key, players, opts=opts)
    app = op.app
    intended = []
    presses = []
    refused = None
    for i, ev in enumerate(hands):
        way = app.match.game.entries.index(entry_of(app.match.game, ev))
        if op.screen.way != way:  # the hand's own way: BACK, End the hand, the way
            op.tap("BACK")
            op.choose_label(words.END_HAND)
            op.choose(way)
        if key == "texas" and i == 1:
            # a refused entry first: 2 + 4 tricks is not a hand's 7; the core says so, the
            # cursor goes to the step it names, nothing is stored
            bad = dict(ev)
            bad["tricks"] = [2, 4]
            try:
                op.entry_hand(bad)
            except g.Stuck:
                pass
            s = op.screen
            refused = {
                "message": app.message[0] if app.message else None,
                "step": s.steps[s.at].label if d.shows(s, "Entry") else None,
                "events": len(app.match.log),
            }
            g.snap_text(op, out, "games-entry-refused")
            op.tap("BACK")  # dismiss the message; back to the step before the tricks
        if out and i == 0:
            s = op.screen
            for at, st in enumerate(s.steps):
                if st.kind == "halves":
                    s.at = at
                    s.enter()
                    st.tiles = [(12, 2), (13, 2)]
                    st.ab = [2, 14]
                    st.half = 1
                    g.snap_text(op, out, "games-entry-%s-halves" % key)
                    st.tiles = []
                    st.ab = [st.top, st.top]
                    s.at = 0
                    s.enter()
                    break
        shown = {}
        if out and i == 0:
            shown = {"player": 1, "choice": 1, "number": 1, "tiles": 1}
        before = op.presses
        s = op.screen
        if not d.shows(s, "Entry"):
            raise g.Stuck("expected the entry, got %r" % s)
        want = g.norm(ev)
        records = len(app.match.records)
        while d.shows(op.screen, "Entry") and len(app.match.records) == records:
            s = op.screen
            st = s.steps[s.at]
            if shown.get(st.kind) == 1 and key in ("texas", "poker"):
                g.snap_text(op, out, "games-entry-%s-%s" % (key, st.kind))
                shown[st.kind] = 0
            v = want[st.key]
            if st.index is not None:
                v = v[st.index]
            at = s.at
            op.enter_step(s, st, v)
            if app.message and app.message[1]:
                raise g.Stuck("refused: %s" % app.message[0])
            if op.screen is s and s.at == at and len(app.match.records) == records:
                raise g.Stuck("step %s did not move on" % st.label)
        presses.append(op.presses - before)
        stored = {"k": "end"}
        stored.update(want)
        intended.append(stored)
        if not d.shows(op.screen, "Result"):
            raise g.Stuck("expected the result, got %r (%r)" % (op.screen, app.message))
        if out and i == 0:
            g.snap_text(op, out, "games-%s-result" % key)
        op.tap("OK")
    results.append(
        {
            "game": key,
            "match_id": app.match_id,
            "standings": app.match.standings(),
            "intended": intended,
            "presses": presses,
            "refused": refused,
            "screen": type(op.screen).__name__,
        }
    )

d.emit({"games": results, "errors": op.app.errors})
