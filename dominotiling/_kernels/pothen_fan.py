"""Numba kernel of Pothen--Fan+ maximum bipartite matching; see ``matching.py``.

Array conventions as in ``karp_sipser.py``.
"""

import numpy as np
from numba import njit

from .._interrupt import returns_arrays
from .augment import augment
from .karp_sipser import karp_sipser


@njit(cache=True)
def pothen_fan(b_ptr, b_adj, w_ptr, w_adj, order):
    """``(mate_b, mate_w, phases)``: a maximum matching by Pothen--Fan+ after Karp--Sipser.

    Each phase runs a depth-first search from every free black vertex, with white
    vertices marked visited for the whole phase (so the paths found are disjoint).
    Lookahead: before descending from a black vertex, its free white neighbours are
    looked for with a pointer that never moves back (a matched white stays matched).
    Fairness: odd phases scan adjacency lists forwards, even phases backwards.
    Phases repeat until one finds no augmenting path.
    """
    nb = b_ptr.shape[0] - 1
    nw = w_ptr.shape[0] - 1
    mate_b, mate_w = karp_sipser(b_ptr, b_adj, w_ptr, w_adj, order)
    visited = np.zeros(nw, np.int32)
    look = b_ptr[:-1].copy()
    free = np.empty(nb, np.int32)
    n_free = 0
    for i in range(nb):
        u = order[i]
        if mate_b[u] < 0 and b_ptr[u + 1] > b_ptr[u]:
            free[n_free] = u
            n_free += 1
    stack = np.empty(nb + 1, np.int32)
    pos = np.empty(nb + 1, np.int64)
    phase = 0
    while n_free > 0:
        phase += 1
        forward = phase % 2 == 1
        augmented = 0
        for i in range(n_free):
            root = free[i]
            depth = 0
            stack[0] = root
            pos[0] = b_ptr[root] if forward else b_ptr[root + 1] - 1
            while depth >= 0:
                v = stack[depth]
                # lookahead: a free white neighbour ends the search at once
                end = b_ptr[v + 1]
                w = -1
                while look[v] < end:
                    x = b_adj[look[v]]
                    look[v] += 1
                    if mate_w[x] < 0:
                        w = x
                        break
                if w >= 0:
                    visited[w] = phase
                    augment(stack, depth, w, mate_b, mate_w)
                    augmented += 1
                    break
                # depth-first step to an unvisited (necessarily matched) white
                pushed = False
                if forward:
                    while pos[depth] < end:
                        x = b_adj[pos[depth]]
                        pos[depth] += 1
                        if visited[x] != phase:
                            visited[x] = phase
                            pushed = True
                            break
                else:
                    start = b_ptr[v]
                    while pos[depth] >= start:
                        x = b_adj[pos[depth]]
                        pos[depth] -= 1
                        if visited[x] != phase:
                            visited[x] = phase
                            pushed = True
                            break
                if pushed:
                    y = mate_w[x]
                    depth += 1
                    stack[depth] = y
                    pos[depth] = b_ptr[y] if forward else b_ptr[y + 1] - 1
                else:
                    depth -= 1
        if augmented == 0:
            break
        kept = 0
        for i in range(n_free):
            if mate_b[free[i]] < 0:
                free[kept] = free[i]
                kept += 1
        n_free = kept
    return mate_b, mate_w, phase


# Ctrl-C during these calls is a KeyboardInterrupt, not numba's SystemError
# (dominotiling._interrupt.returns_arrays).
pothen_fan = returns_arrays(pothen_fan)
