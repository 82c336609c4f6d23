"""How many threads a parallel kernel should use now: the cores actually free, not the cores there are.

On a machine shared with other work, a kernel that splits its loop over every
core waits at each barrier for the thread whose core is busy elsewhere, and the
threads that wait spin: on two cores beside two CPU-bound processes the
parallel weighted kernels ran 3 to 5 times slower than on one thread. Two
things here prevent it:

- :func:`available` counts the cores that were idle over the last moment
  (from ``/proc/stat``, a sample of about 30 ms, kept for one second; the load
  average where there is no ``/proc``), caps numba's thread count with it, and
  gives 1 for small work: the callers of the ``prange`` kernels split their
  loops into that many chunks.
- :func:`passive_waits` asks numba's OpenMP threading layer to let idle threads
  sleep instead of spinning (``OMP_WAIT_POLICY=PASSIVE``), unless the user set
  that variable. It must run before the first parallel kernel starts the layer;
  :func:`available` calls it.

Set ``DOMINOTILING_THREADS=k`` to fix the count (numba's ``NUMBA_NUM_THREADS``
still caps it).

Examples
--------
>>> 1 <= available() <= max_threads()
True
>>> available(work=10)          # small work runs in one thread
1
"""

from __future__ import annotations

import os
import threading
import time

__all__ = ["available", "max_threads", "free_cores", "passive_waits", "limited", "SMALL_WORK"]

#: Below this much work (the caller's unit: inner-loop operations) one thread is used.
SMALL_WORK = 200_000
_SAMPLE_S = 0.03
_KEEP_S = 1.0
_state = {"t": -1e9, "free": None}
_lock = threading.Lock()


def passive_waits():
    """Let numba's idle OpenMP threads sleep rather than spin (``OMP_WAIT_POLICY``), unless set already."""
    os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")


def max_threads():
    """numba's thread count (``NUMBA_NUM_THREADS``, by default the cores of this process)."""
    from numba import get_num_threads

    return max(1, get_num_threads())


def _cores():
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


def _cpu_times():
    with open("/proc/stat", encoding="ascii") as f:
        fields = f.readline().split()[1:]
    values = [int(v) for v in fields[:8]]
    idle = values[3] + (values[4] if len(values) > 4 else 0)  # idle + iowait
    return idle, sum(values)


def free_cores():
    """About how many cores are idle now (a float), from a 30 ms sample of ``/proc/stat``, kept 1 s."""
    with _lock:
        now = time.monotonic()
        if _state["free"] is not None and now - _state["t"] < _KEEP_S:
            return _state["free"]
        cores = _cores()
        try:
            i0, t0 = _cpu_times()
            time.sleep(_SAMPLE_S)
            i1, t1 = _cpu_times()
            total = os.cpu_count() or cores
            free = (i1 - i0) / max(t1 - t0, 1) * total
        except (OSError, ValueError, IndexError):
            try:
                free = cores - os.getloadavg()[0]
            except (AttributeError, OSError):
                free = float(cores)
        free = min(float(cores), max(0.0, free))
        _state.update(t=now, free=free)
        return free


def available(work=None):
    """Threads for a parallel kernel now: numba's count, capped by the free cores; 1 for small work.

    Parameters
    ----------
    work : int, optional
        The kernel's work in inner-loop operations, if known: below
        :data:`SMALL_WORK` the answer is 1 (starting threads would cost more).

    Returns
    -------
    int
        At least 1, at most :func:`max_threads`.
    """
    passive_waits()
    most = max_threads()
    fixed = os.environ.get("DOMINOTILING_THREADS", "").strip()
    if fixed.isdigit() and int(fixed) >= 1:
        return min(most, int(fixed))
    if most == 1 or (work is not None and work < SMALL_WORK):
        return 1
    # a core counts as free when most of it is: 1.6 idle cores of 2 -> 2 threads, 1.2 -> 1
    return max(1, min(most, int(free_cores() + 0.4)))


class limited:
    """``with limited(k):`` numba's parallel regions started by this thread use at most `k` threads.

    A kernel whose loop has `k` chunks then wakes no thread it has no work for
    (numba's ``set_num_threads``, restored on exit).
    """

    def __init__(self, k):
        self.k = max(1, int(k))

    def __enter__(self):
        from numba import get_num_threads, set_num_threads

        self.old = get_num_threads()
        set_num_threads(min(self.k, max_threads()))
        return self

    def __exit__(self, *exc):
        from numba import set_num_threads

        set_num_threads(self.old)
        return False
