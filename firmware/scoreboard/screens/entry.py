"""The hand-end entry of games scored from each hand's outcome (Texas, Double Takes, High Fives,
That's It!, Poker), built from the game's ``entry`` description (domino.game.Game.entry).

Nothing here knows a game: each field of ``game.entry`` becomes one step per value (a field
given per side or per player is one step for each), asked one at a time:

- player: the list of players, OK picks (a digit on the keypad picks the player it numbers);
- choice: the list of values, OK picks (hold UP/DOWN to run through a long list);
- number: numbers.NumberEntry (UP/DOWN a unit, held: ten at a time; digits on the keypad),
  starting where the field says the common value is (its ``start``, or its share of the
  field's ``total``); the last of a per-side list starts at what the others leave of the
  total (Texas' 42) until a key changes it;
- tiles from a small pool (up to 8 tiles): a checklist, OK ticks a tile, OK on Done goes on;
  the last step of a field starts with the pool's tiles nobody else was given ticked;
- tiles from a bigger pool or the whole set, and groups (melds): two halves, UP/DOWN sets
  the half under the cursor, OK goes to the other half, OK there adds the tile and offers the
  next one in sequence (2-13 after 2-12, 5-5 after 4-4); hold OK when the step has its tiles
  (it goes on by itself when the step is full); BACK takes the last tile off.

The last OK builds the ``end`` event (or the ``fix`` of an earlier hand) and records it; the
core checks it. A refusal shows the core's message and puts the cursor on the step it names.
BACK on the first step opens the match menu, whose *End the hand* lists the game's other
ways of entering a hand (``Game.entries``: the tricks and count tiles beside the points
scored). docs/ui-games.md shows the screens.
"""

from domino.outcome import end_event, entry_of
from domino.tiles import name, parse
from scoreboard import words
from scoreboard.display import big_text, text_width
from scoreboard.numbers import NumberEntry, number_key
from scoreboard.screens.common import attempt, side_name
from scoreboard.ui import COLS, Screen, center, fit, right, row, title, wrap

LIST_ROWS = 5  # rows 2..6 hold a list
CHECKLIST = 8  # pools up to this many tiles are a checklist; bigger ones the two-halves picker


class Step:
    """One value to ask: field ``key`` (and ``index`` in a per-side/per-player list or group)."""

    __slots__ = ("key", "kind", "index", "label", "values", "cursor", "number", "tiles", "lo",
                 "hi", "pool", "half", "ab", "top", "rest")  # fmt: skip

    def __init__(self, key, kind, index, label):
        self.key = key
        self.kind = kind  # "player", "choice", "number", "tiles" (checklist) or "halves"
        self.index = index  # None for a single value
        self.label = label
        self.values = []  # player names or choice values
        self.cursor = 0
        self.number = NumberEntry(0, 0, 0)
        self.tiles = []  # the tiles chosen, (high, low)
        self.lo = self.hi = 0
        self.pool = None  # type: list | None  # allowed tiles, or None for the whole set
        self.half = 0  # halves picker: the half under the cursor
        self.ab = [0, 0]
        self.top = 0  # highest pip allowed
        self.rest = None  # the field's usual total: this value starts at what others leave


def _who(m, per):
    if per == "side":
        return [side_name(m, s) for s in range(len(m.sides))]
    if per == "player":
        return list(m.players)
    return [None]


def build(m, fields):
    """The steps for ``fields``, in order."""
    steps = []
    top = m.game.top
    for f in fields:
        key, kind = f[0], f[1]
        label = words.say(key)
        label = label[:1].upper() + label[1:]
        if kind == "player":
            s = Step(key, "player", None, label)
            s.values = list(m.players)
            steps.append(s)
        elif kind == "choice":
            s = Step(key, "choice", None, label)
            s.values = list(f[2])
            steps.append(s)
        elif kind == "number":
            who = _who(m, f[2])
            total = f[5] if len(f) > 5 else None
            start = f[6] if len(f) > 6 else None
            if start is None:
                start = f[3] if total is None else min(max(total // len(who), f[3]), f[4])
            for i, w in enumerate(who):
                s = Step(key, "number", None if f[2] == "one" else i, label)
                if w:
                    s.label = fit("%s %s" % (label, w))
                s.number = NumberEntry(start, f[3], f[4])
                if i and i == len(who) - 1:
                    s.rest = total
                steps.append(s)
        elif kind in ("tiles", "groups"):
            if kind == "tiles":
                per, lo, hi, pool = f[2], f[3], f[4], f[5]
                who = _who(m, per)
            else:
                per, lo, hi, pool = "group", f[3], f[4], None
                who = [words.N_OF % (i + 1, f[2]) for i in range(f[2])]
            tiles = None if pool is None else [parse(x) for x in pool]
            for i, w in enumerate(who):
                small = tiles is not None and len(tiles) <= CHECKLIST
                s = Step(key, "tiles" if small else "halves", None if per == "one" else i, label)
                if w:
                    s.label = fit("%s %s" % (label, w))
                s.lo, s.hi, s.pool = lo, hi, tiles
                s.top = max(t[0] for t in tiles) if tiles else top
                s.ab = [s.top, s.top]
                steps.append(s)
    return steps


def values(steps):
    """The event's fields from the steps' values."""
    ev = {}
    for s in steps:
        if s.kind in ("player", "choice"):
            v = s.cursor if s.kind == "player" else s.values[s.cursor]
        elif s.kind == "number":
            v = s.number.value
        else:
            v = [name(t) for t in s.tiles]
        if s.index is None:
            ev[s.key] = v
        else:
            ev.setdefault(s.key, []).append(v)
    return ev


def prefill(steps, ev):
    """Put an earlier event's values (a correction, or an undone entry) in the steps."""
    for s in steps:
        v = ev.get(s.key)
        if s.index is not None:
            v = v[s.index] if isinstance(v, list) and s.index < len(v) else None
        if v is None:
            continue
        try:
            if s.kind == "player":
                s.cursor = v if 0 <= v < len(s.values) else 0
            elif s.kind == "choice":
                s.cursor = s.values.index(v) if v in s.values else 0
            elif s.kind == "number":
                s.number.value = min(max(v, s.number.lo), s.number.hi)
                s.rest = None
            else:
                s.tiles = [parse(x) for x in v]
        except (TypeError, ValueError):
            pass  # an odd old value: the step keeps its default


class Entry(Screen):
    """The hand's outcome, one step at a time; the last OK scores the hand.

    ``fix``: the number of an earlier hand whose entry is being corrected; ``way``: which of
    the game's ``entries`` (default: the one a corrected or undone hand was entered by, else
    the first, the fewest presses)."""

    def __init__(self, app, fix=None, way=None):
        m = app.match
        self.fix = fix
        self.fresh_entry = fix is None
        old = None
        if fix is not None:
            old = end_event(m, m.records[fix])
        elif len(m.undone):
            old = m.log[m.undone.last()]  # an entry just undone comes back to be corrected
            if old.get("k") != "end":
                old = None
        ways = m.game.entries
        if way is None:
            way = ways.index(entry_of(m.game, old)) if old else 0
        self.way = way
        self.steps = build(m, ways[way][1])
        self.at = 0
        self.top = 0  # first list row shown
        if old and way == ways.index(entry_of(m.game, old)):
            prefill(self.steps, old)
        self.enter()

    # --- moving between steps -------------------------------------------------------------

    def enter(self):
        """Arriving at a step: a checklist's last step ticks what nobody else was given."""
        s = self.steps[self.at]
        self.top = 0
        if s.kind == "tiles":
            s.cursor = 0
            if not s.tiles and s.index is not None and self._last_of_field(s):
                rest = [t for t in s.pool if t not in self._taken(s)]
                if len(rest) <= s.hi:
                    s.tiles = rest
        elif s.kind == "halves":
            s.half = 1 if s.tiles else 0
        elif s.rest is not None:  # what the others leave of the field's usual total
            v = s.rest - sum(o.number.value for o in self.steps if o.key == s.key and o is not s)
            if s.number.lo <= v <= s.number.hi:
                s.number.value = v

    def _last_of_field(self, s):
        nxt = self.at + 1
        return nxt == len(self.steps) or self.steps[nxt].key != s.key

    def _taken(self, s):
        """Tiles named in the other steps of the same field (a tile is named once a field)."""
        out = []
        for o in self.steps:
            if o is not s and o.key == s.key and o.tiles:
                out += o.tiles
        return out

    def next(self, app):
        if self.at + 1 < len(self.steps):
            self.at += 1
            self.enter()
        else:
            self.submit(app)

    def back(self, app):
        if self.at:
            self.at -= 1
            self.top = 0
        elif self.fix is not None:
            app.pop()
        else:
            app.open("MatchMenu")

    # --- keys -----------------------------------------------------------------------------

    def key(self, app, key, repeat):
        s = self.steps[self.at]
        if key == "back" and not (s.kind == "halves" and (s.half or s.tiles)):
            self.back(app)
        elif s.kind in ("player", "choice"):
            n = len(s.values)
            if s.kind == "player" and len(key) == 1 and "1" <= key <= "9":
                if int(key) <= n:  # the keypad: the player by his number
                    s.cursor = int(key) - 1
                    self.next(app)
            elif key in ("up", "down"):
                s.cursor = (s.cursor + (1 if key == "down" else -1)) % n
            elif key in ("ok", "ok_long"):
                self.next(app)
        elif s.kind == "number":
            if number_key(app, s.number, key, repeat):
                s.rest = None  # the scorer's own value from here on
            elif key in ("ok", "ok_long"):
                self.next(app)
        elif s.kind == "tiles":
            self.checklist_key(app, s, key)
        else:
            self.halves_key(app, s, key)

    def checklist_key(self, app, s, key):
        items = self.checklist(s)
        n = len(items) + 1  # row 0 is Done
        if key in ("up", "down"):
            s.cursor = (s.cursor + (1 if key == "down" else -1)) % n
        elif key == "ok_long" or (key == "ok" and s.cursor == 0):
            self.next(app)
        elif key == "ok":
            t = items[s.cursor - 1]
            if t in s.tiles:
                s.tiles.remove(t)
            elif len(s.tiles) >= s.hi:
                app.flash(words.AT_MOST % (s.label, s.hi), True)
            else:
                s.tiles.append(t)

    def checklist(self, s):
        taken = self._taken(s)
        return [t for t in s.pool if t not in taken]

    def halves_key(self, app, s, key):
        if key in ("up", "down"):
            lo = min(t[1] for t in s.pool) if s.pool else 0
            span = s.top - lo + 1
            v = s.ab[s.half] + (1 if key == "up" else -1)
            s.ab[s.half] = lo + (v - lo) % span
        elif key == "back":
            if s.half:
                s.half = 0
            else:
                s.tiles.pop()
                if s.tiles:
                    s.half = 1
        elif key == "ok_long":
            if len(s.tiles) < s.lo:
                app.flash(words.AT_LEAST % (s.label, s.lo), True)
            else:
                self.next(app)
        elif key == "ok" and s.half == 0:
            s.half = 1
        elif key == "ok":
            self.add(app, s)

    def add(self, app, s):
        a, b = s.ab
        t = (a, b) if a >= b else (b, a)
        if s.pool is not None and t not in s.pool:
            app.flash(words.NOT_FIELDS % name(t), True)
            return
        if t in s.tiles or t in self._taken(s):
            app.flash(words.NAMED % name(t), True)
            return
        s.tiles.append(t)
        # the next tile offered: the next double after a double, else the same first half
        # with the next number (melds run in sequence)
        if a == b:
            d = a + 1 if a < s.top else a - 1
            s.ab = [d, d]
        else:
            s.ab = [a, min(b + 1, s.top)]
        if len(s.tiles) >= s.hi:
            self.next(app)

    # --- scoring --------------------------------------------------------------------------

    def event(self):
        ev = {"k": "end"}
        if self.fix is not None:
            ev = {"k": "fix", "h": self.fix}
        ev.update(values(self.steps))
        return ev

    def submit(self, app):
        r = attempt(app, self.event())
        if r is None:
            self.point_at(app)
            return
        from scoreboard.screens.result import Result

        if self.fix is not None:
            app.pop()
        else:
            app.home()
        app.push(Result(r, self.fix))

    def point_at(self, app):
        """Put the cursor on the step the core's message names ("tricks [4, 4]: ...",
        "counts[1]: ...")."""
        msg = app.message[0] if app.message else ""
        word = msg.split(" ")[0].split(":")[0]
        key, index = word, None
        if "[" in word and word[-1] == "]":
            key = word[: word.index("[")]
            try:
                index = int(word[word.index("[") + 1 : -1])
            except ValueError:
                index = None
        for i, s in enumerate(self.steps):
            if s.key == key and (index is None or s.index == index):
                self.at = i
                self.enter()
                return

    # --- drawing --------------------------------------------------------------------------

    def draw(self, app, fb):
        m = app.match
        s = self.steps[self.at]
        if self.fix is not None:
            head = words.FIX_HAND % (self.fix + 1)
        else:
            head = words.HAND_NO % (m.hand.number + 1)
        title(fb, head, "%d/%d" % (self.at + 1, len(self.steps)))
        row(fb, 1, s.label)
        last = self.at + 1 == len(self.steps)
        if s.kind in ("player", "choice"):
            self.draw_list(fb, [words.say(str(v)) for v in s.values], s.cursor)
            hint = words.OK_PICK
        elif s.kind == "number":
            text = str(s.number.value)
            big_text(fb, text, (128 - text_width(text, 2)) // 2, 24, 2)
            right(fb, 5, "%d..%d" % (s.number.lo, s.number.hi))
            hint = words.UP_DN_TENS
        elif s.kind == "tiles":
            items = self.checklist(s)
            labels = [words.DONE_N % len(s.tiles)]
            for t in items:
                labels.append(("[x] " if t in s.tiles else "[ ] ") + name(t))
            self.draw_list(fb, labels, s.cursor)
            hint = words.OK_TICK
        else:
            self.draw_halves(fb, s)
            hint = words.OK_ADD
        if last and s.kind not in ("tiles", "halves"):
            hint = words.OK_SCORE_HAND
        row(fb, 7, center(hint), True)

    def draw_list(self, fb, labels, cursor):
        if cursor < self.top:
            self.top = cursor
        elif cursor >= self.top + LIST_ROWS:
            self.top = cursor - LIST_ROWS + 1
        for i in range(self.top, min(len(labels), self.top + LIST_ROWS)):
            row(fb, 2 + i - self.top, labels[i], i == cursor)

    def draw_halves(self, fb, s):
        right(fb, 1, " %d/%d" % (len(s.tiles), s.hi))
        shown = " ".join(name(t) for t in s.tiles) or words.NO_TILES
        for i, line in enumerate(wrap(shown, COLS, 2)):
            row(fb, 2 + i, line)
        for h, v in enumerate(s.ab):
            x = 30 + 48 * h
            if h == s.half:
                fb.fill_rect(x - 2, 33, 24, 20, 1)
            big_text(fb, "%2d" % v, x, 35, 2, 0 if h == s.half else 1)
        big_text(fb, "-", 59, 35, 2, 1)
