"""Numba kernels of the double-dimer statistics; see ``statistics.py``.

Conventions: ``lab1`` and ``lab2`` are the C-contiguous int32 ``labels`` of two
complete tilings of one region (``-1`` outside, the domino id otherwise). Cells
have flat index ``r * cols + c``. A *component* of the superposition is a loop
(cells alternately paired by the two tilings) or a doubled domino.
"""

import numpy as np
from numba import njit

from .._interrupt import returns_arrays


@njit(cache=True)
def _partners(lab):
    """Flat index of the cell that shares each cell's domino (-1 outside)."""
    rows, cols = lab.shape
    out = np.full(rows * cols, -1, np.int64)
    for r in range(rows):
        for c in range(cols):
            k = lab[r, c]
            if k < 0:
                continue
            if c + 1 < cols and lab[r, c + 1] == k:
                out[r * cols + c] = r * cols + c + 1
                out[r * cols + c + 1] = r * cols + c
            elif r + 1 < rows and lab[r + 1, c] == k:
                out[r * cols + c] = (r + 1) * cols + c
                out[(r + 1) * cols + c] = r * cols + c
    return out


@returns_arrays
@njit(cache=True)
def double_dimer(lab1, lab2):
    """Loops of the superposition of two tilings.

    Returns ``(ids, order, offsets)``: ``ids`` int32 ``(rows, cols)``, the loop of
    each cell (loops numbered by their first cell in row-major order), -2 on a
    doubled domino, -1 outside; ``order`` the flat indices of the loops' cells,
    loop after loop, each in the order of a walk starting at its first cell and
    leaving it along its ``lab1`` domino; ``offsets`` int64 ``(loops + 1,)``, loop
    ``k`` is ``order[offsets[k]:offsets[k + 1]]``.
    """
    rows, cols = lab1.shape
    p1 = _partners(lab1)
    p2 = _partners(lab2)
    ids = np.full(rows * cols, -1, np.int32)
    order = np.empty(rows * cols, np.int64)
    offsets = np.empty(rows * cols // 4 + 2, np.int64)
    offsets[0] = 0
    n_loops = 0
    pos = 0
    for v in range(rows * cols):
        if p1[v] < 0 or ids[v] != -1:
            continue
        if p1[v] == p2[v]:
            ids[v] = -2
            ids[p1[v]] = -2
            continue
        u = v
        first = True
        while u != v or first:
            first = False
            ids[u] = n_loops
            order[pos] = u
            w = p1[u]
            ids[w] = n_loops
            order[pos + 1] = w
            pos += 2
            u = p2[w]
        n_loops += 1
        offsets[n_loops] = pos
    return ids.reshape(rows, cols), order[:pos].copy(), offsets[: n_loops + 1].copy()


@returns_arrays
@njit(cache=True)
def nesting_depths(ids, lab1, lab2, firsts):
    """How many other loops surround each loop.

    Loop ``k`` is tested at a point just below and right of the centre of its
    first cell ``(r, c)``; a loop surrounds that point when a ray from it to the
    right crosses the loop's vertical edges (between rows ``r`` and ``r + 1``, in
    columns ``> c``) an odd number of times. One right-to-left sweep per row
    boundary, ``O(cells)`` in all.
    """
    rows, cols = ids.shape
    n_loops = firsts.shape[0]
    depth = np.zeros(n_loops, np.int64)
    parity = np.zeros(n_loops, np.uint8)
    toggled = np.empty(cols, np.int64)
    start = np.full(rows * cols, -1, np.int64)
    for k in range(n_loops):
        start[firsts[k]] = k
    for r in range(rows):
        odd = 0
        nt = 0
        for c in range(cols - 1, -1, -1):
            k = ids[r, c]
            if start[r * cols + c] >= 0:  # the first cell of loop k in row-major order
                depth[k] = odd - parity[k]
            if (
                r + 1 < rows
                and k >= 0
                and ids[r + 1, c] == k
                and (lab1[r, c] == lab1[r + 1, c] or lab2[r, c] == lab2[r + 1, c])
            ):
                if parity[k] == 0:
                    parity[k] = 1
                    odd += 1
                else:
                    parity[k] = 0
                    odd -= 1
                toggled[nt] = k
                nt += 1
        for i in range(nt):
            parity[toggled[i]] = 0
    return depth


@returns_arrays
@njit(cache=True)
def lower_solve_units(indptr, indices, data, starts):
    """``Y[:, k] = T^{-1} e_{starts[k]}`` for a lower-triangular CSC matrix ``T`` (``indptr, indices, data``).

    Column-oriented forward substitution that skips the zero entries of the
    solution, so each column costs only the nonzeros of ``T`` in the columns the
    unit vector reaches (Gilbert and Peierls' observation), not all of ``T``.
    """
    n = indptr.shape[0] - 1
    k = starts.shape[0]
    out = np.zeros((n, k))
    for col in range(k):
        y = out[:, col]
        y[starts[col]] = 1.0
        for j in range(starts[col], n):
            if y[j] == 0.0:
                continue
            d = 1.0
            for p in range(indptr[j], indptr[j + 1]):
                if indices[p] == j:
                    d = data[p]
            y[j] /= d
            yj = y[j]
            for p in range(indptr[j], indptr[j + 1]):
                i = indices[p]
                if i > j:
                    y[i] -= data[p] * yj
    return out


@returns_arrays
@njit(cache=True)
def sparse_gram(z, y):
    """``z.T @ y`` for two ``(n, k)`` C-contiguous float arrays whose columns are mostly zeros."""
    n, k = z.shape
    out = np.zeros((k, y.shape[1]))
    for i in range(n):
        row = y[i]
        for e in range(k):
            v = z[i, e]
            if v != 0.0:
                for f in range(y.shape[1]):
                    out[e, f] += v * row[f]
    return out
