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
        from .fast import play_fast_packed

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
