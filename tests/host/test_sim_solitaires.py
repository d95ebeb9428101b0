"""Solitaires of booklets 000 and 003, and the exact count of Domino squares (003)."""

import random

import pytest

from dominoboard.sim import solitaires as sol
from dominoboard.sim.squares import BOOKLET_PATTERN, count, parse


def test_bingo_removes_a_tile_when_its_pips_are_the_number_said():
    # 0-0 at "0" goes, 2-2 (4 pips) at "1" stays, 1-1 at "2" goes; then 2-2 at "3", "4": gone
    assert sol.bingo_row([(0, 0), (2, 2), (1, 1)]) == (True, 0)
    # 13 tiles, each one more than its place: every pass touches each at the same number
    row = [(1, 0), (1, 1), (2, 1), (2, 2), (3, 2), (3, 3), (4, 3), (4, 4), (5, 4), (5, 5),
           (6, 5), (6, 6), (0, 0)]
    assert sol.bingo_row(row) == (False, 13)


def test_squeeze_removals():
    row = ((6, 1), (5, 5), (6, 2), (4, 3))
    after = sol.squeeze_moves(row)
    assert ((5, 5), (4, 3)) in after  # 6-1 and 6-2: one tile between, a 6 in common
    assert len(after) == 1
    run = ((3, 1), (3, 3), (6, 3), (2, 0))
    assert ((2, 0),) in sol.squeeze_moves(run)  # three in a row showing a 3
    assert sol.squeeze_best(run, [1000]) == ((2, 0),)


def test_good_neighbors_are_next_to_each_other_with_a_number_in_common():
    cells = [(6, 1), (12, 6), (9, 0), (5, 3), (8, 8), (3, 2)]  # two rows of three
    pairs = sol.neighbor_pairs(cells, 3)
    assert (0, 1) in pairs  # side by side, a 6
    assert (3, 5) not in pairs  # same row, not next to each other
    assert (4, 5) not in pairs and (0, 4) not in pairs  # nothing in common
    assert (1, 5) not in pairs  # diagonal, nothing in common
    assert (2, 4) not in pairs


def test_traffic_quads_from_the_booklet_example():
    hand = [(6, 3), (2, 1), (4, 2), (5, 5)]
    ways = sol.quads(hand, None, 6)
    used = [sorted(u) for u, _ in ways]
    assert sorted(hand) in used  # 2, 3, 4, 5: all four across the line
    assert sorted([(2, 1), (6, 3), (4, 2)]) in used  # 1-2 along, 3 and 4 across
    # attaching to a 4 already on the table: 4, 5, 6, ... or ..., 2, 3, 4
    assert any(len(u) >= 2 for u, _ in sol.quads([(5, 0), (6, 6), (3, 3)], 4, 6))


def test_solo2_searches_every_order_of_the_hand():
    finals = set()
    sol._orders(((6, 1), (1, 2)), 6, 6, finals, {})
    assert finals == {(2, 6)}
    finals = set()
    sol._orders(((5, 0),), 6, 6, finals, {})
    assert finals == set()


def test_solo1_perfect_play_wins_whenever_random_play_does():
    for seed in range(60):
        rand_won, _ = sol.solo1(random.Random(seed), perfect=False)
        best_won, best_left = sol.solo1(random.Random(seed), perfect=True)
        assert best_won or not rand_won
        assert best_won == (best_left == 0)


@pytest.mark.parametrize("name", sorted(sol.SOLITAIRES))
def test_solitaires_are_seeded_and_parallel_safe(name):
    make = sol.SOLITAIRES[name].configure({})
    one = sol.play_many(make, 40, 3, workers=1)
    two = sol.play_many(make, 40, 3, workers=2)
    assert one == two
    assert one["wins"]["n"] == 40
    lo, hi = one["wins"]["ci95"]
    assert 0 <= lo <= one["wins"]["rate"] <= hi <= 1


def test_solitaire_options_are_checked():
    with pytest.raises(ValueError, match="double-6, double-9, double-12"):
        sol.SOLITAIRES["neighbors"].configure({"top": 15})
    with pytest.raises(ValueError, match="known options are top"):
        sol.SOLITAIRES["bingo"].configure({"speed": 2})


# --- Domino squares -------------------------------------------------------------------------


def test_squares_three_squares_counted_by_hand():
    # Double-two: 6 tiles, 12 cells, 3 squares, one number each. Squares A and B side by side,
    # C below their join: 1-0 must cross A|B on the top row (the middle cells of row 2 carry
    # A-C and B-C down), which leaves each double one way to lie: one tiling for each of the
    # 3! ways to give the squares their numbers.
    got = count(("AABB", "AABB", ".CC.", ".CC."), top=2)
    assert (got["solutions"], got["up_to_renaming_numbers"]) == (6, 1)
    # In a row, A and C never touch: no square can show 2-0
    assert count(("AABBCC", "AABBCC"), top=2)["solutions"] == 0


def test_squares_shape_must_fit_the_set():
    with pytest.raises(ValueError, match="needs 56 cells"):
        count(("AABB", "AABB"), top=6)


def pairings(items):
    if not items:
        yield []
        return
    for k in range(1, len(items)):
        for rest in pairings(items[1:k] + items[k + 1:]):
            yield [(items[0], items[k])] + rest


def tilings(lab, sq, nbr):
    """Tilings laying each tile once, the squares' numbers given."""
    n = len(sq)
    filled = [False] * n
    used = set()

    def go(i):
        while i < n and filled[i]:
            i += 1
        if i == n:
            return 1
        found = 0
        filled[i] = True
        for j in nbr[i]:
            a, b = lab[sq[i]], lab[sq[j]]
            t = (max(a, b), min(a, b))
            if filled[j] or t in used:
                continue
            used.add(t)
            filled[j] = True
            found += go(i + 1)
            used.discard(t)
            filled[j] = False
        filled[i] = False
        return found

    return go(0)


def count_by_pairings(pattern):
    """An independent count: give the 14 squares their numbers first (each number on two
    squares: 13!! = 135135 pairings), then count the tilings that lay every tile once."""
    cells, nsq = parse(pattern)
    order = sorted(cells)
    idx = {rc: i for i, rc in enumerate(order)}
    sq = [cells[rc] for rc in order]
    nbr = [[idx[(r + dr, c + dc)] for dr, dc in ((0, 1), (1, 0)) if (r + dr, c + dc) in idx]
           for r, c in order]
    total = 0
    for pairing in pairings(list(range(nsq))):
        lab = [0] * nsq
        for v, (a, b) in enumerate(pairing):
            lab[a] = lab[b] = v
        total += tilings(lab, sq, nbr)
    return total


def test_domino_squares_of_booklet_003():
    got = count(BOOKLET_PATTERN)
    assert got["up_to_renaming_numbers"] == count_by_pairings(BOOKLET_PATTERN)
    assert got["solutions"] == got["up_to_renaming_numbers"] * 5040
    assert got["solutions"] > 300_000  # "over 300,000 solutions"
