"""Numba kernel of König's alternating search (Hall violators); see ``matching.py``.

Array conventions as in ``karp_sipser.py``, written for sources and targets so
that the same kernel serves either colour: ``ptr``/``adj`` list the neighbours of
each source vertex, ``mate_s``/``mate_t`` a maximum matching.
"""

import numpy as np
from numba import njit

from .._interrupt import returns_arrays


@njit(cache=True)
def konig(ptr, adj, mate_s, mate_t, roots):
    """``(sources, targets)``: the alternating reach of the best of ``roots``.

    From a free source vertex, follow any edge to a target and a matching edge
    back. Every target reached is matched (the matching is maximum), so the
    sources reached have exactly one neighbour fewer than there are of them. Each
    root is tried; the smallest reach wins (the first on ties). Returns the
    reached source and target vertices (int32 arrays, in order of discovery).
    """
    n_s = ptr.shape[0] - 1
    n_t = mate_t.shape[0]
    seen_s = np.zeros(n_s, np.int32)
    seen_t = np.zeros(n_t, np.int32)
    queue_s = np.empty(n_s, np.int32)
    queue_t = np.empty(n_t, np.int32)
    best = -1
    best_size = n_s + 1
    for k in range(roots.shape[0] + 1):
        final = k == roots.shape[0]
        if final:
            if best < 0:
                break
            root = roots[best]
            limit = n_s + 1
        else:
            root = roots[k]
            limit = best_size  # a reach this large cannot win: stop early
        stamp = k + 1
        seen_s[root] = stamp
        queue_s[0] = root
        head = 0
        tail = 1
        n_tgt = 0
        while head < tail and tail < limit:
            v = queue_s[head]
            head += 1
            for e in range(ptr[v], ptr[v + 1]):
                t = adj[e]
                if seen_t[t] != stamp:
                    seen_t[t] = stamp
                    queue_t[n_tgt] = t
                    n_tgt += 1
                    y = mate_t[t]
                    if y >= 0 and seen_s[y] != stamp:
                        seen_s[y] = stamp
                        queue_s[tail] = y
                        tail += 1
        if final:
            return queue_s[:tail].copy(), queue_t[:n_tgt].copy()
        if head == tail and tail < best_size:
            best = k
            best_size = tail
    return queue_s[:0].copy(), queue_t[:0].copy()


# Ctrl-C during these calls is a KeyboardInterrupt, not numba's SystemError
# (dominotiling._interrupt.returns_arrays).
konig = returns_arrays(konig)
