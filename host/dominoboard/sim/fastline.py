"""A compact engine for line games scored only at the hand's end (Draw, Block, Domino doble 12),
for simulations: tiles are small ints, a whole hand is one function call, no events are built.

It plays only games whose every turn hook is the base ``Game``'s (``supports`` checks that), so
its flow is the base flow written tight: match an end or draw as ``draws`` says, else pass; all
seats passing in a row blocks the hand. What is game-specific it asks the game itself: the deal
size, the reserve, who leads (``leader``), which tiles may lead (``check_lead``), what a hand's
end scores (``hand_points``), when the match is over and who won (``is_over``, ``winners``).
A test replays its moves through ``Match.apply`` and checks both agree, hand by hand.

Tile ``i`` is ``tiles.index(t)``: 0-0 is 0, 1-0 is 1, 1-1 is 2, 2-0 is 3 ... In play a tile is
its bit ``1 << i`` and a hand the bits of its tiles, so whether a seat can play, and with which
tiles, is one AND with the tiles showing either end.

It runs on the host only (the device never simulates), on CPython; tests/host/test_sim_fast.py
also checks it plays the same on MicroPython. Written for speed: everything a hand asks of a
tile is a list or dict lookup prepared once per set (``Tables``; the line itself is a state of
a prepared graph, so laying a tile is one lookup), what the game's hooks answer for the whole
match is read once (``FastMatch``), and the turn loop keeps its state in locals. A hand's
randomness is one integer whose digits deal and choose (``FastMatch.plan_randomness``): no
generator to seed or call.
"""

from domino.errors import DominoError
from domino.game import Game
from domino.layouts import Line
from domino.match import HandEnd, Left

RANDOM = 0  # any legal move, uniformly
HEAVY = 1  # the heaviest tile first, ties at random

_BASE = (
    "joins", "opening", "check_play", "play_points", "next_turn", "check_draw", "after_draw",
    "check_pass", "after_pass", "hand_type", "open_to", "is_joker", "owing", "read_end",
    "is_over", "winners",
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
        self.size = n
        self.pips = [self.hi[i] + self.lo[i] for i in range(n)]
        self.double = [self.hi[i] == self.lo[i] for i in range(n)]
        # other[v][i]: the pip tile i leaves showing when laid on v, or -1 if it does not match
        self.other = []
        for v in range(top + 1):
            row = []
            for i in range(n):
                row.append(self.lo[i] if self.hi[i] == v else self.hi[i] if self.lo[i] == v else -1)
            self.other.append(row)
        self.bit = [1 << i for i in range(n)]  # tile i as a bit of a hand's bit set
        self.full = (1 << n) - 1  # the whole set
        self.index = {}  # and back
        self.pips_of = {}  # a tile's pips, by its bit
        self.doubles = 0  # every double, as bits
        for i in range(n):
            self.index[1 << i] = i
            self.pips_of[1 << i] = self.pips[i]
            if self.double[i]:
                self.doubles |= 1 << i
        self.masks = []  # per number: the tiles showing it, as bits
        for row in self.other:
            m = 0
            for i in range(n):
                if row[i] >= 0:
                    m |= 1 << i
            self.masks.append(m)
        # The line as a state: its open numbers (left, right), a dict per pair. line[l][r][0]:
        # the tiles that fit either end; line[l][r][bit]: (the line once that tile is laid, on
        # the left end when it fits both; the tiles that fit that line); line[l][r][-1]: (l, r).
        # A play is one lookup.
        # line[l][r][-2]: the tiles fitting both ends; line[l][r][-4]: l == r. A play's entry
        # also says whether the tile goes on the left end and is a double (what Line.alike
        # reads: two ends showing the same, each a double or not).
        self.line = [[{-1: (a, b), 0: self.masks[a] | self.masks[b],
                       -2: self.masks[a] & self.masks[b], -4: a == b} for b in range(top + 1)]
                     for a in range(top + 1)]
        for a in range(top + 1):
            for b in range(top + 1):
                state = self.line[a][b]
                for i in range(n):
                    if self.other[a][i] >= 0:
                        after = self.line[self.other[a][i]][b]
                        on_left = True
                    elif self.other[b][i] >= 0:
                        after = self.line[a][self.other[b][i]]
                        on_left = False
                    else:
                        continue
                    state[1 << i] = (after, after[0], on_left, self.double[i])
        # byte_pips[k][v]: the pips of the tiles of byte v of a bit set, its k-th byte (tiles
        # 8k to 8k + 7): a side's pips are one lookup per 8 tiles, not one per tile.
        self.byte_pips = []
        for k in range(0, n, 8):
            row = [0] * 256
            for v in range(1, 256):
                h = _bits(v) - 1  # v's highest tile: v is it and the tiles of a smaller byte
                row[v] = row[v ^ (1 << h)] + (self.pips[k + h] if k + h < n else 0)
            self.byte_pips.append(row)
        # Which tile leads when no seat is in turn: a double over any other tile, then the
        # higher (``high``) or lower (``low``) double, else the heaviest tile. The keys are
        # distinct, so ``order_*`` (every tile, best lead first) gives one answer.
        self.lead_high = [(1 << 20) + self.pips[i] if self.double[i] else (self.pips[i] << 10) + i
                          for i in range(n)]
        self.lead_low = [(1 << 20) - self.pips[i] if self.double[i] else (self.pips[i] << 10) + i
                         for i in range(n)]
        self.order_high = sorted(range(n), key=lambda i: -self.lead_high[i])
        self.order_low = sorted(range(n), key=lambda i: -self.lead_low[i])
        self._split = {}  # pool size -> ``split``

    def split(self, r):
        """A digit below r * (r - 1) as two draws from a pool of r: (first, second), the second
        from what the first left. Made once per pool size."""
        if r not in self._split:
            self._split[r] = [(d // (r - 1), d % (r - 1)) for d in range(r * (r - 1))]
        return self._split[r]

    def tiles_of(self, m):
        """The tiles of the bit set ``m``, lowest first."""
        out = []
        i = 0
        while m:
            if m & 1:
                out.append(i)
            m >>= 1
            i += 1
        return out


_TABLES = {}
_PAIRS = 30  # pools this small draw two tiles a digit (a table of at most 870 pairs each)


def _count_bits(m):
    return bin(m).count("1")


# How many tiles a bit set holds: int.bit_count where there is one (CPython 3.10+).
_count = getattr(int, "bit_count", _count_bits)


def _bits(v):
    """How many bits ``v`` takes (``int.bit_length``, which MicroPython lacks)."""
    n = 0
    while v >> n:
        n += 1
    return n


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
        self.lowest_first = game.lead == "lowest"  # Game.lead: Bergen 003 leads low
        self.lead_order = t.order_low if self.lowest_first else t.order_high
        self.nxt = [p + 1 for p in range(game.n - 1)] + [0]  # who plays after p
        # turns[p]: the seats in turn after p, as many turns as any hand can last (a tile laid,
        # drawn or not, at least every n turns, or the hand is blocked).
        n = game.n
        self.turns = [tuple((p + 1 + k) % n for k in range(n * (t.size + 2))) for p in range(n)]
        # The boneyard's order matters only when somebody may draw from it.
        self.draws_from = self.limit > 0 and t.size - game.n * self.k > game.reserve
        self.plan_randomness()
        self.reset()

    def reset(self):
        """A new match at the same table (a simulation reuses one FastMatch per setup)."""
        self.totals = [0] * len(self.sides)
        self.records = []  # points per side, per hand
        self.over = False
        self.number = 0  # the hand being played (check_lead may read it, like Hand.number)

    def winners(self):
        return self.game.winners(self)

    def plan_randomness(self):
        """A hand's randomness is one integer, uniform below 2 ** (8 * random_bytes): ``deal``
        takes its low ``deal_bits``, ``play_dealt`` the rest: a bit for each choice between two
        tiles (``size`` bits: at most one a tile laid), then digits for the others (at most one
        a tile laid, each among at most ``size``). The parts read as digits are 64 bits longer
        than their digits can use (a deal's counted exactly), so every outcome is as likely as
        it should be to within 2 ** -64."""
        t = self.t
        ways = 1  # the deal's digits, multiplied
        rest = t.size
        # Per seat dealt from the pool, its digits: (base, None) draws one tile of ``base``;
        # (r * (r - 1), split) two at once, ``split[digit]`` saying which (one digit, not two).
        self.deal_steps = []
        for _ in range(self.game.n):
            if rest == self.k:
                break  # the last hand is what is left
            steps = []
            left = self.k
            while left:
                if left > 1 and rest <= _PAIRS:
                    steps.append((rest * (rest - 1), t.split(rest)))
                    rest -= 2
                    left -= 2
                else:
                    steps.append((rest, None))
                    rest -= 1
                    left -= 1
            self.deal_steps.append(steps)
            for base, _ in steps:
                ways *= base
        if self.draws_from:
            for r in range(2, rest + 1):
                ways *= r
        self.deal_bits = _bits(ways) + 64
        self.deal_mask = (1 << self.deal_bits) - 1
        self.pairs = (1 << t.size) - 1  # the bits for choices between two
        self.random_bytes = (self.deal_bits + t.size + t.size * _bits(2 * t.size) + 64 + 7) // 8


def deal(fm, x):
    """A random deal for ``fm``'s game from the low ``fm.deal_bits`` of ``x``, a hand's random
    integer (``FastMatch``): each seat's hand as a bit set, the boneyard as a list of tile bits,
    drawn from its end, and the rest of ``x``, for ``play_dealt``.

    Each hand is drawn tile by tile, uniformly from the tiles not yet dealt (a pool): every way
    of dealing the hands is equally likely. When the hands take the whole set the last is what
    is left; the boneyard is shuffled (Fisher-Yates) only when somebody may draw from it."""
    t = fm.t
    pool = t.bit[:]
    held = []
    dealt = 0
    more = x >> fm.deal_bits
    x &= fm.deal_mask
    for seat in fm.deal_steps:
        m = 0
        for base, split in seat:
            x, j = divmod(x, base)
            if split is None:
                m |= pool.pop(j)
            else:
                j, i = split[j]
                m |= pool.pop(j) | pool.pop(i)
        held.append(m)
        dealt |= m
    if len(held) < fm.game.n:  # the last hand takes what is left
        held.append(t.full ^ dealt)
        return held, [], more
    rest = len(pool)
    if fm.draws_from:
        while rest > 1:
            x, j = divmod(x, rest)
            rest -= 1
            pool[j], pool[rest] = pool[rest], pool[j]
    return held, pool, more


def play_dealt(fm, held, bone, policies, x, log=None):
    """Play one hand of ``fm`` from ``held`` (each seat's tiles, bit sets; changed in place)
    and ``bone`` (tile bits, drawn from its end). ``policies[p]`` is RANDOM (a play, uniformly,
    as ``Match.legal_plays`` lists them: a tile fitting both ends twice unless the ends are
    alike) or HEAVY (the same among the heaviest tiles).

    ``x`` drives the choices: what ``deal`` left of the hand's random integer. Each choice
    between two tiles takes the next of its low ``size`` bits, each other choice among ``c``
    the next digit in base ``c`` of the rest (``x, j = divmod(x, c)``).

    Appends to ``log`` (if given) ("play", p, i, end) with end None for the lead, ("draw", p)
    and ("pass", p). Returns (points per side, the player who went out or None, the first
    player, plays, draws, passes) and adds the points to ``fm``."""
    g = fm.game
    t = fm.t
    n = g.n
    limit = fm.limit
    spare = len(bone) - g.reserve if limit else 0  # tiles that may still be drawn
    dealt = n * fm.k
    fm.number = len(fm.records)
    turn = g.leader(fm, fm.number)
    draws = passes = 0
    if fm.free_lead and turn is not None:  # the seat in turn leads at once
        p = turn
        m, x = _seat_lead(fm, held[p], policies[p], x)
    elif fm.free_lead:  # the best lead dealt
        p, m = _best_lead(fm, held)
    else:
        p, m, x, draws, passes = _lead(fm, turn, held, bone, spare, policies, x, log)
        if not m:  # blocked before a tile was laid
            points, count = _score_held(fm, held, None, None)
            return points, None, None, 0, draws, passes
        spare -= draws
    index = t.index  # bit -> tile
    if log is not None:
        log.append(("play", p, index[m], None))
    pips = t.pips_of
    i = index[m]
    line = t.line[t.hi[i]][t.lo[i]]
    ends = line[0]  # the tiles that fit
    m = held[p] ^ m
    held[p] = m
    lead = p
    out = None
    if not m:  # the lead was the seat's only tile
        points, count = _score_held(fm, held, p, p)
        return points, p, p, dealt + draws - count, draws, passes
    pairs = x & fm.pairs
    x >>= t.size
    heavy = HEAVY in policies
    other = t.other
    double = t.double
    dl = dr = double[i]  # whether each end shows a double (a line tells such ends apart)
    last = p  # the seat that laid the last tile
    # The play: match an end, else draw as the game says, else pass. The hand is blocked when
    # the turn comes back to the seat that laid the last tile and it passes too.
    for p in fm.turns[lead]:
        m = held[p] & ends
        if not m:
            if spare > 0:
                drawn = 0
                while spare > 0 and drawn < limit:
                    b = bone.pop()
                    held[p] |= b
                    spare -= 1
                    drawn += 1
                    if log is not None:
                        log.append(("draw", p))
                    if b & ends:
                        m = b
                        break
                draws += drawn
            if not m:
                passes += 1
                if log is not None:
                    log.append(("pass", p))
                if p == last:
                    break  # blocked
                continue
        last = p
        if heavy and policies[p] == HEAVY:
            m = _heaviest(m, pips)
        # The plays, as Match.legal_plays lists them: each tile on the left end when it fits
        # both, and again on the right when that makes another line (Line.alike: ends alike
        # when they show the same, the same way).
        both = m & line[-2]
        if both and dl == dr and line[-4]:
            both = 0  # alike ends: one play
        right = False
        b = m & (m - 1)  # the tiles that fit but the lowest
        if b or both:  # two or more plays: choose
            if not both and not b & (b - 1):  # two tiles, uniformly: a bit of their own
                m = b if pairs & 1 else m ^ b
                pairs >>= 1
            elif not b:  # one tile, either end: a bit too
                right = bool(pairs & 1)
                pairs >>= 1
            else:  # skip a random number of the lowest plays
                k = _count(m)
                x, c = divmod(x, k + _count(both))
                if c >= k:
                    right = True
                    m = both
                    c -= k
                while c:
                    m &= m - 1
                    c -= 1
                m &= -m
        if right:
            i = index[m]
            dr = double[i]
            left, r = line[-1]
            line = t.line[left][other[r][i]]
            ends = line[0]
        else:
            line, ends, on_left, dbl = line[m]
            if on_left:
                dl = dbl
            else:
                dr = dbl
                right = True  # for the log
        if log is not None:
            log.append(("play", p, index[m], 1 if right else 0))
        m = held[p] ^ m
        held[p] = m
        if not m:
            out = p
            break
    else:  # cannot happen: a tile is laid at least every n turns, or the hand is blocked
        raise DominoError("the fast engine ran out of turns")
    points, count = _score_held(fm, held, out, p)
    return points, out, lead, dealt + draws - count, draws, passes


def _pick(m, x):
    """One of the tiles of ``m`` (bits), uniformly, with what is left of ``x``: count them,
    then skip that many of the lowest."""
    if not m & (m - 1):
        return m, x
    x, c = divmod(x, _count(m))
    while c:
        m &= m - 1
        c -= 1
    return m & -m, x


def _heaviest(m, pips):
    """The tiles of ``m`` with the most pips."""
    best = -1
    a = 0
    while m:
        b = m & -m
        m ^= b
        if pips[b] > best:
            best = pips[b]
            a = b
        elif pips[b] == best:
            a |= b
    return a


def _lead(fm, turn, held, bone, spare, policies, x, log):
    """The first tile when the game limits which tiles lead; drawing as the game allows while
    nobody can. Returns (seat, the tile's bit or 0 if blocked, x, draws, passes)."""
    g = fm.game
    n = g.n
    limit = fm.limit
    draws = passes = run = drawn = 0
    waiting = 0  # who draws next while nobody holds a legal lead
    while True:
        if turn is None:
            p, m = _best_lead(fm, held)
            if p is None:
                p = waiting % n
                waiting += 1
        else:
            p = turn
            m, x = _seat_lead(fm, _leads(fm, p, held[p]), policies[p], x)
        if m:
            return p, m, x, draws, passes
        if spare > 0 and drawn < limit:
            held[p] |= bone.pop()
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
            return p, 0, x, draws, passes


def _best_lead(fm, held):
    """No seat in turn: the highest double leads (the lowest where the game leads low), else
    the heaviest tile; only tiles the game lets lead. (seat, the tile's bit), or (None, 0) if
    nobody holds one."""
    bit = fm.t.bit
    free = fm.free_lead
    dealt = 0
    for m in held:
        dealt |= m
    for i in fm.lead_order:
        b = bit[i]
        if dealt & b:
            p = 0
            while not held[p] & b:
                p += 1
            if free or _may_lead(fm, p, i):
                return p, b
    return None, 0


def _seat_lead(fm, m, policy, x):
    """The seat in turn leads from ``m``, the tiles it may lead: its highest double (lowest
    where the game leads low), else a tile its policy picks; 0 if ``m`` is empty. Returns the
    tile's bit and what is left of ``x``."""
    t = fm.t
    if m & t.doubles:
        bit = t.bit
        for i in fm.lead_order:  # every double first, best first
            if m & bit[i]:
                return bit[i], x
    if policy == HEAVY:
        m = _heaviest(m, t.pips_of)
    return _pick(m, x)


def _leads(fm, p, m):
    """The tiles of ``m`` that seat ``p`` may lead."""
    if fm.free_lead:
        return m
    ok = 0
    t = fm.t
    for i in t.tiles_of(m):
        if _may_lead(fm, p, i):
            ok |= t.bit[i]
    return ok


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


class HeldEnd(HandEnd):
    """``HandEnd`` from the hands as bit sets (``held``): each side's pips summed straight from
    its tiles; its counts and doubles, and each player's ``Left``, only when a game reads them
    (Draw and Block read the pips alone). Same fields as ``HandEnd`` (a test compares them)."""

    hand = None

    def __init__(self, t, held, out, last, sides):
        self._t = t
        self._held = held
        self.out = out
        self.blocked = out is None
        self.last = last
        self.sides = sides
        self.pips = pips = []
        byte_pips = t.byte_pips
        for members in sides:
            m = 0
            for p in members:
                m |= held[p]
            x = 0
            for row in byte_pips:
                x += row[m & 255]
                m >>= 8
                if not m:
                    break
            pips.append(x)

    def _side(self, members):
        m = 0
        for p in members:
            m |= self._held[p]
        return m

    @property
    def counts(self):
        return [_count(self._side(members)) for members in self.sides]

    @property
    def doubles(self):
        return [self._side(members) & self._t.doubles != 0 for members in self.sides]

    @property
    def players(self):
        t = self._t
        out = []
        for m in self._held:
            x = 0
            for i in t.tiles_of(m):
                x += t.pips[i]
            out.append(Left(x, _count(m), m & t.doubles != 0))
        return out


def _score_held(fm, held, out, last):
    """The game's own ``hand_points`` on what each player (``held``, bit sets) still holds;
    the points go to the totals and the records. Returns them and how many tiles are still
    held."""
    ctx = HeldEnd(fm.t, held, None if out is None else fm.side_of[out], last, fm.sides)
    points = fm.game.hand_points(ctx)
    totals = fm.totals
    rest = 0
    for s in range(len(points)):
        totals[s] += points[s]
    for m in held:
        rest |= m
    fm.records.append(points)
    if fm.game.is_over(fm):
        fm.over = True
    return points, _count(rest)
