"""One simulated match (or hand) at a table of bots: real tiles dealt from a seeded shuffle,
every move an event folded by ``domino.match.Match``.

The table knows every hand (the scoreboard does not); it asks the core which plays are legal
(``Match.legal_plays``), who leads (``first_lead``), who must or may draw (``Game.owing``,
``may_draw``) and lets ``Match.apply`` do the scoring, so a bot can only do what a player at the
device could enter.
"""

from __future__ import annotations

import random

from domino.game import Game
from domino.match import Match
from domino.outcome import OutcomeGame
from domino.tiles import full_set, is_double

from .strategies import View, create


def playable(cls) -> bool:
    """Games the core follows tile by tile (not scored from a hand's outcome)."""
    return cls.entry is None and not issubclass(cls, OutcomeGame)


class Setup:
    """What an experiment plays: the game, its house rules, the seats and their bots."""

    def __init__(self, game, strategies, opts=None, teams=None, target=None, rounds=None,
                 hands=False, engine="fold"):
        self.game = game
        self.strategies = list(strategies)
        self.opts = dict(opts or {})
        self.teams = teams
        self.target = target
        self.rounds = rounds
        self.hands = hands  # True: each unit is one hand, not a whole match
        self.engine = engine  # "fold": Match.apply; "fast": the core's fast engine

    def match_setup(self):
        setup = {"game": self.game, "players": [f"P{i}" for i in range(len(self.strategies))]}
        if self.opts:
            setup["opts"] = dict(self.opts)
        if self.teams is not None:
            setup["teams"] = [list(t) for t in self.teams]
        if self.target is not None:
            setup["target"] = self.target
        if self.rounds is not None:
            setup["rounds"] = self.rounds
        return setup

    def to_json(self):
        return {
            "game": self.game,
            "opts": self.opts,
            "players": len(self.strategies),
            "strategies": self.strategies,
            "teams": self.teams,
            "target": self.target,
            "rounds": self.rounds,
            "unit": "hand" if self.hands else "match",
            "engine": self.engine,
        }


def unit_seed(seed: int, index: int) -> int:
    """Each game's own seed, from the experiment's seed and the game's index only: the same
    game is dealt whichever worker plays it. (Distinct pairs give distinct seeds.)"""
    if not 0 <= index < 1 << 48:
        raise ValueError(f"game index {index}: 0..2**48-1")
    return (int(seed) << 48) | index


class Table:
    def __init__(self, setup: Setup, seed):
        self.setup = setup
        self.rng = random.Random(seed)
        self.m = Match(setup.match_setup())
        g = self.m.game
        self.g = g
        self.bots = [create(name, random.Random(self.rng.getrandbits(64)))
                     for name in setup.strategies]
        self.hands = []
        self.bone = []

    # --- the deal ---------------------------------------------------------------------------

    def deal(self):
        g = self.g
        tiles = full_set(g.top)
        self.rng.shuffle(tiles)
        k = g.deal_size(g.n)
        self.hands = [tiles[i * k:(i + 1) * k] for i in range(g.n)]
        self.bone = tiles[g.n * k:]
        for seat, bot in enumerate(self.bots):
            bot.new_hand(seat, self.m)

    def apply(self, ev):
        result = self.m.apply(ev)
        for bot in self.bots:
            bot.observe(ev, self.m)
        return result

    # --- what the core allows ---------------------------------------------------------------

    def moves(self, p):
        """Every legal (tile, end, o) for seat ``p`` from his tiles (``Match.legal_plays``: end
        None for a lead; ``o`` the half a joker leaves open, else None; a play that only mirrors
        another listed once)."""
        return self.m.legal_plays(p, self.hands[p])

    def points(self, p, move):
        """What the core's ``play_points`` gives for ``move`` (``Match.preview``: tried and taken
        back)."""
        t, e, o = move
        if e is None or type(self.g).play_points is Game.play_points:
            return 0
        return self.m.preview(p, t, e, o)

    def can_draw(self, p):
        return bool(self.bone) and self.m.may_draw(p)

    def first_lead(self):
        """Free lead (no seat in turn): the core's lead rule (``Game.lead``) over every seat's
        tiles; (seat, tile), or None while nobody holds a legal lead."""
        return self.m.first_lead(self.hands)

    # --- play -------------------------------------------------------------------------------

    def play(self):
        """Play the unit (a match, or its first hand) to the end; return its record."""
        m = self.m
        hands = []
        while not m.over:
            hands.append(self.play_hand())
            if self.setup.hands:
                break
        sides = len(m.sides)
        winners = m.winners() if m.over else self.hand_winners(hands[-1]["points"])
        return {
            "totals": list(m.totals) if m.over else hands[-1]["points"],
            "winners": winners if len(winners) < sides else [],
            "hands": hands,
            "over": m.over,
        }

    def hand_winners(self, points):
        best = min(points) if self.g.lowest_wins else max(points)
        return [s for s, x in enumerate(points) if x == best]

    def play_hand(self):
        m, g = self.m, self.g
        hand = m.hand
        assert hand is not None
        self.deal()
        stat = {"lead": None, "plays": 0, "draws": 0, "passes": 0}
        waiting = None  # who draws next while nobody can lead (no seat in turn yet)
        while m.hand is hand:
            if hand.is_over():
                self.apply({"k": "end", "left": [list(h) for h in self.hands]})
                break
            owed = g.owing(hand)  # a 15's draws; Block 003's tile at the end of a turn
            if owed:
                self.draw(owed[0], stat)
                continue
            p = hand.turn
            lay = hand.layout
            if lay.is_empty():
                if p is None:
                    lead = self.first_lead()
                    if lead is None:
                        if waiting is None:  # 002 does not say who draws first: a seat at
                            waiting = self.rng.randrange(g.n)  # random (always 0 biased seats)
                        p, waiting = waiting % g.n, waiting + 1
                        self.draw_or_pass(p, stat)
                        continue
                    p, t = lead
                    moves = [(t, None, None)]
                else:
                    moves = self.moves(p)
                    doubles = [x for x in moves if is_double(x[0])]
                    if doubles:  # open with the highest double (the lowest, Bergen 003)
                        low = g.lead == "lowest"
                        moves = [min(doubles) if low else max(doubles)]
            else:
                moves = self.moves(p)
            if not moves:
                self.draw_or_pass(p, stat)
                continue
            if len(moves) == 1:
                move = moves[0]
            else:
                move = self.bots[p].choose(
                    View(p, self.hands[p], m, lambda mv, p=p: self.points(p, mv)), moves)
            t, e, o = move
            ev = {"k": "play", "p": p, "t": t}
            if e is not None:
                ev["e"] = e
            if o is not None:
                ev["o"] = o
            if stat["lead"] is None:
                stat["lead"] = p
            self.apply(ev)
            self.hands[p].remove(t)
            stat["plays"] += 1
            if m.hand is hand and hand.pending is not None:
                self.apply({"k": "claim", "p": hand.pending[0]})  # bots never miss a count
        rec = m.records[-1]
        stat["out"] = rec.out
        stat["blocked"] = rec.out is None and rec.end is not None
        stat["points"] = rec.points()
        return stat

    def draw(self, p, stat):
        self.apply({"k": "draw", "p": p, "n": 1})
        self.hands[p].append(self.bone.pop())
        stat["draws"] += 1

    def draw_or_pass(self, p, stat):
        if self.can_draw(p):
            self.draw(p, stat)
        else:
            self.apply({"k": "pass", "p": p})
            stat["passes"] += 1


def play_unit(setup: Setup, seed, index):
    """Play game ``index`` of an experiment seeded ``seed``."""
    rec = Table(setup, unit_seed(seed, index)).play()
    rec["i"] = index
    return rec
