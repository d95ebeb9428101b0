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


def plot(outdir: Path, summary: dict, tally, asked: list[int]) -> list[Path]:
    """Win rates with their intervals, final scores and hand lengths, as PNG files (drawn
    from the tally's histograms: no game is kept); ``asked[u]``: the tally's entrant for the
    summary's side ``u`` (``Seating.asked``)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    made = []
    title = _title(summary)
    sides = summary["sides"]
    labels = [f"{s}: {'+'.join(side['strategies'])}" for s, side in enumerate(sides)]

    fig, ax = plt.subplots(figsize=(6, 3.5))
    rates = [side["wins"]["rate"] or 0 for side in sides]
    lo = [r - side["wins"]["ci95"][0] for r, side in zip(rates, sides, strict=True)]
    hi = [side["wins"]["ci95"][1] - r for r, side in zip(rates, sides, strict=True)]
    ax.bar(range(len(sides)), rates, yerr=[lo, hi], capsize=6, color="#4a7fb5")
    ax.axhline(summary["first_player"]["fair"], color="grey", lw=1, ls="--", label="even share")
    ax.set_xticks(range(len(sides)), labels)
    ax.set_ylabel("win rate (95% Wilson CI)")
    ax.set_title(title, fontsize=9)
    ax.legend(fontsize=8)
    made.append(_save(fig, outdir / "win_rates.png"))

    fig, ax = plt.subplots(figsize=(6, 3.5))
    for side, label in zip(sides, labels, strict=True):
        hist = tally.scores[asked[side["entrant"]]]
        xs = sorted(hist)
        ax.bar(xs, [hist[x] for x in xs], alpha=0.5, label=label)
    over = summary["setup"]["unit"] == "match"
    ax.set_xlabel("final score" if over else "hand points")
    ax.set_ylabel(units(summary["setup"]["unit"]))
    ax.set_title(title, fontsize=9)
    ax.legend(fontsize=8)
    made.append(_save(fig, outdir / "scores.png"))

    fig, ax = plt.subplots(figsize=(6, 3.5))
    xs = sorted(tally.plays)
    ax.bar(xs, [tally.plays[x] for x in xs], color="#6a9f58")
    ax.set_xlabel("tiles laid in the hand")
    ax.set_ylabel("hands")
    ax.set_title(f"{title}; blocked {summary['blocked_hands']['rate'] or 0:.1%}", fontsize=9)
    made.append(_save(fig, outdir / "hand_lengths.png"))
    return made


def _title(summary: dict) -> str:
    s = summary["setup"]
    opts = ", ".join(f"{k}={v}" for k, v in sorted(s["opts"].items()))
    return f"{s['game']} ({opts or 'booklet rules'}), {summary['units']} {units(s['unit'])}"


def units(unit: str) -> str:
    return "matches" if unit == "match" else unit + "s"


def _save(fig, path: Path) -> Path:
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    import matplotlib.pyplot as plt

    plt.close(fig)
    return path


def write_all(outdir: Path, summary: dict, tally, asked: list[int],
              plots: bool = True) -> list[Path]:
    outdir.mkdir(parents=True, exist_ok=True)
    paths = [outdir / "summary.json", outdir / "summary.csv"]
    write_json(paths[0], summary)
    write_summary_csv(paths[1], summary)
    if plots:
        paths.extend(plot(outdir, summary, tally, asked))
    return paths
