# The match menu's End the hand in the games scored from the outcome (Texas, Double Takes,
# High Fives, That's It!, Poker) opens the game's own entry (Game.entry), or first the ways it
# declares (Game.entries), where the hand is then scored; it offered "Blocked / X went out" and
# a pips tally the core always refused.
# Prints a RESULT line (JSON) for tests/firmware/test_games_ui.py.
#
#   micropython tests/firmware/mpy/app_end_outcome.py STORAGE

import sys

sys.path[:0] = ["firmware", "build/mpy-lib", "tests/firmware/mpy", "harness"]

import mpy_app_driver as d  # noqa: E402
import mpy_games_driver as g  # noqa: E402

from domino.outcome import entry_of  # noqa: E402

HANDS = [
    ("texas", 4, {"bidder": 1, "bid": 30, "trump": "doubles", "tricks": [2, 5],
                  "counts": [["6-4"], ["5-5", "5-0", "3-2", "4-1"]]}),
    ("doubletakes", 4, {"tricks": [5, 4, 4, 4], "doubles": [3, 2, 1, 2]}),
    ("highfives", 3, {"points": [41, 30, 19], "pieces": [24, 30, 18]}),
    ("thatsit", 2, {"winner": 1, "melds": [["2-12", "2-13", "2-14"],
                                           ["4-4", "5-5", "6-6", "9-9"]]}),
    ("poker", 3, {"hands": [["6-6", "5-5", "4-4", "2-3", "2-1"], [],
                            ["6-1", "6-3", "6-4", "6-5", "6-2"]]}),
]  # fmt: skip

op = g.Scorer(sys.argv[1], seed=3)
games = {}
for key, players, ev in HANDS:
    if d.shows(op.screen, "Winner"):
        op.tap("OK")
    op.new_match(key, players)
    m = op.app.match
    op.tap("DOWN")  # something typed on the first step (Texas: Ben bids)
    op.tap("BACK")  # BACK on the entry's first step opens the match menu
    menu = d.kind(op.screen)
    op.choose_label("End the hand")
    s = op.screen
    shown = {"menu": menu, "events": len(m.log)}
    if d.shows(s, "EntryWays"):  # the game's ways (Game.entries): the hand's own one chosen
        shown["ways"] = list(s.items)
        shown["way_cursor"] = s.cursor  # the way of the entry below, the one it opened with
        op.choose(m.game.entries.index(entry_of(m.game, ev)))
        s = op.screen
    shown["screen"] = d.kind(s)
    if d.shows(s, "Entry"):
        shown["step"] = s.steps[s.at].key
        shown["first"] = s.at == 0
        shown["kept"] = s.steps[0].cursor  # what was typed before the menu
        op.tap("UP")
        op.entry_hand(ev)
        shown["scored"] = [r.points() for r in m.records]
        shown["after"] = d.kind(op.screen)
        op.app.home()
    else:
        shown["items"] = list(getattr(s, "items", []))
        op.app.home()  # leave the dead end for the next game
    games[key] = shown
d.emit({"games": games, "errors": op.app.errors})
