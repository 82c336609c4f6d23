"""Array chores of the kernels as plain loops, compiled once and shared by every kernel.

numba turns an array statement inside a kernel -- a slice assignment ``a[:, :] = 0``, a
row copy ``out[i] = out[j]``, an in-place ``layer *= f``, ``layer.max()`` -- into a
general broadcasting or ufunc routine that it compiles again into each kernel that uses
it: seconds of a first call (issue 37 measured 2.8 s of ``profile_dp.layers_min``'s 3.7 s
in its row copy). These loops do the same in a few lines each; a kernel calls them, and
their machine code is compiled once per process for each array type.
"""

from __future__ import annotations

import numpy as np
from numba import njit

__all__ = [
    "fill1",
    "fill2",
    "copy_row",
    "store_row",
    "scale1",
    "divide1",
    "max1",
    "stable_argsort",
]


@njit(cache=True, nogil=True)
def fill1(a, value):
    """``a[:] = value`` for a 1-D array."""
    for i in range(a.shape[0]):
        a[i] = value


@njit(cache=True, nogil=True)
def fill2(a, value):
    """``a[:, :] = value`` for a 2-D array."""
    for i in range(a.shape[0]):
        for j in range(a.shape[1]):
            a[i, j] = value


@njit(cache=True, nogil=True)
def copy_row(out, dst, src):
    """``out[dst] = out[src]`` for a 2-D array."""
    for k in range(out.shape[1]):
        out[dst, k] = out[src, k]


@njit(cache=True, nogil=True)
def store_row(out, dst, row):
    """``out[dst, :] = row`` for a 2-D `out` and a 1-D `row` of its width."""
    for k in range(row.shape[0]):
        out[dst, k] = row[k]


@njit(cache=True, nogil=True)
def scale1(a, factor):
    """``a *= factor`` for a 1-D float array."""
    for i in range(a.shape[0]):
        a[i] *= factor


@njit(cache=True, nogil=True)
def divide1(a, divisor):
    """``a /= divisor`` for a 1-D float array (the same roundings as the array statement)."""
    for i in range(a.shape[0]):
        a[i] /= divisor


@njit(cache=True, nogil=True)
def max1(a):
    """``a.max()`` of a non-empty 1-D array."""
    top = a[0]
    for i in range(1, a.shape[0]):
        if a[i] > top:
            top = a[i]
    return top


@njit(cache=True, nogil=True)
def stable_argsort(keys):
    """``np.argsort(keys, kind="mergesort")`` of a 1-D array: a bottom-up merge sort, stable.

    numba's own ``argsort`` compiles its general sort into every kernel that calls it (more
    than a second of a first call each); this one is compiled once and shared.
    """
    n = keys.shape[0]
    order = np.empty(n, dtype=np.int64)
    for i in range(n):
        order[i] = i
    other = np.empty(n, dtype=np.int64)
    width = 1
    while width < n:
        for lo in range(0, n, 2 * width):
            mid = min(lo + width, n)
            hi = min(lo + 2 * width, n)
            a, b, k = lo, mid, lo
            while a < mid and b < hi:
                if keys[order[b]] < keys[order[a]]:  # ties keep the left run first: stable
                    other[k] = order[b]
                    b += 1
                else:
                    other[k] = order[a]
                    a += 1
                k += 1
            while a < mid:
                other[k] = order[a]
                a += 1
                k += 1
            while b < hi:
                other[k] = order[b]
                b += 1
                k += 1
        order, other = other, order
        width *= 2
    return order
