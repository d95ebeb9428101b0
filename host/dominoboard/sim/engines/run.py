"""Runs the fast engines (``line.LineMatch`` for line games scored at the hand's end,
``trains.TrainsMatch`` for Mexican Train, ``fives.FivesMatch`` for Muggins and All Fives)
through their one interface (``base.FastMatch``): same records as ``table``, for the games,
house rules and strategies they play (each engine's ``house_rules`` and ``bots``)."""

from __future__ import annotations

import threading
from array import array
from hashlib import shake_128

from domino.match import Match

from ..records import NONE, new_chunk, pack_game
from ..table import Setup, unit_seed
from .fives import FivesMatch
from .line import LineMatch
from .trains import TrainsMatch

AHEAD = 12  # hands of a match's random stream read at once (a match to 100 has about 10)
FIRSTS = 64  # games whose first hands one hash call serves (an experiment of hands: 64 hands)

ENGINES = (LineMatch, TrainsMatch, FivesMatch)


def engine_for(game):
    """The fast engine (a ``FastMatch`` class) that plays ``game``, or None."""
    for engine in ENGINES:
        if engine.supports(game):
            return engine
    return None


def fast_ok(setup: Setup) -> bool:
    """True when a fast engine plays this game with these house rules and strategies."""
    return why_not_fast(setup) is None


def why_not_fast(setup: Setup) -> str | None:
    """Why no fast engine plays this setup (the game, a house rule, a bot), or None."""
    game = Match(setup.match_setup()).game
    booklet = type(game)(None, game.n)  # the game by its booklet: what an engine is for
    for engine in ENGINES:
        if engine.plays_flow(booklet):
            rule = engine.unplayed(game)
            if rule is not None or not engine.plays_flow(game):
                return f"the fast engine does not play {setup.game} with " \
                    + (rule or "these house rules")
            bots = [s for s in setup.strategies if s not in engine.bots]
            if bots:
                return (f"the fast engine plays {setup.game} with the bots "
                        f"{', '.join(engine.bots)}, not {bots[0]}")
            return None
    return f"no fast engine plays {setup.game}"


class Prepared:
    """What the core read from a setup (game, options, teams, limits), once per process, and
    the one FastMatch its games are played on (reset for each: no per-game setup work)."""

    def __init__(self, setup: Setup):
        m = Match(setup.match_setup())
        self.setup = setup
        engine = engine_for(m.game)
        if engine is None:
            raise ValueError(f"no fast engine plays {setup.game} with these options")
        self.fm = engine(m.game, m.sides, m.target, m.rounds,
                         [engine.bots[s] for s in setup.strategies])
        self.block = -1  # the key of the block of first hands last read (``firsts``)
        self.bytes = b""  # and its bytes

    def first_hand(self, seed, index: int) -> int:
        """Game ``index``'s first hand's random integer (``FastMatch.play_hand``): the integer
        of bytes k * size .. (k + 1) * size - 1 (little endian) of ``firsts(seed, index //
        FIRSTS)``, k = index % FIRSTS."""
        size = self.fm.random_bytes
        block, k = divmod(index, FIRSTS)
        k *= size
        return int.from_bytes(self.firsts(seed, block)[k:k + size], "little")

    def firsts(self, seed, block: int) -> bytes:
        """The first hands' bytes of the games of ``block``: the SHAKE-128 stream keyed
        "first <unit_seed(seed, block)>". The games of a block share one hash call; their
        later hands read streams of their own (``_randoms``)."""
        key = unit_seed(seed, block)
        if key != self.block:
            self.bytes = shake_128(b"first %d" % key).digest(self.fm.random_bytes * FIRSTS)
            self.block = key
        return self.bytes


# By thread, then by id(setup): a Prepared's FastMatch (and its generator) serves one game at
# a time, and a Dask worker may run tasks in several threads.
_LOCAL = threading.local()


def prepared(setup: Setup) -> Prepared:
    read = getattr(_LOCAL, "read", None)
    if read is None:
        read = _LOCAL.read = {}
    got = read.get(id(setup))
    if got is None or got.setup is not setup:
        if len(read) >= 16:  # each Dask task brings its own copy of the setup: forget old ones
            read.clear()
        got = read[id(setup)] = Prepared(setup)
    return got


def play_fast_unit(setup: Setup, seed, index: int, log: list | None = None) -> dict:
    """Game ``index`` as the record ``table.play_unit`` gives."""
    totals, winners, over, hands = play_fast(setup, seed, index, log)
    return {"i": index, "totals": totals, "winners": winners, "over": over,
            "hands": [{"lead": lead, "plays": plays, "draws": draws, "passes": passes,
                       "out": out, "blocked": blocked, "points": points}
                      for lead, plays, draws, passes, out, blocked, points in hands]}


def play_fast_packed(setup: Setup, seed, start: int, stop: int) -> array:
    """Games ``start``..``stop - 1`` packed (``records``): what a worker sends back."""
    got = prepared(setup)
    if setup.hands:
        return _hands_packed(got, seed, start, stop)
    out = new_chunk()
    for i in range(start, stop):
        pack_game(out, *play_fast(setup, seed, i))
    return out


def _hands_packed(got: Prepared, seed, start: int, stop: int) -> array:
    """``play_fast_packed`` for an experiment of single hands: the same games and records,
    ``play_fast`` and ``pack_game`` written out in one loop (a line game's hand is about 15
    µs; the calls and tuples between them would cost a tenth of that)."""
    fm = got.fm
    sides = len(fm.sides)
    lowest = fm.game.lowest_wins
    play = fm.play_hand
    size = fm.random_bytes
    row = []
    for block in range(start // FIRSTS, (stop - 1) // FIRSTS + 1):
        firsts = got.firsts(seed, block)
        first = block * FIRSTS
        for k in range(max(start, first) - first, min(stop, first + FIRSTS) - first):
            fm.reset()
            at = k * size
            points, out, lead, plays, draws, passes = play(
                int.from_bytes(firsts[at:at + size], "little"))
            if fm.over:
                totals = fm.totals
                winners = _winners(fm.winners(), sides)
            else:  # _best, inlined
                totals = points
                best = min(points) if lowest else max(points)
                if points.count(best) == 1 and sides > 1:
                    winners = (points.index(best),)
                else:
                    winners = _best(points, lowest, sides)
            row += (sides, 1, 1 if fm.over else 0, len(winners), *winners, *totals,
                    NONE if lead is None else lead, plays, draws, passes,
                    NONE if out is None else out, 1 if out is None and not fm.stopped else 0,
                    *points)
    packed = new_chunk()
    packed.extend(row)
    return packed


def play_fast(setup: Setup, seed, index: int, log: list | None = None):
    """Play game ``index``: its totals, winners ([] for a tie of every side), whether the match
    ended, and its hands as (lead, plays, draws, passes, out, blocked, points) tuples."""
    got = prepared(setup)
    fm = got.fm
    fm.reset()  # games of one process are played one after another on the same FastMatch
    hands = fm.play_match(_randoms(got, seed, index), log, setup.hands)
    if fm.over:
        return list(fm.totals), _winners(fm.winners(), len(fm.sides)), True, hands
    pts = hands[-1][6]
    return pts, _best(pts, fm.game.lowest_wins, len(fm.sides)), False, hands


def _randoms(got: Prepared, seed, index: int):
    """Game ``index``'s hands' random integers, read from SHAKE-128 streams: no generator
    state to seed, and a hand comes out the same whichever worker plays it. The first hand's
    is shared out by blocks of games (``first_hand``); hand h > 0 is the integer of bytes
    (h - 1) * size .. h * size - 1 of the stream keyed on the game's seed, read AHEAD hands at
    a time, twice as far when a match outlasts it (a longer read of SHAKE's output begins
    with the shorter one)."""
    size = got.fm.random_bytes
    yield got.first_hand(seed, index)
    key = b"%d" % unit_seed(seed, index)
    stream = b""
    at = 0
    while True:
        if at + size > len(stream):
            stream = shake_128(key).digest(2 * len(stream) or size * AHEAD)
        yield int.from_bytes(stream[at:at + size], "little")
        at += size


def _best(points: list[int], lowest: bool, sides: int) -> list[int]:
    """The sides with the hand's best points (an experiment of single hands)."""
    best = min(points) if lowest else max(points)
    if points.count(best) == 1:
        return [points.index(best)] if sides > 1 else []
    return _winners([s for s, x in enumerate(points) if x == best], sides)


def _winners(winners: list[int], sides: int) -> list[int]:
    return winners if len(winners) < sides else []  # a tie of every side: nobody won
