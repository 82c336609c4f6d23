"""Numba kernel of Temperley's bijection on the grid; see ``temperley.py``.

The ``m x n`` grid graph lives on the ``(2m-1) x (2n-1)`` board: vertex ``(i, j)`` is
cell ``(2i, 2j)``, the edge between two vertices is the cell between them, and the
inner face with top-left vertex ``(i, j)`` is cell ``(2i+1, 2j+1)``. Vertex ``v`` is
``(v // n, v % n)``.
"""

import numpy as np
from numba import njit

from .._interrupt import returns_arrays

#: Status codes of :func:`tree_to_tiling` (``info`` says which vertex or cell).
OK, BAD_PARENT, ROOTS, CYCLE, DOUBLE_EDGE, NOT_SPANNING = 0, 1, 2, 3, 4, 5


@njit(cache=True)
def tree_to_tiling(parent, m, n):
    """``(labels, status, info)`` for a parent array of the ``m x n`` grid (any root).

    ``parent`` int64 of length ``m*n`` (``-1`` at the root), copied and re-rooted at
    vertex 0. ``labels`` int32 ``(2m-1, 2n-1)``: ``-1`` at cell (0, 0), vertex ``v``'s
    domino ``v``, face ``k``'s domino ``m*n + k``, ``-2`` where nothing landed.
    """
    big = m * n
    rows, cols = 2 * m - 1, 2 * n - 1
    labels = np.full((rows, cols), -2, dtype=np.int32)
    par = parent.copy()
    n_roots = 0
    for v in range(big):
        p = par[v]
        if p == -1:
            n_roots += 1
            continue
        if p < 0 or p >= big:
            return labels, BAD_PARENT, v
        di = v // n - p // n
        dj = v % n - p % n
        if abs(di) + abs(dj) != 1:
            return labels, BAD_PARENT, v
    if n_roots != 1:
        return labels, ROOTS, n_roots
    # re-root at vertex 0: reverse the pointers on the path from 0 to the old root
    cur, steps = 0, 0
    while par[cur] != -1:
        cur = par[cur]
        steps += 1
        if steps > big:
            return labels, CYCLE, 0
    prev, cur = -1, 0
    while cur != -1:
        nxt = par[cur]
        par[cur] = prev
        prev = cur
        cur = nxt
    labels[0, 0] = -1
    for v in range(1, big):
        p = par[v]
        i, j, pi, pj = v // n, v % n, p // n, p % n
        if labels[i + pi, j + pj] != -2:
            return labels, DOUBLE_EDGE, v
        labels[2 * i, 2 * j] = v
        labels[i + pi, j + pj] = v
    # the dual tree: BFS from the outer face over the edge cells no vertex took
    queue = np.empty(max((m - 1) * (n - 1), 1) * 2, dtype=np.int64)
    head, tail = 0, 0
    if m > 1 and n > 1:
        for side in range(4):
            count = n - 1 if side < 2 else m - 1
            for k in range(count):
                if side == 0:
                    er, ec, fr, fc = 0, 2 * k + 1, 1, 2 * k + 1
                elif side == 1:
                    er, ec, fr, fc = rows - 1, 2 * k + 1, rows - 2, 2 * k + 1
                elif side == 2:
                    er, ec, fr, fc = 2 * k + 1, 0, 2 * k + 1, 1
                else:
                    er, ec, fr, fc = 2 * k + 1, cols - 1, 2 * k + 1, cols - 2
                if labels[er, ec] == -2 and labels[fr, fc] == -2:
                    lab = big + (fr // 2) * (n - 1) + fc // 2
                    labels[er, ec] = lab
                    labels[fr, fc] = lab
                    queue[tail] = fr * cols + fc
                    tail += 1
        while head < tail:
            cell = queue[head]
            head += 1
            r, c = cell // cols, cell % cols
            for d in range(4):
                dr = (-1, 1, 0, 0)[d]
                dc = (0, 0, -1, 1)[d]
                gr, gc = r + 2 * dr, c + 2 * dc
                if gr < 0 or gr >= rows or gc < 0 or gc >= cols:
                    continue  # the outer face: reached only from the initial scan
                if labels[r + dr, c + dc] == -2 and labels[gr, gc] == -2:
                    lab = big + (gr // 2) * (n - 1) + gc // 2
                    labels[r + dr, c + dc] = lab
                    labels[gr, gc] = lab
                    queue[tail] = gr * cols + gc
                    tail += 1
    for r in range(rows):
        for c in range(cols):
            if labels[r, c] == -2:
                return labels, NOT_SPANNING, r * cols + c
    return labels, OK, 0


# Ctrl-C during these calls is a KeyboardInterrupt, not numba's SystemError
# (dominotiling._interrupt.returns_arrays).
tree_to_tiling = returns_arrays(tree_to_tiling)
