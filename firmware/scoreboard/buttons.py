"""Polled, debounced push buttons: press, release, short, long, hold-to-repeat.

Modelled on Peter Hinch's Pushbutton/EButton (micropython-async), but driven
by `poll(now_ms)` from the app loop instead of a task, so it needs no
asyncio (an asyncio task can call poll just as well).

Debouncing is Hinch's: a change of level is believed at once (a switch only
chatters while it really is changing) and the pin is then left alone for
`debounce_ms`, which outlasts the chatter. So a press costs no latency and
bouncing cannot produce a second press.

Events are shared tuples (name, kind), one per button and kind:

    DOWN    the button went down (immediately).
    UP      it came up again.
    SHORT   on release, if the press did not turn into LONG or REPEAT.
    LONG    held for long_ms (buttons without repeat only).
    REPEAT  held: first after repeat_delay_ms, then ever faster, from
            repeat_ms down to repeat_min_ms (fast number entry). At most one
            per poll, timed from that poll, so a slow loop never overshoots.

Use DOWN + REPEAT on repeating buttons (UP/DOWN in number entry) and
SHORT + LONG on the others.

The optional rotary encoder's detents are events of their own, (CLOCKWISE or ANTICLOCKWISE,
pace): the pace (boards.encoder: SLOW, STEADY, FAST) is the kind, so a number entry can
accelerate with the turning while a list moves one row a detent.

A poll only sees a pin as it is: a tap that comes and goes while the app is busy
(starting a match takes ~430 ms on the Pico) would be lost. Given the board's
`ticks`, each pin's edge interrupt counts presses as they happen (debounced the
same way), and a poll reports the ones it did not see itself as whole taps.
"""

from boards import pins

DOWN = "down"
UP = "up"
SHORT = "short"
LONG = "long"
REPEAT = "repeat"


CLOCKWISE = "CW"
ANTICLOCKWISE = "CCW"

TAPS_PER_POLL = 4  # taps the interrupts counted that one poll reports at most
TURNS_PER_POLL = 2  # detents one poll reports at most (the rest wait in the encoder's ring)
# a detent's event by its code in the encoder's ring (pace << 1 | anticlockwise)
TURNS = tuple((ANTICLOCKWISE if c & 1 else CLOCKWISE, c >> 1) for c in range(6))


class _Button:
    __slots__ = (
        "name", "pin", "repeats", "down", "changed", "pressed_at", "held",
        "last_repeat", "interval", "ev_down", "ev_up", "ev_short", "ev_long", "ev_repeat",
        "irq", "owner", "falls", "seen", "low", "edge_at", "ahead", "bit",
    )  # fmt: skip

    def __init__(self, name, pin, repeats, now, debounce_ms, bit=0):
        self.name = name
        self.bit = bit  # a keypad key's bit in Keypad.mask (0: a button on a pin of its own)
        self.pin = pin
        self.repeats = repeats
        # A button already down at start-up (held, or stuck) gives no press.
        self.down = pin.value() == 0
        self.held = True
        self.changed = now - debounce_ms  # no lock-out: the first poll reads the pin
        self.pressed_at = now
        self.last_repeat = now
        self.interval = 0
        self.ev_down = (name, DOWN)
        self.ev_up = (name, UP)
        self.ev_short = (name, SHORT)
        self.ev_long = (name, LONG)
        self.ev_repeat = (name, REPEAT)
        self.irq = None  # the pin's edge interrupt, when counting (Buttons ticks=)
        self.falls = 0  # presses the interrupt counted (written by edge only)
        self.seen = 0  # of those, the ones poll has reported (written by poll only)
        self.ahead = False  # poll saw a press before its interrupt had run
        self.low = self.down  # the level the interrupt believes
        self.edge_at = now - debounce_ms  # when it last believed a change

    def count_edges(self, owner):
        self.owner = owner
        pin = self.pin
        # Hard: the handler runs at the edge, even while the app is in a long C call (an I2C
        # transfer, a flash write); so it must not allocate, and it does not.
        self.irq = pin.irq(self.edge, pin.IRQ_FALLING | pin.IRQ_RISING, hard=True)

    def edge(self, pin):
        """The pin's interrupt. A change is believed at once and the pin's edges are then
        ignored for debounce_ms (as poll does). Both edges may be pending when the handler
        runs late: then the pin's level now tells a release with chatter (high after a
        believed press) from a new press."""
        irq = self.irq
        if irq is None:
            return
        flags = irq.flags()
        owner = self.owner
        now = owner.ticks()
        if owner.diff(now, self.edge_at) < owner.debounce_ms:
            return  # chatter after a change already believed
        self.edge_at = now
        low = pin.value() == 0
        if flags & pin.IRQ_FALLING and (not self.low or not flags & pin.IRQ_RISING or low):
            self.falls += 1
        self.low = low


class Buttons:
    """All front-panel buttons.

    pin_map: name -> pin (pin.value() is 0 when pressed); now: the current
    ticks_ms; diff: the board's ticks_diff (the tick period differs between
    ports, so the board's own arithmetic is the one to use); encoder: an
    optional boards.encoder.Encoder polled with the buttons; ticks: the
    board's ticks_ms, to count presses on the pins' edge interrupts (each pin
    then needs irq(handler, trigger, hard=) and IRQ_FALLING / IRQ_RISING, as
    machine.Pin has); keypad: an optional boards.keypad.Keypad, scanned each
    poll, whose keys are buttons named by their legends (a key that acts as UP
    or DOWN, pins.KEYPAD_AS, repeats as they do).
    """

    def __init__(
        self,
        pin_map,
        now,
        diff,
        repeat=("UP", "DOWN"),
        debounce_ms=20,
        long_ms=600,
        repeat_delay_ms=400,
        repeat_ms=250,
        repeat_min_ms=40,
        encoder=None,
        ticks=None,
        keypad=None,
    ):
        self.debounce_ms = debounce_ms
        self.long_ms = long_ms
        self.repeat_delay_ms = repeat_delay_ms
        self.repeat_ms = repeat_ms
        self.repeat_min_ms = repeat_min_ms
        self.diff = diff
        self.ticks = ticks
        order = [name for name, _gpio in pins.BUTTONS if name in pin_map]
        order += sorted(name for name in pin_map if name not in order)
        self._buttons = [_Button(n, pin_map[n], n in repeat, now, debounce_ms) for n in order]
        self.keypad = keypad
        if keypad is not None:
            for n, pin, bit in keypad.pins():
                rep = pins.KEYPAD_AS.get(n) in repeat
                self._buttons.append(_Button(n, pin, rep, now, debounce_ms, bit))
        self._events = []
        self.last_event = now
        self.encoder = encoder  # boards.encoder.Encoder: its detents are TURNS events
        if ticks is not None:
            for b in self._buttons:
                if not b.bit:  # a keypad key has no pin of its own: the scan reads it
                    b.count_edges(self)

    def poll(self, now):
        """Read the pins at time now (ticks_ms); return this poll's events.

        The returned list is reused by the next poll.
        """
        events = self._events
        events.clear()  # `del events[:]` allocates a slice object on every pass
        diff = self.diff
        mask = self.keypad.scan() if self.keypad is not None else 0
        for b in self._buttons:
            if b.bit and not b.down and not mask & b.bit:
                continue  # a keypad key, up and read up: nothing to do (idle costs nothing)
            if diff(now, b.changed) >= self.debounce_ms:
                down = b.pin.value() == 0
                # presses the interrupt counted that no poll has reported
                missed = b.falls - b.seen if b.irq is not None else 0
                if b.ahead:  # the interrupt has run since (debounce_ms is ages for it)
                    b.ahead = False
                    if missed:
                        missed -= 1  # it counted the press this poll reported before it
                        b.seen += 1
                if missed and not down and diff(now, b.edge_at) < self.debounce_ms:
                    missed = 0  # up, but a press began just now: chatter; the next poll knows
                if down != b.down or missed:
                    if b.down:  # released (and, if missed, pressed again) since the last poll
                        if not b.held:
                            events.append(b.ev_short)
                        events.append(b.ev_up)
                    began = now
                    if down and missed:
                        missed -= 1  # the press under the finger now is one of them
                        b.seen += 1
                        began = b.edge_at  # when it began: LONG and REPEAT count from there
                    elif down and b.irq is not None:
                        b.ahead = True  # its edge came just before this read: counted soon
                    if missed > TAPS_PER_POLL:
                        missed = TAPS_PER_POLL  # the rest come with the next poll
                    b.seen += missed
                    for _ in range(missed):  # taps that came and went between two polls
                        events.append(b.ev_down)
                        events.append(b.ev_short)
                        events.append(b.ev_up)
                    b.down = down
                    b.changed = now
                    if down:
                        b.pressed_at = began
                        b.held = False
                        b.last_repeat = began
                        b.interval = self.repeat_delay_ms
                        events.append(b.ev_down)
            if not b.down:
                continue
            if b.repeats:
                if diff(now, b.last_repeat) >= b.interval:
                    # The first gap is the delay, then repeat_ms shrinking by a fifth each time.
                    b.interval = self.repeat_ms if not b.held else b.interval * 4 // 5
                    if b.interval < self.repeat_min_ms:
                        b.interval = self.repeat_min_ms
                    b.last_repeat = now
                    b.held = True
                    events.append(b.ev_repeat)
            elif not b.held and diff(now, b.pressed_at) >= self.long_ms:
                b.held = True
                events.append(b.ev_long)
        if self.encoder is not None:
            for _ in range(TURNS_PER_POLL):
                c = self.encoder.take()
                if c < 0:
                    break
                events.append(TURNS[c])
        if events:
            self.last_event = now
        return events

    def is_down(self, name):
        for b in self._buttons:
            if b.name == name:
                return b.down
        raise KeyError(name)

    def any_down(self):
        for b in self._buttons:
            if b.down:
                return True
        return False

    def idle_ms(self, now):
        """Time since the last event (for screen sleep)."""
        return self.diff(now, self.last_event)
