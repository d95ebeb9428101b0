"""Long matches of real games, made the same every time: the simulator's bots play them from
a fixed seed (``dominoboard.sim.table``: every move is one the core allows), and undos are put
in by a seeded generator. tests/host/test_long_matches.py, tests/target/test_long_matches.py
and bench/longmatch_bench.py fold, show and measure them.

- Italian (003, the Schmidt booklet's "Italian Dominoes"), four players, 150 hands: a match to
  51 runs 70 to 130 hands; this one is played by rounds, so it is as long as the longest.
- Mexican Train (002, "Dominó Doble 12"), eight players, its 13 hands (12-12 down to 0-0), with
  100 undos spread over it: each takes back the last event, which is then entered again or
  redone, as a table that corrects itself does.
- Muggins (000, "20 Domino Games"), two players, 60 hands.
"""

import random
from pathlib import Path

from domino.events import dumps
from domino.match import Match
from dominoboard.sim.table import Setup, Table

MATCHES = {
    # name: (game, players, seed, rounds, undos)
    "italian-150": ("italian", 4, 11, 150, 0),
    "mexican-8-undos": ("mexican", 8, 3, None, 100),
    "muggins-60": ("muggins", 2, 7, 60, 0),
}


def played(game: str, players: int, seed: int, rounds: int | None) -> tuple[dict, list]:
    """Setup and events of a match the bots played to its end from ``seed``; ``rounds``: that
    many hands (the target set past reach), else the game's own end."""
    setup = Setup(game, ["random"] * players, rounds=rounds, target=10000 if rounds else None)
    table = Table(setup, seed)
    table.play()
    assert table.m.over
    return table.m.setup, list(table.m.log)


def with_undos(setup: dict, events: list, undos: int, seed: int) -> list:
    """``events`` with ``undos`` undos put in at seeded places: after event i, an undo takes it
    back, then the same event is entered again, or a redo brings it back, or two undos and two
    redos. The standings are those of ``events``; the log and every refold are longer."""
    rng = random.Random(seed)
    places = set(rng.sample(range(2, len(events)), undos))
    out = []
    left = undos
    for i, ev in enumerate(events):
        out.append(ev)
        if i not in places or not left:
            continue
        way = left % 3
        if way == 0:
            out += [{"k": "undo"}, ev]
        elif way == 1 or left < 2:
            out += [{"k": "undo"}, {"k": "redo"}]
        else:
            out += [{"k": "undo"}, {"k": "undo"}, {"k": "redo"}, {"k": "redo"}]
            left -= 1
        left -= 1
    m = Match(setup)
    for ev in out:  # every undo and redo is one the core takes
        m.apply(ev)
    return out


def match(name: str) -> tuple[dict, list]:
    """Setup and events of the long match ``name`` (a key of MATCHES)."""
    game, players, seed, rounds, undos = MATCHES[name]
    setup, events = played(game, players, seed, rounds)
    if undos:
        events = with_undos(setup, events, undos, seed)
    return setup, events


def write(name: str, folder: Path) -> Path:
    """The match file of ``name`` in ``folder``: its setup line, then one event a line."""
    setup, events = match(name)
    path = Path(folder) / f"{name}.jsonl"
    path.write_text("".join(dumps(e) + "\n" for e in [setup, *events]), encoding="utf-8")
    return path
