"""The optional rotary encoder (EC11 / KY-040) of the simulated board (boards/sim.py).

Its two quadrature contacts, A and B, close and open a quarter of a detent apart as the shaft
turns, each chattering as it changes like the buttons' contacts; its push switch is a
SimButton. A module of its own so that a board without the knob keeps this code out of the
heap.
"""

from boards import pins
from boards.sim_contacts import ScheduledPin, SimButton


class SimContact(ScheduledPin):
    """One encoder contact to ground with a pull-up, moved by a schedule of future changes.

    change(at_ns, settled) queues a change at a given virtual time: the level chatters at
    random 20-600 us intervals for up to bounce_us, then settles (bounce_us=0: clean)."""

    def __init__(self, clock, rand, bounce_us):
        ScheduledPin.__init__(self, clock, rand, bounce_us)
        self.settled = 1  # the level once everything queued has happened

    def change(self, at_ns, settled):
        self.settled = settled
        self._queue(at_ns, settled)


# (A, B) after each quarter of a detent from rest. Clockwise A closes first, then B; A opens
# first, then B (A leads B by a quarter); anticlockwise B leads.
_CLOCKWISE = ((0, 1), (0, 0), (1, 0), (1, 1))
_ANTICLOCKWISE = ((1, 0), (0, 0), (0, 1), (1, 1))


class SimEncoder:
    """An EC11-style encoder with one quadrature cycle per detent, resting with A and B open.

    turn(detents, ms_per_detent) schedules the contacts' changes from the current virtual
    time: positive is clockwise. Each change bounces for up to bounce_us (EC11 datasheets
    allow a few ms). ``a``, ``b`` and ``switch`` are the pins; ``irq`` is False: the unix
    port's pins have no interrupts, the decoder reads them at every poll."""

    irq = False

    def __init__(self, clock, rand, bounce_us=1500, switch_bounce_us=5000):
        self._clock = clock
        self.a = SimContact(clock, rand, bounce_us)
        self.b = SimContact(clock, rand, bounce_us)
        self.switch = SimButton(pins.ENCODER_SWITCH, clock, rand, switch_bounce_us)
        self.detents = 0  # turned so far, clockwise positive
        self._until = 0  # when the last queued change happens

    def turn(self, detents, ms_per_detent=40):
        """Queue ``detents`` detents (negative: anticlockwise) after what is already queued;
        return the virtual ms until the shaft is at rest again."""
        t = max(self._clock.ns, self._until)
        quarter = int(ms_per_detent * 1_000_000) // 4
        steps = _CLOCKWISE if detents > 0 else _ANTICLOCKWISE
        for _ in range(abs(detents)):
            for a, b in steps:
                t += quarter
                if a != self.a.settled:
                    self.a.change(t, a)
                if b != self.b.settled:
                    self.b.change(t, b)
        self._until = t
        self.detents += detents
        return (t - self._clock.ns) / 1_000_000
