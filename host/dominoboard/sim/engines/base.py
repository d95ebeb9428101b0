"""What the fast engines share: their one interface (``FastMatch``: ``line.LineMatch``,
``trains.TrainsMatch`` and ``fives.FivesMatch`` override it, as python-chess's variants override
its ``Board``), the deal from a hand's integer, the tables of a set, the bots' meanings and the
hand's end they hand to the game's ``hand_points`` (``HeldEnd``).

Tile ``i`` is ``tiles.index(t)``: 0-0 is 0, 1-0 is 1, 1-1 is 2, 2-0 is 3 ... The engines run on
the host only (the device never simulates); tests/host/test_sim_fast.py also checks they play
the same on MicroPython, so this is written in the subset both run.
"""

from domino.ending import Left
from domino.match import HandEnd

RANDOM = 0  # any legal move, uniformly
HEAVY = 1  # the heaviest tile first, ties at random
GREEDY = 2  # the most points the play scores now, then as HEAVY (games that count in play)
COUNTER = 3  # strategies.Counter: points, then ends the others can hardly match, then HEAVY


class FastMatch:
    """A match played by a fast engine, the same way whichever: made once per setup (game,
    sides, match length, each seat's policy: RANDOM, HEAVY, GREEDY or COUNTER, as ``bots``
    names them), then for every match ``reset()`` and ``play_match(randoms)``, or
    ``play_hand(x)`` hand by hand; ``totals``, ``records``, ``over`` and ``winners()`` are what
    ``Game.is_over`` and ``Game.winners`` read.

    A hand's randomness is one integer below ``2 ** (8 * random_bytes)``, uniform: the engine
    deals and chooses from it alone, so a hand comes out the same whoever plays it (Mexican
    Train's engine reads only a match's first: its generator, seeded once, plays on)."""

    random_bytes = 16  # what an engine that seeds a generator with it needs
    # The bots it plays, by name: in games where no play scores, greedy is heavy.
    bots = {"random": RANDOM, "heavy": HEAVY, "greedy": HEAVY}
    stopped = False  # the hand just played ended at the target mid-play (not blocked)
    draws_from = False  # somebody may draw from the boneyard: its order is dealt too

    # The house rules it plays, by name: the values it plays (None: every value the game
    # allows). A game setting any other rule, or another value, is played on the fold
    # (``supports`` is False): an engine never ignores a rule it does not know.
    house_rules = {"top": None}

    @classmethod
    def supports(cls, game):
        """True when this engine plays ``game`` as the rules core does: its flow
        (``plays_flow``) and every house rule it sets (``unplayed``)."""
        return cls.plays_flow(game) and cls.unplayed(game) is None

    @staticmethod
    def plays_flow(game):
        """True when this engine plays the turns of ``game`` (its hooks, its layout)."""
        raise NotImplementedError

    @classmethod
    def unplayed(cls, game):
        """The first house rule of ``game`` this engine does not play, as "name=value", or
        None when it plays them all."""
        rules = cls.house_rules
        for key in sorted(game.opts):
            value = game.opts[key]
            if key not in rules or (rules[key] is not None and value not in rules[key]):
                return key + "=" + str(value).lower()
        return None

    def __init__(self, game, sides, target, rounds, policies):
        self.game = game
        self.sides = sides
        self.side_of = [0] * game.n
        for s, members in enumerate(sides):
            for p in members:
                self.side_of[p] = s
        self.target = target
        self.rounds = rounds
        self.policies = list(policies)
        self.t = tables(game.top)
        self.k = game.deal_size(game.n)  # tiles dealt to each player
        self.nxt = [p + 1 for p in range(game.n - 1)] + [0]  # who plays after p
        self.reset()

    def reset(self):
        """A new match at the same table (a simulation reuses one per setup)."""
        self.totals = [0] * len(self.sides)
        self.records = []  # points per side, per hand
        self.over = False
        self.number = 0  # the hand being played (hooks may read it, like Hand.number)

    def winners(self):
        return self.game.winners(self)

    def play_hand(self, x, log=None):
        """Deal and play one hand from its random integer ``x``; add its points. Returns
        (points per side, the player who went out or None, the first player, tiles laid,
        draws, passes). Appends to ``log`` (if given) ("deal", tiles: each seat's hand, then
        the boneyard drawn from its end), ("play", p, tile, end; end None for the lead),
        ("draw", p) and ("pass", p)."""
        raise NotImplementedError

    def play_match(self, randoms, log=None, single=False):
        """Play hands, one per integer of ``randoms``, until the match is over (``single``: one
        hand). Each hand as (lead, plays, draws, passes, out, blocked, points)."""
        hands = []
        for x in randoms:
            points, out, lead, plays, draws, passes = self.play_hand(x, log)
            hands.append((lead, plays, draws, passes, out, out is None and not self.stopped,
                          points))
            if single or self.over:
                break
        return hands

    def plan_deal(self):
        """The digits ``deal`` reads for this game (``deal_steps``) and how many bits of a
        hand's integer they take (``deal_bits``, ``deal_mask``): every way of dealing counted
        exactly, 64 bits to spare. For the engines that deal from the hand's integer (line,
        fives); ``draws_from`` says whether the boneyard's order matters."""
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
                if left > 1 and rest <= PAIRS:
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
        self.deal_bits = bits(ways) + 64
        self.deal_mask = (1 << self.deal_bits) - 1

    def deal(self, x, log=None):
        """A random deal from the low ``deal_bits`` of ``x``, a hand's random integer: each
        seat's hand as a bit set, the boneyard as a list of tile bits, drawn from its end, and
        the rest of ``x``, for the choices. Logged as ``play_hand`` says.

        Each hand is drawn tile by tile, uniformly from the tiles not yet dealt (a pool): every
        way of dealing the hands is equally likely. When the hands take the whole set the last
        is what is left; the boneyard is shuffled (Fisher-Yates) only when somebody may draw
        from it."""
        t = self.t
        pool = t.bit[:]
        pop = pool.pop
        held = []
        dealt = 0
        more = x >> self.deal_bits
        x &= self.deal_mask
        for seat in self.deal_steps:
            m = 0
            for base, split in seat:
                x, j = divmod(x, base)
                if split is None:
                    m |= pop(j)
                else:
                    j, i = split[j]
                    m |= pop(j) | pop(i)
            held.append(m)
            dealt |= m
        if len(held) < self.game.n:  # the last hand takes what is left
            held.append(t.full ^ dealt)
            pool = []
        rest = len(pool)
        if self.draws_from:
            while rest > 1:
                x, j = divmod(x, rest)
                rest -= 1
                pool[j], pool[rest] = pool[rest], pool[j]
        if log is not None:
            log.append(("deal", [i for m in held for i in t.tiles_of(m)]
                        + [t.index[b] for b in pool]))
        return held, pool, more

    def scored(self, points):
        """A hand's points go to the totals and the records; is the match over now?"""
        totals = self.totals
        for s in range(len(points)):
            totals[s] += points[s]
        self.records.append(points)
        if self.game.is_over(self):
            self.over = True


class Tables:
    """Per set: each tile's halves and pips, and for each number the tiles showing it."""

    def __init__(self, top):
        self.top = top
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
        self._start = None  # ``line_starts``, made when a line game first asks
        # byte_pips[k][v]: the pips of the tiles of byte v of a bit set, its k-th byte (tiles
        # 8k to 8k + 7): a side's pips are one lookup per 8 tiles, not one per tile.
        self.byte_pips = []
        for k in range(0, n, 8):
            row = [0] * 256
            for v in range(1, 256):
                h = bits(v) - 1  # v's highest tile: v is it and the tiles of a smaller byte
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

    def line_starts(self):
        """A line as a state of a graph made once per set, so that laying a tile is one dict
        lookup. A state is the two open numbers and whether each shows a double (what
        ``Line.alike`` reads: ends alike when they show the same, the same way), as a dict:
        [FITS]: the tiles that fit either end; [BOTH]: those that fit both ends and make two
        plays (none when the ends are alike); [bit]: (the state after, its [FITS] and [BOTH],
        bit) with the tile on the left end when it fits there; [bit << size]: the same on the
        right end (tiles of [BOTH]); [OPEN]: the open numbers (for logs). Returns, by the lead
        tile's bit, the line it starts."""
        if self._start is None:
            top = self.top
            n = self.size
            double = self.double
            states = {}
            for a in range(top + 1):
                for b in range(top + 1):
                    for da in (False, True):
                        for db in (False, True):
                            alike = a == b and da == db
                            states[a, b, da, db] = {
                                FITS: self.masks[a] | self.masks[b], OPEN: (a, b),
                                BOTH: 0 if alike else self.masks[a] & self.masks[b]}
            for (a, b, da, db), state in states.items():
                for i in range(n):
                    left = self.other[a][i]
                    right = self.other[b][i]
                    if right >= 0:
                        after = states[a, right, da, double[i]]
                        state[1 << i if left < 0 else 1 << (i + n)] = (after, after[FITS],
                                                                       after[BOTH], 1 << i)
                    if left >= 0:
                        after = states[left, b, double[i], db]
                        state[1 << i] = (after, after[FITS], after[BOTH], 1 << i)
            self._start = {1 << i: states[self.hi[i], self.lo[i], double[i], double[i]]
                           for i in range(n)}
        return self._start

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


PAIRS = 30  # pools this small deal two tiles a digit (a table of at most 870 pairs each)

FITS = 0  # keys of a line state (``Tables.line_starts``) that are no tile's bit
BOTH = 3
OPEN = 5

_TABLES = {}


def tables(top):
    if top not in _TABLES:
        _TABLES[top] = Tables(top)
    return _TABLES[top]


def _count_bits(m):
    return bin(m).count("1")


# How many tiles a bit set holds: int.bit_count where there is one (CPython 3.10+).
count = getattr(int, "bit_count", _count_bits)


def bits(v):
    """How many bits ``v`` takes (``int.bit_length``, which MicroPython lacks)."""
    n = 0
    while v >> n:
        n += 1
    return n


# How many bits ``v`` takes: int.bit_length where there is one.
top_bit = getattr(int, "bit_length", bits)


def pips_of(t, m):
    """The pips of the tiles of ``m`` (bits): a lookup per byte (``Tables.byte_pips``)."""
    x = 0
    for row in t.byte_pips:
        x += row[m & 255]
        m >>= 8
        if not m:
            break
    return x


def pick(m, x):
    """One of the tiles of ``m`` (bits), uniformly, with what is left of ``x``: count them,
    then skip that many of the lowest."""
    if not m & (m - 1):
        return m, x
    x, c = divmod(x, count(m))
    while c:
        m &= m - 1
        c -= 1
    return m & -m, x


def heaviest(m, pips):
    """The tiles of ``m`` (bits) with the most pips (``pips``: by a tile's bit)."""
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


class HeldEnd(HandEnd):
    """``HandEnd`` from the hands as bit sets (``held``): each side's pips summed straight from
    its tiles; its counts and doubles, each player's ``Left`` and the table (``hand``: the
    tiles ``seen`` on it) only when a game reads them (Draw and Block read the pips alone). Same
    fields as ``HandEnd`` (a test compares them). One per match, refilled at every hand's end
    (``fill``): cheaper than a new one."""

    def __init__(self, t, sides):
        self._t = t
        self.sides = sides

    def fill(self, held, out, last, table=0):
        """The hand's end: ``held``, each seat's tiles; ``out``, the side that went out or
        None; ``last``, the seat that laid the last tile; ``table``, the tiles laid (bits)."""
        self._held = held
        self._table = table
        self._players = None
        self.out = out
        self.blocked = out is None
        self.last = last
        self.pips = pips = []
        byte_pips = self._t.byte_pips
        rest = 0
        for members in self.sides:
            m = 0
            for p in members:
                m |= held[p]
            rest |= m
            x = 0  # pips_of, inlined: once per side and hand
            for row in byte_pips:
                x += row[m & 255]
                m >>= 8
                if not m:
                    break
            pips.append(x)
        self.rest = rest  # every tile still held
        return self

    def _side(self, members):
        m = 0
        for p in members:
            m |= self._held[p]
        return m

    @property
    def counts(self):
        return [count(self._side(members)) for members in self.sides]

    @property
    def doubles(self):
        return [self._side(members) & self._t.doubles != 0 for members in self.sides]

    @property
    def players(self):
        """Each player's ``Left``: pips, tiles, whether he holds a double, and 0-0 (tile 0)."""
        if self._players is None:  # read once per player by hand_points: made once
            t = self._t
            self._players = [Left(pips_of(t, m), count(m), m & t.doubles != 0, None, None,
                                  m & 1 != 0) for m in self._held]
        return self._players

    @property
    def hand(self):
        """What a game reads of the hand's table: the tiles ``seen`` on it, as pairs."""
        return Table([(self._t.hi[i], self._t.lo[i]) for i in self._t.tiles_of(self._table)])


class Table:
    """The tiles seen on a hand's table (``HandEnd.hand`` for a game that looks at it)."""

    def __init__(self, seen):
        self.seen = set(seen)
