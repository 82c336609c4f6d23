"""Numba kernels of Thurston's height functions; see ``height.py``.

Conventions shared by every kernel here:

- ``mask`` is a C-contiguous ``bool`` array ``(rows, cols)`` of region cells. Lattice
  vertices are ``(i, j)`` with ``0 <= i <= rows``, ``0 <= j <= cols``; vertex ``(i, j)`` is
  the top-left corner of cell ``(i, j)`` and has flat index ``i * (cols + 1) + j``.
- The *step* ``s`` of a directed lattice edge is +1 when the cell on its left is black
  and -1 when it is white. It depends only on the parity of the start vertex and the
  direction: ``s = +1`` for a horizontal move from a vertex with ``i + j`` odd and for a
  vertical move from a vertex with ``i + j`` even, ``s = -1`` otherwise.
- An edge is *interior* when both cells beside it are in the region, *boundary* when
  exactly one is; edges with no region cell beside them are not used.
- Heights are int64; :data:`UNDEFINED` marks vertices that are not reached.
"""

import numpy as np
from numba import njit

from .._interrupt import returns_arrays
from .arrays import stable_argsort

UNDEFINED = np.iinfo(np.int64).min

# direction d: 0 east, 1 west, 2 south, 3 north
_DI = (0, 0, 1, -1)
_DJ = (1, -1, 0, 0)


@njit(cache=True, inline="always")
def _cell(mask, r, c):
    """True when cell ``(r, c)`` exists and is in the region."""
    rows, cols = mask.shape
    return 0 <= r < rows and 0 <= c < cols and mask[r, c]


@njit(cache=True, inline="always")
def _sides(i, j, d):
    """The two cells beside the edge leaving vertex ``(i, j)`` in direction ``d``."""
    if d == 0:  # east: cells above and below the edge (i, j)-(i, j+1)
        return i - 1, j, i, j
    if d == 1:  # west: edge (i, j-1)-(i, j)
        return i - 1, j - 1, i, j - 1
    if d == 2:  # south: cells left and right of the edge (i, j)-(i+1, j)
        return i, j - 1, i, j
    return i - 1, j - 1, i - 1, j  # north: edge (i-1, j)-(i, j)


@njit(cache=True, inline="always")
def _step(i, j, d):
    """The step s (+1 black on the left, -1 white) of the edge leaving ``(i, j)`` in direction ``d``."""
    odd = (i + j) & 1
    if d < 2:
        return 1 if odd == 1 else -1
    return 1 if odd == 0 else -1


@njit(cache=True)
def _boundary_heights(mask):
    """Heights along the boundary edges: ``(heights (rows+1, cols+1) int64, consistent)``.

    Each connected part of the boundary is walked (breadth first) from its first
    vertex in row-major order, which gets height 0; ``consistent`` is False when some
    boundary edge disagrees with the heights found (the walk does not close up).
    """
    rows, cols = mask.shape
    nc = cols + 1
    nv = (rows + 1) * nc
    h = np.full(nv, UNDEFINED, dtype=np.int64)
    queue = np.empty(nv, dtype=np.int64)
    ok = True
    for start in range(nv):
        if h[start] != UNDEFINED:
            continue
        si, sj = start // nc, start % nc
        on_boundary = False
        for d in range(4):
            r1, c1, r2, c2 = _sides(si, sj, d)
            if _cell(mask, r1, c1) != _cell(mask, r2, c2):
                on_boundary = True
        if not on_boundary:
            continue
        h[start] = 0
        head, tail = 0, 1
        queue[0] = start
        while head < tail:
            v = queue[head]
            head += 1
            i, j = v // nc, v % nc
            for d in range(4):
                r1, c1, r2, c2 = _sides(i, j, d)
                if _cell(mask, r1, c1) == _cell(mask, r2, c2):
                    continue
                u = v + _DI[d] * nc + _DJ[d]
                hu = h[v] + _step(i, j, d)
                if h[u] == UNDEFINED:
                    h[u] = hu
                    queue[tail] = u
                    tail += 1
                elif h[u] != hu:
                    ok = False
    return h.reshape(rows + 1, nc), ok


@njit(cache=True)
def extreme_heights(mask, sign):
    """Maximal (``sign`` = 1) or minimal (``sign`` = -1) height function of ``mask``.

    Returns ``(heights (rows+1, cols+1) int64, feasible)``. The boundary heights are
    fixed; every other vertex gets ``sign * dist`` where ``dist`` is the shortest-path
    distance from the boundary (sources at ``sign * boundary height``) over interior
    edges of length ``2 - sign * s`` (1 or 3), found by Dial's bucket queue with four
    buckets. ``feasible`` is False when the boundary walk does not close up or some
    boundary vertex is pulled off its boundary height (then there is no tiling).
    """
    rows, cols = mask.shape
    nc = cols + 1
    nv = (rows + 1) * nc
    hb, ok = _boundary_heights(mask)
    if not ok:
        return hb, False
    flat = hb.ravel()
    n_src = 0
    for v in range(nv):
        if flat[v] != UNDEFINED:
            n_src += 1
    src = np.empty(n_src, dtype=np.int64)
    val = np.empty(n_src, dtype=np.int64)
    k = 0
    for v in range(nv):
        if flat[v] != UNDEFINED:
            src[k] = v
            val[k] = sign * flat[v]
            k += 1
    out = np.full(nv, UNDEFINED, dtype=np.int64)
    if n_src == 0:
        return out.reshape(rows + 1, nc), True
    order = stable_argsort(val)
    big = np.iinfo(np.int64).max
    dist = np.full(nv, big, dtype=np.int64)
    done = np.zeros(nv, dtype=np.bool_)
    buckets = np.empty((4, nv), dtype=np.int32)
    size = np.zeros(4, dtype=np.int64)
    base = val[order[0]]
    level = base
    si = 0
    pending = 0
    while True:
        while si < n_src and val[order[si]] == level:
            v = src[order[si]]
            si += 1
            if dist[v] > level:
                dist[v] = level
                b = (level - base) & 3
                buckets[b, size[b]] = v
                size[b] += 1
                pending += 1
        b = (level - base) & 3
        while size[b] > 0:
            size[b] -= 1
            v = buckets[b, size[b]]
            pending -= 1
            if done[v] or dist[v] != level:
                continue
            done[v] = True
            i, j = v // nc, v % nc
            for d in range(4):
                r1, c1, r2, c2 = _sides(i, j, d)
                if not (_cell(mask, r1, c1) and _cell(mask, r2, c2)):
                    continue
                u = v + _DI[d] * nc + _DJ[d]
                nd = level + 2 - sign * _step(i, j, d)
                if nd < dist[u]:
                    dist[u] = nd
                    bu = (nd - base) & 3
                    buckets[bu, size[bu]] = u
                    size[bu] += 1
                    pending += 1
        if pending == 0 and si >= n_src:
            break
        level += 1
    feasible = True
    for k in range(n_src):
        if dist[src[k]] != val[k]:
            feasible = False
    for v in range(nv):
        if dist[v] != big:
            out[v] = sign * dist[v]
    return out.reshape(rows + 1, nc), feasible


@njit(cache=True)
def height_function(labels):
    """Height function of a complete tiling given by ``labels`` (-1 outside, k >= 0 domino ids).

    Returns ``(heights (rows+1, cols+1) int64, consistent)``: each vertex-connected
    piece is walked breadth first from its first vertex in row-major order (height 0);
    an edge between the two cells of one domino has step ``-3 s``, every other edge
    beside a region cell has step ``s``. ``consistent`` is False when two walks to a
    vertex disagree (an uncovered cell or a hole).
    """
    rows, cols = labels.shape
    nc = cols + 1
    nv = (rows + 1) * nc
    mask = labels != -1
    h = np.full(nv, UNDEFINED, dtype=np.int64)
    queue = np.empty(nv, dtype=np.int64)
    ok = True
    for start in range(nv):
        if h[start] != UNDEFINED:
            continue
        si, sj = start // nc, start % nc
        if not (
            _cell(mask, si - 1, sj - 1)
            or _cell(mask, si - 1, sj)
            or _cell(mask, si, sj - 1)
            or _cell(mask, si, sj)
        ):
            continue
        h[start] = 0
        head, tail = 0, 1
        queue[0] = start
        while head < tail:
            v = queue[head]
            head += 1
            i, j = v // nc, v % nc
            for d in range(4):
                r1, c1, r2, c2 = _sides(i, j, d)
                in1 = _cell(mask, r1, c1)
                in2 = _cell(mask, r2, c2)
                if not (in1 or in2):
                    continue
                s = _step(i, j, d)
                if in1 and in2 and labels[r1, c1] == labels[r2, c2] and labels[r1, c1] >= 0:
                    s = -3 * s
                u = v + _DI[d] * nc + _DJ[d]
                hu = h[v] + s
                if h[u] == UNDEFINED:
                    h[u] = hu
                    queue[tail] = u
                    tail += 1
                elif h[u] != hu:
                    ok = False
    return h.reshape(rows + 1, nc), ok


# Ctrl-C during these calls is a KeyboardInterrupt, not numba's SystemError
# (dominotiling._interrupt.returns_arrays).
boundary_heights = returns_arrays(_boundary_heights)
extreme_heights = returns_arrays(extreme_heights)
height_function = returns_arrays(height_function)
