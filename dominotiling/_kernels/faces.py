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
from numba import njit, types
from numba.extending import overload

from .shuffling import shuffle_row
from .urban_renewal import probability_row


@njit(cache=True, nogil=True, inline="always")
def _nonzero(w):
    """A block weight as a float, 1 for a zero (its eps-degree is counted apart)."""
    return 1.0 if w == 0 else float(w)


@njit(cache=True, nogil=True, error_model="numpy")
def faces_from_weights(blocks, h, v, bufs, degs, zeros, r0, r1):
    """Level-``n`` face weights from the block weights (ints or floats), diagonals ``r0 <= i + j < r1``.

    The weights are ``(n, n, 4)`` (N, S, W, E) `blocks`, or (`blocks` empty)
    the horizontal and vertical weights `h`, `v` of ``Region.aztec_diamond(n)``:
    block ``(i, j)`` has top-left cell ``(r, c) = (i + j, n - 1 + j - i)``, so N
    is ``h[r, c]``, S ``h[r + 1, c]``, W ``v[r, c]``, E ``v[r, c + 1]`` (read
    along the rows of `h` and `v`, that is along the diagonals ``i + j = r``).
    X goes into ``bufs[0]``, Y into ``bufs[1, :n-1, :n-1]``; with `zeros`,
    their eps-degrees into `degs` (a zero weight is ``eps``). Returns ``(ok,
    zero)``: False if a face weight is not a positive finite float (weights too
    uneven), and whether a weight is 0 (without `zeros` the caller must start
    again with them). The diagonals ``0 .. 2n - 2`` may come in any ranges (calls of a
    fraction of a second).
    """
    n = bufs.shape[1]
    ok = True
    zero = False
    edges = blocks.shape[0] == 0
    for r in range(r0, r1):
        for j in range(max(0, r - n + 1), min(n, r + 1)):
            i = r - j
            c = n - 1 + j - i
            last = i + 1 == n or j + 1 == n
            if edges:
                nn, s, w, e = h[r, c], h[r + 1, c], v[r, c], v[r, c + 1]
                # E of (i+1, j), W of (i, j+1), N of (i+1, j+1): the face below-right of block (i, j)
                e1, w1, n1 = (v[r + 1, c], v[r + 1, c + 1], h[r + 2, c]) if not last else (1, 1, 1)
            else:
                nn, s, w, e = blocks[i, j, 0], blocks[i, j, 1], blocks[i, j, 2], blocks[i, j, 3]
                e1, w1, n1 = (
                    (blocks[i + 1, j, 3], blocks[i, j + 1, 2], blocks[i + 1, j + 1, 0])
                    if not last
                    else (1, 1, 1)
                )
            zero |= (nn == 0) | (s == 0) | (w == 0) | (e == 0)
            x = (_nonzero(w) / _nonzero(nn)) * (_nonzero(e) / _nonzero(s))
            bufs[0, i, j] = x
            ok &= (x > 0.0) & (x < np.inf)
            if zeros:
                degs[0, i, j] = (w == 0) + (e == 0) - (nn == 0) - (s == 0)
            if not last:
                y = (_nonzero(e1) / _nonzero(s)) * (_nonzero(w1) / _nonzero(n1))
                bufs[1, i, j] = y
                ok &= (y > 0.0) & (y < np.inf)
                if zeros:
                    degs[1, i, j] = (e1 == 0) + (w1 == 0) - (s == 0) - (n1 == 0)
    return ok, zero


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
def _store(qtab, base, qrow, k):
    """``qtab[base : base + k] = qrow[:k]``, as a loop (a slice assignment compiles numpy's general copy)."""
    for j in range(k):
        qtab[base + j] = qrow[j]


@njit(cache=True, nogil=True, inline="always")
def _emit(i, k, qrow, qtab, qoff, store, sh, counts, c):
    """Row `i` of level `k`'s creation probabilities: into `qtab`, and/or its shuffling row.

    ``sh = (shuffle, old, new, key, cmod)``: with ``shuffle``, row `i` of the stage
    to order `k` is drawn right away from ``qrow`` (planes ``old`` to ``new``; see
    :func:`~dominotiling._kernels.shuffling.shuffle_row`, a call), and its hole and
    bad counts are added to ``counts[c]``.
    """
    if store:
        _store(qtab, qoff + i * k, qrow, k)
    if sh[0]:
        h, b = shuffle_row(sh[1], sh[2], i, k, qrow, sh[4], sh[3])
        counts[c, 0] += h
        counts[c, 1] += b


@njit(cache=True, nogil=True, error_model="numpy")
def face_rows(x, ox, y, oy, k, r0, r1, qtab, qoff):
    """Rows ``r0 <= i < r1`` of level `k`'s step to ``k - 1`` (written over Y); their q rows to ``qtab``.

    X of level `k` is ``x`` at offset ``ox``, Y the other buffer ``y`` at ``oy``
    (the logical entry ``(i, j)`` at ``[o + i, o + j]``); q's row ``i`` goes to
    ``qtab[qoff + i k :][:k]``. The rows are independent (X and Y are different
    buffers), so a level may be done in any ranges of rows, side by side: the
    last one (``r1 == k - 1``) also writes q's last row. (Shuffling's rows are
    drawn in the sweeps, :func:`sweep_chunk`, or with zero weights by
    :func:`face_rows_zeros`: this kernel does not compile them.) Returns
    False if a face weight of level `k` (of rows ``r0 .. r1``) is not a positive
    finite float. Row slices and a fixed buffer keep the loops vectorised.
    """
    buf = np.empty((4, k))
    m = k - 1
    ok = _face_row(x[ox + r0, ox : ox + k], buf[0], buf[1], k)
    for i in range(r0, r1):
        a = 2 * ((i - r0) & 1)
        b = 2 - a
        ok &= _face_row(x[ox + i + 1, ox : ox + k], buf[b], buf[b + 1], k)
        _store(qtab, qoff + i * k, buf[a], k)
        _face_update(y[oy + i, oy : oy + m], buf[a], buf[a + 1], buf[b], buf[b + 1], m)
    if r1 == m:  # the last row of q belongs to the last range
        _store(qtab, qoff + m * k, buf[2 * ((r1 - r0) & 1)], k)
    return ok


@njit(cache=True, nogil=True, error_model="numpy")
def face_rows_zeros(x, dx, ox, y, dy, oy, k, r0, r1, qtab, qoff, store, sh, counts, c):
    """:func:`face_rows` with eps-degrees ``dx``, ``dy`` (int32, the same layout); q emitted as its limit.

    Its own kernel, called only where a weight is 0: positive weights never compile it.
    """
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


#: Blocks of a step that one thread should get at least, for the step to be shared among threads.
PAR_BLOCKS = 1 << 18


def step_threads(rows, k, chunks):
    """How many threads share `rows` rows of a step of level `k` (1: the calling thread alone).

    Threads only for work that pays for handing it over (about 0.05 ms): 128 rows and
    :data:`PAR_BLOCKS` blocks each.
    """
    if rows >= 128 * chunks and rows * k >= PAR_BLOCKS * chunks:
        return chunks
    return 1


def _probe(o, k, p):
    """Buffer ``(row, col)`` of the `p`-th of four interior probes of a level ``k >= 3`` at offset `o`."""
    r = (k // 4, k // 4, 3 * k // 4, k // 2)[p]
    c = (k // 4, 3 * k // 4, k // 4, k // 2)[p]
    return o + min(max(r, 1), k - 2), o + min(max(c, 1), k - 2)


_probe_kernel = njit(cache=True, nogil=True, inline="always")(_probe)


def face_probes(bufs, offs, x_first, k, probes):
    """Keep four inside values of level `k`'s X in ``probes[k]`` (before its step down, ``k >= 3``)."""
    ix = 0 if x_first else 1
    if k >= 3:
        for p in range(4):
            r, c = _probe(int(offs[ix]), k, p)
            probes[k, p] = bufs[ix][r, c]


def face_next(offs, x_first):
    """After the rows of a step down: Y' is X one row and column on, X' is where Y was; the new `x_first`."""
    offs[0 if x_first else 1] += 1
    return not x_first


def face_up(bufs, offs, x_first, k, probes):
    """Before the rows of level ``k - 1`` back to level `k` (``k >= 2``): ``(x_first, drift)``.

    The inverse of one step down: X of level `k` is the Y of level ``k - 1`` one
    row and column back, inside its ring that is still in the buffer; then ``Y_k
    = F(X_k) / X_{k-1}`` is the very operation of the way down (the recurrence
    ``X_{k-1} Y_k = F(X_k)`` is symmetric), on the rows ``0 .. k - 2``
    (:func:`face_rows`, by the caller). ``drift`` is the largest relative
    difference between the rebuilt X and the values the way down saw at the
    probes (a rounding-error size; checked by the caller).
    """
    iy = 1 if x_first else 0
    offs[iy] -= 1
    o = int(offs[iy])
    x = bufs[iy]
    drift = 0.0
    if k >= 3:
        for p in range(4):
            r, c = _probe(o, k, p)
            want = probes[k, p]
            drift = max(drift, abs(float(x[r, c]) - want) / want)
    return iy == 0, drift


# ------------------------------------------------------------- sweeps of levels
# A level is a pass over the two buffers; at large orders they leave the cache,
# and a pass is bound by memory. A sweep runs ``L`` levels in one pass: row ``i``
# of step ``s`` right after row ``i + 2 s`` of the first step (a wavefront, two
# rows a level apart), so each row is loaded once for ``L`` levels. Down, row
# ``i`` of a step needs rows ``i`` and ``i + 1`` of the step before, and
# overwrites a row that only rows ``<= i`` of the step before read; up, the
# other way round. So the rows of a sweep split into chunks, one thread each: a
# chunk first does the rows that need nothing of its neighbour (a trapezoid),
# then -- after all chunks are done -- the few rows next to its neighbour.


@njit(cache=True, nogil=True, inline="always")
def _place_down(offs0, b0, s):
    """``(ix, ox, iy, oy)``: the buffers and offsets of X and Y at step `s` of a sweep down."""
    ix = b0 if s % 2 == 0 else 1 - b0
    return ix, offs0[ix] + s // 2, 1 - ix, offs0[1 - ix] + (s + 1) // 2


@njit(cache=True, nogil=True, inline="always")
def _place_up(offs0, b0, s):
    """``(ix, ox, it, ot)``: buffer and offset of X of the level made at step `s` of a sweep up, and of its target."""
    it = b0 if s % 2 == 0 else 1 - b0  # holds X of the level below, becomes Y
    return 1 - it, offs0[1 - it] - (s // 2 + 1), it, offs0[it] - (s + 1) // 2


@njit(cache=True, nogil=True, error_model="numpy")
def _fresh(x, ox, K, r, qr, pr, probes, keep, up):
    """q, p of row `r` of level `K`'s X (read for the first time in a region); the probes on it.

    Returns ``(ok, drift)``: on the way down the probes are recorded (drift 0),
    on the way up compared.
    """
    ok = _face_row(x[ox + r, ox : ox + K], qr, pr, K)
    drift = 0.0
    if keep and K >= 3:
        for p in range(4):
            pr_, pc = _probe_kernel(ox, K, p)
            if pr_ == ox + r:
                if up:
                    want = probes[K, p]
                    drift = max(drift, abs(x[pr_, pc] - want) / want)
                else:
                    probes[K, p] = x[pr_, pc]
    return ok, drift


def _up_row(planes, s, i, k, qrow, cmod, key):
    """Row `i` of what step `s` of a sweep up makes of level `k`'s q row ``qrow``; ``(holes, bad)``.

    uint64 ``planes`` ``(L + 1, 4, rows, words)``: the shuffling row of order `k`
    from ``planes[s]`` to ``planes[s + 1]``
    (:func:`~dominotiling._kernels.shuffling.shuffle_row`). float64 ``planes``
    ``(1, 4, n, n)``: the edge probabilities' row of level `k`, in place
    (:func:`~dominotiling._kernels.urban_renewal.probability_row`; ``(0, 0)``).
    Chosen by type, when compiling.
    """


@overload(_up_row, jit_options={"cache": True})
def _up_row_by_type(planes, s, i, k, qrow, cmod, key):
    if isinstance(planes.dtype, types.Float):

        def probabilities(planes, s, i, k, qrow, cmod, key):
            probability_row(planes[0], i, k, qrow)
            return 0, 0

        return probabilities
    return lambda planes, s, i, k, qrow, cmod, key: shuffle_row(
        planes[s], planes[s + 1], i, k, qrow, cmod, key
    )


@njit(cache=True, nogil=True, error_model="numpy")
def sweep_chunk(
    bufs, offs0, b0, k, L, nch, c, phase, probes, keep, up, planes, key, cmod, part, flags, drifts
):
    """Chunk `c` of `nch` (:func:`sweep_chunks`) of phase 1 or 2 of a sweep of `L` levels from level `k`.

    A sweep runs down from level `k` or (`up`) up from it. ``offs0`` are the
    offsets before the sweep and ``b0`` the buffer of X then (0 or 1); every
    chunk of phase 1 must be done before any of phase 2, in any order, side by
    side (the chunks of one phase write disjoint rows), and then
    :func:`sweep_end` moves the state on. Needs ``k - L >= 1`` down; plain face
    weights only (no eps-degrees). The chunk's ``(ok, drift)`` go to
    ``flags[(phase - 1) * nch + c]`` and ``drifts[...]``; ``part`` ``(nch, L,
    2)`` gets the chunk's holes and bad blocks per order drawn on the way up.

    The chunk's rows are ``lo <= i < hi``. Down (``up`` False): step ``s`` takes
    level ``k - s`` to ``k - s - 1``; phase 1 does rows ``[lo, hi - 2 s)`` (all
    of them in the last chunk), phase 2 rows ``[hi - 2 s, hi)``. Up: step ``s``
    makes level ``K = k + 1 + s`` and draws order ``K`` of shuffling into
    ``planes[s + 1]`` from ``planes[s]`` (uint64 planes), or (float64 planes)
    makes level ``K``'s edge probabilities in place (see :func:`_up_row`);
    phase 1 does rows ``[lo + 2 s, hi)`` (from 0 in the first chunk; the last
    chunk also the rows below, and q's last row), phase 2 rows ``[lo, lo + 2 s)``.
    """
    m0 = k - 1 if not up else k
    first, last = c == 0, c == nch - 1
    if phase == 2 and (first if up else last):
        return
    lo = c * m0 // nch
    hi = (c + 1) * m0 // nch
    counts = part[c]
    n = bufs.shape[1]
    buf = np.empty((L, 4, n))
    par = np.zeros(L, np.int64)
    r0s = np.empty(L, np.int64)
    r1s = np.empty(L, np.int64)
    ok = True
    drift = 0.0
    tmax = -1
    for s in range(L):
        K = k + 1 + s if up else k - s  # the level whose X is read
        m = K - 1  # face rows of the step
        if up:
            if phase == 1:
                r0, r1 = (0 if first else lo + 2 * s), (m if last else hi)
            else:
                r0, r1 = lo, min(lo + 2 * s, m)
        else:
            if phase == 1:
                r0, r1 = lo, (m if last else min(hi - 2 * s, m))
            else:
                r0, r1 = max(lo, hi - 2 * s), min(hi, m)
        r0s[s], r1s[s] = r0, r1
        if r1 > r0:
            tmax = max(tmax, r1 - 1 + 2 * s)
    for t in range(0 if up else lo, tmax + 1):
        for s in range(L):
            i = t - 2 * s  # phase 2's rows go in the same order
            if i < r0s[s] or i >= r1s[s]:
                continue
            if up:
                K = k + 1 + s
                ix, ox, iy, oy = _place_up(offs0, b0, s)
            else:
                K = k - s
                ix, ox, iy, oy = _place_down(offs0, b0, s)
            x = bufs[ix]
            qs = buf[s]
            if i == r0s[s]:
                par[s] = 0
                o, d = _fresh(x, ox, K, i, qs[0], qs[1], probes, keep, up)
                ok &= o
                drift = max(drift, d)
            a = par[s]
            b = 2 - a
            o, d = _fresh(x, ox, K, i + 1, qs[b], qs[b + 1], probes, keep, up)
            ok &= o
            drift = max(drift, d)
            if up:
                h, bd = _up_row(planes, s, i, K, qs[a], cmod, key)
                counts[s, 0] += h
                counts[s, 1] += bd
                if i == K - 2 and last and phase == 1:  # q's last row, then its shuffling row
                    h, bd = _up_row(planes, s, K - 1, K, qs[b], cmod, key)
                    counts[s, 0] += h
                    counts[s, 1] += bd
            _face_update(
                bufs[iy][oy + i, oy : oy + K - 1], qs[a], qs[a + 1], qs[b], qs[b + 1], K - 1
            )
            par[s] = b
    flags[(phase - 1) * nch + c] = ok
    drifts[(phase - 1) * nch + c] = drift


def sweep_chunks(k, L, up, chunks, rows_per_chunk):
    """How many chunks of rows a sweep of `L` levels from level `k` is cut into (at least `chunks`, if they fit).

    A chunk is at least ``2 L + 2`` rows high (its phase-2 rows are ``2 s`` of
    step ``s``); about `rows_per_chunk` rows make the pieces of work
    (:func:`sweep_chunk`) handed to a thread, so that the sweep can be done in
    calls of a fraction of a second.
    """
    m0 = k - 1 if not up else k  # face rows of the smallest level of the sweep
    most = max(1, m0 // (2 * L + 2))
    want = max(chunks, -(-m0 // max(1, rows_per_chunk)))
    return max(1, min(most, want))


def sweep_end(offs, x_first, L, up):
    """Move the offsets and `x_first` on past a sweep of `L` levels (after :func:`sweep_chunk`'s two phases)."""
    b0 = 0 if x_first else 1
    for s in range(L):
        if up:
            it = b0 if s % 2 == 0 else 1 - b0
            offs[1 - it] -= 1
        else:
            ix = b0 if s % 2 == 0 else 1 - b0
            offs[ix] += 1
    return (not x_first) if L % 2 == 1 else x_first
