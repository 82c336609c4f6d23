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


@njit(cache=True, nogil=True)
def multifrontal_float(
    start,
    stop,
    threshold,
    parent,
    ch_ptr,
    ch_list,
    own_ptr_r,
    own_r,
    own_ptr_c,
    own_c,
    owner_r,
    owner_c,
    ent_ptr,
    ent_b,
    ent_w,
    ent_v,
    mark_r,
    mark_c,
    pos_r,
    pos_c,
    left_ptr,
    left_r,
    left_c,
    cb_ptr,
    cb,
    state,
):
    """The float multifrontal LU along a dissection, nodes ``start..stop-1``: symbolic and numeric at once.

    The tree is ``parent``/``ch_ptr``/``ch_list`` (post-order); node ``t`` owns the
    black cells ``own_r[own_ptr_r[t]..]`` and white cells ``own_c[..]``;
    ``owner_r``/``owner_c`` the owning node of each; its matrix entries are
    ``ent_v[e]`` at ``(ent_b[e], ent_w[e])`` for ``e`` in ``ent_ptr[t]..``. The front of
    ``t`` gathers its own rows and columns, those of its entries and those its
    children left; the fully summed ones first (owned by ``t`` or below), then
    eliminated by :func:`front_pivots_float` (the root, ``parent < 0``, with
    threshold 0). What a node leaves -- its rows and columns not eliminated and its
    contribution block -- goes on three stacks (``left_r``, ``left_c``, ``cb``;
    node ``t``'s at ``left_ptr[t, 0..1]`` and ``cb_ptr[t]``), which its parent pops.
    ``mark_*`` (int64, -1 on the first call) and ``pos_*`` are scratch over the
    rows and columns. ``state`` (float64): ``[log |prod pivots|, singular root
    seen, stack tops (rows, columns, block)]``. Returns the node to resume from:
    ``stop``, or a smaller ``t`` when a stack is too short for node ``t``'s front
    (nothing of it written: the caller grows the stacks and calls again).
    """
    for t in range(start, stop):
        c0, c1 = ch_ptr[t], ch_ptr[t + 1]
        # bases: the children's leftovers are on top of the stacks (post-order)
        if c1 > c0:
            base_r = left_ptr[ch_list[c0], 0]
            base_c = left_ptr[ch_list[c0], 1]
            base_v = cb_ptr[ch_list[c0]]
        else:
            base_r, base_c, base_v = np.int64(state[2]), np.int64(state[3]), np.int64(state[4])
        # an upper bound of the front's rows and columns
        n_ent = ent_ptr[t + 1] - ent_ptr[t]
        ub_r = own_ptr_r[t + 1] - own_ptr_r[t] + n_ent + np.int64(state[2]) - base_r
        ub_c = own_ptr_c[t + 1] - own_ptr_c[t] + n_ent + np.int64(state[3]) - base_c
        # the rows: own, the entries', the children's; fully summed first
        rows = np.empty(ub_r, dtype=np.int64)
        m = _gather(rows, 0, own_r, own_ptr_r[t], own_ptr_r[t + 1], mark_r, t)
        m = _gather(rows, m, ent_b, ent_ptr[t], ent_ptr[t + 1], mark_r, t)
        m = _gather(rows, m, left_r, base_r, np.int64(state[2]), mark_r, t)
        cols = np.empty(ub_c, dtype=np.int64)
        n = _gather(cols, 0, own_c, own_ptr_c[t], own_ptr_c[t + 1], mark_c, t)
        n = _gather(cols, n, ent_w, ent_ptr[t], ent_ptr[t + 1], mark_c, t)
        n = _gather(cols, n, left_c, base_c, np.int64(state[3]), mark_c, t)
        if base_r + m > len(left_r) or base_c + n > len(left_c) or base_v + m * n > len(cb):
            for i in range(m):  # nothing written: the caller grows the stacks, calls again
                mark_r[rows[i]] = -1
            for j in range(n):
                mark_c[cols[j]] = -1
            return t
        nfr = _fully_summed_first(rows, m, owner_r, t)
        nfc = _fully_summed_first(cols, n, owner_c, t)
        front = np.zeros((m, n))
        _assemble(front, rows, cols, pos_r, pos_c, ent_b, ent_w, ent_v, ent_ptr[t], ent_ptr[t + 1])
        for q in range(c0, c1):
            ch = ch_list[q]
            last = q + 1 == c1
            r1 = np.int64(state[2]) if last else left_ptr[ch_list[q + 1], 0]
            cc1 = np.int64(state[3]) if last else left_ptr[ch_list[q + 1], 1]
            _extend_add(
                front,
                pos_r,
                pos_c,
                left_r,
                left_c,
                cb,
                left_ptr[ch, 0],
                r1,
                left_ptr[ch, 1],
                cc1,
                cb_ptr[ch],
            )
        perm_r = np.arange(m)
        perm_c = np.arange(n)
        cut = 0.0 if parent[t] < 0 else threshold
        k, logs = front_pivots_float(front, nfr, nfc, cut, perm_r, perm_c)
        state[0] += logs
        if parent[t] < 0 and (k != m or k != n):
            state[1] = 1.0
        # push what the node leaves, over its children's
        left_ptr[t, 0], left_ptr[t, 1], cb_ptr[t] = base_r, base_c, base_v
        _push(front, k, rows, cols, perm_r, perm_c, left_r, left_c, cb, base_r, base_c, base_v)
        state[2] = base_r + m - k
        state[3] = base_c + n - k
        state[4] = base_v + (m - k) * (n - k)
    return stop


@njit(cache=True, nogil=True)
def _assemble(front, rows, cols, pos_r, pos_c, ent_b, ent_w, ent_v, lo, hi):
    """Positions of the front's rows and columns, and its matrix entries ``lo..hi-1`` added in."""
    for i in range(front.shape[0]):
        pos_r[rows[i]] = i
    for j in range(front.shape[1]):
        pos_c[cols[j]] = j
    for e in range(lo, hi):
        front[pos_r[ent_b[e]], pos_c[ent_w[e]]] += ent_v[e]


@njit(cache=True, nogil=True)
def _extend_add(front, pos_r, pos_c, left_r, left_c, cb, r0, r1, c0, c1, v0):
    """Add a child's contribution block (rows ``left_r[r0:r1]``, columns ``left_c[c0:c1]``, at ``cb[v0:]``)."""
    nc = c1 - c0
    for i in range(r1 - r0):
        pi = pos_r[left_r[r0 + i]]
        for j in range(nc):
            front[pi, pos_c[left_c[c0 + j]]] += cb[v0 + i * nc + j]


@njit(cache=True, nogil=True)
def _push(front, k, rows, cols, perm_r, perm_c, left_r, left_c, cb, base_r, base_c, base_v):
    """Write the rows, columns and block ``front[k:, k:]`` a node leaves at the given stack tops."""
    m, n = front.shape
    for i in range(k, m):
        left_r[base_r + i - k] = rows[perm_r[i]]
    for j in range(k, n):
        left_c[base_c + j - k] = cols[perm_c[j]]
    w = n - k
    for i in range(k, m):
        for j in range(k, n):
            cb[base_v + (i - k) * w + (j - k)] = front[i, j]


@njit(cache=True, nogil=True)
def _gather(out, count, ids, lo, hi, mark, t):
    """Append ``ids[lo:hi]`` not yet marked ``t`` to ``out[count:]``, marking them; the new count."""
    for i in range(lo, hi):
        x = ids[i]
        if mark[x] != t:
            mark[x] = t
            out[count] = x
            count += 1
    return count


@njit(cache=True, nogil=True)
def _fully_summed_first(ids, count, owner, t):
    """Order ``ids[:count]`` with those owned by ``t`` or below (post-order ``<= t``) first; return their number."""
    tmp = np.empty(count, dtype=np.int64)
    a = 0
    for i in range(count):
        if owner[ids[i]] <= t:
            tmp[a] = ids[i]
            a += 1
    b = a
    for i in range(count):
        if owner[ids[i]] > t:
            tmp[b] = ids[i]
            b += 1
    for i in range(count):
        ids[i] = tmp[i]
    return a
