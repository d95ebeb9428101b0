"""The one way numbers are entered (docs/ui.md, "Numbers"): the tally, the outcome games'
entry, the setup and settings forms, *Enter points*. A module of its own, with no drawing:
loaded with the screens that enter numbers (the table needs none), and the bench
(bench/number_presses.py) runs the device's own widget on CPython."""

# A held UP/DOWN climbs a ladder of round values, one rung (ten units) at a time, each shown
# at least this long: longer than a reaction (~0.25 s), so the finger lets go on the value it
# aims at and the entry stops there (the old hold sped up to 40 ms a step and overshot).
LADDER_MS = 400
RUNG = 10  # units a rung
# Units a detent of the knob moves at most, by its pace (boards.encoder: SLOW, STEADY, FAST):
# a quicker detent goes on to the next multiple of its step and no further, so the turning that
# slows down finds the round value it slowed for, never one past it (bench/results/numbers.txt)
TURN_STEPS = (1, 5, 25)


class NumberEntry:
    """A number lo..hi in steps of ``unit`` (the value's unit, from the core: 5 for Muggins'
    counts). ``key`` returns True if it used the key:

    - UP/DOWN tapped: one unit (a tap past an end wraps to the other);
    - UP/DOWN held (``repeat``: ms held, from App): on to the next round value (a multiple of
      ten units) and then a rung every LADDER_MS, stopping at lo and hi and where the finger
      lets go;
    - the knob (``turn``): clockwise more, by the detent's pace; it stops at lo and hi;
    - digits "0".."9" (the keypad) type the number: the first replaces the value, the next
      append (a digit that would pass hi starts again); BACK takes the last typed digit off;
      OK on a typed value outside lo..hi or off the unit is refused (``refused`` says why).

    docs/ui.md, "Numbers", gives the presses per value (bench/results/numbers.txt).
    """

    __slots__ = ("value", "lo", "hi", "unit", "rung_at", "typed", "kept", "refused")

    def __init__(self, value, lo, hi, unit=1):
        self.value = value
        self.lo = lo
        self.hi = hi
        self.unit = unit
        self.rung_at = 0  # ms held at the last rung of this hold
        self.typed = 0  # digits typed since the entry was last left
        self.kept = value  # the value before the digits: back to it when they are refused
        self.refused = ""

    def least(self):
        """The lowest value on the unit."""
        u = self.unit
        return -(-self.lo // u) * u

    def most(self):
        return self.hi // self.unit * self.unit

    def key(self, key, repeat=0):
        if key == "up" or key == "down":
            self.typed = 0
            sign = 1 if key == "up" else -1
            if not repeat:
                self.rung_at = 0
                v = self.value + sign * self.unit
                if v > self.hi:
                    v = self.least()  # a tap wraps
                elif v < self.lo:
                    v = self.most()
                self.value = v
            else:
                held = repeat if repeat is not True else self.rung_at + LADDER_MS
                if held - self.rung_at >= LADDER_MS:
                    self.rung_at = held
                    self.climb(sign)
            return True
        if len(key) == 1 and "0" <= key <= "9":
            d = ord(key) - 48
            if not self.typed:
                self.kept = self.value
            v = self.value * 10 + d if self.typed and self.value >= 0 else d
            if v > self.hi and self.typed:
                v, self.typed = d, 0  # past hi: this digit starts a new number
            self.value = v
            self.typed += 1
            return True
        if key == "back" and self.typed:
            self.typed -= 1
            self.value = self.value // 10 if self.typed else self.kept
            return True
        if key == "ok" and self.typed:
            v = self.value
            if v < self.lo or v > self.hi or v % self.unit:
                from scoreboard import words

                self.refused = words.ALLOWED % (
                    v, self.least(), self.most(),
                    words.IN_FIVES if self.unit == 5 else
                    words.IN_STEPS % self.unit if self.unit > 1 else "")  # fmt: skip
                self.typed = 0
                self.value = self.kept  # refused: nothing changes
                return True
        self.typed = 0
        return False

    def turn(self, way, pace):
        """A detent of the knob, ``way`` 1 clockwise (more) or -1: a SLOW one a unit, a
        STEADY or FAST one on to the next multiple of its TURN_STEPS. No wrap: a knob turned
        past an end stays there (one detent clockwise from 0 is 1, never the most)."""
        self.typed = 0
        step = TURN_STEPS[pace] * self.unit
        v = self.value
        v = (v // step + 1) * step if way > 0 else (v - 1) // step * step
        self.value = max(self.least(), min(self.most(), v))

    def climb(self, sign):
        """One rung: to the next multiple of RUNG units in the direction held; no wrap."""
        step = RUNG * self.unit
        v = self.value
        v = (v // step + 1) * step if sign > 0 else (v - 1) // step * step
        self.value = max(self.least(), min(self.most(), v))


def number_key(app, number, key, repeat):
    """``number.key``, showing its refusal: True if the number used the key (a detent of
    the knob, App.turn, turns it)."""
    if app.turn and (key == "up" or key == "down"):
        number.turn(app.turn, app.pace)
        return True
    used = number.key(key, repeat)
    if number.refused:
        app.flash(number.refused, True)
        number.refused = ""
    return used
