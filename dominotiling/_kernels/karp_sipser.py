"""Numba kernel of the Karp--Sipser heuristic: a near-maximum initial matching.

Conventions shared by the matching kernels (``karp_sipser``, ``hopcroft_karp``,
``pothen_fan``, ``kuhn``, ``konig``):

- The graph is bipartite between *black* vertices ``0 .. nb-1`` and *white*
  vertices ``0 .. nw-1``, given twice in CSR form: ``b_ptr`` (int64, ``nb + 1``)
  and ``b_adj`` (int32) list the white neighbours of each black vertex;
  ``w_ptr``/``w_adj`` the black neighbours of each white one.
- A matching is a pair of int32 arrays ``mate_b`` (``nb``) and ``mate_w`` (``nw``),
  ``-1`` for a free vertex; ``mate_w[mate_b[u]] == u`` for every matched ``u``.
- ``order`` (int32, a permutation of ``0 .. nb-1``) is the order in which black
  vertices are tried; it is how a seed reaches the kernels.
- Everything is iterative (explicit stacks and queues), never recursive.
"""

import numpy as np
from numba import njit


@njit(cache=True)
def karp_sipser(b_ptr, b_adj, w_ptr, w_adj, order):
    """``(mate_b, mate_w)``: a maximal matching built by the Karp--Sipser rules.

    Rule 1: while some vertex has exactly one free neighbour left, match the two
    (this edge is in some maximum matching). Rule 2: otherwise match the next free
    black vertex of ``order`` to its free neighbour with the fewest free
    neighbours left (the first such in CSR order).
    """
    nb = b_ptr.shape[0] - 1
    nw = w_ptr.shape[0] - 1
    mate_b = np.full(nb, -1, np.int32)
    mate_w = np.full(nw, -1, np.int32)
    deg_b = np.empty(nb, np.int32)
    deg_w = np.empty(nw, np.int32)
    # queue of vertices of degree one: black v as v, white w as nb + w
    # a vertex enters the queue at most once: when its free degree first equals one
    queue = np.empty(nb + nw + 1, np.int64)
    head = 0
    tail = 0
    for u in range(nb):
        deg_b[u] = b_ptr[u + 1] - b_ptr[u]
        if deg_b[u] == 1:
            queue[tail] = u
            tail += 1
    for w in range(nw):
        deg_w[w] = w_ptr[w + 1] - w_ptr[w]
        if deg_w[w] == 1:
            queue[tail] = nb + w
            tail += 1
    nxt = 0
    while True:
        if head < tail:
            v = queue[head]
            head += 1
            if v < nb:
                if mate_b[v] >= 0 or deg_b[v] != 1:
                    continue
                u = v
                w = -1
                for e in range(b_ptr[u], b_ptr[u + 1]):
                    if mate_w[b_adj[e]] < 0:
                        w = b_adj[e]
                        break
            else:
                w = v - nb
                if mate_w[w] >= 0 or deg_w[w] != 1:
                    continue
                u = -1
                for e in range(w_ptr[w], w_ptr[w + 1]):
                    if mate_b[w_adj[e]] < 0:
                        u = w_adj[e]
                        break
        else:
            while nxt < nb and (mate_b[order[nxt]] >= 0 or deg_b[order[nxt]] == 0):
                nxt += 1
            if nxt == nb:
                break
            u = order[nxt]
            w = -1
            for e in range(b_ptr[u], b_ptr[u + 1]):
                x = b_adj[e]
                if mate_w[x] < 0 and (w < 0 or deg_w[x] < deg_w[w]):
                    w = x
        if u < 0 or w < 0:
            continue
        mate_b[u] = w
        mate_w[w] = u
        # the neighbours of u and w lose a free neighbour
        for e in range(b_ptr[u], b_ptr[u + 1]):
            x = b_adj[e]
            if mate_w[x] < 0:
                deg_w[x] -= 1
                if deg_w[x] == 1:
                    queue[tail] = nb + x
                    tail += 1
        for e in range(w_ptr[w], w_ptr[w + 1]):
            y = w_adj[e]
            if mate_b[y] < 0:
                deg_b[y] -= 1
                if deg_b[y] == 1:
                    queue[tail] = y
                    tail += 1
    return mate_b, mate_w
