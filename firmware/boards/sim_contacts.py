"""The simulated board's contacts (boards/sim.py): pins whose level follows a schedule of
changes in virtual time, chattering as a real contact does. The board's buttons, the
encoder's contacts (boards/sim_encoder.py) and the keypad's keys (boards/sim_keypad.py) are
built on them; a module of its own, so that those part modules and the board import it
without importing each other.
"""

try:
    import machine

    # The unix port's PinBase makes SimButton a real pin to machine.Signal & co.
    PinBase: type = getattr(machine, "PinBase", object)
except ImportError:  # CPython tooling: no machine module
    PinBase = object


class ScheduledPin(PinBase):
    """An input with a pull-up whose level follows a schedule of future changes, read at the
    board's virtual time: the buttons' and the encoder's contacts (boards/sim_encoder.py).
    irq() runs a handler at each edge, at the edge's virtual time (like a hard interrupt)."""

    IRQ_FALLING = 4  # the rp2 port's values
    IRQ_RISING = 8

    def __init__(self, clock, rand, bounce_us):
        self._clock = clock
        self._rand = rand
        self.bounce_us = bounce_us
        self._level = 1
        self._schedule = []  # (time_ns, level), ascending
        self._handler = None
        self._trigger = 0
        self._edges = 0

    def _queue(self, t, settled):
        """A change at virtual time t: the level chatters at random 20-600 us intervals for up
        to bounce_us, then settles (bounce_us 0: a clean change)."""
        sched = self._schedule
        if self.bounce_us > 0:
            end = t + self._rand.between(self.bounce_us // 10, self.bounce_us) * 1000
            level = settled
            while t < end:
                sched.append((t, level))
                t += self._rand.between(20, 600) * 1000
                level ^= 1
        sched.append((t, settled))

    def irq(self, handler=None, trigger=None, hard=False):
        """machine.Pin.irq: handler(pin) at each edge in trigger, at once (hard or not). The
        pin is its own irq object: flags() are the edges of the interrupt being handled."""
        if handler is None and trigger is None:
            return self  # no arguments: the interrupt as it is
        if trigger is None:
            trigger = self.IRQ_FALLING | self.IRQ_RISING
        watched = self._clock.watched
        if handler is not None and self not in watched:
            watched.append(self)
        self._handler = handler
        self._trigger = trigger
        return self

    def flags(self):
        return self._edges

    def next_change_ns(self):
        return self._schedule[0][0] if self._schedule else None

    def apply_next(self):
        """Apply the next scheduled change (the clock is at its time) and interrupt on an edge."""
        level = self._schedule.pop(0)[1]
        if level == self._level:
            return
        self._level = level
        self._edges = edge = self.IRQ_RISING if level else self.IRQ_FALLING
        if self._handler is not None and self._trigger & edge:
            self._handler(self)

    def value(self, v=None):
        if v is not None:  # writing to an input only sets the output latch
            return None
        now = self._clock.ns
        sched = self._schedule
        while sched and sched[0][0] <= now:  # changes due at this very instant
            self.apply_next()
        return self._level

    def __call__(self, v=None):
        return self.value(v)


class SimButton(ScheduledPin):
    """A push button to ground on an input with pull-up: value() is 0 when pressed.

    press()/release() start a contact transition at the current virtual time:
    the level toggles at random 20-600 us intervals for up to `bounce_us`,
    then settles. bounce_us=0 gives an ideal switch.
    """

    def __init__(self, name, clock, rand, bounce_us=5000):
        ScheduledPin.__init__(self, clock, rand, bounce_us)
        self.name = name
        self.pressed = False  # where the finger is, not what the pin reads
        self.presses = 0

    def press(self):
        if not self.pressed:
            self.pressed = True
            self.presses += 1
            self._switch(0)

    def release(self):
        if self.pressed:
            self.pressed = False
            self._switch(1)

    def _switch(self, settled):
        self.value()  # apply what is already due, then replace the future
        del self._schedule[:]
        self._queue(self._clock.ns, settled)
