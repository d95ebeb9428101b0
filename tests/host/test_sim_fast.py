"""The fast engines (dominoboard.sim.engines: line, trains) agree with the event fold
(Match.apply): every move they make is replayed as an event, every hand's points, who went out
and whether it was blocked must come out the same, and so must the match's totals and
winners."""

import os
import random

import pytest

from domino.ending import Left
from domino.match import HandEnd
from domino.registry import create
from dominoboard.sim.engines import base
from dominoboard.sim.engines.line import LineMatch
from dominoboard.sim.engines.run import fast_ok, play_fast_unit
from dominoboard.sim.engines.trains import TrainsMatch
from dominoboard.sim.table import Setup, Table

# Hands per game and strategy (whole matches: a tenth); SIM_FAST_HANDS=5000 for a longer soak.
HANDS = int(os.environ.get("SIM_FAST_HANDS", "250"))

GAMES = [
    ("block", 4, [[0, 2], [1, 3]], {}),
    ("draw", 4, [[0, 2], [1, 3]], {}),  # all 28 dealt, 7 each: as the benchmark reference
    ("block", 2, None, {}),
    ("block", 3, None, {}),
    ("draw", 2, None, {}),
    ("draw", 4, None, {"fixed_leader": False}),
    ("draw", 3, None, {"top": 9}),
    ("doble12", 2, None, {}),
    ("doble12", 6, None, {}),
    ("mexican", 4, None, {}),
    ("mexican", 2, None, {}),
    ("mexican", 7, None, {"double_blank": 50}),
]


def tiles_of(top):
    t = base.tables(top)
    return [(t.hi[i], t.lo[i]) for i in range(t.size)]


def refold(setup, log):
    """Replay the fast engine's moves as events; returns the Match and per-hand facts. Before
    each draw or pass the core is asked whether the player had a legal play (it must not)."""
    table = Table(setup, 0)  # the bots' table: its moves() asks the core what is legal
    m = table.m
    g = m.game
    tiles = tiles_of(g.top)
    k = g.deal_size(g.n)
    hands = []
    bone = []
    facts = []

    def end():
        rec_count = len(m.records)
        if m.hand is not None and m.hand.is_over():
            m.apply({"k": "end", "left": [[tiles[i] for i in h] for h in hands]})
        assert len(m.records) == rec_count + 1, "the fold did not end the hand"
        r = m.records[-1]
        facts.append((r.points(), r.out, r.out is None))

    for entry in log:
        kind = entry[0]
        if kind == "deal":
            if hands:
                end()
            deal = entry[1]
            hands = [deal[p * k:(p + 1) * k] for p in range(g.n)]
            bone = deal[g.n * k:]
            table.hands = [[tiles[i] for i in h] for h in hands]
        elif kind == "play":
            _, p, i, e = entry
            ev = {"k": "play", "p": p, "t": tiles[i]}
            if e is not None:
                ev["e"] = e
            m.apply(ev)
            hands[p].remove(i)
            table.hands[p].remove(tiles[i])
        else:
            p = entry[1]
            assert m.hand is not None
            if not m.hand.layout.is_empty():
                assert table.moves(p) == [], "the fast engine missed a legal play"
            if kind == "draw":
                m.apply({"k": "draw", "p": p, "n": 1})
                hands[p].append(bone.pop())
                table.hands[p].append(tiles[hands[p][-1]])
            else:
                m.apply({"k": "pass", "p": p})
    end()
    return m, facts


def check(setup, seed, index, log=None):
    log = [] if log is None else log
    rec = play_fast_unit(setup, seed, index, log)
    m, facts = refold(setup, log)
    assert [(h["points"], h["out"], h["blocked"]) for h in rec["hands"]] == facts
    if rec["over"]:
        assert m.over
        assert m.totals == rec["totals"]
        winners = m.winners()
        assert rec["winners"] == (winners if len(winners) < len(m.sides) else [])
    return rec


@pytest.mark.parametrize("game,n,teams,opts", GAMES)
def test_fast_hands_agree_with_the_fold(game, n, teams, opts):
    for strategies in (["random"] * n, ["heavy"] * n):
        setup = Setup(game, strategies, opts=opts, teams=teams, hands=True)
        assert fast_ok(setup)
        outcomes = set()
        for i in range(HANDS):
            rec = check(setup, 7, i)
            h = rec["hands"][0]
            outcomes.add("blocked" if h["blocked"] else "out")
        assert outcomes == {"blocked", "out"} or game in ("draw", "mexican")  # both seen


@pytest.mark.parametrize("game,n,teams,opts", GAMES[:5] + GAMES[7:8] + GAMES[9:10])
def test_fast_matches_agree_with_the_fold(game, n, teams, opts):
    setup = Setup(game, ["random"] + ["heavy"] * (n - 1), opts=opts, teams=teams)
    for i in range(max(25, HANDS // 10)):
        rec = check(setup, 11, i)
        assert rec["over"] and len(rec["hands"]) >= 1


def test_each_hand_is_dealt_from_its_own_stretch_of_a_stream():
    """A game's first hand is the integer of bytes k * size .. (k + 1) * size - 1 of SHAKE-128
    keyed "first <unit_seed(seed, block)>", for game block * FIRSTS + k; its hand h > 0 of
    bytes (h - 1) * size .. h * size - 1 of SHAKE-128 of the game's own seed, however far the
    stream was read before (long matches read it again, further). A game's first hand is the
    same played alone or as a match's first."""
    from hashlib import shake_128

    from dominoboard.sim.engines.run import AHEAD, FIRSTS, prepared
    from dominoboard.sim.table import unit_seed

    setup = Setup("block", ["random"] * 4, teams=[[0, 2], [1, 3]], target=500)
    fm = prepared(setup).fm
    size = fm.random_bytes
    t = fm.t

    def dealt(x):
        held, bone, _ = fm.deal(x)
        return [j for m in held for j in t.tiles_of(m)] + [t.index[b] for b in bone]

    for i in (0, 1, FIRSTS + 2):
        log = []
        rec = check(setup, 5, i, log)
        deals = [entry[1] for entry in log if entry[0] == "deal"]
        assert len(deals) == len(rec["hands"]) > AHEAD + 1
        block, k = divmod(i, FIRSTS)
        firsts = shake_128(b"first %d" % unit_seed(5, block)).digest(size * FIRSTS)
        assert deals[0] == dealt(int.from_bytes(firsts[k * size:(k + 1) * size], "little"))
        stream = shake_128(b"%d" % unit_seed(5, i)).digest(size * len(deals))
        for h, hand in enumerate(deals[1:]):
            assert hand == dealt(int.from_bytes(stream[h * size:(h + 1) * size], "little"))
        alone = play_fast_unit(Setup("block", ["random"] * 4, teams=[[0, 2], [1, 3]],
                                     hands=True), 5, i)
        assert alone["hands"][0] == rec["hands"][0]


def test_a_chunk_of_hands_is_the_hands_played_one_by_one():
    """Experiments of single hands are played by a loop of their own (``_hands_packed``): the
    records must be those of ``play_fast_unit``, game by game, across blocks of first hands."""
    from dominoboard.sim.engines.run import FIRSTS
    from dominoboard.sim.experiment import play_chunk
    from dominoboard.sim.records import Records

    for game, n, teams in (("draw", 4, [[0, 2], [1, 3]]), ("block", 3, None)):
        setup = Setup(game, ["random"] + ["heavy"] * (n - 1), teams=teams, hands=True,
                      target=20, engine="fast")
        start, stop = FIRSTS - 40, 2 * FIRSTS + 40
        records = Records()
        records.add(stop - start, play_chunk(setup, 3, start, stop))
        played = [play_fast_unit(setup, 3, i) for i in range(start, stop)]
        assert [dict(r, i=r["i"] + start) for r in records] == played
        assert any(r["over"] for r in played) and not all(r["over"] for r in played)


def test_a_deal_is_every_way_of_dealing_equally_often():
    """Read as digits, the deal's part of a hand's integer gives every deal the same number of
    times: with 6 tiles, 2 hands of 2 and a boneyard of 2, each of the 6! orders once (hands
    are sets, so each deal 2! * 2! times), the boneyard shuffled only when it is drawn from."""
    from collections import Counter

    fm = LineMatch(create("draw", None, 2), [[0], [1]], 100, None, [0, 0])
    fm.t = base.tables(2)  # 0-0 1-0 1-1 2-0 2-1 2-2
    fm.k = 2
    for draws_from, ways in ((True, 720), (False, 360)):
        fm.draws_from = draws_from
        fm.plan_randomness()
        seen = Counter()
        for x in range(ways):
            held, bone, rest = fm.deal(x)
            assert rest == 0 and len(held) == 2
            assert [bin(m).count("1") for m in held] == [2, 2]
            assert held[0] | held[1] | sum(bone) == fm.t.full and not held[0] & held[1]
            seen[(held[0], held[1], tuple(bone) if draws_from else frozenset(bone))] += 1
        assert len(seen) == ways // 4 and set(seen.values()) == {4}


def test_a_choice_is_each_tile_equally_often():
    """A choice among c tiles is the next digit in base c: over c * 5 integers, each tile is
    taken 5 times, and the rest goes on to the next choice."""
    from collections import Counter

    for m in (0b1011, 0b1110000010, 1 << 20 | 1 << 3 | 1, 0b111111):
        c = bin(m).count("1")
        got = Counter()
        for x in range(c * 5):
            tile, rest = base.pick(m, x)
            assert tile & m and not tile & (tile - 1) and rest == x // c
            got[tile] += 1
        assert len(got) == c and set(got.values()) == {5}


def test_fast_hand_end_has_the_fields_of_the_cores():
    """The engines build the hand's end their own quicker way; a game's ``hand_points`` must
    see exactly what ``HandEnd`` would give it."""
    rng = random.Random(3)
    # From the hands as bit sets: the same fields, the players' read only when asked.
    t = base.tables(6)
    for sides in ([[0, 2], [1, 3]], [[0], [1], [2]], [[1], [0]]):
        n = sum(len(s) for s in sides)
        for _ in range(50):
            held = [0] * n
            for i in range(t.size):
                p = rng.randrange(n + 1)
                if p < n and rng.random() < 0.3:
                    held[p] |= t.bit[i]
            left = [Left(sum(t.pips[i] for i in t.tiles_of(m)), len(t.tiles_of(m)),
                         any(t.double[i] for i in t.tiles_of(m)), None, None, 0 in t.tiles_of(m))
                    for m in held]
            table = t.full
            for m in held:
                table &= ~m
            out = rng.choice([None] + list(range(len(sides))))
            last = rng.randrange(n)
            core = HandEnd(left, out, last, sides, None)
            end = base.HeldEnd(t, sides).fill(held, out, last, table)
            for field in ("out", "blocked", "last", "sides", "pips", "counts", "doubles"):
                assert getattr(end, field) == getattr(core, field), field
            assert [vars_of(x) for x in end.players] == [vars_of(x) for x in core.players]
            assert end.hand.seen == {tiles_of(6)[i] for i in t.tiles_of(table)}


def vars_of(left):
    return (left.pips, left.count, left.double, left.tiles, left.blank)


def test_fast_engine_takes_only_games_of_the_base_flow():
    assert LineMatch.supports(create("block", None, 4))
    assert LineMatch.supports(create("doble12", None, 5))
    assert not LineMatch.supports(create("draw", {"spinner": True}, 2))  # four ways: no line
    assert not LineMatch.supports(create("muggins", None, 2))  # counts during play
    assert not LineMatch.supports(create("bergen", None, 2))
    assert not LineMatch.supports(create("mexican", None, 4))
    assert TrainsMatch.supports(create("mexican", None, 4))
    assert not TrainsMatch.supports(create("cardinal", None, 4))  # 000's rules differ
    assert not TrainsMatch.supports(create("mexican", {"draw_to_start": True}, 4))  # draws on
    assert not fast_ok(Setup("block", ["counter"] * 2))  # that bot needs the event stream


MPY_SCRIPT = r'''
import sys
sys.path[:0] = ["firmware", "host"]  # the engines run on CPython; checked on MicroPython too
from dominoboard.sim.engines.line import LineMatch
from dominoboard.sim.engines.trains import TrainsMatch
from domino.registry import create


class Lcg:  # one generator on both interpreters, so both make the same choices
    def __init__(self):
        self.state = 12345

    def seed(self, x):
        self.state = x % 2147483648

    def random(self):
        self.state = (self.state * 1103515245 + 12345) % 2147483648
        return self.state / 2147483648


lcg = Lcg()


def hand_random(fm):  # a hand's random integer (the host hashes instead), bytes from the LCG
    x = 0
    for _ in range(fm.random_bytes):
        x = (x << 8) | int(lcg.random() * 256)
    return x


def run(engine, key, n, sides):
    g = create(key, None, n)
    policies = [0, 1] * (n // 2) + [0] * (n % 2)
    if engine is TrainsMatch:
        fm = engine(g, sides, g.default_target(), g.rounds, policies, Lcg())
    else:
        fm = engine(g, sides, g.default_target(), g.rounds, policies)
    moves = 0
    while not fm.over:
        got = fm.play_hand(hand_random(fm))
        moves += got[3] + got[4] + got[5]
    return [fm.totals, fm.winners(), len(fm.records), moves]


print(run(LineMatch, "block", 4, [[0, 2], [1, 3]]))
print(run(LineMatch, "draw", 2, [[0], [1]]))
print(run(LineMatch, "doble12", 3, [[0], [1], [2]]))
print(run(TrainsMatch, "mexican", 4, [[0], [1], [2], [3]]))
'''


def test_fast_engine_plays_the_same_on_micropython(tmp_path):
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    script = tmp_path / "fast_mpy.py"
    script.write_text(MPY_SCRIPT)
    micropython = Path(sys.executable).parent / "micropython"
    mpy = subprocess.run([str(micropython), "-X", "heapsize=8M", str(script)], cwd=root,
                         capture_output=True, text=True, timeout=120)
    assert mpy.returncode == 0, mpy.stderr
    cpy = subprocess.run([sys.executable, str(script)], cwd=root, capture_output=True, text=True,
                         timeout=120)
    assert cpy.returncode == 0, cpy.stderr
    assert mpy.stdout == cpy.stdout
    assert cpy.stdout.count("[[") == 4


def test_a_trains_deal_puts_every_tile_in_every_place_equally_often():
    from dominoboard.sim.engines.trains import shuffled

    rng = random.Random(5)
    counts = [[0] * 7 for _ in range(7)]  # counts[place][tile]
    for _ in range(7000):
        deal = shuffled(list(range(7)), rng.random)
        assert sorted(deal) == list(range(7))
        for at, tile in enumerate(deal):
            counts[at][tile] += 1
    for at in range(7):
        assert all(800 <= c <= 1200 for c in counts[at]), counts[at]  # 1000 +- 6 sigma


def test_threads_sharing_a_setup_get_the_same_games():
    """The host reuses one FastMatch and one generator per setup; threads (a Dask worker's)
    must each get their own, or their games would mix."""
    import sys
    import threading

    setup = Setup("block", ["random"] * 4, teams=[[0, 2], [1, 3]])
    alone = [play_fast_unit(setup, 3, i) for i in range(40)]
    got = {}
    old = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # switch threads as often as possible

    def play(name):
        got[name] = [play_fast_unit(setup, 3, i) for i in range(40)]

    try:
        threads = [threading.Thread(target=play, args=(n,)) for n in range(4)]
        for th in threads:
            th.start()
        for th in threads:
            th.join()
    finally:
        sys.setswitchinterval(old)
    assert all(got[n] == alone for n in range(4))
