"""The fast engine for Mexican Train (booklet 002, ``mexican.MexicanTrain``), for simulations:
tiles are small ints, the trains a few parallel lists, a whole hand one call. Each seat's hand is
kept by number (``rows[v]``: its tiles showing v), so whether a train takes one of the seat's
tiles, and which, is one list lookup.

It follows ``MexicanTrain``'s hooks step by step (the station, own trains, the first round,
Mexican trains, markers, doubles played again and owed, one draw a turn) and asks the game for
what it can: the station of each hand, the deal, the hand's end (``hand_points``), the match's
end and winners. A test replays its moves through ``Match.apply`` and checks both agree.
"""

import random

from .base import HEAVY, FastMatch, HeldEnd


class TrainsMatch(FastMatch):
    """``FastMatch`` for Mexican Train. A hand takes too many choices, each among too many, for
    the digits of one integer: its random integer seeds a generator (``rng``: a
    ``random.Random`` of its own unless given one) that shuffles the set and makes the choices.
    A match seeds it once, with its first hand's integer, and its later hands go on with it
    (seeding costs a tenth of a hand); ``play_hand`` alone seeds it with each hand's."""

    # One draw a turn: not the house rule ``draw_to_start`` (draw on until a train starts).
    house_rules = {"top": None, "double_blank": None, "draw_to_start": (False,)}

    @staticmethod
    def plays_flow(game):
        """Mexican Train as booklet 002 plays it (not Cardinal Mexican Train's variant
        rules)."""
        from domino.mexican import MexicanTrain

        return type(game) is MexicanTrain and game.reserve == 0

    def __init__(self, game, sides, target, rounds, policies, rng=None):
        FastMatch.__init__(self, game, sides, target, rounds, policies)
        self.rng = random.Random() if rng is None else rng
        t = self.t
        self.tiles = list(range(t.size))
        self.end = HeldEnd(t, sides)

    def play_hand(self, x, log=None):
        """``FastMatch.play_hand``; the ends in the log are train numbers: ``len(trains)``
        starts a new train, None lays the station."""
        self.rng.seed(x)
        return self.go_on(log)

    def play_match(self, randoms, log=None, single=False):
        """``FastMatch.play_match``, the generator seeded once: with the first hand's
        integer."""
        hands = []
        for x in randoms:
            self.rng.seed(x)
            break
        while True:
            points, out, lead, plays, draws, passes = self.go_on(log)
            hands.append((lead, plays, draws, passes, out, out is None, points))
            if single or self.over:
                return hands

    def go_on(self, log):
        """Deal and play the next hand with the generator as it is."""
        real = self.rng.random
        deal = shuffled(self.tiles, real)
        if log is not None:
            log.append(("deal", list(deal)))
        return Hand(self, deal, real, log).play()


def shuffled(tiles, real):
    """A copy of ``tiles`` shuffled: sorted by a ``real()`` each (uniform in [0, 1)): every
    order equally likely but for ties, 2 ** -40 at most for a double-12 set."""
    keys = [real() for _ in tiles]
    get = getattr(keys, "__getitem__", None)  # not on MicroPython
    return sorted(tiles, key=get if get is not None else (lambda i: keys[i]))


class Hand:
    """One hand of a ``TrainsMatch`` in play: each seat's tiles by number, the boneyard, the
    trains (per train its open number, marker, length; those open to everyone), whose train is
    whose, and the doubles owed."""

    def __init__(self, fm, deal, real, log):
        self.fm = fm
        self.real = real  # the generator: a float in [0, 1)
        self.log = log
        g = fm.game
        t = fm.t
        n = g.n
        k = fm.k
        hi = t.hi
        lo = t.lo
        self.bone = deal[n * k:]  # drawn from its end
        # rows[p][v]: seat p's tiles showing v (a double once); heavy seats keep each row
        # heaviest first, so their best tile for a train is the row's first
        self.rows = rows = []
        for p in range(n):
            h = deal[p * k:(p + 1) * k]
            if fm.policies[p] == HEAVY:
                h.sort(key=lambda i: -t.pips[i])
            r = [[] for _ in range(g.top + 1)]
            for i in h:
                r[hi[i]].append(i)
                if lo[i] != hi[i]:
                    r[lo[i]].append(i)
            rows.append(r)
        self.count = [k] * n  # tiles each seat holds
        self.opens = []  # per train: the number it shows
        self.length = []
        self.marker = []
        self.public = []  # Mexican trains and trains with a marker
        self.own = [-1] * n
        self.laid = [0] * (g.top + 1)  # per number: non-double tiles with it on the table
        self.must = []  # doubles owed, oldest first: (train, its length then)
        self.fresh = []  # doubles laid this turn
        self.draws = 0

    def play(self):
        fm = self.fm
        g = fm.game
        t = fm.t
        n = g.n
        log = self.log
        logging = log is not None
        real = self.real
        policies = fm.policies
        heavy = HEAVY in policies
        other = t.other
        hi = t.hi
        lo = t.lo
        nxt = fm.nxt
        byp = self.rows
        count = self.count
        bone = self.bone
        opens = self.opens
        length = self.length
        marker = self.marker
        public = self.public
        own = self.own
        laid = self.laid
        must = self.must
        fresh = self.fresh
        fm.number = len(fm.records)
        station = g.station(fm.number)[0]
        p = self.lay_station(station)
        lead = last = p
        draws = passes = turns = run = drawn = 0
        out = None
        p = nxt[p]
        while True:
            rows = byp[p]
            # the trains p can play on now (MexicanTrain.refuse) where a tile of his fits
            # (``fit``), his tiles for each (``arr``), and how many plays they make
            trains = len(opens)  # one past the last: a new train
            fit = []
            arr = []
            total = 0
            due = self.due() if must else -1
            if due >= 0:
                a = rows[opens[due]]
                if a:
                    fit.append(due)
                    arr.append(a)
                    total = len(a)
            else:
                mine = own[p]
                if mine < 0:
                    a = rows[station]
                    if a:
                        fit.append(trains)  # his own train
                        arr.append(a)
                        total = len(a)
                else:
                    if turns >= n:
                        a = rows[station]
                        if a:
                            fit.append(trains)  # a Mexican train
                            arr.append(a)
                            total = len(a)
                    a = rows[opens[mine]]
                    if a:
                        fit.append(mine)
                        arr.append(a)
                        total += len(a)
                if turns >= n:
                    for e in public:
                        a = rows[opens[e]]
                        if a and e != mine:
                            fit.append(e)
                            arr.append(a)
                            total += len(a)
            if total:
                # a (train, tile) play uniformly, as Match.legal_plays lists them; heavy
                # seats among their heaviest tiles
                if heavy and policies[p] == HEAVY:
                    e, i = self.heavy_play(fit, arr)
                elif total == 1:
                    e = fit[0]
                    i = arr[0][0]
                else:
                    c = int(real() * total)
                    k = 0
                    for a in arr:
                        if c < len(a):
                            break
                        c -= len(a)
                        k += 1
                    e = fit[k]
                    i = arr[k][c]
                if e == trains:  # a new train off the station
                    opens.append(station)
                    marker.append(False)
                    length.append(0)
                    public.append(e)
                opens[e] = other[opens[e]][i]
                length[e] += 1
                x = hi[i]
                y = lo[i]
                rows[x].remove(i)
                if x != y:
                    rows[y].remove(i)
                    laid[x] += 1
                    laid[y] += 1
                count[p] -= 1
                if logging:
                    log.append(("play", p, i, e))
                last = p
                run = drawn = 0
                if not count[p]:
                    out = p
                    break
                mine = own[p]
                if mine < 0:
                    if length[e] == 1:
                        own[p] = e  # his first train off the station is his own
                        public.remove(e)
                elif e == mine and marker[e]:
                    marker[e] = False
                    public.remove(e)
                if x == y:
                    fresh.append((e, length[e]))  # a double: play again, anywhere
                    continue
                if fresh or must:
                    self.end_turn()
                p = nxt[p]
                turns += 1
                continue
            if not drawn and bone:
                i = bone.pop()
                if heavy and policies[p] == HEAVY:
                    _insert(rows[hi[i]], i, t.pips)
                    if lo[i] != hi[i]:
                        _insert(rows[lo[i]], i, t.pips)
                else:
                    rows[hi[i]].append(i)
                    if lo[i] != hi[i]:
                        rows[lo[i]].append(i)
                count[p] += 1
                drawn = 1
                draws += 1
                if logging:
                    log.append(("draw", p))
                continue
            passes += 1
            run += 1
            drawn = 0
            if logging:
                log.append(("pass", p))
            mine = own[p]
            if mine >= 0 and not marker[mine]:
                marker[mine] = True  # could not play: a coin opens his train
                public.append(mine)
            if bone:
                run = 0  # blocked only when nobody can play nor draw
            if fresh or must:
                self.end_turn()
            p = nxt[p]
            turns += 1
            if run >= n:
                break
        draws += self.draws
        plays = n * fm.k + draws - sum(count)
        return self.score(out, last), out, lead, plays, draws, passes

    def lay_station(self, station):
        """Whoever holds the station lays it; else each seat in turn draws (002), from a seat
        the table picks at random (002 does not say; the fold's table picks at random too),
        until one draws it. The seat that laid it."""
        fm = self.fm
        n = fm.game.n
        rows = self.rows
        sid = station * (station + 1) // 2 + station  # the station's tile index
        p = 0
        while p < n and sid not in rows[p][station]:
            p += 1
        if p == n:
            p = int(self.real() * n)
            while True:
                i = self.bone.pop()
                self.draws += 1
                if self.log is not None:
                    self.log.append(("draw", p))
                if i == sid:
                    break
                self.count[p] += 1
                self.take(p, i)
                p = fm.nxt[p]
        else:
            rows[p][station].remove(sid)
            self.count[p] -= 1
        if self.log is not None:
            self.log.append(("play", p, sid, None))
        return p

    def take(self, p, i):
        """Tile ``i`` into seat ``p``'s rows (heavy seats: after the tiles as heavy)."""
        t = self.fm.t
        rows = self.rows[p]
        for v in (t.hi[i], t.lo[i]) if t.hi[i] != t.lo[i] else (t.hi[i],):
            if self.fm.policies[p] == HEAVY:
                _insert(rows[v], i, t.pips)
            else:
                rows[v].append(i)

    def matchable(self, e):
        """Some tile that could answer the double ending train ``e`` is off the table."""
        return self.laid[self.opens[e]] < self.fm.game.top

    def due(self):
        """The train of the oldest double owed that is still its train's end and still
        matchable (``MexicanTrain.pending``), or -1."""
        length = self.length
        for e, at in self.must:
            if length[e] == at and self.matchable(e):
                return e
        return -1

    def end_turn(self):
        """Doubles still open when the turn ends are owed, in laying order; satisfied ones and
        those no tile off the table can match are dropped (``MexicanTrain.end_turn``)."""
        length = self.length
        must = self.must
        for m in self.fresh:
            if length[m[0]] == m[1]:
                must.append(m)
        del self.fresh[:]
        must[:] = [m for m in must if length[m[0]] == m[1] and self.matchable(m[0])]

    def heavy_play(self, fit, arr):
        """(train, tile): among the heaviest tiles that fit any train (each row is heaviest
        first), a (train, tile) play uniformly."""
        pips = self.fm.t.pips
        best = -1
        total = 0
        for a in arr:
            x = pips[a[0]]
            if x < best:
                continue
            if x > best:
                best = x
                total = 0
            for j in a:
                if pips[j] != best:
                    break
                total += 1
        c = int(self.real() * total) if total > 1 else 0
        for k in range(len(arr)):  # (no zip(strict=): MicroPython runs this too)
            e = fit[k]
            a = arr[k]
            if pips[a[0]] != best:
                continue
            m = 1
            while m < len(a) and pips[a[m]] == best:
                m += 1
            if c < m:
                return e, a[c]
            c -= m
        raise AssertionError("no play on trains that fit")

    def score(self, out, last):
        """The game's own ``hand_points`` on what each player still holds, added to the
        match. The rows name a tile under both its numbers: each is taken once."""
        fm = self.fm
        t = fm.t
        bit = t.bit
        held = []
        for rows in self.rows:
            m = 0
            for a in rows:
                for i in a:
                    m |= bit[i]
            held.append(m)
        table = t.full
        for m in held:
            table &= ~m
        for i in self.bone:
            table &= ~bit[i]
        ctx = fm.end.fill(held, None if out is None else fm.side_of[out], last, table)
        points = fm.game.hand_points(ctx)
        fm.scored(points)
        return points


def _insert(row, i, pips):
    """Put tile ``i`` into ``row`` (heaviest first) after the tiles as heavy as it."""
    x = pips[i]
    j = 0
    while j < len(row) and pips[row[j]] >= x:
        j += 1
    row.insert(j, i)
