"""Property tests: random legal matches of the booklet 000/003 table games (Italian, All Sevens,
Matador, Sebastopol, Cyprus, Tiddle-a-Wink, Hungarian, French, Peruvian, Team Block,
Barricade) driven through ``Match.apply`` with real hands and a real boneyard kept by the test.

After every event: the core's counts and boneyard match the real hands, pips are conserved, the
open ends are what the test gets by laying the tiles itself (by its own reading of each game's
joining rule), undo restores the state before the event and redo the state after it, and a
sure-illegal event is refused without a change. At the end every sampled prefix of the log
folds, and the whole log folds to the same state.
"""

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domino import DominoError, Match
from domino.events import dumps
from domino.tiles import full_set, hand_pips, is_double, name, set_pips

NAMES = ["Ana", "Ben", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ivy", "Jo"]

# (key, players, opts)
GAMES = [
    ("italian", 3, None),
    ("italian", 4, {"top": 9}),
    ("allsevens", 2, None),
    ("allsevens", 4, {"draw_after_play": True, "barricade": True}),
    ("matador", 3, None),
    ("matador-schmidt", 4, None),
    ("matador-schmidt", 3, {"top": 6}),
    ("sebastopol", 4, None),
    ("sebastopol-schmidt", 4, None),
    ("cyprus", 4, None),
    ("cyprus", 4, {"star": 8}),
    ("tiddle", 5, None),
    ("tiddle", 3, {"top": 6, "spinner": True}),
    ("tiddle-pool", 7, None),
    ("hungarian", 2, None),
    ("hungarian", 4, {"barricade": True}),
    ("french", 2, None),
    ("french", 2, {"keep_two": False, "barricade": True}),
    ("peruvian", 4, None),
    ("peruvian", 4, {"draw_each_turn": False, "quadruple": "next"}),
    ("teamblock", 4, {"barricade": True}),
    ("barricade", 3, None),
    ("barricade", 2, {"draw_each_turn": False}),
]

# The test's own reading of the booklets, independent of the core on purpose (an oracle that
# asked the core's hooks would agree with any bug in them): the centre double of the hub games
# and the sum touching ends make in All Sevens (7) and Matador (000: 7; 003: 10).
CENTRE = {"sebastopol": (6, 6), "sebastopol-schmidt": (6, 6), "cyprus": (9, 9)}
BASE = {"allsevens": 7, "matador": 7, "matador-schmidt": 10}


def is_joker(t, base):
    """A tile laid anywhere (the test's reading): 0-0, or one totalling the sum."""
    return t == (0, 0) or t[0] + t[1] == base


def fingerprint(m):
    """Everything the fold decides, as one string (the log length aside)."""
    out = m.standings()
    out.pop("events")
    h = m.hand
    if h is not None:
        attrs = sorted((k, repr(v)) for k, v in vars(h).items() if k not in ("layout", "seen"))
        out["hand_state"] = [list(a) for a in attrs]
        out["seen"] = sorted(name(t) for t in h.seen)
        out["layout"] = h.layout.describe()
        out["played"] = [name(t) for t in h.layout.played]
    return dumps(out)


class Table:
    """The physical table: who holds what, the boneyard, the ends as the test lays them."""

    def __init__(self, key, n, seed, opts=None, rounds=2):
        self.rng = random.Random(seed)
        setup = {"game": key, "players": NAMES[:n]}
        if key in ("italian", "matador", "matador-schmidt", "sebastopol", "tiddle", "hungarian"):
            setup["rounds"] = rounds  # games with a target: a few rounds are enough
        if key == "teamblock":
            setup["teams"] = [[0, 2], [1, 3]]
        if opts:
            setup["opts"] = opts
        self.key = key
        self.m = Match(setup)
        self.n = n
        self.number = 0
        self.deal()

    def deal(self):
        g = self.m.game
        while True:
            tiles = full_set(g.top)
            self.rng.shuffle(tiles)
            d = g.deal_size(self.n)
            self.hands = [tiles[i * d : (i + 1) * d] for i in range(self.n)]
            self.bone = tiles[self.n * d :]
            centre = CENTRE.get(self.key)
            if centre is None or centre not in self.bone:
                break  # Cyprus: "If no one has it, the tiles are shuffled and re-distributed"
        self.ends = []  # the open pip of each arm, by laying the tiles ourselves
        self.table = []
        self.total = 0

    # --- the checks after every event ------------------------------------------------------

    def check(self):
        m = self.m
        h = m.hand
        if h is None or h.number != self.number or h.is_over():
            return
        assert h.counts == [len(x) for x in self.hands]
        assert h.boneyard == len(self.bone)
        held = sum(hand_pips(x) for x in self.hands) + hand_pips(self.bone)
        assert held + hand_pips(h.layout.played) == set_pips(m.game.top)
        assert sorted(h.layout.played) == sorted(self.table) and set(h.seen) == set(self.table)
        if self.key == "italian":
            assert h.layout.count() == self.total == hand_pips(self.table)
        else:
            assert [a.open for a in h.layout.arms] == self.ends

    def apply(self, ev):
        m = self.m
        before = fingerprint(m)
        self.number = m.hand.number if m.hand else None
        m.apply(ev)
        after = fingerprint(m)
        if self.rng.random() < 0.3:
            m.apply({"k": "undo"})
            assert fingerprint(m) == before, ev
            m.apply({"k": "redo"})
            assert fingerprint(m) == after, ev
        if self.rng.random() < 0.2:
            self.refused()

    def refused(self):
        """Sure-illegal events change nothing."""
        m = self.m
        h = m.hand
        if h is None:
            return
        bad = [
            {"k": "play", "p": self.n, "t": "1-0"},
            {"k": "draw", "p": 0, "n": 0},
            {"k": "end", "left": [0] * (self.n + 1)},
            {"k": "end", "left": [set_pips(m.game.top) + 1] + [0] * (self.n - 1)},
        ]
        if m.game.opts.get("barricade") is not None:
            bad.append({"k": "end", "left": [0] * self.n, "bar": self.n})
        if self.table:
            bad.append({"k": "play", "p": h.turn or 0, "t": name(self.table[0]), "e": 0})
        other = None if h.turn is None else (h.turn + 1) % self.n
        if other is not None and other != h.turn and self.hands[other]:
            bad.append({"k": "play", "p": other, "t": name(self.hands[other][0])})  # not his turn
        before = fingerprint(m)
        for ev in bad:
            try:
                m.apply(ev)
            except DominoError:
                pass
            else:
                raise AssertionError(f"accepted {ev!r}")
            assert fingerprint(m) == before, ev

    # --- the rules as the test reads them, to lay tiles itself -------------------------------

    def opened(self, t, pip, o):
        """The pip ``t`` leaves open laid against ``pip`` (``o``: a joker's choice)."""
        base = BASE.get(self.key)
        if self.key == "italian":
            return t[0]
        if base is None:
            return t[1] if t[0] == pip else t[0] if t[1] == pip else None
        joker = is_joker(t, base)
        if joker and o is not None:
            return o
        if pip != 0:
            if t[0] + pip == base:
                return t[1]
            if t[1] + pip == base:
                return t[0]
        return t[0] if joker else None

    def moves(self, p):
        """Every legal (tile, arm, o) for seat p, by the test's own reading of the rules."""
        h = self.m.hand
        lay = h.layout
        out = []
        for t in self.hands[p]:
            if lay.is_empty():
                centre = CENTRE.get(self.key)
                if centre is not None and t != centre:
                    continue
                if self.key in ("hungarian", "tiddle", "tiddle-pool") and not is_double(t):
                    continue
                out.append((t, None, None))
                continue
            for i in lay.open_arms():
                o = None
                if self.key in BASE and not is_double(t) and is_joker(t, BASE[self.key]):
                    o = self.rng.choice(t)
                if self.opened(t, self.ends[i], o) is not None:
                    out.append((t, i, o))
        return out

    def leader(self):
        h = self.m.hand
        if h.turn is not None:
            return h.turn
        best = None
        for q in range(self.n):
            for t in self.hands[q]:
                if CENTRE.get(self.key) == t:
                    return q
                key = (is_double(t), t)
                if best is None or key > best[0]:
                    best = (key, q)
        return best[1]

    # --- one event -------------------------------------------------------------------------

    def step(self):
        """One event of a legal random game; returns False when the match is over."""
        m = self.m
        if m.over:
            return False
        h = m.hand
        if h.is_over():
            self.end_hand()
            return not m.over
        owed = m.game.owing(h)  # Block 003: the tile drawn at the end of a turn
        if owed:
            return self.draw(owed[0], 1)
        p = self.leader()
        moves = self.moves(p)
        g = m.game
        if moves:
            t, arm, o = self.rng.choice(moves)
            if arm is None:
                dbl = [x for x in self.hands[p] if is_double(x)]
                if dbl and self.key not in ("italian", "french", "allsevens", "barricade"):
                    t = max(dbl)
            barricade = g.opts.get("barricade") and is_double(t) and arm is not None
            self.play(p, t, arm, o)
            if barricade and m.hand is h and not h.is_over() and self.rng.random() < 0.3:
                self.end_hand(bar=p)
            return True
        drawable = h.boneyard - g.reserve
        limit = {"one": 1, "two": 2}.get(g.draws, 99)
        if g.draws != "none" and drawable > 0 and h.drawn < limit:
            if self.key != "french" or self.rng.random() < 0.7:
                return self.draw(p, 1)
        self.apply({"k": "pass", "p": p})
        return True

    def play(self, p, t, arm, o):
        ev = {"k": "play", "p": p, "t": name(t)}
        if arm is not None:
            ev["e"] = arm
        if o is not None:
            ev["o"] = o
        lay = self.m.hand.layout
        if arm is None:
            self.apply(ev)
            self.ends = [a.open for a in lay.arms]  # the lead: checked once against the rules
            kind = lay.kind
            if kind in ("hub",):
                assert self.ends == [t[0]] * len(lay.arms)
            elif kind in ("pile", "onesided"):
                assert self.ends == [t[0]]
            else:
                assert sorted(self.ends[:2]) == sorted(t) and set(self.ends) == set(t)
        else:
            self.ends[arm] = self.opened(t, self.ends[arm], o)
            self.apply(ev)
            if len(lay.arms) > len(self.ends):  # a spinner opened its sides
                self.ends += [a.open for a in lay.arms[len(self.ends) :]]
        self.hands[p].remove(t)
        self.table.append(t)
        self.total += t[0] + t[1]
        self.check()

    def draw(self, p, n):
        self.apply({"k": "draw", "p": p, "n": n})
        for _ in range(n):
            self.hands[p].append(self.bone.pop())
        self.check()
        return True

    def end_hand(self, bar=None):
        ev = {"k": "end", "left": [[name(t) for t in x] for x in self.hands]}
        if bar is not None:
            ev["bar"] = bar
        self.apply(ev)
        if not self.m.over:
            self.deal()
            self.number = self.m.hand.number


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(GAMES), st.integers(0, 2**32))
def test_random_legal_matches_keep_the_invariants(game, seed):
    key, n, opts = game
    table = Table(key, n, seed, opts)
    for _ in range(3000):
        if not table.step():
            break
        table.check()
    m = table.m
    assert m.over, (key, m.standings())
    assert m.standings()["winners"]
    assert sum(len(r.hand.seen) for r in m.records) >= 0


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(GAMES), st.integers(0, 2**32))
def test_every_prefix_folds_to_the_state_of_the_live_match(game, seed):
    key, n, opts = game
    table = Table(key, n, seed, opts)
    m = table.m
    for _ in range(150):
        if not table.step():
            break
    log = [m.log[i] for i in range(len(m.log))]
    for k in range(0, len(log) + 1, max(1, len(log) // 10)):
        Match.replay(m.setup, log[:k])
    assert fingerprint(Match.replay(m.setup, log)) == fingerprint(m)
