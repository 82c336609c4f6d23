"""Test helpers independent of the library: brute-force enumeration of tilings."""

import itertools
import math

import mpmath
import numpy as np


def brute_force_tilings(mask):
    """Every tiling of a small boolean mask, as a list of frozensets of dominoes.

    Independent of the library: plain recursion that always covers the first
    empty cell in row-major order, by a domino to the right or downwards.
    """
    mask = np.asarray(mask, dtype=bool)
    rows, cols = mask.shape
    free = {(r, c) for r in range(rows) for c in range(cols) if mask[r, c]}
    out = []

    def rec(free, chosen):
        if not free:
            out.append(frozenset(chosen))
            return
        r, c = min(free)
        for nb in ((r, c + 1), (r + 1, c)):
            if nb in free:
                rec(free - {(r, c), nb}, chosen + [((r, c), nb)])

    rec(frozenset(free), [])
    return out


def dominoes_of(tiling):
    """The dominoes of a Tiling as a frozenset of ((r, c), (r, c)) pairs, row-major inside."""
    return frozenset(tuple(tuple(int(v) for v in cell) for cell in d) for d in tiling.dominoes)


def ktf_count(m, n):
    """Kasteleyn / Temperley-Fisher: prod over j, k of (4 cos^2(pi j/(m+1)) + 4 cos^2(pi k/(n+1)))."""
    # About m n / 4 factors, each below 8: the count has fewer than 0.23 m n digits, so
    # 40 + m n / 3 digits of working precision are ample. Each cosine is computed once.
    with mpmath.workdps(40 + m * n // 3):
        cj = [4 * mpmath.cos(mpmath.pi * j / (m + 1)) ** 2 for j in range(1, (m + 1) // 2 + 1)]
        ck = [4 * mpmath.cos(mpmath.pi * k / (n + 1)) ** 2 for k in range(1, (n + 1) // 2 + 1)]
        p = mpmath.mpf(1)
        for a in cj:
            for b in ck:
                p *= a + b
        value = int(mpmath.nint(p))
        assert abs(p - value) < mpmath.mpf(10) ** -10
    return value


def _find(parent, x):
    while parent[x] != x:
        parent[x] = parent[parent[x]]
        x = parent[x]
    return x


def _is_spanning_tree(nodes, edges):
    """Union-find: n - 1 edges without a cycle span a tree."""
    parent = {v: v for v in nodes}
    for a, b in edges:
        ra, rb = _find(parent, a), _find(parent, b)
        if ra == rb:
            return False
        parent[ra] = rb
    return len(edges) == len(nodes) - 1


def brute_trees(G, weight=None):
    """Sum over (n-1)-edge subsets that are spanning trees of the product of weights."""
    nodes = list(G)
    edges = [
        (a, b, 1 if weight is None else d.get(weight, 1))
        for a, b, d in G.edges(data=True)
        if a != b
    ]
    total = 0
    for sub in itertools.combinations(edges, len(nodes) - 1):
        if _is_spanning_tree(nodes, [(a, b) for a, b, _ in sub]):
            total += math.prod(w for _, _, w in sub)
    return total


def tree_list(G):
    """Every spanning tree of a small simple graph, as frozensets of frozenset edges."""
    nodes = list(G)
    return [
        frozenset(frozenset(e) for e in sub)
        for sub in itertools.combinations(G.edges(), len(nodes) - 1)
        if _is_spanning_tree(nodes, sub)
    ]


def placement_counts(tilings, shape):
    """How often each horizontal and vertical domino position is used, from the domino lists.

    Returns ``(h, v)``, int arrays of shapes ``(rows, cols - 1)`` and ``(rows - 1, cols)``;
    ``h[r, c]`` counts dominoes on ``(r, c), (r, c + 1)``, ``v[r, c]`` on ``(r, c), (r + 1, c)``.
    """
    rows, cols = shape
    h, v = np.zeros((rows, max(cols - 1, 0)), int), np.zeros((max(rows - 1, 0), cols), int)
    for t in tilings:
        for (r1, c1), (r2, c2) in t.dominoes.tolist():
            (r1, c1), (r2, c2) = sorted([(r1, c1), (r2, c2)])
            if r1 == r2:
                h[r1, c1] += 1
            else:
                v[r1, c1] += 1
    return h, v
