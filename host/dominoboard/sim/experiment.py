"""Run an experiment: many games, each dealt from its own seed (the experiment's seed and the
game's index), played in chunks by local worker processes or on a Dask cluster, and merged in
index order — so the same seed gives the same results for any number of workers."""

from __future__ import annotations

import gc
import multiprocessing
from collections.abc import Callable, Iterable

from .table import Setup, play_unit

Progress = Callable[[int], None]


def play_chunk(setup: Setup, seed, start: int, stop: int) -> list[dict]:
    """Games ``start``..``stop - 1``; the unit of work sent to a worker."""
    if setup.engine == "fast":
        from .fast import play_fast_unit

        return [play_fast_unit(setup, seed, i) for i in range(start, stop)]
    return [play_unit(setup, seed, i) for i in range(start, stop)]


def _chunk(args):
    return play_chunk(*args)


def chunks(units: int, workers: int, size: int | None = None) -> list[tuple[int, int]]:
    """Index ranges: small enough to balance the load and report progress, big enough that
    sending them costs little next to playing them."""
    if size is None:
        size = max(1, min(200, units // max(1, workers * 16)))
    return [(a, min(units, a + size)) for a in range(0, units, size)]


def run(setup: Setup, units: int, seed, workers: int = 1, progress: Progress | None = None,
        chunk: int | None = None) -> list[dict]:
    """Play ``units`` games; the records come back in index order."""
    parts = chunks(units, workers, chunk)
    out: list[dict] = []
    freeze = _Kept()
    try:
        if workers <= 1:
            for a, b in parts:
                out.extend(play_chunk(setup, seed, a, b))
                freeze.kept()
                if progress:
                    progress(b - a)
            return out
        ctx = multiprocessing.get_context("spawn" if _threads_started() else None)
        with ctx.Pool(workers) as pool:
            for recs in pool.imap(_chunk, [(setup, seed, a, b) for a, b in parts]):
                out.extend(recs)  # imap yields in submission order: index order
                freeze.kept()
                if progress:
                    progress(len(recs))
        return out
    finally:
        freeze.done()


class _Kept:
    """The records merged so far live until the run ends, so the cyclic garbage collector
    need not walk them again and again: after each chunk they are frozen (``gc.freeze``), and
    unfrozen at the end. On long runs those walks cost the merging process more than the games
    (and with two workers on two CPUs it competes with them). Skipped when the caller froze
    objects itself, whose freeze this must not undo."""

    def __init__(self):
        self.on = gc.isenabled() and gc.get_freeze_count() == 0

    def kept(self):
        if self.on:
            gc.freeze()

    def done(self):
        if self.on:
            gc.unfreeze()


def _threads_started() -> bool:
    import threading

    return threading.active_count() > 1  # forking a threaded process is unsafe


def run_dask(setup: Setup, units: int, seed, client, chunk: int | None = None,
             progress: Progress | None = None) -> list[dict]:
    """The same experiment on a Dask cluster (``dask.distributed.Client``): one task per chunk,
    gathered in index order."""
    from dask.distributed import as_completed  # pyright: ignore[reportMissingImports]

    workers = max(1, len(client.scheduler_info().get("workers", {})))
    parts = chunks(units, workers, chunk)
    futures = [client.submit(play_chunk, setup, seed, a, b, pure=False) for a, b in parts]
    if progress:
        for f in as_completed(futures):
            progress(len(f.result()))
    results = client.gather(futures)
    out: list[dict] = []
    for recs in results:  # gather keeps the order of the futures
        out.extend(recs)
    return out


def flatten(parts: Iterable[list[dict]]) -> list[dict]:
    return [r for part in parts for r in part]
