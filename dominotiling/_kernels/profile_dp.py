"""Numba kernels of the broken-profile (transfer-matrix) DP; see ``transfer.py``.

Conventions shared by every kernel here:

- ``mask`` is a C-contiguous ``bool`` array ``(rows, w)``, already oriented so that the
  sweep runs row by row over the ``w`` columns (``w`` is the narrow side).
- Cells are visited in row-major order; cell ``i`` is ``(i // w, i % w)``.
- A *profile* is an integer of ``w`` bits. Before cell ``(r, c)`` is processed, bit
  ``j`` tells whether cell ``(r, j)`` (for ``j >= c``) or ``(r + 1, j)`` (for ``j < c``)
  is already covered by a domino that sticks into it from above or from the left.
- Processing a free cell with bit ``c`` clear places a vertical domino (sets bit ``c``,
  now meaning the cell below), a horizontal one (sets bit ``c + 1``), or -- for the
  max-cover DP -- leaves it uncovered; with bit ``c`` set the cell is skipped and the
  bit cleared. Blocked cells never have their bit set and change nothing.
- The four profiles that differ only in bits ``c`` and ``c + 1`` (a *quad*) map to each
  other, so every step reads a quad and writes it back: the update is in place.
- The counting sweeps release the GIL; ``transfer.py`` runs one per thread (a
  modulus each, and the float sweep), which starts faster than a ``prange`` region
  and keeps every kernel here serial.
- Every kernel that walks over cells takes a range ``start..stop-1`` and a layer
  the caller owns, changed in place: a long sweep is a loop of short calls
  (``dominotiling/_interrupt.py``), so Ctrl-C stops it within a fraction of a
  second, and the result does not depend on how the sweep was cut.
- Narrow regions (few profiles) sweep many moduli at once, a layer of shape
  ``(2**w, K)`` whose rows hold one profile's residues for ``K`` moduli: the
  inner loop then runs over the moduli and vectorises however small ``2**w`` is.
"""

import math

import numpy as np
from numba import njit

from .arrays import copy_row

_INF = np.int32(1 << 30)


@njit(cache=True)
def _cell_moves(mask, i):
    """``(r, c, free, vertical allowed, horizontal allowed)`` for cell ``i``."""
    rows, w = mask.shape
    r = i // w
    c = i - r * w
    free = mask[r, c]
    vert = free and r + 1 < rows and mask[r + 1, c]
    horiz = free and c + 1 < w and mask[r, c + 1]
    return r, c, free, vert, horiz


#: Below this many profiles per run, quads are visited through strided views instead.
_SHORT_RUN = 8


# ------------------------------------------------------ quad updates of each semiring
# The four profiles of a quad differ in bits c and c+1 (00, 01, 10, 11). They are
# passed as four array views A, B, X, Y of equal length; the loops have no branches
# on the data and vectorise.
@njit(cache=True, inline="always")
def _min_quads(A, B, X, Y, vert, horiz):
    """Fewest uncovered cells: place vertical, horizontal, skip, or leave uncovered (+1)."""
    for i in range(A.shape[0]):
        a = A[i]
        x = X[i]
        v10 = min(Y[i], x + 1)
        if horiz:
            v10 = min(v10, a)
        A[i] = min(B[i], a + 1, _INF)
        B[i] = a if vert else _INF
        X[i] = min(v10, _INF)
        Y[i] = x if vert else _INF


@njit(cache=True, inline="always")
def _min_pairs(A, B, vert):
    for i in range(A.shape[0]):
        a = A[i]
        A[i] = min(B[i], a + 1, _INF)
        B[i] = a if vert else _INF


@njit(cache=True, inline="always")
def _count_quads(A, B, X, Y, vm, hm, p):
    """Counts modulo ``p`` (0 means 2**64); the two moves allowed or not as bit masks."""
    for i in range(A.shape[0]):
        a = A[i]
        x = X[i]
        s = Y[i] + (a & hm)
        A[i] = B[i]
        B[i] = a & vm
        X[i] = s - p if s >= p else s
        Y[i] = x & vm


@njit(cache=True, inline="always")
def _count_rows(A, B, X, Y, vm, hm, P):
    """:func:`_count_quads` for one quad of profiles and ``K`` moduli ``P`` (rows of a batch layer)."""
    for k in range(A.shape[0]):
        a = A[k]
        x = X[k]
        s = Y[k] + (a & hm)
        p = P[k]
        A[k] = B[k]
        B[k] = a & vm
        X[k] = s - p if s >= p else s
        Y[k] = x & vm


@njit(cache=True, inline="always")
def _count_pairs(A, B, vm):
    for i in range(A.shape[0]):
        a = A[i]
        A[i] = B[i]
        B[i] = a & vm


@njit(cache=True, inline="always")
def _float_quads(A, B, X, Y, vf, hf):
    """Counts in float64 (the moves as factors 0.0 or 1.0)."""
    for i in range(A.shape[0]):
        a = A[i]
        x = X[i]
        s = Y[i] + a * hf
        A[i] = B[i]
        B[i] = a * vf
        X[i] = s
        Y[i] = x * vf


@njit(cache=True, inline="always")
def _float_pairs(A, B, vf):
    for i in range(A.shape[0]):
        a = A[i]
        A[i] = B[i]
        B[i] = a * vf


# A step visits the quads of column c as contiguous runs of ``bit`` profiles, or, when
# the runs are short, as ``bit`` strided views (one long loop each instead of many
# tiny ones: the first columns would otherwise cost several times the others).
@njit(cache=True)
def _min_step(d, c, w, vert, horiz):
    """One free cell of the max-cover DP, in place (the source article's fourth case)."""
    bit = 1 << c
    if c + 1 == w:
        _min_pairs(d[:bit], d[bit : 2 * bit], vert)
    elif bit >= _SHORT_RUN:
        for b in range(0, d.shape[0], 4 * bit):
            _min_quads(
                d[b : b + bit],
                d[b + bit : b + 2 * bit],
                d[b + 2 * bit : b + 3 * bit],
                d[b + 3 * bit : b + 4 * bit],
                vert,
                horiz,
            )
    else:
        for i in range(bit):
            _min_quads(
                d[i :: 4 * bit],
                d[i + bit :: 4 * bit],
                d[i + 2 * bit :: 4 * bit],
                d[i + 3 * bit :: 4 * bit],
                vert,
                horiz,
            )


@njit(cache=True)
def _count_step(d, c, w, vert, horiz, p):
    """One free cell for one modulus ``p`` (0 means 2**64), in place on the layer ``d``."""
    bit = 1 << c
    vm = np.uint64(0xFFFFFFFFFFFFFFFF) if vert else np.uint64(0)
    hm = np.uint64(0xFFFFFFFFFFFFFFFF) if horiz else np.uint64(0)
    if c + 1 == w:
        _count_pairs(d[:bit], d[bit : 2 * bit], vm)
    elif bit >= _SHORT_RUN:
        for b in range(0, d.shape[0], 4 * bit):
            _count_quads(
                d[b : b + bit],
                d[b + bit : b + 2 * bit],
                d[b + 2 * bit : b + 3 * bit],
                d[b + 3 * bit : b + 4 * bit],
                vm,
                hm,
                p,
            )
    else:
        for i in range(bit):
            _count_quads(
                d[i :: 4 * bit],
                d[i + bit :: 4 * bit],
                d[i + 2 * bit :: 4 * bit],
                d[i + 3 * bit :: 4 * bit],
                vm,
                hm,
                p,
            )


@njit(cache=True)
def _count_step_many(d, c, w, vert, horiz, moduli):
    """:func:`_count_step` on a batch layer ``d`` of shape ``(2**w, K)``, one column per modulus."""
    bit = 1 << c
    vm = np.uint64(0xFFFFFFFFFFFFFFFF) if vert else np.uint64(0)
    hm = np.uint64(0xFFFFFFFFFFFFFFFF) if horiz else np.uint64(0)
    if c + 1 == w:
        for q in range(bit):
            _count_pairs(d[q], d[q + bit], vm)
    else:
        for b in range(0, d.shape[0], 4 * bit):
            for i in range(b, b + bit):
                _count_rows(d[i], d[i + bit], d[i + 2 * bit], d[i + 3 * bit], vm, hm, moduli)


@njit(cache=True)
def _float_count_step(d, c, w, vert, horiz):
    """:func:`_count_step` in float64, without a modulus (the approximate count)."""
    bit = 1 << c
    vf = 1.0 if vert else 0.0
    hf = 1.0 if horiz else 0.0
    if c + 1 == w:
        _float_pairs(d[:bit], d[bit : 2 * bit], vf)
    elif bit >= _SHORT_RUN:
        for b in range(0, d.shape[0], 4 * bit):
            _float_quads(
                d[b : b + bit],
                d[b + bit : b + 2 * bit],
                d[b + 2 * bit : b + 3 * bit],
                d[b + 3 * bit : b + 4 * bit],
                vf,
                hf,
            )
    else:
        for i in range(bit):
            _float_quads(
                d[i :: 4 * bit],
                d[i + bit :: 4 * bit],
                d[i + 2 * bit :: 4 * bit],
                d[i + 3 * bit :: 4 * bit],
                vf,
                hf,
            )


# --------------------------------------------------------------------- exact counts
@njit(cache=True, nogil=True)
def advance_mod(mask, layer, modulus, start, stop):
    """Advance a count layer (uint64 residues mod ``modulus``; 0 means 2**64) over cells ``start..stop-1``.

    In place; the layer before cell 0 is ``1`` at profile 0 and ``0`` elsewhere,
    and after the last cell ``layer[0]`` is the number of tilings mod ``modulus``.
    Releases the GIL: the caller runs one modulus per thread.
    """
    w = mask.shape[1]
    for i in range(start, stop):
        r, c, free, vert, horiz = _cell_moves(mask, i)
        if free:
            _count_step(layer, c, w, vert, horiz, modulus)


@njit(cache=True, nogil=True)
def advance_mod_many(mask, layers, moduli, start, stop):
    """:func:`advance_mod` for ``K`` moduli at once: ``layers`` uint64 ``(2**w, K)``, ``moduli`` uint64 ``(K,)``."""
    w = mask.shape[1]
    for i in range(start, stop):
        r, c, free, vert, horiz = _cell_moves(mask, i)
        if free:
            _count_step_many(layers, c, w, vert, horiz, moduli)


_SMALLEST_NORMAL = 2.2250738585072014e-308
#: Above this a row's sums may have overflowed (a row of a width-22 layer multiplies by at most
#: a few dozen weights; the caller brings the weights near 1 first).
_LARGEST_SAFE = 2.0**1000


@njit(cache=True, nogil=True)
def advance_float(mask, layer, start, stop, scale):
    """Advance a float64 count layer over cells ``start..stop-1``, rescaled by powers of two.

    At the end of each row the layer is divided by ``2**e`` (exact) so that its
    largest entry lies in ``[0.5, 1)``; ``scale[0]`` (int64) accumulates the
    ``e``'s, so the count is ``layer[0] * 2**scale[0]`` at the end. Returns False
    when an entry fell below the normal range of float64 (then a term may have
    been rounded away and the error bound of ``transfer.py`` does not hold),
    True otherwise. Releases the GIL.
    """
    w = mask.shape[1]
    ok = True
    for i in range(start, stop):
        r, c, free, vert, horiz = _cell_moves(mask, i)
        if free:
            _float_count_step(layer, c, w, vert, horiz)
        if c == w - 1:
            top = layer.max()
            if top > 0.0:
                e = math.frexp(top)[1]
                factor = math.ldexp(1.0, -e)
                for k in range(layer.shape[0]):
                    v = layer[k] * factor
                    if v != 0.0 and v < _SMALLEST_NORMAL:
                        ok = False
                    layer[k] = v
                scale[0] += e
    return ok


@njit(cache=True)
def _normalize(layer):
    top = layer.max()
    if top > 0.0:
        layer /= top


@njit(cache=True)
def forward_min(mask, layer, start, stop):
    """Advance a max-cover layer (int32, in place) over cells ``start..stop-1``."""
    w = mask.shape[1]
    for i in range(start, stop):
        r, c, free, vert, horiz = _cell_moves(mask, i)
        if free:
            _min_step(layer, c, w, vert, horiz)


@njit(cache=True)
def layers_min(mask, out, start, lo, hi):
    """Fill the max-cover layers after cells ``lo..hi-1`` of ``out``, whose row 0 is the layer before ``start``.

    ``out[j]`` is the layer before cell ``start + j``; rows up to ``lo - start`` must
    be filled already (call with consecutive ranges ``lo..hi`` from ``start``).
    """
    w = mask.shape[1]
    for i in range(lo, hi):
        r, c, free, vert, horiz = _cell_moves(mask, i)
        copy_row(out, i - start + 1, i - start)
        if free:
            _min_step(out[i - start + 1], c, w, vert, horiz)


@njit(cache=True)
def forward_float(mask, layer, start, stop):
    """Advance a float count layer in place over cells ``start..stop-1``, rescaled per row."""
    w = mask.shape[1]
    for i in range(start, stop):
        r, c, free, vert, horiz = _cell_moves(mask, i)
        if free:
            _float_count_step(layer, c, w, vert, horiz)
        if c == w - 1:
            _normalize(layer)


@njit(cache=True)
def layers_float(mask, out, start, lo, hi):
    """:func:`layers_min` for the float count layers (rescaled at each row's end)."""
    w = mask.shape[1]
    for i in range(lo, hi):
        r, c, free, vert, horiz = _cell_moves(mask, i)
        copy_row(out, i - start + 1, i - start)
        if free:
            _float_count_step(out[i - start + 1], c, w, vert, horiz)
        if c == w - 1:
            _normalize(out[i - start + 1])


# ------------------------------------------------------------------------ backtrack
@njit(cache=True)
def backtrack(mask, layers, start, stop, state, labels, next_id, uniforms, mode):
    """Walk back from profile ``state`` after cell ``stop-1`` to the layer before ``start``.

    ``layers[j]`` is the layer before cell ``start + j``. ``mode`` 0 follows the
    max-cover costs (any optimal predecessor, deterministic), mode 1 draws each
    predecessor with probability proportional to its count, using ``uniforms[i]``
    for cell ``i``. Dominoes are written into ``labels`` (``-2`` marks cells left
    uncovered). Returns ``(state before start, next free domino id)``.
    """
    for i in range(stop - 1, start - 1, -1):
        r, c, free, vert, horiz = _cell_moves(mask, i)
        if not free:
            continue
        before = layers[i - start]
        bit = 1 << c
        hbit = bit << 1
        if state & bit:  # the cell was covered by a vertical domino placed here
            state ^= bit
            labels[r, c] = next_id
            labels[r + 1, c] = next_id
            next_id += 1
            continue
        skip = state | bit
        can_h = horiz and (state & hbit) != 0
        if mode == 0:
            v = layers[i - start + 1][state]
            if before[skip] == v:
                state = skip
            elif can_h and before[state ^ hbit] == v:
                state ^= hbit
                labels[r, c] = next_id
                labels[r, c + 1] = next_id
                next_id += 1
            else:  # left uncovered: before[state] + 1 == v
                labels[r, c] = -2
        else:
            w_skip = before[skip]
            w_h = before[state ^ hbit] if can_h else 0.0
            if uniforms[i] * (w_skip + w_h) < w_skip:
                state = skip
            else:
                state ^= hbit
                labels[r, c] = next_id
                labels[r, c + 1] = next_id
                next_id += 1
    return state, next_id


# ------------------------------------------------------------------ weighted sweeps
# The weighted kernels take the weights as two arrays ``H`` and ``V`` of the mask's
# shape (padded): ``H[r, c]`` is the weight of the horizontal domino on
# ``(r, c)-(r, c + 1)``, ``V[r, c]`` that of the vertical one on ``(r, c)-(r + 1, c)``;
# a placement the mask does not allow has weight 0 (-inf in the max-plus kernels).
# The moves are those of the uniform kernels, each multiplied by its weight.
_LOW32 = np.uint64(0xFFFFFFFF)


@njit(cache=True, inline="always")
def _redc(t, p, pneg):
    """Montgomery reduction: ``t * 2**-32 mod p`` for ``t < p * 2**32``, ``p < 2**31``, ``pneg = -p**-1 mod 2**32``.

    Multiplications, a shift and one comparison (no division), so the loops
    over moduli vectorise: ``t + m * p < 2**62 + 2**63`` fits in a word.
    """
    m = ((t & _LOW32) * pneg) & _LOW32
    u = (t + m * p) >> np.uint64(32)
    return u - p if u >= p else u


@njit(cache=True, nogil=True)
def advance_weighted_mod(mask, layers, H, V, moduli, pneg, start, stop):
    """Advance ``K`` weighted count layers over cells ``start..stop-1``, in Montgomery form.

    ``layers`` uint64 ``(2**w, K)`` (column ``k`` for ``moduli[k]``); ``H``/``V``
    uint64 ``(rows, w, K)`` the weights' residues times ``2**32`` mod the modulus
    (Montgomery form); ``moduli`` uint64 ``(K,)`` primes below ``2**31``;
    ``pneg[k] = -moduli[k]**-1 mod 2**32``. Entries are ``value * 2**32 mod p``:
    the layer before cell 0 holds ``2**32 mod p`` at profile 0. In place.
    """
    rows, w = mask.shape
    K = moduli.shape[0]
    n = layers.shape[0]
    for i in range(start, stop):
        r = i // w
        c = i - r * w
        if not mask[r, c]:
            continue
        bit = 1 << c
        hv = H[r, c]
        vv = V[r, c]
        if c + 1 == w:
            for q in range(bit):
                A = layers[q]
                B = layers[q + bit]
                for k in range(K):
                    a = A[k]
                    A[k] = B[k]
                    B[k] = _redc(a * vv[k], moduli[k], pneg[k])
        else:
            for b in range(0, n, 4 * bit):
                for q in range(b, b + bit):
                    A = layers[q]
                    B = layers[q + bit]
                    X = layers[q + 2 * bit]
                    Y = layers[q + 3 * bit]
                    for k in range(K):
                        p = moduli[k]
                        pn = pneg[k]
                        a = A[k]
                        x = X[k]
                        s = Y[k] + _redc(a * hv[k], p, pn)
                        A[k] = B[k]
                        B[k] = _redc(a * vv[k], p, pn)
                        X[k] = s - p if s >= p else s
                        Y[k] = _redc(x * vv[k], p, pn)


@njit(cache=True, inline="always")
def _weighted_float_step(d, c, w, hv, vv):
    bit = 1 << c
    n = d.shape[0]
    if c + 1 == w:
        for q in range(bit):
            a = d[q]
            d[q] = d[q + bit]
            d[q + bit] = a * vv
    else:
        for b in range(0, n, 4 * bit):
            for q in range(b, b + bit):
                a = d[q]
                x = d[q + 2 * bit]
                d[q + 2 * bit] = d[q + 3 * bit] + a * hv
                d[q] = d[q + bit]
                d[q + bit] = a * vv
                d[q + 3 * bit] = x * vv


@njit(cache=True, nogil=True)
def advance_weighted_float(mask, layer, H, V, start, stop, scale):
    """:func:`advance_float` with float64 weights ``H``, ``V`` ``(rows, w)``: one multiplication and one addition per entry and cell."""
    rows, w = mask.shape
    ok = True
    for i in range(start, stop):
        r = i // w
        c = i - r * w
        if mask[r, c]:
            _weighted_float_step(layer, c, w, H[r, c], V[r, c])
        if c == w - 1:
            top = layer.max()
            if top > 0.0:
                if top < _SMALLEST_NORMAL or top > _LARGEST_SAFE:  # digits lost (or about to be)
                    ok = False
                e = math.frexp(top)[1]
                # 2**-e in two halves: a subnormal top has e < -1022, and 2**-e alone overflows
                half = -e // 2
                f1 = math.ldexp(1.0, half)
                f2 = math.ldexp(1.0, -e - half)
                for k in range(layer.shape[0]):
                    v = (layer[k] * f1) * f2
                    if v != 0.0 and v < _SMALLEST_NORMAL:
                        ok = False
                    layer[k] = v
                scale[0] += e
            elif not ok_zero(layer):
                ok = False
    return ok


@njit(cache=True, inline="always")
def ok_zero(layer):
    """True when the all-zero `layer` is an exact zero (no entry is NaN)."""
    for k in range(layer.shape[0]):
        if layer[k] != 0.0:
            return False
    return True


@njit(cache=True)
def layers_weighted_float(mask, out, H, V, start, lo, hi):
    """:func:`layers_float` with weights (each layer rescaled so that its largest entry is 1 at a row's end)."""
    w = mask.shape[1]
    for i in range(lo, hi):
        r = i // w
        c = i - r * w
        copy_row(out, i - start + 1, i - start)
        if mask[r, c]:
            _weighted_float_step(out[i - start + 1], c, w, H[r, c], V[r, c])
        if c == w - 1:
            _normalize(out[i - start + 1])


@njit(cache=True, inline="always")
def _maxplus_step(d, c, w, hv, vv, uncovered):
    """One free cell in the max-plus semiring: skip, vertical (+V), horizontal (+H), or uncovered (+0) if allowed."""
    bit = 1 << c
    n = d.shape[0]
    if c + 1 == w:
        for q in range(bit):
            a = d[q]
            b = d[q + bit]
            d[q] = max(b, a) if uncovered else b
            d[q + bit] = a + vv
    else:
        for b0 in range(0, n, 4 * bit):
            for q in range(b0, b0 + bit):
                a = d[q]
                b = d[q + bit]
                x = d[q + 2 * bit]
                y = d[q + 3 * bit]
                d[q] = max(b, a) if uncovered else b
                d[q + bit] = a + vv
                t = max(y, a + hv)
                d[q + 2 * bit] = max(t, x) if uncovered else t
                d[q + 3 * bit] = x + vv


@njit(cache=True)
def layers_maxplus(mask, out, H, V, uncovered, start, lo, hi):
    """Max-plus layers (float64; -inf: unreachable) after cells ``lo..hi-1``, as :func:`layers_min`."""
    w = mask.shape[1]
    for i in range(lo, hi):
        r = i // w
        c = i - r * w
        copy_row(out, i - start + 1, i - start)
        if mask[r, c]:
            _maxplus_step(out[i - start + 1], c, w, H[r, c], V[r, c], uncovered)


@njit(cache=True)
def forward_maxplus(mask, layer, H, V, uncovered, start, stop):
    """Advance a max-plus layer in place over cells ``start..stop-1``."""
    w = mask.shape[1]
    for i in range(start, stop):
        r = i // w
        c = i - r * w
        if mask[r, c]:
            _maxplus_step(layer, c, w, H[r, c], V[r, c], uncovered)


@njit(cache=True)
def backtrack_weighted(
    mask, layers, H, V, start, stop, state, labels, next_id, uniforms, mode, uncovered
):
    """:func:`backtrack` with weights: mode 1 samples (float counts, ``H`` factors), mode 2 follows the max-plus layers."""
    w = mask.shape[1]
    for i in range(stop - 1, start - 1, -1):
        r = i // w
        c = i - r * w
        if not mask[r, c]:
            continue
        before = layers[i - start]
        bit = 1 << c
        hbit = bit << 1
        if state & bit:  # a vertical domino placed here
            state ^= bit
            labels[r, c] = next_id
            labels[r + 1, c] = next_id
            next_id += 1
            continue
        skip = state | bit
        can_h = c + 1 < w and (state & hbit) != 0
        if mode == 2:
            v = layers[i - start + 1][state]
            if before[skip] == v:
                state = skip
            elif can_h and before[state ^ hbit] + H[r, c] == v:
                state ^= hbit
                labels[r, c] = next_id
                labels[r, c + 1] = next_id
                next_id += 1
            else:  # left uncovered: before[state] == v
                labels[r, c] = -2
        else:
            w_skip = before[skip]
            w_h = before[state ^ hbit] * H[r, c] if can_h else 0.0
            if uniforms[i] * (w_skip + w_h) < w_skip:
                state = skip
            else:
                state ^= hbit
                labels[r, c] = next_id
                labels[r, c + 1] = next_id
                next_id += 1
    return state, next_id
