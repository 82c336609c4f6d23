"""Numba kernel of Wilson's algorithm: a uniform spanning tree by loop-erased random walks.

The graph is in CSR form (``indptr``, ``indices``); see ``dominotiling/trees.py``
for the public function :func:`~dominotiling.trees.kirchhoff.uniform_spanning_tree`, which
validates the input, draws the random numbers and calls this kernel.
"""

import numpy as np
from numba import njit


@njit(cache=True)
def uniform_spanning_tree(indptr, indices, nxt, in_tree, state, rand):
    """Run Wilson's algorithm on as many uniforms from ``rand`` as it needs or has.

    ``indptr`` (int32 or int64, n + 1) and ``indices`` (int32) are the adjacency lists;
    ``nxt`` (int32, n) receives each vertex's last exit, which is its parent once
    the vertex is in the tree; ``in_tree`` (bool, n) starts with the root alone;
    ``state`` (int64, 2) is ``(next start vertex, current walk position or -1)``,
    ``(0, -1)`` at first and ``(n, -1)`` when the tree spans the graph;
    ``rand`` (float64) holds uniforms in ``[0, 1)``, one per step of the walk.
    Returns how many uniforms were used; when it is ``len(rand)`` and
    ``state[0] < n``, call again with fresh uniforms to go on.
    """
    n = nxt.shape[0]
    i = state[0]
    u = state[1]
    used = 0
    m = rand.shape[0]
    while i < n:
        if u < 0:
            if in_tree[i]:
                i += 1
                continue
            u = i
        # walk from i until the tree is hit; a revisit overwrites the exit,
        # which erases the loop (only the last exit of each vertex counts)
        while not in_tree[u]:
            if used == m:
                state[0] = i
                state[1] = u
                return used
            start = indptr[u]
            deg = indptr[u + 1] - start
            v = indices[start + np.int64(rand[used] * deg)]
            used += 1
            nxt[u] = v
            u = v
        # retrace the loop-erased path from i along the last exits
        u = i
        while not in_tree[u]:
            in_tree[u] = True
            u = nxt[u]
        u = -1
        i += 1
    state[0] = n
    state[1] = -1
    return used
