"""The fast engine for line games scored only at the hand's end (Draw, Block, Domino doble 12),
for simulations: tiles are small ints, a whole hand is one call, no events are built.

It plays only games whose every turn hook is the base ``Game``'s (``plays_flow`` checks that), so
its flow is the base flow written tight: match an end or draw as ``draws`` says, else pass; all
seats passing in a row blocks the hand. What is game-specific it asks the game itself: the deal
size, the reserve, who leads (``leader``), which tiles may lead (``check_lead``), what a hand's
end scores (``hand_points``), when the match is over and who won (``is_over``, ``winners``).
A test replays its moves through ``Match.apply`` and checks both agree, hand by hand.

In play a tile is its bit ``1 << i`` and a hand the bits of its tiles, so whether a seat can
play, and with which tiles, is one AND with the tiles showing either end. Written for speed:
everything a hand asks of a tile is a lookup prepared once per set (``fastbase.Tables``; the
line itself is a state of a prepared graph, so laying a tile is one lookup), what the game's
hooks answer for the whole match is read once (``LineMatch``), and the turn loop keeps its
state in locals. A hand's randomness is one integer whose digits deal and choose
(``LineMatch.plan_randomness``): no generator to seed or call.
"""

from domino.errors import DominoError
from domino.game import Game
from domino.layouts import Line

from .fastbase import BOTH, FITS, HEAVY, OPEN, FastMatch, HeldEnd, bits, count, heaviest, top_bit

_BASE = (
    "joins", "opening", "check_play", "play_points", "next_turn", "check_draw", "after_draw",
    "check_pass", "after_pass", "hand_type", "open_to", "is_joker", "owing", "read_end",
    "is_over", "winners", "drawable",
)
_DRAWS = {"none": 0, "one": 1, "two": 2, "until": 10000}
_PAIRS = 30  # pools this small draw two tiles a digit (a table of at most 870 pairs each)


class LineMatch(FastMatch):
    """``FastMatch`` for line games, with what the game's hooks answer for every hand of the
    match read once (not once a turn)."""

    # ``fixed_leader`` is the game's ``leader``, which the engine asks; a spinner is no line;
    # ``five_tiles`` (Block 003's deal) is the game's ``deal_size``, which the deal reads.
    house_rules = {"top": None, "fixed_leader": None, "spinner": (False,), "five_tiles": None}

    @staticmethod
    def plays_flow(game):
        """True when ``game`` plays by the base flow on a plain line."""
        if game.entry is not None or game.stop_at_target or game.draws not in _DRAWS:
            return False
        if type(game.layout(0)) is not Line:
            return False
        cls = type(game)
        for hook in _BASE:
            if getattr(cls, hook) is not getattr(Game, hook):
                return False
        return True

    def __init__(self, game, sides, target, rounds, policies):
        FastMatch.__init__(self, game, sides, target, rounds, policies)
        t = self.t
        self.start = t.line_starts()
        self.free_lead = type(game).check_lead is Game.check_lead  # any tile may lead
        self.limit = _DRAWS.get(game.draws, 0)  # draws a turn before passing
        self.lowest_first = game.lead == "lowest"  # Game.lead: Bergen 003 leads low
        self.lead_order = t.order_low if self.lowest_first else t.order_high
        self.heavy = HEAVY in self.policies
        self.end = HeldEnd(t, sides)
        # turns[p]: the seats in turn after p, as many turns as any hand can last (a tile laid,
        # drawn or not, at least every n turns, or the hand is blocked).
        n = game.n
        self.turns = [tuple((p + 1 + k) % n for k in range(n * (t.size + 2))) for p in range(n)]
        # The boneyard's order matters only when somebody may draw from it.
        self.draws_from = self.limit > 0 and t.size - game.n * self.k > game.reserve
        self.plan_randomness()

    def play_hand(self, x, log=None):
        held, bone, x = deal(self, x)
        if log is not None:
            t = self.t
            log.append(("deal", [i for m in held for i in t.tiles_of(m)]
                        + [t.index[b] for b in bone]))
        return play_dealt(self, held, bone, x, log)

    def plan_randomness(self):
        """A hand's randomness is one integer, uniform below 2 ** (8 * random_bytes): ``deal``
        takes its low ``deal_bits``, ``play_dealt`` the rest: a bit for each choice between two
        tiles (``size`` bits: at most one a tile laid), then digits for the others (at most one
        a tile laid, each among at most ``size``). The parts read as digits are 64 bits longer
        than their digits can use (a deal's counted exactly), so every outcome is as likely as
        it should be to within 2 ** -64."""
        t = self.t
        self.deal_steps, self.deal_bits, self.deal_mask = plan_deal(self)
        self.pairs = (1 << t.size) - 1  # the bits for choices between two
        self.random_bytes = (self.deal_bits + t.size + t.size * bits(2 * t.size) + 64 + 7) // 8




def plan_deal(fm):
    """The digits ``deal`` reads for ``fm``'s game (``deal_steps``) and how many bits of a
    hand's integer they take (``deal_bits``, ``deal_mask``): every way of dealing counted
    exactly, 64 bits to spare. The fast engines that deal tiles share it. Returns the three."""
    t = fm.t
    ways = 1  # the deal's digits, multiplied
    rest = t.size
    # Per seat dealt from the pool, its digits: (base, None) draws one tile of ``base``;
    # (r * (r - 1), split) two at once, ``split[digit]`` saying which (one digit, not two).
    deal_steps = []
    for _ in range(fm.game.n):
        if rest == fm.k:
            break  # the last hand is what is left
        steps = []
        left = fm.k
        while left:
            if left > 1 and rest <= _PAIRS:
                steps.append((rest * (rest - 1), t.split(rest)))
                rest -= 2
                left -= 2
            else:
                steps.append((rest, None))
                rest -= 1
                left -= 1
        deal_steps.append(steps)
        for base, _ in steps:
            ways *= base
    if fm.draws_from:
        for r in range(2, rest + 1):
            ways *= r
    deal_bits = bits(ways) + 64
    return deal_steps, deal_bits, (1 << deal_bits) - 1


def deal(fm, x):
    """A random deal for ``fm``'s game from the low ``fm.deal_bits`` of ``x``, a hand's random
    integer (``FastMatch``): each seat's hand as a bit set, the boneyard as a list of tile bits,
    drawn from its end, and the rest of ``x``, for ``play_dealt``.

    Each hand is drawn tile by tile, uniformly from the tiles not yet dealt (a pool): every way
    of dealing the hands is equally likely. When the hands take the whole set the last is what
    is left; the boneyard is shuffled (Fisher-Yates) only when somebody may draw from it."""
    t = fm.t
    pool = t.bit[:]
    pop = pool.pop
    held = []
    dealt = 0
    more = x >> fm.deal_bits
    x &= fm.deal_mask
    for seat in fm.deal_steps:
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


def play_dealt(fm, held, bone, x, log=None):
    """Play one hand of ``fm`` from ``held`` (each seat's tiles, bit sets; changed in place)
    and ``bone`` (tile bits, drawn from its end). A seat's policy is RANDOM (a play, uniformly,
    as ``Match.legal_plays`` lists them: a tile fitting both ends twice unless the ends are
    alike) or HEAVY (the same among the heaviest tiles).

    ``x`` drives the choices: what ``deal`` left of the hand's random integer. Each choice
    between two plays takes the next of its low ``size`` bits, each other choice among ``c``
    the next digit in base ``c`` of the rest (``x, j = divmod(x, c)``). Result and log as
    ``FastMatch.play_hand``."""
    g = fm.game
    t = fm.t
    policies = fm.policies
    limit = fm.limit
    spare = len(bone) - g.reserve if limit else 0  # tiles that may still be drawn
    fm.number = len(fm.records)
    turn = g.leader(fm, fm.number)
    draws = passes = 0
    if fm.free_lead and turn is not None:  # the seat in turn leads at once
        p = turn
        m = held[p] & t.doubles
        if m and not fm.lowest_first:  # its highest double (``_seat_lead``, inlined)
            m = 1 << (top_bit(m) - 1)
        else:
            m, x = _seat_lead(fm, held[p], policies[p], x)
    elif fm.free_lead:  # the best lead dealt
        p, m = _best_lead(fm, held)
    else:
        p, m, x, draws, passes = _lead(fm, turn, held, bone, spare, x, log)
        if not m:  # blocked before a tile was laid
            return _score_held(fm, held, None, None, None, draws, passes)
        spare -= draws
    logging = log is not None
    if logging:
        log.append(("play", p, t.index[m], None))
    line = fm.start[m]
    ends = line[FITS]
    fits_both = line[BOTH]
    m = held[p] ^ m
    held[p] = m
    lead = last = p  # last: the seat that laid the last tile
    out = None
    if not m:  # the lead was the seat's only tile
        return _score_held(fm, held, p, p, p, draws, passes)
    size = t.size
    pairs = x & fm.pairs
    x >>= size
    heavy = fm.heavy
    pips = t.pips_of
    # The play: match an end, else draw as the game says, else pass. The hand is blocked when
    # the turn comes back to the seat that laid the last tile and it passes too.
    for p in fm.turns[lead]:
        h = held[p]
        m = h & ends
        if not m:
            if spare > 0:
                drawn = 0
                while spare > 0 and drawn < limit:
                    b = bone.pop()
                    h |= b
                    held[p] = h
                    spare -= 1
                    drawn += 1
                    if logging:
                        log.append(("draw", p))
                    if b & ends:
                        m = b
                        break
                draws += drawn
            if not m:
                passes += 1
                if logging:
                    log.append(("pass", p))
                if p == last:
                    break  # blocked
                continue
        last = p
        if heavy and policies[p] == HEAVY:
            m = heaviest(m, pips)
        # The plays, as Match.legal_plays lists them: each tile on the left end when it fits
        # there, and the tiles of line[BOTH] again on the right (key: their bit << size).
        b = m & (m - 1)  # the tiles that fit but the lowest
        if m & fits_both:
            both = m & fits_both
            if not b:  # one tile, either end: a bit of its own
                if pairs & 1:
                    m <<= size
                pairs >>= 1
            else:  # skip a random number of the lowest plays, left ones first
                k = count(m)
                x, c = divmod(x, k + count(both))
                if c >= k:
                    m = both
                    c -= k
                    k = size
                else:
                    k = 0
                while c:
                    m &= m - 1
                    c -= 1
                m = (m & -m) << k
        elif b:
            if not b & (b - 1):  # two tiles, uniformly: a bit of their own
                m = b if pairs & 1 else m ^ b
                pairs >>= 1
            else:  # skip a random number of the lowest tiles
                x, c = divmod(x, count(m))
                while c:
                    m &= m - 1
                    c -= 1
                m &= -m
        if logging:
            i = t.index[line[m][3]]
            log.append(("play", p, i, 0 if m == 1 << i and t.other[line[OPEN][0]][i] >= 0 else 1))
        line, ends, fits_both, b = line[m]
        h ^= b
        held[p] = h
        if not h:
            out = p
            break
    else:  # cannot happen: a tile is laid at least every n turns, or the hand is blocked
        raise DominoError("the fast engine ran out of turns")
    return _score_held(fm, held, out, p, lead, draws, passes)


def _pick(m, x):
    """One of the tiles of ``m`` (bits), uniformly, with what is left of ``x``: count them,
    then skip that many of the lowest."""
    if not m & (m - 1):
        return m, x
    x, c = divmod(x, count(m))
    while c:
        m &= m - 1
        c -= 1
    return m & -m, x


def _lead(fm, turn, held, bone, spare, x, log):
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
            m, x = _seat_lead(fm, _leads(fm, p, held[p]), fm.policies[p], x)
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
    d = m & t.doubles
    if d:  # the higher a double, the higher its bit
        return (d & -d if fm.lowest_first else 1 << (top_bit(d) - 1)), x
    if policy == HEAVY:
        m = heaviest(m, t.pips_of)
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


def _score_held(fm, held, out, last, lead, draws, passes):
    """The hand's end: the game's own ``hand_points`` on what each player (``held``, bit sets)
    still holds, the points added to the match; ``play_hand``'s result."""
    ctx = fm.end.fill(held, None if out is None else fm.side_of[out], last)
    g = fm.game
    points = g.hand_points(ctx)
    totals = fm.totals  # FastMatch.scored, inlined: once a hand
    for s in range(len(points)):
        totals[s] += points[s]
    fm.records.append(points)
    if g.is_over(fm):
        fm.over = True
    plays = 0 if lead is None else g.n * fm.k + draws - count(ctx.rest)
    return points, out, lead, plays, draws, passes
