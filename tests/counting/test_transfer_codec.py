"""Tests of how ensembles bring tilings back: two bits per cell, or labels in shared memory.

``_pack`` runs on a worker and ``_unpack`` on the client; here both run in this
process, so that every path (shared file, codes, a full file system, mixed
results) can be forced. The cluster tests check the same on real workers.
"""

import errno
import glob
import os

import numpy as np
import pytest
from helpers import placement_counts
from hypothesis import given, settings
from hypothesis import strategies as st

from dominotiling import Region, Tiling, random_tiling
from dominotiling._kernels.codec import add_placements, codes_shape, decode_tiling, encode_tiling
from dominotiling.aztec.shuffling import sample_aztec
from dominotiling.parallel import _wire as _transfer
from dominotiling.parallel import ensemble, sweep
from dominotiling.parallel._wire import _pack, _unpack


@st.composite
def partial_tilings(draw):
    """A region (any mask) and a partial tiling of it: dominoes laid greedily in a random order."""
    rows, cols = draw(st.integers(1, 7)), draw(st.integers(1, 9))
    cells = draw(st.lists(st.booleans(), min_size=rows * cols, max_size=rows * cols))
    mask = np.array(cells, bool).reshape(rows, cols)
    if not mask.any():
        mask[draw(st.integers(0, rows - 1)), draw(st.integers(0, cols - 1))] = True
    region = Region(mask)
    rng = np.random.default_rng(draw(st.integers(0, 2**32 - 1)))
    free = mask.copy()
    pairs = []
    for r, c in rng.permutation(np.argwhere(mask)):
        for dr, dc in rng.permutation([(0, 1), (1, 0), (0, -1), (-1, 0)]):
            r2, c2 = r + dr, c + dc
            if (
                free[r, c]
                and 0 <= r2 < rows
                and 0 <= c2 < cols
                and free[r2, c2]
                and rng.random() < 0.8
            ):
                free[r, c] = free[r2, c2] = False
                pairs.append(((int(r), int(c)), (int(r2), int(c2))))
    return Tiling.from_dominoes(region, pairs)


@settings(max_examples=200, deadline=None)
@given(partial_tilings())
def test_codes_round_trip_any_partial_tiling(t):
    codes = np.empty(codes_shape(t.labels.shape), np.uint8)
    encode_tiling(t.labels, codes)
    assert codes.nbytes == t.labels.shape[0] * -(-t.labels.shape[1] // 4)
    labels = np.full(t.labels.shape, 99, np.int32)
    assert decode_tiling(codes, t.region.mask, labels) == t.n_dominoes
    assert np.array_equal(labels, t.labels)


@settings(max_examples=100, deadline=None)
@given(partial_tilings())
def test_placement_indicators_from_the_dominoes(t):
    rows, cols = t.labels.shape
    h = np.zeros((rows, cols - 1), np.int64)
    v = np.zeros((rows - 1, cols), np.int64)
    add_placements(t.labels, h, v)
    add_placements(t.labels, h, v)
    want_h, want_v = placement_counts([t, t], (rows, cols))
    assert np.array_equal(h, want_h) and np.array_equal(v, want_v)


AZTEC = [sample_aztec(6, seed=s) for s in range(5)]


def _no_files(dropbox):
    return os.listdir(dropbox) == []


def test_shared_labels_are_mapped_not_copied(tmp_path):
    packed = _pack(iter(AZTEC), str(tmp_path))
    assert packed[0] == "shared" and packed[3] == 5
    assert os.path.getsize(packed[2]) == 5 * AZTEC[0].labels.nbytes
    got = _unpack(packed, {})
    assert got == AZTEC and _no_files(tmp_path)  # unlinked once mapped
    assert all(not t.labels.flags.writeable for t in got)
    assert all(t.region is got[0].region for t in got)
    # one mapping per chunk: the five label arrays lie back to back in one buffer
    start, size = got[0].labels.ctypes.data, got[0].labels.nbytes
    assert [t.labels.ctypes.data - start for t in got] == [i * size for i in range(5)]


def test_without_the_dropbox_tilings_travel_as_codes(tmp_path):
    for dropbox in (None, str(tmp_path / "on another machine")):
        packed = _pack(iter(AZTEC), dropbox)
        assert packed[0] == "tilings"
        assert packed[2].dtype == np.uint8 and packed[2].shape == (5, 12, 3)
        assert _unpack(packed, {}) == AZTEC


def test_a_full_shared_memory_falls_back_to_codes(tmp_path, monkeypatch):
    real_write, calls = os.write, []

    def write(fd, data):
        calls.append(fd)
        if len(calls) > 2:  # the third tiling does not fit
            raise OSError(errno.ENOSPC, "No space left on device")
        return real_write(fd, data)

    monkeypatch.setattr(_transfer.os, "write", write)
    packed = _pack(iter(AZTEC), str(tmp_path))
    monkeypatch.undo()
    assert packed[0] == "tilings" and _no_files(tmp_path)
    assert _unpack(packed, {}) == AZTEC


@pytest.mark.parametrize("shared", [False, True])
def test_mixed_results_go_back_as_objects(tmp_path, shared):
    dropbox = str(tmp_path) if shared else None
    other = random_tiling(Region.rectangle(2, 2), seed=1)
    for results in (AZTEC[:3] + ["not a tiling"] + AZTEC[3:], AZTEC[:2] + [other], [], ["x"]):
        packed = _pack(iter(results), dropbox)
        assert packed[0] == "objects" and packed[1] == results
        assert dropbox is None or _no_files(tmp_path)


def test_a_failing_sampler_leaves_no_file(tmp_path):
    def results():
        yield AZTEC[0]
        raise ZeroDivisionError

    with pytest.raises(ZeroDivisionError):
        _pack(results(), str(tmp_path))
    assert _no_files(tmp_path)


def _dropboxes():
    # this process's own (other test processes may be making theirs meanwhile)
    return set(glob.glob(os.path.join(_transfer.SHARED_MEMORY, _transfer._owner_prefix() + "*")))


def test_cluster_results_by_either_path_equal_the_serial_loop(client, monkeypatch, tmp_path):
    mapped = []
    real_map = _transfer._map_shared
    monkeypatch.setattr(_transfer, "_map_shared", lambda *a: mapped.append(a) or real_map(*a))
    before = _dropboxes()
    want = [sample_aztec(7, seed=s) for s in range(9)]
    assert ensemble(sample_aztec, range(9), client=client, chunk_size=4, n=7) == want
    assert _dropboxes() == before  # the call's shared directory is gone
    if os.path.isdir(_transfer.SHARED_MEMORY):  # one file for each worker that took any seeds
        assert 1 <= len(mapped) <= 2 and sum(shape[0] for _, shape in mapped) == 9
    else:
        assert mapped == []
    missing = tmp_path / "no-shared-memory"  # as on a machine without /dev/shm: made absent here
    assert not missing.exists()
    monkeypatch.setattr(_transfer, "SHARED_MEMORY", str(missing))
    mapped.clear()
    assert ensemble(sample_aztec, range(9), client=client, chunk_size=4, n=7) == want
    assert mapped == []
    assert ensemble(sample_aztec, [], client=client, n=7) == []
    assert sweep(sample_aztec, {"n": [2, 3], "seed": [0]}, client=client) == [
        ({"n": n, "seed": 0}, sample_aztec(n, seed=0)) for n in (2, 3)
    ]


def test_a_failing_task_leaves_no_shared_directory(client):
    before = _dropboxes()
    with pytest.raises(ValueError):
        ensemble(sample_aztec, [1, 2, 3], client=client, chunk_size=1, n=-1)
    assert _dropboxes() == before
