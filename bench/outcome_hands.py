"""Hands of the games scored from each hand's outcome (no tiles laid on the box's account), for
bench/hands_bench.py: each hand dealt from a shuffled set and played out at random as the
booklet's rules allow, then written every way the game declares it may be entered
(``Game.entries``: what paper writes, and the tricks, melds or hands the box scores from),
each checked by the core to score the same.

- Four-Hand Texas (4): a random bidder bids 30..36 (1 hand in 8 the limit, 42), names a trump;
  the bidder's side takes 3..7 tricks, and each count tile with a chance of 1/2 + tricks/14.
- Double Takes (4): 17 tricks shared at random, the game's 16 doubles split over its two
  rounds, each side's doubles within its tricks' tiles.
- High Fives (3): the double-fifteen set shuffled, taken a pair at a time by a random player,
  the last two tiles left in the pool; points and pieces counted as the booklet does.
- That's It! (2): a random winner shows two melds of the double-fifteen set: four and three
  tiles of one number (one meld in six of doubles), each run in sequence one time in four.
- Poker (3): five tiles each from the 20-piece set, every hand shown; the best one wins.

A paper score pad's strokes for a hand are the hands bench's: one per digit plus one per
entry, for every side's non-zero points.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

from domino.highfives import tile_points
from domino.match import Match
from domino.outcome import entry_of
from domino.poker import SET, compare
from domino.texas import COUNT, COUNT_TILES
from domino.tiles import full_set, name, parse

ROOT = Path(__file__).resolve().parent.parent
GAMES = (("texas", 4), ("doubletakes", 4), ("highfives", 3), ("thatsit", 2), ("poker", 3))
HANDS = 8
NAMES = ["Ana", "Ben", "Cai", "Dee"]


def setup(key: str, players: int) -> dict:
    s = {"game": key, "players": NAMES[:players], "date": "2026-01-01"}
    if key == "texas":
        s["teams"] = [[0, 2], [1, 3]]
    if key != "doubletakes":  # 8 hands in one match (Double Takes: its rounds make a game)
        s["target"] = 10000
    return s


def texas(r: random.Random) -> dict:
    bidder = r.randrange(4)
    bid = 42 if r.random() < 0.125 else r.randint(30, 36)
    trump = r.choice(["blanks", "aces", "deuces", "treys", "fours", "fives", "sixes", "doubles"])
    b = bidder % 2
    won = r.randint(3, 7)
    tricks = [0, 0]
    tricks[b], tricks[1 - b] = won, 7 - won
    counts: list[list[str]] = [[], []]
    for t in COUNT_TILES:  # the bidder bid on his count tiles: most come his side's way
        s = b if r.random() < 0.5 + won / 14 else 1 - b
        if len(counts[s]) >= 4 * tricks[s]:
            s = 1 - s
        counts[s].append(t)
    return {"bidder": bidder, "bid": bid, "trump": trump, "tricks": tricks, "counts": counts}


def doubletakes(r: random.Random, first: int | None) -> dict:
    tricks = [0, 0, 0, 0]
    for _ in range(17):
        tricks[r.randrange(4)] += 1
    won = r.randint(5, 11) if first is None else 16 - first
    doubles = [0, 0, 0, 0]
    for _ in range(won):
        room = [s for s in range(4) if doubles[s] < 4 * tricks[s]]
        doubles[r.choice(room)] += 1
    return {"tricks": tricks, "doubles": doubles}


def highfives(r: random.Random) -> dict:
    tiles = full_set(15)
    r.shuffle(tiles)
    points, pieces = [0, 0, 0], [0, 0, 0]
    for i in range(0, len(tiles) - 2, 2):  # the last two stay in the pool
        p = r.randrange(3)
        points[p] += tile_points(tiles[i]) + tile_points(tiles[i + 1])
        pieces[p] += 2
    return {"points": points, "pieces": pieces}


def meld(r: random.Random, size: int, used: list) -> list[tuple[int, int]]:
    while True:
        doubles = r.random() < 1 / 6
        suit = r.randrange(16)
        if r.random() < 0.25:  # a run
            start = r.randrange(16 - size + 1)
            ranks = list(range(start, start + size))
        else:
            ranks = sorted(r.sample(range(16), size))
        ts = [(x, x) if doubles else (max(suit, x), min(suit, x)) for x in ranks]
        if len(set(ts)) == size and not any(t in used for t in ts):
            used += ts
            return ts


def thatsit(r: random.Random) -> dict:
    used: list = []
    melds = [meld(r, 4, used), meld(r, 3, used)]
    return {"winner": r.randrange(2), "melds": [[name(t) for t in m] for m in melds]}


def poker(r: random.Random) -> dict:
    tiles = list(SET)
    r.shuffle(tiles)
    hands = [[name(t) for t in tiles[5 * p : 5 * p + 5]] for p in range(3)]
    if len(compare(hands)) > 1:
        return poker(r)
    return {"hands": hands}


def detail(key: str, r: random.Random, i: int, before: list[dict]) -> dict:
    if key == "texas":
        return texas(r)
    if key == "doubletakes":
        first = None if i % 2 == 0 else sum(before[-1]["doubles"])
        return doubletakes(r, first)
    return {"highfives": highfives, "thatsit": thatsit, "poker": poker}[key](r)


def paper(tally: list[int]) -> int:
    """A score pad's strokes for one hand: each side's non-zero points."""
    return sum(len(str(abs(x))) + 1 for x in tally if x)


def the_ways(m: Match, ev: dict, tally: list[int]) -> list[dict]:
    """The hand ``ev`` (the box's detailed form) written every way the game declares, in the
    order of ``Game.entries``."""
    out = []
    own = entry_of(m.game, ev)
    for way, fields in m.game.entries:
        keys = [f[0] for f in fields]
        if way == own[0]:
            out.append({k: ev[k] for k in keys})
            continue
        scored = {}
        for k in keys:
            if k == "points":
                scored[k] = tally if fields[keys.index(k)][2] != "one" else max(tally)
            elif k == "winner":
                scored[k] = tally.index(max(tally))
            elif k == "made":  # Texas: each side's tricks and count tiles, in points
                scored[k] = [
                    ev["tricks"][s] + sum(COUNT[parse(t)] for t in ev["counts"][s]) for s in (0, 1)
                ]
            else:
                scored[k] = ev[k]
        out.append(scored)
    return out


def hands(key: str, players: int, seed: int = 1) -> dict:
    """``HANDS`` hands of ``key``: the setup, and each hand every way with its paper strokes;
    every way checked by the core to score what the detailed form scores."""
    r = random.Random(f"{key}-{seed}")
    s = setup(key, players)
    m = Match(s)
    out = []
    details: list[dict] = []
    for i in range(HANDS):
        if m.over:  # a game of Double Takes is over: the next one
            m = Match(s)
        ev = detail(key, r, i, details)
        details.append(ev)
        got: list[int] = list(m.apply(dict(ev, k="end"))["hand"])  # pyright: ignore[reportArgumentType]
        ways = the_ways(m, ev, got)
        for w in ways:  # each way scores the same (a round after the game's first ones)
            check = Match(s)
            number = m.records[-1].number  # the match's hands before this one
            for old in out[len(out) - number :] if number else []:
                check.apply(dict(old["ways"][0], k="end"))
            assert check.apply(dict(w, k="end"))["hand"] == got, (key, w, got)
        out.append({"ways": ways, "paper": paper(got), "tally": got})
    return {"game": key, "setup": s, "ways": [w[0] for w in m.game.entries], "hands": out}


def measure(storage: Path) -> list[dict]:
    """Every outcome game's hands entered on the real App (bench/mpy_outcomes.py), every way."""
    from harness import press_hands

    storage.mkdir(parents=True, exist_ok=True)
    games = [hands(key, n) for key, n in GAMES]
    path = storage / "outcomes.json"
    path.write_text(json.dumps(games))
    got = press_hands.run_json(
        ROOT / "bench" / "mpy_outcomes.py", [str(path), str(storage / "flash")], "16M"
    )
    assert isinstance(got, list)
    papers = [h["paper"] for game in games for _way in game["ways"] for h in game["hands"]]
    for h, strokes in zip(got, papers, strict=True):
        h["paper"] = strokes
    return got


def priced(h: dict, inputs: str) -> int:
    """One hand's presses with ``inputs``: the screens' presses, each number at its price from
    where the entry started (its OK included), each player by his digit on the keypad."""
    from number_presses import presses_for  # pyright: ignore[reportMissingImports]

    n = h["presses"]
    for value, lo, hi, start, unit in h["numbers"]:
        n += presses_for(value, unit, lo, hi, inputs, start) - 1  # the OK was pressed
    if inputs == "keypad":
        for index, count, presses in h["players"]:
            if index < 9 and count <= 9:
                n += 1 - presses
    return n
