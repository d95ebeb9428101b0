"""The screens of a hand's end: the tally of what each player still holds, and the one OK of a
game whose hand's end scores nothing (``Game.scores_hand_end``: Italian).

Loaded when a hand ends (scoreboard.screens.home) and dropped while the next one is played
(App.home): during a hand the heap keeps only the table's screens.
"""

from domino.tiles import SET_SIZES, hand_pips, parse, set_pips
from scoreboard import words
from scoreboard.numbers import NumberEntry, number_key
from scoreboard.screens.common import attempt, hidden, on_to_the_pad, standings_rows
from scoreboard.screens.result import result
from scoreboard.ui import Screen, fit, row, spread, title

# How the tally asks each key of ``Game.tally_fields``: the row's label (the pips row names
# the player) and whether it is a yes/no question.
ASK = {"p": "", "n": "ASK_TILES", "d": "ASK_DOUBLE", "w": "ASK_NO_DOUBLES", "z": "ASK_DOUBLE_BLANK"}
YES_NO = ("d", "z")


def held(entry):
    """An earlier ``left`` entry (pips, tiles or the ``{"p": ...}`` form) as the form's keys."""
    if isinstance(entry, int):
        return {"p": entry}
    if isinstance(entry, dict):
        return entry
    if isinstance(entry, list):
        tiles = [parse(t) for t in entry]  # "6-4" as the device writes, [6, 4] as a file may
        return {
            "p": sum(a + b for a, b in tiles),
            "n": len(tiles),
            "d": 1 if [t for t in tiles if t[0] == t[1]] else 0,
            "w": sum(a + b for a, b in tiles if a != b),
            "z": 1 if (0, 0) in tiles else 0,
        }
    return {}


class Tally(Screen):
    """Hand end: what each player still holds, as the game asks it (``Game.tally_fields``):
    pips, and where the scoring needs them the tiles left, "double?", the pips without doubles
    (asked only of a player holding a double), "0-0?". UP/DOWN (hold to speed up), OK next.

    ``fix``: the number of an earlier hand whose tally is being corrected. ``last``: who
    laid the last tile, where the game asks it (``Game.asks_last``) and the record cannot say.
    ``manual``: the hand was ended from the menu. ``bar``: the player who barricaded (a house
    rule of several 003 games), named on the tally and in the event. ``declared``: an end the
    record does not allow, the table's word (the ``end`` event's ``declared``).
    """

    def __init__(self, app, out=None, manual=False, fix=None, bar=None, last=None, declared=False):
        m = app.match
        self.fix = fix
        self.last = last
        if fix is not None:
            rec = m.records[fix]
            hand = rec.hand
            self.out = rec.out
            end = (
                m.log[rec.end] if isinstance(rec.end, int) else rec.end
            )  # a log index in newer cores
            old = end.get("left") if end else None
            if end and last is None:
                self.last = end.get("last")  # a correction keeps who laid the last tile
            if end and bar is None:
                bar = end.get("bar")  # and who barricaded
        else:
            hand = m.hand
            self.out = hand.out if hand.out is not None else out
            old = None
        self.bar = bar
        self.manual = (manual or bar is not None) and hand.out is None
        self.limit = set_pips(m.game.top) - hand_pips(hand.seen)
        self.need = m.game.tally_fields(hand, self.out is None)
        most = {"p": self.limit, "n": SET_SIZES[m.game.top] - hand.played, "w": self.limit}
        # the range of each seat's pips and tiles: the core's (Match.end_bounds), from the
        # tiles still off the table; a correction keeps the plain limits
        bounds = m.end_bounds(self.out, declared) if fix is None else []
        self.fields = []  # [player, key of tally_fields, NumberEntry]
        for p in range(len(m.players)):
            if p == self.out:
                continue
            had = {"n": hand.counts[p]}  # the record's count: right when every play was entered
            if old:
                had.update(held(old[p]))
            lo_n = lo_p = 0
            hi_p, hi_n = most["p"], most["n"]
            if p < len(bounds):
                lo_n, hi_n, lo_p, hi_p = bounds[p]
            for key in self.need:
                lo, hi = (lo_p, hi_p) if key == "p" else (lo_n, hi_n) if key == "n" else (0, 1)
                if key == "w":
                    lo, hi = 0, hi_p
                value = max(lo, min(hi, int(had.get(key) or 0)))
                self.fields.append([p, key, NumberEntry(value, lo, hi)])
        self.cursor = 0  # on the rows shown (``rows``)
        self.top = 0
        self.declared = bool(declared)  # the table declares an end the record does not allow

    def refill(self, left) -> bool:
        """Put back the values of an undone hand end's ``left`` (one entry a player)."""
        for f in self.fields:
            if f[0] < len(left):
                v = held(left[f[0]]).get(f[1])
                if v is not None:
                    f[2].value = max(f[2].lo, min(f[2].hi, int(v)))
        return True

    def rows(self):
        """The fields shown: the pips without doubles only of a player who holds a double."""
        out = []
        said = {}
        for f in self.fields:
            if f[1] == "w" and not said.get(f[0]):
                continue
            if f[1] == "d":
                said[f[0]] = f[2].value
            out.append(f)
        return out

    def draw(self, app, fb):
        m = app.match
        hand_no = (self.fix if self.fix is not None else m.hand.number) + 1
        # simple Super Dominos asks the tiles alone
        asked = words.HAND_PIPS if "p" in self.need else words.HAND_TILES
        head = asked if self.need else words.HAND_OVER
        head = words.FIX_HAND % hand_no if self.fix is not None else head % hand_no
        title(fb, head)
        if self.bar is not None:
            row(fb, 1, fit(words.BARRICADED % m.players[self.bar]))
        elif self.out is not None:
            row(fb, 1, words.OUT % m.players[self.out])
        elif self.last is not None:
            row(fb, 1, fit(words.BLOCKED_LAST % m.players[self.last]))
        else:
            row(fb, 1, words.BLOCKED)
        self._lines = lines = self.lines(app)
        for i in range(len(lines)):
            row(fb, 2 + i, lines[i][0], lines[i][1])

    _lines = None  # rows 2-7 as last drawn: a digit typed repaints its row alone

    def draw_change(self, app, fb) -> bool:
        """Only the rows that changed: a digit, the cursor moving from one row to the next (a
        whole repaint took 28 ms on the Pico for 24 bytes that changed)."""
        shown = self._lines
        if shown is None:
            return False
        self._lines = lines = self.lines(app)
        for i in range(len(lines)):
            if i >= len(shown) or shown[i] != lines[i]:
                fb.fill_rect(0, 8 * (2 + i), 128, 8, 0)
                row(fb, 2 + i, lines[i][0], lines[i][1])
        for i in range(len(lines), len(shown)):
            fb.fill_rect(0, 8 * (2 + i), 128, 8, 0)
        return True

    def lines(self, app):
        """Rows 2-7: the fields in view (the list scrolls with the cursor), Score the hand,
        the help; each (text, inverted)."""
        m = app.match
        fields = self.rows()
        rows = len(fields) + 1
        visible = 5
        if self.cursor < self.top:
            self.top = self.cursor
        elif self.cursor >= self.top + visible:
            self.top = self.cursor - visible + 1
        out = []
        for i in range(self.top, min(rows, self.top + visible)):
            if i == len(fields):
                out.append((words.SCORE_HAND, i == self.cursor))
                continue
            p, key, num = fields[i]
            if key == self.need[0]:  # a seat's first row names him (pips, or tiles alone)
                text = spread(m.players[p], "%d" % num.value)
            elif key in YES_NO:
                text = "%s %s" % (getattr(words, ASK[key]), words.YES if num.value else words.NO)
            else:
                text = spread(getattr(words, ASK[key]) if ASK[key] else "", "%d" % num.value)
            out.append((fit(text), i == self.cursor))
        while len(out) < visible:
            out.append(("", False))
        out.append((words.TALLY_KEYS if fields else words.OK_SCORE, False))
        return out

    def key(self, app, key, repeat):
        fields = self.rows()
        if self.cursor < len(fields):
            if number_key(app, fields[self.cursor][2], key, repeat):
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
                app.open("MatchMenu")
        elif key == "ok_long":
            self.submit(app)

    def left(self, app):
        """The ``left`` of the end event: pips alone, or the ``{"p": ...}`` form."""
        m = app.match
        forms = [{} for _p in m.players]
        for p, key, num in self.rows():
            forms[p][key] = num.value
        if self.need == ("p",):
            return [f.get("p", 0) for f in forms]
        return [f if f else 0 for f in forms]  # the player out holds nothing

    def event(self, app):
        """The hand's end as an event: ``end``, or ``fix`` for a hand already scored."""
        ev = {"k": "end", "left": self.left(app)}
        if self.fix is not None:
            ev = {"k": "fix", "h": self.fix, "left": ev["left"]}
        if not self.need:  # nothing held changes the score (Italian, a Bergen domino)
            del ev["left"]
        if self.manual and self.out is not None:
            ev["out"] = self.out
        if self.last is not None:
            ev["last"] = self.last
        if self.declared and self.fix is None:
            ev["declared"] = 1
        if self.bar is not None:
            ev["bar"] = self.bar
        return ev

    def submit(self, app):
        r = attempt(app, self.event(app))
        if r is not None:
            self.scored(app, r)

    def scored(self, app, r):
        m = app.match
        if m.way == "pad" and self.fix is None and not hidden(m):
            on_to_the_pad(app, r)  # the pad shows the totals: no result screen to OK
            return
        del app.screens[:]  # the result alone: OK on it loads the next hand's table (App.home)
        app.push(result(app, r, self.fix))


class HandOver(Screen):
    """A hand's end that scores nothing (``Game.scores_hand_end`` False: Italian, where only
    exact totals score): who went out, the total, the standings; OK goes on to the next hand
    (a result of zeros after it would only ask for another OK)."""

    def draw(self, app, fb):
        m = app.match
        hand = m.hand
        title(fb, words.HAND_OVER % (hand.number + 1))
        if hand.out is not None:
            row(fb, 1, words.IS_OUT % m.players[hand.out])
        row(fb, 2, words.TOTAL % hand.layout.count())
        standings_rows(fb, m, 3, 3)
        row(fb, 7, words.OK_NEXT, True)

    def key(self, app, key, repeat):
        if key in ("ok", "ok_long"):
            if attempt(app, {"k": "end"}) is not None:
                app.home()
        elif key == "back":
            app.open("MatchMenu")
