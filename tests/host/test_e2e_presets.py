"""Presets pushed with `dominoboard names --presets` are offered first on the scoreboard's New
match screen and start a match with their game, rules, target or rounds and players: pushed to
the emulated scoreboard (the real firmware on the MicroPython unix port) over its serial pty,
chosen by button presses, read back over the link as the stored setup."""

import json

from dominoboard.cli import main
from dominoboard.emulate import Emulator
from harness.pty_device import patient_link, port_args, wait_for

PRESETS = [
    {"name": "Quick Bergen", "game": "bergen", "target": 10},
    {"name": "Fives 150", "game": "allfives", "opts": {"muggins": True}, "target": 150,
     "players": 3},
    {"name": "Italian x2", "game": "italian", "rounds": 2, "players": 3},
]  # fmt: skip


def setups(port: str) -> list[dict]:
    """Line 0 of every stored match, oldest first."""
    with patient_link(port) as link:
        ids = sorted(m[0] for m in link.request("list")["matches"])
        return [json.loads(link.request("events", match=i, **{"from": 0})["lines"][0])
                for i in ids]  # fmt: skip


def started(port: str, n: int) -> list[dict]:
    """The setups once the device holds n matches: the presses are done."""
    found: list[dict] = []

    def done() -> bool:
        found[:] = setups(port)
        return len(found) >= n

    wait_for(done, timeout=60)
    return found


def test_a_pushed_preset_starts_its_match_from_the_new_match_list(tmp_path):
    presets = tmp_path / "presets.json"
    presets.write_text(json.dumps(PRESETS))
    emu = Emulator(str(tmp_path / "flash"), realtime=False)  # the clock moves with the keys
    try:
        assert main(["names", *port_args(emu.port), "--presets", str(presets)]) == 0
        # Start → New match → the list: Quick Bergen, Fives 150, Italian x2, Muggins, ...
        for command in ["press OK", "press DOWN", "press OK", "press OK"]:  # Fives 150, names
            emu.send(command)
        (first,) = started(emu.port, 1)
        # the table → the match menu → New match: past the presets, the games in the
        # registry's order (the fourth item is Muggins) → its rules form → names → start
        for command in ["hold OK 900", "press UP", "press UP", "press OK"] + [
            "press DOWN", "press DOWN", "press DOWN", "press OK", "press OK", "press OK"
        ]:  # fmt: skip
            emu.send(command)
        _first, second = started(emu.port, 2)
        # the table → the match menu → New match → Italian x2 → names → start
        for command in ["hold OK 900", "press UP", "press UP", "press OK"] + [
            "press DOWN", "press DOWN", "press OK", "press OK"
        ]:  # fmt: skip
            emu.send(command)
        _first, _second, third = started(emu.port, 3)
    finally:
        emu.stop()
    assert first["game"] == "allfives" and first["opts"] == {"muggins": True}
    assert first["target"] == 150 and "rounds" not in first
    assert first["players"] == ["Ana", "Ben", "Cai"]  # three seats, the offered names
    assert second["game"] == "muggins" and len(second["players"]) == 2  # the form's defaults
    assert third["game"] == "italian" and third["rounds"] == 2 and "target" not in third
    assert len(third["players"]) == 3
