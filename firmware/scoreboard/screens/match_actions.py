"""What the table may do with a stored match from *Matches*: open it, abandon it, delete it.

Abandoning keeps every event and records one more, the note ``domino.events.ABANDONED``: the
host holds the match whole after its next sync and then frees the flash of it. Deleting removes
it now (events the host has not synced are lost). Both are asked twice, naming the match, the
cursor on "No"; the match on the table leaves it first (docs/storage.md, "Unfinished matches").
"""

from domino.events import ABANDONED
from scoreboard import words
from scoreboard.ui import Menu, row

# what each action's screens say, by their names in scoreboard.words: the menu's word, the
# verb, what it does, what it did and what it failed to do
WHAT = {
    "abandon": ("ABANDON", "ABANDON_VERB", "KEPT_TILL_SYNC", "ABANDONED", "NOT_ABANDONED"),
    "delete": ("DELETE", "DELETE_VERB", "GONE", "DELETED", "NOT_DELETED"),
}


class MatchActions(Menu):
    """One stored match: Open, Abandon, Delete; its row from Matches at the bottom."""

    def __init__(self, app, mid, name):
        self.mid = mid
        self.name = name
        Menu.__init__(self, words.MATCH + mid, [words.OPEN_IT, words.ABANDON, words.DELETE])

    def draw(self, app, fb):
        Menu.draw(self, app, fb)
        row(fb, 6, self.name)
        if mid_on_table(app, self.mid):
            row(fb, 7, words.ON_TABLE_NOW)

    def choose(self, app, index):
        if index == 0:
            try:
                app.open_match(self.mid)
            except Exception as e:
                app.flash(words.CANNOT_OPEN % (self.mid, words.error(e)), True)
            return
        app.push(Confirm(self, "abandon" if index == 1 else "delete", 1))


class Confirm(Menu):
    """Asked twice: "Abandon m0003?" then "Really abandon m0003?"; "No" first."""

    def __init__(self, match, action, asked):
        self.match = match
        self.action = action
        self.asked = asked
        said = WHAT[action]
        verb = getattr(words, said[1])
        heading = (words.ASK_ONCE if asked == 1 else words.ASK_TWICE) % (
            getattr(words, said[0]) if asked == 1 else verb,
            match.mid,
        )
        Menu.__init__(self, heading, [words.NO_KEEP, words.YES_DO % verb])

    def draw(self, app, fb):
        Menu.draw(self, app, fb)
        row(fb, 5, self.match.name)
        row(fb, 6, getattr(words, WHAT[self.action][2]))

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
        text = getattr(words, WHAT[action][3]) % mid
        error = False
    except Exception as e:  # the flash refused: nothing changed but the table
        text = getattr(words, WHAT[action][4]) % (mid, e)
        error = True
    app.home()  # the screens below may have shown the match
    app.open("Matches")
    app.flash(text, error)
