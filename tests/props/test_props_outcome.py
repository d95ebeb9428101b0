"""Property tests for the outcome games of booklet 000 (Texas, Double Takes, High Fives, That's It!,
Poker): random valid outcomes keep the totals the booklet gives, invalid ones are rejected with
the match unchanged, and undo/redo restores every state."""

import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from domino.errors import DominoError
from domino.events import dumps
from domino.highfives import tile_points
from domino.match import Match
from domino.poker import SET, compare, key
from domino.texas import BIDS, COUNT, COUNT_TILES, TRUMPS
from domino.thatsit import hand_points
from domino.tiles import full_set, name, parse

SEEDS = st.integers(0, 2**32)


def new(game, n, **setup):
    setup.update(game=game, players=[f"P{i}" for i in range(n)])
    return Match(setup)


def apply(m, ev) -> Any:
    """Match.apply, typed loosely: the result's fields differ by event."""
    return m.apply(ev)


def state(m):
    s = m.standings()
    s.pop("events")
    return dumps(s)


def rejected(m, ev):
    """The event is refused and the match is exactly as it was."""
    before = state(m)
    try:
        m.apply(ev)
    except DominoError:
        assert state(m) == before
        return True
    return False


def undo_redo_restores(m):
    after = state(m)
    m.apply({"k": "undo"})
    m.apply({"k": "redo"})
    assert state(m) == after


# --- Four-Hand Texas ----------------------------------------------------------------------------


def texas_hand(rng) -> dict:
    """A hand as it can really fall: 7 tricks split between the sides, each count tile in a
    trick of the side that took it (at most 4 tiles a trick)."""
    t0 = rng.randint(0, 7)
    tricks = [t0, 7 - t0]
    counts = [[], []]
    room = [4 * t0, 4 * (7 - t0)]
    for tile in COUNT_TILES:
        sides = [s for s in (0, 1) if room[s] > 0]
        s = rng.choice(sides)
        room[s] -= 1
        counts[s].append(tile)
    return {
        "k": "end",
        "bidder": rng.randint(0, 3),
        "bid": rng.choice(BIDS),
        "trump": rng.choice(TRUMPS),
        "tricks": tricks,
        "counts": counts,
    }


@settings(max_examples=60, deadline=None)
@given(SEEDS, st.booleans())
def test_texas_random_hands_score_42_unless_set_or_doubled(seed, marks):
    rng = random.Random(seed)
    m = new("texas", 4, opts={"marks": marks})
    while not m.over:
        ev = texas_hand(rng)
        pts = [ev["tricks"][s] + sum(COUNT[parse(t)] for t in ev["counts"][s]) for s in (0, 1)]
        assert sum(pts) == 42
        b = m.side_of[ev["bidder"]]
        totals = list(m.totals)
        r = apply(m, ev)
        made = pts[b] >= min(ev["bid"], 42)
        if marks:
            assert r["hand"][b if made else 1 - b] >= 1 and r["hand"][1 - b if made else b] == 0
        elif made and ev["bid"] <= 42:
            assert r["hand"] == pts and sum(r["hand"]) == 42
        elif made:
            assert r["hand"][b] == ev["bid"]
        else:
            assert r["hand"][b] == 0 and r["hand"][1 - b] == pts[1 - b] + ev["bid"]
        assert [a + h for a, h in zip(totals, r["hand"], strict=True)] == m.totals
        if rng.random() < 0.3:
            undo_redo_restores(m)
    # Impossible hands are refused, whatever the state.
    m.apply({"k": "undo"})
    ev = texas_hand(rng)
    bad = dict(ev, tricks=[ev["tricks"][0] + 1, ev["tricks"][1]])
    assert rejected(m, bad)
    bad = dict(ev, counts=[ev["counts"][0] + ev["counts"][1][:1], ev["counts"][1]])
    assert rejected(m, bad) or not ev["counts"][1]


# --- Double Takes -------------------------------------------------------------------------------


def split(rng, total, parts):
    cuts = sorted(rng.randint(0, total) for _ in range(parts - 1))
    return [b - a for a, b in zip([0] + cuts, cuts + [total], strict=True)]


@settings(max_examples=60, deadline=None)
@given(SEEDS, st.sampled_from([2, 3, 4]), st.booleans())
def test_double_takes_random_games_hold_50_84_61_points(seed, n, teams):
    rng = random.Random(seed)
    setup = {"teams": [[0, 2], [1, 3]]} if teams and n == 4 else {}
    m = new("doubletakes", n, **setup)
    sides = len(m.sides)
    g = m.game
    per_round = split(rng, 16, g.rounds)  # the doubles each round brings out
    for r in range(g.rounds):
        while True:
            tricks = split(rng, g.tricks, sides)
            doubles = split(rng, per_round[r], sides)
            room = [n * tricks[s] for s in range(sides)]
            if r == g.rounds - 1 and n == 3:
                room = [x + (1 if x else 0) for x in room]
            if all(d <= x for d, x in zip(doubles, room, strict=True)):
                break
        if r == g.rounds - 1 and per_round[r]:  # the last round must bring the 16th double
            assert rejected(m, {"k": "end", "tricks": tricks, "doubles": [0] * sides})
        assert rejected(m, {"k": "end", "tricks": [tricks[0] + 1] + tricks[1:], "doubles": doubles})
        m.apply({"k": "end", "tricks": tricks, "doubles": doubles})
        undo_redo_restores(m)
    assert m.over and sum(m.totals) == {2: 84, 3: 61, 4: 50}[n] == g.total()


# --- High Fives ---------------------------------------------------------------------------------


@settings(max_examples=60, deadline=None)
@given(SEEDS, st.integers(2, 8))
def test_high_fives_captured_tiles_score_at_most_100(seed, n):
    rng = random.Random(seed)
    tiles = full_set(15)
    rng.shuffle(tiles)
    left = rng.randint(0, 10)  # still in the pool at the end
    pieces = [0] * n
    points = [0] * n
    i = 0
    while i + 2 <= len(tiles) - left:
        p = rng.randrange(n)
        pieces[p] += 2
        points[p] += tile_points(tiles[i]) + tile_points(tiles[i + 1])
        i += 2
    m = new("highfives", n)
    r = apply(m, {"k": "end", "points": points, "pieces": pieces})
    assert sum(points) <= 100
    most = max(pieces)
    bonus = 5 if pieces.count(most) == 1 else 0
    assert sum(r["hand"]) == sum(points) + bonus
    if left == 0 and len(tiles) % 2 == 0:
        assert sum(points) == 100
    m.apply({"k": "undo"})
    assert rejected(m, {"k": "end", "points": points, "pieces": [pieces[0] + 1] + pieces[1:]})
    assert rejected(
        m, {"k": "end", "points": [101 - sum(points[1:])] + points[1:], "pieces": pieces}
    )


# --- That's It! ---------------------------------------------------------------------------------


def random_meld(rng, size, used):
    while True:
        if rng.random() < 0.2:
            meld = [(d, d) for d in rng.sample(range(16), size)]
        else:
            suit = rng.randrange(16)
            meld = [(max(suit, o), min(suit, o)) for o in rng.sample(range(16), size)]
        if not any(t in used for t in meld):
            used.extend(meld)
            return meld


@settings(max_examples=80, deadline=None)
@given(SEEDS, st.booleans())
def test_thats_it_random_winning_hands_score_by_their_melds(seed, ten):
    rng = random.Random(seed)
    m = new("thatsit", 3, opts={"ten": ten})
    while not m.over:
        used = []
        sizes = [4, 3, 3] if ten else [4, 3]
        melds = [random_meld(rng, s, used) for s in sizes]
        winner = rng.randrange(3)
        pts = hand_points(melds)
        assert pts >= len(melds)
        ev = {"k": "end", "winner": winner, "melds": [[name(t) for t in g] for g in melds]}
        totals = list(m.totals)
        assert rejected(m, dict(ev, melds=ev["melds"][:-1] + [ev["melds"][-1][:-1]]))
        r = apply(m, ev)
        assert r["hand"][winner] == pts and sum(r["hand"]) == pts
        assert m.totals[winner] == totals[winner] + pts
        undo_redo_restores(m)


# --- Poker --------------------------------------------------------------------------------------


@settings(max_examples=100, deadline=None)
@given(SEEDS, st.integers(2, 4))
def test_poker_the_winner_does_not_depend_on_the_order_of_the_hands(seed, n):
    rng = random.Random(seed)
    tiles = list(SET)
    rng.shuffle(tiles)
    hands = [[name(t) for t in tiles[5 * i : 5 * i + 5]] for i in range(n)]
    won = compare(hands)
    assert len(won) == 1  # one deal: no two hands alike
    best = hands[won[0]]
    order = list(range(n))
    rng.shuffle(order)
    again = compare([hands[i] for i in order])
    assert [hands[order[i]] for i in again] == [best]
    for h in hands:
        assert key([parse(t) for t in best]) >= key([parse(t) for t in h])
    m = new("poker", n)
    r = apply(m, {"k": "end", "hands": hands})
    assert r["hand"][won[0]] == 1 and sum(r["hand"]) == 1
