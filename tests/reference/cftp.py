"""Plain-Python coupling from the past on height functions: the baseline for ``sample_cftp``.

The same coupling as ``dominotiling.sampling.mcmc.sample_cftp``, written the way a textbook
would: heights in a dict keyed by vertex, one heat-bath update at a time, Python
ints throughout. Nothing is imported from ``dominotiling``; given the same 64-bit
key the two return the same height function, which ``tests/test_mcmc.py`` and the
benchmark check.

- Heights (Thurston): walking along a lattice edge with the black cell (``(r + c)``
  even) on the left adds +1 and with the white cell on the left -1, unless the
  edge runs between the two cells of a domino, which adds -3 or +3. Vertex ``(i, j)``
  is the top-left corner of cell ``(i, j)``; the first boundary vertex in row-major
  order has height 0.
- The largest height function is ``min_b (h(b) + dist(b, v))`` over boundary
  vertices, with edge lengths ``2 - s`` (``s`` the +-1 step above); the smallest is
  ``max_b (h(b) - dist'(b, v))`` with lengths ``2 + s``. Dijkstra with a heap.
- A sweep updates every inner vertex with ``(i + j)`` even, then every one with
  ``(i + j)`` odd (rows top down, columns left to right): on heads the height goes
  to the largest value congruent to it mod 4 within 3 of all four neighbours, on
  tails to the smallest. Sweep ``s`` counts back from time 0 (``s = 0`` is the last).
- Coin of vertex ``(i, j)`` in sweep ``s``: bit ``(j // 2) % 64`` of SplitMix64
  output number ``((2 s + p) (rows + 1) + i) W + (j // 2) // 64``, with
  ``p = (i + j) % 2`` and ``W = ((cols + 2) // 2 + 63) // 64``.
- Windows ``T = 1, 2, 4, ...`` until the chains from the top and the bottom agree.

Examples
--------
>>> h = cftp_heights([[True] * 4] * 4, key=12345)
>>> len(h), h[(0, 0)], h[(4, 4)]
(25, 0, 0)
"""

import heapq

__all__ = ["splitmix64", "extreme_heights", "cftp_heights"]

_MASK64 = (1 << 64) - 1


def splitmix64(key, counter):
    """Output number `counter` (0-based) of SplitMix64 (Steele, Lea, Flood 2014) seeded with `key`."""
    z = (key + (counter + 1) * 0x9E3779B97F4A7C15) & _MASK64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
    return z ^ (z >> 31)


def _cell(grid, r, c):
    return 0 <= r < len(grid) and 0 <= c < len(grid[0]) and grid[r][c]


def _edges(grid, i, j):
    """Edges out of vertex (i, j): (neighbour, step s, interior?) for edges beside a cell."""
    odd = (i + j) % 2
    out = []
    # east, west, south, north: the two cells beside each edge
    for di, dj, c1, c2 in (
        (0, 1, (i - 1, j), (i, j)),
        (0, -1, (i - 1, j - 1), (i, j - 1)),
        (1, 0, (i, j - 1), (i, j)),
        (-1, 0, (i - 1, j - 1), (i - 1, j)),
    ):
        a, b = _cell(grid, *c1), _cell(grid, *c2)
        if not (a or b):
            continue
        s = (1 if odd else -1) if di == 0 else (-1 if odd else 1)
        out.append(((i + di, j + dj), s, a and b))
    return out


def extreme_heights(grid, sign):
    """Top (``sign=1``) or bottom (``sign=-1``) height function of a simply connected region.

    Returns a dict vertex -> height, or None when the region has no tiling.
    """
    rows, cols = len(grid), len(grid[0])
    verts = [
        (i, j)
        for i in range(rows + 1)
        for j in range(cols + 1)
        if any(_cell(grid, i - a, j - b) for a in (0, 1) for b in (0, 1))
    ]
    boundary = {}
    for start in verts:
        if start in boundary or all(inner for _, _, inner in _edges(grid, *start)):
            continue
        boundary[start] = 0
        stack = [start]
        while stack:
            v = stack.pop()
            for u, s, inner in _edges(grid, *v):
                if inner:
                    continue
                if u not in boundary:
                    boundary[u] = boundary[v] + s
                    stack.append(u)
                elif boundary[u] != boundary[v] + s:
                    return None
    dist = {v: sign * h for v, h in boundary.items()}
    heap = [(d, v) for v, d in dist.items()]
    heapq.heapify(heap)
    done = set()
    while heap:
        d, v = heapq.heappop(heap)
        if v in done:
            continue
        done.add(v)
        for u, s, inner in _edges(grid, *v):
            if inner and d + 2 - sign * s < dist.get(u, float("inf")):
                dist[u] = d + 2 - sign * s
                heapq.heappush(heap, (dist[u], u))
    if any(dist[v] != sign * h for v, h in boundary.items()):
        return None
    return {v: sign * d for v, d in dist.items()}


def cftp_heights(grid, key):
    """An exactly uniform height function of the region `grid` (list of lists of bool).

    Parameters
    ----------
    grid : list of list of bool
        ``grid[r][c]`` is True when cell ``(r, c)`` is in the region (no holes).
    key : int
        The 64-bit key of the coins.

    Returns
    -------
    dict
        Vertex ``(i, j)`` -> height, for every corner of a region cell.
    """
    rows, cols = len(grid), len(grid[0])
    words = ((cols + 2) // 2 + 63) // 64
    top, bottom = extreme_heights(grid, 1), extreme_heights(grid, -1)
    if top is None:
        raise ValueError("the region has no tiling")
    inner = [
        [
            (i, j)
            for i in range(1, rows)
            for j in range(1, cols)
            if (i + j) % 2 == p and all(grid[i - a][j - b] for a in (0, 1) for b in (0, 1))
        ]
        for p in (0, 1)
    ]
    window = 1
    while True:
        hi, lo = dict(top), dict(bottom)
        for s in range(window - 1, -1, -1):
            for p in (0, 1):
                for i, j in inner[p]:
                    word = splitmix64(key, ((2 * s + p) * (rows + 1) + i) * words + (j // 2) // 64)
                    heads = (word >> ((j // 2) % 64)) & 1
                    for h in (hi, lo):
                        nbrs = (h[(i - 1, j)], h[(i + 1, j)], h[(i, j - 1)], h[(i, j + 1)])
                        v = h[(i, j)]
                        if heads:
                            h[(i, j)] = v + 4 * ((min(nbrs) + 3 - v) // 4)
                        else:
                            h[(i, j)] = v - 4 * ((v - max(nbrs) + 3) // 4)
        if hi == lo:
            return hi
        window *= 2
