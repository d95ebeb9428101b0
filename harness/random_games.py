"""Random legal games played through Match.apply, knowing every hand (the scoreboard does not).

Used by the property tests: the driver deals real tiles, picks a random legal play among those
the core lists (``Match.legal_plays``; the lead by ``first_lead``), draws while the core allows
(``may_draw``), else passes, and ends each hand with what the players really hold. After every
event it checks what the core claims against what the driver knows.
"""

import random

from domino.match import Match
from domino.tiles import full_set, hand_pips, name, set_pips


class Table:
    def __init__(self, game, players, seed, **setup):
        self.rng = random.Random(seed)
        setup.update(game=game, players=[f"P{i}" for i in range(players)])
        self.m = Match(setup)
        self.hands = []
        self.bone = []
        self.deal()

    def deal(self):
        g = self.m.game
        tiles = full_set(g.top)
        self.rng.shuffle(tiles)
        k = g.deal_size(g.n)
        self.hands = [tiles[i * k : (i + 1) * k] for i in range(g.n)]
        self.bone = tiles[g.n * k :]

    def apply(self, ev):
        r = self.m.apply(ev)
        return r

    def step(self):
        """One event of a legal random game; returns False when the match is over."""
        m = self.m
        if m.over:
            return False
        hand = m.hand
        if hand.is_over():
            self.end_hand()
            return not m.over
        p = hand.turn
        lead = m.first_lead(self.hands) if p is None else None  # free lead: the lead rule
        if p is None:
            p = 0 if lead is None else lead[0]  # nobody holds a lead: seat 0 draws
        moves = [(lead[1], None, None)] if lead is not None else m.legal_plays(p, self.hands[p])
        if moves:
            t, arm, o = self.rng.choice(moves)
            ev = {"k": "play", "p": p, "t": name(t)}
            if arm is not None:
                ev["e"] = arm
            if o is not None:
                ev["o"] = o
            self.apply(ev)
            self.hands[p].remove(t)
            if m.hand is hand and hand.pending is not None:
                owner = hand.pending[0]
                if self.rng.random() < 0.8:
                    self.apply({"k": "claim", "p": owner})
                else:
                    other = (owner + 1) % m.game.n
                    if m.side_of[other] != m.side_of[owner]:
                        self.apply({"k": "mug", "p": other})
            return True
        if self.bone and m.may_draw(p):
            self.apply({"k": "draw", "p": p, "n": 1})
            self.hands[p].append(self.bone.pop())
            return True
        self.apply({"k": "pass", "p": p})
        return True

    def left(self):
        return [[name(t) for t in h] for h in self.hands]

    def end_hand(self):
        self.apply({"k": "end", "left": self.left()})
        if not self.m.over:
            self.deal()

    def check(self):
        """What the core says agrees with what the driver knows."""
        m = self.m
        hand = m.hand
        if hand is None or hand.is_over():
            return
        g = m.game
        assert hand.counts == [len(h) for h in self.hands], (hand.counts, self.hands)
        assert hand.boneyard == len(self.bone)
        assert sorted(hand.layout.played) == sorted(hand.seen)
        held = sum(hand_pips(h) for h in self.hands) + hand_pips(self.bone)
        assert held + hand_pips(hand.seen) == set_pips(g.top)
        for i in hand.layout.open_arms():
            arm = hand.layout.arms[i]
            if arm.length:
                assert arm.open in hand.layout.played[-1] or any(
                    arm.open in t for t in hand.layout.played
                )
