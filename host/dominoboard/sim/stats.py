"""Statistics over game records: win rates with Wilson intervals, first-player advantage,
score distributions, hand lengths, blocked hands."""

from __future__ import annotations

import math
from collections.abc import Iterable

Z95 = 1.959963984540054


def wilson(successes: float, trials: float, z: float = Z95) -> tuple[float, float]:
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


# --- from running tallies (``tally.Tally``) --------------------------------------------------


def describe_counts(hist: dict[int, int]) -> dict:
    """``describe`` of a sample given as value → count (a histogram of integers): the same
    mean, sd and quantiles, with the sums taken exactly on integers."""
    n = sum(hist.values())
    if not n:
        return {"n": 0}
    xs = sorted(hist)
    total = sum(v * c for v, c in hist.items())
    squares = sum(v * v * c for v, c in hist.items())
    mean = total / n
    var = (n * squares - total * total) / (n * (n - 1)) if n > 1 else 0.0
    cum = []
    run = 0
    for v in xs:
        run += hist[v]
        cum.append(run)

    def at(rank):  # the value at 0-based position ``rank`` of the sorted sample
        lo, hi = 0, len(cum) - 1
        while lo < hi:
            mid = (lo + hi) // 2
            if cum[mid] > rank:
                hi = mid
            else:
                lo = mid + 1
        return xs[lo]

    def q(f):
        k = (n - 1) * f
        i = int(k)
        j = min(i + 1, n - 1)
        a, b = at(i), at(j)
        return a + (b - a) * (k - i)

    return {"n": n, "mean": mean, "sd": math.sqrt(max(0.0, var)), "min": xs[0],
            "p10": q(0.1), "median": q(0.5), "p90": q(0.9), "max": xs[-1]}


def chi2_sf(x: float, df: int) -> float:
    """P(X >= x) for a chi-square variable with ``df`` (whole) degrees of freedom."""
    if x <= 0:
        return 1.0
    h = x / 2
    if df % 2 == 0:
        term = total = 1.0
        for i in range(1, df // 2):
            term *= h / i
            total += term
        return min(1.0, math.exp(-h) * total)
    total = math.erfc(math.sqrt(h))
    term = math.sqrt(h) / math.gamma(1.5)  # h^(i-1/2) / Gamma(i+1/2), i = 1
    for i in range(1, (df + 1) // 2):
        total += math.exp(-h) * term
        term *= h / (i + 0.5)
    return min(1.0, total)


def equal_shares(counts: list[int]) -> dict:
    """One chi-square test that every count has the same expectation (every seat, or every
    entrant, wins as often): the statistic, degrees of freedom and p-value. One test over all
    of them, not one per seat: with four fair seats tested one at a time, one run in five or
    six shows a "biased" seat by chance."""
    n = sum(counts)
    k = len(counts)
    if n == 0 or k < 2:
        return {"n": n, "chi2": 0.0, "df": max(0, k - 1), "p": 1.0}
    expected = n / k
    chi2 = sum((c - expected) ** 2 for c in counts) / expected
    return {"n": n, "chi2": chi2, "df": k - 1, "p": chi2_sf(chi2, k - 1)}


def paired_mean(total: int, squares: int, n: int, z: float = Z95) -> dict:
    """The mean of ``n`` per-game differences from their exact sums, with its normal interval
    (paired: the same deals under both rules, so the deal's luck cancels)."""
    if n == 0:
        return {"n": 0, "mean": None, "ci95": [None, None], "p": None}
    mean = total / n
    var = (n * squares - total * total) / (n * (n - 1)) if n > 1 else 0.0
    se = math.sqrt(max(0.0, var) / n)
    half = z * se
    # two-sided, against no difference; every game the same difference: certain
    p = math.erfc(abs(mean) / se / math.sqrt(2)) if se else float(mean == 0)
    return {"n": n, "mean": mean, "ci95": [mean - half, mean + half], "p": p}


TINY_P = 1e-16  # below this a p-value is no longer told from zero (a double's epsilon)


def format_p(p: float) -> str:
    """``p = 0.0123``, or ``p < 1e-16`` where it is smaller than a double can tell from 0
    (a chi-square or normal tail underflows to 0 there: it is not 0)."""
    return f"p < {TINY_P:.0e}" if p < TINY_P else f"p = {p:.3g}"


# --- duplicate deals: the deal is the unit (``tally.Tally.deal_sums``) -----------------------


def _deal_moments(tally, index: list[int]):
    """Over the deals: the mean of each chosen component of a deal's row (an entrant's wins,
    or a side position's, in the deal's games) and their covariances."""
    d = tally.deals
    mean = [tally.deal_sums[a] / d for a in index]
    cov = [[(tally.deal_cross[a][b] - d * mean[i] * mean[j]) / (d - 1)
            for j, b in enumerate(index)] for i, a in enumerate(index)]
    return mean, cov


def paired(tally) -> bool:
    """Whether the tally's intervals and tests read duplicate deals as units."""
    return bool(tally.deal_games) and tally.deals > 1


def paired_rate(tally, a: int) -> dict:
    """``rate`` of component ``a`` of a deal's row (``Tally``) under duplicate deals: the
    same rate, its Wilson interval taken at the effective number of games that the deals'
    own spread gives (fewer than the games when the games of a deal agree, as the same seat
    winning both does; more when they cancel, as the same entrant winning one of its two
    does). ``design_effect``: the variance against independent games'."""
    k = tally.deal_sums[a]
    n = tally.deals * tally.deal_games
    mean, cov = _deal_moments(tally, [a])
    p = k / n
    var = max(0.0, cov[0][0]) / (tally.deal_games ** 2 * tally.deals)  # of the rate
    binomial = p * (1 - p) / n
    effect = var / binomial if binomial > 0 else 1.0
    n_eff = n / effect if effect > 0 else n
    lo, hi = wilson(p * n_eff, n_eff)
    lo = 0.0 if k == 0 else lo
    hi = 1.0 if k == n else hi
    return {"k": k, "n": n, "rate": p, "ci95": [lo, hi],
            "paired": {"deals": tally.deals, "design_effect": effect}}


def paired_equal_shares(tally, index: list[int]) -> dict:
    """``equal_shares`` with the deal as the unit: a Wald test that the chosen components of
    a deal's row have one mean, from the deals' own covariances (the games of a deal are not
    independent, so the multinomial chi-square would alarm too often). Chi-square with one
    degree of freedom fewer than components."""
    m = len(index)
    n = sum(tally.deal_sums[a] for a in index)
    if m < 2 or tally.deals < 2:
        return {"n": n, "chi2": 0.0, "df": max(0, m - 1), "p": 1.0, "paired": True}
    mean, cov = _deal_moments(tally, index)
    last = m - 1
    a = [mean[i] - mean[last] for i in range(last)]
    var = [[(cov[i][j] - cov[i][last] - cov[last][j] + cov[last][last]) / tally.deals
             for j in range(last)] for i in range(last)]
    y = _solve(var, a)
    if y is None:  # no spread at all between some components
        chi2 = 0.0 if not any(a) else math.inf
    else:
        chi2 = sum(ai * yi for ai, yi in zip(a, y, strict=True))
    return {"n": n, "chi2": chi2, "df": last, "p": chi2_sf(chi2, last) if chi2 < math.inf
            else 0.0, "paired": True}


def _solve(matrix: list[list[float]], rhs: list[float]) -> list[float] | None:
    """x with matrix · x = rhs (Gaussian elimination, partial pivoting); None if singular."""
    n = len(rhs)
    a = [list(row) + [rhs[i]] for i, row in enumerate(matrix)]
    scale = max((abs(x) for row in matrix for x in row), default=0.0)
    for c in range(n):
        pivot = max(range(c, n), key=lambda r: abs(a[r][c]))
        if abs(a[pivot][c]) <= 1e-12 * scale or scale == 0:
            return None
        a[c], a[pivot] = a[pivot], a[c]
        for r in range(n):
            if r != c:
                f = a[r][c] / a[c][c]
                for k in range(c, n + 1):
                    a[r][k] -= f * a[c][k]
    return [a[i][n] / a[i][i] for i in range(n)]


def win_rates(tally) -> list[dict]:
    """Each canonical entrant's wins as ``rate``: by the deal under duplicate deals."""
    if paired(tally):
        return [paired_rate(tally, e) for e in range(len(tally.wins))]
    return [rate(w, tally.units) for w in tally.wins]


def duplicate_saving(tally, width: float = 0.01) -> dict | None:
    """What duplicate deals saved: the games the widest win-rate interval needs to reach
    ±``width`` by the deal, and as independent games would; None unless duplicate."""
    if not paired(tally):
        return None
    n = tally.units
    pairs = [(paired_rate(tally, e), rate(w, n)) for e, w in enumerate(tally.wins)]

    def need(r):
        lo, hi = r["ci95"]
        return n * ((hi - lo) / 2 / width) ** 2

    dup = max(need(a) for a, _ in pairs)
    alone = max(need(b) for _, b in pairs)
    return {"width": width, "games": math.ceil(dup), "independent": math.ceil(alone),
            "fewer": 1 - dup / alone if alone else 0.0}


def summarize_tally(setup, seating, tally) -> dict:
    """Everything the report shows, from a ``Tally`` and its ``Seating``: the entrants as they
    were asked (wins, scores), the strategies ranked, head to head, each seat position and one
    test of their equality, first-player advantage, blocked hands, hand lengths."""
    n = tally.units
    labels = seating.labels
    e_count = len(labels)
    entrants = []
    wins = win_rates(tally)
    for u, e in enumerate(seating.asked):
        entrants.append({
            "entrant": u,
            "strategies": seating.asked_labels[u].split("+"),
            "label": labels[e],
            "wins": wins[e],
            "score": describe_counts(tally.scores[e]),
        })
    names = sorted(set(labels))
    members = {name: [e for e in range(e_count) if labels[e] == name] for name in names}
    ranked = []
    for name in names:
        es = members[name]
        wins = sum(tally.wins[e] for e in es)
        score: dict[int, int] = {}
        for e in es:
            for v, c in tally.scores[e].items():
                score[v] = score.get(v, 0) + c
        ranked.append({"strategy": name, "entrants": len(es), "wins": rate(wins, n * len(es)),
                       "mean_score": describe_counts(score).get("mean")})
    ranked.sort(key=lambda r: (-(r["wins"]["rate"] or 0), r["strategy"]))
    matrix = {}
    for a in names:
        row = {}
        for b in names:
            ahead = level = pairs = 0
            for x in members[a]:
                for y in members[b]:
                    if x != y:
                        ahead += tally.ahead[x][y]
                        level += tally.level[x][y]
                        pairs += n
            if pairs:
                row[b] = {"ahead": rate(ahead, pairs), "level": level}
        matrix[a] = row
    by_deal = paired(tally)
    seats = [{"seats": members_, "wins": paired_rate(tally, e_count + s) if by_deal
              else rate(tally.seat_wins[s], n)} for s, members_ in enumerate(seating.sides)]
    sides = list(range(e_count, 2 * e_count))
    fair = 1 / e_count
    return {
        "setup": setup.to_json(),
        "seating": seating.to_json(),
        "units": n,
        "hands": tally.hands,
        "sides": entrants,
        "strategies": ranked,
        "head_to_head": matrix,
        "seats": seats,
        "seat_equality": paired_equal_shares(tally, sides) if by_deal
        else equal_shares(tally.seat_wins),
        "entrant_equality": paired_equal_shares(tally, list(range(e_count))) if by_deal
        else equal_shares(tally.wins),
        "duplicate": duplicate_saving(tally),
        "ties": tally.ties,
        "undecided": tally.undecided,
        "first_player": {
            "matches": rate(tally.first_won, tally.first_n),
            "hands": rate(tally.hand_lead_won, tally.hand_lead_n),
            "fair": fair,
        },
        "blocked_hands": rate(tally.blocked, tally.hands),
        "hand_length": {
            "plays": describe_counts(tally.plays),
            "draws": describe_counts(tally.draws),
            "passes": describe_counts(tally.passes),
        },
        "hands_per_match": describe_counts(tally.hands_per_unit),
    }


def compare_paired(paired, names: list[str], values: list, option: str = "",
                   unit: str = "hand") -> list[dict]:
    """For each value after the first: the differences from the first, per game, with paired
    95% intervals (``metrics``: each entrant's win and final score, hands, blocked hands,
    tiles laid), and a verdict line for each (``verdicts``)."""
    n = paired.units
    out = []
    for v, value in enumerate(values[1:]):
        sums, squares = paired.sums[v], paired.squares[v]
        e = (len(sums) - 3) // 2
        diffs = {}
        for i in range(e):
            diffs[f"{names[i]} win rate"] = paired_mean(sums[i], squares[i], n)
            diffs[f"{names[i]} final score"] = paired_mean(sums[e + i], squares[e + i], n)
        for k, what in enumerate(("hands", "blocked hands", "tiles laid")):
            diffs[what + " per unit"] = paired_mean(sums[2 * e + k], squares[2 * e + k], n)
        rule = f"{option}={_word(value)}"
        verdicts = [verdict(rule, what, d, unit) for what, d in diffs.items()
                    if not (what == "hands per unit" and unit == "hand")]  # always one
        out.append({"value": value, "against": values[0], "differences": diffs,
                    "verdicts": verdicts})
    return out


def _word(value) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def verdict(rule: str, what: str, d: dict, unit: str) -> str:
    """One line saying what ``rule`` does to the measured quantity ``what`` (a key of
    ``compare_paired``'s differences), with its paired 95% interval and p-value: "lone_spinner=2
    adds 2.58 points a hand to greedy's score [2.53, 2.63] (p < 1e-16)", or that it leaves it
    unchanged when the interval holds 0."""
    mean = d["mean"]
    if mean is None:
        return f"{rule}: no games"
    lo, hi = d["ci95"]
    p = format_p(d["p"])
    if what.endswith(" win rate"):  # a difference of rates, in percentage points
        who = what[:-len(" win rate")]
        if lo <= 0 <= hi:
            return (f"{rule}: {who}'s win rate unchanged, {100 * mean:+.2f} points "
                    f"[{100 * lo:+.2f}, {100 * hi:+.2f}] ({p})")
        how = "raises" if mean > 0 else "lowers"
        a, b = sorted((abs(100 * lo), abs(100 * hi)))
        return (f"{rule} {how} {who}'s win rate by {abs(100 * mean):.2f} points "
                f"[{a:.2f}, {b:.2f}] ({p})")
    a, b = sorted((abs(lo), abs(hi)))
    span = f"[{a:.3g}, {b:.3g}] ({p})"  # the interval of the size of the change
    if what.endswith(" final score"):
        who = what[:-len(" final score")]
        if lo <= 0 <= hi:
            return (f"{rule}: {who}'s score unchanged, {mean:+.3g} points a {unit} "
                    f"[{lo:+.3g}, {hi:+.3g}] ({p})")
        if mean > 0:
            return f"{rule} adds {mean:.3g} points a {unit} to {who}'s score {span}"
        return f"{rule} takes {-mean:.3g} points a {unit} off {who}'s score {span}"
    noun = what[:-len(" per unit")]
    if lo <= 0 <= hi:
        return f"{rule}: {noun} a {unit} unchanged, {mean:+.3g} [{lo:+.3g}, {hi:+.3g}] ({p})"
    return f"{rule}: {abs(mean):.3g} {'more' if mean > 0 else 'fewer'} {noun} a {unit} {span}"
