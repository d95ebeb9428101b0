"""Every game and house-rule combination the setup menu offers can finish a hand on the device
on the real MicroPython unix port, driven only by button presses through the
simulated board, each hand is led, then ended with nothing else recorded (the match menu's
*End the hand*: blocked, or a player went out) and scored through the tally the game declares
(``Game.tally_fields``). tests/firmware/mpy/hand_end_all.py walks the combinations."""

import pytest
from test_app import run

from domino import registry

pytestmark = pytest.mark.long  # minutes of presses: dealt first (tests/conftest.py)

HEAP = "64M"  # the walk starts thousands of matches; the app's own heap is measured elsewhere


def test_every_game_and_house_rule_combination_finishes_a_hand_by_buttons(tmp_path) -> None:
    keys = registry.keys()
    r = run("hand_end_all.py", str(tmp_path / "store"), *keys, heap=HEAP, timeout=1500)
    # Peruvian blocked with nothing laid failed before: the core needs who laid the last tile
    # (whose pips may count four times), and nothing asked it (now Game.asks_last)
    assert r["failed"] == [], r["failed"][:5]
    assert r["refused"] == []  # the setup form offers no combination the core refuses
    outcome = ["doubletakes", "highfives", "poker", "texas", "thatsit"]  # Game.entry: no tally
    assert r["skipped"] == outcome
    # every table game, blocked and with a player out, each distinct game once (a house rule
    # left at "std" is the game's own value): 1,678 distinct games, 3,356 hands
    assert r["done"] == 2 * distinct_games(keys, outcome)
    # what the tallies asked, beyond pips: the tiles left, "double?" and the pips without
    # doubles, "0-0?", who laid the last tile
    for asked in ("super p n", "doble15 p n", "bergen p d w", "bergen-schmidt p d",
                  "mexican p z", "cardinal p z", "muggins p", "french p",
                  "peruvian p last"):  # fmt: skip
        assert asked in r["asked"], asked


def distinct_games(keys, skip) -> int:
    """How many different games the setup menu's house-rule values make, counted on CPython."""
    from itertools import product

    count = 0
    for key in keys:
        if key in skip:
            continue
        cls = registry.game_class(key)
        n = cls.players[0]
        values = []
        for _name, default, allowed in cls.options:
            vs = list(allowed)
            if default not in vs:
                vs.insert(0, default)
            values.append(vs)
        seen = set()
        for combo in product(*values):
            opts = {o[0]: v for o, v in zip(cls.options, combo, strict=True) if v is not None}
            game = registry.create(key, opts, n)
            rules = tuple(sorted((k, v) for k, v in game.opts.items() if k != "top"))
            seen.add((repr(rules), game.top))
        count += len(seen)
    return count
