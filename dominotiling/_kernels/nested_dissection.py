"""Numba kernels: multifrontal elimination of a sparse matrix along a nested dissection.

See :mod:`dominotiling.counting.nested_dissection` for the plan these kernels follow
(the tree of fronts, their row and column lists, the maps of the extend-add).

Residues modulo primes below ``2**26`` are held in float64, as in
:mod:`dominotiling._kernels.banded_det`: a product of two residues is exact in a
double, and ``x mod p`` is ``x - floor(x / p) * p`` with one correction.

:func:`front_pivots_mod` eliminates one dense front with pivot search (the probe that
fixes the pivots); :func:`replay_mod` replays a fixed plan on :data:`LANES` primes at
once, the primes side by side in the last axis so that every update is one vector
instruction for all of them; :func:`replay_float` replays it in floating point.
Both replays work on nodes ``start..stop-1`` of the plan's post-order, on a stack
and accumulators their caller owns, so that a long elimination is made of short
calls (Ctrl-C; ``dominotiling/_interrupt.py``).
"""

import numpy as np
from numba import njit

from .banded_det import _inverse, _reduce

#: Primes eliminated together by :func:`replay_mod` (one plan read for eight primes).
LANES = 8
#: ``1.5 * 2**52``: adding and subtracting it rounds a float below ``2**51`` to an integer.
_SHIFT = 6755399441055744.0


@njit(cache=True, inline="always")
def _swap_rows(front, perm, a, b):
    """Swap rows `a` and `b` of `front` and entries `a` and `b` of `perm`."""
    for j in range(front.shape[1]):
        x = front[a, j]
        front[a, j] = front[b, j]
        front[b, j] = x
    t = perm[a]
    perm[a] = perm[b]
    perm[b] = t


@njit(cache=True, inline="always")
def _swap_cols(front, perm, a, b):
    """Swap columns `a` and `b` of `front` and entries `a` and `b` of `perm`."""
    for i in range(front.shape[0]):
        x = front[i, a]
        front[i, a] = front[i, b]
        front[i, b] = x
    t = perm[a]
    perm[a] = perm[b]
    perm[b] = t


@njit(cache=True, nogil=True)
def front_pivots_mod(front, nfr, nfc, p, perm_r, perm_c):
    """Eliminate pivots of the dense front (float64 ``(m, n)``, residues mod ``p``) in place.

    Pivots are searched in the fully summed block ``front[:nfr, :nfc]``: column by
    column, the first row with a nonzero entry; a column without one is left for
    later. Rows and columns are swapped so that the ``k`` pivots end on the
    diagonal, in order; ``perm_r`` and ``perm_c`` (int64, ``arange`` on entry) follow
    the swaps. Returns ``(k, product of the pivots mod p)``; ``front[k:, k:]`` is
    then the Schur complement (the contribution block).
    """
    m, n = front.shape
    pf = float(p)
    invp = 1.0 / pf
    prod = 1.0
    k = 0
    mult = np.zeros(m)
    for _ in range(min(nfr, nfc)):
        piv_i, piv_j = -1, -1
        for j in range(k, nfc):
            for i in range(k, nfr):
                if front[i, j] != 0.0:
                    piv_i, piv_j = i, j
                    break
            if piv_i >= 0:
                break
        if piv_i < 0:
            break
        if piv_i != k:
            _swap_rows(front, perm_r, k, piv_i)
        if piv_j != k:
            _swap_cols(front, perm_c, k, piv_j)
        akk = front[k, k]
        prod = _reduce(prod * akk, pf, invp)
        inv = float(_inverse(np.int64(akk), np.int64(p)))
        for i in range(k + 1, m):
            mult[i] = _reduce(front[i, k] * inv, pf, invp)
        for i in range(k + 1, m):
            mi = mult[i]
            if mi == 0.0:
                continue
            for j in range(k + 1, n):
                front[i, j] = _reduce(front[i, j] - mi * front[k, j], pf, invp)
        k += 1
    return k, prod


@njit(cache=True, nogil=True)
def front_pivots_float(front, nfr, nfc, threshold, perm_r, perm_c):
    """Eliminate pivots of the dense float front in place, by threshold partial pivoting.

    Column by column of the fully summed block ``front[:nfr, :nfc]``: the entry of
    largest magnitude among its fully summed rows is the pivot when it is at least
    ``threshold`` times the largest in the whole column (all ``m`` rows); otherwise
    the column is left for later. Rows and columns are swapped as in
    :func:`front_pivots_mod`. Returns ``(k, sum of log |pivot|)``.
    """
    m, n = front.shape
    flat = front.reshape(m * n)
    urow = np.empty(n)
    logs = 0.0
    k = 0
    j = 0
    while k < min(nfr, nfc) and j < nfc:
        # column j (not yet tried) into position k
        if j != k:
            _swap_cols(front, perm_c, k, j)
        best, piv_i, whole = 0.0, -1, 0.0
        for i in range(k, m):
            a = abs(front[i, k])
            if a > whole:
                whole = a
            if i < nfr and a > best:
                best, piv_i = a, i
        j += 1
        if piv_i < 0 or best == 0.0 or best < threshold * whole:
            continue  # delayed: column k goes back to the tried ones' side
        if piv_i != k:
            _swap_rows(front, perm_r, k, piv_i)
        akk = front[k, k]
        logs += np.log(abs(akk))
        inv = 1.0 / akk
        width = np.uint64(n - k - 1)
        for jj in range(width):
            urow[jj] = flat[np.uint64(k * n + k + 1) + np.uint64(jj)]
        for i in range(k + 1, m):
            mi = front[i, k] * inv
            if mi == 0.0:
                continue
            o = np.uint64(i * n + k + 1)  # unsigned: the loop is vectorised
            for jj in range(width):
                flat[o + np.uint64(jj)] -= mi * urow[jj]
        k += 1
    return k, logs


@njit(cache=True, inline="always")
def _fold(x, p, invp):
    """``x mod p`` for an exact float ``|x| < 2**51``: rounding by the 1.5 * 2**52 shift, one correction."""
    x -= ((x * invp + _SHIFT) - _SHIFT) * p
    return x + p if x < 0.0 else x


@njit(cache=True, nogil=True)
def replay_mod(
    start,
    stop,
    primes,
    node_m,
    node_n,
    node_k,
    ent_ptr,
    ent_r,
    ent_c,
    ent_v,
    ch_ptr,
    ch_list,
    map_ptr_r,
    map_r,
    map_ptr_c,
    map_c,
    cb_off,
    front,
    stack,
    urow,
    det,
    bad,
):
    """Replay the plan on nodes ``start..stop-1`` modulo ``LANES`` primes at once.

    ``primes`` (int64, ``LANES``); node ``t``'s front is ``node_m[t] x node_n[t]``,
    its first ``node_k[t]`` diagonal entries the pivots; its matrix entries are
    ``ent_v[e]`` at ``(ent_r[e], ent_c[e])`` for ``e`` in ``ent_ptr[t]..``; its
    children ``ch_list[ch_ptr[t]..]`` left their contribution blocks on ``stack``
    at ``cb_off[child] * LANES``, whose rows and columns go to the front's
    ``map_r[map_ptr_r[child]..]`` and ``map_c[..]``. Fronts and blocks are stored
    one prime after the other (``[lane, row, col]``), so that the updates run along
    contiguous rows (unsigned offsets: numba's checks of negative indices would
    stop the compiler from vectorising them). ``front`` and ``urow`` are scratch;
    ``det`` (float64 ``LANES``) gathers the product of the pivots per prime and
    ``bad`` (bool ``LANES``) marks the primes where a planned pivot was 0.
    """
    for t in range(start, stop):
        m, n, k = node_m[t], node_n[t], node_k[t]
        mn = m * n
        for x in range(mn * LANES):
            front[x] = 0.0
        for lane in range(LANES):
            p = primes[lane]
            pf = float(p)
            invp = 1.0 / pf
            fl = lane * mn
            for e in range(ent_ptr[t], ent_ptr[t + 1]):
                r = ent_v[e] % p
                if r < 0:
                    r += p
                front[fl + ent_r[e] * n + ent_c[e]] += float(r)
            for q in range(ch_ptr[t], ch_ptr[t + 1]):
                c = ch_list[q]
                mc = node_m[c] - node_k[c]
                nc = node_n[c] - node_k[c]
                src = cb_off[c] * LANES + lane * mc * nc
                pr = map_ptr_r[c]
                pc = map_ptr_c[c]
                for i in range(mc):
                    row = np.uint64(fl + map_r[pr + i] * n)
                    s0 = np.uint64(src + i * nc)
                    for j in range(nc):
                        dst = row + np.uint64(map_c[pc + j])
                        front[dst] += stack[s0 + np.uint64(j)]
            # at most a few children and one entry per position: the sums are below 2**30
            for x in range(mn):
                y = np.uint64(fl + x)
                front[y] = _fold(front[y], pf, invp)
            acc = det[lane]
            for d in range(k):
                dd = fl + d * n + d
                a = front[dd]
                if a == 0.0:
                    bad[lane] = True
                    break
                acc = _fold(acc * a, pf, invp)
                inv = float(_inverse(np.int64(a), p))
                width = np.uint64(n - d - 1)
                u0 = np.uint64(dd + 1)
                for j in range(width):
                    urow[j] = front[u0 + np.uint64(j)]
                for i in range(d + 1, m):
                    col = np.uint64(fl + i * n + d)
                    mi = _fold(front[col] * inv, pf, invp)
                    if mi == 0.0:
                        continue
                    o = col + np.uint64(1)
                    for j in range(width):
                        y = o + np.uint64(j)
                        front[y] = _fold(front[y] - mi * urow[j], pf, invp)
            det[lane] = acc
        dst = cb_off[t] * LANES
        for lane in range(LANES):
            for i in range(k, m):
                src = np.uint64(lane * mn + i * n + k)
                for j in range(n - k):
                    stack[np.uint64(dst) + np.uint64(j)] = front[src + np.uint64(j)]
                dst += n - k
