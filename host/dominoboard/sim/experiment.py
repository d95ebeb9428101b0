"""Run an experiment: many games, each dealt from its own seed (the experiment's seed and the
game's index), played in chunks by local worker processes or on a Dask cluster, and merged in
index order — so the same seed gives the same results for any number of workers."""

from __future__ import annotations

import gc
import multiprocessing
from array import array
from collections.abc import Callable

from .records import Records, new_chunk, pack_record
from .table import Setup, play_unit

Progress = Callable[[int], None]


def play_chunk(setup: Setup, seed, start: int, stop: int) -> array:
    """Games ``start``..``stop - 1``, packed (``records``); the unit of work sent to a worker."""
    if setup.engine == "fast":
        from .engines.run import play_fast_packed

        return play_fast_packed(setup, seed, start, stop)
    out = new_chunk()
    for i in range(start, stop):
        pack_record(out, play_unit(setup, seed, i))
    return out


# A pool's worker gets the setup once (the pool's initializer), not with every chunk.
_SETUP: list[Setup] = []


def _init_worker(setup: Setup) -> None:
    _SETUP[:] = [setup]


def _chunk(args) -> array:
    seed, start, stop = args
    return play_chunk(_SETUP[0], seed, start, stop)


def chunks(units: int, workers: int, size: int | None = None) -> list[tuple[int, int]]:
    """Index ranges: small enough to balance the load (the last chunks finish close together)
    and report progress, big enough that handing them out costs little next to playing them:
    the pool's parent spends about 1 ms of CPU per chunk, taken from the workers when they have
    every CPU. 32 a worker: a 2 s experiment on 2 workers, 0.05 s of the parent's CPU (64 a
    worker cost twice that, and gave 1.64x against 1.76x in interleaved runs)."""
    if size is None:
        size = max(1, min(500, units // max(1, workers * 32)))
    return [(a, min(units, a + size)) for a in range(0, units, size)]


def run(setup: Setup, units: int, seed, workers: int = 1, progress: Progress | None = None,
        chunk: int | None = None) -> Records:
    """Play ``units`` games; the records come back in index order."""
    parts = chunks(units, workers, chunk)
    out = Records()
    if workers <= 1:
        for a, b in parts:
            out.add(b - a, play_chunk(setup, seed, a, b))
            if progress:
                progress(b - a)
        return out
    ctx = multiprocessing.get_context("spawn" if _threads_started() else None)
    # Forked workers share the parent's heap until they write to it, and a garbage collection
    # in a worker writes to every object it walks: with a big heap (a notebook holding a match
    # database) each worker copied it, and 2 workers gave 1.42x instead of 1.57x. Frozen
    # objects are not walked (the gc module's advice for fork).
    gc.freeze()
    try:
        with ctx.Pool(workers, _init_worker, (setup,)) as pool:
            tasks = [(seed, a, b) for a, b in parts]
            for (a, b), packed in zip(parts, pool.imap(_chunk, tasks), strict=True):
                out.add(b - a, packed)  # imap yields in submission order: index order
                if progress:
                    progress(b - a)
    finally:
        gc.unfreeze()
    return out


def _threads_started() -> bool:
    import threading

    return threading.active_count() > 1  # forking a threaded process is unsafe


def run_dask(setup: Setup, units: int, seed, client, chunk: int | None = None,
             progress: Progress | None = None) -> Records:
    """The same experiment on a Dask cluster (``dask.distributed.Client``): one task per chunk,
    gathered in index order. The setup is scattered once, not sent with every task."""
    from dask.distributed import as_completed  # pyright: ignore[reportMissingImports]

    workers = max(1, len(client.scheduler_info().get("workers", {})))
    parts = chunks(units, workers, chunk)
    shared = client.scatter(setup, broadcast=True)
    futures = [client.submit(play_chunk, shared, seed, a, b, pure=False) for a, b in parts]
    if progress:
        sizes = {f.key: b - a for f, (a, b) in zip(futures, parts, strict=True)}
        for f in as_completed(futures):
            progress(sizes[f.key])
    out = Records()
    for (a, b), packed in zip(parts, client.gather(futures), strict=True):  # in future order
        out.add(b - a, packed)
    return out


# --- tallied experiments: fair seatings, house rules side by side, bounded memory -----------


class Plan:
    """What a worker needs to play and tally any range of an experiment's games: the seed,
    the seatings (``seating.Seating``) of each house-rule variant (one, or one per value of a
    ``--compare``), and whether the packed games go back too (``--records``)."""

    def __init__(self, variants: list, seed, records: bool = False):
        self.variants = variants
        self.seed = seed
        self.records = records

    @property
    def seating(self):
        return self.variants[0]

    def new_tally(self):
        from .tally import Paired

        return Paired([_tally_for(v) for v in self.variants])


def _tally_for(seating):
    from domino.registry import game_class

    from .tally import Tally

    side_of_seat = [0] * len(seating.base.strategies)
    for s, members in enumerate(seating.sides):
        for p in members:
            side_of_seat[p] = s
    return Tally(seating.side_of, side_of_seat, game_class(seating.base.game).lowest_wins,
                 seating.k if seating.duplicate else 0)


def play_part(plan: Plan, start: int, stop: int):
    """Games ``start``..``stop - 1`` of the experiment, tallied: (tally, packed games or None,
    for each packed game (game, deal, seating, variant) or None). The unit of work sent to a
    worker."""
    from .records import games, spans

    tally = plan.new_tally()
    first = plan.seating
    packed = new_chunk() if plan.records else None
    where = [] if plan.records else None
    if len(plan.variants) == 1:  # a call a run of consecutive deals
        kept: list = [None] * (stop - start)  # with records: each game's ints, in game order
        for j, d, count in first.runs(start, stop):
            chunk = play_chunk(first.setups[j], plan.seed, d, d + count)
            tally.tallies[0].add_chunk(chunk, [j] * count, range(d, d + count))
            if plan.records:
                for x, (a, b) in enumerate(spans(chunk)):
                    kept[first.index(d + x, j) - start] = chunk[a:b]
        if packed is not None and where is not None:
            for i in range(start, stop):
                packed.extend(kept[i - start])
                where.append((i, *first.game(i), 0))
        return tally, packed, where
    for i in range(start, stop):
        d, j = first.game(i)
        outcomes = []
        for k, v in enumerate(plan.variants):
            chunk = play_chunk(v.setups[j], plan.seed, d, d + 1)
            outcomes.append(next(games(chunk)))
            if packed is not None and where is not None:
                packed.extend(chunk)
                where.append((i, d, j, k))
        tally.add(j, outcomes, d)
    return tally, packed, where


def ranges(start: int, stop: int, workers: int, size: int | None = None):
    """Index ranges covering ``start``..``stop - 1`` (as ``chunks``), made as they are needed."""
    units = stop - start
    if size is None:
        size = max(1, min(2000, units // max(1, workers * 32)))
    for a in range(start, stop, size):
        yield a, min(stop, a + size)


_PLAN: list[Plan] = []


def _init_plan(plan: Plan) -> None:
    _PLAN[:] = [plan]


def _part(args):
    return play_part(_PLAN[0], *args)


class Runner:
    """Plays ranges of a plan's games on this process, a pool of local processes, or a Dask
    client, with at most ``window`` chunks handed out and not yet taken back: the client holds
    a bounded number of results whatever the experiment's size. Results come back in index
    order (the records file is written in that order; tallies add up alike in any order)."""

    def __init__(self, plan: Plan, workers: int = 1, client=None, chunk: int | None = None):
        self.plan = plan
        self.workers = workers
        self.client = client
        self.chunk = chunk
        self.pool = None
        self.shared = None
        if client is not None:
            self.workers = max(1, len(client.scheduler_info().get("workers", {})))
            self.shared = client.scatter(plan, broadcast=True)
        elif workers > 1:
            ctx = multiprocessing.get_context("spawn" if _threads_started() else None)
            gc.freeze()  # see ``run``: forked workers leave the parent's heap unwritten
            self.pool = ctx.Pool(workers, _init_plan, (plan,))
        self.window = 4 * self.workers

    def close(self) -> None:
        if self.pool is not None:
            self.pool.terminate()
            self.pool.join()
            self.pool = None
            gc.unfreeze()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def results(self, start: int, stop: int):
        """(start, stop, result of ``play_part``) for each range, in index order."""
        from collections import deque

        parts = ranges(start, stop, self.workers, self.chunk)
        if self.pool is None and self.client is None:
            for a, b in parts:
                yield a, b, play_part(self.plan, a, b)
            return
        pending: deque = deque()
        for a, b in parts:
            pending.append((a, b, self._submit(a, b)))
            if len(pending) >= self.window:
                yield self._take(*pending.popleft())
        while pending:
            yield self._take(*pending.popleft())

    def _submit(self, a: int, b: int):
        if self.pool is not None:
            return self.pool.apply_async(_part, ((a, b),))
        assert self.client is not None
        return self.client.submit(play_part, self.shared, a, b, pure=False)

    def _take(self, a: int, b: int, handle):
        return a, b, (handle.get() if self.pool is not None else handle.result())

    def tally(self, start: int, stop: int, total=None, progress: Progress | None = None,
              sink: Callable | None = None):
        """Play and tally games ``start``..``stop - 1``, adding them to ``total`` (a new
        ``tally.Paired``, one tally per variant, if None); ``sink(packed, where)`` gets each
        chunk's games in order when the plan keeps records."""
        if total is None:
            total = self.plan.new_tally()
        for a, b, (tally, packed, where) in self.results(start, stop):
            total.merge(tally)
            if sink is not None and packed is not None:
                sink(packed, where)
            if progress:
                progress(b - a)
        return total


def fingerprint() -> str:
    """This installation's ``dominoboard`` version and a digest of the code a simulation runs
    (the rules core and the simulator): two machines with the same fingerprint play the same
    games from the same seed."""
    import hashlib
    from importlib import metadata
    from pathlib import Path

    import domino

    from .. import sim

    try:
        version = metadata.version("dominoboard")
    except metadata.PackageNotFoundError:
        version = "unknown"
    digest = hashlib.sha256()
    for package in (domino, sim):
        root = Path(str(package.__file__)).parent
        for path in sorted(root.glob("*.py")):
            digest.update(path.name.encode() + b"\0" + path.read_bytes())
    return f"{version} ({digest.hexdigest()[:12]})"


def check_workers(client, expected: str | None = None) -> dict:
    """Every worker's ``fingerprint()``; refuses (``CliError``, a message naming the
    workers and versions) when a worker runs other code than ``expected`` (this client's), or
    cannot import ``dominoboard`` at all, or there is no worker."""
    from ..errors import CliError

    expected = expected or fingerprint()
    try:
        seen = client.run(fingerprint)
    except Exception as e:  # a worker without dominoboard cannot unpickle the function
        raise CliError(f"the Dask workers could not run dominoboard ({type(e).__name__}: {e}); "
                       f"install dominoboard {expected.split()[0]} on every worker") from None
    if not seen:
        raise CliError("the Dask cluster has no workers: start some with `dask worker "
                       "tcp://SCHEDULER:8786 --nthreads 1`")
    wrong = {w: v for w, v in seen.items() if v != expected}
    if wrong:
        listed = "; ".join(f"{w} runs {v}" for w, v in sorted(wrong.items()))
        raise CliError(f"the Dask workers must run this dominoboard, {expected}: {listed}. "
                       "Install the same version (and code) on every worker, then restart them")
    return seen
