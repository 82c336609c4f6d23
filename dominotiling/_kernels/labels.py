"""Numba kernel that numbers a tiling's dominoes in row-major order of first appearance; see ``model/tiling.py``.

``lab`` is the flat int64 array of labels (``-1`` outside, ``-2`` uncovered, ``k >= 0``
a domino id), ``out`` the flat int32 result, ``rank`` an int64 array indexed by the old
ids (``-1``: not seen yet), carried from one call to the next with the count
``seen[0]`` of ids met so far, so that the cells can come in ranges.
"""

from numba import njit


@njit(cache=True, nogil=True)
def renumber_range(lab, out, rank, seen, start, stop):
    """Cells ``start .. stop - 1``: each id gets the next number at its first appearance."""
    nxt = seen[0]
    for i in range(start, stop):
        v = lab[i]
        if v < 0:
            out[i] = v
            continue
        r = rank[v]
        if r < 0:
            r = nxt
            rank[v] = r
            nxt += 1
        out[i] = r
    seen[0] = nxt
