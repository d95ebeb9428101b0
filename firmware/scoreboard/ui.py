"""Drawing helpers and the two widgets most screens are made of: a scrolling list and a form.

The panel is 128x64 in the scoreboard's 5x8 font (scoreboard.text): 25 characters by 8 rows.
A screen draws its whole picture every time (cheap, into RAM); scoreboard.display sends only
what changed.

Keys a screen receives (scoreboard.app maps the buttons to them, per the button layout):
"up"/"down" (again while held, with ``repeat`` true), "ok", "ok_long", "back".
"""

from scoreboard import text as _text
from scoreboard.text import COLS, W

ROWS = 8


def fit(text, width=COLS):
    """Cut text to the screen width."""
    return text if len(text) <= width else text[: width - 1] + "~"


# MicroPython's "%-8s", format() and str.center pad by bytes, so a name with an accent came
# out short; these pad by characters.
def ljust(text, width):
    return text + " " * (width - len(text))


def rjust(text, width):
    return " " * (width - len(text)) + text


def center(text, width=COLS):
    n = width - len(text)
    return " " * (n // 2) + text + " " * (n - n // 2) if n > 0 else text


def short(name, width):
    """A name in ``width`` characters: whole, else its first word, else abbreviated with a
    full stop ("Franço."; "Fr" in 2)."""
    if len(name) <= width:
        return name
    first = name.split(" ")[0]
    if len(first) <= width:
        return first
    return name[: width - 1] + "." if width >= 4 else name[: max(1, width)]


def spread(left, tail, width=COLS):
    """left cut to leave one space before tail, and tail at the right edge."""
    left = fit(left, width - len(tail) - 1)
    return ljust(left, width - len(tail)) + tail


def row(fb, r, text, inverted=False):
    """Text on character row r (0..7), optionally white on black inverted."""
    y = r * 8
    if inverted:
        fb.fill_rect(0, y, 128, 8, 1)
    _text.draw(fb, fit(text), 0, y, 0 if inverted else 1)


def right(fb, r, text, inverted=False):
    _text.draw(fb, text, 128 - W * len(text), r * 8, 0 if inverted else 1)


def title(fb, text, tail=""):
    """The top row: a title and, at the right, a short status. Callers make the two fit; a
    title that does not is cut by ``fit``, which the screen-text test counts as a cut."""
    row(fb, 0, fit(text, COLS - len(tail) - 1) if tail else text)
    if tail:
        right(fb, 0, tail)


def wrap(text, width=COLS, lines=3):
    """Split text on spaces into at most ``lines`` rows; past them the last row ends in
    "..." after a whole word (a word longer than a row, which no message has, is cut)."""
    out = []
    words = text.split(" ")
    cur = ""
    for w in words:
        if not cur:
            cur = w
        elif len(cur) + 1 + len(w) <= width:
            cur += " " + w
        else:
            out.append(cur)
            cur = w
    if cur:
        out.append(cur)
    if len(out) > lines:
        out = out[:lines]
        last = out[-1]
        while len(last) + 4 > width and " " in last:
            last = last[: last.rindex(" ")]
        out[-1] = last + " ..."
    return [fit(x, width) for x in out]


def message_box(fb, text, error=False):
    """A boxed message over the lower half of the screen (errors and announcements)."""
    lines = wrap(text, (128 - 6) // W, 5)
    top = 63 - 8 * len(lines) - 4
    fb.fill_rect(0, top, 128, 64 - top, 0)
    fb.rect(0, top, 128, 64 - top, 1)
    if error:
        fb.fill_rect(1, top + 1, 3, 64 - top - 2, 1)  # a bar marks an error
    for i, line in enumerate(lines):
        _text.draw(fb, line, 5, top + 3 + 8 * i, 1)


class Screen:
    """A screen: draw() paints the whole picture, key() reacts to one key. The defaults below
    are what a screen that is no tally, table or outcome entry answers."""

    need = ()  # what a tally still asks of the players (Game.tally_fields)
    fresh_entry = False  # an outcome entry typed for the first time (not a hand's correction)

    def refill(self, left) -> bool:
        """Put back a tally as it was entered (the hand's end was undone); False: this screen
        holds no tally."""
        return False

    def tell(self, app, text):
        """A note about the play just recorded: the table shows it; elsewhere it is not shown."""

    def draw(self, app, fb):
        pass

    def draw_change(self, app, fb) -> bool:
        """Repaint only what changed since this screen's last draw() on the same picture and
        return True, or return False for a whole draw(). App.redraw asks first."""
        return False

    def idle(self, app) -> bool:
        """Work this screen left for after its confirming frame (the table's next guesses):
        App.step calls it when the frame is out and no key waits. True: it did some, and the
        screen is drawn again (draw_change: only what that work changed)."""
        return False

    def key(self, app, key, repeat):
        if key == "back":
            app.pop()


class Menu(Screen):
    """A title and a list; UP/DOWN move (wrapping around), OK chooses, BACK leaves.

    ``items`` are the labels; ``choose(app, index)`` is called on OK. The list scrolls so the
    cursor stays visible; rows 1..7 hold items (row 0 is the title).
    """

    visible = ROWS - 1
    _shown = None  # (items, top, cursor) of the last whole draw: what draw_change builds on

    def __init__(self, heading, items, cursor=0, tail=""):
        self.heading = heading
        self.items = items
        self.cursor = cursor
        self.tail = tail
        self.top = 0

    def draw(self, app, fb):
        title(fb, self.heading, self.tail)
        n = len(self.items)
        if self.cursor < self.top:
            self.top = self.cursor
        elif self.cursor >= self.top + self.visible:
            self.top = self.cursor - self.visible + 1
        for i in range(self.top, min(n, self.top + self.visible)):
            row(fb, 1 + i - self.top, self.items[i], i == self.cursor)
        self._shown = (self.items, self.top, self.cursor)

    def draw_change(self, app, fb) -> bool:
        """A cursor move within the rows on show repaints those two rows (on the Pico a whole
        menu took most of a list move's ~14 ms; bench/results/target.txt)."""
        shown = self._shown
        if shown is None or type(self).draw is not Menu.draw:  # a subclass draws more
            return False
        items, top, cursor = shown
        if items is not self.items or cursor == self.cursor:
            return False  # another list, or the labels changed in place
        if not top <= self.cursor < top + self.visible:
            return False  # the list scrolls
        for i in (cursor, self.cursor):
            r = 1 + i - top
            fb.fill_rect(0, r * 8, 128, 8, 0)
            row(fb, r, items[i], i == self.cursor)
        self._shown = (items, top, self.cursor)
        return True

    def key(self, app, key, repeat):
        n = len(self.items)
        if key == "down" and n:
            self.cursor = (self.cursor + 1) % n
        elif key == "up" and n:
            self.cursor = (self.cursor - 1) % n
        elif key == "ok" and n:
            self.choose(app, self.cursor)
        elif key == "back":
            app.pop()

    def choose(self, app, index):
        pass
