"""What the table may do with a stored match from *Matches*: open it, abandon it, delete it.

Abandoning keeps every event and records one more, the note ``domino.events.ABANDONED``: the
host holds the match whole after its next sync and then frees the flash of it. Deleting removes
it now (events the host has not synced are lost). Both are asked twice, naming the match, the
cursor on "No"; the match on the table leaves it first (docs/storage.md, "Unfinished matches").
"""

from domino.events import ABANDONED
from scoreboard.ui import Menu, row

WHAT = {
    "abandon": ("Abandon", "kept till synced"),
    "delete": ("Delete", "gone from the box"),
}


class MatchActions(Menu):
    """One stored match: Open, Abandon, Delete; its row from Matches at the bottom."""

    def __init__(self, app, mid, name):
        self.mid = mid
        self.name = name
        Menu.__init__(self, "Match " + mid, ["Open", "Abandon", "Delete"])

    def draw(self, app, fb):
        Menu.draw(self, app, fb)
        row(fb, 6, self.name)
        if mid_on_table(app, self.mid):
            row(fb, 7, "on the table now")

    def choose(self, app, index):
        if index == 0:
            try:
                app.open_match(self.mid)
            except Exception as e:
                app.flash("cannot open %s: %s" % (self.mid, e), True)
            return
        app.push(Confirm(self, "abandon" if index == 1 else "delete", 1))


class Confirm(Menu):
    """Asked twice: "Abandon m0003?" then "Really abandon m0003?"; "No" first."""

    def __init__(self, match, action, asked):
        self.match = match
        self.action = action
        self.asked = asked
        verb = WHAT[action][0]
        heading = ("%s %s?" if asked == 1 else "Really %s %s?") % (
            verb if asked == 1 else verb.lower(),
            match.mid,
        )
        Menu.__init__(self, heading, ["No", "Yes, " + verb.lower() + " it"])

    def draw(self, app, fb):
        Menu.draw(self, app, fb)
        row(fb, 5, self.match.name)
        row(fb, 6, WHAT[self.action][1])

    def choose(self, app, index):
        if index == 0:
            app.pop()  # back to the match's actions
        elif self.asked == 1:
            app.replace(Confirm(self.match, self.action, 2))
        else:
            done(app, self.match.mid, self.action)


def mid_on_table(app, mid):
    return app.match_id == mid


def done(app, mid, action):
    """Abandon or delete ``mid``; the match on the table leaves it first. Then the list again."""
    if mid_on_table(app, mid):
        if app.match is not None:
            app.match.log.release()  # its sequential reader's file
        app.match = None
        app.match_id = None
        app.voids = []
        app.set_current("")
    try:
        if action == "delete":
            app.store.delete(mid)
        else:
            app.store.append(mid, ABANDONED)
        text = "%s %s" % (mid, "deleted" if action == "delete" else "abandoned")
        error = False
    except Exception as e:  # the flash refused: nothing changed but the table
        text = "%s not %s: %s" % (mid, "abandoned" if action == "abandon" else "deleted", e)
        error = True
    app.home()  # the screens below may have shown the match
    app.open("Matches")
    app.flash(text, error)
