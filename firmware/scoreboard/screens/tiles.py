"""Picking one tile from a long list in a few predictable presses (docs/ui.md, Entering a
play): an end's tiles or a lead's, in pip order with the cursor on the likeliest; a long list
a group of GROUP first; a free lead by its high half first; who leads, when the tiles decide.

Loaded when the scorer opens an end or a lead (scoreboard.screens.table); the tile chosen
drops it again (``Tiles.choose``): the table itself needs none of it in the heap.
"""

from domino.tiles import name
from scoreboard import lifetimes, plays, views, words
from scoreboard.screens.moves import play
from scoreboard.ui import Menu
from scoreboard.views.base import end_open

LEAD_LIST = 7  # longer lists of leads are chosen by the high half first


class Tiles(Menu):
    """The tiles that fit one end (the lead: every tile that may open), in pip order with the
    cursor on the likeliest; OK lays the chosen one (a turned joker with the half it leaves
    open)."""

    def __init__(self, app, end, choices, player=None, cursor=0):
        m = app.match
        self.end = end
        self.choices = choices
        self.player = m.hand.turn if player is None else player
        where = words.LEAD if end is None else "%s %d" % (views.end_label(m, end), end_open(m, end))
        Menu.__init__(
            self, "%s: %s" % (where, m.players[self.player]), [c.label for c in choices], cursor
        )

    def choose(self, app, index):
        app.pop()
        lifetimes.unload("scoreboard.screens.tiles")  # the list is closed: its code leaves
        c = self.choices[index]
        play(app, self.player, c.tile, self.end, c.o)


class Leader(Menu):
    """Who lays the first tile (when the tiles decide, e.g. the highest double): then the
    tile, or ``tile`` itself when the keypad named it first. Digit k names the k-th seat."""

    def __init__(self, app, tile=None):
        self.tile = tile
        Menu.__init__(self, words.WHO_LEADS, list(app.match.players))

    def key(self, app, key, repeat):
        i = ord(key) - 49 if len(key) == 1 else -1  # "1": the first seat
        if 0 <= i < len(self.items):
            self.choose(app, i)
        else:
            Menu.key(self, app, key, repeat)

    def choose(self, app, index):
        if self.tile is None:
            app.replace(lead_screen(app, index))
            return
        app.pop()
        play(app, index, self.tile, None)


def lead_screen(app, player):
    """The tiles ``player`` may lead: a short list at once, a long one (any tile may open)
    first by its high half, then the tiles with that half. Both in pip order, the cursor on
    the likeliest lead (the highest double)."""
    cs = plays.lead_tiles(app.match, player)  # likeliest first
    doubles = 0
    for c in cs:
        doubles += c.tile[0] == c.tile[1]
    if len(cs) > LEAD_LIST and doubles < len(cs):  # only doubles: one tile a half, no halves
        return HighHalf(app, player, cs)
    return pick(app, None, cs, player, in_pip_order(cs))


def in_pip_order(cs):
    """Sort choices (likeliest first) into pip order; return where the likeliest went."""
    best = cs[0].tile if cs else None
    cs.sort(key=plays.pip_order)
    for i in range(len(cs)):
        if cs[i].tile == best:
            return i
    return 0


class HighHalf(Menu):
    """The lead, step one: the high half of the tile ("5-" for 5-0 ... 5-5), in pip order; for
    a big set (more than LONG halves) first a group of GROUP halves ("9- .. 11-")."""

    def __init__(self, app, player, choices, halves=None):
        self.player = player
        self.choices = choices
        best = choices[0].tile[0]
        if halves is None:
            halves = sorted(set([c.tile[0] for c in choices]))
        self.halves = halves
        self.grouped = len(halves) > LONG
        items = []
        if self.grouped:
            for i in range(0, len(halves), GROUP):
                last = halves[min(i + GROUP, len(halves)) - 1]
                items.append(
                    "%d- .. %d-" % (halves[i], last) if last != halves[i] else "%d-" % last
                )
        else:
            for h in halves:
                n = 0
                for c in choices:
                    n += c.tile[0] == h
                items.append("%d-  (%d)" % (h, n))
        cursor = self.index_of(best) if best in halves else 0
        Menu.__init__(self, words.LEAD_BY % app.match.players[player], items, cursor)

    def index_of(self, h):
        """The item that leads to high half h."""
        i = self.halves.index(h)
        return i // GROUP if self.grouped else i

    def choose(self, app, index):
        if self.grouped:
            part = self.halves[index * GROUP : index * GROUP + GROUP]
            app.replace(HighHalf(app, self.player, self.choices, part))
            return
        h = self.halves[index]
        cs = [c for c in self.choices if c.tile[0] == h]
        at = in_pip_order(cs)
        app.replace(pick(app, None, cs, self.player, at))


LONG = 9  # a longer list is chosen a group first: 10+ plain costs up to 6 presses, grouped 5
GROUP = 3  # tiles (or a lead's high halves) in a group


def pick(app, end, choices, player, cursor):
    """The screen that picks one of ``choices`` (pip order; ``cursor`` on the likeliest): the
    list itself, or for a long one its groups of GROUP first, so no tile is more than a few
    presses away (a list of n costs up to n / 2 moves, groups n / (2 * GROUP) + 2)."""
    if len(choices) <= LONG:
        return Tiles(app, end, choices, player, cursor)
    return Groups(app, end, choices, player, cursor)


class Groups(Menu):
    """A long list of tiles in pip order, GROUP at a time: "9-0 .. 9-2", "9-3 .. 9-5", …"""

    def __init__(self, app, end, choices, player, cursor):
        self.end = end
        self.choices = choices
        self.player = player
        self.best = cursor
        items = []
        for i in range(0, len(choices), GROUP):
            last = choices[min(i + GROUP, len(choices)) - 1]
            first = choices[i]
            items.append(
                "%s .. %s" % (name(first.tile), name(last.tile))
                if last is not first
                else first.label
            )
        m = app.match
        where = words.LEAD if end is None else views.end_label(m, end)
        Menu.__init__(self, "%s: %s" % (where, m.players[player]), items, cursor // GROUP)

    def choose(self, app, index):
        first = index * GROUP
        part = self.choices[first : first + GROUP]
        at = self.best - first if first <= self.best < first + GROUP else 0
        app.replace(Tiles(app, self.end, part, self.player, at))
