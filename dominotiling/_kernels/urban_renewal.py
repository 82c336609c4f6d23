"""Numba kernels of urban renewal on the Aztec diamond; see ``aztec_weights.py``.

Conventions (those of ``shuffling.py``): block ``(i, j)``, ``0 <= i, j < k``, of
order ``k`` has the (N, S, W, E) edge weights ``w[i, j, 0:4]``. One urban renewal
of every block takes level ``k`` to level ``k - 1``: with
``Delta(i, j) = N*S + W*E``, the level ``k - 1`` block ``(i, j)`` has
``N = N(i, j) / Delta(i, j)``, ``S = S(i+1, j+1) / Delta(i+1, j+1)``,
``W = W(i+1, j) / Delta(i+1, j)``, ``E = E(i, j+1) / Delta(i, j+1)``, and
``Z_k = prod(Delta) * Z_{k-1}``.

Zero weights are the limit ``eps -> 0`` of weights ``eps``: every quantity is kept
as its leading term ``coef * eps**deg`` (``coef > 0``, ``deg`` an integer). All
quantities are subtraction-free rational functions of ``eps``, so the leading term
of a product, quotient or sum is found from the leading terms alone: a sum keeps
the term of lower degree, or adds the coefficients when the degrees agree.
``zeros`` False skips the degrees (all zero).
"""

import numpy as np
from numba import njit


_BIG = 1e150  # products of Deltas are folded into a log beyond this
_FAR = 1e60  # a level is rescaled only when its largest weight leaves [1/_FAR, _FAR]


@njit(cache=True, nogil=True, error_model="numpy")
def renew_float(coef, deg, k, dinv, ddeg, zeros):
    """Level `k` to ``k - 1`` in place, with the log of the product of its Deltas.

    ``coef``: float64 ``(4, >= k, >= k)`` leading coefficients (planes N, S, W, E),
    ``deg``: int32 ``(4, ...)`` degrees (read only when `zeros`); ``dinv``,
    ``ddeg``: scratch ``(>= k, >= k)``. Returns ``(log_delta, deg_delta, log_top,
    ok)``: the sum of ``log coef(Delta)``, the sum of ``deg(Delta)``, the log of
    the factor the new level was divided by (``log Z_k = log_delta + (k-1) k
    log_top + log Z_{k-1}``; 0 unless its largest weight left ``[1e-60,
    1e60]``), and False if a coefficient under- or overflowed.
    """
    cn, cs, cw, ce = coef[0], coef[1], coef[2], coef[3]
    log_delta = 0.0
    prod = 1.0
    deg_delta = 0
    ok = True
    for i in range(k):
        for j in range(k):
            a = cn[i, j] * cs[i, j]
            b = cw[i, j] * ce[i, j]
            if zeros:
                da = deg[0, i, j] + deg[1, i, j]
                db = deg[2, i, j] + deg[3, i, j]
                if da < db:
                    ok = ok and a > 0.0
                    b = 0.0
                    d = da
                elif da > db:
                    ok = ok and b > 0.0
                    a = 0.0
                    d = db
                else:
                    ok = ok and a > 0.0 and b > 0.0
                    d = da
                ddeg[i, j] = d
                deg_delta += d
            else:  # a product that underflowed to 0 would pass for a zero weight
                ok = ok and a > 0.0 and b > 0.0
            c = a + b
            if not (a >= 0.0 and b >= 0.0 and c > 0.0 and c < np.inf):
                ok = False
            dinv[i, j] = 1.0 / c
            prod *= c
            if prod > _BIG or prod < 1.0 / _BIG:
                log_delta += np.log(prod)
                prod = 1.0
    log_delta += np.log(prod)
    if k == 1 or not ok:
        return log_delta, deg_delta, 0.0, ok
    m = k - 1
    for i in range(m):  # row-major: (i, j) is read before it is written, the others later
        for j in range(m):
            cn[i, j] = cn[i, j] * dinv[i, j]
        for j in range(m):
            cs[i, j] = cs[i + 1, j + 1] * dinv[i + 1, j + 1]
        for j in range(m):
            cw[i, j] = cw[i + 1, j] * dinv[i + 1, j]
        for j in range(m):
            ce[i, j] = ce[i, j + 1] * dinv[i, j + 1]
        if zeros:
            for j in range(m):
                deg[0, i, j] = deg[0, i, j] - ddeg[i, j]
                deg[1, i, j] = deg[1, i + 1, j + 1] - ddeg[i + 1, j + 1]
                deg[2, i, j] = deg[2, i + 1, j] - ddeg[i + 1, j]
                deg[3, i, j] = deg[3, i, j + 1] - ddeg[i, j + 1]
    # the scale of the new level, read off one plane (a coefficient far off it is caught at the next level)
    top = 0.0
    low = np.inf
    for i in range(m):
        for j in range(m):
            x = cn[i, j]
            top = max(top, x)
            low = min(low, x)
    if not (low > 0.0 and top < np.inf):
        return log_delta, deg_delta, 0.0, False
    if top < _FAR and low > 1.0 / _FAR:
        return log_delta, deg_delta, 0.0, True
    inv = 1.0 / top
    for t in range(4):
        for i in range(m):
            for j in range(m):
                x = coef[t, i, j] * inv
                if not x > 0.0:
                    ok = False
                coef[t, i, j] = x
    return log_delta, deg_delta, np.log(top), ok


@njit(cache=True, nogil=True)
def probability_step(prev, k, q, out):
    """Edge probabilities of level `k` from those of level ``k - 1`` (Propp's creation rates).

    ``prev``: float64 ``(4, >= k-1, >= k-1)`` probabilities of the level ``k - 1``
    edges (planes N, S, W, E); ``q[:k, :k]``: the level-`k` limit probabilities of
    a horizontal pair; ``out``: ``(4, >= k, >= k)``. Block ``f``'s four edges have
    images at level ``k - 1`` (N -> ``(i, j)``, S -> ``(i-1, j-1)``, W -> ``(i-1,
    j)``, E -> ``(i, j-1)``, absent off the board); with ``t`` the sum of their
    probabilities, ``P(N) = P'(N image) + q (1 - t)``, ``P(W) = P'(W image) + (1 -
    q)(1 - t)``, and likewise S, E.
    """
    m = k - 1
    for i in range(k):
        for j in range(k):
            pn = prev[0, i, j] if (i < m and j < m) else 0.0
            ps = prev[1, i - 1, j - 1] if (i >= 1 and j >= 1) else 0.0
            pw = prev[2, i - 1, j] if (i >= 1 and j < m) else 0.0
            pe = prev[3, i, j - 1] if (i < m and j >= 1) else 0.0
            c = 1.0 - (pn + ps + pw + pe)
            h = q[i, j] * c
            v = c - h
            out[0, i, j] = pn + h
            out[1, i, j] = ps + h
            out[2, i, j] = pw + v
            out[3, i, j] = pe + v


@njit(cache=True, inline="always")
def _mul(a, b, p, pinv):
    """``a * b mod p`` for ``0 <= a, b < p < 2**26`` held in doubles (the product is exact).

    Written with selects, no branches, so that loops of it vectorise.
    """
    x = a * b
    r = x - np.floor(x * pinv) * p
    r = r + p if r < 0.0 else r
    return r - p if r >= p else r


@njit(cache=True, nogil=True, error_model="numpy")
def partition_mod(res, deg, n, p, zeros):
    """Leading term of the partition function modulo the prime `p` (< 2**26), by urban renewal.

    ``res``: float64 ``(4, n, n)`` residues (planes N, S, W, E) of the weights'
    leading coefficients (overwritten), ``deg``: int32 degrees (overwritten; read
    only when `zeros`). Returns ``(z, degree, ok)``: the product of every
    ``coef(Delta)`` modulo `p`, the sum of the degrees, and False when a ``Delta``
    that must be inverted is 0 modulo `p` (the prime is unlucky: take another).

    Each level inverts all its Deltas with one modular power (Montgomery's
    trick) arranged by columns: prefix products down every column at once, one
    short chain over the column totals, then back up every column at once -- so
    every long loop runs along a row and vectorises.
    """
    pf = float(p)
    pinv = 1.0 / pf
    dres = np.empty((n, n))
    ddeg = np.zeros((n, n), np.int32)
    pref = np.empty((n + 1, n))
    chain = np.empty(n)
    colinv = np.empty(n)
    rn, rs, rw, re = res[0], res[1], res[2], res[3]
    z = 1.0
    total = 0
    for k in range(n, 0, -1):
        pref[0, :k] = 1.0
        for i in range(k):
            a_n, a_s, a_w, a_e, d, top, below = rn[i], rs[i], rw[i], re[i], dres[i], pref[i], pref[i + 1]
            if zeros:
                for j in range(k):
                    da = deg[0, i, j] + deg[1, i, j]
                    db = deg[2, i, j] + deg[3, i, j]
                    a = _mul(a_n[j], a_s[j], pf, pinv) if da <= db else 0.0
                    b = _mul(a_w[j], a_e[j], pf, pinv) if db <= da else 0.0
                    c = a + b
                    d[j] = c - pf if c >= pf else c
                    ddeg[i, j] = min(da, db)
                    total += min(da, db)
            else:
                for j in range(k):
                    c = _mul(a_n[j], a_s[j], pf, pinv) + _mul(a_w[j], a_e[j], pf, pinv)
                    d[j] = c - pf if c >= pf else c
            for j in range(k):
                below[j] = _mul(top[j], d[j], pf, pinv)
        # the column totals: their product is the level's product of Deltas
        acc = 1.0
        for j in range(k):
            acc = _mul(acc, pref[k, j], pf, pinv)
            chain[j] = acc
        z = _mul(z, acc, pf, pinv)
        if k == 1:
            break
        if acc == 0.0:
            return int(z), total, False
        e = p - 2
        base = acc
        inv = 1.0
        while e > 0:
            if e & 1:
                inv = _mul(inv, base, pf, pinv)
            base = _mul(base, base, pf, pinv)
            e >>= 1
        for j in range(k - 1, 0, -1):  # inverse of each column total
            colinv[j] = _mul(inv, chain[j - 1], pf, pinv)
            inv = _mul(inv, pref[k, j], pf, pinv)
        colinv[0] = inv
        for i in range(k - 1, -1, -1):  # back up the columns: dres becomes 1 / Delta
            d, top = dres[i], pref[i]
            for j in range(k):
                c = d[j]
                d[j] = _mul(colinv[j], top[j], pf, pinv)
                colinv[j] = _mul(colinv[j], c, pf, pinv)
        m = k - 1
        for i in range(m):
            _mul_row(rn[i], rn[i], dres[i], 0, m, pf, pinv)
            _mul_row(rs[i], rs[i + 1], dres[i + 1], 1, m, pf, pinv)
            _mul_row(rw[i], rw[i + 1], dres[i + 1], 0, m, pf, pinv)
            _mul_row(re[i], re[i], dres[i], 1, m, pf, pinv)
            if zeros:
                for j in range(m):
                    deg[0, i, j] = deg[0, i, j] - ddeg[i, j]
                    deg[1, i, j] = deg[1, i + 1, j + 1] - ddeg[i + 1, j + 1]
                    deg[2, i, j] = deg[2, i + 1, j] - ddeg[i + 1, j]
                    deg[3, i, j] = deg[3, i, j + 1] - ddeg[i, j + 1]
    return int(z), total, True


@njit(cache=True, nogil=True, inline="always", error_model="numpy")
def _mul_row(out, a, b, shift, m, p, pinv):
    """``out[j] = a[j + shift] * b[j + shift] mod p`` for ``j < m`` (in place when `out` is `a`, shift 0 or 1)."""
    for j in range(m):
        out[j] = _mul(a[j + shift], b[j + shift], p, pinv)
