"""An optional rotary encoder (EC11 / KY-040): the decoder of its two pins, counting detents.

Decoding is the usual full-state quadrature machine: the pair (A, B) is a 2-bit state, and a
16-entry table indexed by (previous state, new state) says whether the shaft moved a quarter
step clockwise (+1), anticlockwise (-1) or not at all (0: no change, or both pins changed
at once, which a real turn never does, so it is ignored). A bouncing contact only flips
between two neighbouring states, so its +1 and -1 cancel: no debounce timer is needed.

Detents: an EC11 with as many pulses as detents rests with A and B both open (state 3, both
pins pulled up) and moves four quarter steps from one detent to the next. A detent counts
when the shaft comes back to rest at least half a detent (two quarter steps) away from where
it last rested, so a missed reading (both pins changed between two reads) costs nothing.

Nothing here allocates: the state and counts are small ints, the table is a constant tuple.
``poll`` hands out the detents turned; scoreboard.buttons makes each a tap of DOWN
(clockwise) or UP, the button events it defines. On the Pico the pins' edge interrupts step
the machine (a quick turn is faster than the app loop); elsewhere `poll` reads the pins
itself. The interrupt handler writes only ``detents`` and the loop writes only ``taken``, so
the two never race.
"""

# (previous << 2 | new) -> quarter steps; clockwise is 3 -> 1 -> 0 -> 2 -> 3 (A leads).
STEP = (0, -1, 1, 0, 1, 0, 0, -1, -1, 0, 0, 1, 0, 1, -1, 0)
REST = 3  # both contacts open at a detent
PER_POLL = 4  # events (a press and a release a detent) a poll hands out at most


class Encoder:
    """Quadrature decoder for pins a, b (value() 0 when the contact is closed).

    ``poll`` returns the detents turned since the last poll, clockwise positive (the buttons
    make clockwise a tap of DOWN: down a list, like a scroll wheel).
    """

    def __init__(self, a, b, irq=False):
        self.a = a
        self.b = b
        self.state = (a.value() << 1) | b.value()
        self.quarters = 0  # quarter steps since the last rest
        self.detents = 0  # net detents turned, clockwise positive (written by step only)
        self.taken = 0  # detents handed out as events (written by poll only)
        self.irq = irq
        if irq:
            handler = self.edge  # one bound method, made once
            for pin in (a, b):
                pin.irq(handler, pin.IRQ_RISING | pin.IRQ_FALLING)

    def edge(self, _pin=None):
        """Read both pins and step the machine (the pins' interrupt handler)."""
        self.step((self.a.value() << 1) | self.b.value())

    def step(self, new):
        q = self.quarters + STEP[(self.state << 2) | new]
        self.state = new
        if new == REST:
            if q >= 2:
                self.detents += 1
            elif q <= -2:
                self.detents -= 1
            q = 0
        self.quarters = q

    def poll(self):
        """The detents turned since the last poll (at most PER_POLL // 2 either way: more
        wait for the next poll), clockwise positive."""
        if not self.irq:
            self.edge()
        n = self.detents - self.taken
        if n > PER_POLL // 2:
            n = PER_POLL // 2
        elif n < -(PER_POLL // 2):
            n = -(PER_POLL // 2)
        self.taken += n
        return n
