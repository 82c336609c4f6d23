"""Numba kernels of flux sectors (regions with holes); see ``flux.py``.

Conventions:

- Lattice vertices as in ``_kernels/height.py``: vertex ``(i, j)`` (the top-left corner
  of cell ``(i, j)``) has flat index ``v = i * (cols + 1) + j``; direction ``d``: 0 east,
  1 west, 2 south, 3 north. ``nbr[v, d]`` is the vertex the edge leads to, or -1.
- *Lifted* heights: Thurston's height changes along an edge by its step ``s`` (or
  ``-3 s`` along the middle of a domino) plus ``jump[v, d]``, a constant that is
  nonzero only on the edges crossed by the cuts from the holes to the outside (it
  makes the heights single-valued around holes with unequal colour counts).
- Arithmetic modulo primes below ``2**26`` in float64 (products of two residues are
  exact), as in ``_kernels/banded_det.py``: vectorisable, unlike int64 division.
"""

import numpy as np
from numba import njit

from .._interrupt import returns_arrays
from .arrays import fill2
from .cftp import _merge, _split, _split64, row_coins

UNDEFINED = np.iinfo(np.int64).min
_BIG = np.iinfo(np.int64).max


@njit(cache=True)
def lifted_heights(nbr, delta, v0, skip, jump):
    """Heights of a complete tiling walked from ``v0`` (height 0): ``(h (nv,) int64, consistent)``.

    ``nbr``: the edge table (``surfaces/flux.py``'s ``_edge_tables``); ``delta``: the
    tiling's height change along each edge (its ``_edge_deltas``: the step ``s``, or
    ``-3 s`` inside a domino). Edges with ``skip[v, d]`` are not walked; every other
    edge beside a region cell changes the height by ``delta[v, d] + jump[v, d]``.
    ``consistent`` is False when two walks to a vertex disagree.
    """
    nv = nbr.shape[0]
    h = np.full(nv, UNDEFINED, dtype=np.int64)
    queue = np.empty(nv, dtype=np.int64)
    h[v0] = 0
    head, tail = 0, 1
    queue[0] = v0
    ok = True
    while head < tail:
        v = queue[head]
        head += 1
        for d in range(4):
            u = nbr[v, d]
            if u < 0 or skip[v, d]:  # no region cell beside the edge, or a cut
                continue
            hu = h[v] + delta[v, d] + jump[v, d]
            if h[u] == UNDEFINED:
                h[u] = hu
                queue[tail] = u
                tail += 1
            elif h[u] != hu:
                ok = False
    return h, ok


@njit(cache=True)
def dial01(nbr, length, src, val, order):
    """Shortest paths with edge lengths 0 or 1 from many sources: ``(dist (nv,) int64, feasible)``.

    ``dist[v] = min_k (val[k] + length of a path src[k] -> v)`` over the edges
    ``v -> nbr[v, d]`` (``nbr >= 0``) of length ``length[v, d]``; unreached vertices
    get the int64 maximum. ``feasible`` is False when some source is pulled below
    its own value. ``order``: the sources by value, ``np.argsort(val, kind="stable")``
    (sorted by the caller: no sorting kernel to compile).
    """
    nv = nbr.shape[0]
    n_src = src.shape[0]
    dist = np.full(nv, _BIG, dtype=np.int64)
    if n_src == 0:
        return dist, True
    done = np.zeros(nv, dtype=np.bool_)
    cap = 5 * nv + n_src + 1
    cur = np.empty(cap, dtype=np.int64)
    nxt = np.empty(cap, dtype=np.int64)
    level = val[order[0]]
    si = 0
    ncur = 0
    while True:
        while si < n_src and val[order[si]] == level:
            v = src[order[si]]
            si += 1
            if val[order[si - 1]] < dist[v]:
                dist[v] = level
                cur[ncur] = v
                ncur += 1
        nnext = 0
        while ncur > 0:
            ncur -= 1
            v = cur[ncur]
            if done[v] or dist[v] != level:
                continue
            done[v] = True
            for d in range(4):
                u = nbr[v, d]
                if u < 0:
                    continue
                nd = level + length[v, d]
                if nd < dist[u]:
                    dist[u] = nd
                    if length[v, d] == 0:
                        cur[ncur] = u
                        ncur += 1
                    else:
                        nxt[nnext] = u
                        nnext += 1
        if nnext == 0:
            if si >= n_src:
                break
            level = val[order[si]]
            continue
        for k in range(nnext):
            cur[k] = nxt[k]
        ncur = nnext
        level += 1
    feasible = True
    for k in range(n_src):
        if dist[src[k]] != val[k]:
            feasible = False
    return dist, feasible


_I2, _I3, _I4 = np.int32(2), np.int32(3), np.int32(4)


@njit(cache=True, inline="always")
def _update_row_jumps(cur, above, below, same, mov, coins, off, width, jn, js, jw, je):
    """``_kernels/cftp.py``'s row update with the jumps across the cuts subtracted from the neighbours."""
    for k in range(width):
        a = above[k + 1] - jn[k + 1]
        b = below[k + 1] - js[k + 1]
        c = same[k + off] - jw[k + 1]
        d = same[k + off + 1] - je[k + 1]
        v = cur[k + 1]
        top = v + _I4 * ((min(min(a, b), min(c, d)) + _I3 - v) >> _I2)
        bottom = v - _I4 * ((v - max(max(a, b), max(c, d)) + _I3) >> _I2)
        new = bottom + coins[k] * (top - bottom)
        cur[k + 1] = v + mov[k + 1] * (new - v)


@njit(cache=True)
def cftp_sweeps_jumps(upper, lower, movable, jump, key, first, count):
    """``_kernels/cftp.py``'s :func:`cftp_sweeps` on lifted heights, in place; True when the chains agree.

    ``upper``, ``lower``: int64 ``(rows + 1, cols + 1)``; ``jump``: int64
    ``(4, rows + 1, cols + 1)``, ``jump[d, i, j]`` subtracted from the height of the
    neighbour of vertex ``(i, j)`` in direction ``d`` (0 east, 1 west, 2 south, 3
    north) before the heat-bath rule. The same coins as ``cftp_sweeps`` (bits
    of SplitMix64 words by sweep, parity and row), so with zero jumps the run is
    the same.
    """
    n_i, n_j = upper.shape
    rows, cols = n_i - 1, n_j - 1
    width = (cols + 2) // 2
    n_words = (width + 63) // 64
    ukey = np.uint64(key)
    m0, m1 = _split(movable, width)
    je0, je1 = _split64(jump[0], width)
    jw0, jw1 = _split64(jump[1], width)
    js0, js1 = _split64(jump[2], width)
    jn0, jn1 = _split64(jump[3], width)
    je0, je1, jw0, jw1 = (
        je0.astype(np.int32),
        je1.astype(np.int32),
        jw0.astype(np.int32),
        jw1.astype(np.int32),
    )
    js0, js1, jn0, jn1 = (
        js0.astype(np.int32),
        js1.astype(np.int32),
        jn0.astype(np.int32),
        jn1.astype(np.int32),
    )
    u0, u1 = _split(upper, width)
    l0, l1 = _split(lower, width)
    coins = np.zeros(n_words * 64, dtype=np.int32)
    for s in range(first, first - count, -1):
        for p in range(2):
            for i in range(1, rows):
                off = (p + i) & 1
                row_coins(coins, ukey, np.uint64(((2 * s + p) * (rows + 1) + i) * n_words), n_words)
                if p == 0:
                    _update_row_jumps(
                        u0[i],
                        u1[i - 1],
                        u1[i + 1],
                        u1[i],
                        m0[i],
                        coins,
                        off,
                        width,
                        jn0[i],
                        js0[i],
                        jw0[i],
                        je0[i],
                    )
                    _update_row_jumps(
                        l0[i],
                        l1[i - 1],
                        l1[i + 1],
                        l1[i],
                        m0[i],
                        coins,
                        off,
                        width,
                        jn0[i],
                        js0[i],
                        jw0[i],
                        je0[i],
                    )
                else:
                    _update_row_jumps(
                        u1[i],
                        u0[i - 1],
                        u0[i + 1],
                        u0[i],
                        m1[i],
                        coins,
                        off,
                        width,
                        jn1[i],
                        js1[i],
                        jw1[i],
                        je1[i],
                    )
                    _update_row_jumps(
                        l1[i],
                        l0[i - 1],
                        l0[i + 1],
                        l0[i],
                        m1[i],
                        coins,
                        off,
                        width,
                        jn1[i],
                        js1[i],
                        jw1[i],
                        je1[i],
                    )
    _merge(upper, u0, u1)
    _merge(lower, l0, l1)
    for i in range(n_i):
        for j in range(n_j):
            if upper[i, j] != lower[i, j]:
                return False
    return True


@njit(cache=True, inline="always")
def _inv(a, p):
    """``a**-1 mod p`` for a prime p (extended Euclid), as a float."""
    t, new_t, r, new_r = 0, 1, p, np.int64(a)
    while new_r != 0:
        q = r // new_r
        t, new_t = new_t, t - q * new_t
        r, new_r = new_r, r - q * new_r
    return float(t + p if t < 0 else t)


@njit(cache=True, inline="always")
def _mod(x, p, invp):
    """``x mod p`` for int64 ``0 <= x < 2**62`` and ``p < 2**26``, without an integer division.

    The quotient is estimated in float64 (off by at most one for such ``x``) and
    corrected.
    """
    r = x - np.int64(float(x) * invp) * p
    if r < 0:
        r += p
    elif r >= p:
        r -= p
    return r


@njit(cache=True, nogil=True)
def band_solve_mod(n, kl, ku, rows, cols, vals, p, rhs_rows):
    """``(det mod p, X)`` for the ``n x n`` matrix of the COO triples, ``X = A^-1 E`` mod p (p < 2**26).

    ``E`` has a 1 in row ``rhs_rows[j]`` of column ``j``. Gaussian elimination inside
    the band (row ``i`` keeps columns ``i - kl .. i + kl + ku``, at ``band[i, j - i + kl]``)
    with pivoting on any nonzero entry. Residues are int64 reduced lazily: a row
    collects at most ``kl`` products below ``2**52`` before it is reduced (when it
    becomes the pivot row), so the updates are plain multiply-adds that vectorise.
    ``det`` is 0 (and ``X`` meaningless) for a singular matrix.
    """
    invp = 1.0 / float(p)
    width = 2 * kl + ku + 1
    band = np.zeros((n, width), dtype=np.int64)
    for t in range(rows.shape[0]):
        i, j = rows[t], cols[t]
        band[i, j - i + kl] = (band[i, j - i + kl] + vals[t] % p + p) % p
    r = rhs_rows.shape[0]
    x = np.zeros((n, r), dtype=np.int64)
    for j in range(r):
        x[rhs_rows[j], j] = 1
    det = np.int64(1)
    for k in range(n):
        q = -1
        for i in range(k, min(n, k + kl + 1)):
            band[i, k - i + kl] = _mod(band[i, k - i + kl], p, invp)
            if q < 0 and band[i, k - i + kl] != 0:
                q = i
        if q < 0:
            return np.int64(0), x
        top = min(n - 1, k + kl + ku)
        if q != k:
            det = (p - det) % p
            for j in range(k, top + 1):
                a = band[k, j - k + kl]
                band[k, j - k + kl] = band[q, j - q + kl]
                band[q, j - q + kl] = a
            for j in range(r):
                a = x[k, j]
                x[k, j] = x[q, j]
                x[q, j] = a
        rowk = band[k]
        xk = x[k]
        for jj in range(kl, kl + top - k + 1):
            rowk[jj] = _mod(rowk[jj], p, invp)
        for j in range(r):
            xk[j] = _mod(xk[j], p, invp)
        piv = rowk[kl]
        det = det * piv % p
        inv = np.int64(_inv(piv, p))
        for i in range(k + 1, min(n, k + kl + 1)):
            f = _mod(band[i, k - i + kl] * inv, p, invp)
            if f == 0:
                continue
            g = p - f
            rowi = band[i]
            sh = k - i
            for jj in range(kl, kl + top - k + 1):  # columns k .. top
                rowi[jj + sh] += g * rowk[jj]
            xi = x[i]
            for j in range(r):
                xi[j] += g * xk[j]
    for k in range(n - 1, -1, -1):
        inv = np.int64(_inv(band[k, kl], p))
        top = min(n - 1, k + kl + ku)
        xk = x[k]
        for c in range(k + 1, top + 1):
            u = band[k, c - k + kl]
            if u == 0:
                continue
            g = p - u
            xc = x[c]
            for j in range(r):
                xk[j] += g * xc[j]
        for j in range(r):
            xk[j] = _mod(_mod(xk[j], p, invp) * inv, p, invp)
    return det, x


@njit(cache=True, nogil=True)
def _det_mod(a, p):
    """Determinant of the small square int64 matrix of residues ``a`` mod p < 2**26 (destroys ``a``).

    Lazy reduction as in :func:`band_solve_mod`: at most ``n`` products below
    ``2**52`` pile up in an entry before its row is reduced.
    """
    invp = 1.0 / float(p)
    n = a.shape[0]
    det = np.int64(1)
    for k in range(n):
        q = -1
        for i in range(k, n):
            a[i, k] = _mod(a[i, k], p, invp)
            if q < 0 and a[i, k] != 0:
                q = i
        if q < 0:
            return np.int64(0)
        if q != k:
            det = (p - det) % p
            for j in range(k, n):
                t = a[k, j]
                a[k, j] = a[q, j]
                a[q, j] = t
        ak = a[k]
        for j in range(k, n):
            ak[j] = _mod(ak[j], p, invp)
        piv = ak[k]
        det = det * piv % p
        inv = np.int64(_inv(piv, p))
        for i in range(k + 1, n):
            f = _mod(a[i, k] * inv, p, invp)
            if f == 0:
                continue
            g = p - f
            ai = a[i]
            for j in range(k, n):
                ai[j] += g * ak[j]
    return det


@njit(cache=True, nogil=True)
def grid_dets(g, tb, tw, tval, texp, grid, lo, p, start, stop):
    """``det(I + M(z) G) * prod z_i**(-lo_i)`` mod p (p < 2**26) at grid points ``start .. stop - 1``.

    ``g``: int64 ``(r_w, r_b)`` residues of ``K^-1`` (white rows, black columns); the
    twisted entries ``t`` sit in row ``tb[t]`` (a black) and column ``tw[t]`` (a white)
    with value ``tval[t]`` (in ``[0, p)``) at ``z = 1`` and exponents ``texp[t]``;
    ``M(z)`` holds ``tval * (z**texp - 1)``. Point number ``q`` (row-major over
    ``grid``) has ``z_i = t_i + 1``. Returns int64 residues.
    """
    invp = 1.0 / float(p)
    r_b = g.shape[1]
    k = grid.shape[0]
    nt = tb.shape[0]
    top = 0
    for t in range(nt):
        for i in range(k):
            top = max(top, abs(texp[t, i]))
    for i in range(k):
        top = max(top, -lo[i])
    # powers[i, t, e + top] = (t + 1)**e mod p for e in -top..top
    gmax = 0
    for i in range(k):
        gmax = max(gmax, grid[i])
    powers = np.zeros((k, gmax, 2 * top + 1), dtype=np.int64)
    for i in range(k):
        for t in range(grid[i]):
            zt = np.int64(t + 1) % p
            zi = np.int64(_inv(zt, p))
            powers[i, t, top] = 1
            for e in range(1, top + 1):
                powers[i, t, top + e] = powers[i, t, top + e - 1] * zt % p
                powers[i, t, top - e] = powers[i, t, top - e + 1] * zi % p
    out = np.zeros(stop - start, dtype=np.int64)
    digit = np.zeros(k, dtype=np.int64)
    a = np.zeros((r_b, r_b), dtype=np.int64)
    for q in range(start, stop):
        rest = q
        for i in range(k - 1, -1, -1):
            digit[i] = rest % grid[i]
            rest //= grid[i]
        fill2(a, np.int64(0))  # not a literal 0: fill2 compiled once more for it
        for i in range(r_b):
            a[i, i] = 1
        for t in range(nt):
            zp = np.int64(1)
            for i in range(k):
                e = texp[t, i]
                if e != 0:
                    zp = _mod(zp * powers[i, digit[i], top + e], p, invp)
            m = _mod(tval[t] * _mod(zp + p - 1, p, invp), p, invp)
            if m == 0:
                continue
            row = a[tb[t]]
            gw = g[tw[t]]
            for c in range(r_b):
                row[c] += m * gw[c]  # reduced lazily by _det_mod (a few terms per row)
        det = _det_mod(a, p)
        for i in range(k):
            if lo[i] != 0:
                det = det * powers[i, digit[i], top - lo[i]] % p
        out[q - start] = det
    return out


lifted_heights = returns_arrays(lifted_heights)
dial01 = returns_arrays(dial01)
