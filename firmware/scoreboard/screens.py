"""Which screen a match calls for, and what its screens share.

The screens themselves load with the part of the match they show: the table during a hand
(scoreboard.table), the tally, results and winner at its end (scoreboard.hand_end), the match
menu (scoreboard.match_menu), the other games' screens (scoreboard.screens_games); App.home drops
the ones the screen on show does not need. docs/ui.md shows each screen and the presses it
takes. Screens read the match and send events through ``app.record``; they never touch flash
or the display hardware themselves.
"""

from domino import DominoError
from scoreboard.app import StorageError
from scoreboard.ui import COLS, short, spread

# Games played on the table's screens (scoreboard.table); every other game's screens (outcome
# entry, layout extras) are in scoreboard.screens_games (docs/ui-games.md).
OWN = ("muggins", "allfives", "bergen", "bergen-schmidt", "draw", "block", "doble12", "mexican",
       "cardinal")  # fmt: skip


def home(app):
    """The screen the match's state calls for."""
    m = app.match
    if m is None:
        from scoreboard.menus import StartMenu

        return StartMenu(app)
    if m.over:
        from scoreboard.hand_end import Winner

        return Winner()
    if m.way == "pad" and m.game.entry is None and not m.hand.is_over():
        from scoreboard.pad import Pad  # a score pad: the table's code is not needed

        return Pad(app)
    if m.game.key not in OWN:  # the other games: scoreboard.screens_games, loaded for them only
        from scoreboard import screens_games

        return screens_games.home(app)
    if m.hand.is_over():
        from scoreboard.hand_end import Tally

        return Tally(app)
    from scoreboard.table import Table

    return Table()


def match_menu(app):
    """The match menu; its screens (scoreboard.match_menu) load only while one is shown."""
    from scoreboard.match_menu import MatchMenu

    return MatchMenu(app)


def bar_key(app, screen, key):
    """An action bar's keys (the table's, the score pad's): UP/DOWN move its wrapping cursor,
    BACK (or OK held) opens the match menu. True when ``key`` was one of them."""
    n = len(screen.actions)
    if key == "down":
        screen.cursor = (screen.cursor + 1) % n
    elif key == "up":
        screen.cursor = (screen.cursor - 1) % n
    elif key in ("back", "ok_long"):
        app.push(match_menu(app))
    else:
        return False
    return True


def attempt(app, ev):
    """Record ev; on a DominoError or a flash failure show why and return None."""
    try:
        return app.record(ev)
    except (DominoError, StorageError) as e:
        app.flash(str(e), True)
        return None


def side_name(m, s):
    members = m.sides[s]
    if len(members) == 1:
        return m.players[members[0]]
    return "+".join(m.players[p][:3] for p in members)


def standings_rows(fb, m, first_row, rows):
    """Sides and totals on ``rows`` text rows from ``first_row``: the totals in bold score
    digits, a side (or two) to each 16-pixel band when they fit; else in small text, two sides
    to a row. Names are cut by characters to leave the score whole."""
    from scoreboard import text

    n = len(m.sides)
    bands = rows // 2
    if n <= 2 * bands:
        per = 1 if n <= bands else 2
        width = 128 // per
        for s in range(n):
            y = (first_row + (s // per) * 2) * 8
            x = (s % per) * width
            score = "%d" % m.totals[s]
            right = x + width - (5 if per > 1 and s % per == 0 else 0)  # a gap between sides
            left = right - text.big_width(score)
            text.draw(fb, short(side_name(m, s), (left - x - 2) // text.W), x, y + 5)
            text.draw_big(fb, score, left, y + 3)
        return
    per_row = 2
    width = COLS // per_row
    for s in range(min(n, rows * per_row)):
        r = first_row + s // per_row
        x = (s % per_row) * (128 // per_row)
        score = "%d" % m.totals[s]
        name = short(side_name(m, s), width - 2 - len(score))
        text.draw(fb, spread(name, score, width - 1), x, r * 8)
