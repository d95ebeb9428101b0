"""Write an experiment's results: summary JSON, per-game and per-hand CSV, PNG plots."""

from __future__ import annotations

import csv
import json
from pathlib import Path


def write_json(path: Path, summary: dict) -> None:
    path.write_text(json.dumps(summary, indent=2, sort_keys=True) + "\n")


def write_summary_csv(path: Path, summary: dict) -> None:
    """One row per entrant (a seat, or a team), as asked: what a spreadsheet needs to compare
    strategies."""
    with path.open("w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["entrant", "strategies", "wins", "games", "win_rate", "ci95_low",
                    "ci95_high", "mean_score", "sd_score"])
        for side in summary["sides"]:
            r = side["wins"]
            sc = side["score"]
            w.writerow([side["entrant"], "+".join(side["strategies"]), r["k"], r["n"],
                        _num(r["rate"]), _num(r["ci95"][0]), _num(r["ci95"][1]),
                        _num(sc.get("mean")), _num(sc.get("sd"))])


def _blank(x):
    return "" if x is None else x


def _num(x):
    return "" if x is None else f"{x:.6g}"


def plot(outdir: Path, summary: dict, tallies: list, asked: list[int]) -> list[Path]:
    """Win rates with their intervals, final scores and hand lengths, as PNG files (drawn
    from the tallies' histograms: no game is kept); ``asked[u]``: the tally's entrant for the
    summary's side ``u`` (``Seating.asked``). With ``--compare``, every value side by side:
    its bars next to the others', its histograms in a panel of their own."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    made = []
    title = _title(summary)
    compare = summary.get("compare")
    if compare:
        per_value = compare["per_value"]
        names = [f"{compare['option']}={v}" for v in compare["values"]]
    else:
        per_value = [summary]
        names = [""]
    k = len(per_value)
    sides = summary["sides"]
    labels = [f"{s}: {'+'.join(side['strategies'])}" for s, side in enumerate(sides)]

    fig, ax = plt.subplots(figsize=(6 + 0.5 * (k - 1), 3.5))
    width = 0.8 / k
    for v, (one, name) in enumerate(zip(per_value, names, strict=True)):
        rates = [side["wins"]["rate"] or 0 for side in one["sides"]]
        lo = [r - side["wins"]["ci95"][0] for r, side in zip(rates, one["sides"], strict=True)]
        hi = [side["wins"]["ci95"][1] - r for r, side in zip(rates, one["sides"], strict=True)]
        xs = [u + (v - (k - 1) / 2) * width for u in range(len(rates))]
        ax.bar(xs, rates, width=width, yerr=[lo, hi], capsize=4, label=name or None,
               color=None if compare else "#4a7fb5")
    ax.axhline(summary["first_player"]["fair"], color="grey", lw=1, ls="--", label="even share")
    ax.set_xticks(range(len(sides)), labels)
    ax.set_ylabel("win rate (95% CI)")
    ax.set_title(title, fontsize=9)
    ax.legend(fontsize=8)
    made.append(_save(fig, outdir / "win_rates.png"))

    fig, axes = _panels(plt, k)
    over = summary["setup"]["unit"] == "match"
    for ax, tally, name in zip(axes, tallies, names, strict=True):
        for side, label in zip(sides, labels, strict=True):
            hist = tally.scores[asked[side["entrant"]]]
            xs = sorted(hist)
            ax.bar(xs, [hist[x] for x in xs], alpha=0.5, label=label)
        ax.set_xlabel("final score" if over else "hand points")
        ax.set_title(name or title, fontsize=9)
        ax.legend(fontsize=8)
    axes[0].set_ylabel(units(summary["setup"]["unit"]))
    if compare:
        fig.suptitle(title, fontsize=9)
    made.append(_save(fig, outdir / "scores.png"))

    fig, axes = _panels(plt, k)
    for ax, tally, one, name in zip(axes, tallies, per_value, names, strict=True):
        xs = sorted(tally.plays)
        ax.bar(xs, [tally.plays[x] for x in xs], color="#6a9f58")
        ax.set_xlabel("tiles laid in the hand")
        blocked = f"blocked {one['blocked_hands']['rate'] or 0:.1%}"
        ax.set_title(f"{name or title}; {blocked}", fontsize=9)
    axes[0].set_ylabel("hands")
    if compare:
        fig.suptitle(title, fontsize=9)
    made.append(_save(fig, outdir / "hand_lengths.png"))
    return made


def _panels(plt, k: int):
    """``k`` plots side by side on one scale."""
    fig, axes = plt.subplots(1, k, figsize=(6 * k, 3.5), sharex=True, sharey=True,
                             squeeze=False)
    return fig, list(axes[0])


def _title(summary: dict) -> str:
    s = summary["setup"]
    compared = summary.get("compare", {}).get("option")
    opts = ", ".join([f"{k}={v}" for k, v in sorted(s["opts"].items()) if k != compared]
                     + ([f"{compared} compared"] if compared else []))
    return f"{s['game']} ({opts or 'booklet rules'}), {summary['units']} {units(s['unit'])}"


def units(unit: str) -> str:
    return "matches" if unit == "match" else unit + "s"


def _save(fig, path: Path) -> Path:
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    import matplotlib.pyplot as plt

    plt.close(fig)
    return path


def write_all(outdir: Path, summary: dict, tallies: list, asked: list[int],
              plots: bool = True) -> list[Path]:
    """The files of an experiment; ``tallies``: one per compared value (or the one)."""
    outdir.mkdir(parents=True, exist_ok=True)
    paths = [outdir / "summary.json", outdir / "summary.csv"]
    write_json(paths[0], summary)
    write_summary_csv(paths[1], summary)
    if plots:
        paths.extend(plot(outdir, summary, tallies, asked))
    return paths
