"""Property tests: random legal Super Dominos and Domino doble 15 matches driven through
``Match.apply``, with real hands and a real boneyard kept by the test.

After every event: the core's counts and boneyard match the real hands, pips are conserved,
every leg's open pip is what chaining its tiles gives (a double on a 13 leaves its own pip),
undo restores the state before the event and redo the state after it, owed draws (a 15) are
drawn out of turn, and a sure-illegal event is refused without a change. At the end every
sampled prefix of the log folds, and the whole log folds to the same state.
"""

import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domino import DominoError, Match
from domino.events import dumps
from domino.tiles import full_set, hand_pips, is_double, name, set_pips

NAMES = ["Ana", "Ben", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ivy", "Jo"]


def fingerprint(m):
    """Everything the fold decides, as one string (the log length aside)."""
    out = m.standings()
    out.pop("events")
    h = m.hand
    if h is not None:
        lay = h.layout
        attrs = sorted((k, repr(v)) for k, v in vars(h).items() if k not in ("layout", "seen"))
        out["hand_state"] = [list(a) for a in attrs]
        out["seen"] = sorted(name(t) for t in h.seen)
        out["layout"] = lay.describe()
        out["open"] = lay.open_arms()
        out["played"] = [name(t) for t in lay.played]
    return dumps(out)


def left_by(t, pip):
    """The pip ``t`` leaves showing when laid on ``pip`` (None if it does not go there)."""
    if is_double(t) and pip == 13:
        return t[0]
    if t[0] == pip:
        return t[1]
    if t[1] == pip:
        return t[0]
    return None


def current(m) -> Any:
    """The hand in progress, with the game's own fields (trains, spells) as plain attributes."""
    h = m.hand
    assert h is not None, "the match is over"
    return h


class Table:
    def __init__(self, game, n, seed, opts=None, rounds=2):
        self.rng = random.Random(seed)
        setup = {"game": game, "players": NAMES[:n], "rounds": rounds}
        if opts:
            setup["opts"] = opts
        self.setup = setup
        self.m = Match(setup)
        self.n = n
        self.number = 0
        self.deal()

    def deal(self):
        tiles = full_set(15)
        self.rng.shuffle(tiles)
        self.hands = [tiles[i * 9 : (i + 1) * 9] for i in range(self.n)]
        self.bone = tiles[self.n * 9 :]
        self.legs = []
        self.table = []

    def check(self):
        h = self.m.hand
        if h is None or h.number != self.number:
            return
        assert h.counts == [len(x) for x in self.hands]
        assert h.boneyard == len(self.bone)
        held = sum(hand_pips(x) for x in self.hands) + hand_pips(self.bone)
        assert held + hand_pips(h.layout.played) == set_pips(15)
        assert sorted(h.layout.played) == sorted(self.table) and set(h.seen) == set(self.table)
        assert [a.open for a in h.layout.arms] == self.legs
        owes = current(self.m).owes
        assert all(o >= 0 for o in owes) and (not self.bone) <= (sum(owes) == 0)

    def apply(self, ev):
        before = fingerprint(self.m)
        self.number = current(self.m).number
        self.m.apply(ev)
        after = fingerprint(self.m)
        if self.rng.random() < 0.3:
            self.m.apply({"k": "undo"})
            assert fingerprint(self.m) == before
            self.m.apply({"k": "redo"})
            assert fingerprint(self.m) == after

    def refused(self, ev):
        before = fingerprint(self.m)
        try:
            self.m.apply(ev)
        except DominoError:
            assert fingerprint(self.m) == before
            return
        raise AssertionError(f"accepted an illegal event {ev!r}")

    def play(self, p, t, e=None):
        ev = {"k": "play", "p": p, "t": name(t)}
        if e is not None:
            ev["e"] = e
        self.apply(ev)
        self.hands[p].remove(t)
        self.table.append(t)
        h = current(self.m)
        if e is None:
            self.legs = [t[0]] * 6
            return
        self.legs[e] = left_by(t, self.legs[e])
        if self.legs[e] == 14 and not h.is_over():
            assert h.turn == p and h.again  # leave a 14: go again

    def draw(self, p, k=1):
        self.apply({"k": "draw", "p": p, "n": k})
        for _ in range(k):
            self.hands[p].append(self.bone.pop(self.rng.randrange(len(self.bone))))

    def end(self):
        self.apply({"k": "end", "left": [[name(t) for t in x] for x in self.hands]})
        if not self.m.over:
            self.deal()

    def plays(self, p):
        h = current(self.m)
        legs = h.layout.open_arms()
        bound = self.m.game.bound(h, p)
        if bound is not None:
            legs = [bound]
        return [(t, e) for t in self.hands[p] for e in legs if left_by(t, self.legs[e]) is not None]

    def probe(self, p):
        h = current(self.m)
        if self.table:
            self.refused({"k": "play", "p": p, "t": name(self.rng.choice(self.table)), "e": 0})
        other = (p + 1) % self.n
        if self.hands[other] and other != p:
            self.refused({"k": "play", "p": other, "t": name(self.hands[other][0]), "e": 0})
            self.refused({"k": "pass", "p": other})
        if h.layout.is_empty() or not self.hands[p]:
            return
        t = self.rng.choice(self.hands[p])
        shut = [e for e in range(6) if e not in h.layout.open_arms()]
        bound = self.m.game.bound(h, p)
        if bound is not None:
            shut += [e for e in range(6) if e != bound]
        if shut:
            self.refused({"k": "play", "p": p, "t": name(t), "e": self.rng.choice(shut)})
        for e in range(6):
            if left_by(t, self.legs[e]) is None:
                self.refused({"k": "play", "p": p, "t": name(t), "e": e})
                break
        self.refused({"k": "play", "p": p, "t": name(t), "e": 6})

    def step(self):
        """One random event. An oracle, not a consumer: the lead (a double) and the plays
        (``plays``: a tile fits a leg by the test's own ``left_by``) are the test's reading of
        the booklet, independent of the core on purpose (not ``legal_plays``/``first_lead``,
        which would agree with any bug in the core's hooks). What the fold keeps is read from
        it: who owes draws after a 15, the leg a spell binds, a second play after a 14."""
        m = self.m
        h = current(m)
        g = m.game
        if h.is_over():
            return self.end()
        owing = g.owing(h)
        if owing:
            q = self.rng.choice(owing)
            if h.turn is not None and h.turn != q and self.hands[h.turn]:
                t = self.hands[h.turn][0]  # nothing else goes until the 15's tiles are taken
                self.refused({"k": "play", "p": h.turn, "t": name(t), "e": 0})
            return self.draw(q, min(h.owes[q], len(self.bone)))
        p = h.turn
        if h.layout.is_empty():
            doubles = [t for t in self.hands[p] if is_double(t)]
            if doubles:
                return self.play(p, self.rng.choice(doubles))
            anyone = any(is_double(t) for x in self.hands for t in x)
            if not anyone and h.drawn == 0 and self.bone:
                return self.draw(p)
            return self.apply({"k": "pass", "p": p})
        if self.rng.random() < 0.2:
            self.probe(p)
        plays = self.plays(p)
        if plays:
            return self.play(p, *self.rng.choice(plays))
        if not h.again and h.drawn < 2 and self.bone:
            return self.draw(p)
        return self.apply({"k": "pass", "p": p})


def run(game, n, seed, opts=None, limit=260):
    table = Table(game, n, seed, opts)
    while not table.m.over and len(table.m.log) < limit:
        table.step()
        table.check()
    m = table.m
    rng = random.Random(seed + 1)
    log = list(m.log)
    for k in sorted(rng.sample(range(len(log) + 1), min(8, len(log) + 1))):
        Match.replay(table.setup, log[:k])
    assert fingerprint(Match.replay(table.setup, log)) == fingerprint(m)
    return table


SETTINGS = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])

house_rules = st.fixed_dictionaries(
    {},
    optional={
        "scoring": st.sampled_from(["simple", "super"]),
        "fifteen": st.sampled_from(["others", "alternate"]),
        "caster_exempt": st.booleans(),
        "skip_after_start": st.booleans(),
        "skip_after_breaking": st.booleans(),
        "start15": st.booleans(),
        "start14": st.booleans(),
        "start13": st.booleans(),
        "start3": st.booleans(),
    },
)


@SETTINGS
@given(seed=st.integers(0, 2**31), n=st.integers(2, 10), opts=house_rules)
def test_random_super_dominos_matches_fold_consistently(seed, n, opts):
    run("super", n, seed, opts)


@SETTINGS
@given(seed=st.integers(0, 2**31), n=st.integers(2, 10), opts=house_rules)
def test_random_doble15_matches_fold_consistently(seed, n, opts):
    run("doble15", n, seed, opts)


def test_long_matches_reach_their_end():
    for game, n, seed in (("super", 3, 4), ("doble15", 5, 8)):
        table = run(game, n, seed, limit=100000)
        assert table.m.over and len(table.m.records) == 2
