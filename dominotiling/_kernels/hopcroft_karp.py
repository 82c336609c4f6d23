"""Numba kernel of Hopcroft--Karp maximum bipartite matching; see ``matching.py``.

Array conventions as in ``karp_sipser.py``.
"""

import numpy as np
from numba import njit

from .._interrupt import returns_arrays
from .augment import augment
from .karp_sipser import karp_sipser

_INF = np.int32(2**31 - 1)


@njit(cache=True)
def hopcroft_karp(b_ptr, b_adj, w_ptr, w_adj, order):
    """``(mate_b, mate_w, phases)``: a maximum matching by Hopcroft--Karp after Karp--Sipser.

    Each phase: a breadth-first search from all free black vertices layers the
    black vertices by alternating distance, up to the first layer ``L`` with a
    free white neighbour; then a depth-first search along the layers (explicit
    stack, one edge pointer per vertex, dead vertices dropped) augments a maximal
    set of vertex-disjoint shortest augmenting paths.
    """
    nb = b_ptr.shape[0] - 1
    mate_b, mate_w = karp_sipser(b_ptr, b_adj, w_ptr, w_adj, order)
    dist = np.empty(nb, np.int32)
    queue = np.empty(nb, np.int32)
    it = np.empty(nb, np.int64)
    stack = np.empty(nb + 1, np.int32)
    phases = 0
    while True:
        # ---- BFS layering
        tail = 0
        for i in range(nb):
            u = order[i]
            if mate_b[u] < 0:
                dist[u] = 0
                queue[tail] = u
                tail += 1
            else:
                dist[u] = _INF
        limit = _INF
        head = 0
        while head < tail:
            u = queue[head]
            head += 1
            if dist[u] >= limit:
                continue
            for e in range(b_ptr[u], b_ptr[u + 1]):
                y = mate_w[b_adj[e]]
                if y < 0:
                    if limit == _INF:
                        limit = dist[u]
                elif dist[y] == _INF:
                    dist[y] = dist[u] + 1
                    queue[tail] = y
                    tail += 1
        if limit == _INF:
            break
        phases += 1
        # ---- DFS along the layers from every free black vertex
        for i in range(nb):
            it[i] = b_ptr[i]
        for i in range(nb):
            root = order[i]
            if mate_b[root] >= 0 or dist[root] != 0:
                continue
            depth = 0
            stack[0] = root
            while depth >= 0:
                v = stack[depth]
                end = b_ptr[v + 1]
                dv = dist[v]
                moved = False
                while it[v] < end:
                    w = b_adj[it[v]]
                    it[v] += 1
                    y = mate_w[w]
                    if y < 0:
                        if dv == limit:
                            # augment along the stack, then retire its vertices
                            augment(stack, depth, w, mate_b, mate_w)
                            for d in range(depth + 1):
                                dist[stack[d]] = _INF
                            depth = -1
                            moved = True
                            break
                    elif dv < limit and dist[y] == dv + 1:
                        depth += 1
                        stack[depth] = y
                        moved = True
                        break
                if not moved:
                    dist[v] = _INF  # dead end for the rest of this phase
                    depth -= 1
    return mate_b, mate_w, phases


# Ctrl-C during these calls is a KeyboardInterrupt, not numba's SystemError
# (dominotiling._interrupt.returns_arrays).
hopcroft_karp = returns_arrays(hopcroft_karp)
