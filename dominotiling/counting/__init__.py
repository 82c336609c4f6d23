"""The counting wing: exact counts (profile DP, Kasteleyn), and the measured cost model between them.

The front doors :func:`~dominotiling.count_tilings`, :func:`~dominotiling.log_count` and
:func:`~dominotiling.placement_probabilities` live in the dispatch layer above the wings
(:mod:`dominotiling.tasks.count`, :mod:`dominotiling.tasks.placement`): their method
records run this wing's checked routes and read :func:`estimated_seconds`. They are still
reachable here (``dominotiling.counting.count_tilings``), the same objects.

Examples
--------
>>> from dominotiling import Region
>>> choose_method(Region.rectangle(8, 8))
'transfer'
"""

from __future__ import annotations

import importlib

import numpy as np

from ..errors import TooLargeError
from . import kasteleyn, transfer

__all__ = [
    "count_tilings",
    "log_count",
    "placement_probabilities",
    "choose_placement",
    "choose_method",
    "estimated_seconds",
    "METHODS",
]

#: Counting methods by name.
METHODS = {"transfer": transfer.count_transfer, "kasteleyn": kasteleyn.count_kasteleyn}
#: Their routes on arguments checked by :func:`count_tilings`.
_CHECKED = {"transfer": transfer.count_checked, "kasteleyn": kasteleyn.count_checked}
#: Measured cost of each method, in seconds: ``fixed + units * (per_unit + per_op * ops)``
#: (see :func:`choose_method`). Fitted to warm ``count_tilings(..., method=...)`` times of 85
#: rectangles from 2 x 2 to 18 x 250 on a 2-vCPU AMD EPYC (the machine of
#: ``benchmarks/RESULTS.md``) by least squares on the logarithm of the time.
_COST = {
    # 0.20 ms to start; per cell and modulus: 100 ns, plus 0.28 ns per profile (2**w of them)
    "transfer": (2.03e-4, 9.99e-8, 2.79e-10),
    # Kasteleyn: the faster of its two eliminations, kasteleyn.elimination_seconds (the band's
    # model, fitted alike, is kasteleyn.BAND_COST)
}
#: Bits of the count per cell assumed by the cost model: Brègman's bound for cells with four
#: neighbours, ``log2(4!) / 8``, less ``1/w`` for the boundary of a region ``w`` wide.
_BITS_PER_CELL = 0.573


def estimated_seconds(region):
    """``{method: seconds}`` by :data:`_COST`, from the region's size and narrower side.

    A few microseconds: a choice must cost far less than the 0.2 ms the DP
    needs for a small board. The winner's memory is checked by the caller. The
    counting records of :mod:`dominotiling.tasks.count` read it as their cost.

    Parameters
    ----------
    region : Region
        A plane region.

    Returns
    -------
    dict
        ``{"transfer": seconds, "kasteleyn": seconds}``; ``"transfer"`` is left out
        where the DP cannot run (too wide, or its tables over the memory budget).

    See Also
    --------
    choose_method

    Examples
    --------
    >>> from dominotiling import Region
    >>> sorted(estimated_seconds(Region.rectangle(8, 8)))
    ['kasteleyn', 'transfer']
    >>> sorted(estimated_seconds(Region.rectangle(40, 40)))
    ['kasteleyn']
    """
    from .._options import memory_limit

    mask = region.mask
    rows = int(np.count_nonzero(mask.any(axis=1)))
    cols = int(np.count_nonzero(mask.any(axis=0)))
    if rows == 0:
        return {"transfer": 0.0, "kasteleyn": 0.0}
    w, length = min(rows, cols), max(rows, cols)
    cells = region.n_cells
    bits = 1.0 if w < 2 else _BITS_PER_CELL * cells * (1.0 - 1.0 / w)
    out = {}
    if w <= transfer.MAX_WIDTH and (1 << w) * 8 <= memory_limit():  # as transfer.cost_estimate
        lanes = 1 + int(max(0.0, bits - 64) // 62 + 1)  # moduli: 2**64, then one per 62 bits
        fixed, per_unit, per_op = _COST["transfer"]
        out["transfer"] = fixed + w * length * lanes * (per_unit + per_op * 2.0**w)
    primes = min(bits, cells / 2) / 26 + 1  # one prime below 2**26 per 26 bits
    out["kasteleyn"] = min(kasteleyn.elimination_seconds(cells, w, primes).values())
    return out


def choose_method(region):
    """The method ``count_tilings(region, method="auto")`` uses: the one measured to be faster.

    Each method's time is estimated from the region's size and narrower side
    by a cost model with its fixed cost included (:data:`_COST`), in a few
    microseconds; methods whose tables would not fit in memory (as
    ``transfer.cost_estimate`` and ``kasteleyn.cost_estimate`` say) are left
    out, and the smaller estimate wins.

    Parameters
    ----------
    region : Region
        A plane region.

    Returns
    -------
    str
        ``"transfer"`` or ``"kasteleyn"``.

    Raises
    ------
    TooLargeError
        If no method fits in memory, or the faster one is expected to take more
        than ten minutes (``dominotiling._options.MAX_SECONDS``; the 2 x 5,000,000
        strip: a count of a million digits).

    See Also
    --------
    count_tilings, log_count

    Notes
    -----
    With ``w`` the narrower side, ``c`` the cells, ``m`` the moduli of the DP
    and ``p`` the primes of the determinant (both from about
    ``0.573 * c * (1 - 1/w)`` bits of the count, Brègman's bound for a grid):

    - profile DP: ``0.20 ms + c * m * (100 ns + 0.28 ns * 2**w)``;
    - Kasteleyn: the smaller of the band, ``1.8 ms + c * p * (104 ns + 1.5 ns * (w/2 + 1)**2)``,
      and nested dissection, ``3 ms + c * 8 us + c * p * (120 ns + 1 ns * w)``
      (:func:`dominotiling.counting.kasteleyn.elimination_seconds`).

    The DP starts ten times faster, and its work doubles with each column of
    width. Measured crossovers: squares up to 12 x 12 go to the DP (8 x 8 in
    0.14 ms against 1.4 ms), from 14 x 14 on to Kasteleyn (16 x 16 in 3 ms
    against 11 ms); strips ``w x L`` go to the DP for any length up to 9 wide,
    up to ``L`` of about 250 when 10 wide, 60 when 11 wide, 40 when 12 wide
    and 20 when 13 wide. On each of the 85 measured rectangles the model picks
    the method that was faster; ``benchmarks/cases_display.py`` checks
    ``"auto"`` against both methods from 4 x 4 to 100 x 100.

    Examples
    --------
    >>> from dominotiling import Region
    >>> choose_method(Region.rectangle(8, 8)), choose_method(Region.rectangle(100, 100))
    ('transfer', 'kasteleyn')
    >>> choose_method(Region.rectangle(4, 1000))       # a long narrow strip
    'transfer'
    """
    costs = estimated_seconds(region)
    if "kasteleyn" in costs and (len(costs) == 1 or costs["kasteleyn"] < costs["transfer"]):
        if kasteleyn.cost_estimate(region) is None:  # its band would not fit in memory
            del costs["kasteleyn"]
    if not costs:
        raise TooLargeError(
            f"no counting method fits this region ({region.n_cells} cells) in memory: the "
            "profile DP needs a narrower side of at most 22 cells and the exact Kasteleyn "
            "determinant a band of a few GiB; log_count(region) gives the logarithm of the count"
        )
    best = min(costs, key=costs.get)
    from .._options import check_seconds

    check_seconds(
        costs[best],
        f"the exact count of this region ({region.n_cells} cells) by {best}, the faster method,",
        "log_count(region) for the logarithm of the count (seconds)",
    )
    return best


def __getattr__(name):
    # the front doors live in the dispatch layer above; their old home answers with the same objects
    if name in ("count_tilings", "log_count"):
        return getattr(importlib.import_module("dominotiling.tasks.count"), name)
    if name in ("placement_probabilities", "choose_placement", "PLACEMENT"):
        return getattr(importlib.import_module("dominotiling.tasks.placement"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
