"""A compact engine for line games scored only at the hand's end (Draw, Block, Domino doble 12),
for simulations: tiles are small ints, a whole hand is one function call, no events are built.

It plays only games whose every turn hook is the base ``Game``'s (``supports`` checks that), so
its flow is the base flow written tight: match an end or draw as ``draws`` says, else pass; all
seats passing in a row blocks the hand. What is game-specific it asks the game itself: the deal
size, the reserve, who leads (``leader``), which tiles may lead (``check_lead``), what a hand's
end scores (``hand_points``), when the match is over and who won (``is_over``, ``winners``).
A test replays its moves through ``Match.apply`` and checks both agree, hand by hand.

Tile ``i`` is ``tiles.index(t)``: 0-0 is 0, 1-0 is 1, 1-1 is 2, 2-0 is 3 ...

Written for speed on CPython and MicroPython alike: everything a hand asks of a tile is a list
lookup prepared once per set (``Tables``), what the game's hooks answer for the whole match is
read once (``FastMatch``), and the turn loop keeps its state in locals.
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
        # fits[l][r][i]: tile i matches the end l or the end r (one lookup a turn)
        self.fits = [[bytes([self.has[a][i] | self.has[b][i] for i in range(n)])
                      for b in range(top + 1)] for a in range(top + 1)]
        self.size = n
        self.bit = [1 << i for i in range(n)]  # tile i as a bit of a hand's bit set
        self.index = {}  # and back
        for i in range(n):
            self.index[1 << i] = i
        # by_bit[v][bit[i]]: other[v][i], keyed by the tile's bit (a play needs no index)
        self.by_bit = []
        for row in self.other:
            d = {}
            for i in range(n):
                d[1 << i] = row[i]
            self.by_bit.append(d)
        # Which tile leads when no seat is in turn: a double over any other tile, then the
        # higher (``high``) or lower (``low``) double, else the heaviest tile. The keys are
        # distinct, so ``order_*`` (every tile, best lead first) gives one answer.
        self.lead_high = [(1 << 20) + self.pips[i] if self.double[i] else (self.pips[i] << 10) + i
                          for i in range(n)]
        self.lead_low = [(1 << 20) - self.pips[i] if self.double[i] else (self.pips[i] << 10) + i
                         for i in range(n)]
        self.order_high = sorted(range(n), key=lambda i: -self.lead_high[i])
        self.order_low = sorted(range(n), key=lambda i: -self.lead_low[i])


_TABLES = {}


def tables(top):
    if top not in _TABLES:
        _TABLES[top] = Tables(top)
    return _TABLES[top]


class FastMatch:
    """A match played by the fast engine: the totals and hand records ``is_over`` reads, and
    what the game's hooks answer for every hand of it (read once here, not once a turn)."""

    def __init__(self, game, sides, target, rounds):
        self.game = game
        self.sides = sides
        self.side_of = [0] * game.n
        for s, members in enumerate(sides):
            for p in members:
                self.side_of[p] = s
        self.target = target
        self.rounds = rounds
        self.t = t = tables(game.top)
        self.free_lead = type(game).check_lead is Game.check_lead  # any tile may lead
        self.k = game.deal_size(game.n)  # tiles dealt to each player
        self.limit = _DRAWS.get(game.draws, 0)  # draws a turn before passing
        self.lowest_first = getattr(game, "lead", "highest") == "lowest"
        self.lead_key = t.lead_low if self.lowest_first else t.lead_high
        self.lead_order = t.order_low if self.lowest_first else t.order_high
        self.nxt = [p + 1 for p in range(game.n - 1)] + [0]  # who plays after p
        self.reset()

    def reset(self):
        """A new match at the same table (a simulation reuses one FastMatch per setup)."""
        self.totals = [0] * len(self.sides)
        self.records = []  # points per side, per hand
        self.over = False
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
    k = fm.k
    dealt = n * k
    bone = deal[dealt:]
    limit = fm.limit
    spare = len(bone) - g.reserve if limit else 0  # tiles that may still be drawn
    fm.number = len(fm.records)
    turn = g.leader(fm, fm.number)
    draws = passes = 0
    # From the lead on each hand is a bit set (bit[i] is tile i): whether a seat can play, and
    # with which tiles, is one AND with the tiles showing either end (``ends``).
    bit = t.bit
    held = [0] * n
    if fm.free_lead:  # any tile may lead, so somebody leads at once
        if turn is None:
            # No seat in turn: the best lead dealt; its place in the deal names the seat.
            p = i = 0
            for i in fm.lead_order:
                at = deal.index(i)
                if at < dealt:
                    p = at // k
                    break
        else:
            p = turn
            i = _seat_lead(fm, deal[p * k:p * k + k], p, policies[p], real)
        for q in range(n):
            m = 0
            for j in deal[q * k:q * k + k]:
                m |= bit[j]
            held[q] = m
    else:
        hands = [deal[q * k:q * k + k] for q in range(n)]
        p, i, draws, passes = _lead(fm, turn, hands, bone, spare, policies, real, log)
        if i is None:  # blocked before a tile was laid
            return _score(fm, hands, None, None), None, None, 0, draws, passes
        spare -= draws
        for q in range(n):
            m = 0
            for j in hands[q]:
                m |= bit[j]
            held[q] = m
    if log is not None:
        log.append(("play", p, i, None))
    index = t.index  # bit -> tile
    masks = t.masks
    other = t.by_bit
    pips = t.pips
    m = held[p] ^ bit[i]
    held[p] = m
    left, right = t.hi[i], t.lo[i]
    ends = masks[left] | masks[right]
    lead = p
    out = None
    if not m:  # the lead was the seat's only tile
        points, count = _score_held(fm, held, p, p)
        return points, p, p, dealt + draws - count, draws, passes
    nxt = fm.nxt
    run = 0  # passes in a row
    # The play: match an end, else draw as the game says, else pass. The seat that blocks the
    # hand (the n-th pass in a row) is the one that laid the last tile, so ``last`` is ``p``.
    while True:
        p = nxt[p]
        m = held[p] & ends
        if not m:
            if spare > 0:
                drawn = 0
                while spare > 0 and drawn < limit:
                    j = bone.pop()
                    held[p] |= bit[j]
                    spare -= 1
                    drawn += 1
                    if log is not None:
                        log.append(("draw", p))
                    if bit[j] & ends:
                        m = bit[j]
                        break
                draws += drawn
            if not m:
                passes += 1
                if log is not None:
                    log.append(("pass", p))
                run += 1
                if run >= n:
                    break  # blocked
                continue
        run = 0
        b = m & (m - 1)  # the tiles that fit but the lowest
        if b:  # two or more tiles fit: choose
            if policies[p] == HEAVY:  # the heaviest; ties at random
                a = []
                best = -1
                while m:
                    b = m & -m
                    m ^= b
                    x = pips[index[b]]
                    if x > best:
                        best = x
                        a = [b]
                    elif x == best:
                        a.append(b)
                m = a[int(real() * len(a))] if len(a) > 1 else a[0]
            elif not b & (b - 1):  # two, uniformly
                m = b if real() < 0.5 else m ^ b
            else:  # uniformly: count the tiles, then skip that many of the lowest
                c = 0
                b = m
                while b:
                    b &= b - 1
                    c += 1
                c = int(real() * c)
                while c:
                    m &= m - 1
                    c -= 1
                m &= -m
        x = other[left][m]
        if x >= 0:
            left = x
        else:
            right = other[right][m]
        ends = masks[left] | masks[right]
        if log is not None:
            log.append(("play", p, index[m], 0 if x >= 0 else 1))
        m = held[p] ^ m
        held[p] = m
        if not m:
            out = p
            break
    points, count = _score_held(fm, held, out, p)
    return points, out, lead, dealt + draws - count, draws, passes


def _lead(fm, turn, hands, bone, spare, policies, real, log):
    """The first tile when a seat is in turn or the game limits which tiles lead; drawing as
    the game allows while nobody can. Returns (seat, tile or None if blocked, draws, passes)."""
    g = fm.game
    n = g.n
    limit = fm.limit
    draws = passes = run = drawn = 0
    waiting = 0  # who draws next while nobody holds a legal lead
    while True:
        if turn is None:
            p, i = _free_lead(fm, hands)
            if p is None:
                p = waiting % n
                waiting += 1
        else:
            p = turn
            i = _seat_lead(fm, hands[p], p, policies[p], real)
        if i is not None:
            return p, i, draws, passes
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
        if run >= n:
            return p, None, draws, passes


def _free_lead(fm, hands):
    """No seat in turn: the highest double leads (the lowest where the game leads low), else
    the heaviest tile; only tiles the game lets lead. (None, None) if nobody holds one."""
    key = fm.lead_key
    best = None
    for p in range(len(hands)):
        for i in hands[p]:
            if (best is None or key[i] > best[0]) and _may_lead(fm, p, i):
                best = (key[i], p, i)
    return (None, None) if best is None else (best[1], best[2])


def _seat_lead(fm, h, p, policy, real):
    """The seat in turn leads: its highest double (lowest where the game leads low), else as
    its policy picks; None if it holds no tile the game lets lead."""
    t = fm.t
    ok = h if fm.free_lead else [i for i in h if _may_lead(fm, p, i)]
    if not ok:
        return None
    key = fm.lead_key
    best = ok[0]
    for i in ok:
        if key[i] > key[best]:
            best = i
    if t.double[best]:  # the keys put every double first, highest (or lowest) first
        return best
    if policy == HEAVY:
        best = max(t.pips[i] for i in ok)
        ok = [i for i in ok if t.pips[i] == best]
    return ok[int(real() * len(ok))] if len(ok) > 1 else ok[0]


def _may_lead(fm, p, i):
    if fm.free_lead:
        return True
    t = fm.t
    try:
        fm.game.check_lead(fm, p, (t.hi[i], t.lo[i]))
    except DominoError:
        return False
    return True


class FastEnd(HandEnd):
    """``HandEnd`` built for the fast engines: every player's count and doubles are known, so
    the per-side sums need none of its checks for missing values. Same fields (a test compares
    them with ``HandEnd``'s own)."""

    def __init__(self, left, out, last, sides, hand):
        self.players = left
        self.out = out
        self.blocked = out is None
        self.last = last
        self.hand = hand
        self.sides = sides
        self.pips = pips = []
        self.counts = counts = []
        self.doubles = doubles = []
        for members in sides:
            x = c = 0
            d = False
            for p in members:
                one = left[p]
                x += one.pips
                c += one.count
                if one.double:
                    d = True
            pips.append(x)
            counts.append(c)
            doubles.append(d)


def _score_held(fm, held, out, last):
    """``_score`` from the hands as bit sets; also returns how many tiles are still held."""
    t = fm.t
    index = t.index
    pips = t.pips
    double = t.double
    left = []
    held_count = 0
    for m in held:
        total = count = 0
        has_double = False
        while m:
            b = m & -m
            m ^= b
            i = index[b]
            total += pips[i]
            count += 1
            if double[i]:
                has_double = True
        left.append(Left(total, count, has_double))
        held_count += count
    return _points(fm, left, out, last), held_count


def _score(fm, hands, out, last):
    """The game's own ``hand_points`` on what each player (``hands``, lists) still holds."""
    left = []
    t = fm.t
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
    return _points(fm, left, out, last)


def _points(fm, left, out, last):
    """The game's own ``hand_points`` on what each player still holds (``left``, one Left per
    player); the points go to the totals and the records."""
    ctx = FastEnd(left, None if out is None else fm.side_of[out], last, fm.sides, None)
    points = fm.game.hand_points(ctx)
    totals = fm.totals
    for s in range(len(points)):
        totals[s] += points[s]
    fm.records.append(points)
    if fm.game.is_over(fm):
        fm.over = True
    return points
