"""Layouts: where tiles lie on the table and which ends are open.

Every layout is a list of arms. An arm is one open direction: the pip it shows, whether the tile
showing it is a double laid crosswise (then both halves count), and how many tiles it holds. Plays
are addressed by arm index, which is what a scorer picks on the device.

- ``Line``: two arms, left (0) and right (1).
- ``Spinner``: a line whose first double opens four ways (arms 2 and 3 are its other two sides).
- ``Hub``: a centre double with N branches (Sebastopol 4, Super Dominós 6, Cyprus 8).
- ``Trains``: a station double with personal and public trains (Mexican Train), see ``mexican``.
"""

from .errors import DominoError
from .tiles import is_double, name


class Arm:
    __slots__ = ("open", "double", "length", "owner", "marker")

    def __init__(self, open_pip, double=False, owner=None):
        self.open = open_pip
        self.double = double
        self.length = 0
        self.owner = owner  # a player index for a personal train, else None
        self.marker = False

    def count(self):
        """What this end adds to the table's total: a crosswise double counts both halves."""
        return self.open * 2 if self.double else self.open


def joins(t, open_pip):
    """The pip left open when ``t`` is laid against ``open_pip``, or None if it does not match."""
    if t[0] == open_pip:
        return t[1]
    if t[1] == open_pip:
        return t[0]
    return None


class Layout:
    """What every layout shares: the tiles on the table and the arms."""

    kind = "layout"

    def __init__(self):
        self.arms = []
        self.first = None  # the set (or lead) tile
        self.played = []  # tiles in the order they were laid

    def is_empty(self):
        return self.first is None

    def open_arms(self):
        """Indices of arms a tile may be laid on now (rules like Sebastopol's narrow this)."""
        return list(range(len(self.arms)))

    def start(self, t):
        raise NotImplementedError

    def alike(self, i, j):
        """Whether a tile laid on arm ``j`` makes the same table as on arm ``i`` (mirrored), so
        a list of plays names only one of them (``Match.legal_plays``); by default none."""
        return False

    def extend(self, t, arm, open_pip):
        """Lay ``t`` on ``arm`` leaving ``open_pip`` showing; the caller checked that it joins."""
        a = self.arms[arm]
        a.open = open_pip
        a.double = is_double(t)
        a.length += 1
        self.played.append(t)

    def save(self):
        """Everything ``extend`` may change (its own fields, the arms' ends, new arms, the tiles
        laid), so that a trial play can be taken back: ``Match.preview``."""
        arms = [(a.open, a.double, a.length, a.owner, a.marker) for a in self.arms]
        return dict(self.__dict__), arms, len(self.arms), len(self.played)

    def restore(self, saved):
        fields, arms, n_arms, n_played = saved
        for key in fields:
            setattr(self, key, fields[key])
        del self.arms[n_arms:]
        del self.played[n_played:]
        for a, end in zip(self.arms, arms):
            a.open, a.double, a.length, a.owner, a.marker = end

    def arm_index(self, arm):
        if not isinstance(arm, int) or isinstance(arm, bool) or not 0 <= arm < len(self.arms):
            raise DominoError(
                "end %r: this layout has ends 0..%d" % (arm, len(self.arms) - 1)
                if self.arms
                else "end %r: nothing is on the table yet; lead without an end" % (arm,)
            )
        if arm not in self.open_arms():
            raise DominoError("end %d is not open yet; open ends are %s" % (arm, self.open_arms()))
        return self.arms[arm]

    def ends(self):
        """The open pips, one per arm that may be played on (for display)."""
        return [self.arms[i].open for i in self.open_arms()]

    def count(self):
        """The total of the open ends, as Muggins and All Fives score it."""
        return sum(a.count() for a in self.arms)

    def count_after(self, t, arm, open_pip):
        """What ``count`` would say with ``t`` laid on ``arm`` showing ``open_pip``, the table
        left as it is: what a candidate play scores where the ends' count scores. By default
        a trial play taken back; the layouts Muggins and All Fives use work it out from the
        ends."""
        saved = self.save()
        try:
            self.extend(t, arm, open_pip)
            return self.count()
        finally:
            self.restore(saved)

    def describe(self):
        return {"kind": self.kind, "ends": [[a.open, a.double, a.length] for a in self.arms]}


def laid_count(t, open_pip):
    """What an end adds once ``t`` lies on it showing ``open_pip`` (``Arm.count`` after it)."""
    return open_pip * 2 if t[0] == t[1] else open_pip


class Line(Layout):
    """Two ends. A lone double counts its pips once (both halves), like the first 5-5 = 10."""

    kind = "line"

    def start(self, t):
        self.first = t
        self.played.append(t)
        d = is_double(t)
        self.arms = [Arm(t[0], d), Arm(t[1], d)]

    def count(self):
        if self.first is not None and len(self.played) == 1 and is_double(self.first):
            return self.first[0] * 2
        return Layout.count(self)

    def count_after(self, t, arm, open_pip):
        # a play makes two tiles at least: a lone double's own count is behind
        total = laid_count(t, open_pip)
        for i in range(len(self.arms)):
            if i != arm:
                total += self.arms[i].count()
        return total

    def alike(self, i, j):
        """The two ends when they show the same, the same way (a lone double's two sides; 3
        and 3 after plays): nothing a line game reads tells them apart."""
        if i > 1 or j > 1:
            return False
        a, b = self.arms[i], self.arms[j]
        return a.open == b.open and a.double == b.double


class Spinner(Line):
    """A line whose first double opens four ways (booklet 000, Muggins).

    House rules (named options of the game):
    - ``lone_spinner``: 1 → a spinner alone counts its pips once (5-5 = 10); 2 → twice (20).
    - ``spinner_counts``: the spinner keeps counting after both its sides are played on.
    - ``sides_first``: its other two sides open only after both sides are played on.
    """

    kind = "spinner"

    def __init__(self, lone_spinner=1, spinner_counts=False, sides_first=False):
        Line.__init__(self)
        self.lone_spinner = lone_spinner
        self.spinner_counts = spinner_counts
        self.sides_first = sides_first
        self.spinner = None  # the double that spins
        self.spun_on = None  # (arm, length) where it was laid, or None if it was the first tile

    def start(self, t):
        Line.start(self, t)
        if is_double(t):
            self._spin(t, None)

    def _spin(self, t, at):
        self.spinner = t
        self.spun_on = at
        self.arms.append(Arm(t[0]))
        self.arms.append(Arm(t[0]))

    def extend(self, t, arm, open_pip):
        Line.extend(self, t, arm, open_pip)
        if self.spinner is None and is_double(t):
            self._spin(t, (arm, self.arms[arm].length))

    def alike(self, i, j):
        """Left and right as on a line while no spinner was laid after the lead (then its sides
        are told apart); its other two sides (up, down) when they show the same and are both
        empty or both not. The count treats the pairs differently, so only within a pair."""
        arms = self.arms
        if i < 2 and j < 2:
            return self.spun_on is None and Line.alike(self, i, j)
        if i < 2 or j < 2:
            return False
        a, b = arms[i], arms[j]
        return a.open == b.open and a.double == b.double and (a.length > 0) == (b.length > 0)

    def sides_played(self):
        if self.spun_on is None:
            return self.arms[0].length > 0 and self.arms[1].length > 0
        arm, length = self.spun_on
        return self.arms[arm].length > length

    def open_arms(self):
        if not self.arms:
            return []
        if self.spinner is None or (self.sides_first and not self.sides_played()):
            return [0, 1]
        return [0, 1, 2, 3]

    def count(self):
        if self.spinner is None:
            return Line.count(self)
        pip = self.spinner[0]
        if self.spun_on is None and self.arms[0].length == 0 and self.arms[1].length == 0:
            total = pip * 2 * self.lone_spinner
        else:
            total = self.arms[0].count() + self.arms[1].count()
            if self.spinner_counts and self.sides_played():
                total += pip * 2
        for a in self.arms[2:]:
            if a.length:
                total += a.count()
        return total

    def count_after(self, t, arm, open_pip):
        """``count``'s arithmetic with arm ``arm`` one tile longer, showing ``open_pip``. A
        double laid while no spinner is down spins, but its new sides are empty: they add
        nothing yet, so the line's count holds."""
        if self.spinner is None:
            return Line.count_after(self, t, arm, open_pip)
        arms = self.arms
        pip = self.spinner[0]
        laid = laid_count(t, open_pip)
        if arm >= 2 and self.spun_on is None and arms[0].length == 0 and arms[1].length == 0:
            total = pip * 2 * self.lone_spinner  # still alone but for its other sides
        else:
            total = laid if arm == 0 else arms[0].count()
            total += laid if arm == 1 else arms[1].count()
            if self.spinner_counts:
                if self.spun_on is None:
                    sides = (arm == 0 or arms[0].length > 0) and (arm == 1 or arms[1].length > 0)
                else:
                    at, length = self.spun_on
                    sides = arms[at].length + (arm == at) > length
                if sides:
                    total += pip * 2
        for i in range(2, len(arms)):
            if i == arm:
                total += laid
            elif arms[i].length:
                total += arms[i].count()
        return total


class Hub(Layout):
    """A centre double with ``branches`` arms (Sebastopol 4, Super Dominós 6, Cyprus 8).

    ``sprout_first``: every branch must hold a tile before any branch is extended (Sebastopol).
    """

    kind = "hub"

    def __init__(self, branches, sprout_first=False):
        Layout.__init__(self)
        self.branches = branches
        self.sprout_first = sprout_first

    def start(self, t):
        if not is_double(t):
            raise DominoError("set tile %s: this layout starts from a double" % name(t))
        self.first = t
        self.played.append(t)
        self.arms = [Arm(t[0]) for _ in range(self.branches)]

    def open_arms(self):
        if self.sprout_first:
            empty = [i for i, a in enumerate(self.arms) if a.length == 0]
            if empty:
                return empty
        return list(range(len(self.arms)))

    def alike(self, i, j):
        """Two branches that are both still empty."""
        arms = self.arms
        return arms[i].length == 0 and arms[j].length == 0

    def count(self):
        return sum(a.count() for a in self.arms if a.length)

    def count_after(self, t, arm, open_pip):
        total = laid_count(t, open_pip)
        for i in range(len(self.arms)):
            a = self.arms[i]
            if i != arm and a.length:
                total += a.count()
        return total
