"""Rigorous upper bounds on the number of tilings of a mask, from run lengths and degrees.

How many moduli an exact count needs follows from these bounds: the transfer-matrix
bound of the rows and columns (Fibonacci numbers of the runs of cells) and
Brègman's bound on the permanent (:func:`dominotiling._exact.bregman_log2_bound`),
both from one pass of :func:`dominotiling._kernels.bounds.bound_tallies`.

Examples
--------
>>> import numpy as np
>>> from dominotiling.model.bounds import tiling_log2_bound
>>> tiling_log2_bound(np.ones((1, 50), dtype=bool))
1.0
"""

from __future__ import annotations

import math

import numpy as np

from .._exact import bregman_log2_tallies

__all__ = ["row_log2_bound", "tiling_log2_bound"]


# log2 of phi = (1 + sqrt 5) / 2, rounded up: F(L + 1) <= phi**L for every L >= 0
_LOG2_PHI_UP = 0.6942419136306175


_FIB_EXACT = 90  # F(L + 1) as an exact int up to this run length


def row_log2_bound(mask):
    """The transfer-matrix bound on log2 of the number of tilings, row by row (or column by column).

    Sweep the region row by row as the profile DP does. Whatever the dominoes
    sticking into a row from above, the cells of the row left free are covered
    by vertical dominoes pointing down (one choice per cell) or horizontal ones
    inside the row: at most ``F(L + 1)`` ways for a run of ``L`` free cells (the
    Fibonacci numbers count tilings of a ``1 x L`` strip by monomers and
    dimers), and cells covered from above only split runs, which never adds ways
    (``F(a + 1) F(b + 1) <= F(a + b + 1)``). A tiling is fixed by these choices,
    so the number of tilings is at most the product of ``F(L + 1)`` over the
    maximal runs of cells of every row -- and likewise over the columns; the
    smaller of the two is returned.

    It is exact for one-cell-wide strips (bound 1: ``0`` bits, where
    Brègman's bound says a quarter bit per cell); on ``2 x n`` strips it gives
    ``n`` bits, Brègman's ``0.86 n``, the truth ``0.69 n``.
    :func:`tiling_log2_bound` takes the better of the two.

    Parameters
    ----------
    mask : array_like of bool, 2-D

    Returns
    -------
    float
        ``B`` with ``number of tilings <= 2**B`` (one bit of slack covers the
        float sums' rounding).

    Examples
    --------
    >>> row_log2_bound(np.ones((1, 1000), dtype=bool))    # a 1 x 1000 strip: one tiling
    1.0
    >>> 2**row_log2_bound(np.ones((3, 2), dtype=bool)) >= 3    # a 3 x 2 box: 3 tilings
    True
    """
    from .._kernels.bounds import bound_tallies

    row_runs, col_runs, _ = bound_tallies(np.ascontiguousarray(mask, dtype=bool))
    return _runs_log2(row_runs, col_runs)


def _runs_log2(row_runs, col_runs):
    """The row bound from tallies of run lengths (``runs[L]`` runs of ``L`` cells)."""
    best = math.inf
    for tally in (row_runs, col_runs):
        lengths = np.flatnonzero(tally)
        terms = []
        for length, count in zip(lengths.tolist(), tally[lengths].tolist()):
            if length <= _FIB_EXACT:
                a, b = 1, 1  # F(1), F(2)
                for _ in range(length):
                    a, b = b, a + b
                bits = math.log2(a)  # a = F(length + 1)
            else:
                bits = length * _LOG2_PHI_UP
            terms.append(count * bits)
        best = min(best, math.fsum(terms))  # one rounding per term, one for the sum
    return best * (1 + 1e-12) + 1.0 if best != math.inf else 0.0


def tiling_log2_bound(mask):
    """The best rigorous bound on log2 of the number of tilings of a mask: Brègman's or the row bound.

    ``min(bregman_log2_bound(...), row_log2_bound(mask))``: Brègman's bound on the
    permanent of the black-white adjacency matrix is the tighter one on wide
    regions (about ``0.43`` bits per cell of a large square, for a true ``0.42``),
    the transfer-matrix bound of :func:`row_log2_bound` on thin strips (``0`` bits
    for a ``1 x n`` strip, where Brègman's is ``n / 4``). The number of moduli of
    an exact count follows from it.

    Examples
    --------
    >>> tiling_log2_bound(np.ones((1, 10**6), dtype=bool))
    1.0
    >>> import math
    >>> tiling_log2_bound(np.ones((8, 8), dtype=bool)) >= math.log2(12988816)
    True
    """
    from .._kernels.bounds import bound_tallies

    m = np.ascontiguousarray(mask, dtype=bool)
    if not m.any():
        return 0.0
    row_runs, col_runs, degrees = bound_tallies(m)
    return min(bregman_log2_tallies(degrees[0], degrees[1]), _runs_log2(row_runs, col_runs))
