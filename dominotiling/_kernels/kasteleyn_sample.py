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
from .banded_det import _inverse, _reduce

#: The prime of the exact rank computation (:func:`compress_rows` with a modulus): a
#: product of two residues, below ``2**52``, is exact in float64, as the elimination's
#: arithmetic then is.
RANK_PRIME = 2**26 - 5
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
def compress_rows(mask, hw, vw, sgn, S, nlr, nlc, npiv, owe, start, stop, logdet, modulus):
    """Compute ``S[k]``, ``nlr[k]``, ``nlc[k]`` for ``k = start-1`` down to ``stop`` from ``S[k+1]``.

    Each step eliminates rows and columns of the tail by complete pivoting, but
    only pivots of at least :data:`DEFER_BELOW` times the largest entry: a smaller
    pivot (a nearly singular block, whose Schur complement would grow by its
    inverse) is deferred -- its row and column stay as left-overs, with their
    block, which is exact, not a rank decision. Pivots are forced only when the
    left-overs would not fit (``h`` rows and ``h`` columns). The exact ranks
    (the same kernel with a `modulus`, below) bound the pivots: ``owe[0]`` counts the
    pivots the exact elimination has made and this one not yet, and no step pivots
    beyond it (what is left then is rounding, not matrix). Returns 0, or ``k + 1`` of
    the first row whose left-overs cannot be made to fit (no tiling of the tail, or a
    numerical failure), or ``-(k + 1)`` where ``S[k]`` has left-over rows or
    columns: the caller puts it in its canonical form (``sampling.kasteleyn._canonical``,
    adding the log of its scale to ``logdet[0]``) and calls again with ``start = k``.
    ``logdet[0]`` accumulates ``log |pivot|`` of every pivot (and the caller the logs
    of the canonical forms' scales), so that ``log |det K(rows stop..)| = logdet[0] +
    log |det S[stop]|`` (active part).

    With a positive `modulus` (the prime :data:`RANK_PRIME`; `hw`, `vw` the weights'
    residues, integers held exactly in float64, as every entry then is) the same
    elimination runs over the field of residues with any nonzero pivot, no deferral
    and no bound: ``npiv[k]`` becomes the number of pivots step ``k`` makes,
    ``rank(K of rows k+1..) - rank(K of rows k+2..)`` -- exact unless the prime
    divides a nonzero minor (``owe``, ``logdet`` and the canonical forms are then not
    used). One kernel for both: a second of the sampler's first call (issue 37).
    """
    m, w = mask.shape
    h = (w + 1) // 2
    n3 = 3 * h
    exact = modulus > 0.0
    pinv = 1.0 / modulus if exact else 0.0
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
        _build_t(k, mask, hw, vw, sgn, S[k + 1], nlr[k + 1], nlc[k + 1], t, ract, cact, modulus)
        if exact:
            owed = n3  # no bound: every nonzero pivot
            npiv[k] = 0
        else:
            owed += npiv[k]
        scale = 0.0  # the largest entry, for the float deferral only
        if not exact:
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
                if exact and p >= 0:  # any nonzero pivot: the first row that has one
                    break
            if p < 0:
                break
            if not exact and best < DEFER_BELOW * scale and nr_left <= h and nc_left <= h:
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
            if exact:  # the pivot's inverse, the multipliers and the updates reduced
                inv = float(_inverse(np.int64(piv), np.int64(modulus)))
                npiv[k] += 1
            else:
                inv = 1.0 / piv
                ld += math.log(abs(piv))
            for ia in range(nr):
                a = rows[ia]
                f = t[a, q] * inv
                if exact:
                    f = _reduce(f, modulus, pinv)
                    for ib in range(nc):
                        t[a, cols[ib]] = _reduce(t[a, cols[ib]] - f * prow[ib], modulus, pinv)
                else:
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
        lc = np.int64(0)
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
        if not exact and (lr > 0 or lc > 0):
            # left-overs: the caller puts S[k] in its canonical form (numpy, rarely needed: no
            # compiled code for it, issue 37) and calls again with ``start = k``
            owe[0] = owed
            logdet[0] = ld
            return -(k + 1)
    owe[0] = 0 if exact else owed
    logdet[0] = ld
    return 0


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


@njit(cache=True, nogil=True)
def refine(t, g, ract, cact, by_row, x, r):
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


@njit(cache=True, nogil=True, no_cpython_wrapper=True)
def _invert_active(t, ract, cact, g, blk, idx):
    """``g[col, row]`` = inverse of ``t`` on its active rows and columns, 0 elsewhere; False if not square or singular.

    The block is gathered into ``blk`` (its rows and columns in ``idx[0]``, ``idx[1]``,
    int64 ``(3, 3h)``) and inverted there by Gauss-Jordan with partial pivoting (the row
    swaps, ``idx[2]``, undone as column swaps at the end), in plain loops:
    ``np.linalg.inv`` spins idle BLAS threads (twice the CPU of a 110-wide draw on 2
    cores), ``np.flatnonzero`` and ``np.eye`` compile routines of their own (issue 37).
    """
    n = 0
    nc = 0
    for a in range(t.shape[0]):
        if ract[a]:
            idx[0, n] = a
            n += 1
        if cact[a]:
            idx[1, nc] = a
            nc += 1
    if n != nc:
        return False
    for i in range(n):
        for j in range(n):
            blk[i, j] = t[idx[0, i], idx[1, j]]
    for k in range(n):
        p = k
        for i in range(k + 1, n):
            if abs(blk[i, k]) > abs(blk[p, k]):
                p = i
        idx[2, k] = p
        if blk[p, k] == 0.0:
            return False
        for j in range(n):
            blk[k, j], blk[p, j] = blk[p, j], blk[k, j]
        f = 1.0 / blk[k, k]
        blk[k, k] = 1.0
        for j in range(n):
            blk[k, j] *= f
        for i in range(n):
            c = blk[i, k]
            if i != k and c != 0.0:
                blk[i, k] = 0.0
                for j in range(n):
                    blk[i, j] -= c * blk[k, j]
    for k in range(n - 1, -1, -1):
        p = idx[2, k]
        for i in range(n):
            blk[i, k], blk[i, p] = blk[i, p], blk[i, k]
    fill2(g, 0.0)
    for b in range(n):
        for i in range(n):
            g[idx[1, b], idx[0, i]] = blk[b, i]
    return True


#: What :func:`sample_rows` asks of its caller before it can go on (its return value): nothing
#: (the rows are drawn, or ``state[3]`` says where they failed), or one step of :func:`refine`
#: (rarely needed: compiled only then, not into the draw, issue 37).
DONE, REFINE = 0, 1


@njit(cache=True, nogil=True)
def sample_rows(
    mask, hw, vw, sgn, S, nlr, nlc, stop, below, uniforms, labels, state,
    pos, t, g, ract, cact, taken, blk, idx, refine_above, refresh_below,
):  # fmt: skip
    """Choose the dominoes of rows ``pos[0]..stop-1``; ``below`` marks cells already taken from above.

    ``uniforms``: one uniform in [0, 1) per cell (row-major), used by the cell
    whose domino is decided. ``labels`` (int32, narrow shape) receives domino ids;
    ``state = [next_id, worst_sum_error, refreshes, status]`` carries across calls;
    ``status`` becomes ``k + 1`` if row ``k`` failed the probability check twice.
    `refine_above` and `refresh_below` are :data:`REFINE_ABOVE` and :data:`REFRESH_BELOW`
    (arguments, so that a test can make every cell take those paths).

    The draw is resumable: ``pos = [k, j, tries, refined, fresh, by_row, x]`` (int64)
    says where it stands (``j = -1``: row ``k``'s matrix is not built yet; start with
    ``[start, -1, 0, 0, 1, 0, 0]``), and ``t``, ``g`` (``(3h, 3h)``), ``ract``, ``cact``
    (``3h``), ``taken`` (``w``) hold the row's matrix, its inverse and flags from one
    call to the next (``blk``, ``idx`` (int64 ``(3, 3h)``): the inverse's workspace, see
    :func:`_invert_active`). Returns :data:`DONE`, or :data:`REFINE`: the caller runs
    ``refine(t, g, ract, cact, pos[5], pos[6], r)`` and calls again.
    """
    m, w = mask.shape
    h = (w + 1) // 2
    n3 = 3 * h
    gcol = np.empty(n3)
    grow = np.empty(n3)
    invert = False
    k = pos[0]
    while k < stop:
        if pos[1] < 0:
            _build_t(k, mask, hw, vw, sgn, S[k + 1], nlr[k + 1], nlc[k + 1], t, ract, cact, 0.0)
            for j in range(w):
                taken[j] = below[j]
                below[j] = False
                if taken[j]:
                    if (k + j) % 2 == 0:
                        ract[j // 2] = False
                    else:
                        cact[j // 2] = False
            pos[1] = 0
            pos[2] = 0
            pos[3] = 0
            pos[4] = 1
            invert = True
        fresh = pos[4] != 0
        j = pos[1]
        while j < w:
            if invert:  # the row's inverse, afresh (a new row, a retry, an unlikely domino)
                if not _invert_active(t, ract, cact, g, blk, idx):
                    state[3] = k + 1
                    return DONE
                invert = False
                fresh = True
            if not mask[k, j] or taken[j]:
                j += 1
                continue
            black = (k + j) % 2 == 0
            tries = pos[2]
            refined = pos[3]
            can_r = j + 1 < w and mask[k, j + 1] and not taken[j + 1]
            can_d = k + 1 < m and mask[k + 1, j]
            # the (row, column) slots of the domino to the right and of the one below
            if black:
                ar, br, ad, bd = j // 2, (j + 1) // 2, j // 2, h + j // 2
            else:
                ar, br, ad, bd = (j + 1) // 2, j // 2, h + j // 2, j // 2
            pr = 0.0
            pd = 0.0
            if can_r and not can_d:  # forced: probability 1 whatever the rounding
                pr = 1.0
            elif can_d and not can_r:
                pd = 1.0
            else:
                if can_r:
                    pr = t[ar, br] * g[br, ar]
                if can_d:
                    pd = t[ad, bd] * g[bd, ad]
                err = abs(pr + pd - 1.0)
                if (err > refine_above or min(pr, pd) < -refine_above) and refined < 2:
                    pos[1] = j
                    pos[3] = refined + 1
                    pos[4] = fresh
                    pos[5] = black
                    pos[6] = j // 2
                    return REFINE
                if not (pr >= -PROB_TOL and pd >= -PROB_TOL and err <= PROB_TOL):
                    if fresh or tries > 0:
                        state[3] = k + 1
                        return DONE
                    state[2] += 1.0  # recomputed afresh, and checked again
                    pos[2] = tries + 1
                    pos[3] = 0
                    invert = True
                    continue
                if err > state[1]:
                    state[1] = err
            pos[2] = 0
            pos[3] = 0
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
            if chosen < refresh_below:
                state[2] += 1.0
                invert = True
                j += 1
                continue
            for x in range(n3):
                if not cact[x] or gcol[x] == 0.0:
                    continue
                f = gcol[x] / piv
                for y in range(n3):
                    if ract[y]:
                        g[x, y] -= f * grow[y]
            fresh = False
            j += 1
        k += 1
        pos[0] = k
        pos[1] = -1
    return DONE
