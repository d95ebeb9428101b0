"""Domino squares (booklet 003): all 28 tiles laid in a given shape so that it splits into 14
squares of 2x2 cells, each square showing one number on all four of its cells. "There are over
300,000 solutions for this arrangement": here they are counted exactly, by a depth-first
search (nothing cached between runs; the count is recomputed every time).

A solution is a placement of every tile of the set on the shape — which cells each tile
covers and which way round — such that each square shows one number. The search lays a domino
on the first empty cell (to the right or downwards), giving each square its number when a
tile first touches it. Numbers are given in order of first use, so the search finds each
solution once "up to renaming the numbers"; as every number is used, renaming is free, and
the count with real numbers is that times (top + 1)!.
"""

from __future__ import annotations

import math

# The booklet's shape: 8 by 8, rows 3 to 6 without their first and last cells; its squares
# are the 2x2 blocks of the example (rows 1-2 and 7-8: four squares; rows 3-4, 5-6: three).
BOOKLET_PATTERN = (
    "AABBCCDD",
    "AABBCCDD",
    ".EEFFGG.",
    ".EEFFGG.",
    ".HHIIJJ.",
    ".HHIIJJ.",
    "KKLLMMNN",
    "KKLLMMNN",
)


def parse(pattern):
    """Cells and their square from rows of letters (a letter per square, '.' for no cell)."""
    cells = {}
    names = {}
    for r, row in enumerate(pattern):
        for c, ch in enumerate(row):
            if ch != ".":
                cells[(r, c)] = names.setdefault(ch, len(names))
    return cells, len(names)


def count(pattern=BOOKLET_PATTERN, top=6) -> dict:
    cells, nsquares = parse(pattern)
    numbers = top + 1
    if (top + 2) % 4 or nsquares * 4 != len(cells) or len(cells) != (top + 1) * (top + 2):
        raise ValueError(f"the shape has {len(cells)} cells in {nsquares} squares; the "
                         f"double-{top} set needs {(top + 1) * (top + 2)} cells and each number "
                         "on a whole number of squares")
    cap = (top + 2) // 4  # squares per number: each number shows on top + 2 half-tiles
    order = sorted(cells)
    index = {rc: i for i, rc in enumerate(order)}
    square = [cells[rc] for rc in order]
    right = [index.get((r, c + 1), -1) for r, c in order]
    down = [index.get((r + 1, c), -1) for r, c in order]
    n = len(order)
    filled = [False] * n
    label = [-1] * nsquares
    uses = [0] * numbers
    used = set()
    found = [0]

    def tile(a, b):
        return (a, b) if a >= b else (b, a)

    def go(start, fresh):
        i = start
        while i < n and filled[i]:
            i += 1
        if i == n:
            found[0] += 1
            return
        filled[i] = True
        for j in (right[i], down[i]):
            if j < 0 or filled[j]:
                continue
            filled[j] = True
            si, sj = square[i], square[j]
            for li in _choices(label[si], fresh, uses, cap, numbers):
                new_i = label[si] < 0
                if new_i:
                    label[si] = li
                    uses[li] += 1
                f1 = fresh + 1 if new_i and li == fresh else fresh
                for lj in _choices(label[sj], f1, uses, cap, numbers):
                    new_j = label[sj] < 0
                    if new_j:
                        label[sj] = lj
                        uses[lj] += 1
                    f2 = f1 + 1 if new_j and lj == f1 else f1
                    t = tile(label[si], label[sj])
                    if t not in used:
                        used.add(t)
                        go(i + 1, f2)
                        used.discard(t)
                    if new_j:
                        label[sj] = -1
                        uses[lj] -= 1
                if new_i:
                    label[si] = -1
                    uses[li] -= 1
            filled[j] = False
        filled[i] = False

    go(0, 0)
    canonical = found[0]
    return {
        "cells": n,
        "squares": nsquares,
        "set": f"double-{top}",
        "solutions": canonical * math.factorial(numbers),
        "up_to_renaming_numbers": canonical,
    }


def _choices(current, fresh, uses, cap, numbers):
    """Numbers a square may take: its own if it has one; else a number already in use with
    room left, or the next new one (numbers appear in order of first use)."""
    if current >= 0:
        return (current,)
    out = [v for v in range(min(fresh, numbers)) if uses[v] < cap]
    if fresh < numbers:
        out.append(fresh)
    return out
