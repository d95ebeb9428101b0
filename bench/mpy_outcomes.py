# The games scored from each hand's outcome, their hands entered on the device's real screens
# (scoreboard.screens.entry) by presses through the simulated board, every way the game
# declares (Game.entries), each way in a match of its own: the first as the entry opens, the
# others chosen under the match menu's End the hand (BACK, the menu, the way: counted). Run
# by bench/hands_bench.py.
#
#   micropython bench/mpy_outcomes.py HANDS_JSON STORAGE
#
# HANDS_JSON: bench/outcome_hands.py's hands. Numbers are set on the device's own NumberEntry
# and reported with where it started, so the host prices them per input (bench/number_presses.py);
# players are chosen by presses and reported, the keypad naming a player by his digit. Prints
# one JSON line: a list of {"game", "way", "presses", "numbers", "players", "same"} a hand.

import json
import sys

sys.path[:0] = ["firmware", "build/mpy-lib", "harness"]

import mpy_app_driver as d  # noqa: E402  # pyright: ignore[reportMissingImports]
import mpy_games_driver as g  # noqa: E402  # pyright: ignore[reportMissingImports]
import mpy_press_paths as pp  # noqa: E402  # pyright: ignore[reportMissingImports]

from scoreboard import words  # noqa: E402


class Counted(g.Scorer):
    """The scorer, who reports each number and player he enters."""

    def __init__(self, storage):
        g.Scorer.__init__(self, storage, seed=3)
        self.numbers = []
        self.players = []

    def enter_step(self, s, st, v):
        if st.kind == "player":
            before = self.presses
            self.choose(v)
            self.players.append([v, len(st.values), self.presses - before])
        elif st.kind == "number":
            e = st.number
            self.numbers.append([v, e.lo, e.hi, e.value, e.unit])
            e.value = v  # priced per input by the host, from where the entry started
            st.rest = None
            self.tap("OK")
        else:
            g.Scorer.enter_step(self, s, st, v)


def play(storage, game, way):
    pp.clean(storage)
    op = Counted(storage)
    app = op.app
    out = []
    for hand in game["hands"]:
        m = app.match
        if m is None or m.over:  # Double Takes: the game's rounds are over, the next game
            app.new_match(game["setup"])
            app.home()
        op.numbers, op.players = [], []
        before = op.presses
        if way:  # BACK on the entry's first step, End the hand, the way
            op.tap("BACK")
            op.choose_label(words.END_HAND)
            op.choose(way)
        records = len(app.match.records)
        op.entry_hand(hand["ways"][way])
        if len(app.match.records) != records + 1 or not d.shows(op.screen, "Result"):
            raise g.Stuck("%s way %d: not scored (%r)" % (game["game"], way, app.message))
        out.append({"game": game["game"], "way": game["ways"][way],
                    "presses": op.presses - before, "numbers": op.numbers,
                    "players": op.players,
                    "same": app.match.records[-1].points() == hand["tally"]})  # fmt: skip
        op.tap("OK")  # the result: on to the next hand
    return out


def main():
    games = json.load(open(sys.argv[1]))
    storage = sys.argv[2]
    results = []
    for game in games:
        for way in range(len(game["ways"])):
            results += play("%s/%s-%d" % (storage, game["game"], way), game, way)
    print(json.dumps(results))


main()
