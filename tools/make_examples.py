"""Write examples/<game>.jsonl: one complete, realistic match per game, played by seeded
random players through the rules core, so every event in them is one the core accepts.

    python tools/make_examples.py          # rewrites examples/*.jsonl (same seed, same files)

Players hold real tiles: a hand is dealt from a shuffled set, they lay what fits (preferring
plays that score), draw or pass when nothing does, claim their counts (now and then forgetting,
so an opponent calls Muggins), and at each hand's end the tiles still held are entered.
"""

import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "firmware"))

from domino import DominoError, Match  # noqa: E402
from domino.events import write_match  # noqa: E402
from domino.tiles import full_set, is_double, name  # noqa: E402

EXAMPLES = (
    # file stem, setup (dates are what the scoreboard writes once the host set its clock)
    ("muggins", {"game": "muggins", "players": ["Ana", "Ben"], "date": "2025-03-07T19:30:00Z"}),
    (
        "allfives",
        {"game": "allfives", "players": ["Ana", "Ben", "Cora"], "date": "2025-03-08T20:05:00Z"},
    ),
    (
        "bergen",
        {
            "game": "bergen",
            "players": ["Dag", "Eli", "Finn", "Gro"],
            "date": "2025-03-14T18:45:00Z",
        },
    ),
    (
        "bergen-schmidt",
        {
            "game": "bergen-schmidt",
            "players": ["Dag", "Eli", "Finn"],
            "date": "2025-03-15T17:10:00Z",
        },
    ),
    ("draw", {"game": "draw", "players": ["Hana", "Ivo"], "date": "2025-04-02T21:00:00Z"}),
    (
        "block",
        {
            "game": "block",
            "players": ["Jo", "Kim", "Lea", "Max"],
            "teams": [[0, 2], [1, 3]],
            "date": "2025-04-05T16:20:00Z",
        },
    ),
    (
        "doble12",
        {"game": "doble12", "players": ["Nico", "Olga", "Pau"], "date": "2025-04-19T22:15:00Z"},
    ),
)
MAX_EVENTS = 5000


class Table:
    """Real tiles for the seeded players; every move goes through ``Match.apply``."""

    def __init__(self, setup, seed):
        self.rng = random.Random(seed)
        self.match = Match(setup)
        self.events = []

    def apply(self, ev):
        result = self.match.apply(ev)
        self.events.append(ev)
        return result

    def try_apply(self, ev):
        try:
            return self.apply(ev)
        except DominoError:
            return None

    def deal(self):
        g = self.match.game
        tiles = full_set(g.top)
        self.rng.shuffle(tiles)
        size = g.deal_size(g.n)
        self.hands = [tiles[i * size : (i + 1) * size] for i in range(g.n)]
        self.boneyard = tiles[g.n * size :]

    def lead(self):
        """The player the rules name lays the best tile they may; False if nobody can (no
        double dealt: the table reshuffles)."""
        hand = self.match.hand
        assert hand is not None
        order = sorted(
            (
                (t[0] + t[1], p, t)
                for p in range(len(self.hands))
                for t in self.hands[p]
                if is_double(t)
            ),
            reverse=True,
        )
        lowest_first = self.match.game.lead == "lowest"  # Game.lead: Bergen 003
        if lowest_first:
            order.reverse()
        singles = sorted(
            (
                (t[0] + t[1], p, t)
                for p in range(len(self.hands))
                for t in self.hands[p]
                if not is_double(t)
            ),
            reverse=True,
        )
        for _, p, t in order + singles:
            if hand.turn is not None and p != hand.turn:
                continue
            if self.try_apply({"k": "play", "p": p, "t": name(t)}) is not None:
                self.hands[p].remove(t)
                return True
        return False

    def fits(self, p):
        hand = self.match.hand
        assert hand is not None
        lay, g = hand.layout, self.match.game
        return [
            (t, e)
            for t in self.hands[p]
            for e in lay.open_arms()
            if g.joins(hand, t, lay.arms[e]) is not None
        ]

    def turn(self):
        m = self.match
        hand = m.hand
        assert hand is not None
        p = hand.turn
        options = self.fits(p)
        self.rng.shuffle(options)
        scored = [o for o in options if self._would_score(o)]
        for t, e in scored + options:
            result = self.try_apply({"k": "play", "p": p, "t": name(t), "e": e})
            if result is None:
                continue
            self.hands[p].remove(t)
            if result.get("scored") and m.game.opts.get("muggins") and m.hand is hand:
                self._claim(p)
            return
        if self.boneyard and self.try_apply({"k": "draw", "p": p, "n": 1}) is not None:
            self.hands[p].append(self.boneyard.pop())
            return
        self.apply({"k": "pass", "p": p})

    def _would_score(self, option):
        return self.match.game.key in ("muggins", "allfives") and self.rng.random() < 0.8

    def _claim(self, p):
        m = self.match
        if self.rng.random() < 0.1:  # forgot to claim: the next player calls Muggins
            other = next(q for q in range(len(m.players)) if m.side_of[q] != m.side_of[p])
            self.apply({"k": "mug", "p": other})
        else:
            self.apply({"k": "claim", "p": p})

    def end(self):
        left = [sorted(name(t) for t in h) for h in self.hands]
        self.apply({"k": "end", "left": left})

    def play(self):
        m = self.match
        while not m.over:
            self.deal()
            while not self.lead():
                self.deal()
            hand = m.hand
            while hand is not None and m.hand is hand and not hand.is_over():
                self.turn()
                if len(self.events) > MAX_EVENTS:
                    raise RuntimeError("runaway match")
            if hand is not None and m.hand is hand:
                if self.rng.random() < 0.15:  # the table argues, then agrees: undo, redo
                    self.apply({"k": "undo"})
                    self.apply({"k": "redo"})
                self.end()
        self.apply({"k": "note", "text": "good game"})
        return self.events


def main():
    out = ROOT / "examples"
    out.mkdir(exist_ok=True)
    for i, (stem, setup) in enumerate(EXAMPLES):
        events = Table(dict(setup), seed=1000 + i).play()
        path = out / (stem + ".jsonl")
        path.write_text(write_match(setup, events))
        m = Match.replay(setup, events)
        print(
            f"{path.relative_to(ROOT)}: {len(events)} events, {len(m.records)} hands, "
            f"totals {m.totals}, over={m.over}"
        )


if __name__ == "__main__":
    main()
