"""Private: how results come back from Dask workers -- labels in shared memory, or two bits per cell.

Used by :mod:`._scheduling` (which hands the work out) and so by the public
functions of :mod:`dominotiling.parallel`; nothing here imports Dask. A worker
packs a chunk's results with :func:`_pack`, the client unpacks them with
:func:`_unpack`.

Each call on a cluster has a private directory in shared memory, its
*dropbox* (:func:`_dropbox`). Its name carries its owner -- the client's pid
namespace, pid and start time -- so that a directory left behind by a client
that was killed (SIGKILL, or SIGTERM, which runs no clean-up) is recognised as
an orphan and removed by the next call or by :func:`cleanup`.
"""

from __future__ import annotations

import contextlib
import math
import mmap
import os
import re
import shutil
import tempfile
import time
import uuid

import numpy as np

from ..model.tiling import Tiling

#: Where a client and the workers on its own machine hand over results (Linux).
SHARED_MEMORY = "/dev/shm"
#: How many times the call's directory is removed, should a late task write into it meanwhile.
_REMOVE_TRIES = 20
#: Every dropbox's name starts with this.
_PREFIX = "dominotiling-"
#: A dropbox's name: the owner's pid namespace, pid and start time, then random characters.
_NAME = re.compile(r"dominotiling-(\d+)-(\d+)-(\d+)-[A-Za-z0-9_]+")


# ------------------------------------------------------------ owners and orphans
def _start_time(pid):
    """When process `pid` started (clock ticks after boot), None if there is no such process.

    From field 22 of ``/proc/<pid>/stat``: with the pid it names one process for
    good, since a pid that is reused later belongs to a process that started
    later. 0 where ``/proc`` cannot tell (not Linux) but the process exists.
    """
    try:
        with open(f"/proc/{pid}/stat", "rb") as f:
            stat = f.read()
    except FileNotFoundError:
        if os.path.isdir("/proc/self"):
            return None
        return _exists_without_proc(pid)
    except OSError:
        return 0
    # the command name (field 2) is in parentheses and may hold spaces or ")": split after the last
    fields = stat.rsplit(b")", 1)[1].split()
    return int(fields[19])


def _exists_without_proc(pid):  # pragma: no cover - not Linux
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return None
    except OSError:  # it exists, but belongs to someone else
        return 0
    return 0


def _pid_namespace():
    """The inode of this process's pid namespace (0 where unknown): pids mean something only within one."""
    try:
        return os.stat("/proc/self/ns/pid").st_ino
    except OSError:
        return 0


def _owner_prefix():
    """The start of this process's dropbox names: ``dominotiling-<namespace>-<pid>-<start time>-``."""
    pid = os.getpid()
    return f"{_PREFIX}{_pid_namespace()}-{pid}-{_start_time(pid) or 0}-"


def _is_orphan(name, namespace):
    """Whether the dropbox `name` belongs to a process that is gone.

    Only names of this pid namespace are judged (another namespace's pids are
    not ours to look up); names of an older form, without an owner, never are.
    """
    m = _NAME.fullmatch(name)
    if m is None:
        return False
    ns, pid, start = (int(g) for g in m.groups())
    if ns != namespace:
        return False
    now = _start_time(pid)
    if now is None:  # no such process
        return True
    return start != 0 and now != 0 and now != start  # the pid was reused by a later process


def cleanup():
    """Remove the shared-memory directories of ensemble calls whose process is gone.

    Each call of :func:`ensemble` (and the other functions of this package) on a
    cluster keeps its results in a private directory in ``/dev/shm`` and removes
    it when it returns or fails. A client killed meanwhile (``SIGKILL``, or
    ``SIGTERM``, which runs no clean-up) cannot; the directory's name records
    its owner (pid, the process's start time from ``/proc/<pid>/stat`` and its
    pid namespace), so that every later call on a cluster, or this function,
    removes it once that owner is gone. Directories of running processes are
    kept, and so are a reused pid's: its process started later than the owner.
    Only this user's directories in this pid namespace are looked at.

    Returns
    -------
    list of str
        The directories removed.

    See Also
    --------
    local_cluster, ensemble

    Examples
    --------
    >>> from dominotiling.parallel import cleanup
    >>> removed = cleanup()   # [] when no client was killed
    >>> isinstance(removed, list)
    True
    """
    removed = []
    try:
        names = os.listdir(SHARED_MEMORY)
    except OSError:  # no shared memory here: nothing was left there either
        return removed
    namespace, uid = _pid_namespace(), os.getuid()
    for name in names:
        if not name.startswith(_PREFIX) or not _is_orphan(name, namespace):
            continue
        path = os.path.join(SHARED_MEMORY, name)
        try:
            if os.lstat(path).st_uid != uid:
                continue
        except OSError:
            continue
        shutil.rmtree(path, ignore_errors=True)
        if not os.path.exists(path):
            removed.append(path)
    return removed


@contextlib.contextmanager
def _dropbox(client):
    """A new private directory in shared memory for one call, removed afterwards.

    It holds the call's results (label files, replies) and, on a local
    cluster, its queue (see ``_scheduling._from_queue``). Yields None when
    running serially or where there is no writable :data:`SHARED_MEMORY`. Its
    name is also how a worker learns that it runs on the client's machine: a
    worker elsewhere does not see it. Orphans of killed clients are removed
    first (:func:`cleanup`).
    """
    path = None
    if client is not None and os.path.isdir(SHARED_MEMORY) and os.access(SHARED_MEMORY, os.W_OK):
        with contextlib.suppress(OSError):  # best effort: never in the way of this call
            cleanup()
        with contextlib.suppress(OSError):
            path = tempfile.mkdtemp(prefix=_owner_prefix(), dir=SHARED_MEMORY)
    try:
        yield path
    finally:
        if path is not None:  # also what tasks wrote and nobody collected
            for _ in range(_REMOVE_TRIES):  # a task still writing there can make rmdir fail
                shutil.rmtree(path, ignore_errors=True)
                if not os.path.exists(path):
                    break
                time.sleep(0.01)


# ------------------------------------------------------------------ the results
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
                view = view[os.write(self.fd, view) :]
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

    - ``("shared", region, path, k, kind)``: when the worker sees the client's `dropbox`
      (it runs on the client's machine), the int32 labels are appended to a file
      in shared memory, which the client maps without copying or decoding;
    - ``("tilings", region, codes, kind)``: otherwise two bits per cell (see
      ``_kernels/codec.py``), 16 times smaller than the labels, which the client
      decodes.

    ``kind`` is the tilings' class and what it carries besides the labels
    (``Tiling._wire_extra``: an :class:`~dominotiling.aztec.sample.AztecSample`'s
    block weights), the same for every tiling of the chunk.
    Anything else (or tilings of different regions) travels as ``("objects", results)``.
    The task holds one tiling at a time, not its whole chunk, and writes
    nothing in the dropbox unless it has a tiling.
    """
    region, codes, shared, objects, kind = None, [], None, None, None
    try:
        for t in results:
            if (
                objects is None
                and isinstance(t, Tiling)
                and (region is None or t.region is region or t.region == region)
                and (kind is None or kind == (type(t), t._wire_extra()))
            ):
                kind = (type(t), t._wire_extra())
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
                objects, shared = _as_objects(region, shared, codes, kind), None
            objects.append(t)
        if objects is None and region is None:  # an empty chunk
            objects, shared = _as_objects(region, shared, codes, kind), None
    except BaseException:
        if shared is not None:
            shared.discard()
        raise
    if objects is not None:
        return ("objects", objects)
    if shared is not None:
        os.close(shared.fd)
        return ("shared", region, shared.path, shared.count, kind)
    return ("tilings", region, np.stack(codes), kind)


def _as_objects(region, shared, codes, kind):
    """The tilings packed so far, as Tiling objects (the shared file, if any, is removed)."""
    if shared is not None:
        if region is None:
            shared.discard()
            return []
        cls, extra = kind
        return [cls._from_wire(region, lab, extra) for lab in shared.take_back(region.shape)]
    return [] if region is None else _decode(region, codes, kind)


def _encode(labels):
    from .._kernels.codec import codes_shape, encode_tiling

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


def _decode(region, codes, kind):
    """Tilings of `region` from their codes, each with labels of its own."""
    from .._kernels.codec import decode_tiling

    cls, extra = kind
    out = []
    for row in codes:
        labels = np.empty(region.shape, np.int32)
        decode_tiling(row, region.mask, labels)
        out.append(cls._from_wire(region, labels, extra))
    return out


def _unpack(packed, regions):
    """The results of one chunk; tilings share one Region object per region."""
    if packed[0] == "objects":
        return packed[1]
    region = regions.setdefault(packed[1], packed[1])
    if packed[0] == "shared":
        _, _, path, k, (cls, extra) = packed
        return [
            cls._from_wire(region, lab, extra) for lab in _map_shared(path, (k,) + region.shape)
        ]
    return _decode(region, packed[2], packed[3])


def _in_order(pieces, n):
    """The `n` results of ``(positions, packed)`` pieces (from ``_scheduling._each``), in order."""
    out, regions = [None] * n, {}
    for positions, packed in pieces:
        for i, result in zip(positions, _unpack(packed, regions), strict=True):
            out[i] = result
    return out
