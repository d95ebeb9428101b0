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

from domino import Match  # noqa: E402
from domino.events import write_match  # noqa: E402
from domino.tiles import full_set, name  # noqa: E402

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
            "opts": {"five_tiles": True},  # the Schmidt booklet's (003) deal, as recorded
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

    def deal(self):
        g = self.match.game
        tiles = full_set(g.top)
        self.rng.shuffle(tiles)
        size = g.deal_size(g.n)
        self.hands = [tiles[i * size : (i + 1) * size] for i in range(g.n)]
        self.boneyard = tiles[g.n * size :]

    def lead(self):
        """The hand's first tile, as the core says: the seat the game names lays his best lead
        (``first_lead`` over his tiles), else whoever holds the best by the game's lead rule
        (``Match.first_lead``). False if nobody can (no double dealt: the table reshuffles)."""
        m = self.match
        hand = m.hand
        assert hand is not None
        hands = self.hands
        if hand.turn is not None:  # the game names the leader: only his tiles count
            hands = [h if p == hand.turn else [] for p, h in enumerate(hands)]
        lead = m.first_lead(hands)
        if lead is None:
            return False
        p, t = lead
        self.apply({"k": "play", "p": p, "t": name(t)})
        self.hands[p].remove(t)
        return True

    def fits(self, p):
        """The plays seat ``p`` may make from his tiles (``Match.legal_plays``), tile by tile
        in the order he holds them."""
        plays = self.match.legal_plays(p, self.hands[p])
        return sorted(plays, key=lambda x: self.hands[p].index(x[0]))

    def turn(self):
        m = self.match
        hand = m.hand
        assert hand is not None
        p = hand.turn
        options = self.fits(p)
        self.rng.shuffle(options)
        scored = [o for o in options if self._would_score(o)]
        if options:
            t, e, o = (scored + options)[0]
            ev = {"k": "play", "p": p, "t": name(t), "e": e}
            if o is not None:
                ev["o"] = o
            result = self.apply(ev)
            self.hands[p].remove(t)
            if result.get("scored") and m.game.opts.get("muggins") and m.hand is hand:
                self._claim(p)
            return
        if self.boneyard and m.may_draw(p):
            self.apply({"k": "draw", "p": p, "n": 1})
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


def main(out=ROOT / "examples"):
    """Write every example into folder ``out`` (tests/test_repository.py writes them into a
    temporary folder and compares them with the committed ones, byte for byte)."""
    out = Path(out)
    out.mkdir(exist_ok=True)
    for i, (stem, setup) in enumerate(EXAMPLES):
        events = Table(dict(setup), seed=1000 + i).play()
        path = out / (stem + ".jsonl")
        path.write_text(write_match(setup, events))
        m = Match.replay(setup, events)
        shown = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path
        print(
            f"{shown}: {len(events)} events, {len(m.records)} hands, "
            f"totals {m.totals}, over={m.over}"
        )


if __name__ == "__main__":
    main()
