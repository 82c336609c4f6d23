"""Numba kernels of the perfect t-embedding of the Aztec diamond; see ``aztec/t_embedding.py``.

Layout (that of ``faces.py``): the dual vertices ``(x, y)`` of one parity of
``x + y`` are the blocks of the even orders, the others those of the odd orders.
Block ``(i, j)`` of order ``k`` is the dual vertex ``(x, y) = (j - i, k - 1 - i -
j)``; it lives at ``[o + i, o + j]`` of its parity's array, the offset ``o``
shrinking by one every two orders, and its four neighbours are the order
``k - 1`` blocks ``(i - 1, j - 1)`` above it (N), ``(i, j)`` below (S), ``(i, j -
1)`` to its left (W) and ``(i - 1, j)`` to its right (E). Both the embedding
``T`` and the origami map ``O`` (planes 0 and 1) satisfy the same recurrence.
"""

import numpy as np
from numba import njit


@njit(cache=True, nogil=True)
def t_level(cur, oth, oc, oo, k, q, rmod, cmod, corners, lo, hi):
    """Rows ``lo <= i < hi`` of the step to order `k`, in place.

    ``cur``: complex128 ``(m, a, a)`` planes holding the order-`k` blocks at
    ``[:, oc + i, oc + j]`` (their values at order ``k - 2`` on entry, at order `k`
    on exit); ``oth``: the order ``k - 1`` blocks at ``[:, oo + i, oo + j]``;
    ``q[rmod[i], cmod[j]]``: the probability of a horizontal pair of block
    ``(i, j)`` at level `k`; ``corners[:, 0:4]``: the values at the E, N, W, S
    corners. Interior blocks move by ``q (W + E) + (1 - q) (N + S) - old``; a block
    of the outer ring (``i`` or ``j`` is 0 or ``k - 1``) is new, on the segment
    between its two neighbours inside (or its neighbour and a corner): ``(1 - q)``
    on the vertical one, ``q`` on the horizontal one. The rows are independent.
    """
    m = cur.shape[0]
    last = k - 1
    for i in range(lo, hi):
        qi = rmod[i]
        if 0 < i < last:  # the blocks inside: one tight loop per plane
            for t in range(m):
                up = oth[t, oo + i - 1]
                row = oth[t, oo + i]
                out = cur[t, oc + i]
                for j in range(1, last):
                    qq = q[qi, cmod[j]]
                    out[oc + j] = (
                        qq * (row[oo + j - 1] + up[oo + j])
                        + (1.0 - qq) * (up[oo + j - 1] + row[oo + j])
                        - out[oc + j]
                    )
        for j in range(k):
            if 0 < i < last and 0 < j < last:
                continue
            qq = q[qi, cmod[j]]
            pp = 1.0 - qq
            a = oc + i
            b = oc + j
            for t in range(m):
                if k == 1:  # the centre, never reached: the caller sets order 1
                    continue
                if i == 0:
                    if j == 0:  # the top axis: between the one below and the N corner
                        val = pp * oth[t, oo, oo] + qq * corners[t, 1]
                    elif j == last:  # the right axis: the E corner and the one to the left
                        val = pp * corners[t, 0] + qq * oth[t, oo, oo + j - 1]
                    else:  # north-east side: below (S) and left (W)
                        val = pp * oth[t, oo, oo + j] + qq * oth[t, oo, oo + j - 1]
                elif i == last:
                    if j == 0:  # the left axis: the W corner and the one to the right
                        val = pp * corners[t, 2] + qq * oth[t, oo + i - 1, oo]
                    elif j == last:  # the bottom axis: the one above and the S corner
                        val = pp * oth[t, oo + i - 1, oo + j - 1] + qq * corners[t, 3]
                    else:  # south-west side: above (N) and right (E)
                        val = pp * oth[t, oo + i - 1, oo + j - 1] + qq * oth[t, oo + i - 1, oo + j]
                elif j == 0:  # north-west side: below (S) and right (E)
                    val = pp * oth[t, oo + i, oo] + qq * oth[t, oo + i - 1, oo]
                else:  # south-east side: above (N) and left (W)
                    val = pp * oth[t, oo + i - 1, oo + j - 1] + qq * oth[t, oo + i, oo + j - 1]
                cur[t, a, b] = val


@njit(cache=True, nogil=True)
def gauge_bfs(tail, head, value, start, indptr, adj, gauge, seen):
    """Complex gauge ``g`` with ``value[e] = g[tail[e]] * g[head[e]]`` on a spanning tree, from ``start``.

    ``indptr``, ``adj``: the edges at each vertex (CSR, edge indices); ``gauge``
    (complex128) and ``seen`` (bool) are filled in; ``g[start] = 1``; an edge whose
    value is NaN is not walked. Returns the number of vertices reached.
    """
    queue = np.empty(gauge.shape[0], np.int64)
    queue[0] = start
    gauge[start] = 1.0
    seen[start] = True
    top, count = 1, 1
    pos = 0
    while pos < top:
        v = queue[pos]
        pos += 1
        for s in range(indptr[v], indptr[v + 1]):
            e = adj[s]
            u = head[e] if tail[e] == v else tail[e]
            if seen[u] or not np.isfinite(value[e].real):  # NaN: an edge not to step over
                continue
            gauge[u] = value[e] / gauge[v]
            seen[u] = True
            queue[top] = u
            top += 1
            count += 1
    return count


@njit(cache=True, nogil=True)
def spanning_forest(tail, head, order, n_vertices):
    """The edges of a spanning forest taken greedily in `order` (Kruskal): bool per edge.

    With `order` the edges by decreasing length, the gauge is read along the
    longest edges, where the rounding of ``dT`` matters least.
    """
    parent = np.arange(n_vertices)
    keep = np.zeros(tail.shape[0], np.bool_)
    for e in order:
        a, b = tail[e], head[e]
        while parent[a] != a:
            parent[a] = parent[parent[a]]
            a = parent[a]
        while parent[b] != b:
            parent[b] = parent[parent[b]]
            b = parent[b]
        if a != b:
            parent[a] = b
            keep[e] = True
    return keep
