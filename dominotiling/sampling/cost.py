"""How long each exact sampler takes on a region: the measured cost model behind ``random_tiling(method="auto")``.

:func:`estimated_seconds` gives, in a few microseconds, each sampler's expected
time on a region from its number of cells ``c``, its narrower side ``w`` (the
profile DP's width, the band of the Kasteleyn elimination) and, for Aztec
diamonds, the order ``n``; :func:`cheapest` picks the smallest among the
samplers that can run, and :func:`check_time` refuses a job expected to take
more than :data:`MAX_SECONDS` (about ten minutes) with the estimate and what would
serve instead.

How the constants were measured
-------------------------------
Warm calls ``random_tiling(region, seed=s, method=m)`` (the best of two, after one
call that loads the kernels) on the 2-vCPU AMD EPYC of ``benchmarks/RESULTS.md``,
for squares 4 x 4 to 300 x 300, squares with a 2 x 2 hole in the middle 8 x 8 to
300 x 300, strips 4 x 50 to 50 x 300 and Aztec diamonds of order 2 to 64, each
sampler where it runs in under about 15 s (the DP up to 16 cells wide). Each
constant is read off the sizes where its term dominates:

=============  ==============================================  ==========================
sampler        model (seconds)                                  measured, e.g.
=============  ==============================================  ==========================
``transfer``   ``1.1e-4 + 3.5e-7 c + 2.5e-9 c 2**w``            8x8 0.13 ms, 16x300 0.65 s
``kasteleyn``  ``2.1e-4 + 3.8e-7 c + 1.7e-9 c w**2`` (band)     100x100 0.19 s, 300x300 13.5 s
               ``2.1e-4 + 1.4e-5 c + 7.7e-8 c**1.5`` (nested    200x200 1.2 s, 300x300 3.4 s
               dissection, wider than 40; the smaller serves)
``cftp``       ``1.8e-4 + 1.8e-6 c**1.5``                       100x100 1.8 s, 200x200 15.6 s
``shuffling``  ``5.5e-5 + 2.2e-8 n**2`` (order ``n``)           order 64 0.14 ms
=============  ==============================================  ==========================

The DP's layers (one per cell, ``2**w`` floats each) leave the caches from
about 12 wide, hence its 2.5 ns per state; the Kasteleyn sampler eliminates in a
band ``w`` wide, ``c w**2`` operations; coupling from the past coalesces after
about ``c**0.5`` times more sweeps as the region grows (windows of 16384 sweeps
at 100 x 100, 65536 at 200 x 200). On every measured shape the sampler with the
smallest estimate was the fastest or within 1.5 times of it (8 x 8 and 12 x 12:
the DP and Kasteleyn within 1.6x of each other); ``benchmarks/cases_robust.py``
checks ``"auto"`` against every exact sampler from 4 x 4 to 300 x 300.

Examples
--------
>>> from dominotiling import Region
>>> cheapest(Region.rectangle(300, 300), ("transfer", "kasteleyn", "cftp"))
'kasteleyn'
>>> cheapest(Region.rectangle(4, 300), ("transfer", "kasteleyn", "cftp"))
'transfer'
"""

from __future__ import annotations

import math

import numpy as np

from ..aztec.shuffling import aztec_order
from ..errors import TooLargeError

__all__ = [
    "COSTS",
    "MAX_SECONDS",
    "estimated_seconds",
    "elimination_seconds",
    "cheapest",
    "check_time",
]

#: ``{sampler: (fixed, per cell, per unit of its growing term)}``, seconds (see the module docstring).
COSTS = {
    "transfer": (1.1e-4, 3.5e-7, 2.5e-9),  # unit: a cell times 2**w profiles
    "kasteleyn": (2.1e-4, 3.8e-7, 1.7e-9),  # unit: a cell times w**2
    "kasteleyn-dissection": (2.1e-4, 1.4e-5, 7.7e-8),  # unit: cells**1.5 (issue 41)
    "cftp": (1.8e-4, 0.0, 1.8e-6),  # unit: c**1.5
    "shuffling": (5.5e-5, 0.0, 2.2e-8),  # unit: n**2, n the order
}
#: Jobs estimated to take longer than this (about ten minutes) are refused up front.
MAX_SECONDS = 600.0
#: The profile DP sampler's widest profile (as ``counting.transfer.MAX_WIDTH``).
_DP_MAX_WIDTH = 22


#: Below this many cells no sampler's estimate reaches :data:`MAX_SECONDS` (the Kasteleyn
#: sampler needs ``c w**2`` of 3.5e11, the DP ``c 2**22`` of 2.4e11, CFTP ``c`` of 4.8e5).
_NEVER_LONG_CELLS = 7000


def _shape(region):
    """``(cells, w)``: the number of cells and the narrower side of the cells' bounding box."""
    mask = region.mask
    rows = int(np.count_nonzero(mask.any(axis=1)))
    cols = int(np.count_nonzero(mask.any(axis=0)))
    return region.n_cells, min(rows, cols)


#: Pieces at most this wide are sampled by the band even on the nested-dissection route
#: (``sampling.nested.LEAF_WIDTH``).
_LEAF_WIDTH = 40


def elimination_seconds(cells, w):
    """``{"band": s, "dissection": s}``: the Kasteleyn sampler's two eliminations' measured costs.

    The band ``2.1e-4 + 3.8e-7 c + 1.7e-9 c w**2``; nested dissection (issue 41;
    :mod:`dominotiling.sampling.nested`) ``2.1e-4 + 1.4e-5 c + 7.7e-8 c**1.5``, fitted
    to further samples of the 200 x 200 and 300 x 300 squares (1.19 s and 3.37 s CPU;
    100 x 100: 0.12 s), ``inf`` up to 40 cells wide (the band serves there).

    Examples
    --------
    >>> costs = elimination_seconds(90000, 300)
    >>> costs["dissection"] < costs["band"]
    True
    """
    out = {}
    for name, key, units in (
        ("band", "kasteleyn", cells * float(w) ** 2),
        ("dissection", "kasteleyn-dissection", float(cells) ** 1.5),
    ):
        fixed, per_cell, per_unit = COSTS[key]
        out[name] = fixed + per_cell * cells + per_unit * units
    if w <= _LEAF_WIDTH:
        out["dissection"] = math.inf
    return out


def estimated_seconds(region, method, shape=None):
    """The expected seconds of ``random_tiling(region, method=method)``, or ``inf`` when it cannot run.

    `method` is one of ``COSTS``; ``"shuffling"`` is for Aztec diamonds only
    (``inf`` elsewhere), the DP for narrow sides up to 22 cells.

    Examples
    --------
    >>> from dominotiling import Region
    >>> round(estimated_seconds(Region.rectangle(300, 300), "kasteleyn"))   # nested dissection
    3
    >>> estimated_seconds(Region.rectangle(30, 30), "transfer")
    inf
    """
    cells, w = _shape(region) if shape is None else shape
    fixed, per_cell, per_unit = COSTS[method]
    if method == "transfer":
        if w > _DP_MAX_WIDTH:
            return math.inf
        units = cells * 2.0**w
    elif method == "kasteleyn":  # the faster of its two eliminations (what "auto" picks)
        return min(elimination_seconds(cells, w).values())
    elif method == "cftp":
        units = float(cells) ** 1.5
    else:
        n = aztec_order(region)
        if n is None:
            return math.inf
        units = float(n) ** 2
    return fixed + per_cell * cells + per_unit * units


def cheapest(region, methods):
    """The method of `methods` with the smallest :func:`estimated_seconds` (the first on a tie).

    Examples
    --------
    >>> from dominotiling import Region
    >>> cheapest(Region.aztec_diamond(50), ("kasteleyn", "shuffling"))
    'shuffling'
    """
    shape = _shape(region)  # once: a choice must cost far less than the 0.1 ms of a small sample
    costs = {m: estimated_seconds(region, m, shape) for m in methods}
    return min(methods, key=lambda m: costs[m])


def check_time(region, method, what=None, alternatives=("transfer", "kasteleyn", "cftp")):
    """Refuse `method` on `region` up front when it is expected to take more than :data:`MAX_SECONDS`.

    The message gives the estimate and the fastest of `alternatives` (with its
    estimate), or says that none is faster.

    Raises
    ------
    TooLargeError
        When the estimate exceeds :data:`MAX_SECONDS`.

    Examples
    --------
    >>> from dominotiling import Region
    >>> check_time(Region.rectangle(100, 100), "kasteleyn")
    >>> check_time(Region.rectangle(3000, 3000), "kasteleyn")
    Traceback (most recent call last):
    ...
    dominotiling.errors.TooLargeError: the Kasteleyn sampler on this 3000 x 3000 region (9000000 cells, 3000 wide) would take about 2.2e+03 s (37 minutes) by its measured cost; ...
    """
    if region.n_cells < _NEVER_LONG_CELLS:  # no estimate can reach the limit: nothing to compute
        return
    seconds = estimated_seconds(region, method)
    if seconds <= MAX_SECONDS or seconds == math.inf:  # inf: it cannot run, and says why itself
        return
    cells, w = _shape(region)
    rows, cols = region.shape
    names = {
        "transfer": "the profile DP sampler",
        "kasteleyn": "the Kasteleyn sampler",
        "cftp": "coupling from the past",
        "shuffling": "domino shuffling",
    }
    others = {m: estimated_seconds(region, m) for m in alternatives if m != method}
    best = min(others, key=others.get) if others else None
    if best is not None and others[best] < seconds:
        alt = f"{names[best]} (method={best!r}) would take about {_duration(others[best])}" + (
            "" if others[best] <= MAX_SECONDS else ", also too long: sample a smaller region"
        )
    else:
        alt = "no exact sampler is faster here: sample a smaller region"
    raise TooLargeError(
        f"{what or names[method]} on this {rows} x {cols} region ({cells} cells, {w} wide) would "
        f"take about {_duration(seconds)} by its measured cost; the limit is {MAX_SECONDS:.0f} s: "
        f"{alt}"
    )


def _duration(seconds):
    if seconds < 1000:
        return f"{seconds:.2g} s"
    for unit, size in (("years", 3.15e7), ("days", 86400.0), ("hours", 3600.0)):
        if seconds >= size:
            return f"{seconds:.2g} s ({seconds / size:.2g} {unit})"
    return f"{seconds:.2g} s ({seconds / 60:.2g} minutes)"
