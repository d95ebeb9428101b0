"""What the screens of a match share: the action bar's keys, recording an event, the
standings' rows, a side's name. Loaded with the first screen of a match."""

from domino import DominoError
from scoreboard import words
from scoreboard.store import StorageError
from scoreboard.ui import COLS, short, spread


def bar_key(app, screen, key):
    """An action bar's keys (the table's, the score pad's): UP/DOWN move its wrapping cursor,
    BACK (or OK held) opens the match menu. True when ``key`` was one of them."""
    n = len(screen.actions)
    if key == "down":
        screen.cursor = (screen.cursor + 1) % n
    elif key == "up":
        screen.cursor = (screen.cursor - 1) % n
    elif key in ("back", "ok_long"):
        app.open("MatchMenu")
    else:
        return False
    return True


def attempt(app, ev):
    """Record ev; on a DominoError or a flash failure show why and return None."""
    try:
        return app.record(ev)
    except (DominoError, StorageError) as e:
        app.flash(words.error(e), True)
        return None


def on_to_the_pad(app, r):
    """A hand scored on a score pad (``r``: what ``app.record`` returned): on to the next
    hand's pad, each side's points of the hand flashed over its totals. A result screen
    would show the same and ask one more OK a hand; where the standings are secret
    (Peruvian) or a past hand was fixed, the result screen stays (scoreboard.screens.result)."""
    m = app.match
    del app.screens[:]
    app.home()
    if not m.over:
        pts = r.get("hand", ())
        said = ", ".join("%s %+d" % (side_name(m, s), x) for s, x in enumerate(pts) if x)
        app.flash(said or words.HAND_SCORED % len(m.records))


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


def hidden(m):
    """The standings are secret for now (Peruvian, until the game announces them)."""
    return m.game.hidden_standings(m)


def has_extras(g):
    """Whether game ``g`` adds to the table (scoreboard.screens.extras): draws owed outside a
    turn (``Game.owes_draws``: Block 003's tile, Super Dominos' 15, spell and direction), or ends
    that add up (a joker both ways round). A status alone (Mexican Train's trains, Italian's
    total) is its layout view's to show, at no cost to every play."""
    return g.base is not None or g.owes_draws
