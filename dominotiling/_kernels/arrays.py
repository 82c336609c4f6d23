"""Array chores of the kernels as plain loops, compiled once and shared by every kernel.

numba turns an array statement inside a kernel -- a slice assignment ``a[:, :] = 0``, a
row copy ``out[i] = out[j]``, an in-place ``layer *= f``, ``layer.max()`` -- into a
general broadcasting or ufunc routine that it compiles again into each kernel that uses
it: seconds of a first call (issue 37 measured 2.8 s of ``profile_dp.layers_min``'s 3.7 s
in its row copy). These loops do the same in a few lines each; a kernel calls them, and
their machine code is compiled once per process for each array type.
"""

from __future__ import annotations

from numba import njit

__all__ = ["fill1", "fill2", "copy_row", "store_row", "scale1", "divide1", "max1"]


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
