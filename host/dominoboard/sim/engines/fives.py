"""The fast engine for the counting games, for simulations: Muggins (booklet 000, "20 Domino
Games": MUGGINS) and All Fives (booklet 003, Schmidt: "All Fives (Sniff, American Dominoes)"),
as ``domino.fives`` plays them with every house rule they declare (``muggins``,
``lone_spinner``, ``spinner_counts``, ``sides_first``, ``round``, ``double_lead``; All Fives'
``spinner``; any ``top``). Tiles are small ints, a hand is a bit set, a whole hand is one call.

It follows the core's flow step by step: the best tile dealt leads (``Game.lead``: the highest
double, else the heaviest tile; with ``double_lead``, the seats draw for a double when none
was dealt), each play scores the open ends' total when it is a multiple of
five (``Muggins.play_points`` on ``layouts.Spinner``/``Line``), which the player claims at once
(the bots never miss a count; with ``muggins`` on the claim is a ``claim`` event of its own), a
seat unable to lay draws until able down to the reserve, then passes; everyone passing in a row
blocks the hand; Muggins' match ends the moment a count reaches the target
(``Game.stop_at_target``), with no tally for that hand. What a hand's end scores, when the match
is over and who won, it asks the game itself (``hand_points``, ``is_over``, ``winners``). A test
replays its moves, claims included, through ``Match.apply`` and checks both agree, and that each
bot's choice is one its fold counterpart (``strategies``) would make.

Host only, plain CPython: it never runs on the device.
"""

from __future__ import annotations

import random

from .base import COUNTER, GREEDY, HEAVY, RANDOM, FastMatch, HeldEnd

SPARE = 64  # bits a digit's integer keeps beyond what it uses: every outcome within 2 ** -64
CHOICES = 256  # bits of a hand's integer set aside for the bots' choices (more are drawn)


class FivesMatch(FastMatch):
    """``FastMatch`` for Muggins and All Fives. A hand's random integer is read as digits: its
    low ones deal (``FastMatch.deal``, as the line engine deals), the rest break the bots' ties
    (``Hand.pick``); a hand needing more ties broken than its integer holds goes on with a
    generator (``rng``) seeded with it. Seeding a generator and calling it for every tile cost
    a fifth of a hand."""

    # Every bot: here a play may score, so greedy is no longer heavy, and counter is played.
    bots = {"random": RANDOM, "heavy": HEAVY, "greedy": GREEDY, "counter": COUNTER}

    # Every house rule of Muggins and All Fives.
    house_rules = {"top": None, "muggins": None, "lone_spinner": None, "spinner_counts": None,
                   "sides_first": None, "round": None, "spinner": None, "double_lead": None}

    @staticmethod
    def plays_flow(game):
        """Muggins and All Fives themselves (a subclass may change any hook)."""
        from domino.fives import AllFives, Muggins

        return type(game) in (Muggins, AllFives)

    def __init__(self, game, sides, target, rounds, policies, rng=None):
        FastMatch.__init__(self, game, sides, target, rounds, policies)
        opts = game.opts
        # Muggins always spins (000: "both sides of the first double and both ends"); All Fives
        # is a line (003: "both ends of the tile chain") unless its ``spinner`` house rule.
        spins = game.key == "muggins" or bool(opts.get("spinner"))
        self.layout = Ends(self.t, spins, opts["lone_spinner"], opts["spinner_counts"],
                           opts["sides_first"])
        self.claims = bool(opts.get("muggins"))  # a count waits for its own claim event
        self.double_lead = bool(opts.get("double_lead"))  # only a double may lead
        self.stop_at = target if game.stop_at_target else None
        self.end = HeldEnd(self.t, sides)
        self.rng = random.Random() if rng is None else rng
        n = game.n
        self.opponents = [[q for q in range(n) if self.side_of[q] != self.side_of[p]]
                          for p in range(n)]
        # The deal: ``FastMatch.deal``, each hand a bit set drawn tile by tile (two tiles a
        # digit from small pools), the boneyard shuffled when it is drawn from.
        self.draws_from = self.t.size - n * self.k > game.reserve
        self.plan_deal()
        self.random_bytes = (self.deal_bits + CHOICES + 7) // 8

    def play_hand(self, x, log=None):
        """``FastMatch.play_hand``; the log also has ("score", p, points) after each play that
        scores (the claim). ``stopped`` says whether the hand ended at the target mid-play."""
        held, bone, more = self.deal(x, log)
        return Hand(self, held, bone, x, more, log).play()


class Ends:
    """The layout of a hand: a line (arms 0 and 1, left and right), or a ``Spinner``'s four
    arms once its first double is laid (2 and 3: the double's other two sides). Per arm the
    number it shows, whether a crosswise double shows it (both halves count) and how many tiles
    it holds, as ``layouts.Arm``; the same count, open arms and mirrored ends as
    ``layouts.Spinner`` / ``Line`` (a test compares them with the core's, play by play).

    What every turn asks (which arms take which tiles, the tiles fitting any, the numbers
    showing) changes only when a tile is laid, so it is worked out then (``_refresh``), not
    once per seat asking."""

    __slots__ = ("t", "spins", "lone", "spinner_counts", "sides_first", "open", "dbl", "length",
                 "spin", "spun_arm", "spun_len", "played", "first_double", "slots", "fit",
                 "nums")

    def __init__(self, t, spins, lone, spinner_counts, sides_first):
        self.t = t
        self.spins = spins
        self.lone = lone
        self.spinner_counts = spinner_counts
        self.sides_first = sides_first

    def start(self, i):
        """Lead tile ``i``: arm 0 shows its high half, arm 1 its low half. What it scores."""
        t = self.t
        d = t.double[i]
        self.open = [t.hi[i], t.lo[i], 0, 0]
        self.dbl = [d, d, False, False]
        self.length = [0, 0, 0, 0]
        self.played = 1
        self.first_double = d
        self.spin = -1  # the spinner's number, -1 while there is none
        self.spun_arm = -1  # the arm it was laid on; -1: it was the lead
        self.spun_len = 0
        if d and self.spins:
            self.spin = t.hi[i]
            self.open[2] = self.open[3] = t.hi[i]
        self._refresh()
        c = self.count()
        return c if c % 5 == 0 else 0

    def lay(self, i, e):
        """Tile ``i`` on arm ``e`` (it matches there); what the play scores: the count, when
        it is a multiple of five."""
        t = self.t
        self.open[e] = t.other[self.open[e]][i]
        d = t.double[i]
        self.dbl[e] = d
        self.length[e] += 1
        self.played += 1
        if d and self.spin < 0 and self.spins:
            self.spin = t.hi[i]
            self.spun_arm = e
            self.spun_len = self.length[e]
            self.open[2] = self.open[3] = t.hi[i]
        self._refresh()
        c = self.count()
        return c if c % 5 == 0 else 0

    def _refresh(self):
        """The arms open now as (arm, the tiles showing its number), an arm whose table only
        mirrors an earlier one's left out (as ``Match.legal_plays`` lists plays once: left
        and right while no spinner was laid after the lead, ``Line.alike``; the spinner's
        other two sides when alike, ``Spinner.alike``; never one of each); the tiles fitting
        any; the numbers showing, as bits."""
        masks = self.t.masks
        o = self.open
        d = self.dbl
        m = masks[o[0]]
        slots = [(0, m)]
        fit = m
        nums = 1 << o[0]
        m = masks[o[1]]
        if not (self.spun_arm < 0 and o[0] == o[1] and d[0] == d[1]):
            slots.append((1, m))
            fit |= m
            nums |= 1 << o[1]
        if self.spin >= 0 and not (self.sides_first and not self.sides_played()):
            m = masks[o[2]]
            slots.append((2, m))
            fit |= m
            nums |= 1 << o[2]
            n = self.length
            m = masks[o[3]]
            if not (o[2] == o[3] and d[2] == d[3] and (n[2] > 0) == (n[3] > 0)):
                slots.append((3, m))
                fit |= m
                nums |= 1 << o[3]
        self.slots = slots
        self.fit = fit
        self.nums = nums

    def sides_played(self):
        if self.spun_arm < 0:
            return self.length[0] > 0 and self.length[1] > 0
        return self.length[self.spun_arm] > self.spun_len

    def arms(self):
        """The arms a tile may be laid on now."""
        if self.spin < 0 or (self.sides_first and not self.sides_played()):
            return (0, 1)
        return (0, 1, 2, 3)

    def count(self):
        """The open ends' total (``Spinner.count``, ``Line.count``)."""
        o = self.open
        d = self.dbl
        pip = self.spin
        if pip < 0:
            if self.played == 1 and self.first_double:
                return o[0] * 2  # a lone double counts its pips once
            return (o[0] << d[0]) + (o[1] << d[1])
        n = self.length
        if self.spun_arm < 0 and n[0] == 0 and n[1] == 0:
            total = pip * 2 * self.lone  # the spinner led, its sides still empty
        else:
            total = (o[0] << d[0]) + (o[1] << d[1])
            if self.spinner_counts and self.sides_played():
                total += pip * 2
        if n[2]:
            total += o[2] << d[2]
        if n[3]:
            total += o[3] << d[3]
        return total

    def points_after(self, i, e):
        """What laying ``i`` on ``e`` would score (as ``Match.preview``): arm ``e`` changed in
        place, counted, put back. A first double laid here would become the spinner, whose new
        arms are empty and whose sides are not both played yet: the count of the line is
        already what ``Spinner.count`` gives then, so the spinner need not be made."""
        t = self.t
        o = self.open
        d = self.dbl
        n = self.length
        was_o = o[e]
        was_d = d[e]
        o[e] = t.other[was_o][i]
        d[e] = t.double[i]
        n[e] += 1
        self.played += 1
        c = self.count()
        o[e] = was_o
        d[e] = was_d
        n[e] -= 1
        self.played -= 1
        return c if c % 5 == 0 else 0

    def plays(self, h):
        """The plays from the tiles ``h`` (bits) as ``Match.legal_plays`` lists them: (tile,
        arm) for each open arm not mirroring an earlier one and each tile matching it."""
        index = self.t.index
        out = []
        for e, mask in self.slots:
            m = h & mask
            while m:
                b = m & -m
                m ^= b
                out.append((index[b], e))
        return out

    def alike(self, i, j):
        o = self.open
        d = self.dbl
        if i < 2 and j < 2:
            return self.spun_arm < 0 and o[i] == o[j] and d[i] == d[j]
        if i < 2 or j < 2:
            return False
        n = self.length
        return o[i] == o[j] and d[i] == d[j] and (n[i] > 0) == (n[j] > 0)


class Hand:
    """One hand of a ``FivesMatch`` in play: the deal, the layout, the turns, the counts."""

    def __init__(self, fm, held, bone, x, digits, log):
        self.fm = fm
        self.x = x  # the hand's random integer
        self.digits = digits  # what the deal left of it: the bots' choices
        self.seeded = False  # whether ``pick`` went on to the generator
        self.log = log
        self.held = held  # each seat's tiles, as bits
        self.bone = bone  # tile bits, drawn from its end
        self.spare = len(self.bone) - fm.game.reserve  # tiles that may still be drawn
        self.table = 0  # the tiles laid, as bits
        self.lacks = [0] * fm.game.n  # the numbers each seat showed it lacks (bits), for counters
        self.points = [0] * len(fm.sides)  # scored during play, per side
        self.draws = self.passes = self.laid = 0

    def play(self):
        fm = self.fm
        g = fm.game
        fm.number = len(fm.records)
        fm.stopped = False
        lay = fm.layout
        log = self.log
        bit = fm.t.bit
        held = self.held
        policies = fm.policies
        nxt = fm.nxt
        if fm.double_lead:
            self.draw_for_a_double()
        p, i = self.lead()
        pts = lay.start(i)
        if log is not None:
            log.append(("play", p, i, None))
        lead = last = p
        out = None
        laid = 1
        while True:
            b = bit[i]  # seat p laid tile i (b): off its hand, onto the table, scored
            h = held[p] ^ b
            held[p] = h
            self.table |= b
            if pts and self.score(p, pts):
                break  # the match is over
            if not h:
                out = p
                break
            if held[nxt[p]] & lay.fit:  # the next seat can lay a tile (most turns)
                p = nxt[p]
            else:
                p = self.next_to_lay(p)
                if p < 0:
                    break  # blocked
            plays = lay.plays(held[p])
            if len(plays) == 1:
                i, e = plays[0]
            elif policies[p] == RANDOM:
                i, e = plays[self.pick(len(plays))]
            else:
                i, e = self.choose(p, plays)
            pts = lay.lay(i, e)
            if log is not None:
                log.append(("play", p, i, e))
            last = p
            laid += 1
        self.laid = laid
        if fm.stopped:  # a count reached the target: the match ends, the hand has no tally
            fm.records.append(self.points)
            fm.over = g.is_over(fm)
        else:
            self.score_end(out, last)
        return self.points, out, lead, laid, self.draws, self.passes

    def lead(self):
        """No seat is in turn: the highest double dealt, else the heaviest tile
        (``Game.first_lead``). (seat, tile)."""
        bit = self.fm.t.bit
        held = self.held
        dealt = 0
        for m in held:
            dealt |= m
        for i in self.fm.t.order_high:
            if dealt & bit[i]:
                p = 0
                while not held[p] & bit[i]:
                    p += 1
                return p, i
        raise AssertionError("nothing was dealt")

    def draw_for_a_double(self):
        """``double_lead``: when no double was dealt, the seats draw a tile each in turn, from
        one picked at random (as the fold's table does: 000 does not say), until one draws a
        double, which leads. The boneyard then holds every double, so one comes."""
        fm = self.fm
        held = self.held
        doubles = fm.t.doubles
        for m in held:
            if m & doubles:
                return
        p = self.pick(fm.game.n)
        while True:
            b = self.bone.pop()
            self.spare -= 1
            self.draws += 1
            held[p] |= b
            if self.log is not None:
                self.log.append(("draw", p))
            if b & doubles:
                return
            p = fm.nxt[p]

    def score(self, p, pts):
        """Seat ``p``'s play counted ``pts``, claimed at once. Whether that took its side to
        the target of a game that stops there (the match is over)."""
        fm = self.fm
        if self.log is not None:
            self.log.append(("score", p, pts))
        side = fm.side_of[p]
        self.points[side] += pts
        fm.totals[side] += pts
        if fm.stop_at is not None and fm.totals[side] >= fm.stop_at:
            fm.stopped = True
        return fm.stopped

    def next_to_lay(self, p):
        """The next seat after ``p`` that can lay a tile, each before it drawing as it must
        and passing if still unable; -1 when every seat passed in a row (blocked)."""
        fm = self.fm
        lay = fm.layout
        held = self.held
        nxt = fm.nxt
        for _ in range(fm.game.n):
            p = nxt[p]
            if held[p] & lay.fit or self.draw(p):
                return p
            self.passes += 1
            self.lacks[p] |= lay.nums
            if self.log is not None:
                self.log.append(("pass", p))
        return -1

    def draw(self, p):
        """Seat ``p`` has no play: it draws until it has one, down to the reserve. Whether it
        has one now."""
        lay = self.fm.layout
        h = self.held[p]
        fits = lay.fit
        while not h & fits and self.spare > 0:
            h |= self.bone.pop()
            self.spare -= 1
            self.draws += 1
            self.lacks[p] |= lay.nums
            if self.log is not None:
                self.log.append(("draw", p))
        self.held[p] = h
        return h & fits != 0

    def choose(self, p, plays):
        """Seat ``p``'s bot picks among ``plays`` (two or more), as ``strategies`` means it:
        random, uniformly; heavy, the heaviest tile; greedy, the most points now, then the
        heaviest; counter, the most points, then the ends the others can least match, then the
        heaviest. Ties uniformly. Each key is worked out only for the plays tied on the ones
        before it (the same order of the same keys as the fold's bots, which work out all)."""
        fm = self.fm
        policy = fm.policies[p]
        if policy != RANDOM:
            if policy != HEAVY:
                plays = _best(plays, [fm.layout.points_after(i, e) for i, e in plays])
                if len(plays) > 1 and policy == COUNTER:
                    plays = _best(plays, [-x for x in self.dangers(p, plays)])
            if len(plays) > 1:
                pips = fm.t.pips
                plays = _best(plays, [pips[i] for i, _ in plays])
            if len(plays) == 1:
                return plays[0]
        return plays[self.pick(len(plays))]

    def pick(self, c):
        """A number below ``c``, uniformly: the next digit in base ``c`` of the hand's integer
        (``SPARE`` bits longer than the digit needs); when too few bits are left, 512 more
        from the generator seeded with the hand's integer (long hands of many ties)."""
        y = self.digits
        if y >> (SPARE + 8) == 0:  # c < 256: no seat has that many plays
            rng = self.fm.rng
            if not self.seeded:
                rng.seed(self.x)
                self.seeded = True
            y = rng.getrandbits(512)
        self.digits, j = divmod(y, c)
        return j

    def dangers(self, p, plays):
        """``strategies.Counter.danger`` of each play for seat ``p``: over each number the open
        ends show after it (the arms open now, the arm played showing the tile's other half),
        the tiles with that number ``p`` has not seen (neither on the table nor its own; one
        less when the tile played shows it, as the fold's bot counts), times the opponents not
        known to lack it. What a number weighs is worked out once per choice."""
        fm = self.fm
        t = fm.t
        lay = fm.layout
        o = lay.open
        arms = lay.arms()
        other = t.other
        unseen = ~(self.table | self.held[p])
        masks = t.masks
        lacks = self.lacks
        opponents = fm.opponents[p]
        weighs = {}  # number: (tiles with it unseen, opponents not known to lack it)
        out = []
        for i, e in plays:
            values = 0
            for a in arms:
                values |= 1 << (other[o[a]][i] if a == e else o[a])
            hi = t.hi[i]
            lo = t.lo[i]
            risk = 0
            while values:
                b = values & -values
                values ^= b
                v = b.bit_length() - 1
                w = weighs.get(v)
                if w is None:
                    blind = 0
                    for q in opponents:
                        if not lacks[q] & b:
                            blind += 1
                    w = weighs[v] = ((masks[v] & unseen).bit_count(), blind)
                risk += (w[0] - (v == hi or v == lo)) * w[1]
            out.append(risk)
        return out

    def score_end(self, out, last):
        """The hand's end: the game's own ``hand_points`` on what each seat still holds, added
        to the counts of play; the match over when the game says."""
        fm = self.fm
        g = fm.game
        ctx = fm.end.fill(self.held, None if out is None else fm.side_of[out], last)
        tally = g.hand_points(ctx)
        points = self.points
        totals = fm.totals
        for s in range(len(points)):
            points[s] += tally[s]
            totals[s] += tally[s]
        fm.records.append(points)
        if g.is_over(fm):
            fm.over = True


def _best(plays, keys):
    """The plays whose key is the highest."""
    best = max(keys)
    return [m for m, k in zip(plays, keys, strict=True) if k == best]
