"""Private: how results come back from Dask workers -- labels in shared memory, or two bits per cell.

Used by :mod:`dominotiling._dask` (the scheduling) and so by
:mod:`dominotiling.parallel`; nothing here imports Dask. A worker packs a chunk's
results with :func:`_pack`, the client unpacks them with :func:`_unpack`.
"""

from __future__ import annotations

import contextlib
import math
import mmap
import os
import shutil
import tempfile
import time
import uuid

import numpy as np

from .tiling import Tiling

#: Where a client and the workers on its own machine hand over results (Linux).
SHARED_MEMORY = "/dev/shm"
#: How many times the call's directory is removed, should a late task write into it meanwhile.
_REMOVE_TRIES = 20


@contextlib.contextmanager
def _dropbox(client):
    """A new private directory in shared memory for one call, removed afterwards.

    It holds the call's results (label files, replies) and, on a local
    cluster, its queue (see ``_dask._from_queue``). Yields None when running
    serially or where there is no writable :data:`SHARED_MEMORY`. Its random
    name is also how a worker learns that it runs on the client's machine: a
    worker elsewhere does not see it.
    """
    path = None
    if client is not None and os.path.isdir(SHARED_MEMORY) and os.access(SHARED_MEMORY, os.W_OK):
        with contextlib.suppress(OSError):
            path = tempfile.mkdtemp(prefix="dominotiling-", dir=SHARED_MEMORY)
    try:
        yield path
    finally:
        if path is not None:  # also what tasks wrote and nobody collected
            for _ in range(_REMOVE_TRIES):  # a task still writing there can make rmdir fail
                shutil.rmtree(path, ignore_errors=True)
                if not os.path.exists(path):
                    break
                time.sleep(0.01)


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
    The task holds one tiling at a time, not its whole chunk, and writes
    nothing in the dropbox unless it has a tiling.
    """
    region, codes, shared, objects = None, [], None, None
    try:
        for t in results:
            if objects is None and type(t) is Tiling and (
                region is None or t.region is region or t.region == region
            ):
                if region is None and dropbox is not None:  # the first tiling: a file for them
                    with contextlib.suppress(OSError):  # no dropbox here (another machine)
                        shared = _SharedLabels(dropbox)
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


def _in_order(pieces, n):
    """The `n` results of ``(positions, packed)`` pieces (from ``_dask._each``), in order."""
    out, regions = [None] * n, {}
    for positions, packed in pieces:
        for i, result in zip(positions, _unpack(packed, regions), strict=True):
            out[i] = result
    return out
