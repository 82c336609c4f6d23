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
from llvmlite import ir
from numba import njit, types
from numba.extending import intrinsic

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


@njit(cache=True, nogil=True, inline="always")
def probability_row(prob, i, k, qrow):
    """Row `i` of level `k`'s edge probabilities over level ``k - 1``'s, in place (see :func:`probability_rows`)."""
    o = prob.shape[1] - k
    n_, s_, w_, e_ = prob[0, i], prob[1, i + o], prob[2, i + o], prob[3, i]
    for j in range(k):
        pn = n_[j]
        ps = s_[j + o]
        pw = w_[j]
        pe = e_[j + o]
        c = 1.0 - (pn + ps + pw + pe)
        h = qrow[j] * c
        v = c - h
        n_[j] = pn + h
        s_[j + o] = ps + h
        w_[j] = pw + v
        e_[j + o] = pe + v


@njit(cache=True, nogil=True)
def probability_rows(prob, k, q, lo, hi):
    """Rows ``lo <= i < hi`` of level `k`'s edge probabilities, in place over level ``k - 1``'s (Propp's creation rates).

    Block ``f = (i, j)``'s four edges have images at level ``k - 1`` (N -> ``(i,
    j)``, S -> ``(i-1, j-1)``, W -> ``(i-1, j)``, E -> ``(i, j-1)``, absent off the
    board); with ``t`` the sum of their probabilities and ``q`` the level-`k`
    limit probability of a horizontal pair, ``P(N) = P'(N image) + q (1 - t)``,
    ``P(W) = P'(W image) + (1 - q)(1 - t)``, and likewise S, E.

    ``prob``: float64 ``(4, n, n)``, zeros at the start (level 0), planes N, S, W,
    E, each level at its own offset ``o = n - k``: ``N_k(i, j)`` at ``[0, i, j]``,
    ``S_k(i, j)`` at ``[1, i + o, j + o]``, ``W_k(i, j)`` at ``[2, i + o, j]``,
    ``E_k(i, j)`` at ``[3, i, j + o]``. Then a block's four edge images at level
    ``k - 1`` sit where its own four edges go, and the images a block lacks (off
    the smaller board) are zeros that no smaller level wrote: the step is
    pointwise, with no branch, and level ``n`` ends in the plain layout. Row `i`
    of level `k` needs rows ``i - 1`` and `i` of level ``k - 1`` done before it
    (and those of level ``k + 1`` after it); within a level the rows go in any
    ranges. ``q[:k, :k]``: level `k`'s limit probabilities of a horizontal pair.
    """
    for i in range(lo, hi):
        probability_row(prob, i, k, q[i])


@njit(cache=True, inline="always")
def _clipped(prob, p, i, j, zero, total):
    """``prob[p, i, j]`` clipped to ``[0, 1]`` (NaN kept); 0 at a zero weight, whose value is added to ``total[0]``."""
    x = prob[p, i, j]
    if x < 0.0:
        x = 0.0
    elif x > 1.0:
        x = 1.0
    if zero.shape[0] > 0 and zero[i, j, p]:
        total[0] += x
        return 0.0
    return x


@njit(cache=True, nogil=True)
def edge_rows(prob, zero, h, v, lo, hi, total):
    """Rows ``lo <= r < hi`` of the diamond's placement probabilities from the block planes `prob`.

    ``prob``: float64 ``(4, n, n)`` (N, S, W, E) of the blocks ``(i, j)``, whose
    top-left cell is ``(i + j, n - 1 + j - i)``: N is ``h[r, c]``, S ``h[r + 1,
    c]``, W ``v[r, c]``, E ``v[r, c + 1]``. ``h`` ``(2n, 2n - 1)`` and ``v``
    ``(2n - 1, 2n)`` get the values clipped to ``[0, 1]``, NaN off the diamond.
    ``zero``: bool ``(n, n, 4)`` (or empty): those positions get 0 and their
    clipped values are added to ``total[0]``. Rows in any ranges.
    """
    n = prob.shape[1]
    for r in range(lo, hi):
        h[r, :] = np.nan
        if r < 2 * n - 1:
            v[r, :] = np.nan
        for s in (
            r,
            r - 1,
        ):  # the blocks of diagonal i + j = s: their N (s = r) or S (s = r - 1) edge
            if s < 0 or s > 2 * n - 2:
                continue
            for j in range(max(0, s - n + 1), min(n - 1, s) + 1):
                i = s - j
                c = n - 1 + 2 * j - s
                if s == r:
                    h[r, c] = _clipped(prob, 0, i, j, zero, total)
                    v[r, c] = _clipped(prob, 2, i, j, zero, total)
                    v[r, c + 1] = _clipped(prob, 3, i, j, zero, total)
                else:
                    h[r, c] = _clipped(prob, 1, i, j, zero, total)


# ------------------------------------------------- modular partition function
# Residues modulo a prime ``p`` below ``2**48`` are held in doubles, lazily: a
# stored value ``v`` is any double-precision integer with ``|v| < p`` (sums of two
# of them, ``|v| < 2 p``, may enter a product). ``_mul`` computes ``a * b`` exactly
# as ``h + lo`` (``h`` the rounded product, ``lo`` its error, by a fused
# multiply-add), takes the nearest quotient ``q = rint(h / p)`` and returns ``h -
# q p + lo``: for ``|a|, |b| < 2 p`` the float quotient is off by at most 1/4, so
# ``|h - q p| <= 3 p / 4`` -- an integer below ``2**53``, which the second fused
# multiply-add computes exactly -- and ``|lo| <= ulp(h) / 2 <= 2**45 <= p / 4``.
# So ``|result| < p``, congruent to ``a b``: six flops, no branch, and twice the
# bits per operation of primes below ``2**26`` with plain products.


@intrinsic
def _fma(typingctx, a, b, c):
    """``a * b + c`` with one rounding (LLVM's ``llvm.fma.f64``; exact whenever the result fits)."""

    def codegen(context, builder, signature, args):
        d = ir.DoubleType()
        f = builder.module.declare_intrinsic("llvm.fma", [d], ir.FunctionType(d, [d, d, d]))
        return builder.call(f, args)

    return types.float64(types.float64, types.float64, types.float64), codegen


@njit(cache=True, inline="always")
def _mul(a, b, p, pinv):
    """A double congruent to ``a * b`` modulo `p` (``< 2**48``), below `p` in size, for ``|a|, |b| < 2 p``."""
    h = a * b
    lo = _fma(a, b, -h)
    return _fma(-np.rint(h * pinv), p, h) + lo


@njit(cache=True, inline="always")
def _reduce(a, p, pinv):
    """The residue in ``[0, p)`` of an integer double ``|a| < 2**53``.

    ``a - q p`` with ``q = floor(a / p)`` off by at most one is an integer below
    ``2 p``, so the fused multiply-add gives it exactly and one correction ends.
    """
    r = _fma(-np.floor(a * pinv), p, a)
    return r - p if r >= p else (r + p if r < 0.0 else r)


@njit(cache=True, nogil=True, error_model="numpy")
def strong_probable_primes(cands, bases):
    """Which odd ``2**47 < m < 2**48`` of `cands` pass Miller-Rabin to every base in `bases` (with `_mul` modulo ``m``)."""
    out = np.zeros(cands.size, np.bool_)
    for c in range(cands.size):
        m = cands[c]
        mf = float(m)
        minv = 1.0 / mf
        d, r = m - 1, 0
        while d % 2 == 0:
            d //= 2
            r += 1
        ok = True
        for a in bases:
            x = _reduce(_power(float(a), d, mf, minv), mf, minv)
            if x == 1.0 or x == mf - 1.0:
                continue
            for _ in range(r - 1):
                x = _reduce(_mul(x, x, mf, minv), mf, minv)
                if x == mf - 1.0:
                    break
            else:
                ok = False
                break
        out[c] = ok
    return out


@njit(cache=True, nogil=True, error_model="numpy")
def residue_planes(ints, p, zero, out):
    """``out = ints mod p`` as doubles (1 where `zero`); False when `p` divides a nonzero weight.

    `ints`: int64 weights, ``0 <= w < 2**53`` (exact in a double).
    """
    pf = float(p)
    pinv = 1.0 / pf
    flat, z, o = ints.ravel(), zero.ravel(), out.ravel()
    for t in range(flat.size):
        o[t] = 1.0 if z[t] else _reduce(float(flat[t]), pf, pinv)
    for t in range(flat.size):
        if o[t] == 0.0:
            return False
    return True


@njit(cache=True, nogil=True, error_model="numpy")
def partition_mod(res, deg, n, p, zeros):
    """Leading term of the partition function modulo the prime `p` (``2**47 < p < 2**48``), by urban renewal.

    ``res``: float64 ``(4, n, n)`` residues in ``[0, p)`` (planes N, S, W, E) of
    the weights' leading coefficients (overwritten), ``deg``: int32 degrees
    (overwritten; read only when `zeros`). Returns ``(z, degree, ok)``: the product
    of every ``coef(Delta)`` modulo `p` (in ``[0, p)``), the sum of the degrees,
    and False when a ``Delta`` that must be inverted is 0 modulo `p` (the prime
    is unlucky: take another).

    One pass over the rows per level. The planes never move: level ``k`` (``s = n
    - k``) finds block ``(i, j)`` at ``N[i, j]``, ``S[i+s, j+s]``, ``W[i+s, j]``,
    ``E[i, j+s]``, and renewal multiplies these four by ``1 / Delta(i, j)`` in
    place -- the shifts of the module notes are the offsets growing by one. All
    the Deltas of a level are inverted with one modular power (Montgomery's trick)
    arranged by columns: prefix products down every column, one short chain over
    the column totals, then back over the rows in the opposite order. Row ``i`` of
    that backward sweep renews row ``i`` and then computes the next level's Deltas
    and prefixes of the row that has become ready, so each level is one sweep, up
    and down in turn, and every long loop runs along a row and vectorises.
    """
    pf = float(p)
    pinv = 1.0 / pf
    d = np.empty((n, n))
    dd = np.zeros((n, n), np.int32)
    pre = np.empty((n, n))
    colinv = np.empty(n)
    before = np.empty(n)
    z = 1.0
    total = 0
    for i in range(n):
        total += _delta_row(res, deg, i, 0, n, d, dd, zeros, pf, pinv)
        _prefix_row(pre, d, i, i - 1, n, pf, pinv)
    down = True  # the order in which the current level's prefixes were taken
    for k in range(n, 0, -1):
        last = k - 1 if down else 0
        acc = 1.0
        for j in range(k):  # the column totals; their product is the level's product of Deltas
            t = _mul(pre[last, j], d[last, j], pf, pinv)
            before[j] = acc
            colinv[j] = t
            acc = _mul(acc, t, pf, pinv)
        z = _mul(z, acc, pf, pinv)
        if k == 1:
            break
        if _reduce(acc, pf, pinv) == 0.0:
            return 0, total, False
        inv = _power(acc, p - 2, pf, pinv)
        for j in range(k - 1, -1, -1):  # colinv[j] = 1 / (column total j)
            t = colinv[j]
            colinv[j] = _mul(inv, before[j], pf, pinv)
            inv = _mul(inv, t, pf, pinv)
        s, m = n - k, k - 1
        prev = -1
        for t in range(k):
            i = k - 1 - t if down else t
            _renew_row(res, deg, i, s, k, d, dd, pre, colinv, zeros, pf, pinv)
            r = i if down else i - 1  # the level k - 1 row whose blocks are all renewed now
            if 0 <= r < m:
                total += _delta_row(res, deg, r, s + 1, m, d, dd, zeros, pf, pinv)
                _prefix_row(pre, d, r, prev, m, pf, pinv)
                prev = r
        down = not down
    return int(_reduce(z, pf, pinv)), total, True


@njit(cache=True, inline="always")
def _power(a, e, p, pinv):
    """``a**e`` modulo `p` (lazy, as `_mul`), by squaring."""
    r = 1.0
    while e > 0:
        if e & 1:
            r = _mul(r, a, p, pinv)
        a = _mul(a, a, p, pinv)
        e >>= 1
    return r


@njit(cache=True, inline="always")
def _delta_row(res, deg, i, s, k, d, dd, zeros, p, pinv):
    """``d[i, :k]`` = the Deltas of row `i` of the level with offset `s`; returns the sum of their degrees."""
    rn, rs, rw, re, di = res[0, i], res[1, i + s, s:], res[2, i + s], res[3, i, s:], d[i]
    if not zeros:
        for j in range(k):
            di[j] = _mul(rn[j], rs[j], p, pinv) + _mul(rw[j], re[j], p, pinv)
        return 0
    gn, gs, gw, ge, ddi = deg[0, i], deg[1, i + s, s:], deg[2, i + s], deg[3, i, s:], dd[i]
    total = 0
    for j in range(k):
        da = gn[j] + gs[j]
        db = gw[j] + ge[j]
        a = _mul(rn[j], rs[j], p, pinv) if da <= db else 0.0
        b = _mul(rw[j], re[j], p, pinv) if db <= da else 0.0
        di[j] = a + b
        ddi[j] = min(da, db)
        total += min(da, db)
    return total


@njit(cache=True, inline="always")
def _prefix_row(pre, d, i, prev, k, p, pinv):
    """``pre[i, :k]`` = the product of the Deltas of the rows before `i` in this level's order (`prev` the last of them)."""
    pi = pre[i]
    if prev < 0:
        pi[:k] = 1.0
    else:
        pp, dp = pre[prev], d[prev]
        for j in range(k):
            pi[j] = _mul(pp[j], dp[j], p, pinv)


@njit(cache=True, inline="always")
def _renew_row(res, deg, i, s, k, d, dd, pre, colinv, zeros, p, pinv):
    """Renew row `i` of the level with offset `s`: its four planes times ``1 / Delta`` (and ``colinv`` moves past the row)."""
    rn, rs, rw, re, di, pi = (
        res[0, i],
        res[1, i + s, s:],
        res[2, i + s],
        res[3, i, s:],
        d[i],
        pre[i],
    )
    for j in range(k):
        iv = _mul(colinv[j], pi[j], p, pinv)
        colinv[j] = _mul(colinv[j], di[j], p, pinv)
        rn[j] = _mul(rn[j], iv, p, pinv)
        rs[j] = _mul(rs[j], iv, p, pinv)
        rw[j] = _mul(rw[j], iv, p, pinv)
        re[j] = _mul(re[j], iv, p, pinv)
    if zeros:
        gn, gs, gw, ge, ddi = deg[0, i], deg[1, i + s, s:], deg[2, i + s], deg[3, i, s:], dd[i]
        for j in range(k):
            gn[j] -= ddi[j]
            gs[j] -= ddi[j]
            gw[j] -= ddi[j]
            ge[j] -= ddi[j]
