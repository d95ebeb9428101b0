"""The one-player games of booklets 000 (Bingo, The Big Clock, Good Neighbors, Traffic, Squeeze)
and 003 (Solo 1, Solo 2), each played from a seeded shuffle with a sensible policy, to estimate
how often they can be won. Host-only: nothing here is scored at a table.

Each game is a function ``play(rng, top) -> (won, tiles left)``. Where a booklet leaves a rule
open (its diagrams did not survive), the reading taken is written next to the code.
"""

from __future__ import annotations

import multiprocessing
import random
from collections.abc import Callable

from domino.tiles import full_set

from .stats import describe, rate
from .table import unit_seed


def shuffled(top: int, rng: random.Random) -> list[tuple[int, int]]:
    tiles = full_set(top)
    rng.shuffle(tiles)
    return tiles


def shares(a, b) -> bool:
    return a[0] in b or a[1] in b


# --- Bingo (000) ------------------------------------------------------------------------------


def bingo(rng: random.Random, top: int = 6):
    """All tiles in a row; count 0..12 over and over, touching one tile per number; a tile
    whose pips equal the number said is removed; at the row's end close the gaps and go on
    from the left (the count carries on). Pure chance. Lost when 13 passes in a row remove
    nothing: the count's offsets then repeat, so nothing ever will."""
    return bingo_row(shuffled(top, rng))


def bingo_row(row):
    count = 0
    idle = 0
    while row and idle < 13:
        keep = []
        for t in row:
            if t[0] + t[1] != count:
                keep.append(t)
            count = 0 if count == 12 else count + 1
        idle = idle + 1 if len(keep) == len(row) else 0
        row = keep
    return not row, len(row)


# --- The Big Clock (000) --------------------------------------------------------------------


class Clock:
    """Slots 1..top hold piles; the aim is each double k-k on slot k. A tile turned up goes on
    a pile whose top it matches (never on a double), else to the waste. A double that cannot
    reach its slot is "in trouble": tops may then be moved between piles (onto a matching,
    non-double top) to bring it home; an emptied slot takes its double, or else at once the
    next tile. Lost when a double goes to the waste (nothing brings it back) or the boneyard
    runs out first.

    Policy (the booklet's advice): put a tile where the slot's number shows, so that slot's
    double can land there later; never cover a top that shows its slot's number if another
    pile will do; a double goes home if it can, else after a short search of moves, else on
    any matching pile to wait."""

    def __init__(self, top, rng):
        self.top = top
        self.rng = rng
        self.slots = list(range(1, top + 1))
        self.piles = {s: [] for s in self.slots}
        self.home = set()  # slots with their double in place

    def tops(self, s):
        p = self.piles[s]
        return p[-1] if p else None

    def open_piles(self, t):
        """Slots whose top ``t`` may go on: matching, not a double."""
        out = []
        for s in self.slots:
            top = self.tops(s)
            if s not in self.home and top is not None and top[0] != top[1] and shares(t, top):
                out.append(s)
        return out

    def play(self, deck):
        for s in [2 + i for i in range(self.top - 1)] + [1]:  # dealt from 2 o'clock round
            self.piles[s].append(deck.pop())
            self.settle()
        while deck and len(self.home) < self.top:
            t = deck.pop()
            if not self.place(t):
                return False, len(deck) + self.top - len(self.home)
            self.settle()
        won = len(self.home) == self.top
        return won, self.top - len(self.home)

    def place(self, t):
        """Put the turned-up tile somewhere; False if a double was lost to the waste."""
        empty = [s for s in self.slots if not self.piles[s] and s not in self.home]
        if t[0] == t[1] and 1 <= t[0] <= self.top:
            k = t[0]
            if self.goes_home(k, t):
                return True
            choices = self.open_piles(t)
            if empty:
                choices = choices + [s for s in empty if s != k]
            if not choices:
                return False
            self.piles[self.rng.choice(choices)].append(t)  # waits, in trouble
            return True
        if empty:  # a blank slot its double cannot fill takes the next tile at once
            self.piles[empty[0]].append(t)
            return True
        choices = self.open_piles(t)
        if not choices:
            return True  # to the waste
        self.piles[max(choices, key=lambda s: (self.value(s, t), self.rng.random()))].append(t)
        return True

    def value(self, s, t):
        top = self.tops(s)
        return (2 if s in t else 0) - (1 if top is not None and s in top else 0)

    def goes_home(self, k, t):
        """Lay double ``t`` on slot k if its top shows k or the slot is empty, after up to two
        moves of tops between piles if that is what it takes."""
        for _ in range(3):
            top = self.tops(k)
            if k not in self.home and (top is None or (k in top and top[0] != top[1])):
                self.piles[k].append(t)
                self.home.add(k)
                return True
            if not self.trouble_move(k):
                return False
        return False

    def trouble_move(self, k):
        """One move toward bringing k-k home: take slot k's top away, or bring a tile showing
        k onto it."""
        top = self.tops(k)
        if top is None or k in self.home:
            return False
        for s in self.open_piles(top):
            if s != k:
                self.piles[s].append(self.piles[k].pop())
                return True
        for s in self.slots:
            t = self.tops(s)
            if s != k and s not in self.home and t is not None and k in t and t[0] != t[1] \
                    and shares(t, top) and top[0] != top[1]:
                self.piles[k].append(self.piles[s].pop())
                return True
        return False

    def settle(self):
        """Doubles lying on a wrong pile's top go home when they can."""
        moved = True
        while moved:
            moved = False
            for s in self.slots:
                t = self.tops(s)
                if t is not None and t[0] == t[1] and s not in self.home:
                    k = t[0]
                    if k == s and (len(self.piles[s]) == 1 or s in self.piles[s][-2]):
                        self.home.add(s)
                        moved = True
                    elif 1 <= k <= self.top and k != s and k not in self.home:
                        dest = self.tops(k)
                        if dest is None or (k in dest and dest[0] != dest[1]):
                            self.piles[k].append(self.piles[s].pop())
                            self.home.add(k)
                            moved = True


def big_clock(rng: random.Random, top: int = 12):
    deck = shuffled(top, rng)
    deck.remove((0, 0))  # points to 12 o'clock: not in play
    return Clock(top, rng).play(deck)


# --- Good Neighbors (000) -------------------------------------------------------------------

NEIGHBOR_GRID = {12: (3, 4), 9: (3, 3), 6: (2, 3)}


def neighbor_pairs(cells, cols):
    """Pairs of positions (row-major) next to each other, diagonals too, sharing a number."""
    out = []
    n = len(cells)
    for i in range(n):
        if cells[i] is None:
            continue
        r, c = divmod(i, cols)
        for dr, dc in ((0, 1), (1, -1), (1, 0), (1, 1)):
            rr, cc = r + dr, c + dc
            j = rr * cols + cc
            if 0 <= cc < cols and j < n and cells[j] is not None and shares(cells[i], cells[j]):
                out.append((i, j))
    return out


def good_neighbors(rng: random.Random, top: int = 12):
    """Deal the grid; remove a pair of good neighbours (next to each other, diagonals too, a
    number in common); close up towards the top left and refill from the boneyard; over when
    no pair is left. Won with one tile left (all tiles with double-six).

    Policy: one pair a turn (the booklet allows more), the pair after whose removal the closed
    -up layout shows the most pairs (before refilling)."""
    rows, cols = NEIGHBOR_GRID[top]
    size = rows * cols
    deck = shuffled(top, rng)
    cells = [deck.pop() for _ in range(size)]
    while True:
        pairs = neighbor_pairs(cells, cols)
        if not pairs:
            break
        best = None
        for i, j in pairs:
            rest = [t for k, t in enumerate(cells) if k not in (i, j)]
            key = (len(neighbor_pairs(rest, cols)), rng.random())
            if best is None or key > best[0]:
                best = (key, rest)
        assert best is not None
        cells = best[1]
        while len(cells) < size and deck:
            cells.append(deck.pop())
    left = len(cells) + len(deck)
    return left <= (0 if top == 6 else 1), left


# --- Traffic (000) --------------------------------------------------------------------------

TRAFFIC_HAND = {6: 4, 9: 5, 12: 6}


def quads(hand, anchor, top):
    """Ways to make a quad (four consecutive numbers in a line) from ``hand``, with the number
    ``anchor`` already on the table as one of the four (None: the first quad, all from the
    hand). A tile lies across the line (one number in it; the other half sticks out and can
    anchor a later quad) or along it (two consecutive numbers). Returns (tiles used, new
    anchors) per way."""
    out = []
    for lo in range(0, top - 2):
        line = list(range(lo, lo + 4))
        for order in (line, line[::-1]):  # ascending or descending: matters for tiles along
            slots = list(range(4))
            if anchor is not None:
                if anchor not in order:
                    continue
                slots.remove(order.index(anchor))
            _fill(order, slots, hand, [], [], out)
    return out


def _fill(order, slots, hand, used, anchors, out):
    if not slots:
        out.append((list(used), list(anchors)))
        return
    i = slots[0]
    v = order[i]
    for t in hand:
        if t in used:
            continue
        if v in t:  # across the line: the other half sticks out
            other = t[1] if t[0] == v else t[0]
            _fill(order, slots[1:], hand, used + [t], anchors + [other], out)
        if len(slots) > 1 and slots[1] == i + 1 and t == tuple(sorted((v, order[i + 1]),
                                                                       reverse=True)):
            _fill(order, slots[2:], hand, used + [t], anchors, out)  # along the line


def traffic(rng: random.Random, top: int = 6):
    """Turn up 4 (double-6), 5 (double-9) or 6 (double-12) tiles; make a quad of four
    consecutive numbers in a line with 2 to 4 of them (turn up more until one can be made);
    then every turn attach tiles to a number already played to make a new quad, and turn up
    tiles again to the hand size. Lost when no quad can be made; won when every tile is used.

    Reading taken (the diagrams are lost): a quad runs up or down from any number showing on a
    tile's outer half (a tile laid across a line); each such number anchors one quad. Lines
    are not checked for crossing on the table. Policy: the quad that uses the most tiles,
    then leaves the most anchors, ties at random."""
    deck = shuffled(top, rng)
    size = TRAFFIC_HAND[top]
    hand = [deck.pop() for _ in range(size)]
    start = quads(hand, None, top)
    while not start and deck:
        hand.append(deck.pop())
        start = quads(hand, None, top)
    anchors: list[int] = []
    first = True
    while True:
        ways: list[tuple] = []
        if first:
            ways = [(u, n, None) for u, n in start]
        else:
            for a in set(anchors):
                ways.extend((u, n, a) for u, n in quads(hand, a, top))
        if not ways:
            return False, len(hand) + len(deck)
        used, new, anchor = max(ways, key=lambda w: (len(w[0]), len(w[1]), rng.random()))
        for t in used:
            hand.remove(t)
        if anchor is not None:
            anchors.remove(anchor)
        anchors.extend(new)
        first = False
        while len(hand) < size and deck:
            hand.append(deck.pop())
        if not hand:
            return True, 0


# --- Squeeze (000) --------------------------------------------------------------------------


def squeeze_moves(row):
    """Rows after one removal: a pair with one or two tiles between them and a number in
    common, or three or more tiles in a row sharing one number."""
    out = []
    n = len(row)
    for i in range(n):
        for gap in (2, 3):
            j = i + gap
            if j < n and shares(row[i], row[j]):
                out.append(row[:i] + row[i + 1:j] + row[j + 1:])
        for v in set(row[i]):
            j = i
            while j < n and v in row[j]:
                j += 1
                if j - i >= 3:
                    out.append(row[:i] + row[j:])
    return out


def squeeze_best(row, budget):
    """The shortest row reachable by removals (depth-first with a memo and a node budget)."""
    seen = {}

    def go(r):
        if r in seen:
            return seen[r]
        best = r
        seen[r] = r
        if len(seen) > budget[0]:
            return r
        for nxt in squeeze_moves(r):
            got = go(nxt)
            if len(got) < len(best):
                best = got
                if not best:
                    break
        seen[r] = best
        return best

    return go(row)


def squeeze(rng: random.Random, top: int = 12):
    """A row of 7 tiles; remove what can be removed, squeeze the gaps, add 7 more at the end
    (6 in the last round with double-nine), and so on. Won with no tile left. Policy: the
    removals that leave the shortest row (searched exactly while the row is short)."""
    deck = shuffled(top, rng)
    row: tuple = ()
    while deck:
        row = row + tuple(deck.pop() for _ in range(min(7, len(deck))))
        row = squeeze_best(row, [20000])
    return not row, len(row)


# --- Solo 1 and Solo 2 (003) ----------------------------------------------------------------


def solo1(rng: random.Random, top: int = 6, perfect: bool = True):
    """Seven columns by four rows, face up; start the line with any tile at the right edge,
    then always take one of the four right-edge tiles (one per row) and lay it on either end
    by Block rules. Won when every tile is laid. With full information the policy is perfect
    play: a search over (tiles taken per row, the two ends) finds a way if there is one."""
    deck = shuffled(top, rng)
    cols = len(deck) // 4
    rows = [deck[r * cols:(r + 1) * cols] for r in range(4)]  # the right edge is each row's end
    memo: dict = {}

    def best(taken, le, r):
        """Most tiles that can still be laid from this position."""
        key = (taken, le, r)
        if key in memo:
            return memo[key]
        most = 0
        for i in range(4):
            k = taken[i]
            if k == cols:
                continue
            t = rows[i][cols - 1 - k]
            nxt = taken[:i] + (k + 1,) + taken[i + 1:]
            for end in ((le, r), (r, le)):
                e, other = end
                if e in t:
                    new = t[1] if t[0] == e else t[0]
                    most = max(most, 1 + best(nxt, new, other))
                    if most == 4 * cols - sum(taken):
                        break
        memo[key] = most
        return most

    if perfect:
        laid = 0
        for i in range(4):
            t = rows[i][cols - 1]
            taken = tuple(1 if j == i else 0 for j in range(4))
            laid = max(laid, 1 + best(taken, t[0], t[1]))
        return laid == len(deck), len(deck) - laid
    # the random player, for comparison: any legal right-edge tile
    taken = [0, 0, 0, 0]
    i = rng.randrange(4)
    t = rows[i][cols - 1]
    taken[i] = 1
    le, r = t
    laid = 1
    while True:
        options = []
        for i in range(4):
            if taken[i] < cols:
                t = rows[i][cols - 1 - taken[i]]
                if le in t:
                    options.append((i, 0, t))
                if r in t:
                    options.append((i, 1, t))
        if not options:
            return laid == len(deck), len(deck) - laid
        i, e, t = rng.choice(options)
        taken[i] += 1
        laid += 1
        if e == 0:
            le = t[1] if t[0] == le else t[0]
        else:
            r = t[1] if t[0] == r else t[0]


SOLO2_HAND = {6: 5, 9: 7}


def solo2(rng: random.Random, top: int = 6):
    """Turn one tile up to start the line and take 5 tiles (7 with double-nine); lay them all
    by Block rules on the two ends, then take the next 5 (7). Lost when the hand cannot be
    laid; won when the tiles run out (fewer than a hand remain: 2 with double-six, 5 with
    double-nine). Policy: the player sees his hand, so he searches every order of it and,
    among the orders that lay it all, keeps the ends the most unseen tiles can match."""
    deck = shuffled(top, rng)
    size = SOLO2_HAND[top]
    first = deck.pop()
    le, r = first
    unseen = set(deck)
    while len(deck) >= size:
        hand = [deck.pop() for _ in range(size)]
        for t in hand:
            unseen.discard(t)
        finals = set()
        _orders(tuple(hand), le, r, finals, {})
        if not finals:
            return False, len(deck) + size
        le, r = max(sorted(finals), key=lambda e: (
            sum(1 for t in unseen if e[0] in t or e[1] in t), rng.random()))
    return True, len(deck)


def _orders(hand, le, r, finals, memo):
    """Collect the end pairs reachable by laying every tile of ``hand``."""
    key = (hand, le, r)
    if key in memo:
        return
    memo[key] = True
    if not hand:
        finals.add((min(le, r), max(le, r)))
        return
    for k, t in enumerate(hand):
        rest = hand[:k] + hand[k + 1:]
        if le in t:
            _orders(rest, t[1] if t[0] == le else t[0], r, finals, memo)
        if r in t:
            _orders(rest, le, t[1] if t[0] == r else t[0], finals, memo)


# --- the registry and the runner ------------------------------------------------------------


class Solitaire:
    def __init__(self, play: Callable, tops: tuple, default: int, extra=()):
        self.play = play
        self.tops = tops
        self.default = default
        self.extra = extra  # other options: (name, allowed values)

    def configure(self, opts: dict):
        """A picklable (function, keyword arguments) pair, the options checked."""
        kw = {"top": opts.get("top", self.default)}
        if kw["top"] not in self.tops:
            raise ValueError(f"top={kw['top']!r}: this solitaire is played with "
                             f"{', '.join(f'double-{t}' for t in self.tops)}")
        for name, value in opts.items():
            if name == "top":
                continue
            allowed = dict(self.extra).get(name)
            if allowed is None:
                known = ", ".join(["top"] + [e[0] for e in self.extra])
                raise ValueError(f"option {name!r}: known options are {known}")
            if value not in allowed:
                raise ValueError(f"{name}={value!r}: allowed are {allowed}")
            kw[name] = value
        return (self.play, kw)


SOLITAIRES = {
    "bingo": Solitaire(bingo, (6,), 6),
    "bigclock": Solitaire(big_clock, (6, 9, 12), 12),
    "neighbors": Solitaire(good_neighbors, (6, 9, 12), 12),
    "traffic": Solitaire(traffic, (6, 9, 12), 6),
    "squeeze": Solitaire(squeeze, (6, 9, 12), 12),
    "solo1": Solitaire(solo1, (6,), 6, (("perfect", (True, False)),)),
    "solo2": Solitaire(solo2, (6, 9), 6),
}


def play_range(make, seed, start, stop):
    fn, kw = make
    return [fn(random.Random(unit_seed(seed, i)), **kw) for i in range(start, stop)]


def _chunk(args):
    return play_range(*args)


def play_many(make, games: int, seed: int, workers: int = 1, progress=None) -> dict:
    """Play ``games`` deals (deal i from its own seed); win rate with its Wilson interval."""
    size = max(1, min(500, games // max(1, workers * 16)))
    parts = [(make, seed, a, min(games, a + size)) for a in range(0, games, size)]
    results = []
    if workers <= 1:
        for part in parts:
            results.extend(_chunk(part))
            if progress:
                progress(part[3] - part[2])
    else:
        with multiprocessing.Pool(workers) as pool:
            for got in pool.imap(_chunk, parts):
                results.extend(got)
                if progress:
                    progress(len(got))
    wins = sum(1 for won, _ in results if won)
    return {"games": games, "wins": rate(wins, games),
            "left": describe([left for _, left in results])}
