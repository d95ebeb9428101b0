"""Long matches of real games, made the same every time: the simulator's bots play them from
a fixed seed (``dominoboard.sim.table``: every move is one the core allows), and undos are put
in by a seeded generator. tests/host/test_long_matches.py, tests/target/test_target_long_matches.py
and bench/longmatch_bench.py fold, show and measure them.

- Italian (003, the Schmidt booklet's "Italian Dominoes"), four players, 150 hands: a match to
  51 runs 70 to 130 hands; this one is played by rounds, so it is as long as the longest.
- Mexican Train (002, "Dominó Doble 12"), eight players, its 13 hands (12-12 down to 0-0), with
  100 undos spread over it: each takes back the last event, which is then entered again or
  redone, as a table that corrects itself does.
- Muggins (000, "20 Domino Games"), two players, 60 hands.
"""

import random
import subprocess
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
    return table.m.setup, [as_written(ev) for ev in table.m.log]


def as_written(ev: dict) -> dict:
    """An event as the device writes it: the bots' hand ends name the tiles left as pairs
    ([6, 4]), the device's tally as "6-4"."""
    left = ev.get("left")
    if ev.get("k") != "end" or not isinstance(left, list):
        return ev
    out = dict(ev)
    out["left"] = [
        [f"{t[0]}-{t[1]}" for t in held] if isinstance(held, list) else held for held in left
    ]
    return out


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


def stored(name: str, folder: Path, match_id: str = "m0001") -> list[Path]:
    """The long match ``name`` as the device's store keeps it on flash, written into
    ``folder`` by the store's own code (scoreboard.store.MatchStore, run here as on the Pico)
    and made the match on the table (the ``current`` setting): its snapshot (compacted at
    each hand's end, as the device does), journal and settings, the files a copy puts on the
    Pico's /data. Returns them."""
    from dominoboard.sources import firmware_module

    store_module = firmware_module("scoreboard.store")
    setup, events = match(name)
    store = store_module.MatchStore(str(folder))
    store.create(match_id, dumps(setup))
    for ev in events:
        store.append(match_id, dumps(ev))
        if ev.get("k") == "end":
            store.compact(match_id)
    store.compact(match_id)
    store.save_settings({"current": match_id})
    store.close()
    return sorted(p for p in Path(folder).iterdir() if p.is_file())


# On the emulated Pico (tests/target/test_target_long_matches.py, bench/target_bench.py):
# what a table does with a long match the store holds, each step a list of key commands.
MENU_HISTORY = ["hold OK 900", "press DOWN", "press OK"]  # the match menu, its History
STEPS = [
    # the last hand's end (the match was over): that hand comes back, refolded from flash
    ("undo the last hand's end", ["press UNDO"]),
    ("undo its last play", ["press UNDO"]),
    ("open the History", MENU_HISTORY),  # the cursor on the last finished hand
    ("History: 12 rows up", ["press UP"] * 12),  # a row drawn at a time
    ("History: 14 down, round to the top", ["press DOWN"] * 14),
    ("back to the table", ["press BACK", "press BACK"]),
    ("redo the play (the menu's Redo)", ["hold OK 900"] + ["press DOWN"] * 4 + ["press OK"]),
]
MESSAGE_MS = 5000  # emulated ms for a message to leave the screen (scoreboard.app: 3 to 4 s)
BUSY_MS = 600_000  # emulated ms a fold of a long match may keep the Pico busy


def copy_onto(pico, files: list[Path]) -> None:
    """Put the store's files on the Pico's /data as a deploy copies files: mpremote over its
    USB serial, the REPL free because BACK is held at power-on (main.py starts no app)."""
    from dominoboard.deploy import tool

    pico.boot()
    pico.down("BACK")
    pico.wait_drawn()
    command = [tool("mpremote"), "connect", pico.port, "fs", "cp"]
    result = subprocess.run(
        command + [str(f) for f in files] + [":/data/"],
        capture_output=True,
        text=True,
        timeout=1200,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    pico.cut()


def power_on(pico) -> str:
    """Power the Pico on with what its flash holds; its screen once the fold is done."""
    pico.boot(firmware=False)
    pico.settle(quiet_ms=300, limit_ms=BUSY_MS)
    return pico.text()


def steps(pico, on_step=None) -> list[tuple[str, str]]:
    """STEPS on the Pico: (step, screen) after each; ``on_step(step)`` after each too."""
    out = []
    for name, commands in STEPS:
        for command in commands:
            pico.do(command)
            pico.settle(quiet_ms=150, limit_ms=BUSY_MS)
        out.append((name, pico.text()))
        if on_step:
            on_step(name)
    return out
