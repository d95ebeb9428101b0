"""Random legal games played through Match.apply, knowing every hand (the scoreboard does not).

Used by the property tests: the driver deals real tiles, picks a random legal play by asking the
game itself which arms a tile joins, draws and passes by the game's rule, and ends each hand with
what the players really hold. After every event it checks what the core claims against what the
driver knows.
"""

import random

from domino.errors import DominoError
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

    def moves(self, p):
        """Every legal (tile, arm) for seat p; arm None for a lead."""
        hand, g = self.m.hand, self.m.game
        lay = hand.layout
        out = []
        for t in self.hands[p]:
            if lay.is_empty():
                try:
                    g.check_lead(hand, p, t)
                    out.append((t, None))
                except DominoError:
                    pass
                continue
            for i in lay.open_arms():
                if g.joins(hand, t, lay.arms[i]) is not None:
                    try:
                        g.check_play(hand, p, t, i)
                        out.append((t, i))
                    except DominoError:
                        pass
        return out

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
        if p is None:  # free lead: whoever holds a legal lead, highest double first
            leads = [(t, q) for q in range(m.game.n) for t in self.hands[q] if t[0] == t[1]]
            leads.sort(reverse=True)
            p = leads[0][1] if leads else 0
            if m.game.key == "bergen-schmidt" and leads:
                p = min(leads)[1]
        moves = self.moves(p)
        if moves:
            t, arm = self.rng.choice(moves)
            if hand.layout.is_empty() and hand.turn is None and t[0] != t[1]:
                dbl = [x for x in self.hands[p] if x[0] == x[1]]
                if dbl:
                    t = max(dbl) if m.game.key != "bergen-schmidt" else min(dbl)
            ev = {"k": "play", "p": p, "t": name(t)}
            if arm is not None:
                ev["e"] = arm
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
        can_draw = hand.boneyard - m.game.reserve
        limit = {"one": 1, "two": 2}.get(m.game.draws, 99)
        if m.game.draws != "none" and can_draw > 0 and hand.drawn < limit:
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
