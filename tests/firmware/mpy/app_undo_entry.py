# UNDO of a hand's end in the outcome games brings their entry back filled in as it was
# entered (the tally games' tally does the same: app_navigation.py), by presses only on the
# simulated board. Prints RESULT JSON; writes golden text screens to OUT ("-": none).
#
#   micropython tests/firmware/mpy/app_undo_entry.py STORAGE OUT

import sys

sys.path[:0] = ["firmware", "build/mpy-lib", "tests/firmware/mpy", "harness"]

import mpy_app_driver as d  # noqa: E402
import mpy_games_driver as g  # noqa: E402

storage, out = sys.argv[1], sys.argv[2]
out = None if out == "-" else out

TEXAS = {"bidder": 1, "bid": 34, "trump": "sixes", "tricks": [2, 5],
         "counts": [["6-4"], ["5-5", "5-0", "3-2", "4-1"]]}  # fmt: skip
GAMES = [
    ("texas", 4, {}, TEXAS),
    ("texas", 4, {"points_entry": True}, {"bidder": 2, "bid": 30, "trump": "doubles",
                                          "made": [33, 9]}),
    ("doubletakes", 4, {}, {"tricks": [5, 4, 4, 4], "doubles": [3, 2, 1, 2]}),
    ("highfives", 3, {}, {"points": [21, 30, 19], "pieces": [24, 20, 18]}),
    ("thatsit", 2, {}, {"winner": 1, "melds": [["2-12", "2-13", "2-14"],
                                                ["4-4", "5-5", "6-6", "9-9"]]}),
    ("poker", 3, {}, {"hands": [["6-6", "5-5", "4-4", "2-3", "2-1"], [],
                                ["6-1", "6-3", "6-4", "6-5", "6-2"]]}),
]  # fmt: skip


def shown(op):
    """The entry on the screen: its step and the event its values make."""
    s = op.screen
    if not d.shows(s, "Entry"):
        return [d.kind(s), None, None]
    from scoreboard.screens.entry import values  # loaded: the entry is on show

    return [d.kind(s), s.at, values(s.steps)]


op = g.Scorer(storage, seed=5)
games = []
for key, players, opts, ev in GAMES:
    if d.kind(op.screen) in ("Winner", "Result"):
        op.tap("OK")
    op.new_match(key, players, opts=opts)
    op.entry_hand(ev)
    m = op.match()
    entered = m.log[-1]
    got = {"game": key, "opts": opts, "entered": entered, "before": d.kind(op.screen)}
    op.tap("UNDO")  # on the hand's result
    got["undone"] = shown(op)
    got["records"] = len(op.match().records)
    if key == "texas" and not opts:
        op.tap("OK")
        op.tap("OK")
        op.tap("OK")  # bidder, bid, trump as entered: on to the tricks
        g.snap_text(op, out, "games-entry-texas-undone")
        # the entry comes back to correct one value: OK through the rest scores it again
        while d.shows(op.screen, "Entry"):
            op.tap("OK")
        got["rescored"] = [d.kind(op.screen), op.match().log[-1]]
        op.tap("OK")  # the next hand's entry, empty ...
        got["next_hand"] = shown(op)
        op.tap("UNDO")  # ... and UNDO there brings the last hand's entry back too
        got["undone_from_next"] = shown(op)
    games.append(got)
r = {"games": games, "errors": op.app.errors}
d.emit(r)
