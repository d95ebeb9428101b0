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
from scoreboard.ui import COLS, fit

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
    if m.game.key not in OWN:  # the issue-5 games: scoreboard.screens_games, loaded for them only
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
    """Sides and totals, two to a row (``rows`` rows from ``first_row``)."""
    n = len(m.sides)
    per_row = 1 if n <= rows else 2
    width = COLS // per_row
    for s in range(min(n, rows * per_row)):
        r = first_row + s // per_row
        x = (s % per_row) * width * 8
        label = fit(side_name(m, s), width - 4)
        pad = width - len(label) - (1 if per_row > 1 else 0)
        text = label + "%*d" % (pad, m.totals[s]) if pad > 0 else label
        fb.text(text, x, r * 8, 1)
