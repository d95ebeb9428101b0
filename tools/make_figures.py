"""Write docs/figures.md: every measured figure, as `make bench` left it in bench/results/, on
one page grouped by what it measures. The page is made from the files alone, so it never
says more than they do; `make bench` runs this last, and tests/test_repository.py fails
when the page is not what this writes.

    python tools/make_figures.py          # rewrites docs/figures.md
"""

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "bench" / "results"
PAGE = ROOT / "docs" / "figures.md"

# (heading, what the files measure, the files in the order shown). A file not listed here
# still appears, under "Other results", so a new bench is never left off the page.
SECTIONS = (
    (
        "On the Pico",
        "The scoreboard's own firmware (`make firmware`) in the emulated RP2040, emulated time:"
        " what a player waits for per key, flash per event, idle, the heap, long matches; the"
        " heap plan's savings (docs/target.md).",
        ("target.txt", "heap-plan.txt"),
    ),
    (
        "The device app on the unix port",
        "The MicroPython unix port (64-bit), a fast proxy for the Pico: CPU and display bytes"
        " per button event, the heap over a session, long matches, the core's fold, languages.",
        ("app.txt", "app-heap.txt", "longmatch.txt", "core.txt", "languages.txt"),
    ),
    (
        "Presses at the table",
        "How many presses the screens ask, per play, per hand against a paper score pad, per"
        " number (docs/ui.md).",
        ("presses.txt", "presses-bots.txt", "presses-games.txt", "hands.txt", "numbers.txt"),
    ),
    (
        "The host",
        "Wall-clock seconds on a shared machine: sync and `live`, the link under fuzz, start-up,"
        " a fresh clone's first run, deploy.",
        ("sync.txt", "link_fuzz.txt", "startup.txt", "first-run.txt", "deploy.txt"),
    ),
    (
        "Simulation",
        "The simulator's speed against its peers and across processes, and what it found"
        " (docs/simulation.md).",
        (
            "sim.txt",
            "sim-peers.txt",
            "sim-fair.txt",
            "sim-duplicate.txt",
            "sim-records.txt",
            "solitaires.txt",
        ),
    ),
    (
        "Profiles and history",
        "Where the time goes in one slow path, and the simulator's earlier runs as logged.",
        ("profile-mexican-plays.txt", "sim-history.txt"),
    ),
)


def page(results: Path = RESULTS) -> str:
    present = sorted(p.name for p in results.glob("*.txt"))
    listed = [name for _h, _w, names in SECTIONS for name in names]
    sections = [(h, w, [n for n in names if n in present]) for h, w, names in SECTIONS]
    others = [n for n in present if n not in listed]
    if others:
        sections.append(("Other results", "Files no section above names yet.", others))
    out = [
        "# Measured figures",
        "",
        "Every file `make bench` writes to `bench/results/`, as it stands, grouped by what it",
        "measures; each file says how its figures were taken and against which goal. Written by",
        "`python tools/make_figures.py` (do not edit by hand).",
        "",
    ]
    out += [f"- [{h}](#{h.lower().replace(' ', '-')})" for h, _w, names in sections if names]
    for heading, what, names in sections:
        if not names:
            continue
        out += ["", f"## {heading}", "", what]
        for name in names:
            text = (results / name).read_text(encoding="utf-8").rstrip("\n")
            out += ["", f"### `{name}`", "", "```text", text, "```"]
    return "\n".join(out) + "\n"


def main() -> int:
    PAGE.write_text(page(), encoding="utf-8")
    print(f"wrote {PAGE.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
