"""Private machinery of :mod:`dominotiling.parallel`: the cluster, chunks, compact transfer.

Everything that touches Dask lives here and imports it lazily, so the library
works without it; the public functions are in ``parallel.py``.
"""

from __future__ import annotations

import contextlib
import math
import os

import numpy as np

from .region import Region
from .tiling import Tiling

#: How to install what a cluster needs.
INSTALL_HINT = 'pip install "dominotiling[dist]"'


# ------------------------------------------------------------------ the cluster
def _distributed():
    """The ``distributed`` module, or an ImportError that says how to install it."""
    try:
        import distributed
    except ImportError as err:
        raise ImportError(
            "running on a Dask cluster needs dask.distributed, which is not installed: "
            f"{INSTALL_HINT} (or conda install -c conda-forge dask distributed); "
            "client=None runs the same work serially without it"
        ) from err
    return distributed


def _usable_cores():
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not Linux
        return os.cpu_count() or 1


def local_cluster(n_workers=None):
    """A :class:`distributed.LocalCluster` set up for this library's work (what ``client="local"`` uses).

    One worker process per usable core (or `n_workers`), one thread each (numba
    too: ``NUMBA_NUM_THREADS=1``), no dashboard, listening on loopback only.
    Start it under ``if __name__ == "__main__":`` in a script.
    Dask's default ``MALLOC_TRIM_THRESHOLD_=65536`` for workers is left unset:
    it turns off glibc's adaptive mmap threshold, so that every large array is a
    fresh ``mmap`` and the samplers, which allocate many, run about twice as slowly.

    Returns
    -------
    distributed.LocalCluster
        Use it as a context manager, or close it when done; connect with
        ``distributed.Client(cluster)``.
    """
    distributed = _distributed()
    import dask

    n = _usable_cores() if n_workers is None else int(n_workers)
    with dask.config.set({"distributed.nanny.pre-spawn-environ.MALLOC_TRIM_THRESHOLD_": None}):
        return distributed.LocalCluster(
            n_workers=n, threads_per_worker=1, processes=True, dashboard_address=None,
            host="127.0.0.1", env={"NUMBA_NUM_THREADS": "1"},
            # no dashboard; the scheduler's small HTTP server on any free loopback port
            scheduler_kwargs={"dashboard": False, "dashboard_address": "127.0.0.1:0"},
        )


@contextlib.contextmanager
def _connect(client):
    """Yield a Client for `client` (None stays None); close what was opened here."""
    if client is None:
        yield None
        return
    distributed = _distributed()
    if isinstance(client, distributed.Client):
        yield client
    elif isinstance(client, str) and client == "local":
        with local_cluster() as cluster, distributed.Client(cluster) as owned:
            yield owned
    elif isinstance(client, str):
        with distributed.Client(client) as owned:
            yield owned
    else:
        raise TypeError(
            "client must be None (serial), 'local' (a LocalCluster on this machine), a "
            f"scheduler address or a distributed.Client, got {type(client).__name__}"
        )


def _n_workers(client):
    return max(1, sum(client.nthreads().values()))


def _chunks(items, parts, chunk_size):
    if chunk_size is None:
        chunk_size = max(1, min(64, math.ceil(len(items) / (4 * parts))))
    elif int(chunk_size) < 1:
        raise ValueError(f"chunk_size must be a positive integer, got {chunk_size}")
    chunk_size = int(chunk_size)
    return [items[i : i + chunk_size] for i in range(0, len(items), chunk_size)]


#: Payloads larger than this are scattered once instead of sent with every task.
_SCATTER_BYTES = 1 << 20


def _nbytes(payload):
    """Bytes of the arrays in a (sampler, kwargs) payload: a cheap guess of its size."""
    values = list(payload[1].values()) if isinstance(payload, tuple) else []
    total = 0
    for v in values:
        if isinstance(v, Region):
            total += v.mask.nbytes
        elif isinstance(v, Tiling):
            total += v.labels.nbytes
        elif isinstance(v, np.ndarray):
            total += v.nbytes
    return total


def _each(client, task, items, payload, progress, desc, chunk_size=None):
    """Run ``task(chunk, payload)`` over chunks of `items`; yield ``(index, result)`` as done.

    On a cluster a large payload is sent once (scattered), and each result is
    handed over as soon as it arrives, then forgotten, so reductions hold one at a time.
    """
    from tqdm import tqdm

    parts = 1 if client is None else _n_workers(client)
    chunks = _chunks(list(items), parts, chunk_size)
    with tqdm(total=len(items), desc=desc, delay=2, disable=not progress, leave=False) as bar:
        if client is None:
            for i, chunk in enumerate(chunks):
                yield i, task(chunk, payload)
                bar.update(len(chunk))
            return
        distributed = _distributed()
        if _nbytes(payload) > _SCATTER_BYTES:  # send it to each worker once, not per task
            payload = client.scatter([payload], hash=False)[0]
        futures = client.map(task, chunks, payload=payload, pure=False)
        index = {f.key: i for i, f in enumerate(futures)}
        done = distributed.as_completed(futures, with_results=True)
        del futures
        for future, result in done:
            i = index[future.key]
            yield i, result
            bar.update(len(chunks[i]))
            del future, result


# ------------------------------------------------------------ compact transfer
def _pack(results):
    """Tilings of one region as ``("tilings", region, labels)``; anything else as it is.

    ``labels`` stacks the tilings' int32 label arrays, shape ``(k, rows, cols)``: one
    buffer per chunk, serialised without copying, and no Python object per tiling.
    """
    if results and all(type(t) is Tiling for t in results):
        region = results[0].region
        if all(t.region is region or t.region == region for t in results):
            return ("tilings", region, np.stack([t.labels for t in results]))
    return ("objects", results)


def _unpack(packed, regions):
    """The results of one chunk; tilings share one Region object per region."""
    if packed[0] == "objects":
        return packed[1]
    _, region, labels = packed
    region = regions.setdefault(region, region)
    labels.setflags(write=False)
    return [Tiling._trusted(region, lab) for lab in labels]
