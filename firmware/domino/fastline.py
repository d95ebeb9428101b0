"""A compact engine for line games scored only at the hand's end (Draw, Block, Domino doble 12),
for simulations: tiles are small ints, a whole hand is one function call, no events are built.

It plays only games whose every turn hook is the base ``Game``'s (``supports`` checks that), so
its flow is the base flow written tight: match an end or draw as ``draws`` says, else pass; all
seats passing in a row blocks the hand. What is game-specific it asks the game itself: the deal
size, the reserve, who leads (``leader``), which tiles may lead (``check_lead``), what a hand's
end scores (``hand_points``), when the match is over and who won (``is_over``, ``winners``).
A test replays its moves through ``Match.apply`` and checks both agree, hand by hand.

Tile ``i`` is ``tiles.index(t)``: 0-0 is 0, 1-0 is 1, 1-1 is 2, 2-0 is 3 ...
"""

from .errors import DominoError
from .game import Game
from .layouts import Line
from .match import HandEnd, Left

RANDOM = 0  # any legal move, uniformly
HEAVY = 1  # the heaviest tile first, ties at random

_BASE = (
    "joins", "opening", "check_play", "play_points", "next_turn", "check_draw", "after_draw",
    "check_pass", "after_pass", "start_hand", "read_end", "is_over", "winners",
)
_DRAWS = {"none": 0, "one": 1, "two": 2, "until": 10000}


def supports(game):
    """True when ``game`` plays by the base flow on a plain line, so this engine plays it."""
    if game.entry is not None or game.stop_at_target or game.draws not in _DRAWS:
        return False
    if type(game.layout(0)) is not Line:
        return False
    cls = type(game)
    for hook in _BASE:
        if getattr(cls, hook) is not getattr(Game, hook):
            return False
    return True


class Tables:
    """Per set: each tile's halves and pips, and for each number the tiles showing it."""

    def __init__(self, top):
        self.hi = []
        self.lo = []
        for a in range(top + 1):
            for b in range(a + 1):
                self.hi.append(a)
                self.lo.append(b)
        n = len(self.hi)
        self.pips = [self.hi[i] + self.lo[i] for i in range(n)]
        self.double = [self.hi[i] == self.lo[i] for i in range(n)]
        # other[v][i]: the pip tile i leaves showing when laid on v, or -1 if it does not match
        self.other = []
        for v in range(top + 1):
            row = []
            for i in range(n):
                row.append(self.lo[i] if self.hi[i] == v else self.hi[i] if self.lo[i] == v else -1)
            self.other.append(row)
        self.has = [bytes([1 if r >= 0 else 0 for r in row]) for row in self.other]
        self.masks = []  # per number: the tiles showing it, as the bits of an int
        for row in self.other:
            m = 0
            for i in range(n):
                if row[i] >= 0:
                    m |= 1 << i
            self.masks.append(m)
        # fits[l * (top + 1) + r][i]: tile i matches the end l or the end r
        self.fits = [bytes([self.has[a][i] | self.has[b][i] for i in range(n)])
                     for a in range(top + 1) for b in range(top + 1)]
        self.size = n
        # Which tile leads when no seat is in turn: a double over any other tile, then the
        # higher (``high``) or lower (``low``) double, else the heaviest tile.
        self.lead_high = [(1 << 20) + self.pips[i] if self.double[i] else (self.pips[i] << 10) + i
                          for i in range(n)]
        self.lead_low = [(1 << 20) - self.pips[i] if self.double[i] else (self.pips[i] << 10) + i
                         for i in range(n)]


_TABLES = {}


def tables(top):
    if top not in _TABLES:
        _TABLES[top] = Tables(top)
    return _TABLES[top]


class FastMatch:
    """A match played by the fast engine: the totals and hand records ``is_over`` reads."""

    def __init__(self, game, sides, target, rounds):
        self.game = game
        self.sides = sides
        self.side_of = [0] * game.n
        for s, members in enumerate(sides):
            for p in members:
                self.side_of[p] = s
        self.target = target
        self.rounds = rounds
        self.totals = [0] * len(sides)
        self.records = []  # points per side, per hand
        self.over = False
        self.t = tables(game.top)
        self.free_lead = type(game).check_lead is Game.check_lead  # any tile may lead
        self.number = 0  # the hand being played (check_lead may read it, like Hand.number)

    def winners(self):
        return self.game.winners(self)


def play_hand(fm, deal, policies, real, log=None):
    """Play one hand of ``fm`` from ``deal`` (every tile index, shuffled: hands first, seat by
    seat, then the boneyard, drawn from its end). ``policies[p]`` is RANDOM (a tile that fits,
    uniformly; on the left end when it fits both) or HEAVY; ``real()`` returns a random float
    in [0, 1). Appends to ``log`` (if given) ("play", p, i, end) with end None
    for the lead, ("draw", p) and ("pass", p). Returns (points per side, the player who went
    out or None, the first player, plays, draws, passes) and adds the points to ``fm``."""
    g = fm.game
    t = fm.t
    n = g.n
    k = g.deal_size(n)
    hands = [deal[p * k:(p + 1) * k] for p in range(n)]
    bone = deal[n * k:]
    spare = len(bone) - g.reserve  # tiles that may still be drawn
    limit = _DRAWS[g.draws]
    other = t.other
    has = t.has
    fits = t.fits
    pips = t.pips
    fm.number = len(fm.records)
    turn = g.leader(fm, fm.number)
    plays = draws = passes = 0
    run = 0  # consecutive passes
    drawn = 0  # tiles drawn this turn
    waiting = 0  # who draws next while nobody holds a legal lead
    # The lead: the seat in turn, or (no seat in turn) whoever holds the best lead.
    while True:
        if turn is None:
            p, i = _free_lead(g, fm, hands, t, k)
            if p is None:
                p = waiting % n
                waiting += 1
        else:
            p = turn
            i = _seat_lead(g, fm, hands[p], p, t, policies[p], real)
        if i is not None:
            break
        if spare > 0 and drawn < limit:
            hands[p].append(bone.pop())
            spare -= 1
            drawn += 1
            draws += 1
            if log is not None:
                log.append(("draw", p))
            continue
        passes += 1
        run += 1
        drawn = 0
        if log is not None:
            log.append(("pass", p))
        turn = (p + 1) % n
        if run >= n:  # blocked before a tile was laid
            return _score(fm, hands, None, None, t), None, None, 0, draws, passes
    h = hands[p]
    h.remove(i)
    left, right = t.hi[i], t.lo[i]
    if log is not None:
        log.append(("play", p, i, None))
    lead = last = p
    plays = 1
    run = drawn = 0
    out = p if not h else None
    p = (p + 1) % n
    # The play: match an end, else draw as the game says, else pass.
    width = len(has)
    while out is None:
        h = hands[p]
        fit = fits[left * width + right]
        a = [i for i in h if fit[i]]
        if a:
            if len(a) == 1:
                i = a[0]
            elif policies[p] == HEAVY:
                best = max([pips[i] for i in a])
                a = [i for i in a if pips[i] == best]
                i = a[int(real() * len(a))] if len(a) > 1 else a[0]
            else:
                i = a[int(real() * len(a))]
            h.remove(i)
            if has[left][i]:
                left = other[left][i]
                e = 0
            else:
                right = other[right][i]
                e = 1
            if log is not None:
                log.append(("play", p, i, e))
            last = p
            plays += 1
            run = drawn = 0
            if not h:
                out = p
                break
            p = p + 1 if p + 1 < n else 0
            continue
        if spare > 0 and drawn < limit:
            h.append(bone.pop())
            spare -= 1
            drawn += 1
            draws += 1
            if log is not None:
                log.append(("draw", p))
            continue
        passes += 1
        run += 1
        drawn = 0
        if log is not None:
            log.append(("pass", p))
        if run >= n:
            break  # blocked
        p = p + 1 if p + 1 < n else 0
    points = _score(fm, hands, out, last, t)
    return points, out, lead, plays, draws, passes


def _free_lead(g, fm, hands, t, k):
    """No seat in turn: the highest double leads (the lowest where the game leads low), else
    the heaviest tile; only tiles the game lets lead. (None, None) if nobody holds one."""
    key = t.lead_low if getattr(g, "lead", "highest") == "lowest" else t.lead_high
    best = None
    for p in range(len(hands)):
        for i in hands[p]:
            if (best is None or key[i] > best[0]) and _may_lead(g, fm, p, i, t):
                best = (key[i], p, i)
    return (None, None) if best is None else (best[1], best[2])


def _seat_lead(g, fm, h, p, t, policy, real):
    """The seat in turn leads: its highest double (lowest where the game leads low), else as
    its policy picks; None if it holds no tile the game lets lead."""
    ok = [i for i in h if _may_lead(g, fm, p, i, t)]
    if not ok:
        return None
    doubles = [i for i in ok if t.double[i]]
    if doubles:
        if getattr(g, "lead", "highest") == "lowest":
            return min(doubles, key=lambda i: t.pips[i])
        return max(doubles, key=lambda i: t.pips[i])
    if policy == HEAVY:
        best = max(t.pips[i] for i in ok)
        ok = [i for i in ok if t.pips[i] == best]
    return ok[int(real() * len(ok))] if len(ok) > 1 else ok[0]


def _may_lead(g, fm, p, i, t):
    if fm.free_lead:
        return True
    try:
        g.check_lead(fm, p, (t.hi[i], t.lo[i]))
    except DominoError:
        return False
    return True


def _score(fm, hands, out, last, t):
    """The game's own ``hand_points`` on what each player still holds; totals and records."""
    left = []
    pips = t.pips
    double = t.double
    for h in hands:
        total = 0
        has_double = False
        for i in h:
            total += pips[i]
            if double[i]:
                has_double = True
        left.append(Left(total, len(h), has_double))
    ctx = HandEnd(left, None if out is None else fm.side_of[out], last, fm.sides, None)
    points = fm.game.hand_points(ctx)
    for s in range(len(points)):
        fm.totals[s] += points[s]
    fm.records.append(points)
    if fm.game.is_over(fm):
        fm.over = True
    return points
