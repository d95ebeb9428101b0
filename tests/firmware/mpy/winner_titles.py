# The Winner screen of every game the device offers, under tests/firmware/mpy/text_fit.py: the
# game's title and the winner's name are drawn whole (the title was cut to 8 characters,
# "Sebastop", and the name to 12), whatever their length. Each game's match is started with the
# app's own new_match, then declared over with chosen totals (a test shortcut: the whole
# matches by presses are app_match.py's). Prints RESULT JSON: "cut_words" lists each game and
# text that no drawn string holds whole.
#
#   micropython tests/firmware/mpy/text_fit.py tests/firmware/mpy/winner_titles.py STORAGE

import sys

sys.path[:0] = ["firmware", "build/mpy-lib", "tests/firmware/mpy", "harness"]

from scoreboard import text  # noqa: E402  # before any screen module binds its draw

drawn = []
_draw = text.draw


def draw(fb, s, x, y, c=1, scale=1):
    drawn.append(s)
    return _draw(fb, s, x, y, c, scale)


text.draw = draw

import mpy_app_driver as d  # noqa: E402

from domino import DominoError, registry  # noqa: E402

storage = sys.argv[1]
# the longest name the core takes (16 characters, one word), accents, a partnership's
NAMES = ["Maximilianstraße", "María José", "Jürgen", "François", "Tío", "Ana", "Ben", "Cai"]

op = d.Operator(storage, seed=1)
app = op.app
r = {"cut_words": [], "games": 0, "screens": []}
for key, title in registry.titles():
    cls = registry.game_class(key)
    lo, hi = cls.players
    for n, winner in ((min(hi, 6), 0), (lo, 1), (lo, None)):  # None: a tie
        setup = {"game": key, "players": NAMES[:n]}
        try:
            app.new_match(setup)
        except DominoError:
            setup["teams"] = [[0, 2], [1, 3]]
            app.new_match(setup)
        m = app.match
        k = len(m.sides)
        m.totals = [5 + s for s in range(k)]
        if winner is not None:
            m.totals[winner] = 0
            m.totals[(winner + 1) % k] = 999  # the winner is one of the two, by the game's rule
        else:
            m.totals = [7] * k
        m.over = True
        app.home()
        del drawn[:]
        app.redraw()
        r["screens"].append([key, d.kind(app.screen)])
        wins = m.winners()
        names = [d.kind(app.screen) == "Winner" and title]
        if len(wins) == 1:  # each of the winners' names, partners too
            names += [m.players[p] for p in m.sides[wins[0]]]
        for want in names:
            if not want or not any(want in s for s in drawn):
                r["cut_words"].append([key, want, list(drawn)])
        r["games"] += 1
r["screens"] = sorted(set(s[1] for s in r["screens"]))
r["errors"] = app.errors
d.emit(r)
