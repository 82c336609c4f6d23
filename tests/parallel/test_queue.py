"""Tests of the shared queue that hands out an ensemble's items to workers on the client's machine.

``_from_queue`` is run here with thread pools and hand-made futures, so that
slow, absent and dead workers can be staged; the cluster tests check the same
path on real worker processes, and the chunks it falls back to.
"""

import os
import threading
import time
from concurrent.futures import Future, ThreadPoolExecutor

import numpy as np
import pytest
from helpers import placement_counts

from dominotiling import Region, random_tiling
from dominotiling.aztec.shuffling import sample_aztec
from dominotiling.parallel import (
    _ensemble_task,
    _placement_task,
    _scheduling,
    _wire,
    ensemble,
    placement_frequencies,
)
from dominotiling.parallel._scheduling import _MAX_CHUNK, _Bar, _blocks, _from_queue
from dominotiling.parallel._wire import _in_order


def _square(seeds, payload, dropbox):
    """A task: ``("objects", [payload * s for s in its seeds])``, with the thread that ran it."""
    return "objects", [(payload * s, threading.get_ident()) for s in seeds]


class _Counter:
    def __init__(self):
        self.n = 0

    def update(self, n):
        self.n += n


@pytest.mark.parametrize(
    "n, parts", [(200, 2), (1, 2), (7, 3), (5000, 2), (3, 1), (2 * _MAX_CHUNK + 5, 1)]
)
def test_guided_blocks_cover_everything_and_shrink(n, parts):
    bounds = _blocks(n, parts, None)
    assert bounds[0] == 0 and bounds[-1] == n
    sizes = np.diff(bounds)
    assert (sizes >= 1).all() and (sizes <= _MAX_CHUNK).all()
    assert (np.diff(sizes) <= 0).all()  # never growing: the last blocks are the smallest
    assert sizes[-1] == 1  # workers finish within one item of each other
    if n >= 4 * parts:  # the first block: a 2 * parts-th of everything (capped)
        assert sizes[0] == min(_MAX_CHUNK, n // (2 * parts))


def test_fixed_blocks():
    assert _blocks(10, 2, 4) == [0, 4, 8, 10]
    assert _blocks(0, 2, None) == [0]
    with pytest.raises(ValueError, match="chunk_size"):
        _blocks(10, 2, 0)


def _on(pool, stage):
    """A ``submit`` for ``_from_queue`` on a thread pool, where ``stage(tid, run)`` makes each task's future."""

    def submit(fn, tid, *args):
        return stage(tid, lambda: fn(tid, *args))

    return submit


def _queue(tmp_path, submit, items, parts=2, chunk_size=None, bar=None, task=_square, payload=3):
    """Run ``_from_queue``; return its pieces and the positions it left."""
    bounds = _blocks(len(items), parts, chunk_size)
    gen = _from_queue(submit, task, items, payload, str(tmp_path), bounds, parts, bar or _Bar())
    pieces = []
    while True:
        try:
            pieces.append(next(gen))
        except StopIteration as stop:
            return pieces, stop.value


def test_every_item_once_in_order_on_threads(tmp_path):
    items = list(range(100, 0, -1))
    bar = _Counter()
    with ThreadPoolExecutor(3) as pool:
        pieces, left = _queue(tmp_path, pool.submit, items, parts=3, bar=bar)
    assert left == []
    positions = sorted(i for p, _ in pieces for i in p)
    assert positions == list(range(100))  # each item exactly once
    values = _in_order(pieces, len(items))
    assert [v for v, _ in values] == [3 * s for s in items]
    assert bar.n == 100  # a post for every block done
    names = {n for n in os.listdir(tmp_path) if not n.startswith("reply-")}  # (a task that took
    assert names == {"posts"} | {  # nothing may reply after the end) every block claimed once
        f"block-{b}" for b in range(len(_blocks(100, 3, None)) - 1)
    }


def test_a_slow_worker_takes_less(tmp_path):
    """Two tasks, one of which starts late: the other takes what is there meanwhile."""
    items = list(range(60))
    gate = threading.Event()
    with ThreadPoolExecutor(2) as pool:

        def stage(tid, run):
            if tid == 1:
                return pool.submit(lambda: gate.wait(5) and run())
            future = pool.submit(run)
            future.add_done_callback(lambda f: gate.set())
            return future

        pieces, left = _queue(tmp_path, _on(pool, stage), items)
    assert left == [] and sorted(i for p, _ in pieces for i in p) == items
    assert len(pieces) == 1  # the late task found every block taken


def test_a_task_that_never_starts_is_not_waited_for(tmp_path):
    items = list(range(20))
    with ThreadPoolExecutor(1) as pool:

        def stage(tid, run):
            return pool.submit(run) if tid == 0 else Future()  # never runs

        pieces, left = _queue(tmp_path, _on(pool, stage), items)
    assert left == [] and [v for v, _ in _in_order(pieces, 20)] == [3 * s for s in items]


def test_what_no_task_took_is_left_to_the_caller(tmp_path):
    items = list(range(30))
    bounds = _blocks(30, 2, None)
    os.mkdir(tmp_path / "block-1")  # taken by a worker that died before replying
    with ThreadPoolExecutor(2) as pool:
        pieces, left = _queue(tmp_path, pool.submit, items)
    assert left == list(range(bounds[1], bounds[2]))
    assert sorted(i for p, _ in pieces for i in p) == sorted(set(items) - set(left))


def test_workers_elsewhere_take_nothing(tmp_path):
    elsewhere = str(tmp_path / "on another machine")
    with ThreadPoolExecutor(2) as pool:

        def submit(fn, tid, *args):
            return pool.submit(fn, tid, *args[:-1], elsewhere)  # the last: the dropbox

        pieces, left = _queue(tmp_path, submit, list(range(9)))
    assert pieces == [] and left == list(range(9))


def test_replies_come_through_the_future_when_they_cannot_be_posted(tmp_path, monkeypatch):
    real_open = open

    def no_reply_file(path, mode="r", *args, **kwargs):
        if os.path.basename(str(path)).startswith("reply-") and "w" in mode:
            raise OSError(28, "No space left on device")
        return real_open(path, mode, *args, **kwargs)

    monkeypatch.setattr("builtins.open", no_reply_file)
    with ThreadPoolExecutor(2) as pool:
        pieces, left = _queue(tmp_path, pool.submit, list(range(25)))
    monkeypatch.undo()
    assert left == [] and [v for v, _ in _in_order(pieces, 25)] == [3 * s for s in range(25)]
    assert not any(name.startswith("reply-") for name in os.listdir(tmp_path))


def test_a_late_task_writes_nothing(tmp_path):
    """A task that starts when every block is taken leaves no file: the client may be done."""
    bounds = _blocks(10, 2, None)
    for b in range(len(bounds) - 1):
        os.mkdir(tmp_path / f"block-{b}")
    before = sorted(os.listdir(tmp_path))
    reply = _scheduling._queue_task(
        1, _ensemble_task, list(range(10)), bounds, (sample_aztec, {"n": 3}), str(tmp_path)
    )
    assert reply == (1, [], ("objects", []))
    assert sorted(os.listdir(tmp_path)) == before


def _fails_at_7(seeds, payload, dropbox):
    return "objects", [1 // (s - 7) for s in seeds]


def test_an_error_in_a_task_reaches_the_caller(tmp_path):
    with ThreadPoolExecutor(2) as pool, pytest.raises(ZeroDivisionError):
        _queue(tmp_path, pool.submit, list(range(20)), task=_fails_at_7)


def _fails_at_0_else_slow(seeds, payload, dropbox):
    out = []
    for s in seeds:
        if s == 0:
            raise ZeroDivisionError
        time.sleep(0.002)
        out.append(s)
    return "objects", out


def test_a_failed_call_leaves_no_directory_though_a_task_runs_on(tmp_path, monkeypatch):
    monkeypatch.setattr(_wire, "SHARED_MEMORY", str(tmp_path))
    items = list(range(300))
    with ThreadPoolExecutor(2) as pool:
        with pytest.raises(ZeroDivisionError), _wire._dropbox(pool) as dropbox:
            bounds = _blocks(len(items), 2, None)
            for _ in _from_queue(
                pool.submit, _fails_at_0_else_slow, items, None, dropbox, bounds, 2, _Bar()
            ):
                pass
        # the other task is still taking blocks here; it stops when it finds the directory gone
    assert os.listdir(tmp_path) == []


def test_tilings_through_the_queue_are_the_serial_ones(tmp_path):
    want = [sample_aztec(6, seed=s) for s in range(11)]
    with ThreadPoolExecutor(2) as pool:
        pieces, left = _queue(
            tmp_path,
            pool.submit,
            list(range(11)),
            task=_ensemble_task,
            payload=(sample_aztec, {"n": 6}),
        )
    assert left == [] and _in_order(pieces, 11) == want
    assert all(p[1][0] == "shared" for p in pieces)  # labels in shared memory, not pickled


# ------------------------------------------------------------ on the cluster
def _dropboxes():
    import glob

    # this process's own (other test processes may be making theirs meanwhile)
    return set(glob.glob(os.path.join(_wire.SHARED_MEMORY, _wire._owner_prefix() + "*")))


def test_cluster_queue_and_its_fallback_equal_the_serial_loop(client, monkeypatch):
    want = [sample_aztec(7, seed=s) for s in range(23)]
    calls = []
    real_queue = _scheduling._from_queue

    def staged(submit, task, items, payload, dropbox, bounds, parts, bar):
        calls.append(len(bounds) - 1)
        os.mkdir(os.path.join(dropbox, "block-0"))  # as if a worker died holding block 0
        return real_queue(submit, task, items, payload, dropbox, bounds, parts, bar)

    monkeypatch.setattr(_scheduling, "_from_queue", staged)
    before = _dropboxes()
    assert ensemble(sample_aztec, range(23), client=client, n=7) == want
    shm = os.path.isdir(_wire.SHARED_MEMORY)
    assert calls == ([len(_blocks(23, 2, None)) - 1] if shm else [])  # the queue ran
    assert _dropboxes() == before  # and left nothing behind
    calls.clear()
    got = placement_frequencies(sample_aztec, range(23), client=client, n=7)
    serial = placement_frequencies(sample_aztec, range(23), n=7)
    assert calls == ([len(_blocks(23, 2, None)) - 1] if shm else [])
    for a, b in zip(got, serial):
        assert np.array_equal(a, b, equal_nan=True)


def test_cluster_without_loopback_workers_uses_chunks(client, monkeypatch):
    monkeypatch.setattr(_scheduling, "_from_queue", None)  # would fail if called
    monkeypatch.setattr(_scheduling, "_on_loopback", lambda address: False)
    r = Region.rectangle(4, 5)
    assert ensemble(random_tiling, range(9), client=client, region=r) == [
        random_tiling(r, seed=s) for s in range(9)
    ]


def test_placement_counts_widen_past_255_samples():
    region = Region.rectangle(2, 3)
    region, h, v, n = _placement_task(range(300), (random_tiling, {"region": region}), None)
    assert n == 300 and h.dtype == np.uint16 and v.dtype == np.uint16
    want_h, want_v = placement_counts((random_tiling(region, seed=s) for s in range(300)), (2, 3))
    assert np.array_equal(h, want_h) and np.array_equal(v, want_v)
    assert h.sum() + v.sum() == 300 * 3  # three dominoes a tiling


def _plus_one(seed):
    return seed + 1


def test_cluster_queue_of_many_seeds(client):
    seeds = list(range(9000, 0, -1))  # over _SCATTER_ITEMS: sent to each worker once
    assert len(seeds) > _scheduling._SCATTER_ITEMS
    assert ensemble(_plus_one, seeds, client=client) == [s + 1 for s in seeds]
