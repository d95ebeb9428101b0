"""The match menu and the screens reached from it: history and corrections, points and hand
ends entered by hand. Loaded only while one of them is shown (``App.home`` drops the module
when play goes on), so the hand-in-progress loop keeps none of this code in the heap.
"""

from scoreboard.screens import OWN, attempt
from scoreboard.ui import Menu, NumberEntry, Screen, fit, row, title


class Points(Screen):
    """Points entered by hand (points-only scoring): who, then how many."""

    def __init__(self, app):
        m = app.match
        self.player = m.hand.turn or 0
        self.number = NumberEntry(5, -1000, 1000)
        self.field = 0

    def draw(self, app, fb):
        m = app.match
        title(fb, "Enter points")
        row(fb, 2, "Who: " + m.players[self.player], self.field == 0)
        row(fb, 3, "Points: %+d" % self.number.value, self.field == 1)
        row(fb, 6, "OK next, BACK out")

    def key(self, app, key, repeat):
        m = app.match
        if self.field == 0 and key in ("up", "down"):
            self.player = (self.player + (1 if key == "down" else -1)) % len(m.players)
        elif self.field == 1 and self.number.key(key, repeat):
            pass
        elif key == "ok" and self.field == 0:
            self.field = 1
        elif key == "ok":
            if attempt(app, {"k": "pts", "p": self.player, "n": self.number.value}) is not None:
                app.home()
                app.flash("%s %+d" % (m.players[self.player], self.number.value))
        elif key == "back":
            if self.field:
                self.field = 0
            else:
                app.pop()


class EndHand(Menu):
    """End the hand by hand: blocked, or who went out; only what the record allows
    (``Match.may_block``, ``outs``: a followed hand keeps its counts), so no choice is refused
    after every tally was typed."""

    def __init__(self, app):
        m = app.match
        self.outs = ([None] if m.may_block() else []) + m.outs()
        items = ["Blocked" if o is None else "%s went out" % m.players[o] for o in self.outs]
        Menu.__init__(self, "End the hand", items or ["Not yet: enter the plays"])

    def choose(self, app, index):
        if index >= len(self.outs):
            app.pop()  # the record allows no end yet: back to the table
            return
        out = self.outs[index]
        if app.match.game.key in OWN:
            from scoreboard.hand_end import Tally

            app.replace(Tally(app, out=out, manual=True))
            return
        from scoreboard.screens_games import GameTally  # hidden standings stay hidden

        app.replace(GameTally(app, out=out, manual=True))


class History(Menu):
    """Every hand with its points; OK on a hand corrects its tally."""

    def __init__(self, app):
        m = app.match
        items = []
        for r in m.records:
            pts = r.points()
            items.append(fit("H%d %s" % (r.number + 1, " ".join(str(x) for x in pts))))
        if m.game.hidden_standings(m):  # Peruvian: secret until announced
            items = ["H%d hidden" % (r.number + 1) for r in m.records]
        if not items:
            items.append("no hands yet")
        Menu.__init__(self, "History", items, max(0, len(items) - 1))

    def choose(self, app, index):
        m = app.match
        if index >= len(m.records):
            return
        if m.records[index].end is None:
            app.flash("hand %d ended at the target: nothing to fix" % (index + 1), True)
            return
        if m.game.key not in OWN:
            from scoreboard import screens_games

            app.push(screens_games.fix(app, index))
            return
        from scoreboard.hand_end import Tally

        app.push(Tally(app, fix=index))


class MatchMenu(Menu):
    ITEMS = (
        "Back to table",
        "History",
        "Enter points",
        "End the hand",
        "Redo",
        "Settings",
        "New match",
        "Matches",
    )

    def __init__(self, app):
        Menu.__init__(self, "Menu", list(self.ITEMS))

    def choose(self, app, index):
        m = app.match
        if index == 0:
            app.pop()
        elif index == 1:
            app.replace(History(app))
        elif index == 2:
            if m.over or m.hand.is_over():
                app.flash("the hand is over", True)
            else:
                app.replace(Points(app))
        elif index == 3:
            if m.over or m.hand.is_over():
                app.flash("the hand is over", True)
            else:
                app.replace(EndHand(app))
        elif index == 4:
            app.undo("redo")
        else:  # the setup menus: the match leaves the heap first (App.park) for a new one
            if index == 6:
                app.park()
            from scoreboard import menus as setup

            if index == 5:
                app.replace(setup.Settings(app))
            elif index == 6:
                app.replace(setup.GameMenu(app))
            else:
                app.replace(setup.Matches(app))
