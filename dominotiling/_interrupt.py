"""Long kernels in slices, so that Ctrl-C arrives within a fraction of a second.

A numba kernel holds the interpreter until it returns: Python notices a
``KeyboardInterrupt`` (Ctrl-C, ``SIGINT``) only between two bytecodes, so a
kernel that runs for a minute makes Ctrl-C wait a minute -- and a kernel run on a
worker thread would go on burning a core after the caller gave up. Every long
kernel of this library is therefore a function of a *range* (cells ``start`` to
``stop`` of a sweep, steps of a chain, columns of an elimination) that works on
state the caller owns, and is called through one of the two drivers below:

- :func:`slices` (and :class:`Pacer`, the same for several loops) -- the loop of
  one job: ranges covering ``range(total)``, sized on the fly so that one kernel
  call takes about :data:`SLICE_SECONDS`. In the main thread Python delivers
  signals between two calls; in a worker thread the loop polls a stop flag and
  leaves through :class:`Stopped`.
- :func:`run_tasks` -- several jobs (a modulus each, a prime each) on one shared
  pool of threads, while the calling thread waits in short steps. Whatever ends
  the wait (Ctrl-C, or an error in one job) sets the stop flag, drops the jobs
  not yet started and waits for the running ones to leave their current slice,
  so no core is left busy when the exception reaches the caller.

Kernels that return arrays are wrapped by :func:`returns_arrays`, so that a
Ctrl-C during them is a ``KeyboardInterrupt`` and not numba's ``SystemError``.

A caller on another thread (the drawing canvas, whose answers run on a thread of
their own) calls a computation off with :func:`cancel_scope`: inside ``with
cancel_scope(flag):`` every slice handed out by :func:`slices` or a :class:`Pacer`
in that thread, every task :func:`run_tasks` starts there (between two primes) and
every short wait of :func:`run_tasks` for its pool looks at the flag, and once it is
set the computation leaves through :class:`~dominotiling.errors.Cancelled` (the
pool's tasks stopped first, as for Ctrl-C). Long loops written in Python call
:func:`check_cancelled` between their steps.

The kernels are exact over ranges (counter-based random numbers, in-place
layers), so the results do not depend on how a job was sliced: a run is
bit-identical to an uninterrupted one with the same seed. A job interrupted
half-way changes nothing its caller can see: it works on its own copies.

Examples
--------
>>> import numpy as np
>>> total = np.zeros(1)
>>> for start, stop in slices(10**6, first=1000):
...     total += np.arange(start, stop).sum()     # a kernel call on cells start..stop-1
>>> int(total[0]) == 10**6 * (10**6 - 1) // 2
True
>>> run_tasks([lambda stop, k=k: k * k for k in range(4)])
[0, 1, 4, 9]
"""

from __future__ import annotations

import functools
import os
import threading
import time
from concurrent.futures import FIRST_EXCEPTION, ThreadPoolExecutor, wait

from .errors import Cancelled, DominoTypeError

__all__ = [
    "SLICE_SECONDS",
    "Stopped",
    "Cancelled",
    "cancel_scope",
    "check_cancelled",
    "Pacer",
    "slices",
    "run_tasks",
    "returns_arrays",
    "threads",
    "available",
    "max_threads",
    "free_cores",
    "passive_waits",
    "SMALL_WORK",
]

#: Aimed duration of one kernel call, in seconds: Ctrl-C waits at most about this long.
SLICE_SECONDS = 0.05
# How long the waiting thread sleeps between two looks at its jobs (and at signals).
_WAIT_SECONDS = 0.05
# A slice grows or shrinks by at most this factor from one call to the next.
_MAX_GROWTH = 8.0


class Stopped(Exception):
    """Raised by :func:`slices` in a worker thread whose job was called off."""


_LOCAL = threading.local()


class cancel_scope:
    """``with cancel_scope(flag):`` the computations of this thread stop once `flag` is set.

    `flag` is a :class:`threading.Event` that another thread sets to call the
    computation off; the computation then raises
    :class:`~dominotiling.errors.Cancelled` at its next slice, task or wait (see the
    module's docstring). Scopes nest (the inner flag serves inside, the outer one
    again after); ``cancel_scope(None)`` opens a scope that nothing cancels.

    Examples
    --------
    >>> import threading
    >>> flag = threading.Event()
    >>> with cancel_scope(flag):
    ...     flag.set()
    ...     try:
    ...         for a, b in slices(100):
    ...             pass
    ...     except Cancelled:
    ...         print("called off")
    called off
    """

    def __init__(self, flag):
        if flag is not None and not callable(getattr(flag, "is_set", None)):
            raise DominoTypeError(
                f"a cancel flag is a threading.Event (or None), got {type(flag).__name__}"
            )
        self.flag = flag

    def __enter__(self):
        self.outer = getattr(_LOCAL, "cancel", None)
        _LOCAL.cancel = self.flag
        return self.flag

    def __exit__(self, *exc):
        _LOCAL.cancel = self.outer
        return False


def check_cancelled():
    """Raise :class:`~dominotiling.errors.Cancelled` if this thread's :func:`cancel_scope` is set.

    Examples
    --------
    >>> check_cancelled()     # no scope: never cancelled
    """
    flag = getattr(_LOCAL, "cancel", None)
    if flag is not None and flag.is_set():
        raise Cancelled(
            "the computation was called off by its caller (a newer drawing, or the stop "
            "button); nothing was changed: run it again to have its answer"
        )


class Pacer:
    """Hands out ranges of work sized so that one kernel call takes about `seconds`.

    The time between handing out a range and being asked for the next one is the
    kernel call; the next range is sized from it, growing or shrinking at most
    eightfold per call. One pacer serves several loops (the size it learned
    carries over), e.g. the segments of a checkpointed sweep.

    Parameters
    ----------
    first : int
        The size of the first range: a cheap guess (it is adapted at once).
    stop : threading.Event, optional
        In a worker thread: when it is set, the pacer raises :class:`Stopped`
        before the next range instead of handing it out.
    seconds : float, optional
        The aimed duration of one call; :data:`SLICE_SECONDS` by default.
    growth : float, optional
        The most a range grows from one call to the next (eightfold by default).
        Loops that write to freshly allocated memory take a smaller one: their
        first calls are quick only while the pages are already mapped, and the
        page faults of a range eight times larger can cost a hundred times more.

    Examples
    --------
    >>> pacer = Pacer(first=3)
    >>> [r for r in pacer.ranges(0, 3)] + [r for r in pacer.ranges(3, 3)]
    [(0, 3)]
    """

    def __init__(self, first=1, stop=None, seconds=None, growth=None):
        self.size = max(1, int(first))
        self.stop = stop
        self.seconds = SLICE_SECONDS if seconds is None else float(seconds)
        self.growth = _MAX_GROWTH if growth is None else max(1.0, float(growth))

    def ranges(self, start, stop):
        """Consecutive ranges ``(a, b)`` covering ``range(start, stop)``."""
        start, stop = int(start), int(stop)
        while start < stop:
            if self.stop is not None and self.stop.is_set():
                raise Stopped
            check_cancelled()
            end = min(stop, start + self.size)
            began = time.perf_counter()
            yield start, end
            spent = time.perf_counter() - began
            factor = (
                self.growth
                if spent <= 0
                else min(self.growth, max(1 / _MAX_GROWTH, self.seconds / spent))
            )
            self.size = max(1, int((end - start) * factor))
            start = end


def slices(total, first=1, stop=None, seconds=None, growth=None):
    """Ranges ``(start, stop)`` that cover ``range(total)`` in order, each about `seconds` long.

    ``Pacer(first, stop, seconds).ranges(0, total)``: see :class:`Pacer`.

    Parameters
    ----------
    total : int
        The number of units of work (cells, steps, columns).
    first : int
        The size of the first range: a cheap guess (it is adapted at once).
    stop : threading.Event, optional
        In a worker thread: when it is set, the loop raises :class:`Stopped`
        before the next range instead of handing it out.
    seconds : float, optional
        The aimed duration of one call.
    growth : float, optional
        The most a range grows from one call to the next (see :class:`Pacer`).

    Yields
    ------
    (int, int)
        ``start < stop``, consecutive, the last one ending at `total`.

    Examples
    --------
    >>> list(slices(10, first=4))[0]
    (0, 4)
    >>> sum(b - a for a, b in slices(12345, first=7))
    12345
    """
    return Pacer(first, stop, seconds, growth).ranges(0, total)


def returns_arrays(kernel):
    """`kernel` (a numba function that returns arrays), made to raise ``KeyboardInterrupt`` on Ctrl-C.

    numba turns a kernel's arrays into Python objects after the kernel has
    ended, and that step runs Python's signal handlers: a Ctrl-C that arrived
    during the kernel then surfaces as ``SystemError: ... returned a result with
    an exception set`` caused by the ``KeyboardInterrupt``. The wrapper raises the
    ``KeyboardInterrupt`` itself. Kernels that other numba code calls keep a
    private jitted name (numba cannot call the wrapper).

    Examples
    --------
    >>> import numpy as np
    >>> from numba import njit
    >>> ones = returns_arrays(njit(lambda n: np.ones(n)))
    >>> ones(3).tolist()
    [1.0, 1.0, 1.0]
    """

    @functools.wraps(kernel)
    def call(*args):
        try:
            return kernel(*args)
        except SystemError as err:
            if isinstance(err.__cause__, KeyboardInterrupt):
                raise err.__cause__.with_traceback(None) from None
            raise

    call.kernel = kernel
    return call


def threads():
    """How many threads the kernels use now: numba's setting (``NUMBA_NUM_THREADS``), capped by
    the cores actually free (:func:`available`)."""

    return available()


_POOL = None
_POOL_LOCK = threading.Lock()


def _pool(n):
    """The shared pool, with at least `n` threads (it only grows: no churn of threads)."""
    global _POOL
    with _POOL_LOCK:
        if _POOL is None or _POOL._max_workers < n:
            if _POOL is not None:
                _POOL.shutdown(wait=False)  # its running tasks finish; new ones go to the new pool
            _POOL = ThreadPoolExecutor(n, thread_name_prefix="dominotiling")
        return _POOL


def _forget_pool():
    # after fork() the child has none of the parent's threads: start a fresh pool there
    global _POOL, _POOL_LOCK
    _POOL = None
    _POOL_LOCK = threading.Lock()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_forget_pool)


def _runner(tasks, results, claim, stop):
    """Run tasks claimed one by one until none is left or the stop flag is set."""
    _LOCAL.stop = stop
    try:
        while not stop.is_set():
            index = claim()
            if index is None:
                return
            results[index] = tasks[index](stop)
    except Stopped:
        return
    finally:
        _LOCAL.stop = None


def run_tasks(tasks, n_threads=None, inline=False):
    """``[task(stop) for task in tasks]``, run on a shared pool of threads, interruptibly.

    Each task is called with a :class:`threading.Event` that it passes to
    :func:`slices` (or polls between kernel calls); its kernels should release the
    GIL (numba ``nogil=True``) so that the tasks run side by side.

    Parameters
    ----------
    tasks : iterable of callables ``task(stop)``
    n_threads : int, optional
        How many tasks run at once, at most; :func:`threads` by default (size
        the memory of the tasks by it).
    inline : bool
        Run the tasks one after the other in the calling thread instead (small
        jobs, for which handing over to a thread costs more than it saves);
        in the main thread Ctrl-C still arrives between slices.

    Returns
    -------
    list
        The tasks' results, in order.

    Raises
    ------
    KeyboardInterrupt, Cancelled, or the first error of a task
        After every task has stopped: none is left running (``Cancelled`` when the
        calling thread's :func:`cancel_scope` is set).

    Notes
    -----
    Called from inside a task (a job that splits itself), the tasks run one after
    the other in that thread, under the same stop flag, so the pool cannot
    deadlock waiting for itself.
    """
    tasks = list(tasks)
    outer = getattr(_LOCAL, "stop", None)
    if outer is not None:
        return [task(outer) for task in tasks]
    if inline:
        results = []
        for task in tasks:  # between two tasks (two primes): called off?
            check_cancelled()
            results.append(task(None))
        return results
    if not tasks:
        return []
    check_cancelled()
    stop = threading.Event()
    n_threads = min(n_threads or threads(), len(tasks))
    pool = _pool(n_threads)
    results = [None] * len(tasks)
    lock = threading.Lock()
    counter = iter(range(len(tasks)))

    def claim():
        with lock:
            return next(counter, None)

    futures = []
    try:
        # n_threads runners share the tasks: never more than n_threads run at once
        futures = [pool.submit(_runner, tasks, results, claim, stop) for _ in range(n_threads)]
        pending = set(futures)
        while pending:
            done, pending = wait(pending, timeout=_WAIT_SECONDS, return_when=FIRST_EXCEPTION)
            for future in done:
                if future.exception() is not None:
                    raise future.exception()
            check_cancelled()  # the caller's flag: the pool's tasks stop below, as for Ctrl-C
        return results
    except BaseException:
        stop.set()
        wait(futures)  # the running tasks leave within one slice
        raise


def _watched():
    """True where a progress bar is seen: stderr is a terminal, or a Jupyter kernel runs."""
    import sys

    if "ipykernel" in sys.modules:
        return True
    try:
        return bool(sys.stderr.isatty())
    except (AttributeError, ValueError, OSError):
        return False


class LazyBar:
    """A tqdm bar made only once a run has lasted a second, shown after two; none in a log.

    Making it lazily keeps loops of many small samples free of tqdm's cost (and, in
    Jupyter, of a widget per call).
    """

    def __init__(self, enabled, wait=1.0, desc="CFTP", unit="sweep", total=None):
        # a bar only where a person watches: a terminal or a notebook, never a log (whose
        # carriage returns and cursor codes would litter it)
        self.enabled = enabled and _watched()
        self.total = total  # the expected number of units (an estimate: the bar may pass it)
        self.start = time.perf_counter()
        self.wait = wait
        self.desc, self.unit = desc, unit
        self.done = 0
        self.bar = None

    def update(self, n, window=None):
        self.done += n
        if not self.enabled:
            return
        if self.bar is None:
            if time.perf_counter() - self.start < self.wait:
                return
            from tqdm.auto import tqdm

            self.bar = tqdm(
                desc=self.desc, unit=self.unit, delay=self.wait, leave=False, total=self.total
            )
        if window is not None:
            self.bar.set_postfix(window=window, refresh=False)
        self.bar.update(self.done - self.bar.n)

    def close(self):
        if self.bar is not None:
            self.bar.close()


# ---------------------------------------------------------------- how many threads now
# How many threads a parallel kernel should use now: the cores actually free, not the cores there are.
#
# On a machine shared with other work, a kernel that splits its loop over every
# core waits at each barrier for the thread whose core is busy elsewhere, and the
# threads that wait spin: on two cores beside two CPU-bound processes the
# parallel weighted kernels ran 3 to 5 times slower than on one thread. Two
# things here prevent it:
#
# - :func:`available` counts the cores that were idle over the last moment
#   (from ``/proc/stat``, a sample of about 30 ms, kept for one second; the load
#   average where there is no ``/proc``), caps numba's thread count with it, and
#   gives 1 for small work: the callers of the ``prange`` kernels split their
#   loops into that many chunks.
# - :func:`passive_waits` asks numba's OpenMP threading layer to let idle threads
#   sleep instead of spinning (``OMP_WAIT_POLICY=PASSIVE``), unless the user set
#   that variable. It must run before the first parallel kernel starts the layer;
#   :func:`available` calls it.
#
# Set ``DOMINOTILING_THREADS=k`` to fix the count (numba's ``NUMBA_NUM_THREADS``
# still caps it).


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
