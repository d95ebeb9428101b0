"""What a hand scored, per side, and the totals; the winner when the match is over. Shown after
a tally or a game's outcome entry (scoreboard.screens.tally, scoreboard.screens.entry), and
for a finished match (scoreboard.screens.home).
"""

from scoreboard import words
from scoreboard.display import big_text, text_width
from scoreboard.screens.common import hidden, side_name
from scoreboard.text import draw
from scoreboard.ui import COLS, Screen, center, rjust, row, short, spread, title, wrap


def result(app, r, fix=None):
    """The screen for a hand just scored (``r``: what ``app.record`` returned): its points and
    the totals, or only that it scored while the standings are secret (Peruvian); the round
    before the last announces them (the ``secret`` option)."""
    m = app.match
    if hidden(m):
        return HiddenResult(r)
    if m.game.opts.get("secret") and m.rounds and len(m.records) == m.rounds - 1:
        app.flash(words.ANNOUNCED)
    return Result(r, fix)


class Result(Screen):
    """What the hand scored, per side, and the totals; OK goes on."""

    def __init__(self, result, fix=None):
        self.hand = result.get("hand", [])
        self.totals = result.get("totals", [])
        self.fix = fix

    def draw(self, app, fb):
        m = app.match
        number = len(m.records) if self.fix is None else self.fix + 1
        title(fb, (words.FIXED_HAND if self.fix is not None else words.HAND_SCORED) % number)
        n = len(self.hand)
        for s in range(min(n, 6)):
            tail = rjust("%+d" % self.hand[s], 5) + rjust("%d" % self.totals[s], 6)
            row(fb, 1 + s, spread(side_name(m, s), tail))
        row(fb, 7, words.OK_NEXT if not m.over else words.OK_WINNER, True)

    def key(self, app, key, repeat):
        if key in ("ok", "back"):
            app.home()


class Winner(Screen):
    """The match is over: the winner in big letters, the final totals. DOWN shows the
    match's history (UNDO still takes the last hand back)."""

    def draw(self, app, fb):
        m = app.match
        wins = m.winners()
        text = words.TIE
        if len(wins) == 1:  # partners by their whole names: "Ana & Ben", not "Ana+Ben"
            text = words.AND.join([m.players[p] for p in m.sides[wins[0]]])
        game = words.game(m.game.key, m.game.title)
        y = 12  # the name's top: below the title row, above the totals on rows 4-6
        if len(game) < COLS - len(words.WINNER):  # "Winner!", a space, the game's title whole
            title(fb, words.WINNER, game)
        else:  # "Cardinal Mexican Train": whole on a row of its own, the name below it
            title(fb, words.WINNER)
            row(fb, 1, center(game))
            y = 16
        if text_width(text, 2) <= 128:  # in big letters when it fits, else whole in small
            big_text(fb, text, (128 - text_width(text, 2)) // 2, y, 2)
        else:
            lines = wrap(text, COLS, 2)
            for i, line in enumerate(lines):
                draw(fb, line, (128 - text_width(line)) // 2, y + 8 - 4 * len(lines) + 8 * i)
        n = len(m.sides)
        for s in range(min(n, 6)):
            x = (s % 2) * 64
            r = 4 + s // 2
            score = "%d" % m.totals[s]
            name = short(side_name(m, s), COLS // 2 - 3 - len(score))
            draw(fb, spread(name, score, COLS // 2 - 1), x, r * 8)
        row(fb, 7, words.WINNER_KEYS, True)

    def key(self, app, key, repeat):
        if key == "ok" or key == "back":
            app.park()  # the start menu, with the finished match on flash to resume
        elif key in ("down", "up"):  # every hand of the finished match; BACK returns here
            app.open("History")


class HiddenResult(Screen):
    """The hand is scored; the totals stay secret (Peruvian)."""

    def __init__(self, r):
        self.r = r

    def draw(self, app, fb):
        m = app.match
        title(fb, words.HAND_SCORED % len(m.records))
        row(fb, 2, words.HIDDEN)
        row(fb, 3, words.UNTIL_ROUND % (m.rounds or 0))
        row(fb, 7, words.OK_NEXT, True)

    def key(self, app, key, repeat):
        if key in ("ok", "back"):
            app.home()
