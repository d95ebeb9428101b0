"""The games beyond the first nine, played on the real MicroPython unix port, driven
only by button presses through the simulated board (tests/firmware/mpy/games_*.py).

Outcome games (Texas, Double Takes, High Fives, That's It!, Poker) go through the generic hand
end entry built from ``Game.entry``; layout games through the table with their extras (owed
draws, turned jokers, hub branches, barricades, hidden standings, team draw). Every match's
stored events are read back from the store's files and folded by the CPython core: the device
stored exactly what the scorer meant, and shows the standings the core computes. New screens
are compared with golden text in tests/golden/games-*.txt (UPDATE_GOLDEN=1 rewrites them).
"""

import json
import os
from pathlib import Path

import pytest
from test_app import ROOT, run, stored

from domino import Match

GOLDEN = ROOT / "tests" / "golden"
HEAP = "64M"  # the drivers keep every intended event; the app itself is measured elsewhere
ROW7 = slice(28, 32)  # text lines of character row 7: the table's action bar (app.py's)


def compare_text(out: Path, names: list[str], mask_bar: bool = False) -> None:
    update = os.environ.get("UPDATE_GOLDEN") == "1"
    for name in names:
        got = (out / f"{name}.txt").read_text()
        want_path = GOLDEN / f"{name}.txt"
        if update or not want_path.exists():
            want_path.write_text(got)
            continue
        want = want_path.read_text()
        if mask_bar:  # the action bar's order belongs to the table's own tuning
            got = "\n".join(got.splitlines()[: ROW7.start])
            want = "\n".join(want.splitlines()[: ROW7.start])
        assert got == want, f"screen {name}.txt differs from tests/golden"


def test_end_the_hand_of_an_outcome_game_opens_its_own_entry(tmp_path: Path) -> None:
    # The match menu's End the hand offered "Blocked / X went out" and a pips tally, which
    # the core refused every time ("bidder: missing ..."): a dead end in the five games scored
    # from the outcome. It goes back to the game's own entry (Game.entry), what was typed in
    # it kept, and the hand is scored there.
    r = run("app_end_outcome.py", str(tmp_path / "store"), heap=HEAP)
    assert r["errors"] == 0
    first = {"texas": "bidder", "doubletakes": "tricks", "highfives": "points",
             "thatsit": "winner", "poker": "hands"}  # fmt: skip
    ways = {"texas": ["Points scored", "Tricks", "Made"],
            "doubletakes": ["Points scored", "Tricks"], "highfives": ["Points scored", "Pieces"],
            "thatsit": ["Points scored", "Melds"], "poker": ["Winner", "Hands"]}  # fmt: skip
    for key, g in r["games"].items():
        assert g["menu"] == "MatchMenu" and g["screen"] == "Entry", (key, g)
        # the ways the game declares (Game.entries), the entry's own (what paper writes) first
        assert g["ways"] == ways[key] and g["way_cursor"] == 0, (key, g)
        assert g["step"] == first[key] and g["first"], (key, g)
        assert g["events"] == 0 and len(g["scored"]) == 1 and g["after"] == "Result", (key, g)
    assert r["games"]["texas"]["kept"] == 1  # Ben, picked as the bidder before the menu
    assert r["games"]["texas"]["scored"] == [[12, 30]]  # bid 30 made by Ben+Dee with 30


def test_outcome_games_by_buttons(tmp_path: Path) -> None:
    out = tmp_path / "screens"
    out.mkdir()
    r = run("games_outcome.py", str(tmp_path / "store"), str(out), heap=HEAP)
    assert r["errors"] == 0
    by_game = {g["game"]: g for g in r["games"]}
    assert sorted(by_game) == ["doubletakes", "highfives", "poker", "texas", "thatsit"]
    for key, g in by_game.items():
        setup, events = stored(tmp_path / "store", g["match_id"])
        assert setup["game"] == key
        assert events == g["intended"], key
        assert Match.replay(setup, events).standings() == g["standings"], key
    # the booklet examples' arithmetic, as the device computed it from the entries
    texas = by_game["texas"]["standings"]
    assert texas["hands"][0]["points"] == [0, 49]  # bid 31 set: 18 + 31 to the other side
    assert texas["hands"][1]["points"] == [12, 30]  # bid 30 made by Ben+Dee with 30 points
    assert texas["hands"][2]["points"] == [0, 61]  # as paper writes it: Cai's 30 set, 31 + 30
    dt = by_game["doubletakes"]["standings"]
    # 34 tricks + 16 doubles = 50; round 2 as paper writes it, its 8 doubles beyond 17 tricks
    assert dt["over"] and dt["totals"] == [14, 13, 11, 12]
    hf = by_game["highfives"]["standings"]
    assert hf["totals"] == [41, 35, 19]  # most pieces (30) takes the 5 bonus
    ti = by_game["thatsit"]["standings"]
    assert [h["points"] for h in ti["hands"]] == [[0, 10], [10, 0], [0, 4]]
    pk = by_game["poker"]["standings"]
    # six straight; royal; the showdown's winner as paper writes it
    assert [h["points"] for h in pk["hands"]] == [[0, 0, 1], [0, 1, 0], [1, 0, 0]]
    # a refused entry: the core's message, the cursor on the step it names, nothing stored
    refused = by_game["texas"]["refused"]
    assert refused["message"].startswith("tricks [2, 4]: 6 in all")
    assert refused["step"] == "Tricks Ana+Cai" and refused["events"] == 1
    compare_text(
        out,
        [
            "games-entry-texas-player",
            "games-entry-texas-choice",
            "games-entry-texas-number",
            "games-entry-texas-tiles",
            "games-entry-thatsit-halves",
            "games-entry-poker-halves",
            "games-entry-refused",
            "games-texas-result",
        ],
    )


# game, players, seed, limit (points or rounds; 0: the game's default), house rules, goldens
LAYOUT = [
    ("italian", 3, 1, 10, None, ["games-italian-table", "games-italian-over"]),
    ("allsevens", 2, 1, 0, None, ["games-allsevens-table"]),
    ("matador", 2, 1, 30, None, []),
    ("matador-schmidt", 3, 1, 0, None, []),
    ("sebastopol", 4, 1, 30, None, ["games-sebastopol-table"]),
    ("sebastopol-schmidt", 4, 1, 1, None, []),
    ("cyprus", 4, 1, 1, None, ["games-cyprus-table"]),
    ("tiddle", 4, 1, 30, None, []),
    ("tiddle-pool", 6, 1, 2, None, []),
    ("hungarian", 3, 1, 30, {"barricade": True}, []),
    ("french", 2, 1, 2, None, ["games-french-table"]),
    ("peruvian", 4, 1, 0, None, ["games-peruvian-table", "games-peruvian-result"]),
    ("teamblock", 4, 1, 1, None, ["games-teamblock-teams"]),
    ("barricade", 3, 1, 0, None, ["games-barricade-tally"]),
    ("super", 3, 1, 20, None, ["games-super-table"]),
    ("doble15", 4, 1, 20, None, []),
]


@pytest.mark.parametrize("game,players,seed,limit,opts,goldens", LAYOUT, ids=[g[0] for g in LAYOUT])
def test_layout_game_by_buttons(
    tmp_path: Path, game: str, players: int, seed: int, limit: int, opts, goldens: list
) -> None:
    storage, out = tmp_path / "store", tmp_path / "screens"
    out.mkdir()
    args = [game, str(players), str(seed), str(storage), str(out), str(limit)]
    if opts:
        args.append(json.dumps(opts))
    r = run("games_layout.py", *args, heap=HEAP, timeout=600)
    assert r["errors"] == 0
    assert r["standings"]["over"] and r["standings"]["winners"]
    setup, events = stored(storage, r["match_id"])
    assert setup["game"] == game and len(setup["players"]) == players
    assert events == r["intended"]  # what the scorer entered and the rules' own draws
    assert Match.replay(setup, events).standings() == r["standings"]
    kinds = {e["k"] for e in events}
    if game == "barricade":
        assert any("bar" in e for e in events if e["k"] == "end")
    if game in ("allsevens", "matador", "matador-schmidt"):
        assert any("o" in e for e in events), "no joker was laid turned"
    if game == "teamblock":
        assert setup["teams"] == [[0, 1], [2, 3]]
    if game in ("peruvian", "teamblock", "barricade", "super", "doble15"):
        assert "draw" in kinds  # owed draws recorded
    compare_text(out, goldens, mask_bar=True)


def test_super_after_a_14_the_bar_offers_what_the_core_allows(tmp_path: Path) -> None:
    """Super Dominos: after a 14 the player plays again if he can, else passes; the bar offers
    Draw exactly when ``Match.may_draw`` (the core's check_draw), else Pass, and the Pass
    pressed on the bar is taken. (GameTable used to turn Draw into Pass itself after a 14: the
    table already asks may_draw, so that mapping never fired.)"""
    r = run("super_again.py", str(tmp_path / "store"), heap=HEAP)
    assert r["errors"] == 0 and r["message"] is None
    steps = r["steps"]
    for s in steps:
        assert ("draw" in s["kinds"]) == s["may_draw"], s
        # Pass only when the core takes it (Match.may_pass): "cannot play: pick two tiles,
        # then pass"; it was offered while a tile could be drawn, then refused
        assert s["kinds"].count("pass") == (1 if s["may_pass"] else 0), s
        assert s["may_pass"] or s["may_draw"], s  # never stuck
        assert not (s["again"] and s["may_draw"]), s
    assert sum(1 for s in steps if s["again"]) == 2  # the two 14s
    assert r["last"] == {"k": "pass", "p": 0} and steps[-1]["turn"] == 1
