"""Private: how the work of :mod:`dominotiling.parallel` is handed out to the workers.

Work is handed out in one of two ways:

- **a shared queue**, when every worker runs on the client's machine: one task
  per worker thread, and each task takes blocks of items from a queue in the
  call's private directory in shared memory until none are left, so the workers
  finish together however their speeds differ; each posts its result there and
  wakes the client through a pipe, without waiting for the scheduler's round
  trips;
- **chunks**, otherwise: the items cut into chunks up front, one task each,
  results through the scheduler.

The cluster itself is in ``_cluster.py``; how results travel back, and the
call's directory, in ``_wire.py``.
"""

from __future__ import annotations

import contextlib
import functools
import ipaddress
import math
import os
import pickle
import select
import struct

import numpy as np

from .. import _validate
from ..model.region import Region
from ..model.tiling import Tiling
from ._cluster import _distributed
from ._wire import _dropbox


def _on_loopback(address):
    """Whether a worker's address is on loopback, that is on the client's machine."""
    from distributed.comm import get_address_host

    host = get_address_host(address)
    try:
        return host == "localhost" or ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


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
    chunk_size = _validate.positive_int(chunk_size, "chunk_size")
    return [items[i : i + chunk_size] for i in range(0, len(items), chunk_size)]


def _blocks(n, parts, chunk_size):
    """Bounds of the blocks in which `parts` workers take `n` items from the shared queue.

    `chunk_size` items a block if given; by default guided self-scheduling [1]_:
    each block holds ``1 / (2 parts)`` of the items not yet in a block (at least
    one, at most ``_MAX_CHUNK``), so that the first blocks are large -- few
    claims -- and the last ones single items, and the workers finish within one
    item of each other.

    References
    ----------
    .. [1] C. D. Polychronopoulos, D. J. Kuck, "Guided self-scheduling: a practical
       scheduling scheme for parallel supercomputers", IEEE Trans. Comput. C-36
       (1987), 1425-1439.
    """
    if chunk_size is not None:
        size = _validate.positive_int(chunk_size, "chunk_size")
        return list(range(0, n, size)) + [n]
    bounds = [0]
    while bounds[-1] < n:
        rest = n - bounds[-1]
        bounds.append(bounds[-1] + min(_MAX_CHUNK, max(1, rest // (2 * parts))))
    return bounds


#: Payloads larger than this are scattered once instead of sent with every task.
_SCATTER_BYTES = 1 << 20
#: The shared queue's items are scattered once when there are more of them than this.
_SCATTER_ITEMS = 4096


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


class _Bar:
    """A progress bar that shows nothing."""

    def update(self, n):
        pass


def _each(client, task, items, payload, progress, desc, chunk_size=None):
    """Run ``task(some_items, payload, dropbox)`` over all of `items`; yield ``(positions, result)``.

    `positions` are the indices in `items` of what `result` covers, in the
    order the task met them; results are yielded as they arrive, then
    forgotten, so reductions hold one at a time. On a cluster a large payload is
    sent once (scattered). ``dropbox`` is the call's private directory in shared
    memory (None serially, or where there is none); a task may leave its
    results there (see ``_wire._pack``). Every worker on the client's
    machine: a shared queue (:func:`_from_queue`); otherwise, or for what the
    queue did not cover, chunks (:func:`_from_chunks`).
    """
    from tqdm import tqdm

    items = list(items)
    with tqdm(total=len(items), desc=desc, delay=2, disable=not progress, leave=False) as bar:
        if client is None:
            for chunk in _chunks(range(len(items)), 1, chunk_size):
                yield chunk, task([items[i] for i in chunk], payload, None)
                bar.update(len(chunk))
            return
        _distributed()
        workers = client.nthreads()  # {address: threads}, one round trip to the scheduler
        parts = max(1, sum(workers.values()))
        if _nbytes(payload) > _SCATTER_BYTES:  # send it to each worker once, not per task
            payload = client.scatter([payload], hash=False)[0]
        with _dropbox(client) as dropbox:
            left = range(len(items))
            if dropbox is not None and items and all(map(_on_loopback, workers)):
                bounds = _blocks(len(items), parts, chunk_size)
                shared = items  # every task gets all of them: a long list goes to each worker once
                if len(items) > _SCATTER_ITEMS and parts > 1:
                    shared = client.scatter([items], broadcast=True, hash=False)[0]
                left = yield from _from_queue(
                    functools.partial(client.submit, pure=False),
                    task,
                    shared,
                    payload,
                    dropbox,
                    bounds,
                    parts,
                    bar,
                )
            if left:
                yield from _from_chunks(
                    client, task, items, left, payload, dropbox, parts, chunk_size, bar
                )


def _from_chunks(client, task, items, positions, payload, dropbox, parts, chunk_size, bar):
    """`_each` by chunks of `positions` cut up front, one task each, results through the scheduler."""
    distributed = _distributed()
    chunks = _chunks(list(positions), parts, chunk_size)
    futures = client.map(
        task, [[items[i] for i in c] for c in chunks], payload=payload, dropbox=dropbox, pure=False
    )
    index = {f.key: i for i, f in enumerate(futures)}
    done = distributed.as_completed(futures, with_results=True)
    del futures
    for future, result in done:
        i = index[future.key]
        yield chunks[i], result
        bar.update(len(chunks[i]))
        del future, result


# ------------------------------------------------------------ the shared queue
#: A post in the call's pipe: a kind and a number.
_POST = struct.Struct("<ci")
#: Kinds of posts: a block done (the number: its items), a task's reply posted (its index).
_BLOCK_DONE, _REPLY = b"b", b"r"
#: Seconds the client waits on its pipe before it looks at the tasks' futures again.
_POLL = 0.01


def _from_queue(submit, task, items, payload, dropbox, bounds, parts, bar):
    """`_each` by a shared queue of blocks in `dropbox`; return the positions that no task took.

    ``submit(fn, *args)`` starts ``fn(*args)`` and returns its future (a Dask
    client's, or a :mod:`concurrent.futures` executor's). `parts` tasks of
    :func:`_queue_task` run; the call ends when every block has come back, or
    every task has (a task that cannot see `dropbox` takes nothing; a worker
    that died leaves its blocks untaken), and the caller runs what is left.
    Tasks still waiting to start when every block is back are dropped: they
    find the dropbox gone and end at once.
    """
    pipe = os.path.join(dropbox, "posts")
    os.mkfifo(pipe, 0o600)
    fd = os.open(pipe, os.O_RDWR | os.O_NONBLOCK)  # read and write: never at end-of-file
    try:
        futures = {
            tid: submit(_queue_task, tid, task, items, bounds, payload, dropbox)
            for tid in range(parts)
        }
        untaken = set(range(len(bounds) - 1))
        waiting = select.poll()
        waiting.register(fd, select.POLLIN)
        while untaken and futures:
            waiting.poll(1000 * _POLL)
            posted = _note_posts(fd, bar)
            for tid in [t for t, f in futures.items() if t in posted or f.done()]:
                future = futures.pop(tid)
                reply = _take_reply(dropbox, tid)
                if reply is None:  # not posted: it comes through the future (or its error does)
                    reply = future.result()
                if reply is None:
                    raise RuntimeError(f"internal error: task {tid} of the queue left no reply")
                _, taken, result = reply
                if taken:
                    untaken.difference_update(taken)
                    yield [i for b in taken for i in range(bounds[b], bounds[b + 1])], result
        _note_posts(fd, bar)  # the last blocks' progress, if a future beat its posts
        return [i for b in sorted(untaken) for i in range(bounds[b], bounds[b + 1])]
    finally:
        os.close(fd)


def _note_posts(fd, bar):
    """Read the posts waiting in the pipe `fd`: advance `bar` by the blocks done; return the
    tasks whose replies were posted."""
    data = b""
    while True:
        try:
            chunk = os.read(fd, 256 * _POST.size)  # posts are written whole: reads stay aligned
        except BlockingIOError:
            break
        data += chunk
        if len(chunk) < 256 * _POST.size:
            break
    posted = set()
    for kind, number in _POST.iter_unpack(data):
        if kind == _BLOCK_DONE:
            bar.update(number)
        else:
            posted.add(number)
    return posted


def _reply_path(dropbox, tid):
    return os.path.join(dropbox, f"reply-{tid}")


def _take_reply(dropbox, tid):
    """The reply task `tid` posted in `dropbox`, or None; the file is removed."""
    path = _reply_path(dropbox, tid)
    try:
        with open(path, "rb") as f:
            reply = pickle.load(f)
    except FileNotFoundError:
        return None
    os.unlink(path)
    return reply


class _Claims:
    """The items one task takes from the shared queue, a block at a time, as it is iterated.

    A task takes block ``b`` by creating the directory ``block-b`` in the
    dropbox: ``mkdir`` either creates it or fails, atomically, so every block
    goes to exactly one task. Iteration ends when the blocks run out, or when
    the dropbox is gone (the call is over).
    """

    def __init__(self, items, bounds, dropbox, posts):
        self.items, self.bounds, self.dropbox, self.posts = items, bounds, dropbox, posts
        self.taken = []

    def __iter__(self):
        for b in range(len(self.bounds) - 1):
            try:
                os.mkdir(os.path.join(self.dropbox, f"block-{b}"))
            except FileExistsError:
                continue
            except OSError:
                return
            self.taken.append(b)
            lo, hi = self.bounds[b], self.bounds[b + 1]
            yield from self.items[lo:hi]
            self.posts.send(_BLOCK_DONE, hi - lo)


class _Posts:
    """A task's end of the client's pipe; sending is best effort (False if it did not go)."""

    def __init__(self, dropbox):
        try:  # no reader (the client is gone) or no pipe: nothing is sent
            self.fd = os.open(os.path.join(dropbox, "posts"), os.O_WRONLY | os.O_NONBLOCK)
        except OSError:
            self.fd = None

    def send(self, kind, number):
        if self.fd is None:
            return False
        try:  # one write of fewer than PIPE_BUF bytes: posts never interleave
            return os.write(self.fd, _POST.pack(kind, number)) == _POST.size
        except OSError:
            return False

    def close(self):
        if self.fd is not None:
            os.close(self.fd)


def _queue_task(tid, task, items, bounds, payload, dropbox):
    """On a worker: `task` over the blocks this task takes from the queue in `dropbox`.

    Returns the reply ``(tid, blocks taken, result)``, or None when it was
    posted: written to ``reply-<tid>`` in the dropbox, with a post that wakes the
    client. A worker that does not see the dropbox (another machine) takes nothing.
    A task that took nothing writes nothing there: the client may be done with
    the dropbox already.
    """
    if not os.path.isdir(dropbox):
        return tid, [], None
    posts = _Posts(dropbox)
    try:
        claims = _Claims(items, bounds, dropbox, posts)
        reply = (tid, claims.taken, task(claims, payload, dropbox))
        if not claims.taken:
            return reply
        path = _reply_path(dropbox, tid)
        try:
            with open(path + ".part", "wb") as f:
                pickle.dump(reply, f, protocol=pickle.HIGHEST_PROTOCOL)
            os.rename(path + ".part", path)  # whole, or not there
        except OSError:
            with contextlib.suppress(OSError):
                os.unlink(path + ".part")
            return reply
        posts.send(_REPLY, tid)
        return None
    finally:
        posts.close()
