"""An optional membrane matrix keypad (3x4 or 4x4): its keys are buttons like the others.

A key joins a row wire to a column wire. The rows are open-drain outputs held low at rest and
the columns inputs with pull-ups, so at rest one read of the columns says whether any key is
down (all high: none): an idle poll costs a read per column. When one is down, each row is
held low alone in turn and the columns read: the pressed keys' bits form ``mask``.

Each key is then a ``KeyPin`` whose value() is 0 while its bit is set, handed to
scoreboard.buttons.Buttons beside the panel's buttons: debouncing (a change believed at once,
then the key left alone for the debounce time), SHORT/LONG and hold-to-repeat are the buttons'
own. Nothing here allocates: the mask is a small int, the pins are tuples made once.
Three keys held at the corners of a rectangle also read as the fourth (no diodes in a
membrane keypad): the scoreboard needs one key at a time.
"""

from boards import pins


class KeyPin:
    """One key of the matrix, read like a button's pin (0 while pressed)."""

    __slots__ = ("pad", "bit")

    def __init__(self, pad, bit):
        self.pad = pad
        self.bit = bit

    def value(self):
        return 0 if self.pad.mask & self.bit else 1


class Keypad:
    """The matrix on ``rows`` (open-drain outputs) and ``cols`` (inputs with pull-ups).

    ``keys``: the legends row by row (pins.KEYPAD_KEYS); a row's legends past the columns
    wired are left out (a 3x4 keypad). ``pins()`` gives (legend, KeyPin, bit) per key."""

    def __init__(self, rows, cols, keys=pins.KEYPAD_KEYS):
        self.rows = tuple(rows)
        self.cols = tuple(cols)
        self.mask = 0
        self.legends = []
        for r in range(len(self.rows)):
            for c in range(len(self.cols)):
                self.legends.append(keys[r][c])
        for r in self.rows:
            r.value(0)  # at rest every row is low: a press pulls its column low

    def pins(self):
        return [(name, KeyPin(self, 1 << i), 1 << i) for i, name in enumerate(self.legends)]

    def scan(self):
        """Read the matrix; return (and keep in ``mask``) the keys down, bit r * cols + c."""
        cols = self.cols
        for c in cols:
            if not c.value():
                break
        else:
            self.mask = 0  # every column high: no key is down
            return 0
        rows = self.rows
        for r in rows:
            r.value(1)  # released: floating, so only the row scanned can pull a column low
        mask = 0
        bit = 1
        for r in rows:
            r.value(0)
            for c in cols:
                if not c.value():
                    mask |= bit
                bit <<= 1
            r.value(1)
        for r in rows:
            r.value(0)
        self.mask = mask
        return mask
