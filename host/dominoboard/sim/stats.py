"""Statistics over game records: win rates with Wilson intervals, first-player advantage,
score distributions, hand lengths, blocked hands."""

from __future__ import annotations

import math
from collections.abc import Iterable

Z95 = 1.959963984540054


def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a binomial proportion (95% by default). Unlike the normal
    approximation it stays inside [0, 1] and works at 0 or ``trials`` successes."""
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    z2 = z * z
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / (1 + z2 / trials)
    lo = 0.0 if successes == 0 else max(0.0, centre - half)
    hi = 1.0 if successes == trials else min(1.0, centre + half)
    return (lo, hi)


def rate(successes: int, trials: int) -> dict:
    lo, hi = wilson(successes, trials)
    return {"k": successes, "n": trials, "rate": successes / trials if trials else None,
            "ci95": [lo, hi]}


def describe(values: list[float]) -> dict:
    """Mean, standard deviation and quantiles of a sample."""
    if not values:
        return {"n": 0}
    xs = sorted(values)
    n = len(xs)
    mean = sum(xs) / n
    var = sum((x - mean) ** 2 for x in xs) / (n - 1) if n > 1 else 0.0

    def q(f):
        k = (n - 1) * f
        i = int(k)
        j = min(i + 1, n - 1)
        return xs[i] + (xs[j] - xs[i]) * (k - i)

    return {"n": n, "mean": mean, "sd": math.sqrt(var), "min": xs[0], "p10": q(0.1),
            "median": q(0.5), "p90": q(0.9), "max": xs[-1]}


def sides_of(setup, n_sides: int) -> list[list[int]]:
    if setup.teams is not None:
        return [list(t) for t in setup.teams]
    if n_sides == len(setup.strategies):
        return [[p] for p in range(n_sides)]
    from domino.registry import game_class

    partners = game_class(setup.game).partners
    return [list(t) for t in partners] if partners else [[p] for p in range(n_sides)]


def summarize(setup, records: Iterable[dict]) -> dict:
    """Everything the report shows, from the records in index order."""
    records = list(records)  # read once (packed records are unpacked as they are read)
    n = len(records)
    n_sides = len(records[0]["totals"]) if records else len(setup.strategies)
    sides = sides_of(setup, n_sides)
    side_of = {p: s for s, members in enumerate(sides) for p in members}
    wins = [0] * n_sides
    ties = 0
    undecided = 0
    first_won = 0
    first_n = 0
    hands = []
    for r in records:
        w = r["winners"]
        if len(w) == 1:
            wins[w[0]] += 1
        elif w:
            ties += 1
        else:
            undecided += 1
        hands.extend(r["hands"])
        lead = r["hands"][0]["lead"] if r["hands"] else None
        if lead is not None and len(w) == 1:
            first_n += 1
            first_won += side_of[lead] == w[0]
    lowest = _lowest_wins(setup)
    hand_lead_won = 0
    hand_lead_n = 0
    for h in hands:
        pts = h["points"]
        best = min(pts) if lowest else max(pts)
        top = [s for s, x in enumerate(pts) if x == best]
        if h["lead"] is not None and len(top) == 1:
            hand_lead_n += 1
            hand_lead_won += side_of[h["lead"]] == top[0]
    blocked = sum(1 for h in hands if h["blocked"])
    fair = 1 / n_sides
    return {
        "setup": setup.to_json(),
        "units": n,
        "hands": len(hands),
        "sides": [
            {
                "seats": members,
                "strategies": [setup.strategies[p] for p in members],
                "wins": rate(wins[s], n),
                "score": describe([r["totals"][s] for r in records]),
            }
            for s, members in enumerate(sides)
        ],
        "ties": ties,
        "undecided": undecided,
        "first_player": {
            "matches": rate(first_won, first_n),
            "hands": rate(hand_lead_won, hand_lead_n),
            "fair": fair,
        },
        "blocked_hands": rate(blocked, len(hands)),
        "hand_length": {
            "plays": describe([h["plays"] for h in hands]),
            "draws": describe([h["draws"] for h in hands]),
            "passes": describe([h["passes"] for h in hands]),
        },
        "hands_per_match": describe([len(r["hands"]) for r in records]),
    }


def _lowest_wins(setup) -> bool:
    from domino.registry import game_class

    return bool(game_class(setup.game).lowest_wins)
