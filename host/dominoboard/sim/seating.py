"""Who sits where: fair comparisons of bots whatever order they were named in.

A seat can be worth more than a bot (in Draw seat 0 leads every hand: heavy against random won
80% from seat 0 and 35% from seat 1). So when the seats' bots differ the experiment rotates
them: game ``i`` is played with seating ``i % k``, one of the ``k`` distinct cyclic shifts of
the bots round the table, so every bot sits in every seat equally often. Partnerships rotate
as partnerships: only shifts that carry each team's seats onto a team's seats are used (with
teams 0,2/1,3 every shift; with 0,1/2,3 the shifts by 0 and 2).

The answer must not depend on the order the bots were named in, so the table is first put in
a canonical order: without partners the bots sit in the order of their names, with partners
the arrangement is the smallest of its shifts. ``-s heavy -s random`` and ``-s random -s heavy``
are then the very same experiment, reported in the order asked.

Duplicate deals (``duplicate=True``, as bridge and backgammon tournaments play them): deal
``d`` is played once with every seating, games ``d * k .. d * k + k - 1``, so luck of the deal
cancels out of the comparison.

The unit reported is an **entrant**: a seat of a game without partners, or a team; its label is
its bot (a team's: its bots sorted and joined by ``+``). Entrants with the same label are
interchangeable; the report numbers them by first appearance.
"""

from __future__ import annotations

from domino.match import Match

from .table import Setup

RUN = 64  # rotated: consecutive deals a seating plays in each block of RUN * k games


class Seating:
    """The seatings of an experiment and how each maps entrants to the seat-sides records use.

    - ``setups[j]``: the Setup played by seating ``j`` (its bots by seat);
    - ``side_of[j][e]``: the side (index into the game's sides, as records number them) where
      canonical entrant ``e`` sits in seating ``j``;
    - ``labels[e]``: canonical entrant ``e``'s label; ``asked[u]``: the canonical entrant that
      is the ``u``-th entrant as the user named them.
    """

    def __init__(self, setup: Setup, rotate: bool = True, duplicate: bool = False):
        m = Match(setup.match_setup())
        self.base = setup
        sides = [list(s) for s in m.sides]
        n = len(setup.strategies)
        self.sides = sides
        side_of_seat = [0] * n
        for s, members in enumerate(sides):
            for p in members:
                side_of_seat[p] = s
        teams = any(len(s) > 1 for s in sides)
        asked = list(setup.strategies)
        shifts = [r for r in range(n) if _keeps(sides, side_of_seat, r)]
        if not rotate:
            canon = asked  # the seats as asked: the old, seat-dependent comparison
        elif teams:
            canon = min(_shift(asked, r) for r in shifts)
        else:
            canon = sorted(asked)
        self.canonical = canon
        self.labels = [_label(canon, members) for members in sides]
        asked_labels = [_label(asked, members) for members in sides]
        self.asked = _match_labels(asked_labels, self.labels)
        self.asked_labels = asked_labels
        self.setups: list[Setup] = []
        self.side_of: list[list[int]] = []
        self.shifts: list[int] = []
        seen = set()
        for r in shifts if rotate else [0]:
            arrangement = _shift(canon, r)
            key = tuple(arrangement)
            if key in seen:
                continue
            seen.add(key)
            self.shifts.append(r)
            self.setups.append(_with_bots(setup, arrangement))
            self.side_of.append([side_of_seat[(members[0] + r) % n] for members in sides])
        self.k = len(self.setups)
        self.duplicate = duplicate and self.k > 1

    def game(self, i: int) -> tuple[int, int]:
        """Game ``i`` of the experiment: (the deal it is dealt from, its seating ``i % k``).

        Rotated, the deals are numbered so that a seating's games in a block of ``RUN * k``
        games are ``RUN`` consecutive deals (game ``b * RUN * k + o`` is deal ``b * RUN * k +
        (o % k) * RUN + o // k``): a worker plays them in one call of the engine, as it plays
        games with one seating (``runs``). Each game still has a deal of its own."""
        k = self.k
        if self.duplicate:
            return divmod(i, k)
        block, o = divmod(i, RUN * k)
        j = o % k
        return block * RUN * k + j * RUN + o // k, j

    def index(self, deal: int, j: int) -> int:
        """The game dealt ``deal`` with seating ``j``: ``game``'s inverse."""
        k = self.k
        if self.duplicate:
            return deal * k + j
        block, r = divmod(deal, RUN * k)
        return block * RUN * k + (r % RUN) * k + j

    def runs(self, start: int, stop: int):
        """Games ``start``..``stop - 1`` as runs of one seating and consecutive deals: (seating,
        first deal, deals); together the same (deal, seating) pairs as ``game``, in another
        order."""
        k = self.k
        if k == 1:
            if stop > start:
                yield 0, start, stop - start
            return
        if self.duplicate:  # game i is deal i // k: a seating's games are consecutive deals
            for j in range(k):
                i = start + (j - start) % k
                if i < stop:
                    yield j, i // k, (stop - 1 - i) // k + 1
            return
        span = RUN * k
        for base in range(start - start % span, stop, span):
            lo = max(start, base) - base
            hi = min(stop, base + span) - base
            for j in range(k):
                o = lo + (j - lo) % k  # the first game of seating j from lo on
                if o < hi:
                    yield j, base + j * RUN + o // k, (hi - 1 - o) // k + 1

    def units(self, asked: int) -> int:
        """``asked`` games rounded up to a whole number of rounds of the seatings, so every
        bot sits in every seat equally often."""
        return -(-asked // self.k) * self.k

    def to_json(self) -> dict:
        return {"rotated": self.k > 1, "duplicate": self.duplicate, "seatings": self.k,
                "canonical": self.canonical,
                "arrangements": [s.strategies for s in self.setups]}


def _keeps(sides, side_of_seat, r) -> bool:
    """Does shifting every seat by ``r`` carry each side's seats onto one side's seats?"""
    n = len(side_of_seat)
    for members in sides:
        if len({side_of_seat[(p + r) % n] for p in members}) != 1:
            return False
    return True


def _shift(bots: list[str], r: int) -> list[str]:
    """The bot of seat ``p`` moves to seat ``p + r``."""
    n = len(bots)
    out = [""] * n
    for p, b in enumerate(bots):
        out[(p + r) % n] = b
    return out


def _label(bots, members) -> str:
    return "+".join(sorted(bots[p] for p in members))


def _match_labels(asked: list[str], canon: list[str]) -> list[int]:
    """The canonical entrant standing for each asked one: same label, in order of appearance."""
    free: dict[str, list[int]] = {}
    for e, lab in enumerate(canon):
        free.setdefault(lab, []).append(e)
    return [free[lab].pop(0) for lab in asked]


def _with_bots(setup: Setup, bots: list[str]) -> Setup:
    return Setup(setup.game, bots, opts=setup.opts, teams=setup.teams, target=setup.target,
                 rounds=setup.rounds, hands=setup.hands, engine=setup.engine)
