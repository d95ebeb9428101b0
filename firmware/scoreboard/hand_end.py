"""The screens of a hand's end: the tally of what is left, what the hand scored, the winner.

Loaded when a hand ends (screens.home) and dropped while the next one is played (App.home):
during a hand the heap keeps only the table's screens.
"""

from domino.tiles import hand_pips, set_pips
from scoreboard.display import big_text
from scoreboard.screens import attempt, match_menu, side_name
from scoreboard.ui import NumberEntry, Screen, fit, row, title


class Tally(Screen):
    """Hand end: each player's remaining pips (UP/DOWN, hold to speed up; OK next).

    Games that need to know who holds a double in a blocked hand (Bergen) ask that too.
    ``fix``: the number of an earlier hand whose tally is being corrected.
    """

    def __init__(self, app, out=None, manual=False, fix=None):
        m = app.match
        self.fix = fix
        if fix is not None:
            rec = m.records[fix]
            hand = rec.hand
            self.out = rec.out
            blocked = rec.out is None
            end = (
                m.log[rec.end] if isinstance(rec.end, int) else rec.end
            )  # a log index in newer cores
            old = end.get("left") if end else None
        else:
            hand = m.hand
            self.out = hand.out if hand.out is not None else out
            blocked = self.out is None
            old = None
        self.manual = manual and hand.out is None
        self.limit = set_pips(m.game.top) - hand_pips(hand.seen)
        doubles = blocked and m.game.tally_doubles
        self.fields = []  # [player, "pips"|"double", NumberEntry]
        for p in range(len(m.players)):
            if p == self.out:
                continue
            value, dbl = 0, 0
            entry = old[p] if old else None
            if isinstance(entry, int):
                value = entry
            elif isinstance(entry, dict):
                value = entry.get("p", 0)
                dbl = 1 if entry.get("d") else 0
            elif isinstance(entry, list):
                value = sum(int(a) + int(b) for a, b in [t.split("-") for t in entry])
            self.fields.append([p, "pips", NumberEntry(value, 0, self.limit)])
            if doubles:
                self.fields.append([p, "double", NumberEntry(dbl, 0, 1)])
        self.cursor = 0
        self.top = 0

    def draw(self, app, fb):
        m = app.match
        hand_no = (self.fix if self.fix is not None else m.hand.number) + 1
        head = "Fix hand %d" % hand_no if self.fix is not None else "Hand %d: pips" % hand_no
        title(fb, head)
        if self.out is not None:
            row(fb, 1, "%s out" % m.players[self.out])
        else:
            row(fb, 1, "blocked")
        rows = len(self.fields) + 1
        visible = 5
        if self.cursor < self.top:
            self.top = self.cursor
        elif self.cursor >= self.top + visible:
            self.top = self.cursor - visible + 1
        for i in range(self.top, min(rows, self.top + visible)):
            r = 2 + i - self.top
            if i == len(self.fields):
                row(fb, r, "Score the hand", i == self.cursor)
                continue
            p, kind, num = self.fields[i]
            if kind == "pips":
                text = "%-10s%6d" % (fit(m.players[p], 10), num.value)
            else:
                text = "  double? %s" % ("yes" if num.value else "no")
            row(fb, r, fit(text), i == self.cursor)
        row(fb, 7, "UP/DN pips OK next")

    def key(self, app, key, repeat):
        if self.cursor < len(self.fields):
            if self.fields[self.cursor][2].key(key, repeat):
                return
            if key == "ok":
                self.cursor += 1
                return
        elif key in ("up", "down"):
            self.cursor = (self.cursor - 1) if key == "up" else 0
            return
        elif key == "ok":
            self.submit(app)
            return
        if key == "back":
            if self.cursor:
                self.cursor -= 1
            elif self.fix is not None or self.manual:
                app.pop()
            else:
                app.push(match_menu(app))
        elif key == "ok_long":
            self.submit(app)

    def left(self, app):
        m = app.match
        left: list = [0] * len(m.players)
        dbl = {}
        for p, kind, num in self.fields:
            if kind == "pips":
                left[p] = num.value
            else:
                dbl[p] = num.value
        for p in dbl:
            left[p] = {"p": left[p], "d": dbl[p]}
        return left

    def event(self, app):
        """The hand's end as an event: ``end``, or ``fix`` for a hand already scored."""
        ev = {"k": "end", "left": self.left(app)}
        if self.fix is not None:
            ev = {"k": "fix", "h": self.fix, "left": ev["left"]}
        elif self.manual and self.out is not None:
            ev["out"] = self.out
        return ev

    def submit(self, app):
        r = attempt(app, self.event(app))
        if r is not None:
            self.scored(app, r)

    def scored(self, app, r):
        del app.screens[:]  # the result alone: OK on it loads the next hand's table (App.home)
        app.push(Result(r, self.fix))


class Result(Screen):
    """What the hand scored, per side, and the totals; OK goes on."""

    def __init__(self, result, fix=None):
        self.hand = result.get("hand", [])
        self.totals = result.get("totals", [])
        self.fix = fix

    def draw(self, app, fb):
        m = app.match
        number = len(m.records) if self.fix is None else self.fix + 1
        title(fb, ("Fixed hand %d" if self.fix is not None else "Hand %d scored") % number)
        n = len(self.hand)
        for s in range(min(n, 6)):
            name = fit(side_name(m, s), 7)
            row(fb, 1 + s, "%-7s%4s%5d" % (name, "%+d" % self.hand[s], self.totals[s]))
        row(fb, 7, "OK: next hand" if not m.over else "OK: the winner", True)

    def key(self, app, key, repeat):
        if key in ("ok", "back"):
            app.home()


class Winner(Screen):
    """The match is over: the winner in big letters, the final totals."""

    def draw(self, app, fb):
        m = app.match
        wins = m.winners()
        text = side_name(m, wins[0]) if len(wins) == 1 else "Tie"
        title(fb, "Winner!", m.game.title[:8])
        big_text(fb, text[:8], (128 - 16 * len(text[:8])) // 2, 12, 2)
        n = len(m.sides)
        for s in range(min(n, 6)):
            x = (s % 2) * 64
            r = 4 + s // 2
            fb.text("%s %d" % (fit(side_name(m, s), 4), m.totals[s]), x, r * 8, 1)
        row(fb, 7, "OK menu UNDO back", True)

    def key(self, app, key, repeat):
        if key == "ok" or key == "back":
            app.park()  # the start menu, with the finished match on flash to resume
