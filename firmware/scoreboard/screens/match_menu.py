"""The match menu and the screens reached from it: history and corrections, points and hand
ends entered by hand. Loaded only while one of them is shown (``App.home`` drops the module
when play goes on), so the hand-in-progress loop keeps none of this code in the heap.
"""

from scoreboard import words
from scoreboard.numbers import NumberEntry, number_key
from scoreboard.screens.common import attempt, hidden, on_to_the_pad, side_name
from scoreboard.ui import COLS, Menu, Screen, fit, row, short, title


class Points(Screen):
    """Points entered by hand (points-only scoring): who, then how many. ``last``: the row
    of the points (a screen built on this one asks more between)."""

    last = 1

    def __init__(self, app):
        m = app.match
        self.player = m.hand.turn or 0
        unit = m.game.points_unit  # Muggins' counts come in fives
        self.number = NumberEntry(unit, -1000, 1000, unit)
        self.field = 0

    def draw(self, app, fb):
        m = app.match
        title(fb, words.ENTER_POINTS)
        row(fb, 2, words.WHO + m.players[self.player], self.field == 0)
        row(fb, 3, words.POINTS_N % self.number.value, self.field == 1)
        row(fb, 6, words.POINTS_KEYS)

    def key(self, app, key, repeat):
        m = app.match
        if self.field == 0 and len(key) == 1:  # a digit (the keypad): on to the points
            self.field = self.last
        if self.field == 0 and key in ("up", "down"):
            self.player = (self.player + (1 if key == "down" else -1)) % len(m.players)
        elif self.field == self.last and number_key(app, self.number, key, repeat):
            pass
        elif key in ("up", "down"):
            self.change(key)
        elif key == "ok" and self.field < self.last:
            self.field = self.next_field()
        elif key == "ok":
            self.submit(app)
        elif key == "back":
            if self.field:
                self.field = 0
            else:
                app.pop()

    def change(self, key):
        """UP/DOWN on a row between who and the points."""

    def next_field(self):
        return self.field + 1

    def submit(self, app):
        m = app.match
        if attempt(app, {"k": "pts", "p": self.player, "n": self.number.value}) is not None:
            app.home()
            app.flash("%s %+d" % (m.players[self.player], self.number.value))


class HandResult(Points):
    """The hand's result as paper writes it (``Game.result_entry``): who scores and whether he
    went out or the hand blocked (``won``: chosen on the score pad's bar, the points first;
    BACK there goes to the list of both, UP/DOWN running through every player gone out, then
    every player winning a blocked hand), then how much; OK on
    the points sends ``{"k":"end","won":..,"n":..}``, bounded by the core as a tally is, and
    goes on to the next hand's pad, the points flashed over its totals: a result screen would
    show only what was just typed and ask for one more OK a hand."""

    last = 2

    def __init__(self, app, won=None):
        m = app.match
        hand = m.hand
        self.player = hand.out if hand.out is not None else (hand.turn or 0)
        self.ways = [w for w in (False, True) if m.game.result_entry(hand, w)]  # blocked?
        if hand.out is not None:
            self.ways = [False]
        self.blocked = self.ways[0]
        self.field = 0  # 0 who (and went out or blocked), 2 points
        if won is not None:  # chosen on the pad's bar: straight to his points
            self.player, self.blocked = won
            self.field = 2
        self.number = NumberEntry(0, 0, 1000, m.game.points_unit)
        self.least(m)

    def least(self, m):
        """The points start at the least the others can hold (``Match.result_least``: a tile
        each where tiles are scored), so a hand won by that much is one OK."""
        self.number.value = m.result_least(self.player, None if self.blocked else self.player)

    def draw(self, app, fb):
        m = app.match
        title(fb, words.RESULT_OF % (m.hand.number + 1))
        row(fb, 2, words.RESULT_WHO + m.players[self.player], self.field == 0)
        how = words.RESULT_BLOCKED if self.blocked else words.RESULT_OUT
        row(fb, 3, words.RESULT_HOW + how, self.field == 0 and len(self.ways) > 1)
        row(fb, 4, words.RESULT_SCORES % self.number.value, self.field == 2)
        row(fb, 6, words.RESULT_KEYS)

    def key(self, app, key, repeat):
        if self.field == 0 and key in ("up", "down") and len(self.ways) > 1:
            n = len(app.match.players)  # who and how in one list: an OK fewer a hand
            i = self.ways.index(self.blocked) * n + self.player + (1 if key == "down" else -1)
            i %= n * len(self.ways)
            self.player, self.blocked = i % n, self.ways[i // n]
            self.least(app.match)
            return
        Points.key(self, app, key, repeat)
        if self.field == 0:  # who changed (or BACK to him): the points start at his least
            self.least(app.match)

    def next_field(self):
        return 2

    def submit(self, app):
        m = app.match
        ev = {"k": "end", "won": self.player, "n": self.number.value}
        if not self.blocked and m.hand.out is None:
            ev["out"] = self.player
        r = attempt(app, ev)
        if r is None:
            return
        if hidden(m):  # standings kept secret: the result screen says only that it scored
            from scoreboard.screens.result import result

            del app.screens[:]
            app.push(result(app, r))
            return
        on_to_the_pad(app, r)


class EndHand(Menu):
    """End the hand by hand: who went out, or blocked. The ends the record allows come first
    (``Match.outs``, ``may_block``: a tracked hand keeps its counts); every other end follows,
    declared by the table (``declared``: the core bounds it as a score pad's), so the hand
    can always be ended and no choice is refused after every tally was typed. Where the game
    allows barricades (003, the house rule ``barricade``), "<player> barricaded" last, the
    table's word as well: on a score pad it is the only way to enter one."""

    def __init__(self, app):
        m = app.match
        ends = ([None] if m.may_block() else []) + m.outs()
        self.allowed = len(ends)
        for o in list(range(len(m.players))) + [None]:
            if o not in ends:
                ends.append(o)
        self.outs = ends
        items = [words.BLOCKED_END if o is None else words.WENT_OUT % m.players[o] for o in ends]
        if m.game.opts.get("barricade"):
            items += [words.BARRICADED % name for name in m.players]
        Menu.__init__(self, words.END_HAND, items)

    def choose(self, app, index):
        from scoreboard.screens.tally import Tally  # the hand's end: loaded for it

        if index >= len(self.outs):
            tally(app, Tally(app, None, True, bar=index - len(self.outs), declared=True))
            return
        out = self.outs[index]
        m = app.match
        if m.game.asks_last(m.hand, out, index >= self.allowed):
            app.replace(LastTile(app, index >= self.allowed))
            return
        tally(app, Tally(app, out, True, declared=index >= self.allowed))


class LastTile(Menu):
    """A hand ended that the record did not follow tile by tile, where the game scores who
    laid the last tile (``Game.asks_last``: Peruvian's blocked hand): the table says who,
    then the tally."""

    def __init__(self, app, declared=False):
        Menu.__init__(self, words.WHO_LAST, list(app.match.players))
        self.declared = declared

    def choose(self, app, index):
        from scoreboard.screens.tally import Tally  # the hand's end: loaded for it

        tally(app, Tally(app, None, True, last=index, declared=self.declared))


def tally(app, screen):
    """The tally of a hand ended by hand, or where it asks nothing (``Game.tally_fields``
    empty: a Bergen domino, Tiddle-a-Wink's pool) the hand scored at once: a tally of no rows
    would only ask for an OK."""
    if screen.fields:
        app.replace(screen)
    else:
        screen.submit(app)


def end_by_entry(app):
    """End the hand of a game scored from its outcome (Texas, Double Takes, ...): its own
    entry (``Game.entry``), never who went out and a tally of pips. Where the game declares
    more than one way (``Game.entries``: the points scored, or the tricks and count tiles),
    the ways to choose from; else back to the entry under the menu, what was typed in it
    kept, or a fresh one."""
    if len(app.match.game.entries) > 1:
        app.replace(EntryWays(app))
        return
    below = app.screens[-2] if len(app.screens) > 1 else None
    if below is not None and below.fresh_entry:
        app.pop()  # its first step: BACK there opened this menu
    else:
        app.home()


class EntryWays(Menu):
    """The ways the game declares a hand may be entered (``Game.entries``), the one the entry
    opens with first: OK starts the hand's entry that way."""

    def __init__(self, app):
        names = []
        for way in app.match.game.entries:
            label = words.say(way[0])
            names.append(label[:1].upper() + label[1:])
        below = self.entry_below(app)
        Menu.__init__(self, words.END_HAND, names, below.way if below else 0)

    @staticmethod
    def entry_below(app):
        """The hand's entry this menu was opened over (BACK on its first step), if any."""
        below = app.screens[-2] if len(app.screens) > 1 else None
        return below if getattr(below, "fresh_entry", False) else None

    def choose(self, app, index):
        from scoreboard.screens.entry import Entry, prefill, values

        below = self.entry_below(app)
        if below is not None and below.way == index:
            app.pop()  # back to it, what was typed kept
            return
        entry = Entry(app, way=index)
        if below is not None:  # what was typed there that this way asks too (Texas' bidder)
            prefill(entry.steps, values(below.steps))
            entry.enter()
        app.home()
        app.replace(entry)


def hand_row(m, r):
    """A past hand in one row: its number, and each side's points after the side's name, the
    names cut by characters so that every number shows."""
    pts = ["%d" % x for x in r.points()]
    head = words.HAND % (r.number + 1)
    n = max(1, len(pts))
    digits = sum(len(x) for x in pts)
    gap = " " if (COLS - len(head) - digits - 2 * n) // n >= 3 else ""  # "Ana 5", or "Ma5"
    k = max(1, (COLS - len(head) - digits - n * (1 + len(gap))) // n)
    out = head
    for s, x in enumerate(pts):
        out += " " + short(side_name(m, s), k) + gap + x
    return fit(out)


class HandRows:
    """History's rows, each made when it is drawn: a 150-hand match's rows were 150 strings
    and a list on the heap at once, beside the match itself."""

    def __init__(self, m):
        self.m = m

    def __len__(self):
        return max(1, len(self.m.records))

    def __getitem__(self, i):
        m = self.m
        n = len(m.records)
        if i < 0:
            i += max(1, n)
        if not 0 <= i < max(1, n):
            raise IndexError("row %d of %d" % (i, max(1, n)))
        if not n:
            return words.NO_HANDS
        if m.game.hidden_standings(m):  # Peruvian: secret until announced
            return words.HAND_HIDDEN % (i + 1)
        return hand_row(m, m.records[i])

    def __iter__(self):
        for i in range(len(self)):
            yield self[i]


class History(Menu):
    """Every hand with its points; OK on a hand corrects its tally."""

    def __init__(self, app):
        rows = HandRows(app.match)
        Menu.__init__(self, words.HISTORY, rows, len(rows) - 1)

    def choose(self, app, index):
        m = app.match
        if index >= len(m.records):
            return
        if m.records[index].end is None:
            app.flash(words.NOTHING_TO_FIX % (index + 1), True)
            return
        if m.game.entry is not None:  # scored from its outcome: its own entry, corrected
            from scoreboard.screens.entry import Entry

            app.push(Entry(app, fix=index))
            return
        from scoreboard.screens.tally import Tally  # the hand's end: loaded for it

        app.push(Tally(app, fix=index))


class MatchMenu(Menu):
    # the items' words (names in scoreboard.words), in the order ``choose`` takes them
    ITEMS = ("BACK_TO_TABLE", "HISTORY", "ENTER_POINTS", "END_HAND", "REDO", "SETTINGS",
             "NEW_MATCH", "MATCHES")  # fmt: skip

    def __init__(self, app):
        Menu.__init__(self, words.MENU, [getattr(words, w) for w in self.ITEMS])

    def choose(self, app, index):
        m = app.match
        if index == 0:
            app.pop()
        elif index == 1:
            app.push(History(app))  # BACK returns to this menu
        elif index == 2:
            if m.over or m.hand.is_over():
                app.flash(words.HAND_IS_OVER, True)
            else:
                app.replace(Points(app))
        elif index == 3:
            if m.over or m.hand.is_over():
                app.flash(words.HAND_IS_OVER, True)
            elif m.game.entry is not None:
                end_by_entry(app)
            else:
                app.replace(EndHand(app))
        elif index == 4:
            app.undo("redo")
        elif index == 5:
            app.open("Settings")  # BACK or Save returns to this menu
        elif index == 6:
            # the match leaves the heap first (App.park) for a new one: on the start menu
            # App.park left; BACK from the game list folds the match back, to this menu
            app.park()
            app.open("GameMenu", True)
        else:
            app.open("Matches")
