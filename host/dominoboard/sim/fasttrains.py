"""A compact engine for Mexican Train (booklet 002, ``mexican.MexicanTrain``), for simulations:
tiles are small ints, the trains are a few parallel lists, a whole hand is one function call.
Each hand is kept by number (``rows[v]``: the tiles showing v), so the question asked every
turn, whether a train takes one of the seat's tiles and which, is one list lookup.

It follows ``MexicanTrain``'s hooks step by step (the station, own trains, the first round,
Mexican trains, markers, doubles played again and owed, one draw a turn) and asks the game for
what it can: the station of each hand, the deal, the hand's end (``hand_points``), the match's
end and winners. A test replays its moves through ``Match.apply`` and checks both agree.
"""

import random

from domino.ending import Left

from .fastbase import HEAVY, FastEnd, FastMatch


class TrainsMatch(FastMatch):
    """``FastMatch`` for Mexican Train. A hand's random integer seeds a generator (``rng``: a
    ``random.Random`` of its own unless given one) that shuffles the set and makes the
    choices: a hand takes too many, each among too many, for digits of one integer."""

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

    def play_hand(self, x, log=None):
        """``FastMatch.play_hand``; the ends in the log are train numbers: ``len(trains)``
        starts a new train, None lays the station."""
        rng = self.rng
        rng.seed(x)
        real = rng.random
        deal = shuffled(self.t.size, real)
        if log is not None:
            log.append(("deal", list(deal)))
        return _play(self, deal, real, log)


_STEPS = {}  # (size, places): Fisher-Yates' steps


def shuffled(size, real, places=None):
    """0..size-1 shuffled (Fisher-Yates driven by ``real()`` in [0, 1)); with ``places``, only
    the first ``places`` positions are drawn (each uniformly from the tiles not yet placed) and
    the rest are left in any order."""
    if places is None or places >= size:
        places = size - 1  # the last place takes the one tile left
    steps = _STEPS.get((size, places))
    if steps is None:
        steps = _STEPS[(size, places)] = [(i, size - i) for i in range(places)]
    deal = list(range(size))
    for i, m in steps:
        j = i + int(real() * m)
        deal[i], deal[j] = deal[j], deal[i]
    return deal


class _Table:
    """What ``hand_points`` reads from a hand: tiles left per seat and the tiles laid."""

    def __init__(self, counts, seen):
        self.counts = counts
        self.seen = seen


def _play(fm, deal, real, log):
    """Play one hand of Mexican Train from ``deal`` (the shuffled tiles: each seat's hand,
    then the boneyard, drawn from its end), choosing with ``real()``."""
    g = fm.game
    policies = fm.policies
    t = fm.t
    n = g.n
    k = fm.k
    top = g.top
    hands = [deal[p * k:(p + 1) * k] for p in range(n)]
    bone = deal[n * k:]
    other = t.other
    pips = t.pips
    hi = t.hi
    lo = t.lo
    number = len(fm.records)
    fm.number = number
    station = g.station(number)[0]
    sid = station * (station + 1) // 2 + station  # the station's tile index
    draws = passes = plays = 0
    # Before the station: whoever holds it lays it; else each seat in turn draws (002), from a
    # seat the table picks (002 does not say; the simulator's table picks at random too).
    p = None
    for q in range(n):
        if sid in hands[q]:
            p = q
            break
    waiting = 0 if p is not None else int(real() * n)
    while p is None:
        q = waiting % n
        waiting += 1
        i = bone.pop()
        hands[q].append(i)
        draws += 1
        if log is not None:
            log.append(("draw", q))
        if i == sid:
            p = q
    hands[p].remove(sid)
    if log is not None:
        log.append(("play", p, sid, None))
    plays = 1
    lead = last = p
    # The trains: open pip, marker, length; those open to everyone.
    trains = 0  # how many (also the number that starts a new one)
    opens = []
    marker = []
    length = []
    public = []  # Mexican trains and trains with a marker
    own = [-1] * n
    laid = [0] * (top + 1)  # per number: non-double tiles with it on the table
    must = []  # doubles owed, oldest first: (train, its length then)
    fresh = []  # doubles laid this turn
    turns = 0  # turns ended since the station
    run = 0  # passes in a row
    drawn = 0
    out = None
    # Each hand by number: rows[v] lists the tiles showing v (a double once), so whether a
    # train takes a tile of his, and which, is one lookup. Heavy seats keep each row heaviest
    # first, so their best tile for a train is the row's first.
    byp = []
    count = []
    for q in range(n):
        h = hands[q]
        if policies[q] == HEAVY:
            h.sort(key=lambda i: -pips[i])
        rows = [[] for _ in range(top + 1)]
        for i in h:
            rows[hi[i]].append(i)
            if lo[i] != hi[i]:
                rows[lo[i]].append(i)
        byp.append(rows)
        count.append(len(h))
    nxt = fm.nxt
    p = nxt[p]
    while True:
        # the ends open to p (MexicanTrain.refuse)
        due = -1
        if must:
            for m in must:
                if length[m[0]] == m[1] and laid[opens[m[0]]] < top:
                    due = m[0]
                    break
        rows = byp[p]
        # the trains p can play on: those open to him where a tile of his fits (``fit``), and
        # his tiles for each (``arr``)
        fit = []
        arr = []
        if due >= 0:
            a = rows[opens[due]]
            if a:
                fit.append(due)
                arr.append(a)
        else:
            mine = own[p]
            if mine < 0 or turns >= n:
                a = rows[station]
                if a:
                    fit.append(trains)  # a new train: his own, or later a Mexican train
                    arr.append(a)
            if mine >= 0:
                a = rows[opens[mine]]
                if a:
                    fit.append(mine)
                    arr.append(a)
            if turns >= n:
                for e in public:
                    a = rows[opens[e]]
                    if a and e != mine:
                        fit.append(e)
                        arr.append(a)
        if fit:
            # A play (tile, train) uniformly, as Match.legal_plays lists them; heavy seats
            # among the heaviest tiles (rows kept heaviest first).
            heavy = policies[p] == HEAVY
            if len(fit) == 1:  # one train: a tile at random (heavy: among its heaviest)
                e = fit[0]
                a = arr[0]
                k = len(a)
                if heavy and k > 1:
                    best = pips[a[0]]
                    k = 1
                    while k < len(a) and pips[a[k]] == best:
                        k += 1
                i = a[int(real() * k)] if k > 1 else a[0]
            elif not heavy:  # a (tile, train) play uniformly: trains weighed by their tiles
                total = 0
                for a in arr:
                    total += len(a)
                c = int(real() * total)
                k = 0
                for a in arr:
                    if c < len(a):
                        break
                    c -= len(a)
                    k += 1
                e = fit[k]
                i = arr[k][c]
            else:
                e, i = _any_play(fit, arr, pips, real)
            if e == trains:  # a new train off the station
                trains += 1
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
            if log is not None:
                log.append(("play", p, i, e))
            plays += 1
            last = p
            run = drawn = 0
            if not count[p]:
                out = p
                break
            if length[e] == 1 and own[p] < 0:
                own[p] = e  # his first train off the station is his own
                public.remove(e)
            if e == own[p] and marker[e]:
                marker[e] = False
                public.remove(e)
            if x == y:
                fresh.append((e, length[e]))  # a double: play again, anywhere
                continue
            if fresh or must:
                _end_turn(must, fresh, length, opens, laid, top)
            p = nxt[p]
            turns += 1
            continue
        if drawn < 1 and bone:
            i = bone.pop()
            x = hi[i]
            y = lo[i]
            if policies[p] == HEAVY:
                _insert(rows[x], i, pips)
                if x != y:
                    _insert(rows[y], i, pips)
            else:
                rows[x].append(i)
                if x != y:
                    rows[y].append(i)
            count[p] += 1
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
        mine = own[p]
        if mine >= 0 and not marker[mine]:
            marker[mine] = True  # could not play: a coin opens his train
            public.append(mine)
        if bone:
            run = 0  # blocked only when nobody can play nor draw
        if fresh or must:
            _end_turn(must, fresh, length, opens, laid, top)
        p = nxt[p]
        turns += 1
        if run >= n:
            break
    # what each seat still holds: the rows name a tile under both its numbers; keep one
    hands = [[i for v in range(top + 1) for i in rows[v] if hi[i] == v] for rows in byp]
    return _score(fm, hands, bone, out, last, t), out, lead, plays, draws, passes


def _insert(row, i, pips):
    """Put tile ``i`` into ``row`` (heaviest first) after the tiles as heavy as it."""
    x = pips[i]
    j = 0
    while j < len(row) and pips[row[j]] >= x:
        j += 1
    row.insert(j, i)


def _end_turn(must, fresh, length, opens, laid, top):
    """Doubles still open when the turn ends are owed, in laying order; satisfied ones and
    those no tile off the table can match are dropped."""
    for m in fresh:
        if length[m[0]] == m[1]:
            must.append(m)
    del fresh[:]
    keep = [m for m in must if length[m[0]] == m[1] and laid[opens[m[0]]] < top]
    must[:] = keep


def _score(fm, hands, bone, out, last, t):
    """The game's own ``hand_points`` on the tiles each player still holds."""
    left = []
    counts = []
    blank = fm.game.opts.get("double_blank")  # only then does hand_points ask who holds 0-0
    pips = t.pips
    double = t.double
    for h in hands:
        x = 0
        d = False
        for i in h:
            x += pips[i]
            if double[i]:
                d = True
        left.append(Left(x, len(h), d, None, None, (0 in h) if blank else None))  # 0: 0-0
        counts.append(len(h))
    seen = set()
    if blank:
        for i in range(t.size):
            seen.add((t.hi[i], t.lo[i]))
        for h in hands + [bone]:
            for i in h:
                seen.discard((t.hi[i], t.lo[i]))
    ctx = FastEnd(left, None if out is None else fm.side_of[out], last, fm.sides,
               _Table(counts, seen))
    points = fm.game.hand_points(ctx)
    fm.scored(points)
    return points


def _any_play(fit, arr, pips, real):
    """(train, tile): a play among the heaviest tiles on the trains ``fit`` uniformly; ``arr``
    holds each train's tiles, heaviest first."""
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
    c = int(real() * total)
    for k in range(len(arr)):
        a = arr[k]
        if pips[a[0]] != best:
            continue
        n = 1
        while n < len(a) and pips[a[n]] == best:
            n += 1
        if c < n:
            return fit[k], a[c]
        c -= n
    raise AssertionError("no play on trains that fit")
