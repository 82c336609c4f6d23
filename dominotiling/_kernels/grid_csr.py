"""Numba kernel building the black-white adjacency of a region in CSR form; see ``matching.py``.

The output follows the conventions of ``karp_sipser.py``.
"""

import numpy as np
from numba import njit

from .._interrupt import returns_arrays

# neighbour offsets in the order the adjacency lists keep them: down, right, up, left
# (the order measured best for the greedy start of the matching kernels on grids)
_DR = (1, 0, -1, 0)
_DC = (0, 1, 0, -1)


@njit(cache=True)
def grid_csr(mask):
    """``(black, white, b_ptr, b_adj, w_ptr, w_adj)`` of a 2-D bool ``mask``.

    Black cells (``(r + c)`` even) and white cells are numbered in row-major
    order; ``black``/``white`` (int64) hold their flat indices in ``mask``. The
    adjacency lists (int64 pointers, int32 targets) follow the order down,
    right, up, left.
    """
    rows, cols = mask.shape
    index = np.full(rows * cols, -1, np.int32)
    nb = 0
    nw = 0
    for r in range(rows):
        for c in range(cols):
            if mask[r, c]:
                if (r + c) % 2 == 0:
                    index[r * cols + c] = nb
                    nb += 1
                else:
                    index[r * cols + c] = nw
                    nw += 1
    black = np.empty(nb, np.int64)
    white = np.empty(nw, np.int64)
    b_ptr = np.zeros(nb + 1, np.int64)
    w_ptr = np.zeros(nw + 1, np.int64)
    b_adj = np.empty(4 * nb, np.int32)
    w_adj = np.empty(4 * nw, np.int32)
    for r in range(rows):
        for c in range(cols):
            if not mask[r, c]:
                continue
            i = index[r * cols + c]
            is_black = (r + c) % 2 == 0
            if is_black:
                black[i] = r * cols + c
                k = b_ptr[i]
            else:
                white[i] = r * cols + c
                k = w_ptr[i]
            for d in range(4):
                rr = r + _DR[d]
                cc = c + _DC[d]
                if 0 <= rr < rows and 0 <= cc < cols and mask[rr, cc]:
                    if is_black:
                        b_adj[k] = index[rr * cols + cc]
                    else:
                        w_adj[k] = index[rr * cols + cc]
                    k += 1
            if is_black:
                b_ptr[i + 1] = k
            else:
                w_ptr[i + 1] = k
    return black, white, b_ptr, b_adj[: b_ptr[nb]], w_ptr, w_adj[: w_ptr[nw]]


@njit(cache=True)
def matching_labels(mask, black, white, mate_b):
    """Tiling labels (int32, ``mask``'s shape) of a matching, ids in row-major order of first cells.

    ``-1`` outside ``mask``, ``-2`` an unmatched cell, ``k`` the ``k``-th domino met
    in row-major order: the numbering a Tiling keeps, so it has nothing to redo.
    """
    rows, cols = mask.shape
    n = rows * cols
    partner = np.full(n, -1, np.int64)
    for u in range(black.shape[0]):
        if mate_b[u] >= 0:
            a = black[u]
            b = white[mate_b[u]]
            partner[a] = b
            partner[b] = a
    labels = np.empty((rows, cols), np.int32)
    flat = labels.reshape(n)
    nxt = 0
    for i in range(n):
        r = i // cols
        flat[i] = -2 if mask[r, i - r * cols] else -1
    for i in range(n):
        p = partner[i]
        if p > i:
            flat[i] = nxt
            flat[p] = nxt
            nxt += 1
    return labels


# Ctrl-C during these calls is a KeyboardInterrupt, not numba's SystemError
# (dominotiling._interrupt.returns_arrays).
grid_csr = returns_arrays(grid_csr)
matching_labels = returns_arrays(matching_labels)
