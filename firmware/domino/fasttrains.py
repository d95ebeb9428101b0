"""A compact engine for Mexican Train (booklet 002, ``mexican.MexicanTrain``), for simulations:
tiles are small ints, the trains are a few parallel lists, a whole hand is one function call.

It follows ``MexicanTrain``'s hooks step by step (the station, own trains, the first round,
Mexican trains, markers, doubles played again and owed, one draw a turn) and asks the game for
what it can: the station of each hand, the deal, the hand's end (``hand_points``), the match's
end and winners. A test replays its moves through ``Match.apply`` and checks both agree.
"""

from .fastline import HEAVY
from .match import HandEnd, Left


def supports(game):
    """Mexican Train as booklet 002 plays it (not Cardinal Mexican Train's variant rules)."""
    from .mexican import MexicanTrain

    return type(game) is MexicanTrain and game.reserve == 0


class _Table:
    """What ``hand_points`` reads from a hand: tiles left per seat and the tiles laid."""

    def __init__(self, counts, seen):
        self.counts = counts
        self.seen = seen


def play_hand(fm, deal, policies, real, log=None):
    """Play one hand of Mexican Train; arguments and result as ``fastline.play_hand``. Ends
    in the log are train numbers; ``len(trains)`` starts a new train, None lays the station."""
    g = fm.game
    t = fm.t
    n = g.n
    k = g.deal_size(n)
    top = g.top
    hands = [deal[p * k:(p + 1) * k] for p in range(n)]
    bone = deal[n * k:]
    has = t.has
    other = t.other
    pips = t.pips
    double = t.double
    number = len(fm.records)
    fm.number = number
    station = g.station(number)[0]
    sid = station * (station + 1) // 2 + station  # the station's tile index
    draws = passes = plays = 0
    # Before the station: whoever holds it lays it; else each seat in turn draws (002).
    waiting = 0
    while True:
        p = None
        for q in range(n):
            if sid in hands[q]:
                p = q
                break
        if p is not None:
            break
        p = waiting % n
        waiting += 1
        hands[p].append(bone.pop())
        draws += 1
        if log is not None:
            log.append(("draw", p))
    hands[p].remove(sid)
    if log is not None:
        log.append(("play", p, sid, None))
    plays = 1
    lead = last = p
    # The trains: open pip, owner (seat or -1), marker, length; those open to everyone.
    opens = []
    owner = []
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
    of = t.masks  # per number: the tiles showing it, as bits
    masks = []  # each hand as bits
    for h in hands:
        h.sort(key=lambda i: -pips[i])  # heaviest first
        m = 0
        for i in h:
            m |= 1 << i
        masks.append(m)
    p = (p + 1) % n
    while True:
        # the ends open to p (MexicanTrain.refuse)
        due = -1
        if must:
            for m in must:
                if length[m[0]] == m[1] and laid[opens[m[0]]] < top:
                    due = m[0]
                    break
        h = hands[p]
        hm = masks[p]
        count = len(opens)
        # the trains p can play on: those open to him where a tile of his fits
        if due >= 0:
            fit = [due] if hm & of[opens[due]] else None
        else:
            fit = None
            mine = own[p]
            if (mine < 0 or turns >= n) and hm & of[station]:
                fit = [count]  # a new train: his own, or later a Mexican train
            if mine >= 0 and hm & of[opens[mine]]:
                if fit is None:
                    fit = [mine]
                else:
                    fit.append(mine)
            if turns >= n:
                for e in public:
                    if e != mine and hm & of[opens[e]]:
                        if fit is None:
                            fit = [e]
                        else:
                            fit.append(e)
        if fit is not None:
            if policies[p] == HEAVY:  # the heaviest tile that fits, ties at random
                best = -1
                tied = []
                for f in fit:
                    hv = has[station if f == count else opens[f]]
                    for j in h:  # heaviest first: the first that fits is this train's best
                        if hv[j]:
                            x = pips[j]
                            if x > best:
                                best = x
                                tied = [(j, f)]
                            elif x == best:
                                tied.append((j, f))
                            break
                i, e = tied[int(real() * len(tied))] if len(tied) > 1 else tied[0]
            else:  # a train at random, then a tile at random
                e = fit[int(real() * len(fit))] if len(fit) > 1 else fit[0]
                hv = has[station if e == count else opens[e]]
                a = [i for i in h if hv[i]]
                i = a[int(real() * len(a))] if len(a) > 1 else a[0]
            if e == count:  # a new train off the station
                opens.append(station)
                owner.append(-1)
                marker.append(False)
                length.append(0)
                public.append(e)
            opens[e] = other[opens[e]][i]
            length[e] += 1
            h.remove(i)
            masks[p] = hm ^ (1 << i)
            if not double[i]:
                laid[t.hi[i]] += 1
                laid[t.lo[i]] += 1
            if log is not None:
                log.append(("play", p, i, e))
            plays += 1
            last = p
            run = drawn = 0
            if not h:
                out = p
                break
            if length[e] == 1 and own[p] < 0:
                own[p] = e  # his first train off the station is his own
                owner[e] = p
                public.remove(e)
            if e == own[p] and marker[e]:
                marker[e] = False
                public.remove(e)
            if double[i]:
                fresh.append((e, length[e]))  # play again, anywhere
                continue
            if fresh or must:
                _end_turn(must, fresh, length, opens, laid, top)
            p = p + 1 if p + 1 < n else 0
            turns += 1
            continue
        if drawn < 1 and bone:
            x = bone.pop()
            px = pips[x]
            j = 0
            while j < len(h) and pips[h[j]] >= px:
                j += 1
            h.insert(j, x)  # the hand stays heaviest first
            masks[p] = hm | (1 << x)
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
        if own[p] >= 0 and not marker[own[p]]:
            marker[own[p]] = True  # could not play: a coin opens his train
            public.append(own[p])
        if bone:
            run = 0  # blocked only when nobody can play nor draw
        if fresh or must:
            _end_turn(must, fresh, length, opens, laid, top)
        p = p + 1 if p + 1 < n else 0
        turns += 1
        if run >= n:
            break
    return _score(fm, hands, bone, out, last, t), out, lead, plays, draws, passes


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
    for h in hands:
        tiles = [(t.hi[i], t.lo[i]) for i in h]
        left.append(Left(sum([t.pips[i] for i in h]), len(h),
                         any([t.double[i] for i in h]), tiles))
        counts.append(len(h))
    seen = set()
    if fm.game.opts.get("double_blank"):  # only then does hand_points look at the table
        for i in range(t.size):
            seen.add((t.hi[i], t.lo[i]))
        for h in hands + [bone]:
            for i in h:
                seen.discard((t.hi[i], t.lo[i]))
    ctx = HandEnd(left, None if out is None else fm.side_of[out], last, fm.sides,
                  _Table(counts, seen))
    points = fm.game.hand_points(ctx)
    for s in range(len(points)):
        fm.totals[s] += points[s]
    fm.records.append(points)
    if fm.game.is_over(fm):
        fm.over = True
    return points
