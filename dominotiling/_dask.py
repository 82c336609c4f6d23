"""Private machinery of :mod:`dominotiling.parallel`: the cluster, chunks, compact transfer.

Everything that touches Dask lives here and imports it lazily, so the library
works without it; the public functions are in ``parallel.py``.
"""

from __future__ import annotations

import contextlib
import math
import mmap
import os
import shutil
import tempfile
import uuid

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
    Start it under ``if __name__ == "__main__":`` in a script. Three of Dask's
    defaults are changed for this cluster only:

    - ``MALLOC_TRIM_THRESHOLD_=65536`` for workers is left unset: it turns off
      glibc's adaptive mmap threshold, so that every large array is a fresh
      ``mmap`` and the samplers, which allocate many, run about twice as slowly.
      (Dask's nannies write it into ``os.environ`` for good; while this
      cluster's workers start, the variable is taken out, and put back after.)
    - the workers' statistical profiler (a thread sampling every stack 100 times
      a second, for a dashboard this cluster does not have) is off;
    - every event loop checks that it is responsive 10 times a second instead of
      50 (``admin.tick.interval: 100ms``), which halves the CPU time that an
      idle cluster takes from the cores its workers share.

    The scheduler keeps its default of two tasks on each single-threaded worker
    (one running, the next one waiting there), so a worker never idles for a
    round trip between chunks, and the chunks not yet handed out go to whichever
    worker is free first.

    Returns
    -------
    distributed.LocalCluster
        Use it as a context manager, or close it when done; connect with
        ``distributed.Client(cluster)``.
    """
    distributed = _distributed()
    import dask

    n = _usable_cores() if n_workers is None else int(n_workers)
    with _without_env("MALLOC_TRIM_THRESHOLD_"), dask.config.set({
        "distributed.nanny.pre-spawn-environ.MALLOC_TRIM_THRESHOLD_": None,
        "distributed.worker.profile.enabled": False,
        "distributed.admin.tick.interval": "100ms",
    }):
        return distributed.LocalCluster(
            n_workers=n, threads_per_worker=1, processes=True, dashboard_address=None,
            host="127.0.0.1", env={"NUMBA_NUM_THREADS": "1"},
            # no dashboard; the scheduler's small HTTP server on any free loopback port
            scheduler_kwargs={"dashboard": False, "dashboard_address": "127.0.0.1:0"},
        )


@contextlib.contextmanager
def _without_env(name):
    """``os.environ`` without `name` inside the block (for processes started there)."""
    saved = os.environ.pop(name, None)
    try:
        yield
    finally:
        if saved is not None:
            os.environ[name] = saved


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


#: Default chunks hold at most this many items.
_MAX_CHUNK = 256


def _chunks(items, parts, chunk_size):
    """`items` cut into chunks: by default one per worker, more if they would be over ``_MAX_CHUNK``.

    Each task costs a few round trips through the scheduler (measured: 5 to 20 ms
    on a busy 2-core machine), so a short ensemble runs fastest as one even
    share per worker; a long one is cut into chunks of at most ``_MAX_CHUNK``
    items, the same number for every worker, and the scheduler hands the later
    ones to whichever worker is free first.
    """
    if chunk_size is None:  # every worker the same number of chunks, of sizes differing by one
        tasks = min(len(items), parts * math.ceil(len(items) / (parts * _MAX_CHUNK)))
        if not tasks:
            return []
        bounds = [len(items) * i // tasks for i in range(tasks + 1)]
        return [items[a:b] for a, b in zip(bounds, bounds[1:])]
    if int(chunk_size) < 1:
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


def _each(client, task, items, payload, progress, desc, chunk_size=None, **extra):
    """Run ``task(chunk, payload, **extra)`` over chunks of `items`; yield ``(index, result)`` as done.

    On a cluster a large payload is sent once (scattered), and each result is
    handed over as soon as it arrives, then forgotten, so reductions hold one at a time.
    """
    from tqdm import tqdm

    parts = 1 if client is None else _n_workers(client)
    chunks = _chunks(list(items), parts, chunk_size)
    with tqdm(total=len(items), desc=desc, delay=2, disable=not progress, leave=False) as bar:
        if client is None:
            for i, chunk in enumerate(chunks):
                yield i, task(chunk, payload, **extra)
                bar.update(len(chunk))
            return
        distributed = _distributed()
        if _nbytes(payload) > _SCATTER_BYTES:  # send it to each worker once, not per task
            payload = client.scatter([payload], hash=False)[0]
        futures = client.map(task, chunks, payload=payload, pure=False, **extra)
        index = {f.key: i for i, f in enumerate(futures)}
        done = distributed.as_completed(futures, with_results=True)
        del futures
        for future, result in done:
            i = index[future.key]
            yield i, result
            bar.update(len(chunks[i]))
            del future, result


# ------------------------------------------------------------ compact transfer
#: Where a client and the workers on its own machine hand over results (Linux).
SHARED_MEMORY = "/dev/shm"


@contextlib.contextmanager
def _dropbox(client):
    """A new private directory in shared memory for one call's results, removed afterwards.

    Yields None when running serially or where there is no writable
    :data:`SHARED_MEMORY`. Its random name is also how a worker learns that it
    runs on the client's machine: a worker elsewhere does not see it.
    """
    path = None
    if client is not None and os.path.isdir(SHARED_MEMORY) and os.access(SHARED_MEMORY, os.W_OK):
        with contextlib.suppress(OSError):
            path = tempfile.mkdtemp(prefix="dominotiling-", dir=SHARED_MEMORY)
    try:
        yield path
    finally:
        if path is not None:  # also what tasks wrote and nobody collected
            shutil.rmtree(path, ignore_errors=True)


class _SharedLabels:
    """Label arrays appended to a new file in the client's dropbox, with plain writes."""

    def __init__(self, dropbox):
        self.path = os.path.join(dropbox, uuid.uuid4().hex)
        self.fd = os.open(self.path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        self.count = 0

    def append(self, labels):
        """Write one int32 label array; False (and nothing counted) when the file system refuses."""
        view = memoryview(np.ascontiguousarray(labels, np.int32)).cast("B")
        try:
            while view:
                view = view[os.write(self.fd, view):]
        except OSError:  # full (a small /dev/shm), or gone
            return False
        self.count += 1
        return True

    def take_back(self, shape):
        """The arrays written so far, read back; the file is removed."""
        labels = np.fromfile(self.path, np.int32, self.count * shape[0] * shape[1])
        self.discard()
        return labels.reshape((self.count,) + shape)

    def discard(self):
        os.close(self.fd)
        os.unlink(self.path)


def _pack(results, dropbox=None):
    """A chunk's results for the trip back to the client, packed as they come.

    Tilings of one region travel without a Python object per tiling or per cell,
    in one of two forms:

    - ``("shared", region, path, k)``: when the worker sees the client's `dropbox`
      (it runs on the client's machine), the int32 labels are appended to a file
      in shared memory, which the client maps without copying or decoding;
    - ``("tilings", region, codes)``: otherwise two bits per cell (see
      ``_kernels/codec.py``), 16 times smaller than the labels, which the client
      decodes.

    Anything else (or tilings of different regions) travels as ``("objects", results)``.
    The task holds one tiling at a time, not its whole chunk.
    """
    region, codes, shared, objects = None, [], None, None
    if dropbox is not None and os.path.isdir(dropbox):
        with contextlib.suppress(OSError):
            shared = _SharedLabels(dropbox)
    try:
        for t in results:
            if objects is None and type(t) is Tiling and (
                region is None or t.region is region or t.region == region
            ):
                region = t.region
                if shared is not None and not shared.append(t.labels):  # full: codes from here on
                    codes = [_encode(lab) for lab in shared.take_back(region.shape)]
                    shared = None
                if shared is None:
                    codes.append(_encode(t.labels))
                continue
            if objects is None:  # not a tiling of the first region: all go as objects
                objects, shared = _as_objects(region, shared, codes), None
            objects.append(t)
        if objects is None and region is None:  # an empty chunk
            objects, shared = _as_objects(region, shared, codes), None
    except BaseException:
        if shared is not None:
            shared.discard()
        raise
    if objects is not None:
        return ("objects", objects)
    if shared is not None:
        os.close(shared.fd)
        return ("shared", region, shared.path, shared.count)
    return ("tilings", region, np.stack(codes))


def _as_objects(region, shared, codes):
    """The tilings packed so far, as Tiling objects (the shared file, if any, is removed)."""
    if shared is not None:
        if region is None:
            shared.discard()
            return []
        return [Tiling._trusted(region, lab) for lab in shared.take_back(region.shape)]
    return [] if region is None else _decode(region, codes)


def _encode(labels):
    from ._kernels.codec import codes_shape, encode_tiling

    codes = np.empty(codes_shape(labels.shape), np.uint8)
    encode_tiling(labels, codes)
    return codes


def _map_shared(path, shape):
    """The int32 array of `shape` in the file `path`, mapped read-only; the file is unlinked."""
    fd = os.open(path, os.O_RDONLY)
    try:
        size = os.fstat(fd).st_size
        expected = 4 * math.prod(shape)
        if size != expected:
            raise RuntimeError(f"internal error: {path} holds {size} bytes, not {expected}")
        buffer = mmap.mmap(fd, size, access=mmap.ACCESS_READ)
    finally:
        os.close(fd)
        os.unlink(path)
    return np.frombuffer(buffer, np.int32).reshape(shape)


def _decode(region, codes):
    """Tilings of `region` from their codes, each with labels of its own."""
    from ._kernels.codec import decode_tiling

    out = []
    for row in codes:
        labels = np.empty(region.shape, np.int32)
        decode_tiling(row, region.mask, labels)
        out.append(Tiling._trusted(region, labels))
    return out


def _unpack(packed, regions):
    """The results of one chunk; tilings share one Region object per region."""
    if packed[0] == "objects":
        return packed[1]
    region = regions.setdefault(packed[1], packed[1])
    if packed[0] == "shared":
        _, _, path, k = packed
        return [Tiling._trusted(region, lab) for lab in _map_shared(path, (k,) + region.shape)]
    return _decode(region, packed[2])
