"""The live answers of the drawing canvas, computed off the drawing's path.

:func:`quick_answers` (cells, colours, tileable or the Hall certificate) and
:func:`count_answer` (the exact count, or the logarithm of a large region's) are
plain functions of a region; :class:`AnswerWorker` runs such jobs on one
background thread, the newest only: a job waits :data:`DEBOUNCE_S` for the drawing
to settle, checks between its steps that nothing newer has come (a generation
counter), and a stale result is dropped, so a drawing never waits for a count and
the answer shown is always the drawing's. A job made stale while it computes is
called off inside the computation too (:func:`dominotiling._interrupt.cancel_scope`:
the count's kernels look at the flag between their slices and between primes, and
leave through :class:`~dominotiling.errors.Cancelled`), so the newer drawing's
answers start within a slice instead of after a long count.

Examples
--------
>>> from dominotiling import Region
>>> quick_answers(Region.from_strings(["..#", "..."]))["tileable"]
False
>>> count_answer(Region.rectangle(2, 4))
{'exact': True, 'count': 5, 'log_count': 1.6094379124341003}
"""

from __future__ import annotations

import math
import threading
import time

from .._interrupt import cancel_scope
from ..errors import Cancelled
from ..matching.matchings import hall_violator
from ..tasks import count_tilings, log_count

__all__ = ["quick_answers", "count_answer", "AnswerWorker", "EXACT_CELLS", "DEBOUNCE_S"]

#: Regions of at most this many cells get their exact count live (a 100x100 drawing:
#: about 0.4 s of CPU); larger ones their log-count, and the exact count on request.
EXACT_CELLS = 10_000
#: Seconds a job waits for the drawing to settle before it starts.
DEBOUNCE_S = 0.05


def quick_answers(region):
    """Cells, colours, and tileable or not with the Hall certificate, of a region.

    Parameters
    ----------
    region : Region

    Returns
    -------
    dict
        ``cells``, ``black``, ``white`` (ints), ``tileable`` (bool) and ``hall``
        (``None`` when tileable, else the certificate's cells as an ``(k, 2)``
        array: cells of one colour with fewer neighbours than themselves,
        :func:`~dominotiling.matching.matchings.hall_violator`).

    Examples
    --------
    >>> from dominotiling import Region
    >>> a = quick_answers(Region.from_strings(["...", "..."]))
    >>> a["cells"], a["black"], a["white"], a["tileable"]
    (6, 3, 3, True)
    """
    import numpy as np

    black, white = region.color_counts()
    cells = hall_violator(region)
    hall = None if cells is None else np.array(sorted(cells), dtype=np.int64).reshape(-1, 2)
    return {
        "cells": int(region.n_cells),
        "black": int(black),
        "white": int(white),
        "tileable": hall is None,
        "hall": hall,
    }


def count_answer(region, *, exact=None):
    """The number of tilings of a region: exact when small enough, else its logarithm.

    Parameters
    ----------
    region : Region
    exact : bool, optional
        Force the exact count (True) or the log-count (False); by default exact up
        to :data:`EXACT_CELLS` cells.

    Returns
    -------
    dict
        ``exact`` (bool), ``count`` (a Python int, or None when not exact) and
        ``log_count`` (float; ``-inf`` for no tiling).

    Examples
    --------
    >>> from dominotiling import Region
    >>> count_answer(Region.rectangle(8, 8))["count"]
    12988816
    >>> count_answer(Region.rectangle(8, 8), exact=False)["count"] is None
    True
    """

    if exact is None:
        exact = region.n_cells <= EXACT_CELLS
    if exact:
        count = count_tilings(region)
        return {
            "exact": True,
            "count": count,
            "log_count": math.log(count) if count else -math.inf,
        }
    return {"exact": False, "count": None, "log_count": float(log_count(region))}


class AnswerWorker:
    """One background thread that runs the newest job, dropping older ones.

    A job is a generator function ``job(alive)``: it yields between its steps, and
    calls ``alive()`` to learn whether it is still the newest; whatever it
    publishes after a step it checks first. :meth:`submit` replaces the waiting
    job (and makes a running one stale); :meth:`cancel` makes both stale. A stale
    job is also called off inside its computation: it runs under a
    :func:`~dominotiling._interrupt.cancel_scope` whose flag goes up as it becomes
    stale, so a long count leaves within one of its slices
    (:class:`~dominotiling.errors.Cancelled`, dropped here, never shown).

    Parameters
    ----------
    debounce : float
        Seconds a job waits for a newer one before it starts.
    on_error : callable, optional
        Called with the exception a job raised (it is never raised in the thread).

    Examples
    --------
    >>> seen = []
    >>> def job(alive):
    ...     yield
    ...     if alive():
    ...         seen.append("done")
    >>> w = AnswerWorker(debounce=0)
    >>> w.submit(job)
    >>> w.wait(10)
    True
    >>> seen
    ['done']
    """

    def __init__(self, debounce=DEBOUNCE_S, on_error=None):
        self.debounce = float(debounce)
        self.on_error = on_error
        self.generation = 0
        self._job = None
        self._running = False
        self._flag = None  # the cancel flag of the running job
        self._cv = threading.Condition()
        self._thread = None

    def submit(self, job):
        """Run ``job`` next, instead of any job waiting; a running one becomes stale."""
        with self._cv:
            self.generation += 1
            self._job = (self.generation, job, time.monotonic())
            self._call_off()
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._loop, daemon=True, name="dt-answers")
                self._thread.start()
            self._cv.notify_all()

    def cancel(self):
        """Drop the waiting job and make the running one stale (it stops at its next step)."""
        with self._cv:
            self.generation += 1
            self._job = None
            self._call_off()
            self._cv.notify_all()

    def _call_off(self):
        # under the lock: the running job is stale, its computation stops at its next slice
        if self._flag is not None:
            self._flag.set()

    @property
    def busy(self):
        """True while a job waits or runs."""
        with self._cv:
            return self._running or self._job is not None

    def wait(self, timeout=None):
        """Block until no job waits or runs; False if `timeout` seconds passed first."""
        deadline = None if timeout is None else time.monotonic() + timeout
        with self._cv:
            while self._running or self._job is not None:
                left = None if deadline is None else deadline - time.monotonic()
                if left is not None and left <= 0:
                    return False
                self._cv.wait(left)
            return True

    def _loop(self):
        while True:
            with self._cv:
                while self._job is None:
                    if not self._cv.wait(30):
                        if self._job is None:
                            self._thread = None
                            return
                generation, job, at = self._job
                left = at + self.debounce - time.monotonic()
                if left > 0:
                    self._cv.wait(left)
                    continue  # a newer job may have come: look again
                self._job = None
                self._running = True
                flag = self._flag = threading.Event()

            def alive(generation=generation):
                return generation == self.generation

            try:
                with cancel_scope(flag):
                    for _ in job(alive):
                        if not alive():
                            break
            except Cancelled:
                pass  # called off because a newer job came or cancel() was called: stale
            except Exception as exc:  # noqa: BLE001 - shown by on_error, never lost in the thread
                if self.on_error is not None and alive():
                    self.on_error(exc)
            finally:
                with self._cv:
                    self._running = False
                    self._flag = None
                    self._cv.notify_all()
