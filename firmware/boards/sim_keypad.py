"""The optional membrane matrix keypad of the simulated board (boards/sim.py), as the part
behaves: each key is a contact (a SimButton: it chatters as it closes and opens) joining its
row's wire to its column's; the row pins are open-drain outputs (0 pulls the wire low, 1 lets
it float), the column pins inputs with pull-ups, so a column reads 0 only while a closed key
joins it to a row driven low. A module of its own, loaded only on a board with the keypad.
"""

from boards import pins
from boards.sim_contacts import PinBase, SimButton


class RowPin(PinBase):
    """An open-drain output: value(0) pulls the row's wire low, value(1) lets it float."""

    def __init__(self):
        self.level = 1
        self.writes = 0

    def value(self, v=None):
        if v is None:
            return self.level
        self.level = 1 if v else 0
        self.writes += 1
        return None

    def __call__(self, v=None):
        return self.value(v)


class ColumnPin(PinBase):
    """An input with a pull-up on a column's wire: 0 while a closed key joins it to a row
    pulled low."""

    def __init__(self, pad, c):
        self.pad = pad
        self.c = c
        self.reads = 0

    def value(self, v=None):
        if v is not None:
            return None
        self.reads += 1
        pad = self.pad
        n = len(pad.cols)
        for r in range(len(pad.rows)):
            if pad.rows[r].level == 0 and pad.contacts[r * n + self.c].value() == 0:
                return 0
        return 1

    def __call__(self, v=None):
        return self.value(v)


class SimKeypad:
    """A rows x cols membrane keypad (4x4 by default; cols=3 for the 3x4 one) with the legends
    of pins.KEYPAD_KEYS. press(legend) / release(legend) move a finger; the contact chatters
    for up to bounce_us each time."""

    def __init__(self, clock, rand, bounce_us=5000, rows=4, cols=4):
        self.rows = tuple(RowPin() for _ in range(rows))
        self.cols = tuple(ColumnPin(self, c) for c in range(cols))
        self.contacts = []
        self.legends = []
        for r in range(rows):
            for c in range(cols):
                legend = pins.KEYPAD_KEYS[r][c]
                self.legends.append(legend)
                self.contacts.append(SimButton(legend, clock, rand, bounce_us))

    def contact(self, legend):
        if legend not in self.legends:
            raise ValueError("no key %r on this keypad: %s" % (legend, "".join(self.legends)))
        return self.contacts[self.legends.index(legend)]

    def press(self, legend):
        self.contact(legend).press()

    def release(self, legend):
        self.contact(legend).release()
