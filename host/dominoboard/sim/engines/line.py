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
everything a hand asks of a tile is a lookup prepared once per set (``base.Tables``; the
line itself is a state of a prepared graph, so laying a tile is one lookup), what the game's
hooks answer for the whole match is read once (``LineMatch``), and the turn loop (``Hand.play``)
keeps its state in locals. A hand's randomness is one integer whose digits deal and choose
(``LineMatch.plan_randomness``): no generator to seed or call.
"""

from domino.errors import DominoError
from domino.game import Game
from domino.layouts import Line

from .base import (
    BOTH,
    FITS,
    HEAVY,
    OPEN,
    FastMatch,
    HeldEnd,
    bits,
    count,
    heaviest,
    pick,
    top_bit,
)

_BASE = (
    "joins", "opening", "check_play", "play_points", "next_turn", "check_draw", "after_draw",
    "check_pass", "after_pass", "hand_type", "open_to", "is_joker", "owing", "read_end",
    "is_over", "winners", "drawable",
)
_DRAWS = {"none": 0, "one": 1, "two": 2, "until": 10000}


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
        held, bone, x = self.deal(x, log)
        return Hand(self, held, bone, x, log).play()

    def plan_randomness(self):
        """A hand's randomness is one integer, uniform below 2 ** (8 * random_bytes): ``deal``
        takes its low ``deal_bits``, ``Hand.play`` the rest: a bit for each choice between two
        tiles (``size`` bits: at most one a tile laid), then digits for the others (at most one
        a tile laid, each among at most ``size``). The parts read as digits are 64 bits longer
        than their digits can use (a deal's counted exactly), so every outcome is as likely as
        it should be to within 2 ** -64."""
        t = self.t
        self.plan_deal()
        self.pairs = (1 << t.size) - 1  # the bits for choices between two
        self.random_bytes = (self.deal_bits + t.size + t.size * bits(2 * t.size) + 64 + 7) // 8


class Hand:
    """One hand of a ``LineMatch`` in play, from ``held`` (each seat's tiles, bit sets; changed
    in place) and ``bone`` (tile bits, drawn from its end). A seat's policy is RANDOM (a play,
    uniformly, as ``Match.legal_plays`` lists them: a tile fitting both ends twice unless the
    ends are alike) or HEAVY (the same among the heaviest tiles).

    ``x`` drives the choices: what ``FastMatch.deal`` left of the hand's random integer. Each
    choice between two plays takes the next of its low ``size`` bits, each other choice among
    ``c`` the next digit in base ``c`` of the rest (``x, j = divmod(x, c)``)."""

    def __init__(self, fm, held, bone, x, log):
        self.fm = fm
        self.held = held
        self.bone = bone
        self.x = x
        self.log = log

    def play(self):
        """Play the hand; result and log as ``FastMatch.play_hand``."""
        fm = self.fm
        held = self.held
        bone = self.bone
        x = self.x
        log = self.log
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
            if m and not fm.lowest_first:  # its highest double (``seat_lead``, inlined)
                m = 1 << (top_bit(m) - 1)
            else:
                m, x = self.seat_lead(held[p], policies[p], x)
        elif fm.free_lead:  # the best lead dealt
            p, m = self.best_lead()
        else:
            p, m, x, draws, passes = self.lead(turn, spare, x)
            if not m:  # blocked before a tile was laid
                return self.score(None, None, None, draws, passes)
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
            return self.score(p, p, p, draws, passes)
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
                left = m == 1 << i and t.other[line[OPEN][0]][i] >= 0
                log.append(("play", p, i, 0 if left else 1))
            line, ends, fits_both, b = line[m]
            h ^= b
            held[p] = h
            if not h:
                out = p
                break
        else:  # cannot happen: a tile is laid at least every n turns, or the hand is blocked
            raise DominoError("the fast engine ran out of turns")
        return self.score(out, p, lead, draws, passes)

    def lead(self, turn, spare, x):
        """The first tile when the game limits which tiles lead; drawing as the game allows while
        nobody can. Returns (seat, the tile's bit or 0 if blocked, x, draws, passes)."""
        fm = self.fm
        held = self.held
        bone = self.bone
        log = self.log
        g = fm.game
        n = g.n
        limit = fm.limit
        draws = passes = run = drawn = 0
        waiting = 0  # who draws next while nobody holds a legal lead
        while True:
            if turn is None:
                p, m = self.best_lead()
                if p is None:
                    p = waiting % n
                    waiting += 1
            else:
                p = turn
                m, x = self.seat_lead(self.leads(p, held[p]), fm.policies[p], x)
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

    def best_lead(self):
        """No seat in turn: the highest double leads (the lowest where the game leads low), else
        the heaviest tile; only tiles the game lets lead. (seat, the tile's bit), or (None, 0) if
        nobody holds one."""
        fm = self.fm
        held = self.held
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
                if free or self.may_lead(p, i):
                    return p, b
        return None, 0

    def seat_lead(self, m, policy, x):
        """The seat in turn leads from ``m``, the tiles it may lead: its highest double (lowest
        where the game leads low), else a tile its policy picks; 0 if ``m`` is empty. Returns the
        tile's bit and what is left of ``x``."""
        fm = self.fm
        t = fm.t
        d = m & t.doubles
        if d:  # the higher a double, the higher its bit
            return (d & -d if fm.lowest_first else 1 << (top_bit(d) - 1)), x
        if policy == HEAVY:
            m = heaviest(m, t.pips_of)
        return pick(m, x)

    def leads(self, p, m):
        """The tiles of ``m`` that seat ``p`` may lead."""
        fm = self.fm
        if fm.free_lead:
            return m
        ok = 0
        t = fm.t
        for i in t.tiles_of(m):
            if self.may_lead(p, i):
                ok |= t.bit[i]
        return ok

    def may_lead(self, p, i):
        fm = self.fm
        if fm.free_lead:
            return True
        t = fm.t
        try:
            fm.game.check_lead(fm, p, (t.hi[i], t.lo[i]))
        except DominoError:
            return False
        return True

    def score(self, out, last, lead, draws, passes):
        """The hand's end: the game's own ``hand_points`` on what each player (``held``, bit sets)
        still holds, the points added to the match; ``play_hand``'s result."""
        fm = self.fm
        ctx = fm.end.fill(self.held, None if out is None else fm.side_of[out], last)
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
