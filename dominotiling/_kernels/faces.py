"""Numba kernels of urban renewal on the face weights of the Aztec diamond; see ``aztec_weights.py``.

Sampling and edge probabilities need only the creation probabilities q, which
depend on the gauge-invariant face weights: per block (conventions of
``urban_renewal.py``) ``X = W E / (N S)`` (so ``q = 1 / (1 + X)``), and per face
between blocks ``(i, j)``, ``(i+1, j+1)``, ``(i+1, j)``, ``(i, j+1)`` its
alternating product ``Y = E(i+1, j) W(i, j+1) / (S(i, j) N(i+1, j+1))``. Urban
renewal of every block turns these into (with a, b, c, d the blocks ``(i, j)``,
``(i+1, j)``, ``(i, j+1)``, ``(i+1, j+1)``, ``q = 1/(1+X)``, ``p = X q = 1 - q``)

    ``X'(i, j) = p_b p_c / (Y(i, j) q_a q_d)``,    ``Y'(i, j) = X(i+1, j+1)``

(substitute ``N' = N/Delta``, ... with ``Delta = N S (1 + X)``): two numbers per
block instead of four, and no rescaling (ratios do not drift with the scale).
``X'`` is written over ``Y`` in place; ``Y'`` is ``X`` seen one row and column
on, so a level is a pass over two buffers whose roles swap (offsets ``ox``,
``oy``: the logical entry ``(i, j)`` lives at ``[o + i, o + j]``). The relation
``X_{k-1} Y_k = F(X_k)`` is symmetric in time, and each level's X keeps its
boundary ring in its buffer (the later levels live inside it), so the levels
run back up in the same buffers by the same operation (:func:`face_up`).

Zero weights are leading terms ``coef * eps**deg`` as in ``urban_renewal.py``.
"""

import numpy as np
from numba import njit, prange

from .shuffling import shuffle_row

_NO_WORDS = np.zeros(0, np.uint64)  # a weighted stage reads no random words


@njit(cache=True, nogil=True, inline="always")
def _nonzero(w):
    """A block weight as a float, 1 for a zero (its eps-degree is counted apart)."""
    return 1.0 if w == 0 else float(w)


@njit(cache=True, nogil=True, error_model="numpy")
def faces_from_blocks(blocks, bufs, degs, zeros):
    """Level-``n`` face weights from ``(n, n, 4)`` (N, S, W, E) block weights (float64 or int64).

    X into ``bufs[0]``, Y into ``bufs[1, :n-1, :n-1]``; with `zeros`, their
    eps-degrees into `degs` (a zero weight is ``eps``). Returns False if a face
    weight is not a positive finite float (weights too uneven).
    """
    n = blocks.shape[0]
    ok = True
    for i in range(n):
        for j in range(n):
            b = blocks[i, j]
            x = (_nonzero(b[2]) / _nonzero(b[0])) * (_nonzero(b[3]) / _nonzero(b[1]))
            bufs[0, i, j] = x
            ok &= (x > 0.0) & (x < np.inf)
            if zeros:
                degs[0, i, j] = (b[2] == 0) + (b[3] == 0) - (b[0] == 0) - (b[1] == 0)
            if i + 1 < n and j + 1 < n:
                e, s, w, nn = blocks[i + 1, j, 3], b[1], blocks[i, j + 1, 2], blocks[i + 1, j + 1, 0]
                y = (_nonzero(e) / _nonzero(s)) * (_nonzero(w) / _nonzero(nn))
                bufs[1, i, j] = y
                ok &= (y > 0.0) & (y < np.inf)
                if zeros:
                    degs[1, i, j] = (e == 0) + (w == 0) - (s == 0) - (nn == 0)
    return ok


@njit(cache=True, nogil=True, inline="always", error_model="numpy")
def _face_row(xr, qr, pr, k):
    """``q = 1 / (1 + X)`` and ``p = X q`` of the row `xr` of `k` face weights; all ``p > 0``?

    Every face weight of every level passes here once, so this is where one that
    under- or overflowed (``p`` 0 or NaN) is caught.
    """
    ok = True
    for j in range(k):
        v = xr[j]
        t = 1.0 / (1.0 + v)
        qr[j] = t
        pr[j] = v * t
        ok &= v * t > 0.0
    return ok


@njit(cache=True, nogil=True, inline="always", error_model="numpy")
def _face_update(yr, qa, pa, qb, pb, m):
    """``X'`` of one row over its ``Y``: q, p rows ``a`` (row i) and ``b`` (row i + 1)."""
    for j in range(m):
        yr[j] = pb[j] * pa[j + 1] / (yr[j] * qa[j] * qb[j + 1])


@njit(cache=True, nogil=True, inline="always")
def _emit(i, k, qrow, qtab, qoff, store, sh, counts, c):
    """Row `i` of level `k`'s creation probabilities: into `qtab`, and/or its shuffling row.

    ``sh = (shuffle, old, new, key, cmod)``: with ``shuffle``, row `i` of the stage
    to order `k` is drawn right away from ``qrow`` (planes ``old`` to ``new``; see
    :func:`~dominotiling._kernels.shuffling.shuffle_row`), and its hole and bad
    counts are added to ``counts[c]``.
    """
    if store:
        qtab[qoff + i * k:qoff + i * k + k] = qrow
    if sh[0]:
        h, b = shuffle_row(sh[1], sh[2], i, k, _NO_WORDS, 0, qrow, sh[4], sh[3], True)
        counts[c, 0] += h
        counts[c, 1] += b


@njit(cache=True, nogil=True, error_model="numpy")
def _face_rows(x, ox, y, oy, k, r0, r1, qtab, qoff, store, sh, counts, c):
    """Rows ``r0 <= i < r1`` of level ``k - 1`` (written over Y); their q rows to :func:`_emit`.

    Returns False if a face weight of level `k` (of rows ``r0 .. r1``) is not a
    positive finite float. Row slices and a fixed buffer keep the loops vectorised.
    """
    buf = np.empty((4, k))
    m = k - 1
    ok = _face_row(x[ox + r0, ox:ox + k], buf[0], buf[1], k)
    for i in range(r0, r1):
        a = 2 * ((i - r0) & 1)
        b = 2 - a
        ok &= _face_row(x[ox + i + 1, ox:ox + k], buf[b], buf[b + 1], k)
        _emit(i, k, buf[a], qtab, qoff, store, sh, counts, c)
        _face_update(y[oy + i, oy:oy + m], buf[a], buf[a + 1], buf[b], buf[b + 1], m)
    if r1 == m:  # the last row of q belongs to the last chunk
        _emit(m, k, buf[2 * ((r1 - r0) & 1)], qtab, qoff, store, sh, counts, c)
    return ok


@njit(cache=True, nogil=True, error_model="numpy")
def _face_rows_zeros(x, dx, ox, y, dy, oy, k, r0, r1, qtab, qoff, store, sh, counts, c):
    """:func:`_face_rows` with eps-degrees ``dx``, ``dy`` (int32, the same layout); q emitted as its limit."""
    qc = np.empty(k)
    pc = np.empty(k)
    qd = np.empty(k, np.int64)
    pd = np.empty(k, np.int64)
    lim = np.empty(k)
    qc2 = np.empty(k)
    pc2 = np.empty(k)
    qd2 = np.empty(k, np.int64)
    pd2 = np.empty(k, np.int64)
    lim2 = np.empty(k)
    m = k - 1
    ok = True
    for i in range(r0, r1 + 1):
        rr = ox + i
        for j in range(k):
            v = x[rr, ox + j]
            d = dx[rr, ox + j]
            if d > 0:  # X -> 0: q -> 1, p = X
                qc2[j], qd2[j], pc2[j], pd2[j], lim2[j] = 1.0, 0, v, d, 1.0
            elif d < 0:  # X -> infinity: q = 1/X, p -> 1
                qc2[j], qd2[j], pc2[j], pd2[j], lim2[j] = 1.0 / v, -d, 1.0, 0, 0.0
            else:
                t = 1.0 / (1.0 + v)
                qc2[j], qd2[j], pc2[j], pd2[j], lim2[j] = t, 0, v * t, 0, t
            ok &= (v > 0.0) & (v < np.inf)
        if i > r0:  # row i - 1 of the new level, from q rows i - 1 (qc) and i (qc2)
            a = i - 1
            _emit(a, k, lim, qtab, qoff, store, sh, counts, c)
            yr = oy + a
            for j in range(m):
                y[yr, oy + j] = pc2[j] * pc[j + 1] / (y[yr, oy + j] * qc[j] * qc2[j + 1])
                dy[yr, oy + j] = pd2[j] + pd[j + 1] - dy[yr, oy + j] - qd[j] - qd2[j + 1]
        qc, qc2 = qc2, qc
        pc, pc2 = pc2, pc
        qd, qd2 = qd2, qd
        pd, pd2 = pd2, pd
        lim, lim2 = lim2, lim
    if r1 == m:
        _emit(m, k, lim, qtab, qoff, store, sh, counts, c)
    return ok


@njit(cache=True, parallel=True, error_model="numpy")
def _face_step(x, dx, ox, y, dy, oy, k, qtab, qoff, store, zeros, chunks, sh, counts):
    """``y <- F(X_k) / y`` on ``k - 1`` rows (see above), shared among `chunks` threads on large levels."""
    m = k - 1
    nch = min(chunks, counts.shape[0]) if m >= 128 * chunks else 1
    flags = np.ones(nch, np.bool_)
    for c in prange(nch):
        r0 = c * m // nch
        r1 = (c + 1) * m // nch
        if zeros:
            flags[c] = _face_rows_zeros(x, dx, ox, y, dy, oy, k, r0, r1, qtab, qoff, store, sh, counts, c)
        else:
            flags[c] = _face_rows(x, ox, y, oy, k, r0, r1, qtab, qoff, store, sh, counts, c)
    return flags.all()


@njit(cache=True, nogil=True, inline="always")
def _probe(o, k, p):
    """Buffer ``(row, col)`` of the `p`-th of four interior probes of a level ``k >= 3`` at offset `o`."""
    r = (k // 4, k // 4, 3 * k // 4, k // 2)[p]
    c = (k // 4, 3 * k // 4, k // 4, k // 2)[p]
    return o + min(max(r, 1), k - 2), o + min(max(c, 1), k - 2)


@njit(cache=True, nogil=True, error_model="numpy")
def face_down(bufs, degs, offs, x_first, k_top, k_low, qtab, store, zeros, chunks, probes):
    """Levels ``k_top`` down to ``k_low`` (exclusive) of the face weights, in place.

    ``bufs``: float64 ``(2, n, n)``, the two buffers (X in ``bufs[0]`` when
    `x_first`, else in ``bufs[1]``); ``offs``: int64 ``[o0, o1]``, their offsets
    (updated in place); ``degs``: int32 eps-degrees of the same shape (read only
    when `zeros`). With `store`, ``qtab`` gets the creation probabilities of the
    levels ``k_top, ..., k_low + 1``, each ``k * k`` row-major, one after the
    other. Nothing is lost that :func:`face_up` needs to run the levels back up:
    a level's X keeps its boundary ring in its buffer (the later levels live
    inside it) and its inside is the next level's Y; with ``probes`` ``(n + 1,
    4)`` (else ``(1, 4)``) four inside values of X per level are kept there to
    check the way back. Returns ``(x_first, ok)``: where X now is, and False if a
    face weight left the positive floats.
    """
    none = np.zeros((4, 1, 1), np.uint64)
    sh = (False, none, none, np.uint64(0), np.zeros(0, np.int64))
    counts = np.zeros((max(chunks, 1), 2), np.int64)
    ok = True
    qoff = 0
    keep = probes.shape[0] > 1
    for k in range(k_top, k_low, -1):
        ix = 0 if x_first else 1
        iy = 1 - ix
        if keep and k >= 3:
            for p in range(4):
                r, c = _probe(offs[ix], k, p)
                probes[k, p] = bufs[ix][r, c]
        ok &= _face_step(bufs[ix], degs[ix], offs[ix], bufs[iy], degs[iy], offs[iy], k, qtab, qoff, store,
                         zeros, chunks, sh, counts)
        if k == 1:
            break
        if store:
            qoff += k * k
        offs[ix] += 1  # Y' is X one row and one column on
        x_first = not x_first  # X' is where Y was
    return x_first, ok


@njit(cache=True, nogil=True, error_model="numpy")
def face_up(bufs, degs, offs, x_first, k, qtab, zeros, chunks, probes, sh, counts):
    """Level ``k - 1`` back to level `k` (``k >= 2``), in place; level `k`'s q to `qtab` or to shuffling.

    The inverse of one step of :func:`face_down`: X of level `k` is the Y of
    level ``k - 1`` one row and column back, inside its ring that is still in
    the buffer; then
    ``Y_k = F(X_k) / X_{k-1}`` is the very operation of the way down (the
    recurrence ``X_{k-1} Y_k = F(X_k)`` is symmetric). Without shuffling
    (``sh[0]`` False) ``qtab[:k*k]`` gets level `k`'s q; with it, the stage to
    order `k` is drawn row by row as the q rows come (see :func:`_emit`), the
    counts of holes and bad blocks in ``counts`` (zeroed here). Returns
    ``(x_first, ok, drift)``: ``drift`` the largest relative difference between
    the rebuilt X and the values the way down saw at the probes (a
    rounding-error size; checked by the caller).
    """
    ix = 0 if x_first else 1
    iy = 1 - ix
    offs[iy] -= 1
    o = offs[iy]
    x = bufs[iy]
    drift = 0.0
    if k >= 3:
        for p in range(4):
            r, c = _probe(o, k, p)
            want = probes[k, p]
            drift = max(drift, abs(x[r, c] - want) / want)
    counts[:] = 0
    ok = _face_step(x, degs[iy], o, bufs[ix], degs[ix], offs[ix], k, qtab, 0, not sh[0], zeros, chunks, sh,
                    counts)
    return iy == 0, ok, drift
