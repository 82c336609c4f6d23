"""Numba kernels: exact sampling of weighted domino tilings from Kasteleyn minors, row by row.

The mask is the region's narrow view (``m`` rows along the long side, ``w``
columns), ``h = (w + 1) // 2``. A cell ``(r, j)`` has the *slot* ``j // 2`` among
the cells of its colour in its row (cells of one colour in one row are two
columns apart). Kasteleyn entries: horizontal ``(r, j)-(r, j+1)`` is ``hw[r, j]``,
vertical ``(r, j)-(r+1, j)`` is ``sgn[r, j] * vw[r, j]``; rows of a matrix are black
cells, columns white cells.

``S[k]`` (shape ``(2h, 2h)``, float64) is the *compressed tail* of rows ``k..m-1``:
rows ``0..h-1`` are the black cells of row ``k`` by slot, rows ``h..h+nlr[k]-1``
left-over rows of the tail; columns likewise with whites and ``nlc[k]``; the
left-over block is zero. For every set ``D`` of cells of row ``k``,
``det(S[k] without D) = const * det(K of rows k.. without D)`` with one constant
for all ``D`` (Schur complement with complete pivoting; see
``dominotiling/kasteleyn_sampler.py``).

``T`` (shape ``(3h, 3h)``) is row ``k`` (slots ``0..h-1``) joined to ``S[k+1]``
(slots ``h..``): its minors are those of the tail of rows ``k..`` for deletions in
rows ``k`` and ``k + 1``.
"""

import math

import numpy as np
from numba import njit

from .arrays import fill1, fill2

#: The prime of the exact rank computation (:func:`tail_pivots`); products of two
#: residues fit in int64.
RANK_PRIME = 2**31 - 1
#: The compression defers a pivot below this fraction of the step's largest entry.
DEFER_BELOW = 1e-8
#: A step's probabilities must be >= -PROB_TOL each and sum to 1 within PROB_TOL.
PROB_TOL = 1e-6
#: Where a step's probabilities miss summing to 1 by more than this, the two
#: inverse entries are refined first (residuals in twice the precision).
REFINE_ABOVE = 1e-10
#: Below this probability of the chosen domino, the inverse is recomputed afresh.
REFRESH_BELOW = 1e-3


@njit(cache=True, nogil=True, no_cpython_wrapper=True)
def _build_t(k, mask, hw, vw, sgn, snext, nlr, nlc, t, ract, cact, modulus):
    """Fill ``t``, ``ract``, ``cact`` with row ``k`` joined to the compressed tail ``snext``.

    With a positive `modulus` the weights are residues (integers held exactly in
    float64, as every entry then is): a negative Kasteleyn sign is applied modulo
    it (`modulus` ``0.0`` for float entries). One specialisation serves both.
    """
    m, w = mask.shape
    h = (w + 1) // 2
    fill2(t, 0.0)
    fill1(ract, False)
    fill1(cact, False)
    for a in range(nlr):
        ract[2 * h + a] = True
    for b in range(nlc):
        cact[2 * h + b] = True
    for a in range(h + nlr):
        for b in range(h + nlc):
            t[h + a, h + b] = snext[a, b]
    below = k + 1 < m
    # one pass over the row, each entry of t written once (one loop: less code, issue 37)
    for j in range(w):
        here = mask[k, j]
        down = below and mask[k + 1, j]
        black = (k + j) % 2 == 0
        s = j // 2
        if here:
            if black:
                ract[s] = True
            else:
                cact[s] = True
        if down:
            if black:
                cact[h + s] = True
            else:
                ract[h + s] = True
        if here and j + 1 < w and mask[k, j + 1]:
            if black:
                t[s, (j + 1) // 2] += hw[k, j]
            else:
                t[(j + 1) // 2, s] += hw[k, j]
        if here and down:
            val = sgn[k, j] * vw[k, j]
            if val < 0.0:  # a residue's negative: + modulus (nothing for floats: 0.0)
                val += modulus
            if black:
                t[s, h + s] += val
            else:
                t[h + s, s] += val


@njit(cache=True, nogil=True)
def tail_pivots(mask, hwp, vwp, sgn, t, ract, cact, npiv, start, stop):
    """Exact pivot counts of the compression, modulo :data:`RANK_PRIME`, for ``k = start-1`` down to ``stop``.

    ``hwp``, ``vwp`` are the weights' residues (float64, exact); ``t`` (int64 ``(3h, 3h)``), ``ract``
    and ``cact`` carry the compressed tail of the row last done from one call to the
    next (start with ``t`` zero and every flag False, at ``start = m``). The
    elimination is the one of :func:`compress_rows` over the field of residues, with
    any nonzero pivot: ``npiv[k]`` becomes the number of pivots step ``k`` makes,
    ``rank(K of rows k+1..) - rank(K of rows k+2..)`` -- exact unless the prime
    divides a nonzero minor. Returns 0, or ``k + 1`` where the left-over rows or
    columns of the tail outnumber ``h`` (the tail has no tiling; ``npiv`` stops there).
    """
    m, w = mask.shape
    h = (w + 1) // 2
    n3 = 3 * h
    P = RANK_PRIME
    # the row is joined to the tail in floats (residues are exact there) by the _build_t of
    # the other kernels, one compilation for both, then taken as int64 for the elimination
    nxt = np.empty((2 * h, 2 * h))
    tf = np.empty((n3, n3))
    ri = np.empty(n3, dtype=np.int64)
    ci = np.empty(n3, dtype=np.int64)
    for k in range(start - 1, stop - 1, -1):
        # the tail of rows k+1.. left by the previous step sits in t[0:h | 2h:], as
        # rows/cols of row k+1 and left-overs; move it to the slots h.. of row k+1
        fill2(nxt, 0.0)
        # np.int64, not a literal 0: numba would compile _build_t once more for Literal[int](0)
        nl_r = np.int64(0)
        nl_c = np.int64(0)
        if k + 1 < m:
            for a in range(h):
                ri[a] = a
                ci[a] = a
            for a in range(h, n3):
                if ract[a]:
                    ri[h + nl_r] = a
                    nl_r += 1
            for b in range(h, n3):
                if cact[b]:
                    ci[h + nl_c] = b
                    nl_c += 1
            if nl_r > h or nl_c > h:
                return k + 2
            for a in range(h + nl_r):
                for b in range(h + nl_c):
                    if a < h or b < h:
                        nxt[a, b] = t[ri[a], ci[b]]
        _build_t(k, mask, hwp, vwp, sgn, nxt, nl_r, nl_c, tf, ract, cact, float(P))
        # only what the elimination and the next step read: the slots of row k and the
        # active rows and columns (the others keep stale values, never read)
        for a in range(n3):
            if a < h or ract[a]:
                for b in range(n3):
                    if b < h or cact[b]:
                        t[a, b] = np.int64(tf[a, b])
        count = 0
        while True:
            p = -1
            q = -1
            for a in range(h, n3):
                if ract[a]:
                    for b in range(h, n3):
                        if cact[b] and t[a, b] != 0:
                            p = a
                            q = b
                            break
                    if p >= 0:
                        break
            if p < 0:
                break
            inv = 1
            base = t[p, q]
            e = P - 2
            while e:  # Fermat inverse of the pivot
                if e & 1:
                    inv = inv * base % P
                base = base * base % P
                e >>= 1
            for a in range(n3):
                if ract[a] and a != p and t[a, q] != 0:
                    f = t[a, q] * inv % P
                    for b in range(n3):
                        if cact[b] and t[p, b] != 0:
                            t[a, b] = (t[a, b] - f * t[p, b]) % P
                    t[a, q] = 0
            ract[p] = False
            cact[q] = False
            count += 1
        npiv[k] = count
    return 0


@njit(cache=True, nogil=True)
def compress_rows(mask, hw, vw, sgn, S, nlr, nlc, npiv, owe, start, stop, logdet):
    """Compute ``S[k]``, ``nlr[k]``, ``nlc[k]`` for ``k = start-1`` down to ``stop`` from ``S[k+1]``.

    Each step eliminates rows and columns of the tail by complete pivoting, but
    only pivots of at least :data:`DEFER_BELOW` times the largest entry: a smaller
    pivot (a nearly singular block, whose Schur complement would grow by its
    inverse) is deferred -- its row and column stay as left-overs, with their
    block, which is exact, not a rank decision. Pivots are forced only when the
    left-overs would not fit (``h`` rows and ``h`` columns). The exact ranks of
    :func:`tail_pivots` bound the pivots: ``owe[0]`` counts the pivots the exact
    elimination has made and this one not yet, and no step pivots beyond it (what
    is left then is rounding, not matrix). Returns 0, or ``k + 1`` of the first
    row whose left-overs cannot be made to fit (no tiling of the tail, or a
    numerical failure). ``logdet[0]`` accumulates ``log |pivot|`` of every
    pivot and the logs of the scales :func:`_canonical` divides by, so that
    ``log |det K(rows stop..)| = logdet[0] + log |det S[stop]|`` (active part).
    """
    m, w = mask.shape
    h = (w + 1) // 2
    n3 = 3 * h
    t = np.empty((n3, n3))
    ract = np.empty(n3, dtype=np.bool_)
    cact = np.empty(n3, dtype=np.bool_)
    rows = np.empty(n3, dtype=np.int64)
    cols = np.empty(n3, dtype=np.int64)
    prow = np.empty(n3)
    lcols = np.empty(n3, dtype=np.int64)
    owed = owe[0]  # the two accumulators in locals, stored back at the end (fewer array accesses)
    ld = logdet[0]
    for k in range(start - 1, stop - 1, -1):
        _build_t(k, mask, hw, vw, sgn, S[k + 1], nlr[k + 1], nlc[k + 1], t, ract, cact, 0.0)
        owed += npiv[k]
        scale = 0.0
        for a in range(n3):
            for b in range(n3):
                scale = max(scale, abs(t[a, b]))
        nr_left = 0
        nc_left = 0
        for a in range(h, n3):
            if ract[a]:
                nr_left += 1
            if cact[a]:
                nc_left += 1
        while owed > 0:
            best = 0.0
            p = -1
            q = -1
            for a in range(h, n3):
                if not ract[a]:
                    continue
                for b in range(h, n3):
                    if cact[b] and abs(t[a, b]) > best:
                        best = abs(t[a, b])
                        p = a
                        q = b
            if p < 0:
                break
            if best < DEFER_BELOW * scale and nr_left <= h and nc_left <= h:
                break
            nr = 0
            for a in range(n3):
                if ract[a] and a != p and t[a, q] != 0.0:
                    rows[nr] = a
                    nr += 1
            nc = 0
            for b in range(n3):
                if cact[b] and b != q and t[p, b] != 0.0:
                    cols[nc] = b
                    prow[nc] = t[p, b]
                    nc += 1
            piv = t[p, q]
            ld += math.log(abs(piv))
            for ia in range(nr):
                a = rows[ia]
                f = t[a, q] / piv
                for ib in range(nc):
                    t[a, cols[ib]] -= f * prow[ib]
                t[a, q] = 0.0
            ract[p] = False
            cact[q] = False
            nr_left -= 1
            nc_left -= 1
            owed -= 1
        if nr_left > h or nc_left > h:
            owe[0] = owed
            logdet[0] = ld
            return k + 1
        s = S[k]
        fill2(s, 0.0)
        for a in range(h):
            for b in range(h):
                s[a, b] = t[a, b]
        lc = np.int64(
            0
        )  # not a literal 0: numba would compile _canonical for Literal[int](0) as well
        for b in range(h, n3):
            if cact[b]:
                lcols[lc] = b
                for a in range(h):
                    s[a, h + lc] = t[a, b]
                lc += 1
        lr = np.int64(0)
        for a in range(h, n3):
            if ract[a]:
                for b in range(h):
                    s[h + lr, b] = t[a, b]
                for x in range(lc):
                    s[h + lr, h + x] = t[a, lcols[x]]
                lr += 1
        nlr[k] = lr
        nlc[k] = lc
        ld += _canonical(s, h, lr, lc)
    owe[0] = owed
    logdet[0] = ld
    return 0


@njit(cache=True, nogil=True, no_cpython_wrapper=True)
def _orthonormalize(v, n):
    """Rows ``0..n-1`` of `v` made orthonormal in place (Gram-Schmidt, twice): ``(ok, logs)``.

    ``ok`` is False if the rows are dependent; ``logs`` is the sum of the logs of the
    norms divided by (the log of the factor by which the operations divide any minor
    that holds the rows).
    """
    logs = 0.0
    for i in range(n):
        for _ in range(2):
            for j in range(i):
                d = 0.0
                for x in range(v.shape[1]):
                    d += v[i, x] * v[j, x]
                for x in range(v.shape[1]):
                    v[i, x] -= d * v[j, x]
        norm = 0.0
        for x in range(v.shape[1]):
            norm += v[i, x] * v[i, x]
        if norm == 0.0:
            return False, logs
        logs += 0.5 * math.log(norm)
        norm = 1.0 / math.sqrt(norm)
        for x in range(v.shape[1]):
            v[i, x] *= norm
    return True, logs


@njit(cache=True, nogil=True, no_cpython_wrapper=True)
def _canonical(s, h, lr, lc):
    """Well-scaled form of a compressed tail, with the same minors up to one constant.

    The left-over rows (always present in every minor) are made orthonormal by
    row operations among themselves, and the rows of the cells are projected
    orthogonally to them (adding multiples of left-over rows to other rows);
    likewise for the columns. Neither changes any ratio of minors. Rows and
    columns are taken whole, the block of deferred pivots included. Returns the
    log of the factor the minors were divided by (0 where nothing changed).
    """
    nc = h + lc
    nr = h + lr
    total = 0.0
    if lr > 0:
        v = np.empty((lr, nc))  # s[h : h + lr, :nc], by loops (see _fill2)
        for t in range(lr):
            for x in range(nc):
                v[t, x] = s[h + t, x]
        ok, logs = _orthonormalize(v, lr)
        if ok:
            total += logs
            for t in range(lr):
                for x in range(nc):
                    s[h + t, x] = v[t, x]
            for a in range(h):
                for t in range(lr):
                    d = 0.0
                    for x in range(nc):
                        d += s[a, x] * v[t, x]
                    for x in range(nc):
                        s[a, x] -= d * v[t, x]
    if lc > 0:
        v = np.empty((lc, nr))  # s[:nr, h : h + lc].T
        for t in range(lc):
            for x in range(nr):
                v[t, x] = s[x, h + t]
        ok, logs = _orthonormalize(v, lc)
        if ok:
            total += logs
            for t in range(lc):
                for x in range(nr):
                    s[x, h + t] = v[t, x]
            for b in range(h):
                for t in range(lc):
                    d = 0.0
                    for x in range(nr):
                        d += s[x, b] * v[t, x]
                    for x in range(nr):
                        s[x, b] -= d * v[t, x]
    return total


@njit(cache=True, nogil=True, no_cpython_wrapper=True)
def _invert_active(t, ract, cact, g):
    """``g[col, row]`` = inverse of ``t`` restricted to active rows/cols; False if not square or singular.

    Gauss-Jordan with partial pivoting, in one kernel by plain loops (``np.flatnonzero``,
    ``np.eye`` and a helper for the inverse were a second of the sampler's first call,
    issue 37).
    """
    n3 = t.shape[0]
    ri = np.empty(n3, dtype=np.int64)
    ci = np.empty(n3, dtype=np.int64)
    n = 0
    nc = 0
    for a in range(n3):
        if ract[a]:
            ri[n] = a
            n += 1
        if cact[a]:
            ci[nc] = a
            nc += 1
    if n != nc:
        return False
    fill2(g, 0.0)
    if n == 0:
        return True
    a = np.empty((n, n))
    inv = np.empty((n, n))
    for i in range(n):
        for j in range(n):
            a[i, j] = t[ri[i], ci[j]]
            inv[i, j] = 1.0 if i == j else 0.0
    for k in range(n):
        p = k
        best = abs(a[k, k])
        for i in range(k + 1, n):
            if abs(a[i, k]) > best:
                best = abs(a[i, k])
                p = i
        if best == 0.0:
            return False
        if p != k:
            for j in range(n):
                a[k, j], a[p, j] = a[p, j], a[k, j]
                inv[k, j], inv[p, j] = inv[p, j], inv[k, j]
        f = 1.0 / a[k, k]
        for j in range(n):
            a[k, j] *= f
            inv[k, j] *= f
        for i in range(n):
            if i == k:
                continue
            c = a[i, k]
            if c == 0.0:
                continue
            for j in range(k, n):
                a[i, j] -= c * a[k, j]
            for j in range(n):
                inv[i, j] -= c * inv[k, j]
    for b in range(n):
        for i in range(n):
            g[ci[b], ri[i]] = inv[b, i]
    return True


@njit(cache=True, nogil=True, inline="always")
def _two_prod(a, b):
    """``(p, e)`` with ``p + e == a * b`` exactly (Dekker's split)."""
    p = a * b
    c = 134217729.0 * a
    ah = c - (c - a)
    al = a - ah
    c = 134217729.0 * b
    bh = c - (c - b)
    bl = b - bh
    return p, ((ah * bh - p) + ah * bl + al * bh) + al * bl


@njit(cache=True, nogil=True, inline="always")
def _two_sum(a, b):
    """``(s, e)`` with ``s + e == a + b`` exactly (Knuth)."""
    s = a + b
    bb = s - a
    return s, (a - (s - bb)) + (b - bb)


@njit(cache=True, nogil=True, no_cpython_wrapper=True)
def _refine(t, g, ract, cact, by_row, x, r):
    """One step of iterative refinement of a column (`by_row`) or row of the inverse ``g``.

    With ``by_row``, ``y = g[:, x]`` should solve ``T y = e_x``; else ``z = g[x, :]``
    should solve ``z T = e_x``. The residual is summed in twice the working
    precision (Ogita, Rump and Oishi's Dot2, from error-free transformations), so
    one step multiplies the error by about ``cond(T) * 2**-53``: an error of
    ``1e-6`` (``cond(T)`` near ``1e10``) falls to about ``1e-12``. Where ``T`` is
    singular to working precision (``cond(T)`` near ``1e16``) it cannot help.
    """
    n3 = t.shape[0]
    # one loop for both (the operands picked, in the order of the products): fewer lines to
    # compile (issue 37)
    for i in range(n3):
        r[i] = 0.0
        if not (ract[i] if by_row else cact[i]):
            continue
        s = -1.0 if i == x else 0.0
        e = 0.0
        for b in range(n3):
            if not (cact[b] if by_row else ract[b]):
                continue
            if by_row:
                u, v = t[i, b], g[b, x]
            else:
                u, v = g[x, b], t[b, i]
            p, pe = _two_prod(u, v)
            s, se = _two_sum(s, p)
            e += pe + se
        r[i] = -(s + e)  # e_x - T y (or e_x - z T)
    for b in range(n3):
        if not (cact[b] if by_row else ract[b]):
            continue
        d = 0.0
        for i in range(n3):
            if ract[i] if by_row else cact[i]:
                d += (g[b, i] if by_row else g[i, b]) * r[i]
        if by_row:
            g[b, x] += d
        else:
            g[x, b] += d


@njit(cache=True, nogil=True)
def sample_rows(mask, hw, vw, sgn, S, nlr, nlc, start, stop, below, uniforms, labels, state):
    """Choose the dominoes of rows ``start..stop-1``; ``below`` marks cells already taken from above.

    ``uniforms``: one uniform in [0, 1) per cell (row-major), used by the cell
    whose domino is decided. ``labels`` (int32, narrow shape) receives domino ids;
    ``state = [next_id, worst_sum_error, refreshes, status]`` carries across calls;
    ``status`` becomes ``k + 1`` if row ``k`` failed the probability check twice.
    """
    m, w = mask.shape
    h = (w + 1) // 2
    n3 = 3 * h
    t = np.empty((n3, n3))
    g = np.empty((n3, n3))
    ract = np.empty(n3, dtype=np.bool_)
    cact = np.empty(n3, dtype=np.bool_)
    gcol = np.empty(n3)
    grow = np.empty(n3)
    rbuf = np.empty(n3)
    taken = np.empty(w, dtype=np.bool_)
    for k in range(start, stop):
        _build_t(k, mask, hw, vw, sgn, S[k + 1], nlr[k + 1], nlc[k + 1], t, ract, cact, 0.0)
        for j in range(w):
            taken[j] = below[j]
            below[j] = False
            if taken[j]:
                if (k + j) % 2 == 0:
                    ract[j // 2] = False
                else:
                    cact[j // 2] = False
        if not _invert_active(t, ract, cact, g):
            state[3] = k + 1
            return
        fresh = True
        for j in range(w):
            if not mask[k, j] or taken[j]:
                continue
            black = (k + j) % 2 == 0
            tries = 0
            can_r = j + 1 < w and mask[k, j + 1] and not taken[j + 1]
            can_d = k + 1 < m and mask[k + 1, j]
            refined = 0
            # the (row, column) slots of the domino to the right and of the one below
            if black:
                ar, br, ad, bd = j // 2, (j + 1) // 2, j // 2, h + j // 2
            else:
                ar, br, ad, bd = (j + 1) // 2, j // 2, h + j // 2, j // 2
            while True:
                pr = 0.0
                pd = 0.0
                if can_r and not can_d:  # forced: probability 1 whatever the rounding
                    pr = 1.0
                    break
                if can_d and not can_r:
                    pd = 1.0
                    break
                if can_r:
                    pr = t[ar, br] * g[br, ar]
                if can_d:
                    pd = t[ad, bd] * g[bd, ad]
                err = abs(pr + pd - 1.0)
                if (err > REFINE_ABOVE or min(pr, pd) < -REFINE_ABOVE) and refined < 2:
                    _refine(t, g, ract, cact, black, j // 2, rbuf)
                    refined += 1
                    continue
                ok = pr >= -PROB_TOL and pd >= -PROB_TOL and err <= PROB_TOL
                if ok:
                    if err > state[1]:
                        state[1] = err
                    break
                if fresh or tries > 0:
                    state[3] = k + 1
                    return
                tries += 1
                refined = 0
                state[2] += 1.0
                if not _invert_active(t, ract, cact, g):
                    state[3] = k + 1
                    return
                fresh = True
            pr = max(pr, 0.0)
            pd = max(pd, 0.0)
            u = uniforms[k * w + j]
            right = u * (pr + pd) < pr
            chosen = pr if right else pd
            a, b = (ar, br) if right else (ad, bd)
            lab = int(state[0])
            state[0] += 1.0
            labels[k, j] = lab
            if right:
                labels[k, j + 1] = lab
                taken[j + 1] = True
            else:
                labels[k + 1, j] = lab
                below[j] = True
            taken[j] = True
            # delete row a and column b from the inverse: rank-one (Jacobi) update
            piv = g[b, a]
            for x in range(n3):
                gcol[x] = g[x, a] if cact[x] else 0.0
                grow[x] = g[b, x] if ract[x] else 0.0
            ract[a] = False
            cact[b] = False
            if chosen < REFRESH_BELOW:
                state[2] += 1.0
                if not _invert_active(t, ract, cact, g):
                    state[3] = k + 1
                    return
                fresh = True
                continue
            for x in range(n3):
                if not cact[x] or gcol[x] == 0.0:
                    continue
                f = gcol[x] / piv
                for y in range(n3):
                    if ract[y]:
                        g[x, y] -= f * grow[y]
            fresh = False
