"""An optional rotary encoder (EC11 / KY-040): the decoder of its two pins, counting detents
and timing them.

Decoding is the usual full-state quadrature machine: the pair (A, B) is a 2-bit state, and a
16-entry table indexed by (previous state, new state) says whether the shaft moved a quarter
step clockwise (+1), anticlockwise (-1) or not at all (0: no change, or both pins changed
at once, which a real turn never does, so it is ignored). A bouncing contact only flips
between two neighbouring states, so its +1 and -1 cancel: no debounce timer is needed.

Detents: an EC11 with as many pulses as detents rests with A and B both open (state 3, both
pins pulled up) and moves four quarter steps from one detent to the next. A detent counts
when the shaft comes back to rest at least half a detent (two quarter steps) away from where
it last rested, so a missed reading (both pins changed between two reads) costs nothing.

Pace (the knob's acceleration, as every knob UI has one): each detent is timed on the board's
clock when it comes to rest, and the time since the previous detent the same way makes its
pace: SLOW (a deliberate click, or the first of a turn), STEADY or FAST. Only this detent's
own gap counts, never a speed kept from earlier ones, so the first slow detent after a spin is
slow: the value stops where the turning slows (scoreboard.numbers.NumberEntry.turn says what
each pace moves). Without a clock every detent is SLOW.

Nothing here allocates: the state and counts are small ints, the table is a constant tuple and
the detents wait in a byte ring made once (a detent's code: pace << 1 | anticlockwise).
scoreboard.buttons makes each a turn event. On the Pico the pins' edge interrupts step the
machine (a quick turn is faster than the app loop); elsewhere ``take`` reads the pins itself.
The interrupt handler writes only ``detents``, ``head`` and the ring, and the loop writes
only ``tail``, so the two never race.
"""

# (previous << 2 | new) -> quarter steps; clockwise is 3 -> 1 -> 0 -> 2 -> 3 (A leads).
STEP = (0, -1, 1, 0, 1, 0, 0, -1, -1, 0, 0, 1, 0, 1, -1, 0)
REST = 3  # both contacts open at a detent
SLOW, STEADY, FAST = 0, 1, 2  # paces
# ms since the previous detent the same way below which a detent is FAST, then STEADY: a
# quick spin of an EC11 (20 detents a turn, two turns a second) is ~25 ms a detent, a steady
# turn ~100 ms, clicks aimed one by one 150 ms and more
FAST_MS = 40
STEADY_MS = 120
RING = 32  # detents that may wait for the loop (a busy pass of ~0.5 s at a quick spin)


def pace(gap_ms):
    """The pace of a detent ``gap_ms`` after the previous one the same way (None: the first
    of a turn, or the way changed)."""
    if gap_ms is None or gap_ms >= STEADY_MS:
        return SLOW
    return FAST if gap_ms < FAST_MS else STEADY


class Encoder:
    """Quadrature decoder for pins a, b (value() 0 when the contact is closed).

    ``ticks``/``diff``: the board's clock (ticks_ms, ticks_diff) that times the detents; the
    emulated boards' clocks are virtual, so a turn's pace is the same on every run. ``take``
    returns the next detent's code, or -1 when none waits.
    """

    def __init__(self, a, b, irq=False, ticks=None, diff=None):
        self.a = a
        self.b = b
        self.state = (a.value() << 1) | b.value()
        self.quarters = 0  # quarter steps since the last rest
        self.detents = 0  # net detents turned, clockwise positive (written by step only)
        self.ticks = ticks
        self.diff = diff
        self.last_at = 0  # when the last detent came to rest
        self.last_way = 0  # its way: 1 clockwise, -1 anticlockwise, 0 none yet
        self.ring = bytearray(RING)
        self.head = 0  # detents put in the ring (written by step only)
        self.tail = 0  # detents taken from it (written by take only)
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
                self.detent(1)
            elif q <= -2:
                self.detent(-1)
            q = 0
        self.quarters = q

    def detent(self, way):
        self.detents += way
        p = SLOW
        ticks, diff = self.ticks, self.diff
        if ticks is not None and diff is not None:
            now = ticks()
            if way == self.last_way:
                p = pace(diff(now, self.last_at))
            self.last_at = now
        self.last_way = way
        if self.head - self.tail < RING:  # a full ring drops the detent: the loop is stuck
            self.ring[self.head % RING] = p << 1 | (way < 0)
            self.head += 1

    def take(self):
        """The next detent's code (pace << 1 | anticlockwise), or -1 if none waits."""
        if not self.irq:
            self.edge()
        t = self.tail
        if t == self.head:
            return -1
        self.tail = t + 1
        return self.ring[t % RING]
