"""A hand kept on a score pad (``Match.way`` "pad"): only what scores is entered, points as
they happen in the game's unit (``Game.points_unit``: fives in Muggins) where plays score at all
(``Game.way`` "tracked" says the layout scores), and the tallies at the hand's end. Loaded
instead of the table (scoreboard.screens.table) while hands are kept this way (docs/ui.md).
"""

from scoreboard import text, words
from scoreboard.numbers import NumberEntry, number_key
from scoreboard.screens.common import attempt, bar_key, side_name, standings_rows
from scoreboard.ui import COLS, Screen, center, fit, row, short, title


class Pad(Screen):
    """The standings in bold digits and one action bar: "<player> went out" and "Blocked,
    <player> won" where the hand's result is entered itself (``results``), "<player> scores"
    (where plays score), *End the hand*, *Track the tiles*, *Menu*. OK on a player opens his
    points, in the game's unit: UP/DOWN change them, OK adds them, BACK leaves them."""

    def __init__(self, app):
        m = app.match
        acts: list = []
        if m.game.way == "tracked":  # the layout scores in this game: points as they happen
            acts = [("pts", p) for p in range(len(m.players))]
        outs, blocked = results(m)
        front = outs + acts
        if front:
            self.actions = front + [("track", None), ("menu", None), ("hand", None)] + blocked
        else:
            self.actions = [("hand", None), ("track", None), ("menu", None)] + blocked
        self.cursor = 0
        self.points = None  # (player, NumberEntry of his points) while they are entered
        self.note = ""

    def label(self, app, act):
        kind, p = act
        if kind == "pts":
            return words.SCORES % app.match.players[p]
        if kind == "won":
            name = app.match.players[p[0]]
            return (words.BLOCKED_WON if p[1] else words.WENT_OUT) % name
        return {
            "hand": words.END_HAND,
            "track": words.TRACK,
            "menu": words.MENU,
        }[kind]

    def draw(self, app, fb):
        m = app.match
        title(fb, words.SCORE_PAD, words.HAND % (m.hand.number + 1))
        standings_rows(fb, m, 1, 4)
        if self.points is None:
            row(fb, 6, self.note)
            bar = self.label(app, self.actions[self.cursor])
            row(fb, 7, "<" + center(fit(bar, COLS - 2), COLS - 2) + ">", True)
            return
        p, num = self.points
        pts = "+%d" % num.value
        name = short(side_name(m, m.side_of[p]), (124 - text.big_width(pts)) // text.W)
        text.draw(fb, name, 0, 45)  # rows 5-6, below the standings
        text.draw_big(fb, pts, 128 - text.big_width(pts), 43)
        row(fb, 7, center(words.PAD_KEYS), True)

    def key(self, app, key, repeat):
        m = app.match
        if self.points is not None:
            p, num = self.points
            if number_key(app, num, key, repeat):
                return
            if key == "ok":
                n = num.value
                if attempt(app, {"k": "pts", "p": p, "n": n}) is not None:
                    self.note = "%s +%d" % (m.players[p], n)
                    if m.over:
                        app.home()
            if key in ("ok", "back"):
                self.points = None
            return
        if bar_key(app, self, key) or key != "ok":
            return
        kind, p = self.actions[self.cursor]
        if kind == "pts":
            u = m.game.points_unit
            self.points = (p, NumberEntry(u, u, 1000 // u * u, u))
        elif kind == "hand" and not m.game.scores_hand_end:
            hand_over(app)  # nothing held scores (Italian): nothing to ask, the hand ends
        elif kind == "hand":
            app.open("EndHand")
        elif kind == "won":
            app.open("HandResult", p)
        elif kind == "track":
            if attempt(app, {"k": "way", "way": "tracked"}) is not None:
                app.home()
        else:
            app.open("MatchMenu")


def results(m):
    """The hand's result as paper writes it, where the core declares it (``Game.result_entry``):
    one action a winner, "<player> went out" from the bar's start (DOWN), "Blocked, <player>
    won" from its end (UP), so the likeliest are the fewest presses away and OK on one goes
    straight to his points. → (went-out actions, blocked actions: the bar's last)."""
    hand = m.hand
    seats = range(len(m.players)) if hand.out is None else [hand.out]
    outs = [("won", (p, False)) for p in seats] if m.game.result_entry(hand, False) else []
    blocked = []
    if hand.out is None and m.game.result_entry(hand, True):
        blocked = [("won", (p, True)) for p in reversed(seats)]
    return outs, blocked


def hand_over(app):
    """End a hand whose end scores nothing (``Game.scores_hand_end`` False: Italian, where only
    exact totals score during play): who went out changes nothing, so nothing is asked and the
    pad goes on to the next hand (a result screen of zeros would only ask for an OK)."""
    m = app.match
    n = m.hand.number + 1
    if attempt(app, {"k": "end"}) is not None:
        app.home()
        if not m.over:
            app.flash(words.HAND_OVER % n)
