"""How a bot picks a move. The core lists what is legal; a strategy only chooses among it.

A strategy sees what its seat may see: its own tiles, the table (the ``Hand`` and its layout)
and the events as they happen. ``choose(view, moves)`` gets the legal moves as (tile, end, o)
triples — end None for a lead, o the half left open where the player may turn a joker, else
None — and returns one of them.
"""

from __future__ import annotations

import random

from domino.tiles import full_set


class View:
    """What the seat in turn knows when it chooses."""

    __slots__ = ("seat", "tiles", "match", "points")

    def __init__(self, seat, tiles, match, points):
        self.seat = seat
        self.tiles = tiles  # the seat's own tiles
        self.match = match
        self.points = points  # points(move): what the core would score for that play


class Strategy:
    name = ""
    help = ""

    def __init__(self, rng: random.Random):
        self.rng = rng

    def new_hand(self, seat, match):
        """A hand is dealt."""

    def observe(self, ev, match):
        """An event was applied (every seat sees every event, as at a real table)."""

    def choose(self, view, moves):
        raise NotImplementedError


class RandomPlay(Strategy):
    name = "random"
    help = "any legal move, uniformly at random"

    def choose(self, view, moves):
        return moves[self.rng.randrange(len(moves))] if len(moves) > 1 else moves[0]


def heavier(move):
    t = move[0]
    return t[0] + t[1]


class Heaviest(Strategy):
    name = "heavy"
    help = "the heaviest tile first (shed pips), ties at random"

    def best(self, view, moves):
        """The moves this bot ranks first (it picks one of them at random)."""
        best = max(heavier(m) for m in moves)
        return [m for m in moves if heavier(m) == best]

    def choose(self, view, moves):
        top = self.best(view, moves)
        return top[self.rng.randrange(len(top))] if len(top) > 1 else top[0]


class Greedy(Strategy):
    name = "greedy"
    help = "the most points the core scores for the play now, then the heaviest tile"

    def best(self, view, moves):
        """The moves this bot ranks first (it picks one of them at random)."""
        scored = [(view.points(m), heavier(m), m) for m in moves]
        best = max(s[:2] for s in scored)
        return [s[2] for s in scored if s[:2] == best]

    def choose(self, view, moves):
        if len(moves) == 1:
            return moves[0]
        top = self.best(view, moves)
        return top[self.rng.randrange(len(top))] if len(top) > 1 else top[0]


class Counter(Strategy):
    """Counts the tiles it has seen (the table and its own hand) and what each opponent showed
    it lacks (a pass or a draw against the ends). It scores first, then leaves ends the others
    are least likely to match, then sheds the heaviest tile (in games the lowest total wins,
    shedding comes before the ends)."""

    name = "counter"
    help = "counts seen tiles: score first, then leave ends the others can hardly match"

    def new_hand(self, seat, match):
        self.seat = seat
        top = match.game.top
        self.top = top
        self.lacks = [set() for _ in match.players]  # numbers each seat showed it lacks
        self.unseen_of = [0] * (top + 1)  # per number: tiles with it not yet seen by me
        for t in full_set(top):
            self.unseen_of[t[0]] += 1
            if t[1] != t[0]:
                self.unseen_of[t[1]] += 1
        self.counted = set()

    def _see(self, t):
        if t in self.counted:
            return
        self.counted.add(t)
        self.unseen_of[t[0]] -= 1
        if t[1] != t[0]:
            self.unseen_of[t[1]] -= 1

    def observe(self, ev, match):
        k = ev["k"]
        if k == "play":
            self._see(ev["t"])
        elif k in ("pass", "draw") and match.hand is not None:
            p = ev["p"]
            if p != self.seat and (k == "pass" or match.hand.turn == p):
                lay = match.hand.layout  # could not play on any of these ends
                for e in lay.open_arms():
                    self.lacks[p].add(lay.arms[e].open)

    def danger(self, view, move):
        """How many unseen tiles could answer the ends this move leaves, fewer for opponents
        known to lack a number."""
        t, e, o = move
        lay = view.match.hand.layout
        ends = {i: lay.arms[i].open for i in lay.open_arms()}
        if e is None:
            ends = {0: t[0], 1: t[1]}
        elif o is not None:
            ends[e] = o
        elif e in ends and ends[e] in t:
            ends[e] = t[1] if ends[e] == t[0] else t[0]
        m = view.match
        opponents = [q for q in range(len(m.players)) if m.side_of[q] != m.side_of[self.seat]]
        risk = 0
        for v in set(ends.values()):
            if v > self.top:
                continue
            left = self.unseen_of[v] - (1 if t[0] == v or t[1] == v else 0)
            blind = sum(1 for q in opponents if v not in self.lacks[q])
            risk += left * blind
        return risk

    def best(self, view, moves):
        """The moves this bot ranks first (it picks one of them at random)."""
        for t in view.tiles:
            self._see(t)
        if view.match.game.lowest_wins:  # pips left cost: shed the heavy tiles before all else
            ranked = [(view.points(m), heavier(m), -self.danger(view, m), m) for m in moves]
        else:
            ranked = [(view.points(m), -self.danger(view, m), heavier(m), m) for m in moves]
        best = max(r[:3] for r in ranked)
        return [r[3] for r in ranked if r[:3] == best]

    def choose(self, view, moves):
        if len(moves) == 1:
            for t in view.tiles:
                self._see(t)
            return moves[0]
        top = self.best(view, moves)
        return top[self.rng.randrange(len(top))] if len(top) > 1 else top[0]


STRATEGIES = {s.name: s for s in (RandomPlay, Greedy, Heaviest, Counter)}


def create(name: str, rng: random.Random) -> Strategy:
    return STRATEGIES[name](rng)
