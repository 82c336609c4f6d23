"""Weighted dimers on tori, written from scratch for the theory tests (nothing from ``dominotiling``).

- :func:`torus_matchings` lists every perfect matching of the ``M x N`` torus of
  cells (plain recursion), with its weight and its fluxes through the two seams.
- :func:`torus_log_partition` is Kasteleyn's torus formula with dense float
  determinants: ``Z = (1/2) sum_{alpha, beta} c_{alpha beta} det K_{alpha beta}``,
  where ``K_{alpha beta}`` carries the signs ``(-1)**alpha`` on edges across the
  left-right seam and ``(-1)**beta`` across the top-bottom one, and the four signs
  ``c`` are calibrated by the caller on a case whose partition function is known.

A placement is anchored at its left (top) cell: the horizontal placement at
``(r, c)`` covers ``(r, c), (r, (c + 1) % N)`` and weighs ``h[r % k, c % l]``.
"""

import functools

import numpy as np


def torus_matchings(h, v, M, N):
    """``[(weight, flux_x, flux_y), ...]`` for every perfect matching of the M x N torus.

    ``flux_x``: horizontal dominoes across the seam between columns ``N - 1`` and 0
    with the black cell (``(r + c) % 2 == 0``) on the left, minus those with it on the
    right; ``flux_y`` likewise for vertical dominoes across the bottom/top seam, black
    on top counted +1.
    """
    h = np.asarray(h, dtype=object)
    v = np.asarray(v, dtype=object)
    k, l = h.shape
    out = []

    def black(r, c):
        return (r + c) % 2 == 0

    def rec(covered, weight, fx, fy):
        free = [(r, c) for r in range(M) for c in range(N) if (r, c) not in covered]
        if not free:
            out.append((weight, fx, fy))
            return
        r, c = free[0]
        options = [
            ((r, (c + 1) % N), h[r % k, c % l], "h", (r, c)),
            (((r + 1) % M, c), v[r % k, c % l], "v", (r, c)),
        ]
        if c == 0:
            options.append(((r, N - 1), h[r % k, (N - 1) % l], "h", (r, N - 1)))
        if r == 0:
            options.append(((M - 1, c), v[(M - 1) % k, c % l], "v", (M - 1, c)))
        for other, wt, o, (ar, ac) in options:
            if other in covered or other == (r, c):
                continue
            dx = dy = 0
            if o == "h" and ac == N - 1:  # crosses the left-right seam
                dx = 1 if black(ar, ac) else -1
            if o == "v" and ar == M - 1:
                dy = 1 if black(ar, ac) else -1
            rec(covered | {(r, c), other}, weight * wt, fx + dx, fy + dy)

    rec(frozenset(), 1, 0, 0)
    # a 2-wide side has two distinct placements between the same cells; the recursion
    # meets each once from "right"/"down" and once from the wrap option: keep both (they
    # are different placements), which is what the options above do.
    return out


def torus_determinants(h, v, M, N):
    """``{(alpha, beta): det K_{alpha beta}}`` (floats) of the M x N torus (M, N even)."""
    h = np.asarray(h, dtype=float)
    v = np.asarray(v, dtype=float)
    k, l = h.shape
    blacks = [(r, c) for r in range(M) for c in range(N) if (r + c) % 2 == 0]
    whites = [(r, c) for r in range(M) for c in range(N) if (r + c) % 2 == 1]
    bi = {x: i for i, x in enumerate(blacks)}
    wi = {x: i for i, x in enumerate(whites)}
    out = {}
    for alpha in (0, 1):
        for beta in (0, 1):
            K = np.zeros((len(blacks), len(whites)))
            for r in range(M):
                for c in range(N):
                    # horizontal placement (r, c)-(r, c + 1)
                    a, b = (r, c), (r, (c + 1) % N)
                    s = (-1) ** alpha if c == N - 1 else 1
                    blk, wht = (a, b) if (r + c) % 2 == 0 else (b, a)
                    K[bi[blk], wi[wht]] += s * h[r % k, c % l]
                    # vertical placement (r, c)-(r + 1, c), Kasteleyn sign (-1)**c
                    a, b = (r, c), ((r + 1) % M, c)
                    s = (-1) ** c * ((-1) ** beta if r == M - 1 else 1)
                    blk, wht = (a, b) if (r + c) % 2 == 0 else (b, a)
                    K[bi[blk], wi[wht]] += s * v[r % k, c % l]
            sign, logdet = np.linalg.slogdet(K)
            out[(alpha, beta)] = (sign, logdet)
    return out


def torus_log_partition(h, v, M, N, signs):
    """``log Z`` of the weighted M x N torus from the four determinants and the calibrated `signs`.

    ``signs[(alpha, beta)]`` is ``c_{alpha beta}`` in ``Z = (1/2) sum c det K``.
    """
    dets = torus_determinants(h, v, M, N)
    top = max(ld for _, ld in dets.values())
    total = sum(signs[key] * s * np.exp(ld - top) for key, (s, ld) in dets.items()) / 2
    return top + np.log(total)


def calibrate_signs(M, N, count):
    """The four signs ``c`` that give the uniform M x N torus its known `count` (tried exhaustively)."""
    import itertools

    dets = torus_determinants(np.ones((1, 1)), np.ones((1, 1)), M, N)
    found = []
    for cs in itertools.product((1, -1), repeat=4):
        signs = dict(zip(sorted(dets), cs))
        value = sum(signs[key] * s * np.exp(ld) for key, (s, ld) in dets.items()) / 2
        if abs(value - count) <= 1e-6 * count:
            found.append(signs)
    return found


def torus_signs(M, N):
    """Kasteleyn's signs for these conventions: ``c = -1`` only at ``(alpha, beta) = (N/2 % 2, M/2 % 2)``.

    (The determinant with the seam signs of the matchings' own parity class is the one
    that enters with a minus; the tests check this rule against :func:`torus_matchings`.)
    """
    bad = ((N // 2) % 2, (M // 2) % 2)
    return {(a, b): (-1 if (a, b) == bad else 1) for a in (0, 1) for b in (0, 1)}


def _torus_matrices(h, v, M, N):
    h = np.asarray(h, dtype=float)
    v = np.asarray(v, dtype=float)
    k, l = h.shape
    blacks = [(r, c) for r in range(M) for c in range(N) if (r + c) % 2 == 0]
    whites = [(r, c) for r in range(M) for c in range(N) if (r + c) % 2 == 1]
    bi = {x: i for i, x in enumerate(blacks)}
    wi = {x: i for i, x in enumerate(whites)}
    mats = {}
    for alpha in (0, 1):
        for beta in (0, 1):
            K = np.zeros((len(blacks), len(whites)))
            for r in range(M):
                for c in range(N):
                    a, b = (r, c), (r, (c + 1) % N)
                    s = (-1) ** alpha if c == N - 1 else 1
                    blk, wht = (a, b) if (r + c) % 2 == 0 else (b, a)
                    K[bi[blk], wi[wht]] += s * h[r % k, c % l]
                    a, b = (r, c), ((r + 1) % M, c)
                    s = (-1) ** c * ((-1) ** beta if r == M - 1 else 1)
                    blk, wht = (a, b) if (r + c) % 2 == 0 else (b, a)
                    K[bi[blk], wi[wht]] += s * v[r % k, c % l]
            mats[(alpha, beta)] = K
    return mats, bi, wi


@functools.lru_cache(maxsize=8)
def _torus_inverses(hb, shape, vb, M, N):
    h = np.frombuffer(hb).reshape(shape)
    v = np.frombuffer(vb).reshape(shape)
    mats, bi, wi = _torus_matrices(h, v, M, N)
    inverses, logs = {}, {}
    for key, K in mats.items():
        logs[key] = np.linalg.slogdet(K)
        inverses[key] = np.linalg.inv(K) if logs[key][0] != 0 else None
    return mats, bi, wi, inverses, logs


def torus_pattern_probability(h, v, M, N, dominoes):
    """The probability that a weighted random tiling of the M x N torus contains all `dominoes`.

    Each twisted determinant gives a signed measure with the local statistics
    ``prod K(b_i, w_i) det[K^-1(w_i, b_j)]`` (Kenyon 1997); the torus measure is
    their combination with the weights ``c det K / (2 Z)``. Dominoes are pairs of
    cells away from the seams (so no entry carries a seam sign).
    """
    mats, bi, wi, inverses, logs = _torus_inverses(
        np.asarray(h, dtype=float).tobytes(),
        np.shape(h),
        np.asarray(v, dtype=float).tobytes(),
        M,
        N,
    )
    signs = torus_signs(M, N)
    bl = []
    wh = []
    for p, q in dominoes:
        p, q = tuple(p), tuple(q)
        b, w = (p, q) if (p[0] + p[1]) % 2 == 0 else (q, p)
        bl.append(bi[(b[0] % M, b[1] % N)])
        wh.append(wi[(w[0] % M, w[1] % N)])
    locals_ = {}
    for key, K in mats.items():
        s, ld = logs[key]
        if s == 0:
            locals_[key] = 0.0
            continue
        Kinv = inverses[key]  # Kinv[w, b]
        sub = Kinv[np.ix_(wh, bl)]
        prod = np.prod([K[b, w] for b, w in zip(bl, wh)])
        locals_[key] = prod * np.linalg.det(sub)
    top = max(ld for s, ld in logs.values() if s != 0)
    num = sum(
        signs[k_] * s * np.exp(ld - top) * locals_[k_] for k_, (s, ld) in logs.items() if s != 0
    )
    den = sum(signs[k_] * s * np.exp(ld - top) for k_, (s, ld) in logs.items() if s != 0)
    return num / den
