"""*Matches*: the matches on the device, a row each that tells them apart (its day, or its
number while no host has dated it, and every player). Loaded only while the list is shown:
the setup menus stay small (opened by name, ``app.open("Matches")``)."""

from domino import registry
from domino.events import loads
from scoreboard import words
from scoreboard.ui import COLS, Menu, row, short, spread


class Matches(Menu):
    """The matches on the device, newest first, each as its day (or its number while the day
    is unknown) and its players; the last row gives the number, game and how far the one
    under the cursor went. OK offers to open it where it was left, abandon or delete it
    (scoreboard.screens.match_actions)."""

    visible = 6  # row 7: the match under the cursor

    def __init__(self, app):
        self.ids = app.store.list()
        # the index: no match is read whole for its row
        firsts = app.store.first_lines(self.ids)
        self.ids.reverse()  # newest first
        titles = dict([(k, words.game(k, t)) for k, t in registry.titles()])
        known = app.store.boots()  # boots a host dated: their matches get their day
        self.games = []
        items = []
        for mid in self.ids:
            text, game = summary(firsts.get(mid), mid, titles, known)
            items.append(text)
            self.games.append(game)
        same = [i for i, text in enumerate(items) if items.count(text) > 1]
        for i in same:  # the same day and players: their numbers tell them apart
            items[i] = summary(firsts.get(self.ids[i]), self.ids[i], titles, known, True)[0]
        del firsts
        Menu.__init__(self, words.MATCHES, items or [words.NONE_STORED])

    def draw(self, app, fb):
        Menu.draw(self, app, fb)
        if self.ids:
            mid = self.ids[self.cursor]
            count = app.store.count(mid)
            tail = (words.EVENTS_LAST if mid == app.match_id else words.EVENTS_N) % count
            row(fb, 7, spread(number(mid) + " " + self.games[self.cursor], tail))

    def choose(self, app, index):
        if not self.ids:
            return
        from scoreboard.screens.match_actions import MatchActions

        app.push(MatchActions(app, self.ids[index], self.items[index]))


def number(mid):
    """A match's number as the table says it: "#12" for m0012."""
    return "#%d" % int(mid[1:]) if mid[:1] == "m" and mid[1:].isdigit() else mid


def day(setup, known):
    """ "MM-DD" the match started, from its setup's date or, failing that, from the clock a
    host gave its boot later (``known``: store_admin.boots); "" while unknown."""
    date = setup.get("date")
    if isinstance(date, str) and len(date) >= 10:
        return date[5:10]
    boot, up = setup.get("boot"), setup.get("up")
    if type(up) is int:
        for entry in known:
            if entry[0] == boot:
                import time

                return "%02d-%02d" % time.gmtime(entry[1] + up)[1:3]
    return ""


def players(names, width):
    """The names in ``width`` characters, all of them: whole if they fit, else each cut to
    the same length (scoreboard.ui.short), down to initials."""
    text = " ".join(names)
    longest = 0
    for name in names:
        longest = max(longest, len(name))
    w = longest
    while len(text) > width and w > 1:
        w -= 1
        text = " ".join([short(name, w) for name in names])
    return text


def summary(first, mid, titles, known=(), numbered=False):
    """A stored match in one row and its game's title: ("11-24 Ana Ben Cai", "Muggins"),
    with "#3" for the day while no host has dated it; every player named, fitted to the
    row. ``numbered``: "#3 11-24 Ana Ben Cai", for matches of the same day and players.
    From its setup line ``first`` (None: not readable)."""
    setup = None
    if first is not None:
        try:
            setup = loads(first)
        except Exception:
            setup = None
    if not isinstance(setup, dict):
        return mid + words.NO_SETUP, ""
    head = day(setup, known)
    head = number(mid) + " " + head if numbered and head else head or number(mid)
    names = setup.get("players")
    names = [n for n in names if isinstance(n, str)] if isinstance(names, list) else []
    return head + " " + players(names, COLS - len(head) - 1), titles.get(setup.get("game"), "?")
