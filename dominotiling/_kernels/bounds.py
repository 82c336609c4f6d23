"""Numba kernel: the tallies behind the bounds on the number of tilings; see ``_exact.py``.

One pass over a ``bool`` mask counts the maximal runs of cells of each length along
the rows and along the columns (the transfer-matrix bound), and the cells of each
colour by degree (Brègman's bound).
"""

import numpy as np
from numba import njit

from .._interrupt import returns_arrays


@njit(cache=True)
def bound_tallies(mask):
    """``(row_runs, col_runs, degrees)`` of a 2-D bool mask.

    ``row_runs[L]`` (int64, length ``cols + 1``) is the number of maximal runs of
    ``L`` cells along the rows, ``col_runs[L]`` (length ``rows + 1``) the same
    along the columns; ``degrees[k, d]`` (int64 ``(2, 5)``) the number of cells of
    colour ``k`` (0: black, ``(row + col)`` even) with ``d`` neighbours in the mask.
    """
    rows, cols = mask.shape
    row_runs = np.zeros(cols + 1, dtype=np.int64)
    col_runs = np.zeros(rows + 1, dtype=np.int64)
    degrees = np.zeros((2, 5), dtype=np.int64)
    down = np.zeros(cols, dtype=np.int64)  # current vertical run in each column
    for r in range(rows):
        run = 0
        for c in range(cols):
            if mask[r, c]:
                run += 1
                down[c] += 1
                d = 0
                if r > 0 and mask[r - 1, c]:
                    d += 1
                if r + 1 < rows and mask[r + 1, c]:
                    d += 1
                if c > 0 and mask[r, c - 1]:
                    d += 1
                if c + 1 < cols and mask[r, c + 1]:
                    d += 1
                degrees[(r + c) & 1, d] += 1
            else:
                if run:
                    row_runs[run] += 1
                    run = 0
                if down[c]:
                    col_runs[down[c]] += 1
                    down[c] = 0
        if run:
            row_runs[run] += 1
    for c in range(cols):
        if down[c]:
            col_runs[down[c]] += 1
    return row_runs, col_runs, degrees


# Ctrl-C during these calls is a KeyboardInterrupt, not numba's SystemError
# (dominotiling._interrupt.returns_arrays).
bound_tallies = returns_arrays(bound_tallies)
