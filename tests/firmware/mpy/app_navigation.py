# BACK goes back one screen; UNDO of a hand's end refills the tally; a finished match's
# history from its result; accented names on the table. By presses only, on the simulated
# board. Prints RESULT JSON; writes golden screens to OUT ("-": none).
#
#   micropython tests/firmware/mpy/app_navigation.py STORAGE OUT

import sys

sys.path[:0] = ["firmware", "build/mpy-lib", "tests/firmware/mpy", "harness"]

import mpy_app_driver as d  # noqa: E402

storage, out = sys.argv[1], sys.argv[2]
out = None if out == "-" else out
NAMES = ["María José", "Jürgen", "François", "Tío"]

op = d.Operator(storage, seed=3)
op.app.settings["names"] = list(NAMES)  # as the host's `names` command leaves them
r = {}


def now():
    return d.kind(op.screen)


# New match from the start menu: BACK from the rules form, then from the game list
op.choose_label("New match")
games = op.screen
muggins = games.keys.index("muggins")
op.choose(muggins)
r["form"] = now()
op.tap("BACK")
r["form_back"] = [now(), op.screen.cursor == muggins]
op.tap("BACK")
r["list_back"] = now()

op.new_match("muggins", 4, target=150, names=NAMES)
mid = op.app.match_id
r["words_dropped"] = "scoreboard.rule_words" not in sys.modules  # the form's words: setup only
op.snap(out, "names-table-start")
session = d.Session(op, seed=3)
table = d.Table(op.match(), 3)
session.play_hand(table, None)
m = op.match()
r["totals"] = list(m.totals)
op.snap(out, "names-table")

# UNDO of the hand's end brings the tally back as it was entered
end = m.log[-1]
op.tap("UNDO")
tally = op.screen
r["undo_screen"] = now()
r["refilled"] = [[f[0], f[1], f[2].value] for f in tally.fields]
r["entered"] = end.get("left")
op.snap(out, "undo-tally")
op.tap("UP")  # and a redo puts the hand's end back
op.tap("BACK")

# the match's menu: History, Settings and New match each come back to it
op.app.undo("redo")
r["redone"] = list(op.match().totals) == r["totals"]
op.tap("BACK")
r["menu"] = now()
op.choose_label("History")
r["history_rows"] = list(op.screen.items)
op.snap(out, "history-names")
op.tap("BACK")
r["history_back"] = now()
op.choose_label("Settings")
op.tap("BACK")
r["settings_back"] = now()
op.choose_label("New match")
r["new_from_menu"] = now()
op.choose(muggins)
op.tap("BACK")
r["form_back_from_menu"] = now()
op.tap("BACK")
r["list_back_from_menu"] = [now(), op.app.match_id == mid, op.app.match is not None]
op.tap("BACK")
r["menu_back"] = now()

# a finished match: its history from the winner's screen
session.intended = [None] * len(op.match().log)  # the undo and redo above count as entered
while not op.match().over:
    session.play_hand(table, None)
r["over"] = now()
op.snap(out, "names-winner")
op.tap("DOWN")
r["winner_history"] = [now(), len(op.screen.items) == len(op.match().records)]
op.tap("BACK")
r["winner_back"] = now()

# the stored matches: day, game and players, and how far the one under the cursor went
op.tap("OK")  # the start menu
op.choose_label("Matches")
r["matches"] = list(op.screen.items)
op.snap(out, "matches-list")
r["errors"] = op.app.errors
d.emit(r)
